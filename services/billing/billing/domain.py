"""Billing rules without I/O: plans and limits, credential formats, quota kinds, billing
periods, and the mapping of billing-provider objects onto organizations."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from kit.errors import ServiceError, validation_error
from kit.ids import random_base62

PLANS = ("free", "starter", "pro", "business")
PAID_PLANS = ("starter", "pro", "business")
STATUSES = ("ACTIVE", "PAST_DUE", "SUSPENDED")
QUOTAS = ("apps", "slideshows_per_month", "hook_refreshes")

API_KEY_PREFIX = "sk_live_"
API_KEY_RE = re.compile(r"^sk_live_[A-Za-z0-9]{40}$")
SESSION_PREFIX = "st_"
SESSION_RE = re.compile(r"^st_[A-Za-z0-9_-]{43}$")
EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
MIN_PASSWORD = 8
MAX_PASSWORD = 256

# The `apps` quota counts live apps, not a period's activity: one counter row per organization.
LIFETIME_PERIOD = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class PlanLimits:
    apps: int
    slideshows_per_month: int
    hook_refreshes_per_month: int
    api_keys: bool
    publishing: bool
    requests_per_minute: int

    def quota_limit(self, quota: str) -> int:
        return {
            "apps": self.apps,
            "slideshows_per_month": self.slideshows_per_month,
            "hook_refreshes": self.hook_refreshes_per_month,
        }[quota]


DEFAULT_PLANS: dict[str, PlanLimits] = {
    "free": PlanLimits(1, 10, 0, False, False, 60),
    "starter": PlanLimits(3, 100, 31, False, False, 60),
    "pro": PlanLimits(10, 500, 62, True, True, 120),
    "business": PlanLimits(50, 5000, 310, True, True, 600),
}


def plan_table(overrides: dict[str, dict[str, Any]]) -> dict[str, PlanLimits]:
    table = dict(DEFAULT_PLANS)
    for plan, fields in overrides.items():
        if plan not in table:
            raise ValueError(f"PLAN_LIMITS names unknown plan {plan!r}")
        unknown = set(fields) - set(asdict(table[plan]))
        if unknown:
            raise ValueError(f"PLAN_LIMITS for {plan!r} has unknown fields {sorted(unknown)}")
        table[plan] = replace(table[plan], **fields)
    return table


def plan_rank(plan: str) -> int:
    return PLANS.index(plan) if plan in PLANS else -1


def check_plan(plan: str, field: str = "plan") -> str:
    value = (plan or "").strip().lower()
    if value not in PLANS:
        raise validation_error([(field, f"must be one of {', '.join(PLANS)}")])
    return value


def check_checkout_plan(plan: str) -> str:
    """A plan one can buy through Checkout: a paid one."""
    value = (plan or "").strip().lower()
    if value not in PAID_PLANS:
        raise validation_error([("plan", f"must be one of {', '.join(PAID_PLANS)}")])
    return value


MAX_REDIRECT_URL = 2048


def check_redirect_url(url: str, field: str, public_base_url: str, default_path: str) -> str:
    """A Checkout/Portal redirect: an absolute http(s) URL on the public base URL's host (so
    Stripe never sends a paying customer, with a session id in the query, to another site);
    empty = the public base URL plus `default_path`."""
    base = urlsplit(public_base_url)
    if not url:
        return public_base_url.rstrip("/") + default_path
    problem = ""
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        parts, host = None, None
    if len(url) > MAX_REDIRECT_URL:
        problem = f"must be at most {MAX_REDIRECT_URL} characters"
    elif parts is None or parts.scheme not in ("http", "https") or not host:
        problem = "must be an absolute http(s) URL"
    elif parts.username is not None or parts.password is not None or any(c in url for c in "\\\r\n\t "):
        problem = "must be a plain URL (no credentials, spaces or backslashes)"
    elif host != (base.hostname or "").lower():
        problem = f"must be on {base.hostname}"
    elif base.scheme == "https" and parts.scheme != "https":
        problem = "must use https"
    if problem:
        raise validation_error([(field, problem)])
    return url


def checkout_conflict(
    plan: str, org_plan: str, org_status: str, live_subscription: str
) -> ServiceError | None:
    """Why an organization may not start a Checkout for `plan` (CONFLICT), or None. An
    organization with a live subscription changes plan in the Billing Portal, never through a
    second subscription; a suspended one may buy any paid plan, its last one included."""
    if live_subscription:
        return ServiceError(
            "CONFLICT",
            "This organization already has a subscription; change the plan in the Billing Portal "
            "(POST /v0/api/v1/billing/portal).",
            {"subscription_id": live_subscription},
        )
    if org_status != "SUSPENDED" and plan == org_plan:
        return ServiceError("CONFLICT", f"This organization is already on the {plan} plan.", {"plan": plan})
    return None


def check_quota(quota: str) -> str:
    if quota not in QUOTAS:
        raise validation_error([("quota", f"must be one of {', '.join(QUOTAS)}")])
    return quota


def check_amount(amount: int) -> int:
    if amount < 0 or amount > 1_000_000:
        raise validation_error([("amount", "must be between 1 and 1000000")])
    return amount or 1


def check_org_name(name: str, field: str = "name") -> str:
    value = (name or "").strip()
    if not 1 <= len(value) <= 200:
        raise validation_error([(field, "must be 1-200 characters")])
    return value


def check_key_name(name: str) -> str:
    value = (name or "").strip() or "default"
    if len(value) > 100:
        raise validation_error([("name", "must be at most 100 characters")])
    return value


def normalize_email(email: str) -> str:
    value = (email or "").strip().lower()
    if len(value) > 254 or not EMAIL_RE.match(value):
        raise validation_error([("email", "must be a valid e-mail address")])
    return value


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password or "") <= MAX_PASSWORD:
        raise validation_error([("password", f"must be {MIN_PASSWORD}-{MAX_PASSWORD} characters")])
    return password


def check_rate_limit(value: int) -> int:
    if value < 0 or value > 1_000_000:
        raise validation_error([("requests_per_minute", "must be between 0 (plan default) and 1000000")])
    return value


def new_api_key() -> str:
    return API_KEY_PREFIX + random_base62(40)


def new_session_token() -> str:
    return SESSION_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    # Keys and session tokens carry >= 238 bits of entropy, so a fast hash is safe and
    # lets the lookup use an index instead of a slow KDF per request.
    return hashlib.sha256(token.encode()).hexdigest()


def key_display_prefix(key: str) -> str:
    return key[: len(API_KEY_PREFIX) + 4]


def token_kind(token: str) -> str:
    """ "api_key", "session" or "" (malformed)."""
    if API_KEY_RE.match(token):
        return "api_key"
    if SESSION_RE.match(token):
        return "session"
    return ""


def authorize(
    kind: str, plan: str, status: str, limits: PlanLimits, *, billing_access: bool = False, role: str = ""
) -> None:
    """Refuses a principal its organization's state shuts out. `billing_access`: the call is one
    of those an organization needs to pay (checkout, portal, usage, organization), where a
    suspended organization's owner, signed in, is let through."""
    if status == "SUSPENDED" and not (billing_access and kind == "session" and role == "owner"):
        raise ServiceError(
            "ORGANIZATION_SUSPENDED",
            "This organization is suspended; renew the subscription to restore access.",
        )
    if kind == "api_key" and not limits.api_keys:
        raise ServiceError("PLAN_LACKS_API", "API keys require the Pro or Business plan.")


def requests_per_minute(override: int, limits: PlanLimits) -> int:
    return override if override > 0 else limits.requests_per_minute


def calendar_month(now: datetime) -> tuple[datetime, datetime]:
    start = datetime(now.year, now.month, 1, tzinfo=UTC)
    end = datetime(now.year + (now.month == 12), now.month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def billing_period(
    now: datetime, sub_start: datetime | None, sub_end: datetime | None
) -> tuple[datetime, datetime]:
    """The subscription's current period while it covers `now`, else the calendar month (UTC)."""
    if sub_start and sub_end and sub_start <= now < sub_end:
        return sub_start, sub_end
    return calendar_month(now)


def counter_period(quota: str, period_start: datetime) -> datetime:
    return LIFETIME_PERIOD if quota == "apps" else period_start


# --- billing-provider (Stripe) objects -------------------------------------------------

# Subscription status -> organization status. Canceled is handled as suspension.
_ORG_STATUS = {
    "active": "ACTIVE",
    "trialing": "ACTIVE",
    "past_due": "PAST_DUE",
    "unpaid": "PAST_DUE",
    "incomplete": "PAST_DUE",
    "canceled": "SUSPENDED",
    "incomplete_expired": "SUSPENDED",
}
# Subscription status -> the local subscription states of the spec.
_SUB_STATUS = {
    "active": "ACTIVE",
    "trialing": "TRIALING",
    "past_due": "PAST_DUE",
    "unpaid": "PAST_DUE",
    "incomplete": "PAST_DUE",
    "canceled": "CANCELED",
    "incomplete_expired": "CANCELED",
}


def org_status_for(sub_status: str) -> str:
    return _ORG_STATUS.get(sub_status, "ACTIVE")


def sub_status_for(sub_status: str) -> str:
    return _SUB_STATUS.get(sub_status, "ACTIVE")


def plan_from_price(price: dict[str, Any]) -> str:
    for candidate in (price.get("lookup_key"), (price.get("metadata") or {}).get("plan")):
        if not isinstance(candidate, str):
            continue
        value = candidate.strip().lower()
        for plan in PAID_PLANS:
            if value == plan or value.startswith((plan + "_", plan + "-")):
                return plan
    return ""


def subscription_plan(sub: dict[str, Any]) -> str:
    """Plan of the first subscription item, "" when it names none."""
    items = ((sub.get("items") or {}).get("data")) or []
    if items and isinstance(items[0], dict):
        return plan_from_price(items[0].get("price") or {})
    return plan_from_price(sub.get("plan") or {})


def _ts(value: Any) -> datetime | None:
    if isinstance(value, int | float) and value > 0:
        return datetime.fromtimestamp(value, tz=UTC)
    return None


def subscription_period(sub: dict[str, Any]) -> tuple[datetime | None, datetime | None]:
    """Current period of a subscription (on the object, or on its first item in newer API versions)."""
    start, end = _ts(sub.get("current_period_start")), _ts(sub.get("current_period_end"))
    if start and end:
        return start, end
    items = ((sub.get("items") or {}).get("data")) or []
    if items and isinstance(items[0], dict):
        return _ts(items[0].get("current_period_start")), _ts(items[0].get("current_period_end"))
    return None, None


def invoice_period(invoice: dict[str, Any]) -> tuple[datetime | None, datetime | None]:
    """Service period the invoice pays for: its first line's period, else the invoice's own."""
    lines = ((invoice.get("lines") or {}).get("data")) or []
    if lines and isinstance(lines[0], dict):
        period = lines[0].get("period") or {}
        start, end = _ts(period.get("start")), _ts(period.get("end"))
        if start and end and start < end:
            return start, end
    start, end = _ts(invoice.get("period_start")), _ts(invoice.get("period_end"))
    if start and end and start < end:
        return start, end
    return None, None


def format_amount(amount_minor: int, currency: str) -> str:
    # Zero-decimal currencies (JPY, KRW, ...) are rare here; two decimals is the common case.
    zero_decimal = {
        "bif",
        "clp",
        "djf",
        "gnf",
        "jpy",
        "kmf",
        "krw",
        "mga",
        "pyg",
        "rwf",
        "ugx",
        "vnd",
        "vuv",
        "xaf",
        "xof",
        "xpf",
    }
    cur = (currency or "usd").lower()
    if cur in zero_decimal:
        return f"{amount_minor} {cur.upper()}"
    return f"{amount_minor / 100:.2f} {cur.upper()}"


def payment_failed_mail(org_name: str, amount_due: int, currency: str) -> tuple[str, str]:
    amount = format_amount(amount_due, currency)
    subject = f"Payment failed: {amount} due"
    body = (
        f"Hello,\n\nThe latest payment for {org_name} failed. Amount due: {amount}.\n"
        "Your organization keeps access for now; please update your payment method.\n"
    )
    return subject, body


def suspension_mail(org_name: str) -> tuple[str, str]:
    subject = "Your organization has been suspended"
    body = (
        f"Hello,\n\nThe subscription of {org_name} was canceled, so the organization is suspended.\n"
        "API access is blocked until a new subscription starts or a payment succeeds.\n"
    )
    return subject, body


def iso_ms(moment: datetime) -> str:
    """UTC ISO 8601 with milliseconds, as every timestamp of the API: 2026-11-22T14:13:20.000Z."""
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def quota_exceeded(
    quota: str, limit: int, used: int, plan: str, period: tuple[datetime, datetime]
) -> ServiceError:
    """402 QUOTA_EXCEEDED, with the figures of the quota.exceeded event (when the period ends,
    a period quota is available again)."""
    return ServiceError(
        "QUOTA_EXCEEDED",
        f"The {quota} quota of the {plan} plan ({limit}) is used up.",
        {
            "quota": quota,
            "limit": limit,
            "used": used,
            "plan": plan,
            "period_start": iso_ms(period[0]),
            "period_end": iso_ms(period[1]),
        },
    )


# --- what the store hands out (rows never leave store.py) and the domain events ------------


@dataclass(frozen=True, slots=True)
class Organization:
    id: str
    name: str
    plan: str
    status: str
    stripe_customer_id: str | None
    rate_limit_override: int
    period_start: datetime | None
    period_end: datetime | None
    created_at: datetime | None


@dataclass(frozen=True, slots=True)
class Subscription:
    id: str
    organization_id: str
    status: str
    plan: str
    current_period_start: datetime | None
    current_period_end: datetime | None
    event_created: int


@dataclass(frozen=True, slots=True)
class ApiKey:
    id: str
    organization_id: str
    name: str
    prefix: str
    created_at: datetime | None
    revoked_at: datetime | None
    last_used_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class User:
    id: str
    organization_id: str
    email: str
    password_hash: str
    role: str


@dataclass(frozen=True, slots=True)
class Principal:
    """Who a key or session token stands for: its organization, the key or session id, and (for
    a session) the user's role."""

    organization: Organization
    principal_id: str
    role: str = ""


@dataclass(frozen=True, slots=True)
class Mail:
    """A queued e-mail (the mail worker's)."""

    id: int
    organization_id: str | None
    kind: str
    to_addr: str
    subject: str
    body: str
    attempts: int


@dataclass(frozen=True, slots=True)
class OrganizationChanged:
    """An organization's plan, status, customer or limits changed (or it was created); `limits`
    are its plan's (the plan table is configuration)."""

    organization: Organization
    limits: PlanLimits

    @property
    def organization_id(self) -> str:
        return self.organization.id


@dataclass(frozen=True, slots=True)
class ApiKeyRevoked:
    organization_id: str
    key_id: str


@dataclass(frozen=True, slots=True)
class QuotaExceeded:
    """The first refused consume of a quota in a period."""

    organization_id: str
    quota: str
    limit: int
    used: int
    plan: str
    period_start: datetime
    period_end: datetime


def org_not_found(org_id: str) -> ServiceError:
    return ServiceError("ORGANIZATION_NOT_FOUND", f"No organization {org_id!r}.")


def key_not_found(key_id: str) -> ServiceError:
    return ServiceError("KEY_NOT_FOUND", f"No API key {key_id!r}.")


def payments_not_configured() -> ServiceError:
    """Checkout and the portal without a Stripe secret key."""
    return ServiceError(
        "UNAVAILABLE",
        "Self-serve billing is not available: Stripe is not configured on this server "
        "(STRIPE_SECRET_KEY is unset).",
    )

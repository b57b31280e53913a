"""Billing's use cases, one function each: plain values in, domain objects out.

Called by the gRPC adapter (server.py) and by anything else that drives billing. Writes go through
a unit of work (kit.uow): open it, decide with the domain, record the domain events, commit; the
unit writes the events to the outbox and runs the after-commit hooks (the WatchPrincipals streams)
once committed. Remote calls (Stripe) and slow work (password hashing) happen outside any unit.
Reads of one statement go through the `Reads` port (autocommit). No gRPC, SQL or protobuf here
(import-linter). The billing-provider intake (signed Stripe events) stays in intake.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeAlias

from kit import ids, logs, throttle
from kit.errors import ServiceError
from kit.uow import UnitOfWork

from billing import domain

log = logs.get(__name__)

TOO_MANY_ATTEMPTS = "Too many attempts from this address; try again later."


# --- ports ---------------------------------------------------------------------------------


class OrganizationRepository(Protocol):
    async def add(self, org_id: str, name: str, plan: str) -> domain.Organization: ...

    async def get(self, org_id: str, *, lock: bool = False) -> domain.Organization | None: ...

    async def update(self, org_id: str, **values: Any) -> domain.Organization | None: ...


class UserRepository(Protocol):
    async def add(self, user_id: str, org_id: str, email: str, password_hash: str) -> bool:
        """False when the e-mail is taken."""
        ...


class SessionRepository(Protocol):
    async def add(
        self, session_id: str, org_id: str, user_id: str, token_hash: str, expires_at: datetime
    ) -> None: ...

    async def revoke(self, token_hash: str) -> None: ...


class ApiKeyRepository(Protocol):
    async def add(self, key_id: str, org_id: str, name: str, key_hash: str, prefix: str) -> domain.ApiKey: ...

    async def revoke(self, key_id: str, org_id: str | None) -> tuple[domain.ApiKey | None, bool]:
        """(the key, newly revoked); org_id None: any organization's key (an operator's)."""
        ...

    async def record_use(self, uses: list[tuple[str, datetime]]) -> None: ...


class AttemptRepository(Protocol):
    """Throttled attempts per subject (failed logins, sign-ups)."""

    async def lock(self, subjects: list[str]) -> None:
        """Serializes the subjects' check-and-record until the unit ends."""
        ...

    async def forget_before(self, subject: str, before: datetime) -> None: ...

    async def since(self, subject: str, since: datetime) -> list[datetime]: ...

    async def add(self, subjects: list[str], at: datetime) -> list[int]: ...

    async def remove(self, attempt_ids: list[int]) -> None: ...

    async def clear(self, subject: str) -> None: ...


class QuotaRepository(Protocol):
    async def ensure_counter(self, org_id: str, quota: str, period_start: datetime) -> None: ...

    async def claim_op(self, org_id: str, op: str, key: str) -> bool:
        """Records an idempotency key; False when that op already happened."""
        ...

    async def has_op(self, org_id: str, op: str, key: str) -> bool: ...

    async def unclaim_op(self, org_id: str, op: str, key: str) -> None: ...

    async def try_consume(
        self, org_id: str, quota: str, period_start: datetime, amount: int, limit: int
    ) -> int | None:
        """The new count, or None when `amount` more would pass `limit` (nothing consumed)."""
        ...

    async def release(self, org_id: str, quota: str, period_start: datetime, amount: int) -> int: ...

    async def used(self, org_id: str, quota: str, period_start: datetime) -> int: ...

    async def first_notice(self, org_id: str, quota: str, period_start: datetime) -> bool: ...


class Repositories(Protocol):
    @property
    def organizations(self) -> OrganizationRepository: ...

    @property
    def users(self) -> UserRepository: ...

    @property
    def sessions(self) -> SessionRepository: ...

    @property
    def api_keys(self) -> ApiKeyRepository: ...

    @property
    def attempts(self) -> AttemptRepository: ...

    @property
    def quotas(self) -> QuotaRepository: ...


class Reads(Protocol):
    """Reads outside any unit of work (store.Reads: one statement each, autocommit)."""

    async def organization(self, org_id: str) -> domain.Organization | None: ...

    async def organization_with_subscription(
        self, org_id: str
    ) -> tuple[domain.Organization, domain.Subscription | None] | None: ...

    async def active_organizations(self, plans: list[str]) -> list[domain.Organization]: ...

    async def principal_by_key_hash(self, key_hash: str) -> domain.Principal | None: ...

    async def principal_by_session_hash(self, token_hash: str) -> domain.Principal | None: ...

    async def api_keys(self, org_id: str) -> list[domain.ApiKey]: ...

    async def user_by_email(self, email: str) -> domain.User | None: ...

    async def usage(
        self,
        org_id: str,
        periods: Callable[[domain.Organization], dict[str, datetime]],
        likely_starts: Sequence[datetime] = (),
    ) -> tuple[domain.Organization, dict[str, int]] | None:
        """The organization and its use of each quota in the periods `periods(org)` names
        ({quota: period start}); None without such an organization. `likely_starts`: the starts
        periods() names for an organization without a current subscription period (a hint: the
        answer is the same without it, it may only cost a second statement)."""
        ...

    async def live_subscription(self, org_id: str) -> domain.Subscription | None: ...

    async def owner_email(self, org_id: str) -> str: ...


class Passwords(Protocol):
    """Password hashing (slow: off the event loop)."""

    async def hash(self, password: str) -> str: ...

    async def verify(self, password_hash: str | None, password: str) -> bool:
        """None (no such user): spends the same time, answers False."""
        ...


class StripeSession(Protocol):
    """A Checkout or Billing Portal Session: its id and where to send the customer."""

    @property
    def id(self) -> str: ...

    @property
    def url(self) -> str: ...


class Payments(Protocol):
    """Stripe Checkout and the Billing Portal (payments.Payments; remote calls)."""

    @property
    def configured(self) -> bool: ...

    async def price_for(self, plan: str) -> str: ...

    async def create_checkout(
        self,
        *,
        organization_id: str,
        plan: str,
        price_id: str,
        success_url: str,
        cancel_url: str,
        customer_id: str,
        customer_email: str,
    ) -> StripeSession: ...

    async def create_portal(self, *, customer_id: str, return_url: str) -> StripeSession: ...


BillingUnitOfWork: TypeAlias = UnitOfWork[Repositories]


@dataclass(frozen=True, slots=True)
class Rules:
    """Configuration the use cases apply (from billing.settings.Settings: `Rules.of(settings)`)."""

    plans: Mapping[str, domain.PlanLimits] = field(default_factory=lambda: dict(domain.DEFAULT_PLANS))
    session_days: int = 30
    login_window_seconds: int = 900
    login_max_failures_per_email: int = 10
    login_max_failures_per_ip: int = 100
    login_backoff_after_failures: int = 5
    signup_window_seconds: int = 3600
    signup_max_per_ip: int = 10
    public_base_url: str = "http://localhost:8080"
    checkout_success_path: str = "/console/usage?checkout=success&session_id={CHECKOUT_SESSION_ID}"
    checkout_cancel_path: str = "/console/usage?checkout=canceled"
    portal_return_path: str = "/console/usage"

    @classmethod
    def of(cls, settings: Any) -> Rules:
        """From an object with the Settings' fields (plan_limits overrides the plan table)."""
        names = [f for f in cls.__dataclass_fields__ if f != "plans"]
        return cls(plans=domain.plan_table(settings.plan_limits), **{n: getattr(settings, n) for n in names})

    def limits(self, org: domain.Organization) -> domain.PlanLimits:
        return self.plans[org.plan]


# --- results ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IssuedKey:
    """A new API key and its secret (shown once, stored only hashed)."""

    key: domain.ApiKey
    secret: str


@dataclass(frozen=True, slots=True)
class Authenticated:
    organization: domain.Organization
    principal_kind: str
    principal_id: str
    requests_per_minute: int


@dataclass(frozen=True, slots=True)
class SignedIn:
    session_token: str
    organization_id: str


@dataclass(frozen=True, slots=True)
class QuotaUse:
    used: int
    limit: int


@dataclass(frozen=True, slots=True)
class Usage:
    organization: domain.Organization
    limits: domain.PlanLimits
    used: dict[str, int]  # per quota of domain.QUOTAS
    period: tuple[datetime, datetime]


# --- helpers ---------------------------------------------------------------------------------


async def _org(repos: Repositories, org_id: str, lock: bool = False) -> domain.Organization:
    if not ids.has_prefix(org_id, "org"):
        raise domain.org_not_found(org_id)
    org = await repos.organizations.get(org_id, lock=lock)
    if org is None:
        raise domain.org_not_found(org_id)
    return org


async def _new_key(repos: Repositories, org_id: str, name: str) -> IssuedKey:
    secret = domain.new_api_key()
    key = await repos.api_keys.add(
        ids.new_id("key"), org_id, name, domain.token_hash(secret), domain.key_display_prefix(secret)
    )
    return IssuedKey(key, secret)


async def _new_session(repos: Repositories, rules: Rules, org_id: str, user_id: str) -> str:
    token = domain.new_session_token()
    expires = datetime.now(UTC) + timedelta(days=rules.session_days)
    await repos.sessions.add(
        "ses_" + ids.random_base62(20), org_id, user_id, domain.token_hash(token), expires
    )
    return token


def _email_exists() -> ServiceError:
    return ServiceError(
        "EMAIL_EXISTS",
        "An account with this e-mail already exists.",
        {"fields": [{"field": "email", "message": "already registered"}]},
    )


async def _create_org(
    uow: BillingUnitOfWork, rules: Rules, name: str, plan: str, email: str, password_hash: str
) -> tuple[domain.Organization, str]:
    """Inside an open unit: the organization plus (when e-mail given) its owner; returns (the
    organization, the owner's user id or "")."""
    org = await uow.repos.organizations.add(ids.new_id("org"), name, plan)
    user_id = ""
    if email:
        user_id = ids.new_id("usr")
        if not await uow.repos.users.add(user_id, org.id, email, password_hash):
            raise _email_exists()
    uow.add_event(domain.OrganizationChanged(org, rules.limits(org)))
    return org, user_id


async def take_attempts(uow: BillingUnitOfWork, subjects: list[tuple[str, throttle.Limit]]) -> list[int]:
    """Checks and records one attempt per subject under its limit (`kit.throttle`: over it ->
    RATE_LIMITED) in one unit, serialized per subject (no check-then-record race: N concurrent
    attempts never pass more than the limit). Returns the recorded attempts' ids."""
    now = datetime.now(UTC)
    async with uow:
        attempts = uow.repos.attempts
        await attempts.lock([subject for subject, _ in subjects])
        for subject, limit in subjects:
            since = limit.since(now)
            await attempts.forget_before(subject, since)
            throttle.check(limit, await attempts.since(subject, since), now, TOO_MANY_ATTEMPTS)
        recorded = await attempts.add([subject for subject, _ in subjects], now)
        await uow.commit()
    return recorded


# --- organizations -----------------------------------------------------------------------------


async def create_organization(
    uow: BillingUnitOfWork,
    passwords: Passwords,
    rules: Rules,
    name: str,
    plan: str,
    owner_email: str = "",
    owner_password: str = "",
) -> tuple[domain.Organization, IssuedKey]:
    """An organization (with its owner when an e-mail is given) and its first API key."""
    name = domain.check_org_name(name)
    plan = domain.check_plan(plan)
    email = domain.normalize_email(owner_email) if owner_email else ""
    password_hash = ""
    if email:
        domain.check_password(owner_password)
        password_hash = await passwords.hash(owner_password)
    async with uow:
        org, _ = await _create_org(uow, rules, name, plan, email, password_hash)
        key = await _new_key(uow.repos, org.id, "default")
        await uow.commit()
    return org, key


async def get_organization(
    reads: Reads, org_id: str
) -> tuple[domain.Organization, domain.Subscription | None]:
    """The organization and its latest subscription (None without one)."""
    if not ids.has_prefix(org_id, "org"):
        raise domain.org_not_found(org_id)
    found = await reads.organization_with_subscription(org_id)
    if found is None:
        raise domain.org_not_found(org_id)
    return found


async def _update_org(
    uow: BillingUnitOfWork, rules: Rules, org_id: str, **values: Any
) -> domain.Organization:
    async with uow:
        await _org(uow.repos, org_id, lock=True)
        org = await uow.repos.organizations.update(org_id, **values)
        assert org is not None
        uow.add_event(domain.OrganizationChanged(org, rules.limits(org)))
        await uow.commit()
    return org


async def set_plan(uow: BillingUnitOfWork, rules: Rules, org_id: str, plan: str) -> domain.Organization:
    return await _update_org(uow, rules, org_id, plan=domain.check_plan(plan))


async def set_rate_limit(
    uow: BillingUnitOfWork, rules: Rules, org_id: str, requests_per_minute: int
) -> domain.Organization:
    """The per-minute request limit override (0: the plan's)."""
    value = domain.check_rate_limit(requests_per_minute)
    return await _update_org(uow, rules, org_id, rate_limit_override=value)


async def list_active_organizations(reads: Reads, min_plan: str) -> list[domain.Organization]:
    """Organizations not suspended on `min_plan` (default free) or a higher plan, oldest first."""
    least = domain.check_plan(min_plan or "free", "min_plan")
    plans = [p for p in domain.PLANS if domain.plan_rank(p) >= domain.plan_rank(least)]
    return await reads.active_organizations(plans)


# --- credentials -----------------------------------------------------------------------------


async def authenticate(reads: Reads, rules: Rules, token: str, billing_access: bool = False) -> Authenticated:
    """Who an API key or session token stands for, if its organization lets it in."""
    token = token.strip()
    kind = domain.token_kind(token)
    if not kind:
        raise ServiceError("UNAUTHORIZED", "Invalid API key or session token.")
    lookup = reads.principal_by_key_hash if kind == "api_key" else reads.principal_by_session_hash
    principal = await lookup(domain.token_hash(token))
    if principal is None:
        raise ServiceError("UNAUTHORIZED", "Invalid, expired or revoked API key or session token.")
    org = principal.organization
    limits = rules.limits(org)
    domain.authorize(kind, org.plan, org.status, limits, billing_access=billing_access, role=principal.role)
    return Authenticated(
        organization=org,
        principal_kind=kind,
        principal_id=principal.principal_id,
        requests_per_minute=domain.requests_per_minute(org.rate_limit_override, limits),
    )


async def create_api_key(uow: BillingUnitOfWork, org_id: str, name: str) -> IssuedKey:
    name = domain.check_key_name(name)
    async with uow:
        await _org(uow.repos, org_id)
        key = await _new_key(uow.repos, org_id, name)
        await uow.commit()
    return key


async def list_api_keys(reads: Reads, org_id: str) -> list[domain.ApiKey]:
    """The organization's unrevoked keys, oldest first, with their last use."""
    if not ids.has_prefix(org_id, "org") or await reads.organization(org_id) is None:
        raise domain.org_not_found(org_id)
    return await reads.api_keys(org_id)


async def record_api_key_use(uow: BillingUnitOfWork, uses: Iterable[tuple[str, datetime | None]]) -> None:
    """Moves each key's last use forward; uses without a time or of no key id are skipped.
    At most 10,000 uses per report (a gateway's minute holds a few thousand)."""
    latest: dict[str, datetime] = {}
    for n, (key_id, when) in enumerate(uses):
        if n >= 10_000:
            break
        if ids.has_prefix(key_id, "key") and when is not None:
            latest[key_id] = max(when, latest.get(key_id, when))
    if latest:
        async with uow:
            await uow.repos.api_keys.record_use(sorted(latest.items()))
            await uow.commit()


async def revoke_api_key(uow: BillingUnitOfWork, key_id: str, org_id: str = "") -> domain.ApiKey:
    """Revokes the key at once (org_id "": any organization's, an operator's revocation);
    revoking a revoked key answers it as it is."""
    if not ids.has_prefix(key_id, "key"):
        raise domain.key_not_found(key_id)
    async with uow:
        key, revoked = await uow.repos.api_keys.revoke(key_id, org_id or None)
        if key is None:
            raise domain.key_not_found(key_id)
        if revoked:
            uow.add_event(domain.ApiKeyRevoked(key.organization_id, key.id))
        await uow.commit()
    return key


# --- users and sessions ------------------------------------------------------------------------


async def signup(
    uow: BillingUnitOfWork,
    passwords: Passwords,
    rules: Rules,
    email: str,
    password: str,
    organization_name: str,
    client_ip: str = "",
) -> SignedIn:
    """A free organization, its owner and a session for them."""
    email = domain.normalize_email(email)
    domain.check_password(password)
    name = domain.check_org_name(organization_name, "organization_name")
    if client_ip:
        # Every sign-up attempt from an address counts (the row stays), so one address
        # cannot mint organizations (and free quotas) without end.
        limit = throttle.Limit(rules.signup_max_per_ip, rules.signup_window_seconds)
        await take_attempts(uow, [(f"signup:{client_ip[:64]}", limit)])
    password_hash = await passwords.hash(password)
    async with uow:
        org, user_id = await _create_org(uow, rules, name, "free", email, password_hash)
        token = await _new_session(uow.repos, rules, org.id, user_id)
        await uow.commit()
    return SignedIn(token, org.id)


async def login(
    uow: BillingUnitOfWork,
    reads: Reads,
    passwords: Passwords,
    rules: Rules,
    email: str,
    password: str,
    client_ip: str = "",
) -> SignedIn:
    """A session for the right e-mail and password. Every attempt counts as a failure first
    (per (account, client address), and per address across accounts: password spraying); a
    success takes its own attempt back and clears the account's failures."""
    email = (email or "").strip().lower()[:254]
    address = client_ip[:64]
    # Failures count per (account, client address): a stranger exhausts only their own
    # attempts, never the owner's; and per address across accounts (password spraying).
    account = f"account:{email}|ip:{address}"
    window = rules.login_window_seconds
    subjects = [
        (
            account,
            throttle.Limit(rules.login_max_failures_per_email, window, rules.login_backoff_after_failures),
        )
    ]
    if address:
        subjects.append((f"ip:{address}", throttle.Limit(rules.login_max_failures_per_ip, window)))
    attempts = await take_attempts(uow, subjects)
    user = await reads.user_by_email(email) if email else None
    ok = await passwords.verify(user.password_hash if user else None, password or "")
    token = ""
    if user is not None and ok:
        async with uow:
            await uow.repos.attempts.remove(attempts)
            await uow.repos.attempts.clear(account)
            token = await _new_session(uow.repos, rules, user.organization_id, user.id)
            await uow.commit()
    if user is None or not token:
        raise ServiceError("UNAUTHORIZED", "Wrong e-mail or password.")
    return SignedIn(token, user.organization_id)


async def logout(uow: BillingUnitOfWork, session_token: str) -> None:
    token = session_token.strip()
    if domain.token_kind(token) == "session":
        async with uow:
            await uow.repos.sessions.revoke(domain.token_hash(token))
            await uow.commit()


# --- quotas ------------------------------------------------------------------------------------


def _period(org: domain.Organization, now: datetime | None = None) -> tuple[datetime, datetime]:
    return domain.billing_period(now or datetime.now(UTC), org.period_start, org.period_end)


async def consume_quota(
    uow: BillingUnitOfWork, rules: Rules, org_id: str, quota: str, amount: int, idempotency_key: str = ""
) -> QuotaUse:
    """Takes `amount` of the quota in the organization's period, never past the plan's limit
    (QUOTA_EXCEEDED, and the period's first refusal is a QuotaExceeded event). A key makes it
    idempotent: a repeated keyed consume answers the count without taking more."""
    quota = domain.check_quota(quota)
    amount = domain.check_amount(amount)
    key = idempotency_key[:255]
    async with uow:
        org = await _org(uow.repos, org_id)
        quotas = uow.repos.quotas
        limit = rules.limits(org).quota_limit(quota)
        period = _period(org)
        counter = domain.counter_period(quota, period[0])
        await quotas.ensure_counter(org.id, quota, counter)
        if key and not await quotas.claim_op(org.id, "consume", key):
            used = await quotas.used(org.id, quota, counter)
            await uow.commit()
            return QuotaUse(used, limit)
        used_now = await quotas.try_consume(org.id, quota, counter, amount, limit)
        if used_now is not None:
            await uow.commit()
            return QuotaUse(used_now, limit)
        if key:
            await quotas.unclaim_op(org.id, "consume", key)
        used = await quotas.used(org.id, quota, counter)
        if await quotas.first_notice(org.id, quota, period[0]):
            uow.add_event(domain.QuotaExceeded(org.id, quota, limit, used, org.plan, period[0], period[1]))
        await uow.commit()
    raise domain.quota_exceeded(quota, limit, used, org.plan, period)


async def release_quota(
    uow: BillingUnitOfWork, rules: Rules, org_id: str, quota: str, amount: int, idempotency_key: str = ""
) -> QuotaUse:
    """Gives `amount` back (never below zero). A keyed release gives back only what a consume
    with the same key took, once; so a caller unsure whether its consume happened (a lost
    answer) may always release."""
    quota = domain.check_quota(quota)
    amount = domain.check_amount(amount)
    key = idempotency_key[:255]
    async with uow:
        org = await _org(uow.repos, org_id)
        quotas = uow.repos.quotas
        limit = rules.limits(org).quota_limit(quota)
        counter = domain.counter_period(quota, _period(org)[0])
        if key and (
            not await quotas.has_op(org.id, "consume", key)
            or not await quotas.claim_op(org.id, "release", key)
        ):
            used = await quotas.used(org.id, quota, counter)
        else:
            used = await quotas.release(org.id, quota, counter, amount)
        await uow.commit()
    return QuotaUse(used, limit)


async def get_usage(reads: Reads, rules: Rules, org_id: str) -> Usage:
    """The plan, its limits and what the organization used of each quota in its period."""
    if not ids.has_prefix(org_id, "org"):
        raise domain.org_not_found(org_id)
    now = datetime.now(UTC)

    def periods(org: domain.Organization) -> dict[str, datetime]:
        start = _period(org, now)[0]
        return {q: domain.counter_period(q, start) for q in domain.QUOTAS}

    month = domain.calendar_month(now)[0]
    likely = sorted({domain.counter_period(q, month) for q in domain.QUOTAS})
    found = await reads.usage(org_id, periods, likely)
    if found is None:
        raise domain.org_not_found(org_id)
    org, used = found
    return Usage(org, rules.limits(org), {q: used.get(q, 0) for q in domain.QUOTAS}, _period(org, now))


# --- self-serve billing (Stripe Checkout and Billing Portal) -------------------------------------


async def create_checkout_session(
    reads: Reads,
    payments: Payments,
    rules: Rules,
    org_id: str,
    plan: str,
    success_url: str = "",
    cancel_url: str = "",
) -> StripeSession:
    """A Stripe Checkout Session for a paid plan (the session: `id`, `url`). Nothing is written:
    the plan changes only through Stripe's signed events. What Stripe needs is read first, so
    no transaction is open while Stripe answers."""
    plan = domain.check_checkout_plan(plan)
    success_url = domain.check_redirect_url(
        success_url, "success_url", rules.public_base_url, rules.checkout_success_path
    )
    cancel_url = domain.check_redirect_url(
        cancel_url, "cancel_url", rules.public_base_url, rules.checkout_cancel_path
    )
    if not payments.configured:
        raise domain.payments_not_configured()
    if not ids.has_prefix(org_id, "org"):
        raise domain.org_not_found(org_id)
    org = await reads.organization(org_id)
    if org is None:
        raise domain.org_not_found(org_id)
    live = await reads.live_subscription(org.id)
    email = await reads.owner_email(org.id)
    conflict = domain.checkout_conflict(plan, org.plan, org.status, live.id if live else "")
    if conflict is not None:
        raise conflict
    price_id = await payments.price_for(plan)
    session = await payments.create_checkout(
        organization_id=org.id,
        plan=plan,
        price_id=price_id,
        success_url=success_url,
        cancel_url=cancel_url,
        customer_id=org.stripe_customer_id or "",
        customer_email=email,
    )
    log.info("checkout session created", organization_id=org.id, plan=plan, session_id=session.id)
    return session


async def create_billing_portal_session(
    reads: Reads, payments: Payments, rules: Rules, org_id: str, return_url: str = ""
) -> StripeSession:
    """A Stripe Billing Portal session for the organization's customer (`id`, `url`)."""
    return_url = domain.check_redirect_url(
        return_url, "return_url", rules.public_base_url, rules.portal_return_path
    )
    if not payments.configured:
        raise domain.payments_not_configured()
    if not ids.has_prefix(org_id, "org"):
        raise domain.org_not_found(org_id)
    org = await reads.organization(org_id)
    if org is None:
        raise domain.org_not_found(org_id)
    if not org.stripe_customer_id:
        raise ServiceError(
            "CONFLICT",
            "This organization has no Stripe customer yet; subscribe first "
            "(POST /v0/api/v1/billing/checkout).",
        )
    session = await payments.create_portal(customer_id=org.stripe_customer_id, return_url=return_url)
    log.info("billing portal session created", organization_id=org.id, session_id=session.id)
    return session

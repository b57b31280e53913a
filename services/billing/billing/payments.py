"""Stripe's API for self-serve billing: the plan's Price, Checkout Sessions and Billing Portal
Sessions, through the stripe SDK's StripeClient (async, over httpx).

Every Stripe failure (an error answer, a timeout, a refused connection) becomes UPSTREAM_ERROR;
nothing here writes to the database, so a failure changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import stripe
from kit import logs
from kit.errors import ServiceError

from billing import domain

log = logs.get(__name__)


@dataclass(frozen=True)
class Redirect:
    """A Checkout or Billing Portal Session: its id and where to send the customer."""

    id: str
    url: str


def not_configured() -> ServiceError:
    return domain.payments_not_configured()


# Stripe's error types (https://docs.stripe.com/api/errors), for answers that carry none: by the
# SDK's error class, never the class's own name (internals stay out of the answer).
STRIPE_ERROR_TYPES: tuple[tuple[type[stripe.StripeError], str], ...] = (
    (stripe.APIConnectionError, "connection_error"),
    (stripe.AuthenticationError, "authentication_error"),
    (stripe.PermissionError, "permission_error"),
    (stripe.RateLimitError, "rate_limit_error"),
    (stripe.IdempotencyError, "idempotency_error"),
    (stripe.CardError, "card_error"),
    (stripe.InvalidRequestError, "invalid_request_error"),
)
# What the caller can do about each kind of failure.
ADVICE = {
    "connection_error": "Try again in a minute.",
    "rate_limit_error": "Try again in a minute.",
    "api_error": "Try again in a few minutes.",
    "authentication_error": "This is a server configuration problem (the Stripe key); contact support.",
    "permission_error": "This is a server configuration problem (the Stripe key); contact support.",
}
DEFAULT_ADVICE = "Try again later; if it keeps failing, contact support."


def _stripe_error_type(err: stripe.StripeError) -> str:
    if isinstance(err, stripe.APIConnectionError):
        return "connection_error"
    given = str(getattr(getattr(err, "error", None), "type", "") or "")
    if given.replace("_", "").isalnum() and given.islower():
        return given
    return next((kind for cls, kind in STRIPE_ERROR_TYPES if isinstance(err, cls)), "api_error")


def upstream_error(err: stripe.StripeError, action: str) -> ServiceError:
    """The caller learns that Stripe failed, Stripe's error type/code and what to do, never its
    raw message (which can name account details) nor the SDK's class names; the log keeps both."""
    kind = _stripe_error_type(err)
    details: dict[str, Any] = {"stripe_error_type": kind}
    if getattr(err, "code", None):
        details["stripe_error_code"] = str(err.code)
    if getattr(err, "request_id", None):
        details["stripe_request_id"] = str(err.request_id)
    if err.http_status:
        details["stripe_status"] = err.http_status
    log.warning(
        "stripe request failed",
        action=action,
        error=str(err)[:500],
        error_class=type(err).__name__,
        **details,
    )
    reason = "could not be reached" if kind == "connection_error" else f"answered an error ({kind})"
    advice = ADVICE.get(kind, DEFAULT_ADVICE)
    return ServiceError(
        "UPSTREAM_ERROR", f"Stripe {reason} while {action}; nothing was changed. {advice}", details
    )


class Payments:
    """Stripe, or nothing when no secret key is configured (`configured` False)."""

    def __init__(
        self,
        secret_key: str,
        api_base: str = "",
        timeout_seconds: float = 8.0,
        max_network_retries: int = 1,
    ):
        self.configured = bool(secret_key)
        self._client: stripe.StripeClient | None = None
        if self.configured:
            self._client = stripe.StripeClient(
                secret_key,
                base_addresses={"api": api_base.rstrip("/")} if api_base else None,
                http_client=stripe.HTTPXClient(timeout=timeout_seconds),
                max_network_retries=max_network_retries,
            )

    @property
    def client(self) -> stripe.StripeClient:
        if self._client is None:
            raise not_configured()
        return self._client

    async def price_for(self, plan: str) -> str:
        """The id of the active Price whose lookup_key is the plan."""
        try:
            prices = await self.client.v1.prices.list_async(
                {"lookup_keys": [plan], "active": True, "limit": 1}
            )
        except stripe.StripeError as err:
            raise upstream_error(err, "looking up the plan's price") from None
        if not prices.data:
            log.warning("no Stripe price for plan", plan=plan)
            raise ServiceError(
                "UPSTREAM_ERROR",
                f"Stripe has no active Price with lookup_key {plan!r}; nothing was changed. "
                "This is a server configuration problem; contact support.",
                {"stripe_error_type": "price_not_found", "plan": plan},
            )
        return str(prices.data[0].id)

    async def create_checkout(
        self,
        *,
        organization_id: str,
        plan: str,
        price_id: str,
        success_url: str,
        cancel_url: str,
        customer_id: str = "",
        customer_email: str = "",
    ) -> Redirect:
        params: dict[str, Any] = {
            "mode": "subscription",
            "line_items": [{"price": price_id, "quantity": 1}],
            "success_url": success_url,
            "cancel_url": cancel_url,
            "client_reference_id": organization_id,
            "metadata": {"organization_id": organization_id, "plan": plan},
            "subscription_data": {"metadata": {"organization_id": organization_id, "plan": plan}},
        }
        if customer_id:
            params["customer"] = customer_id
        elif customer_email:
            params["customer_email"] = customer_email
        try:
            session = await self.client.v1.checkout.sessions.create_async(params)  # type: ignore[arg-type]
        except stripe.StripeError as err:
            raise upstream_error(err, "creating the Checkout Session") from None
        return Redirect(id=str(session.id), url=str(session.url or ""))

    async def create_portal(self, *, customer_id: str, return_url: str) -> Redirect:
        try:
            session = await self.client.v1.billing_portal.sessions.create_async(
                {"customer": customer_id, "return_url": return_url}
            )
        except stripe.StripeError as err:
            raise upstream_error(err, "creating the Billing Portal Session") from None
        return Redirect(id=str(session.id), url=str(session.url or ""))

"""Who is calling: Bearer API key or session (header or cookie), checked by billing (API-key
answers are kept by gateway.authcache while billing streams their changes, so a revoked key
still fails on the very next request), then the rate limit."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from kit import logs, metrics
from kit.errors import ServiceError
from kit.grpcx import call
from slides.billing.v1 import billing_pb2

from gateway.edge import check_cookie_request

SESSION_COOKIE = "session"


@dataclass(frozen=True)
class Caller:
    organization_id: str
    plan: str
    status: str
    principal_kind: str  # "api_key" | "session"
    principal_id: str
    requests_per_minute: int
    publishing: bool


def bearer_token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    if header:
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ServiceError(
                "UNAUTHORIZED", "Authorization header must be 'Bearer <API key or session token>'."
            )
        return token.strip()
    cookie = request.cookies.get(SESSION_COOKIE, "")
    if cookie:
        # The browser attaches the cookie to requests other sites make: only same-origin
        # state-changing requests are taken on it (gateway.edge).
        check_cookie_request(request)
        return cookie
    raise ServiceError("UNAUTHORIZED", "Missing credentials: send 'Authorization: Bearer <API key>'.")


async def authenticate_token(request: Request, token: str, billing_access: bool = False) -> Caller:
    """`billing_access`: the route is one a suspended organization's owner needs to pay
    (billing answers the owner's session instead of ORGANIZATION_SUSPENDED; keys never change)."""
    cache = request.app.state.auth_cache
    key = cache.key(token)
    caller = cache.get(key)
    if caller is None:
        generation = cache.generation
        resp = await call(
            request.app.state.backends.billing.Authenticate,
            billing_pb2.AuthenticateRequest(token=token, billing_access=billing_access),
        )
        org = resp.organization
        caller = Caller(
            organization_id=org.id,
            plan=org.plan,
            status=org.status,
            principal_kind=resp.principal_kind,
            principal_id=resp.principal_id,
            requests_per_minute=resp.requests_per_minute or org.limits.requests_per_minute or 60,
            publishing=org.limits.publishing,
        )
        if caller.principal_kind == "api_key":
            cache.put(caller.organization_id, key, caller, generation)
    if caller.principal_kind == "api_key":
        usage = getattr(request.app.state, "key_usage", None)
        if usage is not None:
            usage.note(caller.principal_id)
    logs.organization_id_var.set(caller.organization_id)
    return caller


async def enforce_rate_limit(request: Request, caller: Caller) -> None:
    decision = await request.app.state.ratelimiter.hit(
        "org", caller.organization_id, caller.requests_per_minute
    )
    request.state.ratelimit_headers = decision.headers()
    if not decision.allowed:
        metrics.RATE_LIMITED.labels("organization").inc()
        raise ServiceError(
            "RATE_LIMITED",
            f"Rate limit of {decision.limit} requests per minute exceeded; retry after {decision.reset_seconds}s.",
            {"retry_after": max(1, decision.reset_seconds)},
        )


async def require_caller(request: Request) -> Caller:
    """FastAPI dependency for every authenticated REST route."""
    caller = await authenticate_token(request, bearer_token(request))
    await enforce_rate_limit(request, caller)
    request.state.caller = caller
    return caller


async def require_billing_caller(request: Request) -> Caller:
    """require_caller for the routes an organization needs to pay: checkout, portal, usage and
    organization. A suspended organization's owner, signed in (session), gets through here and
    only here (its Caller.status is SUSPENDED); everything else stays ORGANIZATION_SUSPENDED."""
    caller = await authenticate_token(request, bearer_token(request), billing_access=True)
    await enforce_rate_limit(request, caller)
    request.state.caller = caller
    return caller


# Every dependency that authenticates the caller (and counts against the per-minute limit).
CALLER_DEPENDENCIES = (require_caller, require_billing_caller)

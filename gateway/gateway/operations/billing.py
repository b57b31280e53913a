"""Accounts: API keys, usage and organization, shared by the REST routes and the MCP tools.

Each function takes the Backends, the Caller and plain arguments and returns the REST JSON shape.
"""

from __future__ import annotations

from typing import Any

from kit.grpcx import call
from slides.billing.v1 import billing_pb2

from gateway.auth import Caller
from gateway.formats import one_page, ts
from gateway.models import (
    KeyListEnvelope,
    NewKeyEnvelope,
    OrganizationOut,
    Received,
    RevokedKeyEnvelope,
    Session,
    StripeRedirectOut,
    UsageOut,
)

QUOTA_LIMIT_FIELDS = {
    "apps": "apps",
    "slideshows_per_month": "slideshows_per_month",
    "hook_refreshes": "hook_refreshes_per_month",
}


def key_json(key: billing_pb2.ApiKey) -> dict[str, Any]:
    out: dict[str, Any] = {
        "_id": key.id,
        "name": key.name,
        "prefix": key.prefix,
        "createdAt": ts(key.created_at),
        "lastUsedAt": ts(key.last_used_at),
    }
    if key.key:
        out["key"] = key.key
    return out


def limits_json(limits: billing_pb2.PlanLimits) -> dict[str, Any]:
    return {
        "apps": limits.apps,
        "slideshows_per_month": limits.slideshows_per_month,
        "hook_refreshes_per_month": limits.hook_refreshes_per_month,
        "api_keys": limits.api_keys,
        "publishing": limits.publishing,
        "requests_per_minute": limits.requests_per_minute,
    }


# API keys: validated with model_validate, not Envelope.of: the JSON built here carries
# `lastUsedAt`, which the REST answer does not (the console reads it as `last_used_at`), so REST
# renders the model (its fields, in their order) instead of this JSON.


async def create_api_key(backends: Any, caller: Caller, name: str) -> NewKeyEnvelope:
    resp = await call(
        backends.billing.CreateApiKey,
        billing_pb2.CreateApiKeyRequest(organization_id=caller.organization_id, name=name),
    )
    return NewKeyEnvelope.model_validate({"success": True, "body": key_json(resp.api_key)})


async def list_api_keys(backends: Any, caller: Caller, page: int = 1, limit: int = 50) -> KeyListEnvelope:
    """One page of the organization's active keys (the service returns them all)."""
    resp = await call(
        backends.billing.ListApiKeys, billing_pb2.ListApiKeysRequest(organization_id=caller.organization_id)
    )
    return KeyListEnvelope.model_validate(one_page([key_json(k) for k in resp.api_keys], page, limit))


async def revoke_api_key(backends: Any, caller: Caller, key_id: str) -> RevokedKeyEnvelope:
    resp = await call(
        backends.billing.RevokeApiKey,
        billing_pb2.RevokeApiKeyRequest(organization_id=caller.organization_id, key_id=key_id),
    )
    body = {**key_json(resp.api_key), "revokedAt": ts(resp.api_key.revoked_at)}
    return RevokedKeyEnvelope.model_validate({"success": True, "body": body})


async def get_usage(backends: Any, caller: Caller) -> UsageOut:
    """Plan, its limits, what the current billing period has used, and the period's bounds."""
    resp = await call(
        backends.billing.GetUsage, billing_pb2.GetUsageRequest(organization_id=caller.organization_id)
    )
    return UsageOut.model_validate(
        {
            "plan": resp.plan,
            "status": resp.status,
            "limits": limits_json(resp.limits),
            "usage": {u.quota: {"limit": u.limit, "used": u.used} for u in resp.usage},
            "period_start": ts(resp.period_start),
            "period_end": ts(resp.period_end),
        }
    )


async def get_organization(backends: Any, caller: Caller) -> OrganizationOut:
    resp = await call(
        backends.billing.GetOrganization,
        billing_pb2.GetOrganizationRequest(organization_id=caller.organization_id),
    )
    org = resp.organization
    return OrganizationOut.model_validate(
        {
            "_id": org.id,
            "name": org.name,
            "plan": org.plan,
            "status": org.status,
            "stripe_customer_id": org.stripe_customer_id or None,
            "limits": limits_json(org.limits),
            "rate_limit_override": org.rate_limit_override or None,
            "subscription": subscription_json(resp.subscription) if resp.HasField("subscription") else None,
            "createdAt": ts(org.created_at),
        }
    )


def subscription_json(sub: billing_pb2.Subscription) -> dict[str, Any]:
    return {
        "id": sub.id,
        "status": sub.status,
        "plan": sub.plan,
        "current_period_start": ts(sub.current_period_start),
        "current_period_end": ts(sub.current_period_end),
    }


# Checkout and the Portal wait for Stripe (two requests for a checkout, each with a retry).
STRIPE_CALL_TIMEOUT = 40.0


async def create_checkout(
    backends: Any, caller: Caller, plan: str, success_url: str = "", cancel_url: str = ""
) -> StripeRedirectOut:
    """A Stripe Checkout Session for a paid plan: {id, url}. The plan changes when Stripe's
    signed events arrive, not here."""
    resp = await call(
        backends.billing.CreateCheckoutSession,
        billing_pb2.CreateCheckoutSessionRequest(
            organization_id=caller.organization_id,
            plan=plan,
            success_url=success_url,
            cancel_url=cancel_url,
        ),
        timeout=STRIPE_CALL_TIMEOUT,
    )
    return StripeRedirectOut(id=resp.id, url=resp.url)


async def create_portal(backends: Any, caller: Caller, return_url: str = "") -> StripeRedirectOut:
    """A Stripe Billing Portal Session for the organization's customer: {id, url}."""
    resp = await call(
        backends.billing.CreateBillingPortalSession,
        billing_pb2.CreateBillingPortalSessionRequest(
            organization_id=caller.organization_id, return_url=return_url
        ),
        timeout=STRIPE_CALL_TIMEOUT,
    )
    return StripeRedirectOut(id=resp.id, url=resp.url)


# --- sessions (REST's /v0/auth and the console's sign-in pages) ----------------------------------


async def signup(backends: Any, email: str, password: str, organization_name: str, client_ip: str) -> Session:
    """A Free organization with its owner, and a session of that owner."""
    resp = await call(
        backends.billing.Signup,
        billing_pb2.SignupRequest(
            email=email, password=password, organization_name=organization_name, client_ip=client_ip
        ),
    )
    return Session(session_token=resp.session_token, organization_id=resp.organization_id)


async def login(backends: Any, email: str, password: str, client_ip: str) -> Session:
    resp = await call(
        backends.billing.Login, billing_pb2.LoginRequest(email=email, password=password, client_ip=client_ip)
    )
    return Session(session_token=resp.session_token, organization_id=resp.organization_id)


async def logout(backends: Any, session_token: str) -> None:
    await call(backends.billing.Logout, billing_pb2.LogoutRequest(session_token=session_token))


async def handle_billing_event(backends: Any, payload: bytes, signature_header: str) -> Received:
    """A Stripe event, raw body and Stripe-Signature header passed unchanged to billing."""
    resp = await call(
        backends.billing.HandleBillingEvent,
        billing_pb2.HandleBillingEventRequest(payload=payload, signature_header=signature_header),
    )
    return Received(received=True, duplicate=True) if resp.duplicate else Received(received=True)

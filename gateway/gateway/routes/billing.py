"""Billing: the signed Stripe event receiver (raw body passed unchanged to billing), the
caller's organization and usage, and self-serve payment (Stripe Checkout, Billing Portal).

Checkout, portal, usage and organization are what an organization needs to pay, so a suspended
organization's owner reaches them with a session (require_billing_caller)."""

from __future__ import annotations

from fastapi import Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway.auth import Caller, require_billing_caller
from gateway.errors import responses as error_responses
from gateway.models import OrganizationEnvelope, Received, StripeRedirectEnvelope, UsageEnvelope
from gateway.openapi_rules import HTTP_URL
from gateway.operations import billing as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["billing"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
STRIPE_ERRORS = ("VALIDATION_ERROR", "CONFLICT", "UPSTREAM_ERROR", "UNAVAILABLE")
REDIRECT_RULE = "absolute http(s) URL on the host of the public base URL (PUBLIC_BASE_URL)"


# billing.domain.PAID_PLANS: what checkout sells (another plan is 400 VALIDATION_ERROR naming plan).
PAID_PLANS = ("starter", "pro", "business")


class CheckoutBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    plan: str = Field(
        max_length=40,
        description="The paid plan to subscribe to: starter, pro or business",
        json_schema_extra={"enum": list(PAID_PLANS)},
    )
    success_url: str | None = Field(
        default=None,
        max_length=2048,
        json_schema_extra={"pattern": HTTP_URL},
        description=f"Where Stripe sends the customer after paying; {REDIRECT_RULE}. "
        "Stripe replaces {CHECKOUT_SESSION_ID} in it. Default: the console's usage page.",
    )
    cancel_url: str | None = Field(
        default=None,
        max_length=2048,
        json_schema_extra={"pattern": HTTP_URL},
        description=f"Where Stripe sends the customer on cancel; {REDIRECT_RULE}.",
    )


class PortalBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    return_url: str | None = Field(
        default=None,
        max_length=2048,
        description=f"Where the Portal's back link goes; {REDIRECT_RULE}.",
        json_schema_extra={"pattern": HTTP_URL},
    )


@router.post(
    "/v0/public/billing/payment-webhook",
    response_model=Received,
    response_model_exclude_none=True,
    responses=error_responses("INVALID_SIGNATURE", "VALIDATION_ERROR"),
    summary="Receiver of signed Stripe events (Stripe-Signature header, raw JSON body)",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"type": "object", "description": "A Stripe Event"}}},
        },
        "parameters": [
            {"name": "Stripe-Signature", "in": "header", "required": True, "schema": {"type": "string"}}
        ],
    },
)
async def payment_webhook(request: Request) -> Received:
    payload = await request.body()
    return await ops.handle_billing_event(
        request.app.state.backends, payload, request.headers.get("stripe-signature", "")
    )


@router.get(
    "/v0/api/v1/usage",
    response_model=UsageEnvelope,
    responses=error_responses(*AUTH_ERRORS),
    summary="Plan, limits and usage of the current billing period",
)
async def usage(request: Request, caller: Caller = Depends(require_billing_caller)) -> Response:
    return render(UsageEnvelope(body=await ops.get_usage(request.app.state.backends, caller)))


@router.get(
    "/v0/api/v1/organization",
    response_model=OrganizationEnvelope,
    responses=error_responses(*AUTH_ERRORS),
    summary="The caller's organization: plan, status, stored billing customer",
)
async def organization(request: Request, caller: Caller = Depends(require_billing_caller)) -> Response:
    return render(OrganizationEnvelope(body=await ops.get_organization(request.app.state.backends, caller)))


@router.post(
    "/v0/api/v1/billing/checkout",
    response_model=StripeRedirectEnvelope,
    responses=error_responses(*STRIPE_ERRORS, *AUTH_ERRORS),
    summary="Start a subscription to a paid plan: a Stripe Checkout Session to send the customer to",
    description=(
        "Creates a Stripe Checkout Session in subscription mode for the plan's Price. The plan changes "
        "only when Stripe's signed events arrive at the payment webhook. Unknown or free plan -> 400 "
        "VALIDATION_ERROR (plan); the current plan, or an organization that already has a subscription "
        "(change plans in the Billing Portal) -> 409 CONFLICT; a redirect URL off the public host -> 400 "
        "VALIDATION_ERROR; Stripe not configured -> 503 UNAVAILABLE; Stripe failing -> 502 UPSTREAM_ERROR. "
        "Works with a session on every plan (and for a suspended organization's owner) and with an API key."
    ),
)
async def checkout(
    request: Request, body: CheckoutBody, caller: Caller = Depends(require_billing_caller)
) -> Response:
    session = await ops.create_checkout(
        request.app.state.backends, caller, body.plan, body.success_url or "", body.cancel_url or ""
    )
    return render(StripeRedirectEnvelope(body=session))


@router.post(
    "/v0/api/v1/billing/portal",
    response_model=StripeRedirectEnvelope,
    responses=error_responses(*STRIPE_ERRORS, *AUTH_ERRORS),
    summary="Manage the subscription (plan, payment method, invoices, cancel) in Stripe's Billing Portal",
    description=(
        "Creates a Stripe Billing Portal Session for the organization's Stripe customer. No customer yet "
        "(never checked out) -> 409 CONFLICT."
    ),
)
async def portal(
    request: Request, body: PortalBody | None = None, caller: Caller = Depends(require_billing_caller)
) -> Response:
    session = await ops.create_portal(
        request.app.state.backends, caller, (body.return_url if body else None) or ""
    )
    return render(StripeRedirectEnvelope(body=session))

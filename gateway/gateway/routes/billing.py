"""Billing: the signed Stripe event receiver (raw body passed unchanged to billing), and the
caller's organization and usage."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from kit.grpcx import call
from pydantic import BaseModel, Field
from slides.billing.v1 import billing_pb2

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.operations import billing as ops

router = APIRouter(tags=["billing"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")


class Received(BaseModel):
    received: bool = True
    duplicate: bool | None = Field(
        default=None, description="Present (true) when the event id was seen before"
    )


class PlanLimitsOut(BaseModel):
    apps: int
    slideshows_per_month: int
    hook_refreshes_per_month: int
    api_keys: bool
    publishing: bool
    requests_per_minute: int


class QuotaUse(BaseModel):
    limit: int
    used: int


class UsageOut(BaseModel):
    plan: str
    status: str = Field(description="ACTIVE | PAST_DUE | SUSPENDED")
    limits: PlanLimitsOut
    usage: dict[str, QuotaUse] = Field(description="apps, slideshows_per_month, hook_refreshes")
    period_start: str | None
    period_end: str | None


class UsageEnvelope(BaseModel):
    success: bool = True
    body: UsageOut


class SubscriptionOut(BaseModel):
    id: str
    status: str = Field(description="ACTIVE | TRIALING | PAST_DUE | CANCELED")
    plan: str
    current_period_start: str | None
    current_period_end: str | None


class OrganizationOut(BaseModel):
    id: str = Field(alias="_id")
    name: str
    plan: str
    status: str
    stripe_customer_id: str | None
    limits: PlanLimitsOut
    rate_limit_override: int | None
    subscription: SubscriptionOut | None = Field(description="Latest billing-provider subscription, if any")
    createdAt: str | None


class OrganizationEnvelope(BaseModel):
    success: bool = True
    body: OrganizationOut


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
async def payment_webhook(request: Request) -> dict[str, Any]:
    payload = await request.body()
    resp = await call(
        request.app.state.backends.billing.HandleBillingEvent,
        billing_pb2.HandleBillingEventRequest(
            payload=payload, signature_header=request.headers.get("stripe-signature", "")
        ),
    )
    return {"received": True, "duplicate": True} if resp.duplicate else {"received": True}


@router.get(
    "/v0/api/v1/usage",
    response_model=UsageEnvelope,
    responses=error_responses(*AUTH_ERRORS),
    summary="Plan, limits and usage of the current billing period",
)
async def usage(request: Request, caller: Caller = Depends(require_caller)) -> dict[str, Any]:
    return {"success": True, "body": await ops.get_usage(request.app.state.backends, caller)}


@router.get(
    "/v0/api/v1/organization",
    response_model=OrganizationEnvelope,
    responses=error_responses(*AUTH_ERRORS),
    summary="The caller's organization: plan, status, stored billing customer",
)
async def organization(request: Request, caller: Caller = Depends(require_caller)) -> dict[str, Any]:
    return {"success": True, "body": await ops.get_organization(request.app.state.backends, caller)}

"""Outgoing webhook endpoints: HTTP shape only; the work is in gateway.operations.delivery."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import BaseModel, Field

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.formats import LimitQuery, PageQuery
from gateway.operations import delivery as ops
from gateway.responses import JSONResponse

router = APIRouter(tags=["webhooks"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
Event = Literal["slideshow.completed", "slideshow.failed", "quota.exceeded"]

SIGNING = """Each delivery is a POST with `Content-Type: application/json`, `X-Service-Event`,
`X-Service-Delivery-Id` (the same on every retry) and `X-Service-Signature: sha256=<hex>`, the
HMAC-SHA256 of the raw body keyed with the endpoint secret (the `whsec_...` string, UTF-8).
Body: the event's payload fields plus `event` and `created_at`. Success is any 2xx within 15 s;
3xx counts as failure (redirects are not followed); `410` disables the endpoint. Retries after
1 min, 5 min, 30 min, 2 h and 12 h (six attempts in all)."""


class CreateWebhookBody(BaseModel):
    url: str = Field(
        max_length=2048, description="https:// URL; private, loopback and link-local hosts are refused"
    )
    events: list[Event] | None = Field(None, description="event filter; default every event")
    description: str | None = Field(None, max_length=500)

    model_config = {
        "json_schema_extra": {
            "example": {"url": "https://example.com/hooks", "events": ["slideshow.completed"]}
        }
    }


class Webhook(BaseModel):
    id: str = Field(alias="_id", description="wh_<id>")
    url: str
    events: list[Event]
    description: str
    enabled: bool
    disabled_reason: str | None = Field(None, description='"gone" after the endpoint answered 410')
    createdAt: str | None


class WebhookWithSecret(Webhook):
    secret: str = Field(description="whsec_...; shown only on creation and rotation")


class WebhookResponse(BaseModel):
    success: bool = True
    body: WebhookWithSecret


class WebhookList(BaseModel):
    success: bool = True
    data: list[Webhook]
    page: int
    limit: int
    total: int


class Attempt(BaseModel):
    attempt: int = Field(description="1-based attempt number")
    status_code: int | None = Field(description="HTTP status of the answer; null when none was received")
    duration_ms: int
    error: str | None
    next_attempt_at: str | None = Field(
        description="when the next attempt was scheduled; null after the last one"
    )
    createdAt: str | None


class Delivery(BaseModel):
    id: str = Field(alias="_id", description="delivery id, sent as X-Service-Delivery-Id on every attempt")
    event: Event
    event_id: str
    status: Literal["PENDING", "SUCCEEDED", "FAILED"]
    attempt_count: int
    next_attempt_at: str | None
    createdAt: str | None
    attempts: list[Attempt]


class DeliveryList(BaseModel):
    success: bool = True
    data: list[Delivery]
    page: int
    limit: int
    total: int


class Ok(BaseModel):
    success: bool = True


@router.post(
    "/v0/api/webhooks",
    status_code=201,
    response_model=WebhookResponse,
    summary="Register an outgoing webhook endpoint",
    description=SIGNING,
    responses=error_responses("VALIDATION_ERROR", *AUTH_ERRORS),
)
async def create_webhook(
    request: Request, body: CreateWebhookBody, caller: Caller = Depends(require_caller)
) -> JSONResponse:
    result = await ops.create_webhook(
        request.app.state.backends, caller, body.url, list(body.events or []), body.description or ""
    )
    return JSONResponse(result, status_code=201)


@router.get(
    "/v0/api/webhooks",
    response_model=WebhookList,
    summary="List webhook endpoints (secrets are never listed)",
    responses=error_responses(*AUTH_ERRORS),
)
async def list_webhooks(
    request: Request, page: PageQuery = 1, limit: LimitQuery = 50, caller: Caller = Depends(require_caller)
) -> JSONResponse:
    return JSONResponse(await ops.list_webhooks(request.app.state.backends, caller, page, limit))


@router.delete(
    "/v0/api/webhooks/{id}",
    response_model=Ok,
    summary="Delete a webhook endpoint (pending deliveries are dropped)",
    responses=error_responses("WEBHOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def delete_webhook(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> JSONResponse:
    return JSONResponse(await ops.delete_webhook(request.app.state.backends, caller, id))


@router.post(
    "/v0/api/webhooks/{id}/rotate-secret",
    response_model=WebhookResponse,
    summary="Replace the endpoint's secret; the new one is shown once, the old one stops signing at once",
    responses=error_responses("WEBHOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def rotate_secret(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> JSONResponse:
    return JSONResponse(await ops.rotate_webhook_secret(request.app.state.backends, caller, id))


@router.get(
    "/v0/api/webhooks/{id}/deliveries",
    response_model=DeliveryList,
    summary="Deliveries of an endpoint, newest first, with every attempt",
    responses=error_responses("WEBHOOK_NOT_FOUND", "VALIDATION_ERROR", *AUTH_ERRORS),
)
async def list_deliveries(
    request: Request,
    id: str = Path(max_length=100),
    page: int = Query(1, ge=1, le=100000),
    limit: int = Query(20, ge=1, le=100),
    caller: Caller = Depends(require_caller),
) -> JSONResponse:
    return JSONResponse(await ops.list_deliveries(request.app.state.backends, caller, id, page, limit))

"""Outgoing webhook endpoints: HTTP shape only; the work is in gateway.operations.delivery."""

from __future__ import annotations

from fastapi import Depends, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.formats import LimitQuery, PageQuery
from gateway.models import DeliveryList, DeliveryQueued, Ok, WebhookList, WebhookOut, WebhookResponse
from gateway.models import WebhookEvent as Event
from gateway.openapi_rules import HTTPS_URL
from gateway.operations import delivery as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["webhooks"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
SIGNING = """Each delivery is a POST with `Content-Type: application/json`, `X-Service-Event`,
`X-Service-Delivery-Id` (the same on every retry) and `X-Service-Signature: sha256=<hex>`, the
HMAC-SHA256 of the raw body keyed with the endpoint secret (the `whsec_...` string, UTF-8).
It also carries Standard Webhooks headers: `webhook-id` (= `X-Service-Delivery-Id`),
`webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature: v1,<base64 HMAC-SHA256
of "{id}.{timestamp}.{body}">` keyed with the base64-decoded part of the secret after `whsec_`
(any Standard Webhooks library verifies it with the secret as shown).
Body: the event's payload fields plus `event` and `created_at`. Success is any 2xx within 15 s;
3xx counts as failure (redirects are not followed); `410` disables the endpoint. Retries after
1 min, 5 min, 30 min, 2 h and 12 h (six attempts in all)."""


class CreateWebhookBody(BaseModel):
    url: str = Field(
        max_length=2048,
        description="https:// URL; private, loopback and link-local hosts are refused",
        json_schema_extra={"pattern": HTTPS_URL},
    )
    events: list[Event] | None = Field(None, description="event filter; default every event")
    description: str | None = Field(None, max_length=500)

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "example": {"url": "https://example.com/hooks", "events": ["slideshow.completed"]}
        },
    )


class UpdateWebhookBody(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"example": {"enabled": True, "events": ["slideshow.completed"]}},
    )

    url: str | None = Field(
        None,
        max_length=2048,
        description="https:// URL, checked as on registration (private, loopback, link-local refused)",
        json_schema_extra={"pattern": HTTPS_URL},
    )
    events: list[Event] | None = Field(None, description="event filter; an empty list = every event")
    description: str | None = Field(None, max_length=500)
    enabled: bool | None = Field(
        None, description="false stops deliveries (pending retries end); true again resets failure_count"
    )


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
) -> Response:
    result = await ops.create_webhook(
        request.app.state.backends, caller, body.url, list(body.events or []), body.description or ""
    )
    return render(result, status_code=201)


@router.get(
    "/v0/api/webhooks",
    response_model=WebhookList,
    summary="List webhook endpoints (secrets are never listed)",
    responses=error_responses(*AUTH_ERRORS),
)
async def list_webhooks(
    request: Request, page: PageQuery = 1, limit: LimitQuery = 50, caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.list_webhooks(request.app.state.backends, caller, page, limit))


@router.delete(
    "/v0/api/webhooks/{id}",
    response_model=Ok,
    summary="Delete a webhook endpoint (pending deliveries are dropped)",
    responses=error_responses("WEBHOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def delete_webhook(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.delete_webhook(request.app.state.backends, caller, id))


@router.post(
    "/v0/api/webhooks/{id}/rotate-secret",
    response_model=WebhookResponse,
    summary="Replace the endpoint's secret; the new one is shown once, the old one stops signing at once",
    responses=error_responses("WEBHOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def rotate_secret(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.rotate_webhook_secret(request.app.state.backends, caller, id))


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
) -> Response:
    return render(await ops.list_deliveries(request.app.state.backends, caller, id, page, limit))


@router.patch(
    "/v0/api/webhooks/{id}",
    response_model=WebhookOut,
    summary="Change an endpoint's URL, events, description or enabled flag (the secret is not shown)",
    description="Only the fields sent change (null = unchanged). The URL is checked exactly as on "
    "registration. Disabling ends pending retries; enabling a disabled endpoint resets its "
    "`failure_count` and `disabled_reason`.",
    responses=error_responses("VALIDATION_ERROR", "WEBHOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def update_webhook(
    request: Request,
    body: UpdateWebhookBody,
    id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    result = await ops.update_webhook(
        request.app.state.backends,
        caller,
        id,
        url=body.url,
        events=list(body.events) if body.events is not None else None,
        description=body.description,
        enabled=body.enabled,
    )
    return render(result)


@router.post(
    "/v0/api/webhooks/{id}/test",
    status_code=202,
    response_model=DeliveryQueued,
    summary="Send a webhook.test event to the endpoint now",
    description="Queued as a normal delivery (signed, retried and logged in the deliveries log), "
    "whatever the endpoint's event filter. See the `webhook.test` entry of the webhooks section.",
    responses=error_responses("WEBHOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def test_webhook(
    request: Request, id: str = Path(max_length=100), caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.test_webhook(request.app.state.backends, caller, id), status_code=202)


@router.post(
    "/v0/api/webhooks/{id}/deliveries/{delivery_id}/retry",
    status_code=202,
    response_model=DeliveryQueued,
    summary="Send a delivery again now: the same body and delivery id, a new attempt in the log",
    responses=error_responses("WEBHOOK_NOT_FOUND", "NOT_FOUND", *AUTH_ERRORS),
)
async def retry_delivery(
    request: Request,
    id: str = Path(max_length=100),
    delivery_id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    result = await ops.retry_delivery(request.app.state.backends, caller, id, delivery_id)
    return render(result, status_code=202)

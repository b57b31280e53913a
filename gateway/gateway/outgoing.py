"""What this service sends: the outgoing webhook events, documented in the `webhooks` section of
/openapi.json (OpenAPI 3.1). The bodies are built by the delivery service
(services/delivery/delivery/domain.py); these models only describe them."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import FastAPI, Header
from pydantic import BaseModel, Field

from gateway.routes.slideshows import Slide  # the same element as in REST (API.md)

DELIVERY = """Sent as `POST` with `Content-Type: application/json` to every enabled endpoint
registered for the event (`POST /v0/api/webhooks`, HTTPS only). Verify `X-Service-Signature`:
HMAC-SHA256 of the raw body with the endpoint secret (`whsec_...`, UTF-8), compared in constant
time. Any 2xx within 15 s is a success; 3xx is a failure (redirects are not followed); `410`
disables the endpoint. Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 12 h
(six attempts in all) with the same `X-Service-Delivery-Id` and body."""

Signature = Annotated[
    str,
    Header(alias="X-Service-Signature", description="`sha256=<hex>`: HMAC-SHA256 of the raw body"),
]
EventName = Annotated[str, Header(alias="X-Service-Event", description="The event name")]
DeliveryId = Annotated[
    str, Header(alias="X-Service-Delivery-Id", description="The same on every retry of one delivery")
]


class SlideshowEvent(BaseModel):
    event: Literal["slideshow.completed", "slideshow.failed"]
    created_at: str = Field(description="ISO 8601 UTC time of the event")
    slideshow_id: str
    organization_id: str
    app_id: str
    app_name: str
    status: Literal["COMPLETED", "FAILED"]
    hook_text: str
    language: str
    slide_count: int = Field(description="6 when completed, 0 when failed")
    template_set: str
    thumbnail_url: str = Field(description="URL of the first slide; empty when failed")
    image_urls: list[str] = Field(description="The slides' PNG URLs in order; empty when failed")
    slides: list[Slide] = Field(description="Empty when failed")
    share_url: str | None = Field(description="The live share link; null when sharing is off")
    error: str | None = Field(default=None, description="slideshow.failed only: what went wrong")


class QuotaExceededEvent(BaseModel):
    event: Literal["quota.exceeded"]
    created_at: str = Field(description="ISO 8601 UTC time of the event")
    organization_id: str
    quota: Literal["apps", "slideshows_per_month", "hook_refreshes"]
    limit: int
    used: int
    plan: str
    period_start: str | None = Field(description="Start of the billing period (ISO 8601 UTC)")
    period_end: str | None = Field(description="End of the billing period (ISO 8601 UTC)")


RESPONSES: dict[int | str, dict[str, str]] = {
    200: {
        "description": "Any 2xx within 15 s: delivered. Anything else is retried; 410 disables the endpoint."
    }
}


def document_webhooks(app: FastAPI) -> None:
    @app.webhooks.post(
        "slideshow.completed",
        summary="A slideshow finished rendering (status COMPLETED)",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def slideshow_completed(
        body: SlideshowEvent, signature: Signature, event: EventName, delivery_id: DeliveryId
    ) -> None: ...

    @app.webhooks.post(
        "slideshow.failed",
        summary="A slideshow could not be rendered (status FAILED, with error; URL fields empty)",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def slideshow_failed(
        body: SlideshowEvent, signature: Signature, event: EventName, delivery_id: DeliveryId
    ) -> None: ...

    @app.webhooks.post(
        "quota.exceeded",
        summary="The organization hit a quota (once per quota kind and billing period)",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def quota_exceeded(
        body: QuotaExceededEvent, signature: Signature, event: EventName, delivery_id: DeliveryId
    ) -> None: ...

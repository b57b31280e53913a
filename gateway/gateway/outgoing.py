"""What this service sends: the outgoing webhook events, documented in the `webhooks` section of
/openapi.json (OpenAPI 3.1). The bodies are built by the delivery service
(services/delivery/delivery/domain.py); these models only describe them."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import FastAPI, Header
from pydantic import BaseModel, Field

from gateway.models import Slide  # the same element as in REST (API.md)

DELIVERY = """Sent as `POST` with `Content-Type: application/json` to every enabled endpoint
registered for the event (`POST /v0/api/webhooks`, HTTPS only). Verify `X-Service-Signature`:
HMAC-SHA256 of the raw body with the endpoint secret (`whsec_...`, UTF-8), compared in constant
time. Any 2xx within 15 s is a success; 3xx is a failure (redirects are not followed); `410`
disables the endpoint. Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 12 h
(six attempts in all) with the same `X-Service-Delivery-Id` and body.

Standard Webhooks (https://www.standardwebhooks.com) headers come with every delivery too:
`webhook-id` (= `X-Service-Delivery-Id`), `webhook-timestamp` (Unix seconds of the attempt) and
`webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">`,
keyed with the base64-decoded part of the secret after `whsec_`, so a Standard Webhooks library
verifies it with the secret as shown (`Webhook("whsec_...").verify(body, headers)`)."""

Signature = Annotated[
    str,
    Header(alias="X-Service-Signature", description="`sha256=<hex>`: HMAC-SHA256 of the raw body"),
]
EventName = Annotated[str, Header(alias="X-Service-Event", description="The event name")]
DeliveryId = Annotated[
    str, Header(alias="X-Service-Delivery-Id", description="The same on every retry of one delivery")
]
WebhookId = Annotated[
    str, Header(alias="webhook-id", description="Standard Webhooks: = X-Service-Delivery-Id")
]
WebhookTimestamp = Annotated[
    str, Header(alias="webhook-timestamp", description="Standard Webhooks: Unix seconds of the attempt")
]
WebhookSignature = Annotated[
    str,
    Header(
        alias="webhook-signature",
        description='Standard Webhooks: `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`',
    ),
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


class PublishEvent(BaseModel):
    event: Literal["slideshow.published", "slideshow.publish_failed"]
    created_at: str = Field(description="ISO 8601 UTC time TikTok's final status was seen")
    organization_id: str
    slideshow_id: str
    app_id: str
    account_id: str = Field(description="The connected account posted with (acct_<id>)")
    publication_id: str = Field(
        description="The publish record (pub_<id>), `_id` of the publish call's answer"
    )
    platform: Literal["tiktok"]
    mode: Literal["draft", "direct"]
    privacy_level: str
    publish_id: str = Field(description="TikTok's publish id")
    status: Literal["PUBLISH_COMPLETE", "SEND_TO_USER_INBOX", "FAILED"] = Field(
        description="TikTok's final status: PUBLISH_COMPLETE (direct post live), SEND_TO_USER_INBOX (draft "
        "in the creator's inbox), FAILED (publish_failed)"
    )
    post_ids: list[str] = Field(description="TikTok's ids of the public post, when it gives them")
    fail_reason: str | None = Field(description="publish_failed: TikTok's fail_reason; null otherwise")
    error: str | None = Field(default=None, description="publish_failed only: what went wrong, in a sentence")


class WebhookTestEvent(BaseModel):
    event: Literal["webhook.test"]
    created_at: str = Field(description="ISO 8601 UTC time the test was requested")
    organization_id: str
    endpoint_id: str = Field(description="The endpoint the test was sent to (wh_<id>)")
    message: str


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
        body: SlideshowEvent,
        signature: Signature,
        event: EventName,
        delivery_id: DeliveryId,
        webhook_id: WebhookId,
        webhook_timestamp: WebhookTimestamp,
        webhook_signature: WebhookSignature,
    ) -> None: ...

    @app.webhooks.post(
        "slideshow.failed",
        summary="A slideshow could not be rendered (status FAILED, with error; URL fields empty)",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def slideshow_failed(
        body: SlideshowEvent,
        signature: Signature,
        event: EventName,
        delivery_id: DeliveryId,
        webhook_id: WebhookId,
        webhook_timestamp: WebhookTimestamp,
        webhook_signature: WebhookSignature,
    ) -> None: ...

    @app.webhooks.post(
        "quota.exceeded",
        summary="The organization hit a quota (once per quota kind and billing period)",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def quota_exceeded(
        body: QuotaExceededEvent,
        signature: Signature,
        event: EventName,
        delivery_id: DeliveryId,
        webhook_id: WebhookId,
        webhook_timestamp: WebhookTimestamp,
        webhook_signature: WebhookSignature,
    ) -> None: ...

    @app.webhooks.post(
        "slideshow.published",
        summary="A published slideshow reached its final status at TikTok (posted, or in the creator's inbox)",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def slideshow_published(
        body: PublishEvent,
        signature: Signature,
        event: EventName,
        delivery_id: DeliveryId,
        webhook_id: WebhookId,
        webhook_timestamp: WebhookTimestamp,
        webhook_signature: WebhookSignature,
    ) -> None: ...

    @app.webhooks.post(
        "slideshow.publish_failed",
        summary="TikTok reported a publish as failed (or gave no final status in time), with fail_reason",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def slideshow_publish_failed(
        body: PublishEvent,
        signature: Signature,
        event: EventName,
        delivery_id: DeliveryId,
        webhook_id: WebhookId,
        webhook_timestamp: WebhookTimestamp,
        webhook_signature: WebhookSignature,
    ) -> None: ...

    @app.webhooks.post(
        "webhook.test",
        summary="A test event, sent on request (POST /v0/api/webhooks/{id}/test) whatever the event filter",
        description=DELIVERY,
        responses=RESPONSES,
    )
    def webhook_test(
        body: WebhookTestEvent,
        signature: Signature,
        event: EventName,
        delivery_id: DeliveryId,
        webhook_id: WebhookId,
        webhook_timestamp: WebhookTimestamp,
        webhook_signature: WebhookSignature,
    ) -> None: ...

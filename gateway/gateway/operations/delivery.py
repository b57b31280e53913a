"""Outgoing webhooks, chat integrations, connected social accounts and publishing: the calls
shared by the REST routes and the MCP tools. Each returns a typed result (gateway.models) validated
from the REST JSON it builds (Envelope.of: REST sends that JSON as it is)."""

from __future__ import annotations

from typing import Any

from kit.errors import ServiceError
from kit.grpcx import call
from slides.common.v1 import common_pb2
from slides.delivery.v1 import delivery_pb2 as pb

from gateway.auth import Caller
from gateway.formats import one_page, ts
from gateway.models import (
    AccountList,
    AccountResponse,
    ChatList,
    ChatResponse,
    ConnectUrlResponse,
    DeliveryList,
    DeliveryQueued,
    Ok,
    PublicationList,
    PublishResponse,
    WebhookList,
    WebhookOut,
    WebhookResponse,
)
from gateway.operations.slideshows import _require_slideshow_id as require_slideshow_id

EVENTS = (
    "slideshow.completed",
    "slideshow.failed",
    "quota.exceeded",
    "slideshow.published",
    "slideshow.publish_failed",
)
TEST_EVENT = "webhook.test"


def webhook_json(ep: pb.Endpoint) -> dict[str, Any]:
    out: dict[str, Any] = {
        "_id": ep.id,
        "url": ep.url,
        "events": list(ep.events),
        "description": ep.description,
        "enabled": ep.enabled,
        "disabled_reason": ep.disabled_reason or None,
        "failure_count": ep.failure_count,
        "createdAt": ts(ep.created_at),
    }
    if ep.secret:
        out["secret"] = ep.secret
    return out


def attempt_json(a: pb.Attempt) -> dict[str, Any]:
    return {
        "attempt": a.attempt,
        "status_code": a.status_code or None,
        "duration_ms": a.duration_ms,
        "error": a.error or None,
        "next_attempt_at": ts(a.next_attempt_at),
        "createdAt": ts(a.created_at),
    }


def delivery_json(d: pb.Delivery) -> dict[str, Any]:
    return {
        "_id": d.id,
        "event": d.event,
        "event_id": d.event_id,
        "status": d.status,
        "attempt_count": d.attempt_count,
        "next_attempt_at": ts(d.next_attempt_at),
        "createdAt": ts(d.created_at),
        "attempts": [attempt_json(a) for a in d.attempts],
    }


def mask_url(url: str) -> str:
    """Chat incoming-webhook URLs are credentials: lists show only the host and the last characters."""
    scheme, _, rest = url.partition("://")
    host, _, path = rest.partition("/")
    return f"{scheme}://{host}/…{path[-4:]}" if path else url


def chat_json(c: pb.ChatIntegration, reveal: bool = False) -> dict[str, Any]:
    return {
        "_id": c.id,
        "kind": c.kind,
        "url": c.url if reveal else mask_url(c.url),
        "events": list(c.events),
        "enabled": c.enabled,
        "createdAt": ts(c.created_at),
    }


def account_json(a: pb.SocialAccount) -> dict[str, Any]:
    return {
        "_id": a.id,
        "app_id": a.app_id,
        "platform": a.platform,
        "open_id": a.open_id,
        "display_name": a.display_name,
        "avatar_url": a.avatar_url or None,
        "status": a.status or "CONNECTED",
        "connected_by": a.connected_by or "token",
        "createdAt": ts(a.created_at),
    }


def publish_json(p: pb.Publish) -> dict[str, Any]:
    return {
        "_id": p.id,
        "publish_id": p.publish_id,
        "status": p.status,
        "platform": p.platform,
        "mode": p.mode,
        "privacy_level": p.privacy_level,
        "slideshow_id": p.slideshow_id,
        "account_id": p.account_id,
        "already_published": p.existing,
        "fail_reason": p.fail_reason or None,
        "post_ids": list(p.post_ids),
        "createdAt": ts(p.created_at),
    }


def publication_json(p: pb.Publish) -> dict[str, Any]:
    return {
        "_id": p.id,
        "slideshow_id": p.slideshow_id,
        "platform": p.platform,
        "mode": p.mode,
        "status": p.status,
        # Drafts: the creator chooses who sees the post in TikTok's app; none was asked for.
        "privacy_level": (p.privacy_level or None) if p.mode == "direct" else None,
        "publish_id": p.publish_id or None,
        "post_ids": list(p.post_ids),
        "fail_reason": p.fail_reason or None,
        "createdAt": ts(p.created_at),
        "updatedAt": ts(p.updated_at),
    }


# --- webhooks ------------------------------------------------------------------------


async def create_webhook(
    backends: Any, caller: Caller, url: str, events: list[str] | None = None, description: str | None = ""
) -> WebhookResponse:
    resp = await call(
        backends.delivery.CreateEndpoint,
        pb.CreateEndpointRequest(
            organization_id=caller.organization_id,
            url=url,
            events=events or [],
            description=description or "",
        ),
    )
    return WebhookResponse.of({"success": True, "body": webhook_json(resp.endpoint)})


async def list_webhooks(backends: Any, caller: Caller, page: int = 1, limit: int = 50) -> WebhookList:
    resp = await call(
        backends.delivery.ListEndpoints, pb.ListEndpointsRequest(organization_id=caller.organization_id)
    )
    data = [webhook_json(e) for e in resp.endpoints]
    return WebhookList.of(one_page(data, page, limit))


async def delete_webhook(backends: Any, caller: Caller, endpoint_id: str) -> Ok:
    await call(
        backends.delivery.DeleteEndpoint,
        pb.DeleteEndpointRequest(organization_id=caller.organization_id, endpoint_id=endpoint_id),
    )
    return Ok.of({"success": True})


async def rotate_webhook_secret(backends: Any, caller: Caller, endpoint_id: str) -> WebhookResponse:
    resp = await call(
        backends.delivery.RotateEndpointSecret,
        pb.RotateEndpointSecretRequest(organization_id=caller.organization_id, endpoint_id=endpoint_id),
    )
    return WebhookResponse.of({"success": True, "body": webhook_json(resp.endpoint)})


async def list_deliveries(
    backends: Any, caller: Caller, endpoint_id: str, page: int, limit: int
) -> DeliveryList:
    resp = await call(
        backends.delivery.ListDeliveries,
        pb.ListDeliveriesRequest(
            organization_id=caller.organization_id,
            endpoint_id=endpoint_id,
            page=common_pb2.PageRequest(page=page, limit=limit),
        ),
    )
    return _deliveries_page(resp)


async def update_webhook(
    backends: Any,
    caller: Caller,
    endpoint_id: str,
    url: str | None = None,
    events: list[str] | None = None,
    description: str | None = None,
    enabled: bool | None = None,
) -> WebhookOut:
    """Changes the fields given (None = unchanged); {success, body: endpoint} without the secret."""
    req = pb.UpdateEndpointRequest(organization_id=caller.organization_id, endpoint_id=endpoint_id)
    if url is not None:
        req.url = url
    if events is not None:
        req.events.extend(events)
        req.update_events = True
    if description is not None:
        req.description = description
    if enabled is not None:
        req.enabled = enabled
    resp = await call(backends.delivery.UpdateEndpoint, req)
    return WebhookOut.of({"success": True, "body": webhook_json(resp.endpoint)})


async def test_webhook(backends: Any, caller: Caller, endpoint_id: str) -> DeliveryQueued:
    resp = await call(
        backends.delivery.TestEndpoint,
        pb.TestEndpointRequest(organization_id=caller.organization_id, endpoint_id=endpoint_id),
    )
    return DeliveryQueued.of({"success": True, "body": {"delivery_id": resp.delivery_id}})


async def retry_delivery(backends: Any, caller: Caller, endpoint_id: str, delivery_id: str) -> DeliveryQueued:
    resp = await call(
        backends.delivery.RetryDelivery,
        pb.RetryDeliveryRequest(
            organization_id=caller.organization_id, endpoint_id=endpoint_id, delivery_id=delivery_id
        ),
    )
    return DeliveryQueued.of({"success": True, "body": {"delivery_id": resp.delivery_id}})


def _deliveries_page(resp: Any) -> DeliveryList:
    return DeliveryList.of(
        {
            "success": True,
            "data": [delivery_json(d) for d in resp.deliveries],
            "page": resp.page.page,
            "limit": resp.page.limit,
            "total": resp.page.total,
        }
    )


# --- chat ----------------------------------------------------------------------------


async def create_chat(
    backends: Any, caller: Caller, kind: str, url: str, events: list[str] | None = None
) -> ChatResponse:
    resp = await call(
        backends.delivery.CreateChatIntegration,
        pb.CreateChatIntegrationRequest(
            organization_id=caller.organization_id, kind=kind, url=url, events=events or []
        ),
    )
    return ChatResponse.of({"success": True, "body": chat_json(resp.integration, reveal=True)})


async def list_chat(backends: Any, caller: Caller, page: int = 1, limit: int = 50) -> ChatList:
    resp = await call(
        backends.delivery.ListChatIntegrations,
        pb.ListChatIntegrationsRequest(organization_id=caller.organization_id),
    )
    data = [chat_json(c) for c in resp.integrations]
    return ChatList.of(one_page(data, page, limit))


async def delete_chat(backends: Any, caller: Caller, integration_id: str) -> Ok:
    await call(
        backends.delivery.DeleteChatIntegration,
        pb.DeleteChatIntegrationRequest(
            organization_id=caller.organization_id, integration_id=integration_id
        ),
    )
    return Ok.of({"success": True})


async def test_chat(backends: Any, caller: Caller, integration_id: str) -> DeliveryQueued:
    resp = await call(
        backends.delivery.TestChatIntegration,
        pb.TestChatIntegrationRequest(organization_id=caller.organization_id, integration_id=integration_id),
    )
    return DeliveryQueued.of({"success": True, "body": {"delivery_id": resp.delivery_id}})


async def list_chat_deliveries(
    backends: Any, caller: Caller, integration_id: str, page: int, limit: int
) -> DeliveryList:
    resp = await call(
        backends.delivery.ListChatDeliveries,
        pb.ListChatDeliveriesRequest(
            organization_id=caller.organization_id,
            integration_id=integration_id,
            page=common_pb2.PageRequest(page=page, limit=limit),
        ),
    )
    return _deliveries_page(resp)


# --- social accounts and publishing ---------------------------------------------------


async def connect_account(
    backends: Any,
    caller: Caller,
    app_id: str,
    platform: str,
    access_token: str,
    open_id: str | None = "",
    display_name: str | None = "",
) -> AccountResponse:
    resp = await call(
        backends.delivery.ConnectSocialAccount,
        pb.ConnectSocialAccountRequest(
            organization_id=caller.organization_id,
            app_id=app_id,
            platform=platform,
            access_token=access_token,
            open_id=open_id or "",
            display_name=display_name or "",
        ),
    )
    return AccountResponse.of({"success": True, "body": account_json(resp.account)})


async def connect_tiktok(
    backends: Any, caller: Caller, app_id: str, redirect_after: str | None = None
) -> ConnectUrlResponse:
    """The URL of TikTok's authorize page for connecting an account to the app (signed single-use
    state, 10 minutes, PKCE). UNAVAILABLE when the server has no TikTok client key."""
    resp = await call(
        backends.delivery.StartTikTokConnect,
        pb.StartTikTokConnectRequest(
            organization_id=caller.organization_id, app_id=app_id, redirect_after=redirect_after or ""
        ),
    )
    return ConnectUrlResponse.of({"success": True, "body": {"url": resp.url}})


async def finish_tiktok(
    backends: Any, state: str, code: str, error: str, error_description: str, session_organization_id: str
) -> pb.FinishTikTokConnectResponse:
    """TikTok's callback: every outcome comes back as an answer for the page (see the proto)."""
    return await call(
        backends.delivery.FinishTikTokConnect,
        pb.FinishTikTokConnectRequest(
            state=state,
            code=code,
            error=error,
            error_description=error_description,
            session_organization_id=session_organization_id,
        ),
        timeout=45.0,
    )


async def list_accounts(
    backends: Any, caller: Caller, app_id: str, page: int = 1, limit: int = 50
) -> AccountList:
    resp = await call(
        backends.delivery.ListSocialAccounts,
        pb.ListSocialAccountsRequest(organization_id=caller.organization_id, app_id=app_id),
    )
    data = [account_json(a) for a in resp.accounts]
    return AccountList.of(one_page(data, page, limit))


async def delete_account(backends: Any, caller: Caller, app_id: str, account_id: str) -> Ok:
    await call(
        backends.delivery.DeleteSocialAccount,
        pb.DeleteSocialAccountRequest(
            organization_id=caller.organization_id, app_id=app_id, account_id=account_id
        ),
    )
    return Ok.of({"success": True})


async def publish(
    backends: Any,
    caller: Caller,
    slideshow_id: str,
    platform: str = "tiktok",
    mode: str = "draft",
    privacy_level: str | None = None,
) -> PublishResponse:
    """Publish a READY (COMPLETED) slideshow to its app's connected account; cannot be undone.

    A second call for the same slideshow and account returns the recorded publish
    (`already_published` true) instead of posting again. Errors: PLAN_UPGRADE_REQUIRED (plan
    without publishing), SLIDESHOW_NOT_FOUND, SLIDESHOW_NOT_READY, NO_CONNECTED_ACCOUNT,
    RECONNECT_REQUIRED (TikTok no longer accepts the account's authorization), VALIDATION_ERROR
    (a privacy level the creator lacks), UPSTREAM_ERROR (the platform refused or could not be
    reached). The outcome is followed in the background (slideshow.published / publish_failed).
    Returns {"success", "body": {publish_id, status, platform, mode, ...}} (PublishResponse).
    """
    if not caller.publishing:
        raise ServiceError(
            "PLAN_UPGRADE_REQUIRED",
            "Publishing needs a plan with publishing enabled (Pro or Business).",
            {"plan": caller.plan},
        )
    resp = await call(
        backends.delivery.PublishSlideshow,
        pb.PublishSlideshowRequest(
            organization_id=caller.organization_id,
            slideshow_id=slideshow_id,
            platform=platform,
            mode=mode,
            privacy_level=privacy_level or "",
        ),
        timeout=60.0,
    )
    return PublishResponse.of({"success": True, "body": publish_json(resp.publish)})


async def list_publications(
    backends: Any, caller: Caller, slideshow_id: str, page: int = 1, limit: int = 20
) -> PublicationList:
    """A slideshow's publications (every connected account), newest first, each with the status the
    background follow-up recorded last (final once PUBLISH_COMPLETE, SEND_TO_USER_INBOX or FAILED).
    Errors: SLIDESHOW_NOT_FOUND (unknown, or another organization's). Returns the collection envelope."""
    require_slideshow_id(slideshow_id)
    resp = await call(
        backends.delivery.ListPublications,
        pb.ListPublicationsRequest(
            organization_id=caller.organization_id,
            slideshow_id=slideshow_id,
            page=common_pb2.PageRequest(page=page, limit=limit),
        ),
    )
    return PublicationList.of(
        {
            "success": True,
            "data": [publication_json(p) for p in resp.publications],
            "page": resp.page.page,
            "limit": resp.page.limit,
            "total": resp.page.total,
        }
    )

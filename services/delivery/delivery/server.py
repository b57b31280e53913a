"""gRPC servicer: proto <-> domain translation for endpoints, chat, accounts and publishing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from kit import db, grpcx, ids, netguard
from kit.errors import ServiceError, validation_error
from slides.delivery.v1 import delivery_pb2 as pb
from slides.delivery.v1 import delivery_pb2_grpc
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, store
from delivery.accounts import Accounts
from delivery.crypto import KeyRing
from delivery.publishing import Publisher
from delivery.settings import Settings

WEBHOOK_KINDS = (domain.WEBHOOK,)
MAX_ENDPOINTS_PER_ORG = 50
WEBHOOK_NOT_FOUND = ("WEBHOOK_NOT_FOUND", "No such webhook endpoint in this organization.")
INTEGRATION_NOT_FOUND = ("INTEGRATION_NOT_FOUND", "No such chat integration in this organization.")


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    out = Timestamp()
    out.FromDatetime(value.astimezone(UTC))
    return out


def _require(field: str, value: str) -> str:
    if not value:
        raise validation_error([(field, "Required.")])
    return value


def endpoint_pb(row: Row, secret: str = "") -> pb.Endpoint:
    return pb.Endpoint(
        id=row.id,
        organization_id=row.organization_id,
        url=row.url,
        events=list(row.events),
        description=row.description,
        secret=secret,
        enabled=row.enabled,
        created_at=_ts(row.created_at),
        disabled_reason=row.disabled_reason,
        failure_count=row.failure_count,
    )


def chat_pb(row: Row) -> pb.ChatIntegration:
    return pb.ChatIntegration(
        id=row.id,
        organization_id=row.organization_id,
        kind=row.kind,
        url=row.url,
        events=list(row.events),
        enabled=row.enabled,
        created_at=_ts(row.created_at),
    )


def account_pb(row: Row) -> pb.SocialAccount:
    return pb.SocialAccount(
        id=row.id,
        organization_id=row.organization_id,
        app_id=row.app_id,
        platform=row.platform,
        open_id=row.open_id,
        display_name=row.display_name,
        created_at=_ts(row.created_at),
        status=row.status,
        avatar_url=row.avatar_url,
        connected_by=row.connected_by,
    )


def publish_pb(row: Row, existing: bool) -> pb.Publish:
    return pb.Publish(
        id=row.id,
        slideshow_id=row.slideshow_id,
        account_id=row.account_id,
        platform=row.platform,
        mode=row.mode,
        publish_id=row.publish_id,
        status=row.status,
        privacy_level=row.privacy_level,
        created_at=_ts(row.created_at),
        existing=existing,
        fail_reason=row.fail_reason,
        post_ids=list(row.post_ids or []),
        updated_at=_ts(row.updated_at),
    )


def delivery_pb(row: Row, attempt_rows: list[Row]) -> pb.Delivery:
    return pb.Delivery(
        id=row.id,
        endpoint_id=row.endpoint_id,
        event=row.event,
        event_id=row.event_id,
        status=row.status,
        attempt_count=row.attempt_count,
        next_attempt_at=_ts(row.next_attempt_at if row.status == domain.PENDING else None),
        created_at=_ts(row.created_at),
        attempts=[
            pb.Attempt(
                attempt=a.attempt,
                status_code=a.status_code,
                duration_ms=a.duration_ms,
                error=a.error,
                next_attempt_at=_ts(a.next_attempt_at),
                created_at=_ts(a.created_at),
            )
            for a in attempt_rows
        ],
    )


class DeliveryServicer(delivery_pb2_grpc.DeliveryServiceServicer):
    def __init__(
        self,
        settings: Settings,
        engine: AsyncEngine,
        keyring: KeyRing,
        publisher: Publisher,
        accounts: Accounts,
        on_new: Callable[[], None] = lambda: None,
    ):
        self.settings = settings
        self.engine = engine
        self.reads = db.autocommit(engine)  # reads of one statement (no BEGIN/ROLLBACK)
        self.keyring = keyring
        self.publisher = publisher
        self.accounts = accounts
        self.on_new = on_new  # wakes the sender: a delivery is due now

    async def _send_test(
        self, org: str, endpoint_id: str, kinds: tuple[str, ...], missing: tuple[str, str]
    ) -> str:
        """Queues a webhook.test delivery to one endpoint (enabled or not: the caller asked),
        whatever its event filter; the sender signs, sends, retries and logs it as any other."""
        now = datetime.now(UTC)
        delivery_id = ids.new_id("whd")
        async with self.engine.begin() as conn:
            ep = await store.get_endpoint(conn, org, endpoint_id, kinds)
            if ep is None:
                raise ServiceError(*missing)
            payload = domain.webhook_test_payload(org, ep.id)
            if ep.kind == domain.WEBHOOK:
                body = domain.webhook_body(domain.WEBHOOK_TEST, payload, now)
            else:
                body = domain.chat_body(ep.kind, domain.WEBHOOK_TEST, payload)
            await store.insert_delivery(
                conn,
                {
                    "id": delivery_id,
                    "organization_id": org,
                    "endpoint_id": ep.id,
                    "event_id": ids.new_id("evt"),
                    "event": domain.WEBHOOK_TEST,
                    "body": body,
                    "status": domain.PENDING,
                    "attempt_count": 0,
                    "next_attempt_at": now,
                    "created_at": now,
                    "updated_at": now,
                },
            )
        self.on_new()
        return delivery_id

    async def _list_deliveries(
        self, org: str, endpoint_id: str, kinds: tuple[str, ...], missing: tuple[str, str], page_req: Any
    ) -> tuple[list[pb.Delivery], dict[str, int]]:
        page = max(1, page_req.page or 1)
        limit = min(100, max(1, page_req.limit or 20))
        async with self.engine.connect() as conn:
            if await store.get_endpoint(conn, org, endpoint_id, kinds) is None:
                raise ServiceError(*missing)
            rows, by_delivery, total = await store.list_deliveries(conn, org, endpoint_id, page, limit)
        return [delivery_pb(r, by_delivery[r.id]) for r in rows], {
            "page": page,
            "limit": limit,
            "total": total,
        }

    async def _new_endpoint(
        self, org: str, kind: str, url: str, events: list[str], description: str
    ) -> tuple[Row, str]:
        await netguard.check(url, self.settings.webhook_allow_private_networks)
        clean = domain.clean_events(events)
        endpoint_id = ids.new_id("wh" if kind == domain.WEBHOOK else "chat")
        secret, key_id, cipher, stored_url = "", None, None, url.strip()
        if kind == domain.WEBHOOK:
            secret = domain.new_secret()
            key_id, cipher = self.keyring.encrypt(secret, endpoint_id)
        else:
            # A chat incoming-webhook URL is itself the credential: encrypted like a webhook
            # secret, and only its masked form is stored in the clear.
            key_id, cipher = self.keyring.encrypt(stored_url, endpoint_id)
            stored_url = domain.mask_chat_url(stored_url)
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            existing = await store.list_endpoints(conn, org, (domain.WEBHOOK, *domain.CHAT_KINDS))
            if len(existing) >= MAX_ENDPOINTS_PER_ORG:
                raise validation_error(
                    [("url", f"At most {MAX_ENDPOINTS_PER_ORG} endpoints per organization.")]
                )
            row = await store.insert_endpoint(
                conn,
                {
                    "id": endpoint_id,
                    "organization_id": org,
                    "kind": kind,
                    "url": stored_url,
                    "events": clean,
                    "description": description,
                    "secret_key_id": key_id,
                    "secret_cipher": cipher,
                    "enabled": True,
                    "disabled_reason": "",
                    "created_at": now,
                    "updated_at": now,
                },
            )
        return row, secret

    # --- webhooks ---------------------------------------------------------------------

    @grpcx.rpc
    async def CreateEndpoint(
        self, request: pb.CreateEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateEndpointResponse:
        org = _require("organization_id", request.organization_id)
        description = domain.clean_description(request.description)
        row, secret = await self._new_endpoint(
            org, domain.WEBHOOK, request.url, list(request.events), description
        )
        return pb.CreateEndpointResponse(endpoint=endpoint_pb(row, secret))

    @grpcx.rpc
    async def ListEndpoints(
        self, request: pb.ListEndpointsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListEndpointsResponse:
        async with self.reads.connect() as conn:
            rows = await store.list_endpoints(conn, request.organization_id, WEBHOOK_KINDS)
        return pb.ListEndpointsResponse(endpoints=[endpoint_pb(r) for r in rows])

    @grpcx.rpc
    async def DeleteEndpoint(
        self, request: pb.DeleteEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteEndpointResponse:
        async with self.engine.begin() as conn:
            if not await store.delete_endpoint(
                conn, request.organization_id, request.endpoint_id, WEBHOOK_KINDS
            ):
                raise ServiceError(*WEBHOOK_NOT_FOUND)
        return pb.DeleteEndpointResponse()

    @grpcx.rpc
    async def RotateEndpointSecret(
        self, request: pb.RotateEndpointSecretRequest, context: grpc.aio.ServicerContext
    ) -> pb.RotateEndpointSecretResponse:
        secret = domain.new_secret()
        key_id, cipher = self.keyring.encrypt(secret, request.endpoint_id)
        async with self.engine.begin() as conn:
            row = await store.set_secret(
                conn, request.organization_id, request.endpoint_id, key_id, cipher, datetime.now(UTC)
            )
        if row is None:
            raise ServiceError(*WEBHOOK_NOT_FOUND)
        return pb.RotateEndpointSecretResponse(endpoint=endpoint_pb(row, secret))

    @grpcx.rpc
    async def ListDeliveries(
        self, request: pb.ListDeliveriesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListDeliveriesResponse:
        deliveries, page = await self._list_deliveries(
            request.organization_id, request.endpoint_id, WEBHOOK_KINDS, WEBHOOK_NOT_FOUND, request.page
        )
        return pb.ListDeliveriesResponse(deliveries=deliveries, page=page)

    @grpcx.rpc
    async def UpdateEndpoint(
        self, request: pb.UpdateEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.UpdateEndpointResponse:
        org = _require("organization_id", request.organization_id)
        values: dict[str, Any] = {}
        if request.HasField("description"):
            values["description"] = domain.clean_description(request.description)
        if request.update_events:
            values["events"] = domain.clean_events(list(request.events))
        if request.HasField("url"):
            await netguard.check(request.url, self.settings.webhook_allow_private_networks)
            values["url"] = request.url.strip()
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            if request.HasField("enabled") and not request.enabled:
                current = await store.get_endpoint(conn, org, request.endpoint_id, WEBHOOK_KINDS)
                if current is not None and current.enabled:
                    # Pending retries stop as when the endpoint answered 410.
                    await store.disable_endpoint(conn, org, current.id, "manual", now)
            elif request.HasField("enabled"):
                values["enabled"] = True
            row = await store.update_endpoint(
                conn, org, request.endpoint_id, WEBHOOK_KINDS, {**values, "updated_at": now}
            )
        if row is None:
            raise ServiceError(*WEBHOOK_NOT_FOUND)
        return pb.UpdateEndpointResponse(endpoint=endpoint_pb(row))

    @grpcx.rpc
    async def TestEndpoint(
        self, request: pb.TestEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.TestEndpointResponse:
        org = _require("organization_id", request.organization_id)
        delivery_id = await self._send_test(org, request.endpoint_id, WEBHOOK_KINDS, WEBHOOK_NOT_FOUND)
        return pb.TestEndpointResponse(delivery_id=delivery_id)

    @grpcx.rpc
    async def RetryDelivery(
        self, request: pb.RetryDeliveryRequest, context: grpc.aio.ServicerContext
    ) -> pb.RetryDeliveryResponse:
        org = _require("organization_id", request.organization_id)
        async with self.engine.begin() as conn:
            if await store.get_endpoint(conn, org, request.endpoint_id, WEBHOOK_KINDS) is None:
                raise ServiceError(*WEBHOOK_NOT_FOUND)
            moved = await store.send_again(
                conn, org, request.endpoint_id, request.delivery_id, datetime.now(UTC)
            )
        if moved is None:
            raise ServiceError("NOT_FOUND", "No such delivery for this webhook endpoint.")
        self.on_new()
        return pb.RetryDeliveryResponse(delivery_id=request.delivery_id)

    # --- chat -------------------------------------------------------------------------

    @grpcx.rpc
    async def CreateChatIntegration(
        self, request: pb.CreateChatIntegrationRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateChatIntegrationResponse:
        org = _require("organization_id", request.organization_id)
        kind = domain.clean_chat_kind(request.kind)
        row, _ = await self._new_endpoint(org, kind, request.url, list(request.events), "")
        created = chat_pb(row)
        created.url = request.url.strip()  # shown in full once, at creation
        return pb.CreateChatIntegrationResponse(integration=created)

    @grpcx.rpc
    async def ListChatIntegrations(
        self, request: pb.ListChatIntegrationsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListChatIntegrationsResponse:
        async with self.engine.connect() as conn:
            rows = await store.list_endpoints(conn, request.organization_id, domain.CHAT_KINDS)
        return pb.ListChatIntegrationsResponse(integrations=[chat_pb(r) for r in rows])

    @grpcx.rpc
    async def DeleteChatIntegration(
        self, request: pb.DeleteChatIntegrationRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteChatIntegrationResponse:
        async with self.engine.begin() as conn:
            deleted = await store.delete_endpoint(
                conn, request.organization_id, request.integration_id, domain.CHAT_KINDS
            )
        if not deleted:
            raise ServiceError(*INTEGRATION_NOT_FOUND)
        return pb.DeleteChatIntegrationResponse()

    @grpcx.rpc
    async def TestChatIntegration(
        self, request: pb.TestChatIntegrationRequest, context: grpc.aio.ServicerContext
    ) -> pb.TestChatIntegrationResponse:
        org = _require("organization_id", request.organization_id)
        delivery_id = await self._send_test(
            org, request.integration_id, domain.CHAT_KINDS, INTEGRATION_NOT_FOUND
        )
        return pb.TestChatIntegrationResponse(delivery_id=delivery_id)

    @grpcx.rpc
    async def ListChatDeliveries(
        self, request: pb.ListChatDeliveriesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListChatDeliveriesResponse:
        deliveries, page = await self._list_deliveries(
            request.organization_id,
            request.integration_id,
            domain.CHAT_KINDS,
            INTEGRATION_NOT_FOUND,
            request.page,
        )
        return pb.ListChatDeliveriesResponse(deliveries=deliveries, page=page)

    # --- social accounts and publishing -----------------------------------------------

    async def _check_app(self, org: str, app_id: str) -> None:
        await self.accounts.check_app(org, app_id)

    @grpcx.rpc
    async def ConnectSocialAccount(
        self, request: pb.ConnectSocialAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.ConnectSocialAccountResponse:
        org = _require("organization_id", request.organization_id)
        domain.clean_account(request.platform, request.access_token, request.open_id, request.display_name)
        await self._check_app(org, request.app_id)
        account_id = ids.new_id("acct")
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            current = await store.account_for(conn, org, request.app_id, request.platform)
            if current is not None:
                account_id = current.id  # reconnecting replaces the token, keeps the id
            key_id, cipher = self.keyring.encrypt(request.access_token, account_id)
            row = await store.upsert_account(
                conn,
                {
                    "id": account_id,
                    "organization_id": org,
                    "app_id": request.app_id,
                    "platform": request.platform,
                    "open_id": request.open_id,
                    "display_name": request.display_name,
                    "token_key_id": key_id,
                    "token_cipher": cipher,
                    "created_at": now,
                    "updated_at": now,
                },
            )
        return pb.ConnectSocialAccountResponse(account=account_pb(row))

    @grpcx.rpc
    async def ListSocialAccounts(
        self, request: pb.ListSocialAccountsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListSocialAccountsResponse:
        await self._check_app(request.organization_id, request.app_id)
        async with self.engine.connect() as conn:
            rows = await store.list_accounts(conn, request.organization_id, request.app_id)
        return pb.ListSocialAccountsResponse(accounts=[account_pb(r) for r in rows])

    @grpcx.rpc
    async def DeleteSocialAccount(
        self, request: pb.DeleteSocialAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteSocialAccountResponse:
        org = _require("organization_id", request.organization_id)
        await self.accounts.disconnect(org, request.app_id, request.account_id)
        return pb.DeleteSocialAccountResponse()

    @grpcx.rpc
    async def StartTikTokConnect(
        self, request: pb.StartTikTokConnectRequest, context: grpc.aio.ServicerContext
    ) -> pb.StartTikTokConnectResponse:
        org = _require("organization_id", request.organization_id)
        url = await self.accounts.start_connect(org, request.app_id, request.redirect_after)
        return pb.StartTikTokConnectResponse(url=url)

    @grpcx.rpc
    async def FinishTikTokConnect(
        self, request: pb.FinishTikTokConnectRequest, context: grpc.aio.ServicerContext
    ) -> pb.FinishTikTokConnectResponse:
        done = await self.accounts.finish_connect(
            request.state,
            request.code,
            request.error,
            request.error_description,
            request.session_organization_id,
        )
        return pb.FinishTikTokConnectResponse(
            outcome=done.outcome,
            message=done.message,
            redirect_url=done.redirect_url,
            account=account_pb(done.account) if done.account is not None else None,
            error=done.error,
        )

    @grpcx.rpc
    async def PublishSlideshow(
        self, request: pb.PublishSlideshowRequest, context: grpc.aio.ServicerContext
    ) -> pb.PublishSlideshowResponse:
        org = _require("organization_id", request.organization_id)
        row, created = await self.publisher.publish(
            org, request.slideshow_id, request.platform, request.mode, request.privacy_level
        )
        return pb.PublishSlideshowResponse(publish=publish_pb(row, existing=not created))

    @grpcx.rpc
    async def ListPublications(
        self, request: pb.ListPublicationsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListPublicationsResponse:
        org = _require("organization_id", request.organization_id)
        await self.publisher.check_slideshow(org, request.slideshow_id)  # SLIDESHOW_NOT_FOUND
        page = max(1, request.page.page or 1)
        limit = min(100, max(1, request.page.limit or 20))
        async with self.engine.connect() as conn:
            rows, total = await store.list_publishes(conn, org, request.slideshow_id, page, limit)
        return pb.ListPublicationsResponse(
            publications=[publish_pb(r, existing=False) for r in rows],
            page={"page": page, "limit": limit, "total": total},
        )

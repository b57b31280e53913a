"""gRPC adapter: proto in -> delivery.application call -> proto out, for endpoints, chat,
accounts and publishing. The use cases live in application, the rules in domain, the SQL in
store; each call gets its own unit of work (events.unit_of_work)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from kit import grpcx, netguard
from kit.errors import validation_error
from slides.common.v1 import common_pb2
from slides.delivery.v1 import delivery_pb2 as pb
from slides.delivery.v1 import delivery_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, events, store
from delivery.accounts import Accounts
from delivery.application import chat, publishing, webhooks
from delivery.application.ports import DeliveryUnitOfWork
from delivery.crypto import KeyRing
from delivery.publishing import Publisher
from delivery.settings import Settings


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


def endpoint_pb(endpoint: domain.Endpoint, secret: str = "") -> pb.Endpoint:
    return pb.Endpoint(
        id=endpoint.id,
        organization_id=endpoint.organization_id,
        url=endpoint.url,
        events=list(endpoint.events),
        description=endpoint.description,
        secret=secret,
        enabled=endpoint.enabled,
        created_at=_ts(endpoint.created_at),
        disabled_reason=endpoint.disabled_reason,
        failure_count=endpoint.failure_count,
    )


def chat_pb(endpoint: domain.Endpoint) -> pb.ChatIntegration:
    return pb.ChatIntegration(
        id=endpoint.id,
        organization_id=endpoint.organization_id,
        kind=endpoint.kind,
        url=endpoint.url,
        events=list(endpoint.events),
        enabled=endpoint.enabled,
        created_at=_ts(endpoint.created_at),
    )


def account_pb(row: domain.Account) -> pb.SocialAccount:
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


def publish_pb(row: domain.Publish, existing: bool) -> pb.Publish:
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


def delivery_pb(delivery: domain.Delivery) -> pb.Delivery:
    return pb.Delivery(
        id=delivery.id,
        endpoint_id=delivery.endpoint_id,
        event=delivery.event,
        event_id=delivery.event_id,
        status=delivery.status,
        attempt_count=delivery.attempt_count,
        next_attempt_at=_ts(delivery.next_attempt_at if delivery.status == domain.PENDING else None),
        created_at=_ts(delivery.created_at),
        attempts=[
            pb.Attempt(
                attempt=a.attempt,
                status_code=a.status_code,
                duration_ms=a.duration_ms,
                error=a.error,
                next_attempt_at=_ts(a.next_attempt_at),
                created_at=_ts(a.created_at),
            )
            for a in delivery.attempts
        ],
    )


def page_pb(found: webhooks.DeliveryPage) -> common_pb2.PageInfo:
    return common_pb2.PageInfo(page=found.page, limit=found.limit, total=found.total)


class UrlGuard:
    """kit.netguard's SSRF rule for receivers' URLs (application.ports.UrlGuard)."""

    def __init__(self, allow_private: bool):
        self.allow_private = allow_private

    async def check(self, url: str) -> None:
        await netguard.check(url, self.allow_private)


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
        self.keyring = keyring
        self.publisher = publisher
        self.accounts = accounts
        self.on_new = on_new  # wakes the sender: a delivery is due now
        self.reads = store.Reads(engine)  # autocommit reads (no BEGIN/ROLLBACK)
        self.guard = UrlGuard(settings.webhook_allow_private_networks)
        self.apps = accounts  # catalog's apps (application.publishing.Apps)

    def uow(self) -> DeliveryUnitOfWork:
        """One unit of work per use case call; one that queued deliveries wakes the sender."""
        return events.unit_of_work(self.engine, [events.waking(self.on_new)])

    # --- webhooks ---------------------------------------------------------------------

    @grpcx.rpc
    async def CreateEndpoint(
        self, request: pb.CreateEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateEndpointResponse:
        created = await webhooks.create_endpoint(
            self.uow(),
            self.guard,
            self.keyring,
            request.organization_id,
            request.url,
            list(request.events),
            request.description,
        )
        return pb.CreateEndpointResponse(endpoint=endpoint_pb(created.endpoint, created.secret))

    @grpcx.rpc
    async def ListEndpoints(
        self, request: pb.ListEndpointsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListEndpointsResponse:
        found = await webhooks.list_endpoints(self.reads, request.organization_id)
        return pb.ListEndpointsResponse(endpoints=[endpoint_pb(e) for e in found])

    @grpcx.rpc
    async def DeleteEndpoint(
        self, request: pb.DeleteEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteEndpointResponse:
        await webhooks.delete_endpoint(self.uow(), request.organization_id, request.endpoint_id)
        return pb.DeleteEndpointResponse()

    @grpcx.rpc
    async def RotateEndpointSecret(
        self, request: pb.RotateEndpointSecretRequest, context: grpc.aio.ServicerContext
    ) -> pb.RotateEndpointSecretResponse:
        rotated = await webhooks.rotate_secret(
            self.uow(), self.keyring, request.organization_id, request.endpoint_id
        )
        return pb.RotateEndpointSecretResponse(endpoint=endpoint_pb(rotated.endpoint, rotated.secret))

    @grpcx.rpc
    async def ListDeliveries(
        self, request: pb.ListDeliveriesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListDeliveriesResponse:
        found = await webhooks.list_deliveries(
            self.reads,
            request.organization_id,
            request.endpoint_id,
            request.page.page,
            request.page.limit,
        )
        return pb.ListDeliveriesResponse(
            deliveries=[delivery_pb(d) for d in found.deliveries], page=page_pb(found)
        )

    @grpcx.rpc
    async def UpdateEndpoint(
        self, request: pb.UpdateEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.UpdateEndpointResponse:
        endpoint = await webhooks.update_endpoint(
            self.uow(),
            self.guard,
            request.organization_id,
            request.endpoint_id,
            description=request.description if request.HasField("description") else None,
            events=list(request.events) if request.update_events else None,
            url=request.url if request.HasField("url") else None,
            enabled=request.enabled if request.HasField("enabled") else None,
        )
        return pb.UpdateEndpointResponse(endpoint=endpoint_pb(endpoint))

    @grpcx.rpc
    async def TestEndpoint(
        self, request: pb.TestEndpointRequest, context: grpc.aio.ServicerContext
    ) -> pb.TestEndpointResponse:
        delivery_id = await webhooks.send_test(self.uow(), request.organization_id, request.endpoint_id)
        return pb.TestEndpointResponse(delivery_id=delivery_id)

    @grpcx.rpc
    async def RetryDelivery(
        self, request: pb.RetryDeliveryRequest, context: grpc.aio.ServicerContext
    ) -> pb.RetryDeliveryResponse:
        delivery_id = await webhooks.retry_delivery(
            self.uow(), request.organization_id, request.endpoint_id, request.delivery_id
        )
        return pb.RetryDeliveryResponse(delivery_id=delivery_id)

    # --- chat -------------------------------------------------------------------------

    @grpcx.rpc
    async def CreateChatIntegration(
        self, request: pb.CreateChatIntegrationRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateChatIntegrationResponse:
        created = await chat.create_integration(
            self.uow(),
            self.guard,
            self.keyring,
            request.organization_id,
            request.kind,
            request.url,
            list(request.events),
        )
        integration = chat_pb(created.endpoint)
        integration.url = created.secret  # shown in full once, at creation
        return pb.CreateChatIntegrationResponse(integration=integration)

    @grpcx.rpc
    async def ListChatIntegrations(
        self, request: pb.ListChatIntegrationsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListChatIntegrationsResponse:
        found = await chat.list_integrations(self.reads, request.organization_id)
        return pb.ListChatIntegrationsResponse(integrations=[chat_pb(e) for e in found])

    @grpcx.rpc
    async def DeleteChatIntegration(
        self, request: pb.DeleteChatIntegrationRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteChatIntegrationResponse:
        await chat.delete_integration(self.uow(), request.organization_id, request.integration_id)
        return pb.DeleteChatIntegrationResponse()

    @grpcx.rpc
    async def TestChatIntegration(
        self, request: pb.TestChatIntegrationRequest, context: grpc.aio.ServicerContext
    ) -> pb.TestChatIntegrationResponse:
        delivery_id = await chat.send_integration_test(
            self.uow(), request.organization_id, request.integration_id
        )
        return pb.TestChatIntegrationResponse(delivery_id=delivery_id)

    @grpcx.rpc
    async def ListChatDeliveries(
        self, request: pb.ListChatDeliveriesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListChatDeliveriesResponse:
        found = await chat.list_integration_deliveries(
            self.reads,
            request.organization_id,
            request.integration_id,
            request.page.page,
            request.page.limit,
        )
        return pb.ListChatDeliveriesResponse(
            deliveries=[delivery_pb(d) for d in found.deliveries], page=page_pb(found)
        )

    # --- social accounts and publishing -----------------------------------------------

    @grpcx.rpc
    async def ConnectSocialAccount(
        self, request: pb.ConnectSocialAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.ConnectSocialAccountResponse:
        account = await publishing.connect_account(
            self.uow(),
            self.apps,
            self.keyring,
            request.organization_id,
            request.app_id,
            request.platform,
            request.access_token,
            request.open_id,
            request.display_name,
        )
        return pb.ConnectSocialAccountResponse(account=account_pb(account))

    @grpcx.rpc
    async def ListSocialAccounts(
        self, request: pb.ListSocialAccountsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListSocialAccountsResponse:
        found = await publishing.list_accounts(self.reads, self.apps, request.organization_id, request.app_id)
        return pb.ListSocialAccountsResponse(accounts=[account_pb(a) for a in found])

    @grpcx.rpc
    async def DeleteSocialAccount(
        self, request: pb.DeleteSocialAccountRequest, context: grpc.aio.ServicerContext
    ) -> pb.DeleteSocialAccountResponse:
        org = webhooks.require("organization_id", request.organization_id)
        await self.accounts.disconnect(org, request.app_id, request.account_id)
        return pb.DeleteSocialAccountResponse()

    @grpcx.rpc
    async def StartTikTokConnect(
        self, request: pb.StartTikTokConnectRequest, context: grpc.aio.ServicerContext
    ) -> pb.StartTikTokConnectResponse:
        org = webhooks.require("organization_id", request.organization_id)
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
        publish, created = await publishing.publish_slideshow(
            self.publisher.uow(),
            self.reads,
            self.publisher,
            self.publisher,
            request.organization_id,
            request.slideshow_id,
            request.platform,
            request.mode,
            request.privacy_level,
            self.publisher.poll_seconds,
        )
        return pb.PublishSlideshowResponse(publish=publish_pb(publish, existing=not created))

    @grpcx.rpc
    async def ListPublications(
        self, request: pb.ListPublicationsRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListPublicationsResponse:
        found = await publishing.list_publications(
            self.reads,
            self.publisher,
            request.organization_id,
            request.slideshow_id,
            request.page.page,
            request.page.limit,
        )
        return pb.ListPublicationsResponse(
            publications=[publish_pb(p, existing=False) for p in found.publications],
            page=common_pb2.PageInfo(page=found.page, limit=found.limit, total=found.total),
        )

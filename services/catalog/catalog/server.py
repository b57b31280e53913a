"""gRPC adapter: proto in -> catalog.application call -> proto out. The use cases live in
application, the rules in domain, the SQL in store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit import grpcx, logs
from kit.errors import ServiceError
from kit.outbox import OutboxRelay
from kit.watchers import Watchers
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.common.v1 import common_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from catalog import application, domain, events, store

log = logs.get(__name__)

APPS_QUOTA = "apps"


def _read(app: catalog_pb2.App, field: str) -> Any:
    value = getattr(app, field)
    return list(value) if field in domain.LIST_FIELDS else value


class AppMessages:
    """App messages by app (a domain.App is a frozen value: an equal app builds an equal message),
    so a page of apps unchanged since this process last answered them builds no messages. Bounded."""

    def __init__(self, limit: int = 20_000):
        self.limit = limit
        self._by_app: dict[domain.App, catalog_pb2.App] = {}

    def of(self, app: domain.App) -> catalog_pb2.App:
        message = self._by_app.get(app)
        if message is None:
            if len(self._by_app) > self.limit:
                self._by_app.clear()
            message = self._by_app[app] = events.app_pb(app)
        return message


class Quota:
    """The organization's `apps` quota, kept by billing; keys make consume/release idempotent
    (application.Quota)."""

    def __init__(self, billing: Any):
        self.billing = billing

    async def consume(self, organization_id: str, app_id: str) -> None:
        request = billing_pb2.ConsumeQuotaRequest(
            organization_id=organization_id,
            quota=APPS_QUOTA,
            amount=1,
            idempotency_key=f"app-create:{app_id}",
        )
        await grpcx.call(self.billing.ConsumeQuota, request, organization_id=organization_id)

    async def release(self, organization_id: str, app_id: str, reason: str) -> None:
        # Keyed like the consume: billing gives back only what that consume took, and only once.
        request = billing_pb2.ReleaseQuotaRequest(
            organization_id=organization_id,
            quota=APPS_QUOTA,
            amount=1,
            idempotency_key=f"app-create:{app_id}",
        )
        try:
            await grpcx.call(self.billing.ReleaseQuota, request, organization_id=organization_id)
        except ServiceError as err:
            if reason == "delete":  # not lost: billing releases it on this delete's AppDeleted event
                log.info("apps quota release left to the AppDeleted event", app_id=app_id, code=err.code)
            else:
                log.warning("apps quota not released", app_id=app_id, reason=reason, code=err.code)


class CatalogServicer(catalog_pb2_grpc.CatalogServiceServicer):
    def __init__(self, engine: AsyncEngine, relay: OutboxRelay, billing: Any, watchers: Watchers):
        self.engine = engine
        self.watchers = watchers
        self.relay = relay
        self.reads = store.AppReads(engine)
        self.quota = Quota(billing)
        self.messages = AppMessages()

    def uow(self) -> application.CatalogUnitOfWork:
        # After the commit, every gateway drops the organization's kept answers before the write answers.
        return events.unit_of_work(self.engine, self.relay, [self._changed])

    async def _changed(self, committed: Sequence[object]) -> None:
        apps_events = (
            e for e in committed if isinstance(e, domain.AppCreated | domain.AppUpdated | domain.AppDeleted)
        )
        for org in dict.fromkeys(e.organization_id for e in apps_events):
            await self.watchers.changed(org)

    @grpcx.rpc
    async def ListApps(self, request: catalog_pb2.ListAppsRequest, context) -> catalog_pb2.ListAppsResponse:
        found = await application.list_apps(
            self.reads, request.organization_id, request.status, request.page.page, request.page.limit
        )
        return catalog_pb2.ListAppsResponse(
            apps=[self.messages.of(app) for app in found.apps],
            page=common_pb2.PageInfo(page=found.page, limit=found.limit, total=found.total),
        )

    async def WatchApps(self, request_iterator, context):
        await self.watchers.serve(context)

    @grpcx.rpc
    async def GetApp(self, request: catalog_pb2.GetAppRequest, context) -> catalog_pb2.GetAppResponse:
        app = await application.get_app(self.reads, request.organization_id, request.app_id)
        return catalog_pb2.GetAppResponse(app=self.messages.of(app))

    @grpcx.rpc
    async def CreateApp(
        self, request: catalog_pb2.CreateAppRequest, context
    ) -> catalog_pb2.CreateAppResponse:
        fields = {f: _read(request.app, f) for f in domain.WRITABLE_FIELDS}
        app = await application.create_app(
            self.uow(), self.reads, self.quota, request.organization_id, fields
        )
        return catalog_pb2.CreateAppResponse(app=events.app_pb(app))

    @grpcx.rpc
    async def UpdateApp(
        self, request: catalog_pb2.UpdateAppRequest, context
    ) -> catalog_pb2.UpdateAppResponse:
        paths = list(request.update_mask.paths)
        fields = {p: _read(request.app, p) for p in paths if p in domain.WRITABLE_FIELDS}
        app = await application.update_app(
            self.uow(), self.reads, request.organization_id, request.app_id, paths, fields
        )
        return catalog_pb2.UpdateAppResponse(app=events.app_pb(app))

    @grpcx.rpc
    async def DeleteApp(
        self, request: catalog_pb2.DeleteAppRequest, context
    ) -> catalog_pb2.DeleteAppResponse:
        await application.delete_app(self.uow(), self.quota, request.organization_id, request.app_id)
        return catalog_pb2.DeleteAppResponse()

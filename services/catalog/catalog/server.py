"""gRPC servicer: proto <-> domain translation; the rules live in domain, the SQL in store."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit import db, grpcx, logs
from kit.errors import ServiceError, validation_error
from kit.ids import new_id
from kit.outbox import OutboxRelay
from kit.watchers import Watchers
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.common.v1 import common_pb2
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from catalog import domain, events, store

log = logs.get(__name__)

APPS_QUOTA = "apps"


def _timestamp(epoch_us: int) -> dict[str, int]:
    seconds, micros = divmod(epoch_us, 1_000_000)
    return {"seconds": seconds, "nanos": micros * 1000}


def to_proto(app: Mapping[str, Any]) -> catalog_pb2.App:
    """An app as the store reads it (store.APP: the columns, times in epoch microseconds)."""
    fields = dict(app)
    created, updated = fields.pop("created_us"), fields.pop("updated_us")
    return catalog_pb2.App(**fields, created_at=_timestamp(created), updated_at=_timestamp(updated))


def _read(app: catalog_pb2.App, field: str) -> Any:
    value = getattr(app, field)
    return list(value) if field in domain.LIST_FIELDS else value


def _organization(organization_id: str) -> str:
    if not organization_id:
        raise validation_error([("organization_id", "is required")])
    return organization_id


class AppMessages:
    """App messages by version (store.Version): a page of apps unchanged since this process last
    read them costs one narrow query, with no rows to load and no messages to build. Bounded;
    a version never changes, so nothing here goes stale."""

    def __init__(self, limit: int = 20_000):
        self.limit = limit
        self._by_version: dict[store.Version, catalog_pb2.App] = {}

    async def page(
        self, conn: AsyncConnection, org: str, versions: list[store.Version]
    ) -> list[catalog_pb2.App]:
        if len(self._by_version) > self.limit:
            self._by_version.clear()
        missing = [v[0] for v in versions if v not in self._by_version]
        # An app changed since the page was read comes in its newer version; a deleted one is left out.
        fetched: dict[str, catalog_pb2.App] = {}
        if missing:
            for version, row in await store.apps_by_id(conn, org, missing):
                fetched[version[0]] = self._by_version[version] = to_proto(row)
        found = (self._by_version.get(v, fetched.get(v[0])) for v in versions)
        return [app for app in found if app is not None]


class Quota:
    """The organization's `apps` quota, kept by billing; keys make consume/release idempotent."""

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
            log.warning("apps quota not released", app_id=app_id, reason=reason, code=err.code)


class CatalogServicer(catalog_pb2_grpc.CatalogServiceServicer):
    def __init__(self, engine: AsyncEngine, relay: OutboxRelay, billing: Any, watchers: Watchers):
        self.engine = engine
        self.watchers = watchers
        self.reads = db.autocommit(engine)
        self.relay = relay
        self.quota = Quota(billing)
        self.messages = AppMessages()

    @grpcx.rpc
    async def ListApps(self, request: catalog_pb2.ListAppsRequest, context) -> catalog_pb2.ListAppsResponse:
        org = _organization(request.organization_id)
        page, limit = domain.page_window(request.page.page, request.page.limit)
        status = domain.status_filter(request.status)
        async with self.reads.connect() as conn:
            versions, total = await store.list_versions(conn, org, status, (page - 1) * limit, limit)
            apps = await self.messages.page(conn, org, versions)
        return catalog_pb2.ListAppsResponse(
            apps=apps, page=common_pb2.PageInfo(page=page, limit=limit, total=total)
        )

    async def WatchApps(self, request_iterator, context):
        await self.watchers.serve(context)

    @grpcx.rpc
    async def GetApp(self, request: catalog_pb2.GetAppRequest, context) -> catalog_pb2.GetAppResponse:
        return catalog_pb2.GetAppResponse(
            app=to_proto(await self._get(request.organization_id, request.app_id))
        )

    async def _get(self, organization_id: str, app_id: str) -> Mapping[str, Any]:
        org = _organization(organization_id)
        row = None
        if domain.is_app_id(app_id):
            async with self.reads.connect() as conn:
                row = await store.get_app(conn, org, app_id)
        if row is None:
            raise domain.app_not_found(app_id)
        return row

    @grpcx.rpc
    async def CreateApp(
        self, request: catalog_pb2.CreateAppRequest, context
    ) -> catalog_pb2.CreateAppResponse:
        org = _organization(request.organization_id)
        app_id = new_id("app")
        values = domain.validate_new({f: _read(request.app, f) for f in domain.WRITABLE_FIELDS})
        values.setdefault("slug", domain.slug_for(values["name"], app_id))
        async with self.reads.connect() as conn:
            if await store.slug_in_use(conn, org, values["slug"]):
                raise domain.slug_taken(values["slug"])
        await self.quota.consume(org, app_id)
        try:
            app = await self._insert(org, app_id, values)
        except BaseException:
            await self.quota.release(org, app_id, "create-failed")
            raise
        self.relay.notify()
        await self.watchers.changed(org)
        return catalog_pb2.CreateAppResponse(app=app)

    async def _insert(self, org: str, app_id: str, values: dict[str, Any]) -> catalog_pb2.App:
        try:
            async with self.engine.begin() as conn:
                app = to_proto(await store.insert_app(conn, {**values, "id": app_id, "organization_id": org}))
                await events.app_created(conn, app)
        except IntegrityError as err:
            if store.UNIQUE_SLUG in str(err.orig):
                raise domain.slug_taken(values["slug"]) from None
            raise
        return app

    @grpcx.rpc
    async def UpdateApp(
        self, request: catalog_pb2.UpdateAppRequest, context
    ) -> catalog_pb2.UpdateAppResponse:
        org = _organization(request.organization_id)
        current = await self._get(org, request.app_id)
        unknown = [p for p in request.update_mask.paths if p not in domain.WRITABLE_FIELDS]
        if unknown:
            raise validation_error([(p, "is not an updatable field") for p in unknown])
        changes = domain.validate_changes({p: _read(request.app, p) for p in request.update_mask.paths})
        if not changes:
            return catalog_pb2.UpdateAppResponse(app=to_proto(current))
        try:
            async with self.engine.begin() as conn:
                row = await store.update_app(conn, org, request.app_id, changes)
                if row is None:
                    raise domain.app_not_found(request.app_id)
                app = to_proto(row)
                await events.app_updated(conn, app)
        except IntegrityError as err:
            if store.UNIQUE_SLUG in str(err.orig):
                raise domain.slug_taken(changes.get("slug", "")) from None
            raise
        self.relay.notify()
        await self.watchers.changed(org)
        return catalog_pb2.UpdateAppResponse(app=app)

    @grpcx.rpc
    async def DeleteApp(
        self, request: catalog_pb2.DeleteAppRequest, context
    ) -> catalog_pb2.DeleteAppResponse:
        org = _organization(request.organization_id)
        deleted = False
        if domain.is_app_id(request.app_id):
            async with self.engine.begin() as conn:
                deleted = await store.delete_app(conn, org, request.app_id)
                if deleted:
                    await events.app_deleted(conn, org, request.app_id)
        if not deleted:
            raise domain.app_not_found(request.app_id)
        self.relay.notify()
        await self.watchers.changed(org)
        await self.quota.release(org, request.app_id, "delete")
        return catalog_pb2.DeleteAppResponse()

"""gRPC adapter: proto in -> hooks.application call -> proto out. The use cases live in
application, the rules in domain, the SQL in store."""

from __future__ import annotations

import grpc
from kit.grpcx import rpc
from kit.outbox import OutboxRelay
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2, hooks_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from hooks import application, domain, events, store
from hooks.events import hook_pb
from hooks.generation import HookWriter
from hooks.settings import Settings
from hooks.upstream import Upstream


def refresh_app_pb(app: domain.App) -> hooks_pb2.RefreshApp:
    return hooks_pb2.RefreshApp(id=app.id, name=app.name, niche=app.niche, language=app.language)


class HooksServicer(hooks_pb2_grpc.HooksServiceServicer):
    def __init__(
        self,
        engine: AsyncEngine,
        relay: OutboxRelay,
        upstream: Upstream,
        hook_writer: HookWriter,
        settings: Settings,
    ):
        self.engine = engine
        # Reads of one statement: no BEGIN / ROLLBACK round trips.
        self.reads = store.HookReads(engine)
        self.relay = relay
        self.upstream = upstream
        self.writer = hook_writer
        self.settings = settings

    def uow(self) -> application.HooksUnitOfWork:
        return events.unit_of_work(self.engine, self.relay)

    @rpc
    async def ListHooks(
        self, request: hooks_pb2.ListHooksRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.ListHooksResponse:
        found = await application.list_hooks(
            self.reads,
            request.organization_id,
            request.page.page,
            request.page.limit,
            niche=request.niche,
            language=request.language,
            category=request.category,
            status=request.status,
            q=request.q,
            sort=request.sort,
            known_version=request.known_version,
        )
        if found.unchanged:
            return hooks_pb2.ListHooksResponse(version=found.version, unchanged=True)
        return hooks_pb2.ListHooksResponse(
            hooks=[hook_pb(h) for h in found.hooks],
            page=common_pb2.PageInfo(page=found.page, limit=found.limit, total=found.total),
            version=found.version,
        )

    @rpc
    async def RefreshNow(
        self, request: hooks_pb2.RefreshNowRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.RefreshNowResponse:
        started = await application.refresh_now(
            self.uow(),
            self.reads,
            self.upstream,
            self.upstream,
            request.organization_id,
            request.app_id,
            self.settings.refresh_interval_seconds,
        )
        return hooks_pb2.RefreshNowResponse(
            jobs_started=len(started.jobs), apps=[refresh_app_pb(a) for a in started.apps]
        )

    @rpc
    async def RefreshDaily(
        self, request: hooks_pb2.RefreshDailyRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.RefreshDailyResponse:
        done = await application.refresh_daily(self.uow(), self.reads, self.upstream)
        return hooks_pb2.RefreshDailyResponse(
            organizations=done.organizations, jobs_started=done.jobs_started
        )

    @rpc
    async def PickHook(
        self, request: hooks_pb2.PickHookRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.PickHookResponse:
        hook = await application.pick_hook(
            self.uow(),
            self.upstream,
            request.organization_id,
            request.app_id,
            request.niche,
            request.language,
            list(request.categories),
            self.settings.seed_hooks_per_app,
        )
        return hooks_pb2.PickHookResponse(hook=hook_pb(hook))

    @rpc
    async def ReviewHook(
        self, request: hooks_pb2.ReviewHookRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.ReviewHookResponse:
        hook = await application.review_hook(
            self.uow(), request.organization_id, request.hook_id, request.status
        )
        return hooks_pb2.ReviewHookResponse(hook=hook_pb(hook))

    @rpc
    async def GenerateHooks(
        self, request: hooks_pb2.GenerateHooksRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.GenerateHooksResponse:
        hooks = await application.generate_hooks(
            self.upstream,
            self.writer,
            request.organization_id,
            request.app_id,
            request.count,
            request.category,
        )
        return hooks_pb2.GenerateHooksResponse(hooks=[hook_pb(h) for h in hooks])

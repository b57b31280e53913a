"""Hooks' event consumers as faust agents (kit.faustx), calling the application's use cases:
catalog app events (seed the library, forget deleted apps) and refresh jobs (write and store new
hooks), an agent each in one faust app (consumer group hooks-catalog). At-least-once; every use case
is idempotent by event id (processed_events)."""

from __future__ import annotations

from datetime import UTC, datetime

from google.protobuf.message import Message
from kit import faustx, topics
from kit.outbox import OutboxRelay
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from hooks import application, events, store
from hooks.generation import HookWriter
from hooks.settings import Settings
from hooks.upstream import Upstream, app_from_pb

# The consumer group (committed offsets live under it: never rename). Refresh jobs had a group of
# their own (hooks-refresh) until one group took both topics: its first start reads hooks.jobs from
# the start once, and the refresh use case skips every job it already ran (processed_events).
GROUP = application.CATALOG_CONSUMER


def _updated_at(env: common_pb2.Envelope, app: catalog_pb2.App) -> datetime:
    stamp = app.updated_at if app.HasField("updated_at") else env.occurred_at
    return stamp.ToDatetime(tzinfo=UTC) if stamp.seconds else datetime.now(UTC)


class Handlers:
    def __init__(
        self,
        engine: AsyncEngine,
        upstream: Upstream,
        hook_writer: HookWriter,
        settings: Settings,
        relay: OutboxRelay | None = None,
    ):
        self.engine = engine
        self.relay = relay
        self.reads = store.HookReads(engine)
        self.upstream = upstream
        self.writer = hook_writer
        self.settings = settings

    def uow(self) -> application.HooksUnitOfWork:
        return events.unit_of_work(self.engine, self.relay)

    async def on_catalog(self, env: common_pb2.Envelope, msg: Message) -> None:
        if isinstance(msg, catalog_pb2.AppCreated | catalog_pb2.AppUpdated):
            app = app_from_pb(msg.app, env.organization_id, _updated_at(env, msg.app))
            await application.app_changed(
                self.uow(),
                app,
                env.event_id,
                only_if_empty=isinstance(msg, catalog_pb2.AppUpdated),
                seed_count=self.settings.seed_hooks_per_app,
            )
        elif isinstance(msg, catalog_pb2.AppDeleted):
            await application.app_deleted(self.uow(), msg.organization_id, msg.app_id, env.event_id)

    async def on_refresh(self, env: common_pb2.Envelope, msg: Message) -> None:
        if not isinstance(msg, hooks_pb2.RefreshRequested):
            return
        await application.run_refresh_job(
            self.uow(),
            self.reads,
            self.upstream,
            self.writer,
            msg.organization_id,
            msg.job_id,
            msg.app_id,
            msg.trigger,
            env.event_id,
            self.settings.refresh_hooks_per_app,
        )

    def agents(self) -> list[faustx.Agents]:
        """One faust app, an agent a topic: a slow refresh job holds no catalog event back (each
        agent reads its own stream). A second group cost an idle stack a consumer thread waking
        a few times a second and the broker a group's fetches and heartbeats."""
        agents = faustx.Agents(self.settings, GROUP)
        agents.add([topics.CATALOG_APPS], self.on_catalog)
        agents.add([topics.HOOKS_JOBS], self.on_refresh)
        return [agents]

"""Hooks' facts on Kafka and its consumers: the domain events as outbox messages (hooks.jobs.v1,
keyed by app id), the SQL unit of work that writes them (kit.sqluow) for the application layer, and
the consumers of catalog app events (seed the library, forget deleted apps) and of refresh jobs
(write and store new hooks), which call the application's use cases."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp
from kit import topics
from kit.kafka import Consumer
from kit.outbox import OutboxRelay
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from hooks import application, domain, store
from hooks.generation import HookWriter
from hooks.settings import Settings
from hooks.upstream import Upstream, app_from_pb

CATALOG_GROUP = application.CATALOG_CONSUMER
REFRESH_GROUP = application.REFRESH_CONSUMER


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


def hook_pb(hook: domain.Hook) -> hooks_pb2.Hook:
    return hooks_pb2.Hook(
        id=hook.id,
        organization_id=hook.organization_id,
        text=hook.text,
        category=hook.category,
        language=hook.language,
        niche=hook.niche,
        source=hook.source,
        status=hook.status,
        performance_score=hook.performance_score,
        created_at=_ts(hook.created_at),
    )


def to_outbox(event: object) -> OutboxMessage:
    match event:
        case domain.RefreshRequested(organization_id=org, job_id=job_id, app_id=app_id, trigger=trigger):
            message = hooks_pb2.RefreshRequested(
                job_id=job_id, organization_id=org, app_id=app_id, trigger=trigger
            )
            return OutboxMessage(topics.HOOKS_JOBS, app_id, message, org)
    raise TypeError(f"not a hooks event: {event!r}")


def unit_of_work(
    engine: AsyncEngine, relay: OutboxRelay | None, after_commit: Sequence[AfterCommit] = ()
) -> application.HooksUnitOfWork:
    """A new unit of work for one use case call."""
    return SqlUnitOfWork[application.Repositories](
        engine, store.repositories, store.outbox, to_outbox, relay, after_commit
    )


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
        return unit_of_work(self.engine, self.relay)

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

    def consumers(self) -> list[Consumer]:
        return [
            Consumer(self.settings, [topics.CATALOG_APPS], CATALOG_GROUP, self.on_catalog),
            Consumer(self.settings, [topics.HOOKS_JOBS], REFRESH_GROUP, self.on_refresh),
        ]

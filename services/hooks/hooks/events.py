"""Outbox writes (hooks.jobs.v1) and the consumers: catalog app events (seed the library,
forget deleted apps) and refresh jobs (write and store new hooks)."""

from __future__ import annotations

from datetime import UTC, datetime

from google.protobuf.message import Message
from kit import logs, outbox, topics
from kit.kafka import Consumer
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from hooks import domain, store, writer
from hooks.generation import HookWriter
from hooks.settings import Settings
from hooks.upstream import Upstream, brief_from_app

log = logs.get(__name__)

CATALOG_GROUP = "hooks-catalog"
REFRESH_GROUP = "hooks-refresh"


async def refresh_requested(conn: AsyncConnection, org_id: str, job: store.JobRef, trigger: str) -> None:
    msg = hooks_pb2.RefreshRequested(
        job_id=job.id, organization_id=org_id, app_id=job.app_id, trigger=trigger
    )
    await outbox.add_event(conn, store.outbox, topics.HOOKS_JOBS, job.app_id, msg, org_id)


async def seed_library(
    conn: AsyncConnection, org_id: str, niche: str, brief: writer.Brief, count: int, seed: str
) -> int:
    """Built-in hooks for one niche and language, so the first deck never waits (none when the
    brief's language has no copy)."""
    if not brief.language:
        return 0
    existing = await store.existing_keys(conn, org_id, niche, brief.language)
    drafts = writer.write(brief, count, seed=seed, avoid=existing, source="seed")
    return await store.insert_drafts(conn, org_id, niche, drafts)


def _updated_at(env: common_pb2.Envelope, app: catalog_pb2.App) -> datetime:
    stamp = app.updated_at if app.HasField("updated_at") else env.occurred_at
    return stamp.ToDatetime(tzinfo=UTC) if stamp.seconds else datetime.now(UTC)


class Handlers:
    def __init__(self, engine: AsyncEngine, upstream: Upstream, hook_writer: HookWriter, settings: Settings):
        self.engine = engine
        self.upstream = upstream
        self.writer = hook_writer
        self.settings = settings

    async def on_catalog(self, env: common_pb2.Envelope, msg: Message) -> None:
        if isinstance(msg, catalog_pb2.AppCreated | catalog_pb2.AppUpdated):
            await self._seed(env, msg.app, only_if_empty=isinstance(msg, catalog_pb2.AppUpdated))
        elif isinstance(msg, catalog_pb2.AppDeleted):
            async with self.engine.begin() as conn:
                if await outbox.first_time(conn, store.processed_events, CATALOG_GROUP, env.event_id):
                    removed = await store.forget_app(conn, msg.organization_id, msg.app_id)
                    log.info("app refresh state removed", app_id=msg.app_id, jobs=removed)

    async def _seed(self, env: common_pb2.Envelope, app: catalog_pb2.App, only_if_empty: bool) -> None:
        """AppCreated seeds the app's own hooks; AppUpdated only fills a niche/language pair
        that has none yet (a changed niche or language), so updates do not grow the library."""
        org_id = app.organization_id or env.organization_id
        niche = domain.niche_key(app.niche)
        brief = brief_from_app(app)
        async with self.engine.begin() as conn:
            if not await outbox.first_time(conn, store.processed_events, CATALOG_GROUP, env.event_id):
                return
            await store.remember_app(conn, org_id, app.id, app.status or "ACTIVE", _updated_at(env, app))
            if (
                only_if_empty
                and brief.language
                and await store.existing_keys(conn, org_id, niche, brief.language)
            ):
                return
            added = await seed_library(conn, org_id, niche, brief, self.settings.seed_hooks_per_app, app.id)
        if not brief.language:
            log.info("no built-in hooks for the app's language", app_id=app.id, language=app.language)
            return
        log.info("library seeded", app_id=app.id, niche=niche, language=brief.language, added=added)

    async def on_refresh(self, env: common_pb2.Envelope, msg: Message) -> None:
        if not isinstance(msg, hooks_pb2.RefreshRequested):
            return
        org_id, job_id = msg.organization_id, msg.job_id
        app = await self.upstream.get_app(org_id, msg.app_id)
        if app is None or app.status != "ACTIVE":
            async with self.engine.begin() as conn:
                if await outbox.first_time(conn, store.processed_events, REFRESH_GROUP, env.event_id):
                    await store.finish_job(conn, org_id, job_id, "SKIPPED", 0, "app missing or not ACTIVE")
            return
        niche = domain.niche_key(app.niche)
        brief = brief_from_app(app)
        if not brief.language:
            async with self.engine.begin() as conn:
                if await outbox.first_time(conn, store.processed_events, REFRESH_GROUP, env.event_id):
                    reason = f"no hook copy for language {app.language[:20]!r}"
                    await store.finish_job(conn, org_id, job_id, "SKIPPED", 0, reason)
            log.info("refresh job skipped", job_id=job_id, app_id=app.id, language=app.language)
            return
        async with self.engine.connect() as conn:
            existing = await store.existing_keys(conn, org_id, niche, brief.language)
        drafts = await self.writer.write(
            brief, self.settings.refresh_hooks_per_app, seed=job_id, avoid=existing
        )
        async with self.engine.begin() as conn:
            if not await outbox.first_time(conn, store.processed_events, REFRESH_GROUP, env.event_id):
                return
            added = await store.insert_drafts(conn, org_id, niche, drafts)
            await store.finish_job(conn, org_id, job_id, "DONE", added)
        log.info("refresh job done", job_id=job_id, app_id=app.id, added=added, trigger=msg.trigger)

    def consumers(self) -> list[Consumer]:
        return [
            Consumer(self.settings, [topics.CATALOG_APPS], CATALOG_GROUP, self.on_catalog),
            Consumer(self.settings, [topics.HOOKS_JOBS], REFRESH_GROUP, self.on_refresh),
        ]

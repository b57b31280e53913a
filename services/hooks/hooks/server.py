"""HooksService over gRPC: proto <-> domain, one transaction per change."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, date, datetime

import grpc
from google.protobuf.timestamp_pb2 import Timestamp
from kit import db, ids, logs
from kit.errors import ServiceError
from kit.grpcx import rpc
from kit.outbox import OutboxRelay
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2, hooks_pb2_grpc
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncEngine

from hooks import domain, events, store, writer
from hooks.generation import HookWriter
from hooks.settings import Settings
from hooks.upstream import Upstream, brief_from_app

log = logs.get(__name__)


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


def hook_pb(row: Row) -> hooks_pb2.Hook:
    return hooks_pb2.Hook(
        id=row.id,
        organization_id=row.organization_id,
        text=row.text,
        category=row.category,
        language=row.language,
        niche=row.niche,
        source=row.source,
        status=row.status,
        performance_score=row.performance_score,
        created_at=_ts(row.created_at),
    )


def refresh_app_pb(app: catalog_pb2.App) -> hooks_pb2.RefreshApp:
    return hooks_pb2.RefreshApp(id=app.id, name=app.name, niche=app.niche, language=app.language)


def _with_copy(apps: list[catalog_pb2.App]) -> list[catalog_pb2.App]:
    """The apps whose language has hook copy; a refresh of none of them would spend the hourly
    slot and a quota unit for nothing, so that is refused (VALIDATION_ERROR naming `language`)."""
    kept = [a for a in apps if domain.norm_language(a.language or "en") is not None]
    if not kept:
        domain.require_language(apps[0].language)
    return kept


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
        self.reads = db.autocommit(engine)
        self.relay = relay
        self.upstream = upstream
        self.writer = hook_writer
        self.settings = settings

    @rpc
    async def ListHooks(
        self, request: hooks_pb2.ListHooksRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.ListHooksResponse:
        domain.require_org(request.organization_id)
        f = domain.list_filters(
            request.page.page,
            request.page.limit,
            request.niche,
            request.language,
            request.category,
            request.status,
            request.q,
            request.sort,
        )
        async with self.reads.connect() as conn:
            rows, total = await store.list_hooks(conn, request.organization_id, f)
        return hooks_pb2.ListHooksResponse(
            hooks=[hook_pb(r) for r in rows],
            page=common_pb2.PageInfo(page=f.page, limit=f.limit, total=total),
        )

    # ---- refresh-now ---------------------------------------------------------------------

    @rpc
    async def RefreshNow(
        self, request: hooks_pb2.RefreshNowRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.RefreshNowResponse:
        """Checks in this order, so a rejected call never burns the hour: plan, apps, the
        one-per-hour slot, then the quota unit (the slot is rolled back if the quota fails)."""
        org_id = request.organization_id
        domain.require_org(org_id)
        plan = await self.upstream.plan(org_id)
        if not domain.plan_at_least(plan, "starter"):
            raise ServiceError(
                "PLAN_UPGRADE_REQUIRED",
                "Refreshing hooks needs the Starter plan or higher.",
                {"plan": plan, "required_plan": "starter"},
            )
        apps = _with_copy(await self._refresh_targets(org_id, request.app_id.strip()))
        jobs = await self._start_manual_refresh(org_id, apps)
        return hooks_pb2.RefreshNowResponse(jobs_started=len(jobs), apps=[refresh_app_pb(a) for a in apps])

    async def _refresh_targets(self, org_id: str, app_id: str) -> list[catalog_pb2.App]:
        if app_id:
            app = await self.upstream.get_app(org_id, app_id)
            apps = [app] if app is not None and app.status == "ACTIVE" else []
        else:
            apps = await self.upstream.active_apps(org_id)
        if not apps:
            shown = app_id if domain.valid_app_id(app_id) else "app_id"
            what = (
                f"{shown} does not exist or is not ACTIVE."
                if app_id
                else "the organization has no ACTIVE app."
            )
            raise ServiceError("NO_ACTIVE_APPS", f"Nothing to refresh: {what}")
        return apps

    async def _start_manual_refresh(self, org_id: str, apps: list[catalog_pb2.App]) -> list[store.JobRef]:
        interval = self.settings.refresh_interval_seconds
        quota_key = ids.new_id("job")
        consumed = False
        try:
            async with self.engine.begin() as conn:
                if not await store.claim_refresh_slot(conn, org_id, interval):
                    retry = domain.retry_after_seconds(
                        await store.seconds_since_refresh(conn, org_id), interval
                    )
                    raise ServiceError(
                        "RATE_LIMITED",
                        f"Hooks can be refreshed once per hour; retry in {retry} seconds.",
                        {"retry_after": retry},
                    )
                await self.upstream.consume_refresh(org_id, quota_key)
                consumed = True
                jobs = await store.add_jobs(conn, org_id, [a.id for a in apps], "manual")
                for job in jobs:
                    await events.refresh_requested(conn, org_id, job, "manual")
        except Exception:
            if consumed:
                await self._give_back(org_id, quota_key)
            raise
        self.relay.notify()
        return jobs

    async def _give_back(self, org_id: str, quota_key: str) -> None:
        try:
            await self.upstream.release_refresh(org_id, quota_key)
        except ServiceError:
            log.exception("could not release a hook_refreshes unit", quota_key=quota_key)

    # ---- daily refresh -------------------------------------------------------------------

    @rpc
    async def RefreshDaily(
        self, request: hooks_pb2.RefreshDailyRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.RefreshDailyResponse:
        """One job per ACTIVE app (from the local view of the catalog's apps) of every Starter+
        organization, once per organization and UTC day. Organizations without ACTIVE apps are
        not marked, so an app created later that day still gets its refresh."""
        day = datetime.now(UTC).date()
        orgs = [
            o.id
            for o in await self.upstream.eligible_organizations()
            if domain.plan_at_least(o.plan, "starter")
        ]
        async with self.engine.connect() as conn:
            done = await store.daily_done(conn, orgs, day)
            apps_by_org = await store.active_apps_by_org(conn, [o for o in orgs if o not in done])
        organizations = jobs_started = 0
        for org_id, app_ids in apps_by_org.items():
            started = await self._daily_for(org_id, app_ids, day)
            organizations += 1 if started else 0
            jobs_started += started
        if jobs_started:
            self.relay.notify()
        log.info("daily refresh", day=str(day), organizations=organizations, jobs=jobs_started)
        return hooks_pb2.RefreshDailyResponse(organizations=organizations, jobs_started=jobs_started)

    async def _daily_for(self, org_id: str, app_ids: list[str], day: date) -> int:
        async with self.engine.begin() as conn:
            if not await store.claim_daily_run(conn, org_id, day):
                return 0
            jobs = await store.add_jobs(conn, org_id, app_ids, "daily")
            for job in jobs:
                await events.refresh_requested(conn, org_id, job, "daily")
            await store.set_daily_jobs(conn, org_id, day, len(jobs))
        return len(jobs)

    # ---- pick a hook for a deck --------------------------------------------------------------

    @rpc
    async def PickHook(
        self, request: hooks_pb2.PickHookRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.PickHookResponse:
        org_id, app_id = request.organization_id, request.app_id
        domain.require_org(org_id)
        app = None
        niche, language = request.niche, request.language
        if app_id and not (niche and language):
            app = await self.upstream.get_app(org_id, app_id)
            if app is None:
                raise ServiceError("APP_NOT_FOUND", f"App {app_id} was not found.")
            niche, language = niche or app.niche, language or app.language
        # The code hooks are filed under ("zh-CN" -> "zh-Hans"); a language without copy has no
        # hooks, and another language's hook would put the wrong language on the deck.
        key, lang = domain.niche_key(niche), domain.require_language(language or "en")
        wanted = [c for c in request.categories if c in domain.CATEGORIES]
        # A hook of a category that suits the deck's format; any hook when the library has none.
        row = (await self._pick(org_id, key, lang, wanted) if wanted else None) or await self._pick(
            org_id, key, lang
        )
        if row is None and app_id:
            # The caller's niche key may differ from the app's own niche (catalog aliases).
            app = app or await self._app_or_none(org_id, app_id)
            if app is not None and domain.niche_key(app.niche) != key:
                row = await self._pick(org_id, domain.niche_key(app.niche), lang)
        if row is None:
            row = await self._pick_from_fresh_seed(org_id, app, key, niche, lang)
        return hooks_pb2.PickHookResponse(hook=hook_pb(row))

    async def _pick(self, org_id: str, key: str, lang: str, categories: Sequence[str] = ()) -> Row | None:
        """The niche in the wanted language (never another language's hook)."""
        async with self.engine.begin() as conn:
            return await store.pick(conn, org_id, key, lang, categories)

    async def _app_or_none(self, org_id: str, app_id: str) -> catalog_pb2.App | None:
        try:
            return await self.upstream.get_app(org_id, app_id)
        except ServiceError:
            return None

    async def _pick_from_fresh_seed(
        self, org_id: str, app: catalog_pb2.App | None, key: str, niche: str, lang: str
    ) -> Row:
        """Empty library: store built-in hooks on the fly, so the deck's hook_id is a real one."""
        brief = (
            brief_from_app(app, niche=niche, language=lang)
            if app is not None
            else writer.brief_for(app_name="", niche=niche, language=lang)
        )
        async with self.engine.begin() as conn:
            await events.seed_library(
                conn, org_id, key, brief, self.settings.seed_hooks_per_app, f"{org_id}|{key}"
            )
            row = await store.pick(conn, org_id, key, lang)
        if row is None:
            raise ServiceError("INTERNAL", "No hook could be picked.")
        return row

    # ---- review ----------------------------------------------------------------------------

    @rpc
    async def ReviewHook(
        self, request: hooks_pb2.ReviewHookRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.ReviewHookResponse:
        domain.require_org(request.organization_id)
        status = domain.review_status(request.status)
        async with self.engine.begin() as conn:
            row = await store.set_status(conn, request.organization_id, request.hook_id, status)
        if row is None:
            raise ServiceError("HOOK_NOT_FOUND", f"Hook {request.hook_id or '(none)'} was not found.")
        log.info("hook reviewed", hook_id=row.id, status=status)
        return hooks_pb2.ReviewHookResponse(hook=hook_pb(row))

    # ---- generate (MCP) ------------------------------------------------------------------

    @rpc
    async def GenerateHooks(
        self, request: hooks_pb2.GenerateHooksRequest, context: grpc.aio.ServicerContext
    ) -> hooks_pb2.GenerateHooksResponse:
        org_id = request.organization_id
        domain.require_org(org_id)
        count = domain.generate_count(request.count)
        categories = domain.check_category(request.category)
        app = await self.upstream.get_app(org_id, request.app_id) if request.app_id else None
        if app is None:
            raise ServiceError("APP_NOT_FOUND", f"App {request.app_id or '(none)'} was not found.")
        domain.require_language(app.language or "en")
        brief = brief_from_app(app)
        drafts = await self.writer.write(brief, count, categories, seed=secrets.token_hex(8))
        now = _ts(datetime.now(UTC))
        niche = domain.niche_key(app.niche)
        return hooks_pb2.GenerateHooksResponse(
            hooks=[
                hooks_pb2.Hook(
                    organization_id=org_id,
                    text=d.text,
                    category=d.category,
                    language=d.language,
                    niche=niche,
                    source=d.source,
                    status=domain.moderate(d.text, d.language, d.source),
                    performance_score=domain.initial_score(d.text, d.category, d.source, d.language),
                    created_at=now,
                )
                for d in drafts
            ]
        )

"""The hook library's use cases, one function each: plain values in, domain objects out.

Called by the gRPC adapter (server.py) and by the Kafka consumers (consumers.py). Writes go through a
unit of work (kit.uow): open it, decide with the domain, record the domain events (a refresh job's
RefreshRequested), commit; the unit writes the events to the outbox and wakes the relay. Remote
calls (billing's plan and quota, catalog's apps, the LLM provider behind the writer) happen before
the unit opens or after it commits, never inside it. No gRPC, SQL or protobuf here (import-linter).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Protocol, TypeAlias

from kit import logs
from kit.errors import ServiceError
from kit.ids import new_id
from kit.uow import UnitOfWork

from hooks import domain, writer
from hooks.writer import Brief, Draft

log = logs.get(__name__)

# The consumers whose processed events are kept (kit.outbox's processed_events, per consumer).
CATALOG_CONSUMER = "hooks-catalog"
REFRESH_CONSUMER = "hooks-refresh"


# ---- ports -----------------------------------------------------------------------------------


class HookRepository(Protocol):
    """The library inside a unit of work (store.SqlHooks)."""

    async def insert_drafts(self, organization_id: str, niche: str, drafts: Sequence[Draft]) -> int: ...

    async def existing_keys(self, organization_id: str, niche: str, language: str) -> set[str]: ...

    async def pick(
        self, organization_id: str, niche: str, language: str | None, categories: Sequence[str] = ()
    ) -> domain.Hook | None: ...

    async def set_status(self, organization_id: str, hook_id: str, status: str) -> domain.Hook | None: ...


class RefreshRepository(Protocol):
    """Refresh slots, jobs and daily runs inside a unit of work (store.SqlRefresh)."""

    async def claim_slot(self, organization_id: str, interval_seconds: int) -> bool: ...

    async def seconds_since_refresh(self, organization_id: str) -> float: ...

    async def add_jobs(
        self, organization_id: str, app_ids: Sequence[str], trigger: str
    ) -> list[domain.JobRef]: ...

    async def finish_job(
        self, organization_id: str, job_id: str, status: str, created: int, error: str = ""
    ) -> None: ...

    async def claim_daily_run(self, organization_id: str, day: date) -> bool: ...

    async def set_daily_jobs(self, organization_id: str, day: date, jobs: int) -> None: ...


class AppRepository(Protocol):
    """Hooks' local view of the catalog's apps (store.SqlApps)."""

    async def remember(
        self, organization_id: str, app_id: str, status: str, updated_at: datetime
    ) -> None: ...

    async def forget(self, organization_id: str, app_id: str) -> int: ...


class ProcessedEvents(Protocol):
    """A consumer's processed events (store.SqlProcessed): False for a redelivery."""

    async def first_time(self, consumer: str, event_id: str) -> bool: ...


class Repositories(Protocol):
    @property
    def hooks(self) -> HookRepository: ...

    @property
    def refresh(self) -> RefreshRepository: ...

    @property
    def apps(self) -> AppRepository: ...

    @property
    def processed(self) -> ProcessedEvents: ...


class HookReads(Protocol):
    """Reads outside any unit of work (store.HookReads, autocommit)."""

    async def page(self, organization_id: str, f: domain.ListFilters) -> tuple[list[domain.Hook], int, int]:
        """A page, its total and the library version it was read at (one snapshot)."""
        ...

    async def version(self, organization_id: str) -> int:
        """The organization's library version: raised by every write of its hooks, in the writing
        transaction; 0 before its first hook."""
        ...

    async def existing_keys(self, organization_id: str, niche: str, language: str) -> set[str]: ...

    async def last_refresh_age(self, organization_id: str) -> float | None: ...

    async def daily_candidates(self, organization_ids: Sequence[str], day: date) -> dict[str, list[str]]: ...


class Billing(Protocol):
    """The organization's plan and its `hook_refreshes` quota (remote; upstream.Upstream)."""

    async def plan(self, organization_id: str) -> str: ...

    async def consume_refresh(self, organization_id: str, key: str) -> None: ...

    async def release_refresh(self, organization_id: str, key: str) -> None: ...

    async def eligible_organizations(self) -> list[domain.Organization]: ...


class Catalog(Protocol):
    """The organization's apps (remote; upstream.Upstream)."""

    async def get_app(self, organization_id: str, app_id: str) -> domain.App | None: ...

    async def active_apps(self, organization_id: str) -> list[domain.App]: ...


class Writer(Protocol):
    """Writes hooks for a brief (generation.HookWriter: the LLM provider, when configured, topped
    up by the built-in writer). May be a remote call: never inside a unit."""

    async def write(
        self,
        brief: Brief,
        count: int,
        categories: Sequence[str] = ...,
        seed: str = ...,
        avoid: Iterable[str] = ...,
    ) -> list[Draft]: ...


HooksUnitOfWork: TypeAlias = UnitOfWork[Repositories]


# ---- results -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HookPage:
    hooks: list[domain.Hook]
    page: int
    limit: int
    total: int
    # The library version the page was read at; `unchanged`: the caller's known version is
    # current, and hooks and total were not read (empty).
    version: int = 0
    unchanged: bool = False


@dataclass(frozen=True, slots=True)
class RefreshStarted:
    jobs: list[domain.JobRef]
    apps: list[domain.App]


@dataclass(frozen=True, slots=True)
class DailyRefresh:
    organizations: int
    jobs_started: int


# ---- helpers -----------------------------------------------------------------------------------


def brief_from_app(app: domain.App, niche: str = "", language: str = "") -> Brief:
    return writer.brief_for(
        app_name=app.name,
        niche=niche or app.niche,
        language=language or app.language or "en",
        audience=app.target_audience,
        pain_points=app.pain_points,
        value_props=app.value_props,
        differentiators=app.differentiators,
    )


async def seed_library(
    hooks: HookRepository, organization_id: str, niche: str, brief: Brief, count: int, seed: str
) -> int:
    """Built-in hooks for one niche and language, so the first deck never waits (none when the
    brief's language has no copy). The built-in writer is local: this runs inside a unit."""
    if not brief.language:
        return 0
    existing = await hooks.existing_keys(organization_id, niche, brief.language)
    drafts = writer.write(brief, count, seed=seed, avoid=existing, source="seed")
    return await hooks.insert_drafts(organization_id, niche, drafts)


def _refresh_requested(organization_id: str, job: domain.JobRef, trigger: str) -> domain.RefreshRequested:
    return domain.RefreshRequested(
        organization_id=organization_id, job_id=job.id, app_id=job.app_id, trigger=trigger
    )


def _rate_limited(elapsed_seconds: float, interval_seconds: int) -> ServiceError:
    retry = domain.retry_after_seconds(elapsed_seconds, interval_seconds)
    return ServiceError(
        "RATE_LIMITED",
        f"Hooks can be refreshed once per hour; retry in {retry} seconds.",
        {"retry_after": retry},
    )


def _with_copy(apps: list[domain.App]) -> list[domain.App]:
    """The apps whose language has hook copy; a refresh of none of them would spend the hourly
    slot and a quota unit for nothing, so that is refused (VALIDATION_ERROR naming `language`)."""
    kept = [a for a in apps if domain.norm_language(a.language or "en") is not None]
    if not kept:
        domain.require_language(apps[0].language)
    return kept


# ---- the library -------------------------------------------------------------------------------


async def list_hooks(
    reads: HookReads,
    organization_id: str,
    page: int,
    limit: int,
    niche: str = "",
    language: str = "",
    category: str = "",
    status: str = "",
    q: str = "",
    sort: str = "",
    known_version: int = 0,
) -> HookPage:
    """A page of the organization's hooks (one read; page/limit 0 = defaults). `known_version`:
    the version of a page of the same list the caller keeps; while it is the library's version
    the answer is `unchanged` and only the version is read (one row, not the page and its total:
    with `q` a count over every match)."""
    domain.require_org(organization_id)
    f = domain.list_filters(page, limit, niche, language, category, status, q, sort)
    if known_version > 0 and await reads.version(organization_id) == known_version:
        return HookPage(hooks=[], page=f.page, limit=f.limit, total=0, version=known_version, unchanged=True)
    hooks, total, version = await reads.page(organization_id, f)
    return HookPage(hooks=hooks, page=f.page, limit=f.limit, total=total, version=version)


async def review_hook(uow: HooksUnitOfWork, organization_id: str, hook_id: str, status: str) -> domain.Hook:
    """A reviewer's decision: APPROVED (the hook may open decks) or REJECTED (never)."""
    domain.require_org(organization_id)
    status = domain.review_status(status)
    async with uow:
        hook = await uow.repos.hooks.set_status(organization_id, hook_id, status)
        await uow.commit()
    if hook is None:
        raise ServiceError("HOOK_NOT_FOUND", f"Hook {hook_id or '(none)'} was not found.")
    log.info("hook reviewed", hook_id=hook.id, status=status)
    return hook


async def generate_hooks(
    catalog: Catalog,
    hook_writer: Writer,
    organization_id: str,
    app_id: str,
    count: int,
    category: str,
    seed: str | None = None,
    now: datetime | None = None,
) -> list[domain.Hook]:
    """Brainstormed hooks for an app, moderated and scored but not stored (id "")."""
    domain.require_org(organization_id)
    count = domain.generate_count(count)
    categories = domain.check_category(category)
    app = await catalog.get_app(organization_id, app_id) if app_id else None
    if app is None:
        raise ServiceError("APP_NOT_FOUND", f"App {app_id or '(none)'} was not found.")
    domain.require_language(app.language or "en")
    drafts = await hook_writer.write(
        brief_from_app(app), count, categories, seed=seed if seed is not None else secrets.token_hex(8)
    )
    created = now or datetime.now(UTC)
    niche = domain.niche_key(app.niche)
    return [
        domain.Hook(
            id="",
            organization_id=organization_id,
            text=d.text,
            category=d.category,
            language=d.language,
            niche=niche,
            source=d.source,
            status=domain.moderate(d.text, d.language, d.source),
            performance_score=domain.initial_score(d.text, d.category, d.source, d.language),
            created_at=created,
        )
        for d in drafts
    ]


# ---- pick a hook for a deck ------------------------------------------------------------------


async def pick_hook(
    uow: HooksUnitOfWork,
    catalog: Catalog,
    organization_id: str,
    app_id: str,
    niche: str,
    language: str,
    categories: Sequence[str],
    seed_count: int,
) -> domain.Hook:
    """The least recently used of the best APPROVED hooks of the niche in the deck's language
    (of a wanted category when the library has one), marked used. Each pick is its own unit; the
    app is asked for between units. An empty library is seeded on the fly with built-in hooks, so
    the deck's hook is a stored one."""
    org_id = organization_id
    domain.require_org(org_id)
    app = None
    if app_id and not (niche and language):
        app = await catalog.get_app(org_id, app_id)
        if app is None:
            raise ServiceError("APP_NOT_FOUND", f"App {app_id} was not found.")
        niche, language = niche or app.niche, language or app.language
    # The code hooks are filed under ("zh-CN" -> "zh-Hans"); a language without copy has no
    # hooks, and another language's hook would put the wrong language on the deck.
    key, lang = domain.niche_key(niche), domain.require_language(language or "en")
    wanted = [c for c in categories if c in domain.CATEGORIES]
    # A hook of a category that suits the deck's format; any hook when the library has none.
    hook = (await _pick(uow, org_id, key, lang, wanted) if wanted else None) or await _pick(
        uow, org_id, key, lang
    )
    if hook is None and app_id:
        # The caller's niche key may differ from the app's own niche (catalog aliases).
        app = app or await _app_or_none(catalog, org_id, app_id)
        if app is not None and domain.niche_key(app.niche) != key:
            hook = await _pick(uow, org_id, domain.niche_key(app.niche), lang)
    if hook is None:
        hook = await _pick_from_fresh_seed(uow, org_id, app, key, niche, lang, seed_count)
    return hook


async def _pick(
    uow: HooksUnitOfWork, org_id: str, key: str, lang: str, categories: Sequence[str] = ()
) -> domain.Hook | None:
    """The niche in the wanted language (never another language's hook)."""
    async with uow:
        hook = await uow.repos.hooks.pick(org_id, key, lang, categories)
        await uow.commit()
    return hook


async def _app_or_none(catalog: Catalog, org_id: str, app_id: str) -> domain.App | None:
    try:
        return await catalog.get_app(org_id, app_id)
    except ServiceError:
        return None


async def _pick_from_fresh_seed(
    uow: HooksUnitOfWork,
    org_id: str,
    app: domain.App | None,
    key: str,
    niche: str,
    lang: str,
    seed_count: int,
) -> domain.Hook:
    """Empty library: store built-in hooks on the fly, so the deck's hook_id is a real one."""
    brief = (
        brief_from_app(app, niche=niche, language=lang)
        if app is not None
        else writer.brief_for(app_name="", niche=niche, language=lang)
    )
    async with uow:
        await seed_library(uow.repos.hooks, org_id, key, brief, seed_count, f"{org_id}|{key}")
        hook = await uow.repos.hooks.pick(org_id, key, lang)
        await uow.commit()
    if hook is None:
        raise ServiceError("INTERNAL", "No hook could be picked.")
    return hook


# ---- refreshes -----------------------------------------------------------------------------


async def refresh_now(
    uow: HooksUnitOfWork,
    reads: HookReads,
    billing: Billing,
    catalog: Catalog,
    organization_id: str,
    app_id: str,
    interval_seconds: int,
) -> RefreshStarted:
    """One refresh job per ACTIVE app with hook copy (or the one app asked for).

    Checks in this order, so a rejected call never burns the hour: plan, apps, the one-per-hour
    slot, then the quota unit. The quota is a remote call, so it is consumed after a look at the
    slot and before the unit that takes the slot (atomically: of concurrent calls one wins) and
    starts the jobs; a unit that does not commit gives the quota unit back."""
    org_id = organization_id
    domain.require_org(org_id)
    plan = await billing.plan(org_id)
    if not domain.plan_at_least(plan, "starter"):
        raise ServiceError(
            "PLAN_UPGRADE_REQUIRED",
            "Refreshing hooks needs the Starter plan or higher.",
            {"plan": plan, "required_plan": "starter"},
        )
    apps = _with_copy(await _refresh_targets(catalog, org_id, app_id.strip()))
    elapsed = await reads.last_refresh_age(org_id)
    if elapsed is not None and elapsed <= interval_seconds:
        raise _rate_limited(elapsed, interval_seconds)
    quota_key = new_id("job")
    await billing.consume_refresh(org_id, quota_key)
    try:
        async with uow:
            if not await uow.repos.refresh.claim_slot(org_id, interval_seconds):
                elapsed = await uow.repos.refresh.seconds_since_refresh(org_id)
                raise _rate_limited(elapsed, interval_seconds)
            jobs = await uow.repos.refresh.add_jobs(org_id, [a.id for a in apps], "manual")
            for job in jobs:
                uow.add_event(_refresh_requested(org_id, job, "manual"))
            await uow.commit()
    except Exception:
        await _give_back(billing, org_id, quota_key)
        raise
    return RefreshStarted(jobs=jobs, apps=apps)


async def _refresh_targets(catalog: Catalog, org_id: str, app_id: str) -> list[domain.App]:
    if app_id:
        app = await catalog.get_app(org_id, app_id)
        apps = [app] if app is not None and app.status == "ACTIVE" else []
    else:
        apps = await catalog.active_apps(org_id)
    if not apps:
        shown = app_id if domain.valid_app_id(app_id) else "app_id"
        what = (
            f"{shown} does not exist or is not ACTIVE." if app_id else "the organization has no ACTIVE app."
        )
        raise ServiceError("NO_ACTIVE_APPS", f"Nothing to refresh: {what}")
    return apps


async def _give_back(billing: Billing, org_id: str, quota_key: str) -> None:
    try:
        await billing.release_refresh(org_id, quota_key)
    except ServiceError:
        log.exception("could not release a hook_refreshes unit", quota_key=quota_key)


async def refresh_daily(
    uow: HooksUnitOfWork, reads: HookReads, billing: Billing, day: date | None = None
) -> DailyRefresh:
    """One job per ACTIVE app (from the local view of the catalog's apps) of every Starter+
    organization, once per organization and UTC day: one unit per organization. Organizations
    without ACTIVE apps are not marked, so an app created later that day still gets its refresh."""
    day = day or datetime.now(UTC).date()
    orgs = [o.id for o in await billing.eligible_organizations() if domain.plan_at_least(o.plan, "starter")]
    apps_by_org = await reads.daily_candidates(orgs, day)
    organizations = jobs_started = 0
    for org_id, app_ids in apps_by_org.items():
        async with uow:
            if not await uow.repos.refresh.claim_daily_run(org_id, day):
                continue  # another run took the day (the unit rolls back)
            jobs = await uow.repos.refresh.add_jobs(org_id, app_ids, "daily")
            for job in jobs:
                uow.add_event(_refresh_requested(org_id, job, "daily"))
            await uow.repos.refresh.set_daily_jobs(org_id, day, len(jobs))
            await uow.commit()
        organizations += 1 if jobs else 0
        jobs_started += len(jobs)
    log.info("daily refresh", day=str(day), organizations=organizations, jobs=jobs_started)
    return DailyRefresh(organizations=organizations, jobs_started=jobs_started)


# ---- the consumers' use cases ------------------------------------------------------------------


async def app_changed(
    uow: HooksUnitOfWork, app: domain.App, event_id: str, only_if_empty: bool, seed_count: int
) -> None:
    """A catalog app was created (`only_if_empty` False: seed the app's own hooks) or updated
    (True: only fill a niche/language pair that has none yet, a changed niche or language, so
    updates do not grow the library). Remembers the app's status for the daily refresh. Once per
    event."""
    org_id = app.organization_id
    niche = domain.niche_key(app.niche)
    brief = brief_from_app(app)
    async with uow:
        if not await uow.repos.processed.first_time(CATALOG_CONSUMER, event_id):
            return
        updated_at = app.updated_at or datetime.now(UTC)
        await uow.repos.apps.remember(org_id, app.id, app.status or "ACTIVE", updated_at)
        if (
            only_if_empty
            and brief.language
            and await uow.repos.hooks.existing_keys(org_id, niche, brief.language)
        ):
            await uow.commit()
            return
        added = await seed_library(uow.repos.hooks, org_id, niche, brief, seed_count, app.id)
        await uow.commit()
    if not brief.language:
        log.info("no built-in hooks for the app's language", app_id=app.id, language=app.language)
        return
    log.info("library seeded", app_id=app.id, niche=niche, language=brief.language, added=added)


async def app_deleted(uow: HooksUnitOfWork, organization_id: str, app_id: str, event_id: str) -> None:
    """Forget everything hooks keeps about a deleted app (its refresh jobs, its local view)."""
    async with uow:
        if not await uow.repos.processed.first_time(CATALOG_CONSUMER, event_id):
            return
        removed = await uow.repos.apps.forget(organization_id, app_id)
        await uow.commit()
    log.info("app refresh state removed", app_id=app_id, jobs=removed)


async def run_refresh_job(
    uow: HooksUnitOfWork,
    reads: HookReads,
    catalog: Catalog,
    hook_writer: Writer,
    organization_id: str,
    job_id: str,
    app_id: str,
    trigger: str,
    event_id: str,
    count: int,
) -> None:
    """Write new hooks for a refresh job's app and store them. The app and the hooks are asked
    for (catalog, the LLM) before the unit that stores them opens; once per event."""
    org_id = organization_id
    app = await catalog.get_app(org_id, app_id)
    if app is None or app.status != "ACTIVE":
        await _skip_job(uow, org_id, job_id, event_id, "app missing or not ACTIVE")
        return
    niche = domain.niche_key(app.niche)
    brief = brief_from_app(app)
    if not brief.language:
        await _skip_job(uow, org_id, job_id, event_id, f"no hook copy for language {app.language[:20]!r}")
        log.info("refresh job skipped", job_id=job_id, app_id=app.id, language=app.language)
        return
    existing = await reads.existing_keys(org_id, niche, brief.language)
    drafts = await hook_writer.write(brief, count, seed=job_id, avoid=existing)
    async with uow:
        if not await uow.repos.processed.first_time(REFRESH_CONSUMER, event_id):
            return
        added = await uow.repos.hooks.insert_drafts(org_id, niche, drafts)
        await uow.repos.refresh.finish_job(org_id, job_id, "DONE", added)
        await uow.commit()
    log.info("refresh job done", job_id=job_id, app_id=app.id, added=added, trigger=trigger)


async def _skip_job(uow: HooksUnitOfWork, org_id: str, job_id: str, event_id: str, reason: str) -> None:
    async with uow:
        if await uow.repos.processed.first_time(REFRESH_CONSUMER, event_id):
            await uow.repos.refresh.finish_job(org_id, job_id, "SKIPPED", 0, reason)
            await uow.commit()

"""Hooks' use cases with the in-memory unit of work: no stack, no Postgres, no billing, no catalog.

The remote ports (billing, catalog, the writer) check that no unit is open when they are called.
End to end (gRPC, real Postgres, Kafka) they are covered by test_store.py and
tests/contract/test_hooks.py."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any

import pytest
from hooks import application, domain, writer
from hooks.writer import Brief, Draft
from kit.errors import ServiceError
from kit.uow import InMemoryUnitOfWork

ORG = "org_test"
OTHER = "org_other"
DAY = date(2026, 1, 2)


class FakeHooks:
    """The library (application.HookRepository), picks like store.pick."""

    def __init__(self) -> None:
        self.rows: dict[str, domain.Hook] = {}
        self.keys: dict[str, str] = {}  # hook id -> normalized text
        self.last_used: dict[str, int] = {}
        self.clock = 0

    async def insert_drafts(self, organization_id: str, niche: str, drafts: Sequence[Draft]) -> int:
        added = 0
        for d in drafts:
            key = domain.normalize(d.text)
            taken = {(h.organization_id, h.niche, h.language, self.keys[h.id]) for h in self.rows.values()}
            if not key or (organization_id, niche, d.language, key) in taken:
                continue
            self.clock += 1
            hook = domain.Hook(
                id=f"hk_{len(self.rows) + 1}",
                organization_id=organization_id,
                text=d.text,
                category=d.category,
                language=d.language,
                niche=niche,
                source=d.source,
                status=domain.moderate(d.text, d.language, d.source),
                performance_score=domain.initial_score(d.text, d.category, d.source, d.language),
                created_at=datetime(2026, 1, 1, tzinfo=UTC),
            )
            self.rows[hook.id], self.keys[hook.id] = hook, key
            added += 1
        return added

    async def existing_keys(self, organization_id: str, niche: str, language: str) -> set[str]:
        return {
            self.keys[h.id]
            for h in self.rows.values()
            if (h.organization_id, h.niche, h.language) == (organization_id, niche, language)
        }

    async def pick(
        self, organization_id: str, niche: str, language: str | None, categories: Sequence[str] = ()
    ) -> domain.Hook | None:
        pool = [
            h
            for h in self.rows.values()
            if (h.organization_id, h.niche, h.status) == (organization_id, niche, "APPROVED")
            and (language is None or h.language == language)
            and (not categories or h.category in categories)
        ]
        pool.sort(key=lambda h: (-h.performance_score, h.id))
        pool = pool[: domain.PICK_POOL]
        if not pool:
            return None
        chosen = min(pool, key=lambda h: (self.last_used.get(h.id, -1), -h.performance_score, h.id))
        self.clock += 1
        self.last_used[chosen.id] = self.clock
        score = domain.clamp_score(chosen.performance_score - domain.USE_DECAY)
        self.rows[chosen.id] = picked = replace(
            chosen, use_count=chosen.use_count + 1, performance_score=score
        )
        return picked

    async def set_status(self, organization_id: str, hook_id: str, status: str) -> domain.Hook | None:
        hook = self.rows.get(hook_id)
        if hook is None or hook.organization_id != organization_id:
            return None
        self.rows[hook_id] = hook = replace(hook, status=status)
        return hook


class FakeRefresh:
    """Refresh slots (seconds on `now`), jobs and daily runs (application.RefreshRepository)."""

    def __init__(self) -> None:
        self.now = 10_000.0
        self.last: dict[str, float] = {}
        self.jobs: dict[str, dict[str, Any]] = {}
        self.daily: dict[tuple[str, date], int | None] = {}

    async def claim_slot(self, organization_id: str, interval_seconds: int) -> bool:
        last = self.last.get(organization_id)
        if last is not None and not last < self.now - interval_seconds:
            return False
        self.last[organization_id] = self.now
        return True

    async def seconds_since_refresh(self, organization_id: str) -> float:
        last = self.last.get(organization_id)
        return 0.0 if last is None else self.now - last

    async def add_jobs(
        self, organization_id: str, app_ids: Sequence[str], trigger: str
    ) -> list[domain.JobRef]:
        jobs = [domain.JobRef(f"job_{len(self.jobs) + i + 1}", a) for i, a in enumerate(app_ids)]
        for j in jobs:
            self.jobs[j.id] = {"org": organization_id, "app_id": j.app_id, "trigger": trigger}
        return jobs

    async def finish_job(
        self, organization_id: str, job_id: str, status: str, created: int, error: str = ""
    ) -> None:
        job = self.jobs.setdefault(job_id, {"org": organization_id})
        job.update(status=status, created=created, error=error)

    async def claim_daily_run(self, organization_id: str, day: date) -> bool:
        if (organization_id, day) in self.daily:
            return False
        self.daily[(organization_id, day)] = None
        return True

    async def set_daily_jobs(self, organization_id: str, day: date, jobs: int) -> None:
        self.daily[(organization_id, day)] = jobs


class FakeApps:
    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, str, datetime]] = {}  # app id -> (org, status, updated_at)

    async def remember(self, organization_id: str, app_id: str, status: str, updated_at: datetime) -> None:
        current = self.rows.get(app_id)
        if current is None or current[2] <= updated_at:
            self.rows[app_id] = (organization_id, status, updated_at)

    async def forget(self, organization_id: str, app_id: str) -> int:
        self.rows.pop(app_id, None)
        return 0


class FakeProcessed:
    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()

    async def first_time(self, consumer: str, event_id: str) -> bool:
        if (consumer, event_id) in self.seen:
            return False
        self.seen.add((consumer, event_id))
        return True


@dataclass
class Repos:
    hooks: FakeHooks
    refresh: FakeRefresh
    apps: FakeApps
    processed: FakeProcessed


class FakeReads:
    """application.HookReads over the same fakes."""

    def __init__(self, repos: Repos) -> None:
        self.repos = repos
        self.calls: list[str] = []
        # The library versions (the store's are raised by triggers on every write): set by a test.
        self.versions: dict[str, int] = {}

    async def page(self, organization_id: str, f: domain.ListFilters) -> tuple[list[domain.Hook], int, int]:
        self.calls.append("page")
        mine = [h for h in self.repos.hooks.rows.values() if h.organization_id == organization_id]
        mine = [h for h in mine if not f.language or h.language == f.language]
        mine = [h for h in mine if not f.status or h.status == f.status]
        return (
            mine[(f.page - 1) * f.limit : f.page * f.limit],
            len(mine),
            self.versions.get(organization_id, 0),
        )

    async def version(self, organization_id: str) -> int:
        self.calls.append("version")
        return self.versions.get(organization_id, 0)

    async def existing_keys(self, organization_id: str, niche: str, language: str) -> set[str]:
        self.calls.append("existing_keys")
        return await self.repos.hooks.existing_keys(organization_id, niche, language)

    async def last_refresh_age(self, organization_id: str) -> float | None:
        self.calls.append("last_refresh_age")
        last = self.repos.refresh.last.get(organization_id)
        return None if last is None else self.repos.refresh.now - last

    async def daily_candidates(self, organization_ids: Sequence[str], day: date) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for app_id, (org, status, _) in sorted(self.repos.apps.rows.items()):
            if org in organization_ids and status == "ACTIVE" and (org, day) not in self.repos.refresh.daily:
                out.setdefault(org, []).append(app_id)
        return out


class Remote:
    """Base of the remote fakes: a call while a unit is open fails the test."""

    uow: InMemoryUnitOfWork[Any]

    def _outside_unit(self, what: str) -> None:
        assert self.uow._state != "open", f"{what} called inside a unit of work"


@dataclass
class FakeBilling(Remote):
    uow: InMemoryUnitOfWork[Any]
    plans: dict[str, str] = field(default_factory=dict)
    quota_left: int = 10
    held: set[str] = field(default_factory=set)
    calls: list[tuple[str, str]] = field(default_factory=list)

    async def plan(self, organization_id: str) -> str:
        self._outside_unit("plan")
        return self.plans.get(organization_id, "starter")

    async def consume_refresh(self, organization_id: str, key: str) -> None:
        self._outside_unit("consume_refresh")
        self.calls.append(("consume", key))
        if self.quota_left <= 0:
            raise ServiceError("QUOTA_EXCEEDED", "no hook refreshes left")
        self.quota_left -= 1
        self.held.add(key)

    async def release_refresh(self, organization_id: str, key: str) -> None:
        self._outside_unit("release_refresh")
        self.calls.append(("release", key))
        if key in self.held:
            self.held.discard(key)
            self.quota_left += 1

    async def eligible_organizations(self) -> list[domain.Organization]:
        self._outside_unit("eligible_organizations")
        return [domain.Organization(org, plan) for org, plan in self.plans.items()]


@dataclass
class FakeCatalog(Remote):
    uow: InMemoryUnitOfWork[Any]
    apps: dict[str, domain.App] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    async def get_app(self, organization_id: str, app_id: str) -> domain.App | None:
        self._outside_unit("get_app")
        self.asked.append(app_id)
        app = self.apps.get(app_id)
        return app if app is not None and app.organization_id == organization_id else None

    async def active_apps(self, organization_id: str) -> list[domain.App]:
        self._outside_unit("active_apps")
        return [
            a for a in self.apps.values() if a.organization_id == organization_id and a.status == "ACTIVE"
        ]


@dataclass
class FakeWriter(Remote):
    """Stands in for the LLM-backed HookWriter: the built-in writer, with the calls recorded."""

    uow: InMemoryUnitOfWork[Any]
    calls: list[dict[str, Any]] = field(default_factory=list)

    async def write(
        self,
        brief: Brief,
        count: int,
        categories: Sequence[str] = domain.CATEGORIES,
        seed: str = "",
        avoid: Iterable[str] = (),
    ) -> list[Draft]:
        self._outside_unit("the writer")
        avoid = set(avoid)
        self.calls.append({"count": count, "categories": tuple(categories), "seed": seed, "avoid": avoid})
        return writer.write(brief, count, categories, seed=seed, avoid=avoid)


def an_app(app_id: str = "app_one", org: str = ORG, **kw: Any) -> domain.App:
    values: dict[str, Any] = {
        "name": "Lift",
        "niche": "Fitness",
        "language": "en",
        "status": "ACTIVE",
        "pain_points": ("skipping workouts",),
        "value_props": ("ten minute plans",),
    }
    return domain.App(id=app_id, organization_id=org, **{**values, **kw})


class World:
    def __init__(self) -> None:
        self.repos = Repos(FakeHooks(), FakeRefresh(), FakeApps(), FakeProcessed())
        self.uow = InMemoryUnitOfWork(self.repos)
        self.reads = FakeReads(self.repos)
        self.billing = FakeBilling(self.uow)
        self.catalog = FakeCatalog(self.uow)
        self.writer = FakeWriter(self.uow)

    def add_app(self, app: domain.App) -> domain.App:
        self.catalog.apps[app.id] = app
        return app

    async def refresh(self, app_id: str = "", org: str = ORG) -> application.RefreshStarted:
        return await application.refresh_now(
            self.uow, self.reads, self.billing, self.catalog, org, app_id, 3600
        )

    async def pick(self, app_id: str = "", niche: str = "fitness", language: str = "en", cats=()):
        return await application.pick_hook(
            self.uow, self.catalog, ORG, app_id, niche, language, list(cats), 18
        )


# ---- list and review ---------------------------------------------------------------------------


async def test_list_validates_then_reads_one_page_with_its_window():
    w = World()
    await w.repos.hooks.insert_drafts(
        ORG, "fitness", writer.write(writer.brief_for(app_name="A", niche="fitness", language="en"), 5)
    )
    page = await application.list_hooks(w.reads, ORG, 2, 2, language="EN")
    assert (page.page, page.limit, page.total) == (2, 2, 5) and len(page.hooks) == 2
    default = await application.list_hooks(w.reads, ORG, 0, 0)
    assert (default.page, default.limit, len(default.hooks)) == (1, 50, 5)
    for org, kw in (("", {}), (ORG, {"sort": "best"}), (ORG, {"category": "nope"})):
        with pytest.raises(ServiceError) as err:
            await application.list_hooks(w.reads, org, 1, 10, **kw)
        assert err.value.code == "VALIDATION_ERROR"
    assert w.reads.calls == ["page", "page"] and w.uow.commits == 0


async def test_a_kept_page_is_current_while_the_library_version_is_unchanged():
    w = World()
    await w.repos.hooks.insert_drafts(
        ORG, "fitness", writer.write(writer.brief_for(app_name="A", niche="fitness", language="en"), 3)
    )
    w.reads.versions[ORG] = 7
    first = await application.list_hooks(w.reads, ORG, 1, 50)
    assert (first.version, first.unchanged, first.total, len(first.hooks)) == (7, False, 3, 3)
    # The caller keeps version 7: only the version is read, nothing else is sent.
    again = await application.list_hooks(w.reads, ORG, 1, 50, known_version=7)
    assert (again.version, again.unchanged, again.hooks, again.total) == (7, True, [], 0)
    # A write raised the version: the page is read afresh.
    w.reads.versions[ORG] = 8
    fresh = await application.list_hooks(w.reads, ORG, 1, 50, known_version=7)
    assert (fresh.version, fresh.unchanged, fresh.total) == (8, False, 3)
    # 0 is "none kept" (and the version of a library without hooks): never answered unchanged.
    empty = await application.list_hooks(w.reads, "org_" + "e" * 20, 1, 50, known_version=0)
    assert (empty.unchanged, empty.total) == (False, 0)
    assert w.reads.calls == ["page", "version", "version", "page", "page"]


async def test_review_sets_the_status_in_a_unit_and_scopes_the_hook():
    w = World()
    await w.repos.hooks.insert_drafts(ORG, "fitness", [Draft("A model idea to review", "story", "en", "llm")])
    [pending] = w.repos.hooks.rows.values()
    assert pending.status == "PENDING"
    approved = await application.review_hook(w.uow, ORG, pending.id, "APPROVED")
    assert approved.status == "APPROVED" and w.repos.hooks.rows[pending.id].status == "APPROVED"
    with pytest.raises(ServiceError) as err:
        await application.review_hook(w.uow, OTHER, pending.id, "REJECTED")
    assert err.value.code == "HOOK_NOT_FOUND"
    with pytest.raises(ServiceError) as err:
        await application.review_hook(w.uow, ORG, pending.id, "PENDING")
    assert err.value.code == "VALIDATION_ERROR"
    assert w.repos.hooks.rows[pending.id].status == "APPROVED" and w.uow.published == []


# ---- refresh now ---------------------------------------------------------------------------------


async def test_refresh_now_starts_one_job_per_active_app_and_publishes_them():
    w = World()
    one, two = w.add_app(an_app("app_one")), w.add_app(an_app("app_two", niche="Cooking"))
    w.add_app(an_app("app_old", status="ARCHIVED"))
    w.add_app(an_app("app_theirs", org=OTHER))
    started = await w.refresh()
    assert [a.id for a in started.apps] == [one.id, two.id]
    assert [j.app_id for j in started.jobs] == ["app_one", "app_two"]
    assert (
        w.uow.published == [domain.RefreshRequested(ORG, j.id, j.app_id, "manual") for j in started.jobs]
        and w.uow.commits == 1
    )
    assert w.billing.quota_left == 9 and len(w.billing.held) == 1
    assert {j["trigger"] for j in w.repos.refresh.jobs.values()} == {"manual"}


async def test_refresh_now_checks_plan_apps_and_language_before_the_slot_and_the_quota():
    w = World()
    w.billing.plans[ORG] = "free"
    w.add_app(an_app())
    with pytest.raises(ServiceError) as err:
        await w.refresh()
    assert err.value.code == "PLAN_UPGRADE_REQUIRED" and err.value.details["required_plan"] == "starter"
    w.billing.plans[ORG] = "pro"
    for app_id in ("app_missing", "not an id"):
        with pytest.raises(ServiceError) as err:
            await w.refresh(app_id)
        assert err.value.code == "NO_ACTIVE_APPS"
    w.catalog.apps = {"app_sw": an_app("app_sw", language="sw")}
    with pytest.raises(ServiceError) as err:
        await w.refresh()
    assert err.value.code == "VALIDATION_ERROR"
    assert w.billing.calls == [] and w.repos.refresh.last == {} and w.uow.commits == 0


async def test_a_second_refresh_within_the_hour_is_rate_limited_without_touching_the_quota():
    w = World()
    w.add_app(an_app())
    await w.refresh()
    w.repos.refresh.now += 600
    with pytest.raises(ServiceError) as err:
        await w.refresh()
    assert err.value.code == "RATE_LIMITED" and err.value.details["retry_after"] == 3000
    assert len(w.billing.calls) == 1 and len(w.uow.published) == 1
    w.repos.refresh.now += 3001
    assert len((await w.refresh()).jobs) == 1 and len(w.uow.published) == 2


async def test_no_quota_no_slot_taken():
    w = World()
    w.add_app(an_app())
    w.billing.quota_left = 0
    with pytest.raises(ServiceError) as err:
        await w.refresh()
    assert err.value.code == "QUOTA_EXCEEDED"
    assert w.repos.refresh.last == {} and w.uow.commits == 0 and w.repos.refresh.jobs == {}


async def test_a_refresh_that_loses_the_slot_in_its_unit_gives_the_quota_back():
    w = World()
    w.add_app(an_app())

    async def stale_age(organization_id: str) -> float | None:
        return None  # another replica's refresh commits between the look and the unit

    w.reads.last_refresh_age = stale_age  # type: ignore[method-assign]
    w.repos.refresh.last[ORG] = w.repos.refresh.now - 100
    with pytest.raises(ServiceError) as err:
        await w.refresh()
    assert err.value.code == "RATE_LIMITED" and err.value.details["retry_after"] == 3500
    assert w.uow.rollbacks == 1 and w.uow.published == []
    assert [c[0] for c in w.billing.calls] == ["consume", "release"] and w.billing.quota_left == 10


# ---- daily refresh ---------------------------------------------------------------------------


async def test_daily_refresh_once_per_paying_organization_and_day():
    w = World()
    w.billing.plans = {ORG: "starter", OTHER: "business", "org_free": "free", "org_empty": "pro"}
    t = datetime(2026, 1, 1, tzinfo=UTC)
    for app_id, org, status in (
        ("app_a", ORG, "ACTIVE"),
        ("app_b", ORG, "ACTIVE"),
        ("app_c", ORG, "ARCHIVED"),
        ("app_d", OTHER, "ACTIVE"),
        ("app_e", "org_free", "ACTIVE"),
    ):
        await w.repos.apps.remember(org, app_id, status, t)
    done = await application.refresh_daily(w.uow, w.reads, w.billing, DAY)
    assert (done.organizations, done.jobs_started) == (2, 3)
    assert sorted((e.organization_id, e.app_id, e.trigger) for e in w.uow.published) == [
        (OTHER, "app_d", "daily"),
        (ORG, "app_a", "daily"),
        (ORG, "app_b", "daily"),
    ]
    assert w.repos.refresh.daily == {(ORG, DAY): 2, (OTHER, DAY): 1}  # org_empty is not marked
    again = await application.refresh_daily(w.uow, w.reads, w.billing, DAY)
    assert (again.organizations, again.jobs_started) == (0, 0) and len(w.uow.published) == 3
    tomorrow = await application.refresh_daily(w.uow, w.reads, w.billing, date(2026, 1, 3))
    assert tomorrow.jobs_started == 3


async def test_a_day_another_run_took_is_skipped_in_its_unit():
    w = World()
    w.billing.plans = {ORG: "pro"}
    await w.repos.apps.remember(ORG, "app_a", "ACTIVE", datetime(2026, 1, 1, tzinfo=UTC))

    async def racing(organization_ids: Sequence[str], day: date) -> dict[str, list[str]]:
        w.repos.refresh.daily[(ORG, day)] = 1  # the other run commits after our read
        return {ORG: ["app_a"]}

    w.reads.daily_candidates = racing  # type: ignore[method-assign]
    done = await application.refresh_daily(w.uow, w.reads, w.billing, DAY)
    assert done.jobs_started == 0 and w.uow.rollbacks == 1 and w.uow.published == []


# ---- pick ------------------------------------------------------------------------------------


async def test_an_empty_library_is_seeded_on_the_fly_and_the_pick_is_a_stored_hook():
    w = World()
    hook = await w.pick()
    assert hook.id in w.repos.hooks.rows and hook.source == "seed" and hook.use_count == 1
    assert hook.niche == "fitness" and hook.language == "en" and hook.status == "APPROVED"
    assert 10 <= len(w.repos.hooks.rows) <= 18 and w.uow.commits == 2  # the empty pick, the seed
    second = await w.pick()
    assert second.id != hook.id and len(w.repos.hooks.rows) <= 18 and w.uow.published == []


async def test_pick_prefers_a_wanted_category_and_never_another_language():
    w = World()
    await w.repos.hooks.insert_drafts(
        ORG,
        "fitness",
        [
            Draft("Why your workout plan keeps failing", "problem", "en", "seed"),
            Draft("My whole training day, start to finish", "story", "en", "seed"),
            Draft("Por qué tu plan falla", "problem", "es", "seed"),
        ],
    )
    for _ in range(3):
        assert (await w.pick(cats=["story", "nonsense"])).category == "story"
    assert (await w.pick(cats=["listicle"])).language == "en"  # none of that category: any
    assert (await w.pick(language="es-MX")).text == "Por qué tu plan falla"
    with pytest.raises(ServiceError) as err:
        await w.pick(language="sw")
    assert err.value.code == "VALIDATION_ERROR"


async def test_pick_asks_the_app_for_a_missing_niche_or_language_and_knows_missing_apps():
    w = World()
    w.add_app(an_app("app_one", niche="Cooking", language="de"))
    hook = await w.pick("app_one", niche="", language="")
    assert (hook.niche, hook.language) == ("cooking", "de") and w.catalog.asked == ["app_one"]
    with pytest.raises(ServiceError) as err:
        await w.pick("app_gone", niche="", language="")
    assert err.value.code == "APP_NOT_FOUND"


async def test_pick_falls_back_to_the_apps_own_niche():
    w = World()
    w.add_app(an_app("app_one", niche="Yoga"))
    await w.repos.hooks.insert_drafts(
        ORG, "yoga", [Draft("Stretch before you scroll", "problem", "en", "seed")]
    )
    hook = await w.pick("app_one", niche="wellness")
    assert hook.text == "Stretch before you scroll" and w.catalog.asked == ["app_one"]


# ---- generate ------------------------------------------------------------------------------


async def test_generate_writes_outside_any_unit_and_stores_nothing():
    w = World()
    w.add_app(an_app())
    now = datetime(2026, 5, 1, tzinfo=UTC)
    hooks = await application.generate_hooks(
        w.catalog, w.writer, ORG, "app_one", 4, "problem", seed="s", now=now
    )
    assert len(hooks) == 4 and {h.id for h in hooks} == {""} and {h.category for h in hooks} == {"problem"}
    assert {(h.niche, h.created_at, h.organization_id) for h in hooks} == {("fitness", now, ORG)}
    assert all(h.status == domain.moderate(h.text, h.language, h.source) for h in hooks)
    assert w.repos.hooks.rows == {} and w.uow.commits == 0
    assert w.writer.calls[0]["categories"] == ("problem",) and w.writer.calls[0]["seed"] == "s"
    cases = [("app_missing", 4, ""), ("", 4, ""), ("app_one", 51, ""), ("app_one", 4, "bad")]
    codes = ["APP_NOT_FOUND", "APP_NOT_FOUND", "VALIDATION_ERROR", "VALIDATION_ERROR"]
    for (app_id, count, category), code in zip(cases, codes, strict=True):
        with pytest.raises(ServiceError) as err:
            await application.generate_hooks(w.catalog, w.writer, ORG, app_id, count, category)
        assert err.value.code == code


# ---- the consumers ---------------------------------------------------------------------------


async def test_an_app_created_seeds_its_library_once_per_event():
    w = World()
    app = an_app(updated_at=datetime(2026, 1, 1, tzinfo=UTC))
    await application.app_changed(w.uow, app, "ev_1", only_if_empty=False, seed_count=12)
    seeded = dict(w.repos.hooks.rows)
    assert len(seeded) == 12 and {h.source for h in seeded.values()} == {"seed"}
    assert w.repos.apps.rows["app_one"] == (ORG, "ACTIVE", app.updated_at)
    await application.app_changed(w.uow, app, "ev_1", only_if_empty=False, seed_count=12)
    assert w.repos.hooks.rows == seeded and w.uow.rollbacks == 1


async def test_an_app_update_only_fills_a_niche_and_language_without_hooks():
    w = World()
    t = datetime(2026, 1, 1, tzinfo=UTC)
    await application.app_changed(w.uow, an_app(updated_at=t), "ev_1", False, 6)
    await application.app_changed(w.uow, an_app(updated_at=t, status="ARCHIVED"), "ev_2", True, 6)
    assert len(w.repos.hooks.rows) == 6 and w.repos.apps.rows["app_one"][1] == "ARCHIVED"
    await application.app_changed(w.uow, an_app(updated_at=t, niche="Chess"), "ev_3", True, 6)
    assert {h.niche for h in w.repos.hooks.rows.values()} == {"fitness", "chess"}
    await application.app_changed(w.uow, an_app(updated_at=t, language="sw"), "ev_4", False, 6)
    assert len(w.repos.hooks.rows) == 12  # no copy in Swahili, no other language stands in


async def test_an_app_deleted_is_forgotten_once():
    w = World()
    await w.repos.apps.remember(ORG, "app_one", "ACTIVE", datetime(2026, 1, 1, tzinfo=UTC))
    await application.app_deleted(w.uow, ORG, "app_one", "ev_9")
    assert w.repos.apps.rows == {} and w.uow.commits == 1
    await application.app_deleted(w.uow, ORG, "app_one", "ev_9")
    assert w.uow.commits == 1


async def test_a_refresh_job_writes_outside_the_unit_avoiding_existing_hooks():
    w = World()
    w.add_app(an_app())
    await w.repos.hooks.insert_drafts(ORG, "fitness", [Draft("Stop skipping leg day", "problem", "en")])
    await application.run_refresh_job(
        w.uow, w.reads, w.catalog, w.writer, ORG, "job_1", "app_one", "manual", "ev_1", 5
    )
    assert w.writer.calls[0]["avoid"] == {"stop skipping leg day"} and w.writer.calls[0]["seed"] == "job_1"
    assert len(w.repos.hooks.rows) == 6
    assert w.repos.refresh.jobs["job_1"] == {"org": ORG, "status": "DONE", "created": 5, "error": ""}
    await application.run_refresh_job(
        w.uow, w.reads, w.catalog, w.writer, ORG, "job_1", "app_one", "manual", "ev_1", 5
    )
    assert len(w.repos.hooks.rows) == 6 and w.uow.commits == 1  # a redelivery changes nothing


async def test_a_refresh_job_of_a_missing_app_or_language_without_copy_is_skipped():
    w = World()
    w.add_app(an_app("app_sw", language="sw"))
    w.add_app(an_app("app_old", status="ARCHIVED"))
    for n, app_id in enumerate(("app_gone", "app_old", "app_sw")):
        await application.run_refresh_job(
            w.uow, w.reads, w.catalog, w.writer, ORG, f"job_{n}", app_id, "daily", f"ev_{n}", 5
        )
    jobs = w.repos.refresh.jobs
    assert [jobs[f"job_{n}"]["status"] for n in range(3)] == ["SKIPPED"] * 3
    assert jobs["job_2"]["error"] == "no hook copy for language 'sw'"
    assert w.writer.calls == [] and w.repos.hooks.rows == {}

"""Queries against the real Postgres of the running stack (schema "hooks", migrated here)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from hooks import domain, store, writer
from hooks.writer import Draft
from kit import ids, migrate
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine


@pytest.fixture(scope="module")
async def engine(stack_env: dict[str, str]) -> AsyncIterator[AsyncEngine]:
    url = stack_env["DATABASE_URL"]
    await asyncio.to_thread(migrate.upgrade, "hooks", "hooks", url)
    eng = create_async_engine(url, pool_size=8)
    yield eng
    await eng.dispose()


def org() -> str:
    return ids.new_id("org")


def filters(**kw) -> domain.ListFilters:
    base = {
        "page": 1,
        "limit": 50,
        "niche": "",
        "language": "",
        "category": "",
        "status": "",
        "q": "",
        "sort": "",
    }
    return domain.list_filters(**{**base, **kw})


async def add(engine: AsyncEngine, org_id: str, niche: str, *drafts: Draft) -> int:
    async with engine.begin() as conn:
        return await store.insert_drafts(conn, org_id, niche, drafts)


async def test_duplicates_are_skipped_and_status_is_moderated(engine: AsyncEngine) -> None:
    o = org()
    first = await add(
        engine,
        o,
        "fitness",
        Draft("Stop skipping leg day", "problem", "en"),
        Draft("stop, SKIPPING leg day!", "problem", "en"),
        Draft("Miracle abs in a week", "curiosity", "en", "llm"),
        Draft("Three habits for stronger mornings", "listicle", "en", "llm"),
    )
    again = await add(engine, o, "fitness", Draft("Stop skipping leg day.", "story", "en"))
    other_lang = await add(engine, o, "fitness", Draft("Stop skipping leg day", "problem", "es"))
    assert (first, again, other_lang) == (3, 0, 1)
    async with engine.connect() as conn:
        rows, total = await store.list_hooks(conn, o, filters(language="en"))
    assert total == 3
    by_text = {r.text: r for r in rows}
    assert by_text["Stop skipping leg day"].status == "APPROVED"
    assert by_text["Miracle abs in a week"].status == "REJECTED"
    assert by_text["Three habits for stronger mornings"].status == "PENDING"
    assert all(0 <= r.performance_score <= 100 for r in rows)


async def test_filters_sort_paging_and_tenant_scope(engine: AsyncEngine) -> None:
    o, stranger = org(), org()
    b_en = writer.brief_for(app_name="A", niche="fitness", language="en")
    b_es = writer.brief_for(app_name="A", niche="cooking", language="es")
    await add(engine, o, "fitness", *writer.write(b_en, 12, seed="a"))
    await add(engine, o, "cooking", *writer.write(b_es, 12, seed="b"))
    await add(engine, o, "fitness", Draft("100% free_trial tricks", "curiosity", "en", "llm"))
    await add(engine, stranger, "fitness", *writer.write(b_en, 5, seed="c"))
    async with engine.connect() as conn:
        everything, total = await store.list_hooks(conn, o, filters(limit=200))
        assert total == 25 == len(everything)
        scores = [r.performance_score for r in everything]
        assert scores == sorted(scores, reverse=True)
        for key, value in (
            ("niche", "cooking"),
            ("language", "es"),
            ("category", "story"),
            ("status", "REJECTED"),
        ):
            rows, n = await store.list_hooks(conn, o, filters(limit=200, **{key: value}))
            assert 0 < n < total and len(rows) == n
            assert all(getattr(r, key) == value for r in rows)
        rows, n = await store.list_hooks(conn, o, filters(q="100%"))
        assert [r.text for r in rows] == ["100% free_trial tricks"]
        rows, n = await store.list_hooks(conn, o, filters(q="E_T"))
        assert [r.text for r in rows] == ["100% free_trial tricks"]
        rows, n = await store.list_hooks(conn, o, filters(q="e%t"))
        assert n == 0
        recent, _ = await store.list_hooks(conn, o, filters(limit=200, sort="recent"))
        stamps = [(r.created_at, r.id) for r in recent]
        assert stamps == sorted(stamps, reverse=True)
        page1, _ = await store.list_hooks(conn, o, filters(limit=10, page=1))
        page2, _ = await store.list_hooks(conn, o, filters(limit=10, page=2))
        assert [r.id for r in page1 + page2] == [r.id for r in everything[:20]]
        mine = {r.id for r in everything}
        theirs, n = await store.list_hooks(conn, stranger, filters(limit=200))
        assert n == 5 and not mine & {r.id for r in theirs}


async def test_pick_rotates_and_decays(engine: AsyncEngine) -> None:
    o = org()
    brief = writer.brief_for(app_name="A", niche="fitness", language="en")
    await add(engine, o, "fitness", *writer.write(brief, 8, seed="p"))
    await add(engine, o, "fitness", Draft("An LLM idea awaiting review", "story", "en", "llm"))
    picked = []
    for _ in range(5):
        async with engine.begin() as conn:
            row = await store.pick(conn, o, "fitness", "en")
        assert row is not None and row.status == "APPROVED"
        picked.append(row)
    assert len({r.id for r in picked}) == 5
    assert all(r.use_count == 1 for r in picked)
    async with engine.connect() as conn:
        rows, _ = await store.list_hooks(conn, o, filters(limit=50))
    fresh = {
        d.text: domain.initial_score(d.text, d.category, d.source) for d in writer.write(brief, 8, seed="p")
    }
    for r in picked:
        assert r.performance_score == pytest.approx(max(0.0, fresh[r.text] - domain.USE_DECAY))
    assert {r.id for r in rows if r.status == "APPROVED"} >= {r.id for r in picked}
    async with engine.begin() as conn:
        assert await store.pick(conn, o, "cooking", "en") is None
        assert await store.pick(conn, o, "fitness", "de") is None
        assert (await store.pick(conn, o, "fitness", None)) is not None


async def test_concurrent_picks_take_different_hooks(engine: AsyncEngine) -> None:
    o = org()
    await add(
        engine,
        o,
        "yoga",
        *writer.write(writer.brief_for(app_name="A", niche="yoga", language="en"), 6, seed="q"),
    )

    async def one() -> str:
        async with engine.begin() as conn:
            row = await store.pick(conn, o, "yoga", "en")
            await asyncio.sleep(0.05)
            assert row is not None
            return row.id

    got = await asyncio.gather(*(one() for _ in range(4)))
    assert len(set(got)) == 4


async def test_refresh_slot_is_taken_once_under_concurrency(engine: AsyncEngine) -> None:
    o = org()

    async def claim() -> bool:
        async with engine.begin() as conn:
            won = await store.claim_refresh_slot(conn, o, 3600)
            await asyncio.sleep(0.05)
            return won

    results = await asyncio.gather(*(claim() for _ in range(5)))
    assert sorted(results) == [False, False, False, False, True]
    async with engine.connect() as conn:
        assert 0 <= await store.seconds_since_refresh(conn, o) < 600


async def test_a_rolled_back_claim_does_not_burn_the_slot(engine: AsyncEngine) -> None:
    o = org()
    with pytest.raises(RuntimeError):
        async with engine.begin() as conn:
            assert await store.claim_refresh_slot(conn, o, 3600)
            raise RuntimeError("quota exceeded")
    async with engine.begin() as conn:
        assert await store.claim_refresh_slot(conn, o, 3600)
    async with engine.begin() as conn:
        assert not await store.claim_refresh_slot(conn, o, 3600)
        assert await store.claim_refresh_slot(conn, o, 0)


async def test_daily_run_once_per_day_and_forget_app(engine: AsyncEngine) -> None:
    import datetime as dt

    o = org()
    day = dt.date(2026, 1, 2)
    async with engine.begin() as conn:
        assert await store.claim_daily_run(conn, o, day)
        assert not await store.claim_daily_run(conn, o, day)
        assert await store.claim_daily_run(conn, o, day + dt.timedelta(days=1))
        jobs = await store.add_jobs(conn, o, ["app_a", "app_b", "app_a"], "daily")
        await store.finish_job(conn, o, jobs[0].id, "DONE", 7)
    async with engine.begin() as conn:
        assert await store.daily_done(conn, [o, org()], day) == {o}
        assert len(await store.app_jobs(conn, o, "app_a")) == 2
        assert await store.forget_app(conn, o, "app_a") == 2
        assert await store.app_jobs(conn, o, "app_a") == []
        assert len(await store.app_jobs(conn, o, "app_b")) == 1


async def test_local_view_of_apps(engine: AsyncEngine) -> None:
    import datetime as dt

    o, other, empty = org(), org(), org()
    t0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    a, b, c = ids.new_id("app"), ids.new_id("app"), ids.new_id("app")
    async with engine.begin() as conn:
        await store.remember_app(conn, o, a, "ACTIVE", t0)
        await store.remember_app(conn, o, b, "ACTIVE", t0)
        await store.remember_app(conn, o, b, "ARCHIVED", t0 + dt.timedelta(seconds=5))
        await store.remember_app(conn, o, b, "ACTIVE", t0 + dt.timedelta(seconds=1))  # stale: ignored
        await store.remember_app(conn, other, c, "ACTIVE", t0)
        assert await store.active_apps_by_org(conn, [o, other, empty]) == {o: [a], other: [c]}
        await store.forget_app(conn, o, a)
        assert await store.active_apps_by_org(conn, [o, other]) == {other: [c]}
        assert await store.active_apps_by_org(conn, []) == {}


async def test_review_decides_which_hooks_open_decks(engine: AsyncEngine) -> None:
    o, other = org(), org()
    await add(engine, o, "fitness", Draft("An LLM idea awaiting review", "story", "en", "llm"))
    async with engine.connect() as conn:
        [pending], _ = await store.list_hooks(conn, o, filters())
    assert pending.status == "PENDING"
    async with engine.begin() as conn:
        assert await store.pick(conn, o, "fitness", "en") is None  # PENDING never opens a deck
        assert await store.set_status(conn, other, pending.id, "APPROVED") is None  # not theirs
        assert await store.set_status(conn, o, "hk_unknown", "APPROVED") is None
        approved = await store.set_status(conn, o, pending.id, "APPROVED")
        assert approved is not None and approved.status == "APPROVED"
        picked = await store.pick(conn, o, "fitness", "en")
        assert picked is not None and picked.id == pending.id
        rejected = await store.set_status(conn, o, pending.id, "REJECTED")
        assert rejected is not None and rejected.status == "REJECTED"
        assert await store.pick(conn, o, "fitness", "en") is None


def test_review_status_is_approved_or_rejected() -> None:
    assert domain.review_status("APPROVED") == "APPROVED"
    assert domain.review_status("REJECTED") == "REJECTED"
    for bad in ("PENDING", "approved", ""):
        with pytest.raises(Exception) as err:
            domain.review_status(bad)
        assert getattr(err.value, "code", "") == "VALIDATION_ERROR"


async def test_pick_takes_a_hook_of_a_wanted_category(engine: AsyncEngine) -> None:
    o = org()
    await add(
        engine,
        o,
        "fitness",
        Draft("Why your workout plan keeps failing", "problem", "en", "seed"),
        Draft("My whole training day, start to finish", "story", "en", "seed"),
    )
    for _ in range(3):
        async with engine.begin() as conn:
            row = await store.pick(conn, o, "fitness", "en", ["story", "social_proof"])
        assert row is not None and row.category == "story"
    async with engine.begin() as conn:
        assert await store.pick(conn, o, "fitness", "en", ["listicle"]) is None


async def test_the_library_version_and_the_totals_follow_every_write(engine: AsyncEngine) -> None:
    """Migration 0003/0004 triggers: every statement that writes an organization's hooks raises its
    version (a kept page is current only while it is unchanged) and keeps hook_counts, the totals
    of the list without `q`."""
    o, other = org(), org()
    brief = writer.brief_for(app_name="A", niche="fitness", language="en")

    async def version() -> int:
        async with engine.connect() as conn:
            return await store.library_version(conn, o)

    async def page(**kw) -> tuple[list[domain.Hook], int, int]:
        async with engine.connect() as conn:
            return await store.list_page(conn, o, filters(limit=200, **kw))

    assert await version() == 0
    await add(engine, o, "fitness", *writer.write(brief, 6, seed="v"))
    v1 = await version()
    hooks, total, at = await page()
    assert v1 > 0 and at == v1 and total == len(hooks) == 6
    await add(engine, o, "fitness", *writer.write(brief, 6, seed="v"))  # duplicates: nothing written
    await add(engine, other, "fitness", *writer.write(brief, 3, seed="w"))  # another organization
    assert await version() == v1
    approved = [h for h in hooks if h.status == "APPROVED"]
    async with engine.begin() as conn:
        assert await store.set_status(conn, o, approved[0].id, "REJECTED") is not None
    v2 = await version()
    assert v2 > v1
    _, rejected, at = await page(status="REJECTED")
    _, still_approved, _ = await page(status="APPROVED")
    assert at == v2 and rejected >= 1 and still_approved == len(approved) - 1
    async with engine.begin() as conn:
        assert await store.pick(conn, o, "fitness", "en") is not None  # score and use count change
    v3 = await version()
    assert v3 > v2
    async with engine.begin() as conn:
        await conn.exec_driver_sql("DELETE FROM hooks.hooks WHERE id = %(id)s", {"id": approved[1].id})
    assert await version() > v3
    hooks, total, _ = await page()
    _, by_niche, _ = await page(niche="fitness")
    assert total == by_niche == len(hooks) == 5

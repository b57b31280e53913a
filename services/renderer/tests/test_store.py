"""Renderer queries against the stack's real Postgres (schema "renderer", migrated by the
running service). Every row uses a fresh organization id, so runs never collide."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from kit import ids
from renderer import domain, store
from sqlalchemy import update


@pytest.fixture
async def conn(stack_env):
    """One transaction per test, rolled back: nothing is left for the running service."""
    from kit.db import make_engine

    eng = make_engine(stack_env["DATABASE_URL"], pool_size=2)
    async with eng.connect() as connection:
        tx = await connection.begin()
        yield connection
        await tx.rollback()
    await eng.dispose()


def _values(org_id: str, app_id: str = "app_x", **extra) -> dict:
    return {
        "id": ids.new_id("ss"),
        "organization_id": org_id,
        "app_id": app_id,
        "hook_id": "hk_1",
        "hook_text_snapshot": "hook",
        "status": "QUEUED",
        "language": "en",
        "template_set": "listicle",
        "template_key": "listicle",
        "design": "classic",
        "variable_overrides": {},
        "asset_token": "tok",
        **extra,
    }


async def test_list_is_scoped_filtered_newest_first(conn):
    org, other = ids.new_id("org"), ids.new_id("org")
    now = datetime.now(UTC)
    rows = [
        _values(org, "app_a", created_at=now - timedelta(seconds=3)),
        _values(org, "app_b", created_at=now - timedelta(seconds=2), status="READY"),
        _values(org, "app_a", created_at=now - timedelta(seconds=1), status="FAILED"),
        _values(other, "app_a"),
    ]
    for r in rows:
        await store.insert_slideshow(conn, r)
    listed, total = await store.list_slideshows(conn, org, 1, 10)
    assert total == 3 and [r.id for r in listed] == [rows[2]["id"], rows[1]["id"], rows[0]["id"]]
    by_app, total = await store.list_slideshows(conn, org, 1, 10, app_id="app_a")
    assert total == 2 and {r.id for r in by_app} == {rows[0]["id"], rows[2]["id"]}
    ready, total = await store.list_slideshows(conn, org, 1, 10, statuses=["READY"])
    assert [r.id for r in ready] == [rows[1]["id"]]
    page2, total = await store.list_slideshows(conn, org, 2, 2)
    assert total == 3 and [r.id for r in page2] == [rows[0]["id"]]
    assert await store.get_slideshow(conn, other, rows[0]["id"]) is None


async def test_idempotency_keys_expire(conn):
    org = ids.new_id("org")
    now = datetime.now(UTC)
    await store.save_idempotency_key(conn, org, "k1", "fp", "ss_1")
    assert (
        await store.find_idempotency_key(conn, org, "k1", now - timedelta(hours=24))
    ).slideshow_id == "ss_1"
    assert await store.find_idempotency_key(conn, ids.new_id("org"), "k1", now - timedelta(hours=24)) is None
    assert await store.find_idempotency_key(conn, org, "k1", now + timedelta(seconds=5)) is None


async def test_replace_deck_and_ready(conn):
    org = ids.new_id("org")
    row = _values(org, status="RENDERING")
    slide = {
        "template": "HOOK",
        "layout_type": "headline",
        "title": "t",
        "subtitle": "",
        "label": "",
        "object_key": "k",
        "image_url": "u",
        "duration": 3.0,
    }
    await store.insert_slideshow(conn, row)
    for _ in range(2):  # a re-render replaces, never duplicates
        await store.replace_deck(
            conn,
            row["id"],
            [{**slide, "position": i} for i in range(6)],
            [{"position": 0, "type": "caption", "text": "c", "tags": []}],
        )
    await store.mark_ready(conn, org, row["id"], "FitPal", "en")
    slides, assets = await store.deck_rows(conn, [row["id"]])
    assert [s.position for s in slides] == list(range(6)) and len(assets) == 1
    got = await store.get_slideshow(conn, org, row["id"])
    assert (got.status, got.app_name, got.version) == ("READY", "FitPal", 2)


async def test_stuck_slideshows_are_claimed_once(conn):
    org = ids.new_id("org")
    old = datetime.now(UTC) - timedelta(minutes=10)
    row = _values(org, status="RENDERING")
    await store.insert_slideshow(conn, row)
    await conn.execute(
        update(store.slideshows).where(store.slideshows.c.id == row["id"]).values(updated_at=old)
    )
    cutoff = datetime.now(UTC) - timedelta(minutes=2)
    assert row["id"] in {r.slideshow_id for r in await store.stuck_slideshows(conn, cutoff, limit=1000)}
    assert row["id"] not in {r.slideshow_id for r in await store.stuck_slideshows(conn, cutoff, limit=1000)}


async def test_delete_slideshows_of_an_app(conn):
    org = ids.new_id("org")
    a, b = _values(org, "app_gone"), _values(org, "app_kept")
    await store.insert_slideshow(conn, a)
    await store.insert_slideshow(conn, b)
    await store.save_bundle(conn, org, a["id"], 1, "zips/x/1.zip")
    await store.remember_deleted_app(conn, org, "app_gone")
    await store.remember_deleted_app(conn, org, "app_gone")
    assert await store.app_deleted(conn, org, "app_gone") and not await store.app_deleted(
        conn, org, "app_kept"
    )
    await store.delete_slideshows(conn, org, await store.slideshow_ids_of_app(conn, org, "app_gone"))
    assert await store.get_slideshow(conn, org, a["id"]) is None
    assert await store.get_zip_state(conn, org, a["id"]) == (None, None)
    assert await store.get_slideshow(conn, org, b["id"]) is not None


async def test_a_zip_state_is_the_deck_its_bundle_and_whether_its_app_is_gone(conn):
    org = ids.new_id("org")
    a = _values(org, "app_zip", status="READY", version=3)
    await store.insert_slideshow(conn, a)
    deck, bundle = await store.get_zip_state(conn, org, a["id"])
    assert deck is not None and (deck.id, deck.status, deck.version, deck.app_deleted) == (
        a["id"],
        "READY",
        3,
        False,
    )
    assert bundle is None
    await store.save_bundle(conn, org, a["id"], 1, "zips/x/1.zip")
    await store.remember_deleted_app(conn, org, "app_zip")
    deck, bundle = await store.get_zip_state(conn, org, a["id"])
    assert deck is not None and deck.app_deleted and bundle == domain.Bundle(1, "zips/x/1.zip")
    assert await store.get_zip_state(conn, ids.new_id("org"), a["id"]) == (None, None)  # another org's


async def test_the_total_is_kept_in_step_with_every_write(conn):
    """The list's total comes from slideshow_counts (migration 0005's triggers, in the writing
    transaction): it follows inserts, status changes and deletes, for every filter."""
    org = ids.new_id("org")
    a1, a2, b1 = _values(org, "app_a"), _values(org, "app_a"), _values(org, "app_b")
    for r in (a1, a2, b1):
        await store.insert_slideshow(conn, r)

    async def totals() -> list[int]:
        filters: list[dict] = [
            {},
            {"app_id": "app_a"},
            {"statuses": ["QUEUED"]},
            {"app_id": "app_b", "statuses": ["READY"]},
        ]
        return [(await store.list_slideshows(conn, org, 1, 1, **kw))[1] for kw in filters]

    assert await totals() == [3, 2, 3, 0]
    await conn.execute(
        update(store.slideshows).where(store.slideshows.c.id == b1["id"]).values(status="READY")
    )
    await conn.execute(  # a write that leaves the status as it was counts nothing
        update(store.slideshows).where(store.slideshows.c.id == a1["id"]).values(status="QUEUED")
    )
    assert await totals() == [3, 2, 2, 1]
    await store.delete_slideshows(conn, org, [a2["id"], b1["id"]])
    assert await totals() == [1, 1, 1, 0]


async def test_the_claimable_sql_is_the_domain_rule(conn):
    """store.claimable (SQL) picks exactly the decks domain.is_claimable accepts."""
    from renderer import domain
    from sqlalchemy import select

    org = ids.new_id("org")
    now = datetime.now(UTC)
    cases = [
        (status, lease)
        for status in domain.STATUSES
        for lease in (None, now - timedelta(seconds=5), now + timedelta(hours=1))
    ]
    rows = [_values(org, status=s, lease_until=lease) for s, lease in cases]
    for r in rows:
        await store.insert_slideshow(conn, r)
    picked = set(
        (
            await conn.execute(
                select(store.slideshows.c.id).where(
                    store.slideshows.c.organization_id == org, store.claimable(now)
                )
            )
        ).scalars()
    )
    expected = {
        r["id"] for r, (s, lease) in zip(rows, cases, strict=True) if domain.is_claimable(s, lease, now)
    }
    assert picked == expected and len(expected) == 5


async def test_a_hold_a_sweeper_claimed_cannot_be_taken_by_its_generate(conn):
    org = ids.new_id("org")
    stale, fresh = ids.new_id("ss"), ids.new_id("ss")
    await store.add_quota_hold(conn, org, stale)
    await store.add_quota_hold(conn, org, fresh)
    await conn.execute(
        update(store.quota_holds)
        .where(store.quota_holds.c.slideshow_id == stale)
        .values(created_at=datetime.now(UTC) - timedelta(minutes=5))
    )
    claimed = await store.claim_stale_quota_holds(conn, datetime.now(UTC) - timedelta(seconds=30))
    assert stale in {h.slideshow_id for h in claimed} and fresh not in {h.slideshow_id for h in claimed}
    assert await store.take_quota_hold(conn, stale) is False  # being released: no deck for it
    assert await store.take_quota_hold(conn, fresh) is True
    assert await store.take_quota_hold(conn, fresh) is False  # taken once
    # A sweeper that stopped half way finds its marked hold again at the next sweep.
    again = await store.claim_stale_quota_holds(conn, datetime.now(UTC) - timedelta(seconds=30))
    assert stale in {h.slideshow_id for h in again}


async def test_the_list_version_follows_what_a_list_shows(conn):
    """Migration 0008: every statement that adds, deletes or changes a summary column of an
    organization's decks raises its list version (a kept page is current only while it is
    unchanged); a lease or an attempt count changes nothing a list shows."""
    org, other = ids.new_id("org"), ids.new_id("org")

    async def version() -> int:
        return await store.list_version(conn, org)

    assert await version() == 0
    a, b = _values(org, "app_a"), _values(org, "app_b")
    await store.insert_slideshow(conn, a)
    await store.insert_slideshow(conn, b)
    v1 = await version()
    decks, total, at = await store.list_page(conn, org, 1, 10)
    assert v1 > 0 and at == v1 and total == len(decks) == 2
    await store.insert_slideshow(conn, _values(other))  # another organization
    s = store.slideshows
    await conn.execute(  # neither a lease nor an attempt is shown by a list
        update(s).where(s.c.id == a["id"]).values(lease_until=datetime.now(UTC), attempts=2)
    )
    await conn.execute(update(s).where(s.c.id == a["id"]).values(status="QUEUED"))  # unchanged
    assert await version() == v1
    await conn.execute(update(s).where(s.c.id == a["id"]).values(status="READY"))
    v2 = await version()
    assert v2 > v1
    _, ready, at = await store.list_page(conn, org, 1, 10, statuses=["READY"])
    assert (ready, at) == (1, v2)
    await conn.execute(s.delete().where(s.c.id == b["id"]))
    assert await version() > v2
    decks, total, _ = await store.list_page(conn, org, 2, 1)
    assert total == 1 and decks == []

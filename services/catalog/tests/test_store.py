"""Queries of the catalog schema against the stack's real Postgres (migrated by the running service)."""

from __future__ import annotations

import os
import uuid
from datetime import UTC, datetime

import pytest
from catalog import domain, store
from kit.db import make_engine
from kit.ids import new_id
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError


@pytest.fixture(scope="module")
async def engine(stack_env):
    eng = make_engine(os.environ["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


def new_values(org: str, **over) -> dict:
    values = domain.validate_new({"name": f"App {uuid.uuid4().hex[:6]}", **over})
    app_id = new_id("app")
    values.setdefault("slug", domain.slug_for(values["name"], app_id))
    return {**values, "id": app_id, "organization_id": org}


def org() -> str:
    return new_id("org")


async def test_insert_and_get_are_scoped_to_the_organization(engine):
    mine, theirs = org(), org()
    async with engine.begin() as conn:
        photos = ["https://cdn.example.com/p1.jpg", "https://cdn.example.com/p2.jpg"]
        row = await store.insert_app(conn, new_values(mine, value_props=["fast"], photos=photos))
        assert row.created_us == row.updated_us and row.value_props == ("fast",)
        assert row.photos == tuple(photos) and row.screenshots == ()
        assert await store.get_app(conn, mine, row.id) == row
        assert await store.get_app(conn, theirs, row.id) is None
        # Times are read as exact epoch microseconds.
        stored = (
            await conn.execute(select(store.apps.c.created_at).where(store.apps.c.id == row.id))
        ).scalar()
        assert row.created_us == round(stored.timestamp() * 1_000_000)


async def test_slug_is_unique_per_organization(engine):
    mine, theirs = org(), org()
    async with engine.begin() as conn:
        await store.insert_app(conn, new_values(mine, slug="same"))
        await store.insert_app(conn, new_values(theirs, slug="same"))
        assert await store.slug_in_use(conn, mine, "same") and not await store.slug_in_use(
            conn, org(), "same"
        )
    with pytest.raises(IntegrityError) as info:
        async with engine.begin() as conn:
            await store.insert_app(conn, new_values(mine, slug="same"))
    assert store.UNIQUE_SLUG in str(info.value.orig)


async def test_list_is_newest_first_with_id_breaking_ties_and_counts_the_filter(engine):
    mine = org()
    async with engine.begin() as conn:
        ids = [(await store.insert_app(conn, new_values(mine))).id for _ in range(5)]
        await store.update_app(conn, mine, ids[0], {"status": "ARCHIVED"})
        same = datetime(2026, 1, 1, tzinfo=UTC)
        await conn.execute(update(store.apps).where(store.apps.c.id.in_(ids[1:3])).values(created_at=same))
        await store.insert_app(conn, new_values(org()))  # another organization's app is never listed
    async with engine.connect() as conn:
        versions, total = await store.list_versions(conn, mine, "", 0, 50)
        assert total == 5
        listed = [v[0] for v in versions]
        assert listed[:3] == [ids[4], ids[3], ids[0]]
        assert listed[3:] == sorted(ids[1:3], reverse=True)
        page, total = await store.list_versions(conn, mine, "", 2, 2)
        assert [v[0] for v in page] == listed[2:4] and total == 5
        empty, total = await store.list_versions(conn, mine, "", 10, 2)
        assert empty == [] and total == 5
        archived, total = await store.list_versions(conn, mine, "ARCHIVED", 0, 50)
        assert [v[0] for v in archived] == [ids[0]] and total == 1
        # The same versions, with the rows as every other read returns them.
        rows = await store.apps_by_id(conn, mine, listed)
        assert {version for version, _ in rows} == set(versions)
        assert [row for _, row in rows] == [await store.get_app(conn, mine, r.id) for _, r in rows]


async def test_every_write_makes_a_new_version_and_reads_stay_in_the_organization(engine):
    mine = org()
    async with engine.begin() as conn:
        app_id = (await store.insert_app(conn, new_values(mine))).id
    async with engine.connect() as conn:
        (before,), _ = await store.list_versions(conn, mine, "", 0, 50)
        assert await store.apps_by_id(conn, org(), [app_id]) == []
    async with engine.begin() as conn:
        await store.update_app(conn, mine, app_id, {"tagline": "new"})
    async with engine.begin() as conn:
        await store.update_app(conn, mine, app_id, {"tagline": "newer"})
    async with engine.connect() as conn:
        (after,), _ = await store.list_versions(conn, mine, "", 0, 50)
        [(version, row)] = await store.apps_by_id(conn, mine, [app_id])
    assert after != before and after[1] != before[1] and version == after and row.tagline == "newer"


async def test_update_and_delete_touch_only_the_organizations_row(engine):
    mine, theirs = org(), org()
    async with engine.begin() as conn:
        row = await store.insert_app(conn, new_values(mine))
        app_id = row.id
        assert await store.update_app(conn, theirs, app_id, {"niche": "stolen"}) is None
        assert not await store.delete_app(conn, theirs, app_id)
        updated = await store.update_app(conn, mine, app_id, {"niche": "fitness"})
        assert updated.niche == "fitness" and updated.updated_us > row.updated_us
        assert updated.photos == ()
        photos = ["https://cdn.example.com/p.jpg"] * 24
        assert (await store.update_app(conn, mine, app_id, {"photos": photos})).photos == tuple(photos)
        assert await store.delete_app(conn, mine, app_id)
        assert await store.get_app(conn, mine, app_id) is None

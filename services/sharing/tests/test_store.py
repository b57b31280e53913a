"""Queries of the sharing schema against the stack's real Postgres: tenant scoping, lookups by
token hash only, the wrong-password window."""

from __future__ import annotations

import uuid

import pytest
from kit.db import make_engine
from sharing import domain, store


@pytest.fixture(scope="module")
async def engine(stack_env):
    eng = make_engine(stack_env["DATABASE_URL"], 2)
    yield eng
    await eng.dispose()


def new_share(org: str, app: str = "app_x") -> tuple[dict, str]:
    token = domain.new_token()
    values = {
        "id": f"shr_{uuid.uuid4().hex[:20]}",
        "organization_id": org,
        "slideshow_id": f"ss_{uuid.uuid4().hex[:20]}",
        "app_id": app,
        "token_hash": domain.token_hash(token),
        "token_encrypted": "ciphertext",
    }
    return values, token


async def test_live_lookup_by_hash_and_disable(engine):
    org = f"org_{uuid.uuid4().hex[:20]}"
    values, token = new_share(org)
    async with engine.begin() as conn:
        row = await store.insert_share(conn, values)
        assert row.enabled and row.token_hash != token
    async with engine.begin() as conn:
        assert (await store.get_live_by_hash(conn, domain.token_hash(token))).id == values["id"]
        assert await store.get_live_by_hash(conn, token) is None
        assert await store.disable_for_slideshow(conn, "org_other", values["slideshow_id"]) is None
        assert (await store.disable_for_slideshow(conn, org, values["slideshow_id"])).enabled is False
        assert await store.get_live_by_hash(conn, domain.token_hash(token)) is None
        assert (await store.get_for_slideshow(conn, org, values["slideshow_id"])).enabled is False
        assert await store.get_for_slideshow(conn, "org_other", values["slideshow_id"]) is None


async def test_disable_for_app_is_tenant_scoped(engine):
    org, other = f"org_{uuid.uuid4().hex[:20]}", f"org_{uuid.uuid4().hex[:20]}"
    mine, _ = new_share(org, "app_shared_name")
    theirs, their_token = new_share(other, "app_shared_name")
    async with engine.begin() as conn:
        await store.insert_share(conn, mine)
        await store.insert_share(conn, theirs)
        disabled = await store.disable_for_app(conn, org, "app_shared_name")
        assert [r.id for r in disabled] == [mine["id"]]
        assert await store.disable_for_app(conn, org, "app_shared_name") == []  # idempotent
        assert (await store.get_live_by_hash(conn, domain.token_hash(their_token))).id == theirs["id"]


async def test_failures_count_within_the_window_per_ip(engine):
    share_id = f"shr_{uuid.uuid4().hex[:20]}"
    async with engine.begin() as conn:
        for _ in range(3):
            await store.record_failure(conn, share_id, "10.0.0.1", 300)
        await store.record_failure(conn, share_id, "10.0.0.2", 300)
    async with engine.connect() as conn:
        assert len(await store.recent_failures(conn, share_id, "10.0.0.1", 300)) == 3
        assert len(await store.recent_failures(conn, share_id, "10.0.0.2", 300)) == 1
        assert await store.recent_failures(conn, share_id, "10.0.0.1", 0) == []


async def test_shares_of_many_slideshows_are_found_by_organization_and_slideshow(engine):
    org, other = f"org_{uuid.uuid4().hex[:20]}", f"org_{uuid.uuid4().hex[:20]}"
    first, _ = new_share(org)
    second, _ = new_share(org)
    async with engine.begin() as conn:
        await store.insert_share(conn, first)
        await store.insert_share(conn, second)
        found = await store.get_for_slideshows(
            conn,
            [
                (org, first["slideshow_id"]),
                (other, second["slideshow_id"]),  # another organization's id: not its share
                (org, second["slideshow_id"]),
                (org, "ss_unknown"),
            ],
        )
    assert {pair: row.id for pair, row in found.items()} == {
        (org, first["slideshow_id"]): first["id"],
        (org, second["slideshow_id"]): second["id"],
    }
    async with engine.connect() as conn:
        assert await store.get_for_slideshows(conn, []) == {}

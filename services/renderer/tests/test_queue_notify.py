"""The render queue's wake-up (migration 0004), on the stack's real Postgres: a deck that becomes
QUEUED notifies renderer_queue; starting to render it does not."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import psycopg
from kit import ids
from kit.db import make_engine
from kit.pgnotify import libpq_url
from kit.settings import KitSettings
from renderer import domain, events, store
from sqlalchemy import update


async def _notifications(conn: psycopg.AsyncConnection, seconds: float) -> int:
    count = 0
    async for _ in conn.notifies(timeout=seconds):
        count += 1
    return count


async def test_a_deck_becoming_queued_wakes_the_workers(stack_env):
    settings = KitSettings()
    engine = make_engine(settings.database_url, 1)
    listener = await psycopg.AsyncConnection.connect(libpq_url(settings.database_url), autocommit=True)
    try:
        await listener.execute(f"LISTEN {events.QUEUE_CHANNEL}")
        org_id, ss_id = ids.new_id("org"), ids.new_id("ss")
        async with engine.begin() as conn:
            await store.insert_slideshow(
                conn,
                {
                    "id": ss_id,
                    "organization_id": org_id,
                    "app_id": ids.new_id("app"),
                    "hook_id": "hk_x",
                    "hook_text_snapshot": "Queued",
                    "status": "QUEUED",
                    "language": "en",
                    "template_set": "default",
                    "template_key": "listicle",
                    "design": "classic",
                    "variable_overrides": {},
                    "asset_token": domain.new_asset_token(),
                },
            )
        assert await _notifications(listener, 2) >= 1
        # Claimed (as store.mark_rendering does, but whatever a running worker did with the deck
        # meanwhile: its app does not exist, so a worker that took it has failed it, and FAILED is final).
        async with engine.begin() as conn:
            await conn.execute(
                update(store.slideshows)
                .where(store.slideshows.c.id == ss_id)
                .values(status=domain.RENDERING, lease_until=datetime.now(UTC) + timedelta(seconds=30))
            )
        assert await _notifications(listener, 0.5) == 0
        async with engine.begin() as conn:
            await store.release_claim(conn, org_id, ss_id)  # given back after a transient error
        assert await _notifications(listener, 2) >= 1
        async with engine.begin() as conn:  # leave nothing for the running workers to draw
            await conn.execute(store.slideshows.delete().where(store.slideshows.c.id == ss_id))
    finally:
        await listener.close()
        await engine.dispose()

"""NOTIFY delivery_queue (migration 0004) against the stack's Postgres: new deliveries and a retry
scheduled after a failed attempt are announced to every sender's listener, so replicas that did not
write them look at once instead of polling."""

from __future__ import annotations

import asyncio
import contextlib
import os
from datetime import UTC, datetime, timedelta

import pytest
from delivery import domain, store
from delivery.sender import QUEUE_CHANNEL
from kit import db, ids
from kit.pgnotify import Listener
from sqlalchemy import delete


@pytest.fixture
async def engine(stack_env):
    eng = db.make_engine(os.environ["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


async def _told(queue: asyncio.Queue[str | None]) -> bool:
    """Whether a notification arrives within 10 s (then the queue is emptied)."""
    try:
        await asyncio.wait_for(queue.get(), 10)
    except TimeoutError:
        return False
    while not queue.empty():
        queue.get_nowait()
    return True


def _delivery(org: str, endpoint_id: str, event_id: str, at: datetime) -> dict:
    return {
        "id": ids.new_id("whd"),
        "organization_id": org,
        "endpoint_id": endpoint_id,
        "event_id": event_id,
        "event": domain.QUOTA_EXCEEDED,
        "body": b"{}",
        "status": domain.PENDING,
        "attempt_count": 0,
        "next_attempt_at": at,
        "created_at": at,
        "updated_at": at,
    }


async def test_new_deliveries_and_a_scheduled_retry_wake_every_sender(engine):
    listener = Listener(os.environ["DATABASE_URL"], QUEUE_CHANNEL)
    queue = listener.subscribe()
    running = asyncio.create_task(listener.run())
    org, endpoint_id = ids.new_id("org"), ids.new_id("wh")
    # Due only in the far future, so the running delivery service never touches these rows.
    later = datetime.now(UTC) + timedelta(days=1)
    now = later + timedelta(days=1)
    try:
        await asyncio.wait_for(listener.listening.wait(), 10)
        async with engine.begin() as conn:
            await store.insert_endpoint(
                conn,
                {
                    "id": endpoint_id,
                    "organization_id": org,
                    "kind": "webhook",
                    "url": "https://127.0.0.1:1/x",
                    "events": list(domain.EVENTS),
                    "description": "",
                    "secret_key_id": "k1",
                    "secret_cipher": b"",
                    "enabled": True,
                    "disabled_reason": "",
                    "created_at": later,
                    "updated_at": later,
                },
            )
            for i in range(2):
                assert await store.insert_delivery(conn, _delivery(org, endpoint_id, f"evt_{i}", later))
        assert await _told(queue), "new deliveries were not announced"

        async with engine.begin() as conn:
            claimed = (await store.claim_due(conn, now, 1, timedelta(minutes=5)))[0]
        while not queue.empty():  # whatever else the stack did meanwhile
            queue.get_nowait()
        async with engine.begin() as conn:
            assert await store.record_attempt(
                conn,
                claimed,
                status_code=500,
                duration_ms=3,
                error="HTTP 500",
                status=domain.PENDING,
                next_at=now + timedelta(minutes=1),
                now=now,
            )
        assert await _told(queue), "a retry scheduled after a failed attempt was not announced"
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        async with engine.begin() as conn:
            await conn.execute(delete(store.endpoints).where(store.endpoints.c.id == endpoint_id))

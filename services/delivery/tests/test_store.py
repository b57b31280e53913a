"""Claiming due deliveries against the stack's Postgres: two workers never get the same
attempt, a lease hides a claimed row, and an attempt is recorded once; new deliveries and a retry
scheduled after a failed attempt are announced on NOTIFY delivery_queue (migration 0004), so senders
that did not write them, replicas too, look at once instead of polling."""

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
    eng = db.make_engine(os.environ["DATABASE_URL"], pool_size=4)
    yield eng
    await eng.dispose()


def endpoint_row(org: str, endpoint_id: str, at: datetime) -> dict:
    return {
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
        "created_at": at,
        "updated_at": at,
    }


def delivery_row(org: str, endpoint_id: str, event_id: str, at: datetime) -> dict:
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


async def test_two_workers_claim_disjoint_rows_and_record_once(engine):
    org = ids.new_id("org")
    endpoint_id = ids.new_id("wh")
    # Due only in the far future, so the running delivery service never touches these rows.
    later = datetime.now(UTC) + timedelta(days=1)
    now = later + timedelta(days=1)
    async with engine.begin() as conn:
        await store.insert_endpoint(conn, endpoint_row(org, endpoint_id, later))
        for i in range(40):
            assert await store.insert_delivery(conn, delivery_row(org, endpoint_id, f"evt_{i}", later))
        assert not await store.insert_delivery(conn, delivery_row(org, endpoint_id, "evt_0", later))
    try:

        async def worker() -> list[store.Claimed]:
            got: list[store.Claimed] = []
            while True:
                async with engine.begin() as conn:
                    batch = await store.claim_due(conn, now, 7, timedelta(minutes=5))
                if not batch:
                    return got
                got += batch

        first, second = await asyncio.gather(worker(), worker())
        ids_first, ids_second = {c.id for c in first}, {c.id for c in second}
        assert not ids_first & ids_second
        assert len(ids_first | ids_second) == 40
        assert all(c.url == "https://127.0.0.1:1/x" and c.kind == "webhook" for c in first + second)

        claimed = (first + second)[0]
        async with engine.begin() as conn:
            kwargs = dict(
                status_code=500, duration_ms=3, error="HTTP 500", status=domain.PENDING, next_at=now, now=now
            )
            assert await store.record_attempt(conn, claimed, **kwargs)
            assert not await store.record_attempt(conn, claimed, **kwargs)  # the same attempt, again
            rows, total = await store.list_deliveries(conn, org, endpoint_id, 1, 100)
            attempts = {r.id: r.attempts for r in rows}
        assert total == 40
        assert [a.status_code for a in attempts[claimed.id]] == [500]
        async with engine.begin() as conn:
            again = await store.claim_due(conn, now, 100, timedelta(minutes=5))
        assert [c.id for c in again] == [claimed.id] and again[0].attempt_count == 1
    finally:
        async with engine.begin() as conn:
            await conn.execute(delete(store.endpoints).where(store.endpoints.c.id == endpoint_id))


async def test_record_attempts_writes_a_batch_and_skips_stale_attempts(engine):
    org = ids.new_id("org")
    endpoint_id = ids.new_id("wh")
    later = datetime.now(UTC) + timedelta(days=1)
    now = later + timedelta(days=1)
    async with engine.begin() as conn:
        await store.insert_endpoint(conn, endpoint_row(org, endpoint_id, later))
        for i in range(3):
            await store.insert_delivery(conn, delivery_row(org, endpoint_id, f"evt_{i}", later))
    try:
        async with engine.begin() as conn:
            claimed = [
                c
                for c in await store.claim_due(conn, now, 100, timedelta(minutes=5))
                if c.endpoint_id == endpoint_id
            ]
        assert len(claimed) == 3
        ok, failed, stale = claimed
        stale = store.Claimed(**{**stale.__dict__, "attempt_count": 5})  # another worker moved it on
        batch = [
            store.Attempt(ok, 200, 4, "", domain.SUCCEEDED, None, now),
            store.Attempt(failed, 500, 6, "HTTP 500", domain.FAILED, None, now),
            store.Attempt(stale, 200, 1, "", domain.SUCCEEDED, None, now),
        ]
        async with engine.begin() as conn:
            assert await store.record_attempts(conn, batch) == [True, True, False]
            assert await store.record_attempts(conn, batch[:1]) == [False]  # the same attempt, again
            await store.count_failures(conn, batch[:2])
            rows, _ = await store.list_deliveries(conn, org, endpoint_id, 1, 100)
            attempts = {r.id: r.attempts for r in rows}
        status = {r.id: (r.status, r.attempt_count, r.next_attempt_at) for r in rows}
        assert status[ok.id] == (domain.SUCCEEDED, 1, None)
        assert status[failed.id] == (domain.FAILED, 1, None)
        assert status[stale.id][:2] == (domain.PENDING, 0)
        assert [(a.status_code, a.error) for a in attempts[failed.id]] == [(500, "HTTP 500")]
        assert stale.id not in attempts or not attempts[stale.id]
        async with engine.begin() as conn:
            ep = await store.get_endpoint(conn, org, endpoint_id, ["webhook"])
            assert ep is not None and ep.failure_count == 1  # the failure after the success
            await store.disable_endpoint(conn, org, endpoint_id, "gone", now)
            assert await store.update_endpoint(conn, "org_other", endpoint_id, ["webhook"], {}) is None
            assert await store.update_endpoint(conn, org, endpoint_id, ["slack"], {"enabled": True}) is None
            again = await store.update_endpoint(conn, org, endpoint_id, ["webhook"], {"enabled": True})
            assert again is not None and again.enabled is True
            assert (again.failure_count, again.disabled_reason) == (0, "")
            # Sending again: due now, same id; unknown ids and other organizations' are None.
            assert await store.send_again(conn, org, endpoint_id, "whd_nope", now) is None
            assert await store.send_again(conn, "org_other", endpoint_id, failed.id, now) is None
            assert await store.send_again(conn, org, endpoint_id, failed.id, now) is not None
            row = await store.get_delivery(conn, org, endpoint_id, failed.id)
            assert row is not None and (row.status, row.attempt_count, row.next_attempt_at) == (
                domain.PENDING,
                1,
                now,
            )
    finally:
        async with engine.begin() as conn:
            await conn.execute(delete(store.endpoints).where(store.endpoints.c.id == endpoint_id))


async def _told(queue: asyncio.Queue[str | None]) -> bool:
    """Whether a notification arrives within 10 s (then the queue is emptied)."""
    try:
        await asyncio.wait_for(queue.get(), 10)
    except TimeoutError:
        return False
    while not queue.empty():
        queue.get_nowait()
    return True


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
            await store.insert_endpoint(conn, endpoint_row(org, endpoint_id, later))
            for i in range(2):
                assert await store.insert_delivery(conn, delivery_row(org, endpoint_id, f"evt_{i}", later))
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

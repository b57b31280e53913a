"""kit.pgnotify.Listener against the stack's real Postgres: fan-out, and what subscribers see when
the listening connection is killed."""

import asyncio
import uuid

import psycopg
from kit.pgnotify import Listener, libpq_url
from kit.settings import KitSettings


async def _notify(conninfo: str, channel: str, payload: str) -> None:
    async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
        await conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))


async def _next(queue: asyncio.Queue) -> str | None:
    return await asyncio.wait_for(queue.get(), 10)


async def test_every_subscriber_gets_every_payload_and_learns_of_a_lost_connection(stack_env):
    settings = KitSettings()
    conninfo = libpq_url(settings.database_url)
    channel = f"kit_test_{uuid.uuid4().hex[:8]}"
    listener = Listener(settings.database_url, channel, liveness_seconds=0.5)
    first, second = listener.subscribe(), listener.subscribe()
    task = asyncio.create_task(listener.run())
    try:
        await asyncio.wait_for(listener.listening.wait(), 10)
        await _notify(conninfo, channel, "org_a")
        await _notify(conninfo, channel, "org_b")
        assert [await _next(first), await _next(first)] == ["org_a", "org_b"]
        assert [await _next(second), await _next(second)] == ["org_a", "org_b"]

        # Kill the listening backend: subscribers get None, then it listens again by itself.
        async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as admin:
            cur = await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                (f"listen {channel}",),
            )
            assert (await cur.fetchall()) == [(True,)]
        assert await _next(first) is None and await _next(second) is None
        await asyncio.wait_for(listener.listening.wait(), 10)
        listener.unsubscribe(second)
        await _notify(conninfo, channel, "org_c")
        assert await _next(first) == "org_c"
        assert second.empty()
    finally:
        task.cancel()

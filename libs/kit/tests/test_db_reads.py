"""kit.db.ReadConnections against the stack's Postgres: held connections are reused, bounded by
half the pool, given back when a read fails or leaves a transaction open, and closed with the
engine."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from kit import db
from kit.settings import KitSettings


@pytest.fixture
async def engine():
    eng = db.make_engine(KitSettings().database_url, pool_size=4)
    yield eng
    await eng.dispose()


async def pid(conn: db.Conn) -> int:
    return (await db.fetch_all(conn, "SELECT pg_backend_pid() AS pid", {}))[0].pid


async def test_a_read_reuses_a_held_connection_in_autocommit(engine) -> None:
    reads = db.read_connections(engine)
    assert reads is db.read_connections(engine)
    assert reads.keep == 2
    async with reads.connect() as conn:
        first = await pid(conn)
        assert conn.autocommit
    async with reads.connect() as conn:
        assert await pid(conn) == first
    assert engine.sync_engine.pool.checkedout() == 1


async def test_at_most_keep_are_held_and_the_others_go_back_to_the_pool(engine) -> None:
    reads = db.read_connections(engine)
    seen: list[int] = []
    gate = asyncio.Event()

    async def read() -> None:
        async with reads.connect() as conn:
            seen.append(await pid(conn))
            await gate.wait()

    tasks = [asyncio.create_task(read()) for _ in range(4)]
    while len(seen) < 4:
        await asyncio.sleep(0.01)
    assert len(set(seen)) == 4
    assert engine.sync_engine.pool.checkedout() == 4
    gate.set()
    await asyncio.gather(*tasks)
    assert engine.sync_engine.pool.checkedout() == 2  # the two held
    await db.close_reads(engine)
    assert engine.sync_engine.pool.checkedout() == 0


async def test_a_failed_read_or_an_open_transaction_gives_the_connection_back(engine) -> None:
    reads = db.read_connections(engine)
    with pytest.raises(psycopg.errors.UndefinedTable):
        async with reads.connect() as conn:
            failed = await pid(conn)
            await db.fetch_all(conn, "SELECT * FROM no_such_table", {})
    assert engine.sync_engine.pool.checkedout() == 0
    async with reads.connect() as conn:
        assert await pid(conn) == failed  # back in the pool, reset, then taken again
        await conn.execute("BEGIN")
    assert engine.sync_engine.pool.checkedout() == 0
    async with reads.connect() as conn:
        assert conn.pgconn.transaction_status == psycopg.pq.TransactionStatus.IDLE


async def test_a_pool_of_one_holds_nothing() -> None:
    eng = db.make_engine(KitSettings().database_url, pool_size=1)
    try:
        reads = db.read_connections(eng)
        assert reads.keep == 0
        async with reads.connect() as conn:
            await pid(conn)
        assert eng.sync_engine.pool.checkedout() == 0
    finally:
        await eng.dispose()


async def test_dispose_closes_the_held_connections() -> None:
    eng = db.make_engine(KitSettings().database_url, pool_size=4)
    reads = db.read_connections(eng)
    async with reads.connect() as conn:
        held = await pid(conn)
        driver = conn
    await eng.dispose()
    assert driver.closed
    url = KitSettings().database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as other:
        for _ in range(100):  # the backend ends once it has read the termination
            cur = await other.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (held,))
            if (await cur.fetchone())[0] == 0:  # type: ignore[index]
                return
            await asyncio.sleep(0.05)
    raise AssertionError("the held connection's backend is still there")


async def test_a_severed_connection_gives_back_every_idle_one(engine) -> None:
    """A read that loses its session (a restart, a terminated backend) gives back the idle held
    connections too, the pool closing them: they date from before it."""
    reads = db.read_connections(engine)
    gate = asyncio.Event()
    pids: list[int] = []

    async def read() -> None:
        async with reads.connect() as conn:
            pids.append(await pid(conn))
            await gate.wait()

    tasks = [asyncio.create_task(read()) for _ in range(2)]
    while len(pids) < 2:
        await asyncio.sleep(0.01)
    gate.set()
    await asyncio.gather(*tasks)
    assert engine.sync_engine.pool.checkedout() == 2
    with pytest.raises(psycopg.OperationalError):
        async with reads.connect() as conn:
            await db.fetch_all(conn, "SELECT pg_terminate_backend(pg_backend_pid())", {})
    assert engine.sync_engine.pool.checkedout() == 0
    async with reads.connect() as conn:
        assert await pid(conn) not in pids


async def test_an_idle_connection_the_server_ended_is_not_used(engine) -> None:
    reads = db.read_connections(engine)
    async with reads.connect() as conn:
        ended = await pid(conn)
    url = KitSettings().database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as other:
        await other.execute("SELECT pg_terminate_backend(%s, 5000)", (ended,))
    async with reads.connect() as conn:
        assert await pid(conn) != ended
    assert engine.sync_engine.pool.checkedout() == 1


async def test_a_session_the_server_ended_renews_the_whole_pool(engine) -> None:
    """A restart ends every session: the read that notices it (without an error) has the pool
    replace the connections it made before, so the next write does not meet a dead one (a 503)."""
    reads = db.read_connections(engine)
    async with engine.connect() as first, engine.connect() as second:  # two sessions in the pool
        pooled = [await pid(first), await pid(second)]
    async with reads.connect() as conn:  # holds one of them
        held = await pid(conn)
    pooled.remove(held)
    url = KitSettings().database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as other:
        for ended in (*pooled, held):
            await other.execute("SELECT pg_terminate_backend(%s, 5000)", (ended,))
    async with reads.connect() as conn:
        assert await pid(conn) not in (*pooled, held)
    async with engine.connect() as conn:  # no OperationalError: the pool connected anew
        assert await pid(conn) not in (*pooled, held)


async def test_a_write_after_postgres_ended_every_session_finds_a_live_one(engine) -> None:
    """No read in between to notice (catalog's reads are the gateway's kept answers): the pool's
    checkout does, and the write goes through on a new session."""
    async with engine.connect() as first, engine.connect() as second:
        pooled = [await pid(first), await pid(second)]
    url = KitSettings().database_url.replace("postgresql+psycopg://", "postgresql://", 1)
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as other:
        for ended in pooled:
            await other.execute("SELECT pg_terminate_backend(%s, 5000)", (ended,))
    async with engine.begin() as conn:
        assert await pid(conn) not in pooled

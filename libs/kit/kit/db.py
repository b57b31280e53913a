"""SQLAlchemy 2 async engine (psycopg 3). Each service keeps its tables in its own schema."""

import select as io_select
import time
import weakref
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg.rows import dict_row, namedtuple_row
from sqlalchemy import event, func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

# What the plain-SQL helpers below run on: a SQLAlchemy connection (its transaction) or a driver
# connection of ReadConnections (autocommit).
Conn = AsyncConnection | psycopg.AsyncConnection[Any]


def make_engine(database_url: str, pool_size: int = 10) -> AsyncEngine:
    # pool_pre_ping: a checkout finds a session Postgres ended (a restart, a terminated backend) and
    # connects anew. The hot reads hold their connections (ReadConnections) and do not check out, so
    # a write no longer learned of a restart from a read before it: the first write after one met a
    # dead pooled session and answered 503 (catalog's CreateApp, after the restart drill).
    return create_async_engine(
        database_url, pool_size=pool_size, max_overflow=pool_size, pool_recycle=300, pool_pre_ping=True
    )


def autocommit(engine: AsyncEngine) -> AsyncEngine:
    """The same pool for reads of one statement: no BEGIN and no ROLLBACK round trips (halves the
    latency of a short read). Writes and multi-statement reads keep using `engine.begin()`."""
    return engine.execution_options(isolation_level="AUTOCOMMIT")


async def _driver(conn: Conn) -> psycopg.AsyncConnection[Any]:
    if isinstance(conn, psycopg.AsyncConnection):
        return conn
    raw = await conn.get_raw_connection()
    return raw.driver_connection  # type: ignore[return-value]


async def fetch_all(conn: Conn, sql: str, params: Mapping[str, Any]) -> list[Any]:
    """Rows (named tuples) of one SQL query run straight on the psycopg connection.

    For the hottest read paths only (key checks, app lists): SQLAlchemy's execution layer costs
    about as much CPU as the query itself there. The query runs in `conn`'s transaction (a driver
    connection of ReadConnections: autocommit)."""
    driver = await _driver(conn)
    async with driver.cursor(row_factory=namedtuple_row) as cur:
        await cur.execute(sql, params)
        return await cur.fetchall()


async def execute(conn: Conn, sql: str, params: Mapping[str, Any]) -> int:
    """Runs one SQL statement that returns no rows straight on the psycopg connection (as
    fetch_all); its row count."""
    driver = await _driver(conn)
    async with driver.cursor() as cur:
        await cur.execute(sql, params)
        return cur.rowcount


async def fetch_mappings(conn: Conn, sql: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Like fetch_all, as dicts, over psycopg's binary protocol (cheaper to load than text)."""
    driver = await _driver(conn)
    async with driver.cursor(row_factory=dict_row, binary=True) as cur:
        await cur.execute(sql, params)
        return await cur.fetchall()


class ReadConnections:
    """Driver connections (psycopg, autocommit) for reads of one statement, held out of the
    engine's pool between reads instead of checked out and back in for each.

    A checkout and return through SQLAlchemy's async pool (greenlet hand-offs, pool events, the
    autocommit isolation level set and reset, then `get_raw_connection`) cost ~0.2-0.3 ms of CPU per
    read, more than the driver's own round trip for a one-row read. Here a read takes a held
    connection from a list and puts it back. The connections are the engine's own (checked out of
    its pool once, so the pool's size and overflow still bound the process's connections, and they
    are made with its connect arguments and adapters). At most `keep` are held (half the pool's
    size: 0 for a pool of one, which keeps every read on the plain path); a read when all are busy
    takes one from the pool for itself as before. A connection goes back to the pool, which
    resets, recycles or invalidates it as for any other, when a read on it raised (or was
    cancelled), when it is not idle after a read, or when it was held for `max_age` seconds (the
    engine's `pool_recycle`); a connection-level failure (psycopg's OperationalError) gives back
    every idle one too, and an idle one whose socket has something to read (the server ended the
    session: a restart, a terminated backend) is given back instead of used."""

    def __init__(self, engine: AsyncEngine, keep: int | None = None, max_age: float = 300.0) -> None:
        self.engine = autocommit(engine)
        size = getattr(engine.sync_engine.pool, "size", None)
        self.keep = (size() // 2 if callable(size) else 0) if keep is None else keep
        self.max_age = max_age
        self._idle: list[tuple[AsyncConnection, psycopg.AsyncConnection[Any], float]] = []
        self._held = 0
        event.listen(engine.sync_engine, "engine_disposed", self._disposed)

    @asynccontextmanager
    async def connect(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        held = None
        while self._idle:
            held = self._idle.pop()
            if not _readable(held[1]):
                break
            # An idle session the server spoke on: it ended it (a restart, a terminated backend).
            await self._release(held[0], invalidate=True, generation=True)
            held = None
        if held is None and self._held < self.keep:
            self._held += 1
            try:
                conn = await self.engine.connect().start()
                held = (conn, await _driver(conn), time.monotonic())
            except BaseException:
                self._held -= 1
                raise
        elif held is None:
            async with self.engine.connect() as conn:
                yield await _driver(conn)
            return
        conn, driver, since = held
        try:
            yield driver
        except BaseException as err:
            lost = isinstance(err, psycopg.OperationalError)
            await self._release(conn, invalidate=lost, generation=lost)
            if lost:
                # The server went away or cut this session (a restart, a failover, a terminated
                # backend): the idle ones date from before it too, as SQLAlchemy drops its pool on a
                # disconnect.
                idle, self._idle = self._idle, []
                for other, _, _ in idle:
                    await self._release(other, invalidate=True)
            raise
        if (
            driver.pgconn.transaction_status != psycopg.pq.TransactionStatus.IDLE
            or time.monotonic() - since > self.max_age
        ):
            await self._release(conn)
        else:
            self._idle.append(held)

    async def _release(
        self, conn: AsyncConnection, invalidate: bool = False, generation: bool = False
    ) -> None:
        """Back to the pool; `invalidate`: its session is (or may be) gone, so the pool closes it
        and connects anew (an autocommit session's reset does no I/O that would find out).
        `generation`: so are those of every connection the pool made before it, which the pool
        replaces at their next checkout, as SQLAlchemy does when a statement finds a disconnect (the
        reads noticed a Postgres restart here, without an error, and the next write then met a dead
        pooled session: 503)."""
        self._held -= 1
        if generation and conn.sync_connection is not None:
            conn.sync_engine.pool._invalidate(conn.sync_connection.connection, _checkin=False)
        if invalidate:
            await conn.invalidate()
        await conn.close()

    async def close(self) -> None:
        """Gives every held connection back to the engine's pool (before it is disposed)."""
        idle, self._idle = self._idle, []
        for conn, _, _ in idle:
            await self._release(conn)

    def _disposed(self, _engine: Any) -> None:
        """engine.dispose() (run by AsyncEngine.dispose in a greenlet, where SQLAlchemy may do I/O)
        closes what the pool holds, not what is checked out: the held connections are closed here."""
        idle, self._idle = self._idle, []
        for conn, _, _ in idle:
            self._held -= 1
            if conn.sync_connection is not None:
                conn.sync_connection.invalidate()


def _readable(driver: psycopg.AsyncConnection[Any]) -> bool:
    """Whether the server sent something to an idle connection (its socket polled, not read)."""
    try:
        return bool(io_select.select([driver.pgconn.socket], [], [], 0)[0])
    except (OSError, ValueError, psycopg.OperationalError):
        return True


# The one ReadConnections of each engine (by its sync engine).
_READS: weakref.WeakKeyDictionary[Any, ReadConnections] = weakref.WeakKeyDictionary()


def read_connections(engine: AsyncEngine) -> ReadConnections:
    """The engine's ReadConnections, shared by every store of the process (one bound on what is
    held out of the pool)."""
    reads = _READS.get(engine.sync_engine)
    if reads is None:
        reads = _READS[engine.sync_engine] = ReadConnections(engine)
    return reads


async def close_reads(engine: AsyncEngine) -> None:
    """Gives the connections the engine's ReadConnections holds back to its pool; call before
    `engine.dispose()`."""
    reads = _READS.get(engine.sync_engine)
    if reads is not None:
        await reads.close()


async def lock_keys(conn: AsyncConnection, keys: Iterable[str]) -> None:
    """Serializes work on each key until `conn`'s transaction ends (transaction-scoped advisory
    locks, usable before any row exists; taken in one order so two transactions never wait on each
    other crosswise). E.g. a throttle's check-and-record per subject (`kit.throttle`)."""
    for key in sorted(set(keys)):
        await conn.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(key, 0))))

"""SQLAlchemy 2 async engine (psycopg 3). Each service keeps its tables in its own schema."""

from collections.abc import Iterable, Mapping
from typing import Any

import psycopg
from psycopg.rows import dict_row, namedtuple_row
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine


def make_engine(database_url: str, pool_size: int = 10) -> AsyncEngine:
    # pool_recycle instead of pool_pre_ping: no extra round trip on every checkout.
    return create_async_engine(database_url, pool_size=pool_size, max_overflow=pool_size, pool_recycle=300)


def autocommit(engine: AsyncEngine) -> AsyncEngine:
    """The same pool for reads of one statement: no BEGIN and no ROLLBACK round trips (halves the
    latency of a short read). Writes and multi-statement reads keep using `engine.begin()`."""
    return engine.execution_options(isolation_level="AUTOCOMMIT")


async def fetch_all(conn: AsyncConnection, sql: str, params: Mapping[str, Any]) -> list[Any]:
    """Rows (named tuples) of one SQL query run straight on the psycopg connection.

    For the hottest read paths only (key checks, app lists): SQLAlchemy's execution layer costs
    about as much CPU as the query itself there. The query runs in `conn`'s transaction."""
    raw = await conn.get_raw_connection()
    driver: psycopg.AsyncConnection = raw.driver_connection  # type: ignore[assignment]
    async with driver.cursor(row_factory=namedtuple_row) as cur:
        await cur.execute(sql, params)
        return await cur.fetchall()


async def fetch_mappings(conn: AsyncConnection, sql: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Like fetch_all, as dicts, over psycopg's binary protocol (cheaper to load than text)."""
    raw = await conn.get_raw_connection()
    driver: psycopg.AsyncConnection = raw.driver_connection  # type: ignore[assignment]
    async with driver.cursor(row_factory=dict_row, binary=True) as cur:
        await cur.execute(sql, params)
        return await cur.fetchall()


async def lock_keys(conn: AsyncConnection, keys: Iterable[str]) -> None:
    """Serializes work on each key until `conn`'s transaction ends (transaction-scoped advisory
    locks, usable before any row exists; taken in one order so two transactions never wait on each
    other crosswise). E.g. a throttle's check-and-record per subject (`kit.throttle`)."""
    for key in sorted(set(keys)):
        await conn.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(key, 0))))

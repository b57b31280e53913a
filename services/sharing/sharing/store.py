"""Tables of the sharing schema and the queries on them. Every query on tenant data names its
organization_id; public lookups go by token hash only.

Rows become domain objects here (`domain.Share`): nothing above the store sees a row. `SqlShares`,
`SqlPasswordFailures` and `SqlProcessed` are the unit of work's repositories (`repositories(conn)`),
`ShareReads` the reads of one statement (autocommit); they have the shapes `sharing.application`
asks for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from kit import db
from kit.outbox import first_time, outbox_table, processed_events_table
from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Identity,
    MetaData,
    Table,
    Text,
    and_,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from sharing import domain

metadata = MetaData(schema="sharing")

shares = Table(
    "shares",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("slideshow_id", Text, nullable=False),
    Column("app_id", Text, nullable=False),
    Column("token_hash", Text, nullable=False),
    Column("token_encrypted", Text, nullable=False),
    Column("password_hash", Text),
    Column("enabled", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True)),
    Column("updated_at", DateTime(timezone=True)),
)
password_failures = Table(
    "password_failures",
    metadata,
    Column("id", BigInteger, Identity(), primary_key=True),
    Column("share_id", Text, nullable=False),
    Column("client_ip", Text, nullable=False),
    Column("failed_at", DateTime(timezone=True), server_default=func.now()),
)
outbox = outbox_table(metadata)
processed_events = processed_events_table(metadata)


def to_share(row: Any) -> domain.Share:
    """The store's edge: a row of `shares` (named tuple or SQLAlchemy Row) as a domain.Share."""
    return domain.Share(
        id=row.id,
        organization_id=row.organization_id,
        slideshow_id=row.slideshow_id,
        app_id=row.app_id,
        token_hash=row.token_hash,
        token_encrypted=row.token_encrypted,
        password_hash=row.password_hash,
        enabled=row.enabled,
        created_at=row.created_at,
    )


def _share_or_none(row: Any) -> domain.Share | None:
    return None if row is None else to_share(row)


async def get_for_slideshow(
    conn: AsyncConnection, organization_id: str, slideshow_id: str, *, lock: bool = False
) -> domain.Share | None:
    if not lock:
        # Asked for every completed deck (delivery's webhook payloads): straight on psycopg.
        found = await db.fetch_all(conn, SHARE_FOR_SLIDESHOW, {"org": organization_id, "ss": slideshow_id})
        return to_share(found[0]) if found else None
    q = select(shares).where(
        and_(shares.c.organization_id == organization_id, shares.c.slideshow_id == slideshow_id)
    )
    return _share_or_none((await conn.execute(q.with_for_update())).first())


SHARE_FOR_SLIDESHOW = "SELECT * FROM sharing.shares WHERE organization_id = %(org)s AND slideshow_id = %(ss)s"
SHARES_FOR_SLIDESHOWS = """
SELECT s.* FROM sharing.shares s
JOIN unnest(%(orgs)s::text[], %(ss)s::text[]) AS asked(organization_id, slideshow_id)
  ON s.organization_id = asked.organization_id AND s.slideshow_id = asked.slideshow_id"""


async def get_for_slideshows(
    conn: AsyncConnection, wanted: Sequence[tuple[str, str]]
) -> dict[tuple[str, str], domain.Share]:
    """The shares of (organization id, slideshow id) pairs, by pair; pairs without one are absent."""
    params = {"orgs": [org for org, _ in wanted], "ss": [ss for _, ss in wanted]}
    rows = await db.fetch_all(conn, SHARES_FOR_SLIDESHOWS, params)
    return {(row.organization_id, row.slideshow_id): to_share(row) for row in rows}


async def get_live_by_hash(conn: AsyncConnection, digest: str) -> domain.Share | None:
    q = select(shares).where(and_(shares.c.token_hash == digest, shares.c.enabled.is_(True)))
    return _share_or_none((await conn.execute(q)).first())


async def insert_share(conn: AsyncConnection, values: Mapping[str, Any]) -> domain.Share | None:
    """Insert a live link; None when the slideshow already has a row (concurrent first calls)."""
    now = datetime.now(UTC)
    q = (
        pg_insert(shares)
        .values(**values, enabled=True, created_at=now, updated_at=now)
        .on_conflict_do_nothing(index_elements=["organization_id", "slideshow_id"])
        .returning(shares)
    )
    return _share_or_none((await conn.execute(q)).first())


async def update_share(
    conn: AsyncConnection, organization_id: str, share_id: str, values: Mapping[str, Any]
) -> domain.Share:
    row = (
        await conn.execute(
            update(shares)
            .where(and_(shares.c.organization_id == organization_id, shares.c.id == share_id))
            .values(**values, updated_at=datetime.now(UTC))
            .returning(shares)
        )
    ).one()
    return to_share(row)


async def disable_for_slideshow(
    conn: AsyncConnection, organization_id: str, slideshow_id: str
) -> domain.Share | None:
    row = (
        await conn.execute(
            update(shares)
            .where(
                and_(
                    shares.c.organization_id == organization_id,
                    shares.c.slideshow_id == slideshow_id,
                    shares.c.enabled.is_(True),
                )
            )
            .values(enabled=False, updated_at=datetime.now(UTC))
            .returning(shares)
        )
    ).first()
    return _share_or_none(row)


async def disable_for_app(conn: AsyncConnection, organization_id: str, app_id: str) -> list[domain.Share]:
    result = await conn.execute(
        update(shares)
        .where(
            and_(
                shares.c.organization_id == organization_id,
                shares.c.app_id == app_id,
                shares.c.enabled.is_(True),
            )
        )
        .values(enabled=False, updated_at=datetime.now(UTC))
        .returning(shares)
    )
    return [to_share(row) for row in result.all()]


async def recent_failures(
    conn: AsyncConnection, share_id: str, client_ip: str, window_seconds: int
) -> list[datetime]:
    since = datetime.now(UTC) - timedelta(seconds=window_seconds)
    q = (
        select(password_failures.c.failed_at)
        .where(
            and_(
                password_failures.c.share_id == share_id,
                password_failures.c.client_ip == client_ip,
                password_failures.c.failed_at > since,
            )
        )
        .order_by(password_failures.c.failed_at)
    )
    return [r.failed_at for r in (await conn.execute(q)).all()]


async def lock_failures(conn: AsyncConnection, share_id: str, client_ip: str) -> None:
    """Serializes the count-and-record of one (share, client address) until the transaction ends
    (a transaction-scoped advisory lock: no row to lock before the first failure exists)."""
    await db.lock_keys(conn, [f"share-password:{share_id}|{client_ip}"])


async def record_failure(conn: AsyncConnection, share_id: str, client_ip: str, window_seconds: int) -> int:
    """Records one failed (or not yet judged) attempt; returns its id."""
    row_id = (
        await conn.execute(
            insert(password_failures)
            .values(share_id=share_id, client_ip=client_ip)
            .returning(password_failures.c.id)
        )
    ).scalar_one()
    # Old attempts are useless once out of the window.
    cutoff = datetime.now(UTC) - timedelta(seconds=window_seconds)
    await conn.execute(
        delete(password_failures).where(
            and_(password_failures.c.share_id == share_id, password_failures.c.failed_at < cutoff)
        )
    )
    return int(row_id)


async def remove_failure(conn: AsyncConnection, failure_id: int) -> None:
    await conn.execute(delete(password_failures).where(password_failures.c.id == failure_id))


# ---- the unit of work's repositories and the reads (sharing.application's ports) -----------


class SqlShares:
    """The share links inside a unit of work (application.ShareRepository)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def insert(self, values: Mapping[str, Any]) -> domain.Share | None:
        return await insert_share(self.conn, values)

    async def get_for_update(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        return await get_for_slideshow(self.conn, organization_id, slideshow_id, lock=True)

    async def update(self, organization_id: str, share_id: str, changes: Mapping[str, Any]) -> domain.Share:
        return await update_share(self.conn, organization_id, share_id, changes)

    async def disable_for_slideshow(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        return await disable_for_slideshow(self.conn, organization_id, slideshow_id)

    async def disable_for_app(self, organization_id: str, app_id: str) -> list[domain.Share]:
        return await disable_for_app(self.conn, organization_id, app_id)


class SqlPasswordFailures:
    """Wrong-password attempts per (share, client address) inside a unit of work
    (application.PasswordFailures)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def lock(self, share_id: str, client_ip: str) -> None:
        await lock_failures(self.conn, share_id, client_ip)

    async def recent(self, share_id: str, client_ip: str, window_seconds: int) -> list[datetime]:
        return await recent_failures(self.conn, share_id, client_ip, window_seconds)

    async def record(self, share_id: str, client_ip: str, window_seconds: int) -> int:
        return await record_failure(self.conn, share_id, client_ip, window_seconds)

    async def remove(self, failure_id: int) -> None:
        await remove_failure(self.conn, failure_id)


class SqlProcessed:
    """The consumer's processed events inside a unit of work (application.ProcessedEvents)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def first_time(self, consumer: str, event_id: str) -> bool:
        return await first_time(self.conn, processed_events, consumer, event_id)


@dataclass(frozen=True, slots=True)
class Repositories:
    """What sharing's unit of work holds (sharing.application.Repositories)."""

    shares: SqlShares
    failures: SqlPasswordFailures
    processed: SqlProcessed


def repositories(conn: AsyncConnection) -> Repositories:
    return Repositories(
        shares=SqlShares(conn), failures=SqlPasswordFailures(conn), processed=SqlProcessed(conn)
    )


class ShareReads:
    """Reads of one statement on autocommit connections (no BEGIN/ROLLBACK round trips);
    application.ShareReads."""

    def __init__(self, engine: AsyncEngine):
        self.reads = db.autocommit(engine)

    async def for_slideshow(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        async with self.reads.connect() as conn:
            return await get_for_slideshow(conn, organization_id, slideshow_id)

    async def for_slideshows(self, wanted: Sequence[tuple[str, str]]) -> dict[tuple[str, str], domain.Share]:
        async with self.reads.connect() as conn:
            return await get_for_slideshows(conn, wanted)

    async def live_by_hash(self, digest: str) -> domain.Share | None:
        async with self.reads.connect() as conn:
            return await get_live_by_hash(conn, digest)

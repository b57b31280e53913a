"""Tables of the delivery schema and the queries on them. Every query on tenant data names
its organization_id; the sender's claim query is the one cross-tenant read (it works for all)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from kit import db
from sqlalchemy import (
    ARRAY,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Identity,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    Text,
    UniqueConstraint,
    and_,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from delivery import domain

SCHEMA = "delivery"
metadata = MetaData(schema=SCHEMA)


def _ts(name: str, nullable: bool = True) -> Column:
    return Column(name, DateTime(timezone=True), nullable=nullable)


endpoints = Table(
    "endpoints",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("kind", Text, nullable=False),  # webhook | slack | discord
    Column("url", Text, nullable=False),
    Column("events", ARRAY(Text), nullable=False),
    Column("description", Text, nullable=False, server_default=""),
    Column("secret_key_id", Text),
    Column("secret_cipher", LargeBinary),
    Column("enabled", Boolean, nullable=False, server_default="true"),
    Column("disabled_reason", Text, nullable=False, server_default=""),
    # Consecutive failed attempts; a success, or enabling the endpoint again, resets it.
    Column("failure_count", Integer, nullable=False, server_default="0"),
    _ts("created_at", False),
    _ts("updated_at", False),
)

deliveries = Table(
    "deliveries",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("endpoint_id", Text, ForeignKey(f"{SCHEMA}.endpoints.id", ondelete="CASCADE"), nullable=False),
    Column("event_id", Text, nullable=False),
    Column("event", Text, nullable=False),
    Column("body", LargeBinary, nullable=False),
    Column("status", Text, nullable=False),
    Column("attempt_count", Integer, nullable=False, server_default="0"),
    _ts("next_attempt_at"),
    _ts("created_at", False),
    _ts("updated_at", False),
    UniqueConstraint("endpoint_id", "event_id", name="deliveries_endpoint_event_key"),
)

attempts = Table(
    "attempts",
    metadata,
    Column("id", BigInteger, Identity(), primary_key=True),
    Column("delivery_id", Text, ForeignKey(f"{SCHEMA}.deliveries.id", ondelete="CASCADE"), nullable=False),
    Column("organization_id", Text, nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("status_code", Integer, nullable=False),
    Column("duration_ms", Integer, nullable=False),
    Column("error", Text, nullable=False, server_default=""),
    _ts("next_attempt_at"),
    _ts("created_at", False),
    UniqueConstraint("delivery_id", "attempt", name="attempts_delivery_attempt_key"),
)

social_accounts = Table(
    "social_accounts",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("app_id", Text, nullable=False),
    Column("platform", Text, nullable=False),
    Column("open_id", Text, nullable=False, server_default=""),
    Column("display_name", Text, nullable=False, server_default=""),
    # The access token, encrypted (bound to the account id).
    Column("token_key_id", Text, nullable=False),
    Column("token_cipher", LargeBinary, nullable=False),
    _ts("created_at", False),
    _ts("updated_at", False),
    Column("status", Text, nullable=False, server_default=domain.CONNECTED),
    Column("connected_by", Text, nullable=False, server_default="token"),  # oauth | token
    Column("avatar_url", Text, nullable=False, server_default=""),
    Column("scope", Text, nullable=False, server_default=""),
    # The refresh token, encrypted (OAuth connections only).
    Column("refresh_key_id", Text),
    Column("refresh_cipher", LargeBinary),
    _ts("access_expires_at"),
    _ts("refresh_expires_at"),
    # One replica refreshes an account's tokens at a time (TikTok may rotate the refresh token).
    _ts("refresh_lease_until"),
    UniqueConstraint("organization_id", "app_id", "platform", name="social_accounts_app_platform_key"),
)

oauth_states = Table(
    "oauth_states",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("app_id", Text, nullable=False),
    Column("platform", Text, nullable=False),
    Column("redirect_after", Text, nullable=False, server_default=""),
    # The PKCE code verifier, encrypted (bound to the state id).
    Column("verifier_key_id", Text, nullable=False),
    Column("verifier_cipher", LargeBinary, nullable=False),
    _ts("expires_at", False),
    _ts("used_at"),
    _ts("created_at", False),
)

publishes = Table(
    "publishes",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("slideshow_id", Text, nullable=False),
    Column("account_id", Text, nullable=False),
    Column("app_id", Text, nullable=False),
    Column("platform", Text, nullable=False),
    Column("mode", Text, nullable=False),
    Column("privacy_level", Text, nullable=False),
    Column("publish_id", Text, nullable=False, server_default=""),
    Column("status", Text, nullable=False),
    Column("error", Text, nullable=False, server_default=""),
    _ts("created_at", False),
    _ts("updated_at", False),
    Column("fail_reason", Text, nullable=False, server_default=""),
    Column("post_ids", ARRAY(Text), nullable=False, server_default="{}"),
    # The background follower: status fetches so far and when the next one is due (null = final,
    # or not followed).
    Column("check_count", Integer, nullable=False, server_default="0"),
    _ts("next_check_at"),
    # When the final outcome was turned into deliveries (slideshow.published / publish_failed).
    _ts("notified_at"),
    UniqueConstraint("slideshow_id", "account_id", name="publishes_slideshow_account_key"),
)


# --- endpoints ------------------------------------------------------------------------


def to_endpoint(row: Any) -> domain.Endpoint:
    """A row of `endpoints` (SQLAlchemy's or the driver's named tuple) as the domain object."""
    return domain.Endpoint(
        id=row.id,
        organization_id=row.organization_id,
        kind=row.kind,
        url=row.url,
        events=tuple(row.events),
        description=row.description,
        enabled=row.enabled,
        disabled_reason=row.disabled_reason,
        failure_count=row.failure_count,
        created_at=row.created_at,
    )


async def insert_endpoint(conn: AsyncConnection, values: dict[str, Any]) -> domain.Endpoint:
    return to_endpoint(
        (await conn.execute(endpoints.insert().values(**values).returning(*endpoints.c))).one()
    )


async def list_endpoints(conn: db.Conn, org: str, kinds: Sequence[str]) -> list[domain.Endpoint]:
    """Plain SQL on the driver (one statement: run it on an autocommit connection)."""
    rows = await db.fetch_all(
        conn,
        f"SELECT * FROM {SCHEMA}.endpoints WHERE organization_id = %(org)s AND kind = ANY(%(kinds)s) "
        "ORDER BY created_at DESC, id",
        {"org": org, "kinds": list(kinds)},
    )
    return [to_endpoint(r) for r in rows]


async def count_endpoints(conn: AsyncConnection, org: str) -> int:
    """The organization's endpoints of every kind (webhooks and chat)."""
    rows = await db.fetch_all(
        conn, f"SELECT count(*) AS n FROM {SCHEMA}.endpoints WHERE organization_id = %(org)s", {"org": org}
    )
    return int(rows[0].n)


async def _endpoint_row(
    conn: AsyncConnection, org: str, endpoint_id: str, kinds: Sequence[str]
) -> Row | None:
    q = select(endpoints).where(
        endpoints.c.organization_id == org, endpoints.c.id == endpoint_id, endpoints.c.kind.in_(kinds)
    )
    return (await conn.execute(q)).first()


async def get_endpoint(
    conn: AsyncConnection, org: str, endpoint_id: str, kinds: Sequence[str]
) -> domain.Endpoint | None:
    row = await _endpoint_row(conn, org, endpoint_id, kinds)
    return to_endpoint(row) if row is not None else None


async def delete_endpoint(conn: AsyncConnection, org: str, endpoint_id: str, kinds: Sequence[str]) -> bool:
    q = delete(endpoints).where(
        endpoints.c.organization_id == org, endpoints.c.id == endpoint_id, endpoints.c.kind.in_(kinds)
    )
    return bool((await conn.execute(q.returning(endpoints.c.id))).first())


async def set_secret(
    conn: AsyncConnection, org: str, endpoint_id: str, key_id: str, cipher: bytes, now: datetime
) -> domain.Endpoint | None:
    q = (
        update(endpoints)
        .where(
            endpoints.c.organization_id == org, endpoints.c.id == endpoint_id, endpoints.c.kind == "webhook"
        )
        .values(secret_key_id=key_id, secret_cipher=cipher, updated_at=now)
        .returning(*endpoints.c)
    )
    row = (await conn.execute(q)).first()
    return to_endpoint(row) if row is not None else None


async def update_endpoint(
    conn: AsyncConnection, org: str, endpoint_id: str, kinds: Sequence[str], values: dict[str, Any]
) -> domain.Endpoint | None:
    """Changes the given columns; enabling a disabled endpoint clears its disabled reason and
    failure count."""
    current = await _endpoint_row(conn, org, endpoint_id, kinds)
    if current is None:
        return None
    values = dict(values)
    if values.get("enabled") is True and not current.enabled:
        values.update(disabled_reason="", failure_count=0)
    q = (
        update(endpoints)
        .where(endpoints.c.organization_id == org, endpoints.c.id == endpoint_id, endpoints.c.kind.in_(kinds))
        .values(**values)
        .returning(*endpoints.c)
    )
    row = (await conn.execute(q)).first()
    return to_endpoint(row) if row is not None else None


async def enabled_endpoints(conn: AsyncConnection, orgs: Sequence[str]) -> dict[str, list[domain.Endpoint]]:
    """The enabled endpoints (webhooks and chat) of these organizations, by organization."""
    q = select(endpoints).where(endpoints.c.organization_id.in_(orgs), endpoints.c.enabled.is_(True))
    found: dict[str, list[domain.Endpoint]] = {}
    for row in (await conn.execute(q)).all():
        found.setdefault(row.organization_id, []).append(to_endpoint(row))
    return found


async def disable_endpoint(
    conn: AsyncConnection, org: str, endpoint_id: str, reason: str, now: datetime
) -> None:
    await conn.execute(
        update(endpoints)
        .where(endpoints.c.organization_id == org, endpoints.c.id == endpoint_id)
        .values(enabled=False, disabled_reason=reason, updated_at=now)
    )
    await conn.execute(
        update(deliveries)
        .where(
            deliveries.c.organization_id == org,
            deliveries.c.endpoint_id == endpoint_id,
            deliveries.c.status == domain.PENDING,
        )
        .values(status=domain.FAILED, next_attempt_at=None, updated_at=now)
    )


# --- deliveries -----------------------------------------------------------------------


async def insert_delivery(conn: AsyncConnection, values: dict[str, Any]) -> bool:
    """Idempotent per (endpoint, event id): a redelivered event creates nothing new."""
    q = (
        pg_insert(deliveries)
        .values(**values)
        .on_conflict_do_nothing(constraint="deliveries_endpoint_event_key")
        .returning(deliveries.c.id)
    )
    return (await conn.execute(q)).first() is not None


async def insert_deliveries(conn: AsyncConnection, new: Sequence[domain.NewDelivery]) -> int:
    """insert_delivery for several deliveries in one statement; returns how many are new."""
    if not new:
        return 0
    # One constant statement over arrays (unnest), as RECORD_ATTEMPTS: psycopg prepares it once.
    # SQLAlchemy's executemany with RETURNING sent a multi-row VALUES statement whose text changed
    # with the row count, which psycopg parsed again every time (~8% of delivery's CPU while
    # fanning events out).
    rows = await db.fetch_all(
        conn,
        INSERT_DELIVERIES,
        {
            "ids": [d.id for d in new],
            "orgs": [d.organization_id for d in new],
            "endpoints": [d.endpoint_id for d in new],
            "event_ids": [d.event_id for d in new],
            "events": [d.event for d in new],
            "bodies": [d.body for d in new],
            "statuses": [d.status for d in new],
            "counts": [d.attempt_count for d in new],
            "next_ats": [d.next_attempt_at for d in new],
            "created": [d.created_at for d in new],
            "updated": [d.updated_at for d in new],
        },
    )
    return len(rows)


INSERT_DELIVERIES = """
INSERT INTO delivery.deliveries (id, organization_id, endpoint_id, event_id, event, body, status,
                                 attempt_count, next_attempt_at, created_at, updated_at)
SELECT * FROM unnest(%(ids)s::text[], %(orgs)s::text[], %(endpoints)s::text[], %(event_ids)s::text[],
                     %(events)s::text[], %(bodies)s::bytea[], %(statuses)s::text[], %(counts)s::int[],
                     %(next_ats)s::timestamptz[], %(created)s::timestamptz[], %(updated)s::timestamptz[])
ON CONFLICT ON CONSTRAINT deliveries_endpoint_event_key DO NOTHING
RETURNING id"""


async def get_delivery(
    conn: AsyncConnection, org: str, endpoint_id: str, delivery_id: str
) -> domain.Delivery | None:
    """The delivery without its attempts."""
    q = select(deliveries).where(
        deliveries.c.organization_id == org,
        deliveries.c.endpoint_id == endpoint_id,
        deliveries.c.id == delivery_id,
    )
    row = (await conn.execute(q)).first()
    return to_delivery(row) if row is not None else None


async def send_again(
    conn: AsyncConnection, org: str, endpoint_id: str, delivery_id: str, now: datetime
) -> str | None:
    """Makes a delivery due now (whatever its state): the sender sends the same body under the
    same id as the next attempt; its id, or None when the delivery is not this endpoint's."""
    q = (
        update(deliveries)
        .where(
            deliveries.c.organization_id == org,
            deliveries.c.endpoint_id == endpoint_id,
            deliveries.c.id == delivery_id,
        )
        .values(status=domain.PENDING, next_attempt_at=now, updated_at=now)
        .returning(deliveries.c.id)
    )
    return (await conn.execute(q)).scalar_one_or_none()


@dataclass(frozen=True)
class Claimed:
    id: str
    organization_id: str
    endpoint_id: str
    event: str
    body: bytes
    attempt_count: int
    kind: str
    url: str
    secret_key_id: str | None
    secret_cipher: bytes | None


async def claim_due(conn: AsyncConnection, now: datetime, limit: int, lease: timedelta) -> list[Claimed]:
    """Lease due attempts to this worker: rows locked by another worker are skipped, and a
    claimed row is not due again until the lease ends (or the worker records the attempt)."""
    due = (
        select(deliveries.c.id)
        .where(deliveries.c.status == domain.PENDING, deliveries.c.next_attempt_at <= now)
        .order_by(deliveries.c.next_attempt_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
        .cte("due")
    )
    leased = (
        update(deliveries)
        .where(deliveries.c.id == due.c.id)
        .values(next_attempt_at=now + lease, updated_at=now)
        .returning(
            deliveries.c.id,
            deliveries.c.organization_id,
            deliveries.c.endpoint_id,
            deliveries.c.event,
            deliveries.c.body,
            deliveries.c.attempt_count,
        )
    )
    rows = (await conn.execute(leased)).all()
    if not rows:
        return []
    eps = {
        r.id: r
        for r in (
            await conn.execute(select(endpoints).where(endpoints.c.id.in_({r.endpoint_id for r in rows})))
        )
    }
    return [
        Claimed(
            id=r.id,
            organization_id=r.organization_id,
            endpoint_id=r.endpoint_id,
            event=r.event,
            body=r.body,
            attempt_count=r.attempt_count,
            kind=eps[r.endpoint_id].kind,
            url=eps[r.endpoint_id].url,
            secret_key_id=eps[r.endpoint_id].secret_key_id,
            secret_cipher=eps[r.endpoint_id].secret_cipher,
        )
        for r in rows
        if r.endpoint_id in eps
    ]


async def record_attempt(
    conn: AsyncConnection,
    claimed: Claimed,
    *,
    status_code: int,
    duration_ms: int,
    error: str,
    status: str,
    next_at: datetime | None,
    now: datetime,
) -> bool:
    """Store the attempt's outcome; False when another worker already recorded this attempt."""
    attempt_no = claimed.attempt_count + 1
    moved = await conn.execute(
        update(deliveries)
        .where(
            deliveries.c.id == claimed.id,
            deliveries.c.organization_id == claimed.organization_id,
            deliveries.c.attempt_count == claimed.attempt_count,
            deliveries.c.status == domain.PENDING,
        )
        .values(attempt_count=attempt_no, status=status, next_attempt_at=next_at, updated_at=now)
        .returning(deliveries.c.id)
    )
    if moved.first() is None:
        return False
    await conn.execute(
        attempts.insert().values(
            delivery_id=claimed.id,
            organization_id=claimed.organization_id,
            attempt=attempt_no,
            status_code=status_code,
            duration_ms=duration_ms,
            error=error[:1000],
            next_attempt_at=next_at,
            created_at=now,
        )
    )
    return True


@dataclass(frozen=True)
class Attempt:
    """The outcome of sending one claimed delivery, and the delivery's state after it."""

    claimed: Claimed
    status_code: int
    duration_ms: int
    error: str
    status: str
    next_at: datetime | None
    now: datetime


RECORD_ATTEMPTS = """
UPDATE delivery.deliveries AS d
SET attempt_count = g.attempt_count + 1, status = g.status, next_attempt_at = g.next_at,
    updated_at = g.now
FROM unnest(%(ids)s::text[], %(orgs)s::text[], %(counts)s::int[], %(statuses)s::text[],
            %(next_ats)s::timestamptz[], %(nows)s::timestamptz[])
     AS g(id, organization_id, attempt_count, status, next_at, now)
WHERE d.id = g.id AND d.organization_id = g.organization_id
  AND d.attempt_count = g.attempt_count AND d.status = 'PENDING'
RETURNING d.id"""


async def record_attempts(conn: AsyncConnection, batch: Sequence[Attempt]) -> list[bool]:
    """record_attempt for many attempts in two statements; per attempt, whether it was recorded."""
    if not batch:
        return []
    # One constant statement over arrays (unnest), so psycopg prepares it once; a VALUES list
    # built per batch would be compiled again every time.
    moved = await db.fetch_all(
        conn,
        RECORD_ATTEMPTS,
        {
            "ids": [a.claimed.id for a in batch],
            "orgs": [a.claimed.organization_id for a in batch],
            "counts": [a.claimed.attempt_count for a in batch],
            "statuses": [a.status for a in batch],
            "next_ats": [a.next_at for a in batch],
            "nows": [a.now for a in batch],
        },
    )
    recorded_ids = {r.id for r in moved}
    recorded = [a.claimed.id in recorded_ids for a in batch]
    done = [a for a, ok in zip(batch, recorded, strict=True) if ok]
    if done:
        await db.execute(
            conn,
            INSERT_ATTEMPTS,
            {
                "ids": [a.claimed.id for a in done],
                "orgs": [a.claimed.organization_id for a in done],
                "attempts": [a.claimed.attempt_count + 1 for a in done],
                "codes": [a.status_code for a in done],
                "durations": [a.duration_ms for a in done],
                "errors": [a.error[:1000] for a in done],
                "next_ats": [a.next_at for a in done],
                "nows": [a.now for a in done],
            },
        )
    return recorded


INSERT_ATTEMPTS = """
INSERT INTO delivery.attempts (delivery_id, organization_id, attempt, status_code, duration_ms, error,
                               next_attempt_at, created_at)
SELECT * FROM unnest(%(ids)s::text[], %(orgs)s::text[], %(attempts)s::int[], %(codes)s::int[],
                     %(durations)s::int[], %(errors)s::text[], %(next_ats)s::timestamptz[],
                     %(nows)s::timestamptz[])"""


async def count_failures(conn: AsyncConnection, batch: Sequence[Attempt]) -> None:
    """Endpoints' consecutive failures after these recorded attempts (in the order given): reset
    by a success, raised by each failure after the last success. Run in its own transaction,
    after the attempts' one: holding delivery rows while locking endpoint rows would deadlock
    with a DELETE of the endpoint (endpoint first, then its deliveries by cascade)."""
    if not batch:
        return
    counts: dict[str, tuple[bool, int]] = {}  # endpoint id -> (reset, failures to add)
    for a in batch:
        reset, failures = counts.get(a.claimed.endpoint_id, (False, 0))
        counts[a.claimed.endpoint_id] = (
            (True, 0) if domain.is_success(a.status_code) else (reset, failures + 1)
        )
    await db.fetch_all(
        conn,
        COUNT_FAILURES,
        {
            "ids": list(counts),
            "resets": [reset for reset, _ in counts.values()],
            "adds": [add for _, add in counts.values()],
        },
    )


COUNT_FAILURES = """
UPDATE delivery.endpoints AS e
SET failure_count = CASE WHEN g.reset THEN g.add ELSE e.failure_count + g.add END
FROM unnest(%(ids)s::text[], %(resets)s::bool[], %(adds)s::int[]) AS g(id, reset, add)
WHERE e.id = g.id AND (NOT g.reset OR e.failure_count <> g.add)
RETURNING e.id"""


def to_attempt(row: Any) -> domain.Attempt:
    return domain.Attempt(
        attempt=row.attempt,
        status_code=row.status_code,
        duration_ms=row.duration_ms,
        error=row.error,
        next_attempt_at=row.next_attempt_at,
        created_at=row.created_at,
    )


def to_delivery(row: Any, attempt_rows: Sequence[Any] = ()) -> domain.Delivery:
    return domain.Delivery(
        id=row.id,
        endpoint_id=row.endpoint_id,
        event=row.event,
        event_id=row.event_id,
        status=row.status,
        attempt_count=row.attempt_count,
        next_attempt_at=row.next_attempt_at,
        created_at=row.created_at,
        attempts=tuple(to_attempt(a) for a in attempt_rows),
    )


async def list_deliveries(
    conn: AsyncConnection, org: str, endpoint_id: str, page: int, limit: int
) -> tuple[list[domain.Delivery], int]:
    """One page of the endpoint's deliveries (newest first) with their attempts, and how many in all."""
    where = and_(deliveries.c.organization_id == org, deliveries.c.endpoint_id == endpoint_id)
    total = (await conn.execute(select(func.count()).select_from(deliveries).where(where))).scalar_one()
    rows = list(
        (
            await conn.execute(
                select(deliveries)
                .where(where)
                .order_by(deliveries.c.created_at.desc(), deliveries.c.id)
                .offset((page - 1) * limit)
                .limit(limit)
            )
        ).all()
    )
    by_delivery: dict[str, list[Row]] = {r.id: [] for r in rows}
    if rows:
        q = (
            select(attempts)
            .where(attempts.c.organization_id == org, attempts.c.delivery_id.in_(list(by_delivery)))
            .order_by(attempts.c.delivery_id, attempts.c.attempt)
        )
        for a in (await conn.execute(q)).all():
            by_delivery[a.delivery_id].append(a)
    return [to_delivery(r, by_delivery[r.id]) for r in rows], int(total)


# --- social accounts and publishes ----------------------------------------------------


def to_account(row: Any) -> domain.Account:
    return domain.Account(**{name: getattr(row, name) for name in ACCOUNT_FIELDS})


def to_state(row: Any) -> domain.OAuthState:
    return domain.OAuthState(**{name: getattr(row, name) for name in STATE_FIELDS})


def to_publish(row: Any) -> domain.Publish:
    values = {name: getattr(row, name) for name in PUBLISH_FIELDS}
    values["post_ids"] = tuple(values["post_ids"] or ())
    return domain.Publish(**values)


def _maybe(convert: Any, row: Any) -> Any:
    return convert(row) if row is not None else None


ACCOUNT_FIELDS = tuple(domain.Account.__dataclass_fields__)
STATE_FIELDS = tuple(domain.OAuthState.__dataclass_fields__)
PUBLISH_FIELDS = tuple(domain.Publish.__dataclass_fields__)


ACCOUNT_REPLACED = (
    "open_id",
    "display_name",
    "token_key_id",
    "token_cipher",
    "updated_at",
    "status",
    "connected_by",
    "avatar_url",
    "scope",
    "refresh_key_id",
    "refresh_cipher",
    "access_expires_at",
    "refresh_expires_at",
    "refresh_lease_until",
)


async def upsert_account(conn: AsyncConnection, values: dict[str, Any]) -> domain.Account:
    """Insert, or replace everything of the app's account on that platform but its id and
    creation time (reconnecting). Columns not given take their defaults on both paths."""
    values = {
        "status": domain.CONNECTED,
        "connected_by": "token",
        "avatar_url": "",
        "scope": "",
        "refresh_key_id": None,
        "refresh_cipher": None,
        "access_expires_at": None,
        "refresh_expires_at": None,
        "refresh_lease_until": None,
        **values,
    }
    ins = pg_insert(social_accounts).values(**values)
    q = ins.on_conflict_do_update(
        constraint="social_accounts_app_platform_key",
        set_={name: getattr(ins.excluded, name) for name in ACCOUNT_REPLACED},
    ).returning(*social_accounts.c)
    return to_account((await conn.execute(q)).one())


async def get_account(conn: AsyncConnection, org: str, account_id: str) -> domain.Account | None:
    q = select(social_accounts).where(
        social_accounts.c.organization_id == org, social_accounts.c.id == account_id
    )
    return _maybe(to_account, (await conn.execute(q)).first())


async def lease_refresh(
    conn: AsyncConnection, org: str, account_id: str, now: datetime, lease: timedelta
) -> domain.Account | None:
    """Take the account's refresh lease (None: another replica holds it, or the account is gone
    or needs reconnecting)."""
    c = social_accounts.c
    q = (
        update(social_accounts)
        .where(
            c.organization_id == org,
            c.id == account_id,
            c.status == domain.CONNECTED,
            c.refresh_cipher.is_not(None),
            (c.refresh_lease_until.is_(None)) | (c.refresh_lease_until < now),
        )
        .values(refresh_lease_until=now + lease)
        .returning(*social_accounts.c)
    )
    return _maybe(to_account, (await conn.execute(q)).first())


async def store_refreshed(
    conn: AsyncConnection, org: str, account_id: str, values: dict[str, Any]
) -> domain.Account | None:
    """New tokens (or status) after a refresh; ends the lease."""
    q = (
        update(social_accounts)
        .where(social_accounts.c.organization_id == org, social_accounts.c.id == account_id)
        .values(**values, refresh_lease_until=None)
        .returning(*social_accounts.c)
    )
    return _maybe(to_account, (await conn.execute(q)).first())


async def accounts_due_refresh(
    conn: AsyncConnection, before: datetime, now: datetime, limit: int
) -> list[Row]:
    """OAuth accounts (every organization) whose access token expires before `before` and that
    no replica is refreshing."""
    c = social_accounts.c
    q = (
        select(c.id, c.organization_id)
        .where(
            c.status == domain.CONNECTED,
            c.refresh_cipher.is_not(None),
            c.access_expires_at < before,
            (c.refresh_lease_until.is_(None)) | (c.refresh_lease_until < now),
        )
        .order_by(c.access_expires_at)
        .limit(limit)
    )
    return list((await conn.execute(q)).all())


# --- OAuth states ---------------------------------------------------------------------


async def insert_state(conn: AsyncConnection, values: dict[str, Any]) -> None:
    await conn.execute(oauth_states.insert().values(**values))


async def use_state(
    conn: AsyncConnection, state_id: str, org: str, app_id: str, now: datetime
) -> domain.OAuthState | None:
    """Use up a live state once: the row, or None when it is unknown, used or expired."""
    c = oauth_states.c
    q = (
        update(oauth_states)
        .where(
            c.id == state_id,
            c.organization_id == org,
            c.app_id == app_id,
            c.used_at.is_(None),
            c.expires_at > now,
        )
        .values(used_at=now)
        .returning(*oauth_states.c)
    )
    return _maybe(to_state, (await conn.execute(q)).first())


async def get_state(conn: AsyncConnection, state_id: str) -> domain.OAuthState | None:
    return _maybe(
        to_state, (await conn.execute(select(oauth_states).where(oauth_states.c.id == state_id))).first()
    )


async def delete_old_states(conn: AsyncConnection, before: datetime) -> int:
    q = delete(oauth_states).where(oauth_states.c.expires_at < before).returning(oauth_states.c.id)
    return len((await conn.execute(q)).all())


async def list_accounts(conn: AsyncConnection, org: str, app_id: str) -> list[domain.Account]:
    q = (
        select(social_accounts)
        .where(social_accounts.c.organization_id == org, social_accounts.c.app_id == app_id)
        .order_by(social_accounts.c.created_at, social_accounts.c.id)
    )
    return [to_account(r) for r in (await conn.execute(q)).all()]


async def account_for(conn: AsyncConnection, org: str, app_id: str, platform: str) -> domain.Account | None:
    q = select(social_accounts).where(
        social_accounts.c.organization_id == org,
        social_accounts.c.app_id == app_id,
        social_accounts.c.platform == platform,
    )
    return _maybe(to_account, (await conn.execute(q)).first())


async def delete_account(conn: AsyncConnection, org: str, app_id: str, account_id: str) -> bool:
    q = delete(social_accounts).where(
        social_accounts.c.organization_id == org,
        social_accounts.c.app_id == app_id,
        social_accounts.c.id == account_id,
    )
    return bool((await conn.execute(q.returning(social_accounts.c.id))).first())


async def delete_app_accounts(conn: AsyncConnection, org: str, app_id: str) -> int:
    """A deleted app's connected accounts and its publish records go with it; returns how many
    accounts were removed."""
    await conn.execute(
        delete(publishes).where(publishes.c.organization_id == org, publishes.c.app_id == app_id)
    )
    q = delete(social_accounts).where(
        social_accounts.c.organization_id == org, social_accounts.c.app_id == app_id
    )
    return len((await conn.execute(q.returning(social_accounts.c.id))).all())


async def reserve_publish(conn: AsyncConnection, values: dict[str, Any]) -> tuple[domain.Publish, bool]:
    """Insert the publish record, or return the one already there: (row, created)."""
    q = (
        pg_insert(publishes)
        .values(**values)
        .on_conflict_do_nothing(constraint="publishes_slideshow_account_key")
        .returning(*publishes.c)
    )
    row = (await conn.execute(q)).first()
    if row is not None:
        return to_publish(row), True
    existing = (
        await conn.execute(
            select(publishes).where(
                publishes.c.organization_id == values["organization_id"],
                publishes.c.slideshow_id == values["slideshow_id"],
                publishes.c.account_id == values["account_id"],
            )
        )
    ).one()
    return to_publish(existing), False


async def get_publish(conn: AsyncConnection, org: str, publish_id: str) -> domain.Publish | None:
    q = select(publishes).where(publishes.c.organization_id == org, publishes.c.id == publish_id)
    return _maybe(to_publish, (await conn.execute(q)).first())


async def list_publishes(
    conn: AsyncConnection, org: str, slideshow_id: str, page: int, limit: int
) -> tuple[list[domain.Publish], int]:
    """One page of a slideshow's publishes (every account), newest first, and how many in all."""
    where = and_(publishes.c.organization_id == org, publishes.c.slideshow_id == slideshow_id)
    total = (await conn.execute(select(func.count()).select_from(publishes).where(where))).scalar_one()
    q = (
        select(publishes)
        .where(where)
        .order_by(publishes.c.created_at.desc(), publishes.c.id)
        .offset((page - 1) * limit)
        .limit(limit)
    )
    return [to_publish(r) for r in (await conn.execute(q)).all()], int(total)


async def claim_due_publishes(
    conn: AsyncConnection, now: datetime, limit: int, lease: timedelta
) -> list[domain.Publish]:
    """Publishes (every organization) whose next status fetch is due, leased to this worker:
    rows locked by another worker are skipped, and a claimed one is not due again until the lease
    ends (or the worker records what it found)."""
    due = (
        select(publishes.c.id)
        .where(publishes.c.next_check_at.is_not(None), publishes.c.next_check_at <= now)
        .order_by(publishes.c.next_check_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
        .cte("due")
    )
    q = (
        update(publishes)
        .where(publishes.c.id == due.c.id)
        .values(next_check_at=now + lease)
        .returning(*publishes.c)
    )
    return [to_publish(r) for r in (await conn.execute(q)).all()]


async def finish_publish(
    conn: AsyncConnection, org: str, publish_id: str, values: dict[str, Any]
) -> domain.Publish | None:
    """Record a final outcome once: the row when this call is the one that recorded it (its
    events are to be sent), None when it was already recorded."""
    q = (
        update(publishes)
        .where(
            publishes.c.organization_id == org,
            publishes.c.id == publish_id,
            publishes.c.notified_at.is_(None),
        )
        .values(**values, next_check_at=None)
        .returning(*publishes.c)
    )
    return _maybe(to_publish, (await conn.execute(q)).first())


async def update_publish(
    conn: AsyncConnection, org: str, publish_id: str, values: dict[str, Any]
) -> domain.Publish:
    q = (
        update(publishes)
        .where(publishes.c.organization_id == org, publishes.c.id == publish_id)
        .values(**values)
        .returning(*publishes.c)
    )
    return to_publish((await conn.execute(q)).one())


async def delete_publish(conn: AsyncConnection, org: str, publish_id: str) -> None:
    await conn.execute(
        delete(publishes).where(publishes.c.organization_id == org, publishes.c.id == publish_id)
    )


# --- the application's ports (delivery.application.ports) -----------------------------


class SqlEndpoints:
    """Endpoints inside a unit of work (its connection's transaction)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def count(self, organization_id: str) -> int:
        return await count_endpoints(self.conn, organization_id)

    async def add(self, endpoint: domain.Endpoint, key_id: str, cipher: bytes) -> domain.Endpoint:
        return await insert_endpoint(
            self.conn,
            {
                "id": endpoint.id,
                "organization_id": endpoint.organization_id,
                "kind": endpoint.kind,
                "url": endpoint.url,
                "events": list(endpoint.events),
                "description": endpoint.description,
                "secret_key_id": key_id,
                "secret_cipher": cipher,
                "enabled": endpoint.enabled,
                "disabled_reason": endpoint.disabled_reason,
                "created_at": endpoint.created_at,
                "updated_at": endpoint.created_at,
            },
        )

    async def get(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str]
    ) -> domain.Endpoint | None:
        return await get_endpoint(self.conn, organization_id, endpoint_id, kinds)

    async def update(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str], changes: Mapping[str, Any]
    ) -> domain.Endpoint | None:
        return await update_endpoint(self.conn, organization_id, endpoint_id, kinds, dict(changes))

    async def disable(self, organization_id: str, endpoint_id: str, reason: str, now: datetime) -> None:
        await disable_endpoint(self.conn, organization_id, endpoint_id, reason, now)

    async def set_secret(
        self, organization_id: str, endpoint_id: str, key_id: str, cipher: bytes, now: datetime
    ) -> domain.Endpoint | None:
        return await set_secret(self.conn, organization_id, endpoint_id, key_id, cipher, now)

    async def delete(self, organization_id: str, endpoint_id: str, kinds: Sequence[str]) -> bool:
        return await delete_endpoint(self.conn, organization_id, endpoint_id, kinds)

    async def enabled(self, organization_id: str) -> list[domain.Endpoint]:
        return (await enabled_endpoints(self.conn, [organization_id])).get(organization_id, [])


class SqlDeliveries:
    """Deliveries inside a unit of work."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, new: Sequence[domain.NewDelivery]) -> int:
        return await insert_deliveries(self.conn, new)

    async def send_again(
        self, organization_id: str, endpoint_id: str, delivery_id: str, now: datetime
    ) -> bool:
        return await send_again(self.conn, organization_id, endpoint_id, delivery_id, now) is not None


class SqlAccounts:
    """Social accounts inside a unit of work."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def for_app(self, organization_id: str, app_id: str, platform: str) -> domain.Account | None:
        return await account_for(self.conn, organization_id, app_id, platform)

    async def save(self, values: Mapping[str, Any]) -> domain.Account:
        return await upsert_account(self.conn, dict(values))

    async def delete_for_app(self, organization_id: str, app_id: str) -> int:
        return await delete_app_accounts(self.conn, organization_id, app_id)

    async def get(self, organization_id: str, account_id: str) -> domain.Account | None:
        return await get_account(self.conn, organization_id, account_id)

    async def delete(self, organization_id: str, app_id: str, account_id: str) -> bool:
        return await delete_account(self.conn, organization_id, app_id, account_id)

    async def lease_refresh(
        self, organization_id: str, account_id: str, now: datetime, lease: timedelta
    ) -> domain.Account | None:
        return await lease_refresh(self.conn, organization_id, account_id, now, lease)

    async def store_refreshed(
        self, organization_id: str, account_id: str, values: Mapping[str, Any]
    ) -> domain.Account | None:
        return await store_refreshed(self.conn, organization_id, account_id, dict(values))

    async def due_refresh(self, before: datetime, now: datetime, limit: int) -> list[tuple[str, str]]:
        return [(r.organization_id, r.id) for r in await accounts_due_refresh(self.conn, before, now, limit)]


class SqlStates:
    """OAuth states inside a unit of work."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, values: Mapping[str, Any]) -> None:
        await insert_state(self.conn, dict(values))

    async def use(
        self, state_id: str, organization_id: str, app_id: str, now: datetime
    ) -> domain.OAuthState | None:
        return await use_state(self.conn, state_id, organization_id, app_id, now)

    async def get(self, state_id: str) -> domain.OAuthState | None:
        return await get_state(self.conn, state_id)

    async def delete_expired(self, before: datetime) -> int:
        return await delete_old_states(self.conn, before)


class SqlPublishes:
    """Publish records inside a unit of work."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def reserve(self, values: Mapping[str, Any]) -> tuple[domain.Publish, bool]:
        return await reserve_publish(self.conn, dict(values))

    async def get(self, organization_id: str, publish_id: str) -> domain.Publish | None:
        return await get_publish(self.conn, organization_id, publish_id)

    async def update(
        self, organization_id: str, publish_id: str, values: Mapping[str, Any]
    ) -> domain.Publish:
        return await update_publish(self.conn, organization_id, publish_id, dict(values))

    async def finish(
        self, organization_id: str, publish_id: str, values: Mapping[str, Any]
    ) -> domain.Publish | None:
        return await finish_publish(self.conn, organization_id, publish_id, dict(values))

    async def delete(self, organization_id: str, publish_id: str) -> None:
        await delete_publish(self.conn, organization_id, publish_id)

    async def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[domain.Publish]:
        return await claim_due_publishes(self.conn, now, limit, lease)


@dataclass(frozen=True, slots=True)
class Repositories:
    """What delivery's unit of work holds (delivery.application.ports.Repositories)."""

    endpoints: SqlEndpoints
    deliveries: SqlDeliveries
    accounts: SqlAccounts
    publishes: SqlPublishes
    states: SqlStates


def repositories(conn: AsyncConnection) -> Repositories:
    return Repositories(
        endpoints=SqlEndpoints(conn),
        deliveries=SqlDeliveries(conn),
        accounts=SqlAccounts(conn),
        publishes=SqlPublishes(conn),
        states=SqlStates(conn),
    )


class Reads:
    """Reads outside any unit of work, on autocommit connections (no BEGIN/ROLLBACK round trips)."""

    def __init__(self, engine: AsyncEngine):
        self.engine = engine
        self.reads = db.autocommit(engine)
        self.held = db.read_connections(engine)  # ListEndpoints

    async def endpoints(self, organization_id: str, kinds: Sequence[str]) -> list[domain.Endpoint]:
        async with self.held.connect() as conn:
            return await list_endpoints(conn, organization_id, kinds)

    async def endpoint(
        self, organization_id: str, endpoint_id: str, kinds: Sequence[str]
    ) -> domain.Endpoint | None:
        async with self.reads.connect() as conn:
            return await get_endpoint(conn, organization_id, endpoint_id, kinds)

    async def enabled_endpoints(self, organization_ids: Sequence[str]) -> dict[str, list[domain.Endpoint]]:
        async with self.reads.connect() as conn:
            return await enabled_endpoints(conn, organization_ids)

    async def deliveries(
        self, organization_id: str, endpoint_id: str, page: int, limit: int
    ) -> tuple[list[domain.Delivery], int]:
        async with self.engine.connect() as conn:  # three statements, one snapshot
            return await list_deliveries(conn, organization_id, endpoint_id, page, limit)

    async def account_for(self, organization_id: str, app_id: str, platform: str) -> domain.Account | None:
        async with self.reads.connect() as conn:
            return await account_for(conn, organization_id, app_id, platform)

    async def accounts(self, organization_id: str, app_id: str) -> list[domain.Account]:
        async with self.reads.connect() as conn:
            return await list_accounts(conn, organization_id, app_id)

    async def account(self, organization_id: str, account_id: str) -> domain.Account | None:
        async with self.reads.connect() as conn:
            return await get_account(conn, organization_id, account_id)

    async def publishes(
        self, organization_id: str, slideshow_id: str, page: int, limit: int
    ) -> tuple[list[domain.Publish], int]:
        async with self.engine.connect() as conn:  # two statements, one snapshot
            return await list_publishes(conn, organization_id, slideshow_id, page, limit)


class SenderQueue:
    """The sender's transactions (sender.py: no SQL there): leasing due attempts, recording
    outcomes (an endpoint that answered 410 is disabled in the same transaction), the endpoints'
    failure counts (their own transaction, after), and when the next attempt is due. None of them
    is open while a receiver is called."""

    def __init__(self, engine: AsyncEngine):
        self.engine = engine

    async def claim(self, now: datetime, limit: int, lease: timedelta) -> list[Claimed]:
        async with self.engine.begin() as conn:
            return await claim_due(conn, now, limit, lease)

    async def record(self, batch: Sequence[Attempt]) -> list[bool]:
        """record_attempts, and a 410 disables its endpoint (pending retries stop)."""
        async with self.engine.begin() as conn:
            results = await record_attempts(conn, batch)
            for attempt, recorded in zip(batch, results, strict=True):
                if recorded and attempt.status_code == 410:
                    await disable_endpoint(
                        conn,
                        attempt.claimed.organization_id,
                        attempt.claimed.endpoint_id,
                        "gone",
                        attempt.now,
                    )
        return results

    async def count_failures(self, recorded: Sequence[Attempt]) -> None:
        async with self.engine.begin() as conn:
            await count_failures(conn, recorded)

    async def next_due(self) -> datetime | None:
        """When the earliest pending attempt is due (None: nothing pending)."""
        async with self.engine.connect() as conn:
            q = select(func.min(deliveries.c.next_attempt_at)).where(deliveries.c.status == domain.PENDING)
            return (await conn.execute(q)).scalar()

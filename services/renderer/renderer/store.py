"""Renderer tables (schema "renderer") and the only module that speaks SQL.

Every query that a caller can reach is scoped by organization_id. Rows become domain objects here
(`domain.Slideshow`, ...): nothing above the store sees a row. `repositories(conn)` are what the
unit of work's `repos` hold (renderer.application.Repositories, in its transaction) and
`SlideshowReads` the reads outside any unit (autocommit); the slideshow state machine they persist
is domain.py's.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from kit import db
from kit.outbox import first_time, outbox_table, processed_events_table
from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Double,
    Integer,
    MetaData,
    Row,
    Table,
    Text,
    and_,
    delete,
    false,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql.elements import ColumnElement

from renderer import domain

SCHEMA = "renderer"
metadata = MetaData(schema=SCHEMA)


def _ts(name: str) -> Column:
    return Column(name, DateTime(timezone=True), nullable=False, server_default=func.now())


slideshows = Table(
    "slideshows",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("app_id", Text, nullable=False),
    Column("app_name", Text, nullable=False, server_default=""),
    Column("hook_id", Text, nullable=False),
    Column("hook_text_snapshot", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("language", Text, nullable=False),
    Column("template_set", Text, nullable=False),
    Column("template_key", Text, nullable=False),
    Column("design", Text, nullable=False),
    Column("variable_overrides", JSONB, nullable=False),
    # Random path part of the slide objects: unguessable, stable across re-renders.
    Column("asset_token", Text, nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),
    # While RENDERING: the claim's end. A deck whose lease ran out (its worker died) is claimable.
    Column("lease_until", DateTime(timezone=True), nullable=True),
    # Bumped on every change that alters the deck; ZIP bundles are cached per version.
    Column("version", Integer, nullable=False, server_default="1"),
    Column("error_code", Text, nullable=True),
    Column("error_message", Text, nullable=True),
    _ts("created_at"),
    _ts("updated_at"),
)

slides = Table(
    "slides",
    metadata,
    Column("slideshow_id", Text, primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("template", Text, nullable=False),
    Column("layout_type", Text, nullable=False),
    Column("title", Text, nullable=False),
    Column("subtitle", Text, nullable=False),
    Column("label", Text, nullable=False),
    Column("object_key", Text, nullable=False),
    Column("image_url", Text, nullable=False),
    Column("duration", Double, nullable=False),
)

marketing_assets = Table(
    "marketing_assets",
    metadata,
    Column("slideshow_id", Text, primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("type", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("tags", ARRAY(Text), nullable=False),
)

bundles = Table(
    "bundles",
    metadata,
    Column("slideshow_id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("object_key", Text, nullable=False),
    _ts("created_at"),
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("key", Text, primary_key=True),
    Column("fingerprint", Text, nullable=False),
    Column("slideshow_id", Text, nullable=False),
    _ts("created_at"),
)

# A slideshow unit consumed from billing whose slideshow row is not committed yet. The row is
# written (and committed) before the consume and deleted in the slideshow's own transaction,
# so a hold that outlives its request marks a unit to give back (crash, lost answer).
quota_holds = Table(
    "quota_holds",
    metadata,
    Column("slideshow_id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    _ts("created_at"),
    # Set by a sweeper before it gives the unit back: the generate that left the hold may no longer
    # drop it (and create its deck), see take_quota_hold.
    Column("releasing", Boolean, nullable=False, server_default=false()),
)

deleted_apps = Table(
    "deleted_apps",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("app_id", Text, primary_key=True),
    _ts("deleted_at"),
)

outbox = outbox_table(metadata)
processed_events = processed_events_table(metadata)

SUMMARY_COLUMNS = [
    slideshows.c.id,
    slideshows.c.organization_id,
    slideshows.c.app_id,
    slideshows.c.app_name,
    slideshows.c.hook_id,
    slideshows.c.hook_text_snapshot,
    slideshows.c.status,
    slideshows.c.language,
    slideshows.c.template_set,
    slideshows.c.template_key,
    slideshows.c.design,
    slideshows.c.error_code,
    slideshows.c.error_message,
    slideshows.c.created_at,
    slideshows.c.updated_at,
]


# --- rows -> domain --------------------------------------------------------------------------


def to_slideshow(row: Row) -> domain.Slideshow:
    """A slideshows row (any subset of its columns that names the summary's) as the domain's deck."""
    return domain.Slideshow(**row._mapping)


def full_to_slideshow(row: Any) -> domain.Slideshow:
    """A FULL_SLIDESHOW_SQL row: the summary columns in domain.Slideshow's order, then the slides
    and assets as JSON arrays and app_deleted."""
    Slide, Asset = domain.Slide, domain.Asset
    return domain.Slideshow(
        *row[:_SUMMARY_WIDTH],
        tuple([Slide(*s) for s in row.slides]),
        tuple([Asset(t, x, tuple(tags)) for t, x, tags in row.assets]),
        row.app_deleted,
    )


def _slide(row: Row) -> domain.Slide:
    return domain.Slide(
        row.position,
        row.template,
        row.layout_type,
        row.title,
        row.subtitle,
        row.label,
        row.image_url,
        row.duration,
        row.object_key,
    )


def _slide_values(slide: domain.Slide) -> dict[str, Any]:
    return {
        "position": slide.order,
        "template": slide.template,
        "layout_type": slide.layout_type,
        "title": slide.title,
        "subtitle": slide.subtitle,
        "label": slide.label,
        "object_key": slide.object_key,
        "image_url": slide.image_url,
        "duration": float(slide.duration),
    }


def _asset_values(position: int, asset: domain.Asset) -> dict[str, Any]:
    return {"position": position, "type": asset.type, "text": asset.text, "tags": list(asset.tags)}


# --- idempotency -----------------------------------------------------------------------------


async def lock_idempotency_key(conn: AsyncConnection, org_id: str, key: str) -> None:
    """Serializes concurrent requests with the same key until the transaction ends."""
    await conn.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"), {"k": f"{org_id}:{key}"}
    )


async def find_idempotency_key(
    conn: AsyncConnection, org_id: str, key: str, since: datetime
) -> domain.IdempotencyRecord | None:
    t = idempotency_keys
    row = (
        await conn.execute(
            select(t.c.fingerprint, t.c.slideshow_id).where(
                t.c.organization_id == org_id, t.c.key == key, t.c.created_at >= since
            )
        )
    ).first()
    return None if row is None else domain.IdempotencyRecord(row.fingerprint, row.slideshow_id)


async def save_idempotency_key(
    conn: AsyncConnection, org_id: str, key: str, fingerprint: str, slideshow_id: str
) -> None:
    t = idempotency_keys
    stmt = pg_insert(t).values(
        organization_id=org_id, key=key, fingerprint=fingerprint, slideshow_id=slideshow_id
    )
    await conn.execute(
        stmt.on_conflict_do_update(
            index_elements=[t.c.organization_id, t.c.key],
            set_={"fingerprint": fingerprint, "slideshow_id": slideshow_id, "created_at": func.now()},
        )
    )


async def purge_idempotency_keys(conn: AsyncConnection, before: datetime) -> None:
    await conn.execute(delete(idempotency_keys).where(idempotency_keys.c.created_at < before))


# --- slideshows ------------------------------------------------------------------------------


async def insert_slideshow(conn: AsyncConnection, values: dict[str, Any]) -> None:
    await conn.execute(insert(slideshows).values(**values))


async def get_slideshow(
    conn: AsyncConnection, org_id: str, ss_id: str, *, lock: bool = False
) -> domain.Slideshow | None:
    query = select(slideshows).where(slideshows.c.id == ss_id, slideshows.c.organization_id == org_id)
    if lock:
        query = query.with_for_update()
    row = (await conn.execute(query)).first()
    return None if row is None else to_slideshow(row)


# One round trip for a whole deck, as the hottest read (GET slideshow, polled by every client) wants:
# the row, its slides and assets as JSON arrays, and whether the app-deleted event already came.
# Plain SQL on the driver: SQLAlchemy's statement building costs more CPU than the query itself.
_FULL_COLUMNS = ", ".join(f"s.{c.name}" for c in SUMMARY_COLUMNS)
_SUMMARY_WIDTH = len(SUMMARY_COLUMNS)
FULL_SLIDESHOW_SQL = f"""
SELECT {_FULL_COLUMNS},
  (SELECT coalesce(json_agg(json_build_array(position, template, layout_type, title, subtitle, label,
                                             image_url, duration) ORDER BY position), '[]')
     FROM {SCHEMA}.slides WHERE slideshow_id = s.id) AS slides,
  (SELECT coalesce(json_agg(json_build_array(type, text, tags) ORDER BY position), '[]')
     FROM {SCHEMA}.marketing_assets WHERE slideshow_id = s.id) AS assets,
  EXISTS (SELECT 1 FROM {SCHEMA}.deleted_apps d
           WHERE d.organization_id = s.organization_id AND d.app_id = s.app_id) AS app_deleted
FROM {SCHEMA}.slideshows s
WHERE s.id = %(id)s AND s.organization_id = %(org)s
"""


# GET .../zip answers a built bundle from one round trip too: the deck's row, whether its app is gone
# and its bundle (SlideshowReads.slideshow_and_bundle).
ZIP_STATE_SQL = f"""
SELECT {_FULL_COLUMNS}, s.version, b.version AS bundle_version, b.object_key AS bundle_key,
  EXISTS (SELECT 1 FROM {SCHEMA}.deleted_apps d
           WHERE d.organization_id = s.organization_id AND d.app_id = s.app_id) AS app_deleted
FROM {SCHEMA}.slideshows s
LEFT JOIN {SCHEMA}.bundles b ON b.slideshow_id = s.id AND b.organization_id = s.organization_id
WHERE s.id = %(id)s AND s.organization_id = %(org)s
"""


async def get_zip_state(
    conn: db.Conn, org_id: str, ss_id: str
) -> tuple[domain.Slideshow | None, domain.Bundle | None]:
    """The deck (its summary, version and app_deleted) and its bundle, if one was built."""
    rows = await db.fetch_all(conn, ZIP_STATE_SQL, {"id": ss_id, "org": org_id})
    if not rows:
        return None, None
    row = rows[0]
    deck = domain.Slideshow(*row[:_SUMMARY_WIDTH], app_deleted=row.app_deleted, version=row.version)
    bundle = None if row.bundle_key is None else domain.Bundle(row.bundle_version, row.bundle_key)
    return deck, bundle


async def get_full(conn: db.Conn, org_id: str, ss_id: str) -> domain.Slideshow | None:
    """The slideshow with its slides, assets and `app_deleted` (one statement); None when the
    organization has no such slideshow."""
    rows = await db.fetch_all(conn, FULL_SLIDESHOW_SQL, {"id": ss_id, "org": org_id})
    return full_to_slideshow(rows[0]) if rows else None


_SUMMARY_SELECT = ", ".join(c.name for c in SUMMARY_COLUMNS)


def _list_where(app_id: str, statuses: Sequence[str]) -> str:
    where = "organization_id = %(org)s"
    if app_id:
        where += " AND app_id = %(app)s"
    if statuses:
        where += " AND status = ANY(%(statuses)s)"
    return where


async def list_slideshows(
    conn: AsyncConnection, org_id: str, page: int, limit: int, app_id: str = "", statuses: Sequence[str] = ()
) -> tuple[list[domain.Slideshow], int]:
    """A page of decks and the total of one snapshot (list_page)."""
    decks, total, _ = await list_page(conn, org_id, page, limit, app_id, statuses)
    return decks, total


async def list_page(
    conn: db.Conn, org_id: str, page: int, limit: int, app_id: str = "", statuses: Sequence[str] = ()
) -> tuple[list[domain.Slideshow], int, int]:
    """A page of decks (SUMMARY_COLUMNS), newest first, the total and the organization's list
    version (list_version), of one snapshot. Plain SQL on the driver (see
    get_full); the page walks slideshows_org_recent / slideshows_org_app_recent backwards (migration
    0007), the total sums slideshow_counts. One statement, so the page and the total come from one
    snapshot (two statements let a deck deleted in between, an app's decks going with it, be counted
    in the total but missing from the page)."""
    where = _list_where(app_id, statuses)
    offset = (page - 1) * limit
    params = {"org": org_id, "app": app_id, "statuses": list(statuses), "limit": limit, "offset": offset}
    ordered = f"FROM {SCHEMA}.slideshows WHERE {where} ORDER BY created_at DESC, id DESC LIMIT %(limit)s"
    # Past the first page, the decks before it are counted off in the index alone (index-only: its
    # key and status), and only the page's own rows are read: a row read per skipped deck made a
    # page's cost grow with its number (page 50 of 20: ~1,000 rows read for 20). `= ANY(ARRAY(..))`,
    # not `IN (..)`: the prepared statement's generic plan (psycopg prepares a query run five times;
    # its LIMIT unknown) joined an IN by hashing a sequential scan of every deck.
    rows_of_page = (
        f"SELECT {_SUMMARY_SELECT} {ordered}"
        if not offset
        else f"SELECT {_SUMMARY_SELECT} FROM {SCHEMA}.slideshows WHERE id = ANY(ARRAY("
        f"SELECT id {ordered} OFFSET %(offset)s))"
    )
    # slideshow_counts (kept by triggers in the writing transaction, migration 0005): a sum over
    # the organization's (app, status) rows, not a count over its decks. The total's one row joins
    # the page's rows (none on a page past the end).
    rows = await db.fetch_all(
        conn,
        f"WITH total AS (SELECT coalesce(sum(n), 0) AS n, ({_LIST_VERSION_SQL}) AS version "
        f"FROM {SCHEMA}.slideshow_counts WHERE {where}), "
        f"page AS ({rows_of_page}) "
        f"SELECT total.n, total.version, page.* FROM total LEFT JOIN page ON true "
        "ORDER BY page.created_at DESC, page.id DESC",
        params,
    )
    total, version = (int(rows[0][0]), int(rows[0][1])) if rows else (0, 0)
    return [domain.Slideshow(*r[2:]) for r in rows if r[2] is not None], total, version


# The organization's list version (migration 0008: raised by every statement that adds, deletes
# or changes what a list shows of its decks, in that statement's transaction); 0 before its
# first deck.
_LIST_VERSION_SQL = (
    f"SELECT coalesce(max(version), 0) FROM {SCHEMA}.list_versions WHERE organization_id = %(org)s"
)


async def list_version(conn: db.Conn, org_id: str) -> int:
    rows = await db.fetch_all(conn, _LIST_VERSION_SQL, {"org": org_id})
    return int(rows[0][0])


def claimable(now: datetime) -> ColumnElement[bool]:
    """domain.is_claimable as SQL, from the domain's statuses: CLAIMABLE, or LEASED under a lease
    that ran out (or none)."""
    c = slideshows.c
    return or_(
        c.status.in_(domain.CLAIMABLE),
        and_(c.status.in_(domain.LEASED), or_(c.lease_until.is_(None), c.lease_until < now)),
    )


async def next_claimable(conn: AsyncConnection, now: datetime) -> domain.Slideshow | None:
    """The oldest claimable deck of any organization, locked; decks locked by another worker's
    claim are skipped (the queue runner's pick)."""
    query = (
        select(slideshows)
        .where(claimable(now))
        .order_by(slideshows.c.created_at)
        .limit(1)
        .with_for_update(skip_locked=True)
    )
    row = (await conn.execute(query)).first()
    return None if row is None else to_slideshow(row)


async def mark_rendering(conn: AsyncConnection, org_id: str, ss_id: str, lease_until: datetime) -> None:
    await conn.execute(
        update(slideshows)
        .where(
            slideshows.c.id == ss_id,
            slideshows.c.organization_id == org_id,
            slideshows.c.status.in_(domain.sources(domain.RENDERING)),
        )
        .values(
            status=domain.RENDERING,
            attempts=slideshows.c.attempts + 1,
            lease_until=lease_until,
            updated_at=func.now(),
        )
    )


async def release_claim(conn: AsyncConnection, org_id: str, ss_id: str) -> None:
    """Back to QUEUED after a transient error; the attempt does not count."""
    await conn.execute(
        update(slideshows)
        .where(
            slideshows.c.id == ss_id,
            slideshows.c.organization_id == org_id,
            slideshows.c.status.in_(domain.sources(domain.QUEUED)),
        )
        .values(
            status=domain.QUEUED,
            lease_until=None,
            attempts=func.greatest(slideshows.c.attempts - 1, 0),
            updated_at=func.now(),
        )
    )


async def mark_ready(conn: AsyncConnection, org_id: str, ss_id: str, app_name: str, language: str) -> None:
    await conn.execute(
        update(slideshows)
        .where(
            slideshows.c.id == ss_id,
            slideshows.c.organization_id == org_id,
            slideshows.c.status.in_(domain.sources(domain.READY)),
        )
        .values(
            status=domain.READY,
            app_name=app_name,
            language=language,
            version=slideshows.c.version + 1,
            error_code=None,
            error_message=None,
            updated_at=func.now(),
        )
    )


async def mark_failed(conn: AsyncConnection, org_id: str, ss_id: str, code: str, message: str) -> None:
    await conn.execute(
        update(slideshows)
        .where(
            slideshows.c.id == ss_id,
            slideshows.c.organization_id == org_id,
            slideshows.c.status.in_(domain.sources(domain.FAILED)),
        )
        .values(
            status=domain.FAILED,
            error_code=code,
            error_message=message,
            version=slideshows.c.version + 1,
            updated_at=func.now(),
        )
    )


async def stuck_slideshows(
    conn: AsyncConnection, older_than: datetime, limit: int = 100
) -> list[domain.RenderRequested]:
    """Claims unfinished (QUEUED/RENDERING) slideshows not touched since `older_than` (touching them)."""
    rows = (
        await conn.execute(
            select(slideshows.c.id, slideshows.c.organization_id)
            .where(slideshows.c.status.in_(domain.UNFINISHED), slideshows.c.updated_at < older_than)
            .order_by(slideshows.c.updated_at)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
    ).all()
    if rows:
        await conn.execute(
            update(slideshows).where(slideshows.c.id.in_([r.id for r in rows])).values(updated_at=func.now())
        )
    return [domain.RenderRequested(r.organization_id, r.id) for r in rows]


# --- slides and assets -----------------------------------------------------------------------


async def replace_deck(
    conn: AsyncConnection,
    ss_id: str,
    slide_rows: Sequence[Mapping[str, Any]],
    asset_rows: Sequence[Mapping[str, Any]],
) -> None:
    await conn.execute(delete(slides).where(slides.c.slideshow_id == ss_id))
    await conn.execute(delete(marketing_assets).where(marketing_assets.c.slideshow_id == ss_id))
    if slide_rows:
        await conn.execute(insert(slides), [{**r, "slideshow_id": ss_id} for r in slide_rows])
    if asset_rows:
        await conn.execute(insert(marketing_assets), [{**r, "slideshow_id": ss_id} for r in asset_rows])


async def get_deck(conn: AsyncConnection, org_id: str, ss_id: str) -> domain.Slideshow | None:
    """The slideshow with its slides (their object keys too) and assets; three statements (run it
    in a transaction for one snapshot)."""
    deck = await get_slideshow(conn, org_id, ss_id)
    if deck is None:
        return None
    slide_rows, asset_rows = await deck_rows(conn, [ss_id])
    return deck._replace(
        slides=tuple(_slide(r) for r in slide_rows),
        assets=tuple(domain.Asset(a.type, a.text, tuple(a.tags)) for a in asset_rows),
    )


async def deck_rows(conn: AsyncConnection, ss_ids: Sequence[str]) -> tuple[list[Row], list[Row]]:
    """Slides and assets of slideshows the caller already scoped to its organization."""
    if not ss_ids:
        return [], []
    slide_rows = (
        await conn.execute(
            select(slides).where(slides.c.slideshow_id.in_(list(ss_ids))).order_by(slides.c.position)
        )
    ).all()
    asset_rows = (
        await conn.execute(
            select(marketing_assets)
            .where(marketing_assets.c.slideshow_id.in_(list(ss_ids)))
            .order_by(marketing_assets.c.position)
        )
    ).all()
    return list(slide_rows), list(asset_rows)


# --- bundles ---------------------------------------------------------------------------------


async def save_bundle(conn: AsyncConnection, org_id: str, ss_id: str, version: int, object_key: str) -> None:
    stmt = pg_insert(bundles).values(
        slideshow_id=ss_id, organization_id=org_id, version=version, object_key=object_key
    )
    await conn.execute(
        stmt.on_conflict_do_update(
            index_elements=[bundles.c.slideshow_id],
            set_={"version": version, "object_key": object_key, "created_at": func.now()},
        )
    )


# --- app deletion ----------------------------------------------------------------------------


async def remember_deleted_app(conn: AsyncConnection, org_id: str, app_id: str) -> None:
    await conn.execute(
        pg_insert(deleted_apps).values(organization_id=org_id, app_id=app_id).on_conflict_do_nothing()
    )


async def app_deleted(conn: AsyncConnection, org_id: str, app_id: str) -> bool:
    row = (
        await conn.execute(
            select(deleted_apps.c.app_id).where(
                deleted_apps.c.organization_id == org_id, deleted_apps.c.app_id == app_id
            )
        )
    ).first()
    return row is not None


async def slideshow_ids_of_app(conn: AsyncConnection, org_id: str, app_id: str) -> list[str]:
    rows = await conn.execute(
        select(slideshows.c.id).where(slideshows.c.organization_id == org_id, slideshows.c.app_id == app_id)
    )
    return [r.id for r in rows]


async def delete_slideshows(conn: AsyncConnection, org_id: str, ss_ids: Sequence[str]) -> None:
    ids = list(ss_ids)
    if not ids:
        return
    await conn.execute(delete(slides).where(slides.c.slideshow_id.in_(ids)))
    await conn.execute(delete(marketing_assets).where(marketing_assets.c.slideshow_id.in_(ids)))
    await conn.execute(
        delete(bundles).where(bundles.c.slideshow_id.in_(ids), bundles.c.organization_id == org_id)
    )
    await conn.execute(
        delete(slideshows).where(slideshows.c.id.in_(ids), slideshows.c.organization_id == org_id)
    )


def idempotency_cutoff(now: datetime, hours: int) -> datetime:
    return now - timedelta(hours=hours)


async def add_quota_hold(conn: AsyncConnection, org_id: str, ss_id: str) -> None:
    await conn.execute(
        pg_insert(quota_holds).values(slideshow_id=ss_id, organization_id=org_id).on_conflict_do_nothing()
    )


async def drop_quota_hold(conn: AsyncConnection, ss_id: str) -> None:
    await conn.execute(delete(quota_holds).where(quota_holds.c.slideshow_id == ss_id))


async def take_quota_hold(conn: AsyncConnection, ss_id: str) -> bool:
    """Drops the hold of a generate about to commit its deck; False when a sweeper is giving its unit
    back (the row is marked, or its lock holder marks it first: the delete waits and re-checks)."""
    result = await conn.execute(
        delete(quota_holds).where(quota_holds.c.slideshow_id == ss_id, quota_holds.c.releasing.is_(False))
    )
    return bool(result.rowcount)


async def claim_stale_quota_holds(conn: AsyncConnection, older_than: datetime) -> list[domain.QuotaHold]:
    """Marks up to 100 holds older than `older_than` (and those a sweeper marked and did not finish)
    as releasing and returns them; holds another sweeper is marking are skipped."""
    stale = (
        select(quota_holds.c.slideshow_id)
        .where(quota_holds.c.created_at < older_than)
        .order_by(quota_holds.c.created_at)
        .limit(100)
        .with_for_update(skip_locked=True)
    )
    rows = await conn.execute(
        update(quota_holds)
        .where(quota_holds.c.slideshow_id.in_(stale.scalar_subquery()))
        .values(releasing=True)
        .returning(quota_holds.c.slideshow_id, quota_holds.c.organization_id)
    )
    return [domain.QuotaHold(slideshow_id=r.slideshow_id, organization_id=r.organization_id) for r in rows]


# --- the unit of work's repositories and the reads (renderer.application's ports) -------------


class SqlSlideshows:
    """application.SlideshowRepository in a unit's transaction."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, values: Mapping[str, Any]) -> None:
        await insert_slideshow(self.conn, dict(values))

    async def get(
        self, organization_id: str, slideshow_id: str, *, lock: bool = False
    ) -> domain.Slideshow | None:
        return await get_slideshow(self.conn, organization_id, slideshow_id, lock=lock)

    async def get_full(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None:
        return await get_full(self.conn, organization_id, slideshow_id)

    async def next_claimable(self, now: datetime) -> domain.Slideshow | None:
        return await next_claimable(self.conn, now)

    async def mark_rendering(self, organization_id: str, slideshow_id: str, lease_until: datetime) -> None:
        await mark_rendering(self.conn, organization_id, slideshow_id, lease_until)

    async def release_claim(self, organization_id: str, slideshow_id: str) -> None:
        await release_claim(self.conn, organization_id, slideshow_id)

    async def replace_deck(
        self, slideshow_id: str, slides: Sequence[domain.Slide], assets: Sequence[domain.Asset]
    ) -> None:
        await replace_deck(
            self.conn,
            slideshow_id,
            [_slide_values(s) for s in slides],
            [_asset_values(i, a) for i, a in enumerate(assets)],
        )

    async def mark_ready(self, organization_id: str, slideshow_id: str, app_name: str, language: str) -> None:
        await mark_ready(self.conn, organization_id, slideshow_id, app_name, language)

    async def mark_failed(self, organization_id: str, slideshow_id: str, code: str, message: str) -> None:
        await mark_failed(self.conn, organization_id, slideshow_id, code, message)

    async def stuck(self, older_than: datetime) -> list[domain.RenderRequested]:
        return await stuck_slideshows(self.conn, older_than)

    async def ids_of_app(self, organization_id: str, app_id: str) -> list[str]:
        return await slideshow_ids_of_app(self.conn, organization_id, app_id)

    async def delete(self, organization_id: str, slideshow_ids: Sequence[str]) -> None:
        await delete_slideshows(self.conn, organization_id, slideshow_ids)


class SqlIdempotencyKeys:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def lock(self, organization_id: str, key: str) -> None:
        await lock_idempotency_key(self.conn, organization_id, key)

    async def find(self, organization_id: str, key: str, since: datetime) -> domain.IdempotencyRecord | None:
        return await find_idempotency_key(self.conn, organization_id, key, since)

    async def save(self, organization_id: str, key: str, fingerprint: str, slideshow_id: str) -> None:
        await save_idempotency_key(self.conn, organization_id, key, fingerprint, slideshow_id)

    async def purge(self, before: datetime) -> None:
        await purge_idempotency_keys(self.conn, before)


class SqlQuotaHolds:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, organization_id: str, slideshow_id: str) -> None:
        await add_quota_hold(self.conn, organization_id, slideshow_id)

    async def drop(self, slideshow_id: str) -> None:
        await drop_quota_hold(self.conn, slideshow_id)

    async def take(self, slideshow_id: str) -> bool:
        return await take_quota_hold(self.conn, slideshow_id)

    async def claim_stale(self, older_than: datetime) -> list[domain.QuotaHold]:
        return await claim_stale_quota_holds(self.conn, older_than)


class SqlBundles:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def save(self, organization_id: str, slideshow_id: str, version: int, object_key: str) -> None:
        await save_bundle(self.conn, organization_id, slideshow_id, version, object_key)


class SqlDeletedApps:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def remember(self, organization_id: str, app_id: str) -> None:
        await remember_deleted_app(self.conn, organization_id, app_id)

    async def processed(self, consumer: str, event_id: str) -> bool:
        return await first_time(self.conn, processed_events, consumer, event_id)


@dataclass(frozen=True, slots=True)
class Repositories:
    """application.Repositories on one transaction's connection."""

    slideshows: SqlSlideshows
    idempotency_keys: SqlIdempotencyKeys
    quota_holds: SqlQuotaHolds
    bundles: SqlBundles
    deleted_apps: SqlDeletedApps


def repositories(conn: AsyncConnection) -> Repositories:
    return Repositories(
        SqlSlideshows(conn),
        SqlIdempotencyKeys(conn),
        SqlQuotaHolds(conn),
        SqlBundles(conn),
        SqlDeletedApps(conn),
    )


class AdvisoryLocks:
    """application.Locks: a Postgres session advisory lock per key, on an autocommit connection
    of its own (no transaction stays open while it is held); released on leaving, or with the
    connection if this process dies."""

    def __init__(self, engine: AsyncEngine):
        self.engine = db.autocommit(engine)

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        async with self.engine.connect() as conn:
            await conn.execute(text("SELECT pg_advisory_lock(hashtextextended(:k, 0))"), {"k": key})
            try:
                yield
            finally:
                try:
                    await conn.execute(text("SELECT pg_advisory_unlock(hashtextextended(:k, 0))"), {"k": key})
                except BaseException:
                    await conn.invalidate()  # the session ends, and its locks with it
                    raise


class SlideshowReads:
    """application.SlideshowReads: each read on an autocommit connection (no BEGIN/ROLLBACK round
    trips); `deck` is three statements in one read-only transaction. The hot reads of one
    plain-SQL statement (GetSlideshow, ListSlideshows) run on held driver connections
    (kit.db.ReadConnections)."""

    def __init__(self, engine: AsyncEngine):
        self.engine = engine
        self.reads = db.autocommit(engine)
        self.held = db.read_connections(engine)

    async def get_full(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None:
        async with self.held.connect() as conn:
            return await get_full(conn, organization_id, slideshow_id)

    async def page(
        self, organization_id: str, page: int, limit: int, app_id: str, statuses: Sequence[str]
    ) -> tuple[list[domain.Slideshow], int, int]:
        async with self.held.connect() as conn:
            return await list_page(conn, organization_id, page, limit, app_id, statuses)

    async def list_version(self, organization_id: str) -> int:
        async with self.held.connect() as conn:
            return await list_version(conn, organization_id)

    async def app_deleted(self, organization_id: str, app_id: str) -> bool:
        async with self.reads.connect() as conn:
            return await app_deleted(conn, organization_id, app_id)

    async def idempotency_key(
        self, organization_id: str, key: str, since: datetime
    ) -> domain.IdempotencyRecord | None:
        async with self.reads.connect() as conn:
            return await find_idempotency_key(conn, organization_id, key, since)

    async def slideshow_and_bundle(
        self, organization_id: str, slideshow_id: str
    ) -> tuple[domain.Slideshow | None, domain.Bundle | None]:
        async with self.held.connect() as conn:
            return await get_zip_state(conn, organization_id, slideshow_id)

    async def deck(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None:
        async with self.engine.connect() as conn:
            return await get_deck(conn, organization_id, slideshow_id)

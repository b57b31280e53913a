"""Tables of the catalog schema and the queries on them. Every query names its organization_id."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from kit import db
from kit.outbox import outbox_table, processed_events_table
from sqlalchemy import (
    Column,
    DateTime,
    MetaData,
    Table,
    Text,
    and_,
    delete,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.engine import RowMapping
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.elements import ColumnClause

metadata = MetaData(schema="catalog")

apps = Table(
    "apps",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text, nullable=False),
    Column("name", Text, nullable=False),
    Column("slug", Text, nullable=False),
    Column("niche", Text, nullable=False),
    Column("language", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("target_audience", Text, nullable=False),
    Column("description", Text, nullable=False),
    Column("ios_url", Text, nullable=False),
    Column("android_url", Text, nullable=False),
    Column("website_url", Text, nullable=False),
    Column("brand_primary_color", Text, nullable=False),
    Column("brand_secondary_color", Text, nullable=False),
    Column("brand_accent_color", Text, nullable=False),
    Column("screenshots", ARRAY(Text), nullable=False),
    Column("value_props", ARRAY(Text), nullable=False),
    Column("pain_points", ARRAY(Text), nullable=False),
    Column("differentiators", ARRAY(Text), nullable=False),
    Column("design", Text, nullable=False),
    Column("tagline", Text, nullable=False),
    Column("image_source", Text, nullable=False),
    Column("photos", ARRAY(Text), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
outbox = outbox_table(metadata)
processed_events = processed_events_table(metadata)

UNIQUE_SLUG = "apps_org_slug_key"

# Every read of an app (get, list, insert and update RETURNING) yields these columns, as a mapping:
# the table's columns with its two times as epoch microseconds (created_us, updated_us), which
# cost far less to load and to turn into protobuf Timestamps than datetimes.
APP_SQL = ", ".join(
    [c.name for c in apps.c if c.name not in ("created_at", "updated_at")]
    + [f"(extract(epoch FROM {t}_at) * 1000000)::int8 AS {t}_us" for t in ("created", "updated")]
)
APP: ColumnClause[Any] = literal_column(APP_SQL)


def _scoped(organization_id: str, app_id: str):
    return and_(apps.c.organization_id == organization_id, apps.c.id == app_id)


async def slug_in_use(conn: AsyncConnection, organization_id: str, slug: str) -> bool:
    query = select(apps.c.id).where(apps.c.organization_id == organization_id, apps.c.slug == slug)
    return (await conn.execute(query)).first() is not None


async def insert_app(conn: AsyncConnection, values: dict[str, Any]) -> RowMapping:
    now = datetime.now(UTC)
    row = {**values, "created_at": now, "updated_at": now}
    return (await conn.execute(insert(apps).values(row).returning(APP))).mappings().one()


async def get_app(conn: AsyncConnection, organization_id: str, app_id: str) -> RowMapping | None:
    query = select(APP).select_from(apps).where(_scoped(organization_id, app_id))
    return (await conn.execute(query)).mappings().first()


# A version of an app: its id, the id of the transaction that wrote this version of the row
# (xmin: every UPDATE writes a new one) and updated_at. Two reads of the same version read the
# same content, so lists fetch versions only and load the rows not seen in that version.
Version = tuple[str, int, int]
_VERSION_SQL = "xmin::text::int8 AS row_xmin, (extract(epoch FROM updated_at) * 1000000)::int8 AS updated_us"

# The hottest queries of the API, so they run straight on psycopg (kit.db).
_LIST_PAGE = f"""
SELECT id, {_VERSION_SQL}, count(*) OVER () AS total FROM catalog.apps
WHERE organization_id = %(org)s {{status}}
ORDER BY created_at DESC, id DESC OFFSET %(offset)s LIMIT %(limit)s"""
LIST_PAGE = _LIST_PAGE.format(status="")
LIST_PAGE_WITH_STATUS = _LIST_PAGE.format(status="AND status = %(status)s")
APPS_BY_ID = f"""
SELECT {APP_SQL}, xmin::text::int8 AS row_xmin FROM catalog.apps
WHERE organization_id = %(org)s AND id = ANY(%(ids)s)"""


async def list_versions(
    conn: AsyncConnection, organization_id: str, status: str, offset: int, limit: int
) -> tuple[list[Version], int]:
    """One page, newest first (id breaks ties), as versions, and the total matching the filter
    (one round trip unless the page is past the end)."""
    params = {"org": organization_id, "status": status, "offset": offset, "limit": limit}
    rows = await db.fetch_all(conn, LIST_PAGE_WITH_STATUS if status else LIST_PAGE, params)
    if rows:
        return [(r.id, r.row_xmin, r.updated_us) for r in rows], int(rows[0].total)
    if offset == 0:
        return [], 0
    where = [apps.c.organization_id == organization_id]
    if status:
        where.append(apps.c.status == status)
    total = (await conn.execute(select(func.count()).select_from(apps).where(*where))).scalar_one()
    return [], int(total)


async def apps_by_id(
    conn: AsyncConnection, organization_id: str, app_ids: list[str]
) -> list[tuple[Version, dict[str, Any]]]:
    """The organization's apps among `app_ids` (in no order), each with its version."""
    rows = await db.fetch_mappings(conn, APPS_BY_ID, {"org": organization_id, "ids": app_ids})
    return [((row["id"], row.pop("row_xmin"), row["updated_us"]), row) for row in rows]


async def update_app(
    conn: AsyncConnection, organization_id: str, app_id: str, changes: dict[str, Any]
) -> RowMapping | None:
    query = (
        update(apps)
        .where(_scoped(organization_id, app_id))
        .values(**changes, updated_at=datetime.now(UTC))
        .returning(APP)
    )
    return (await conn.execute(query)).mappings().first()


async def delete_app(conn: AsyncConnection, organization_id: str, app_id: str) -> bool:
    query = delete(apps).where(_scoped(organization_id, app_id)).returning(apps.c.id)
    return (await conn.execute(query)).first() is not None

"""Tables of the catalog schema and the queries on them. Every query names its organization_id.

Rows become domain objects here (`domain.App`): nothing above the store sees a row. `SqlApps` is the
unit of work's repository (writes, in its transaction) and `AppReads` the reads of one statement
(autocommit); both have the shape `catalog.application` asks for (AppRepository, AppReads)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql.elements import ColumnClause

from catalog import domain

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
_LISTS = frozenset(domain.LIST_FIELDS)


def to_app(row: Mapping[Any, Any]) -> domain.App:
    """The store's edge: a row of APP's columns as a domain.App."""
    return domain.App(**{k: tuple(v) if k in _LISTS else v for k, v in row.items()})


def _scoped(organization_id: str, app_id: str):
    return and_(apps.c.organization_id == organization_id, apps.c.id == app_id)


async def slug_in_use(conn: AsyncConnection, organization_id: str, slug: str) -> bool:
    query = select(apps.c.id).where(apps.c.organization_id == organization_id, apps.c.slug == slug)
    return (await conn.execute(query)).first() is not None


async def insert_app(conn: AsyncConnection, values: dict[str, Any]) -> domain.App:
    now = datetime.now(UTC)
    row = {**values, "created_at": now, "updated_at": now}
    return to_app((await conn.execute(insert(apps).values(row).returning(APP))).mappings().one())


async def get_app(conn: AsyncConnection, organization_id: str, app_id: str) -> domain.App | None:
    query = select(APP).select_from(apps).where(_scoped(organization_id, app_id))
    row = (await conn.execute(query)).mappings().first()
    return None if row is None else to_app(row)


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
) -> list[tuple[Version, domain.App]]:
    """The organization's apps among `app_ids` (in no order), each with its version."""
    rows = await db.fetch_mappings(conn, APPS_BY_ID, {"org": organization_id, "ids": app_ids})
    return [((row["id"], row.pop("row_xmin"), row["updated_us"]), to_app(row)) for row in rows]


async def update_app(
    conn: AsyncConnection, organization_id: str, app_id: str, changes: dict[str, Any]
) -> domain.App | None:
    query = (
        update(apps)
        .where(_scoped(organization_id, app_id))
        .values(**changes, updated_at=datetime.now(UTC))
        .returning(APP)
    )
    row = (await conn.execute(query)).mappings().first()
    return None if row is None else to_app(row)


async def delete_app(conn: AsyncConnection, organization_id: str, app_id: str) -> bool:
    query = delete(apps).where(_scoped(organization_id, app_id)).returning(apps.c.id)
    return (await conn.execute(query)).first() is not None


class SqlApps:
    """The apps repository inside a unit of work (its connection's transaction). A slug already used
    in the organization is SLUG_EXISTS (the unique index decides; the transaction is then aborted,
    so the unit rolls back)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, organization_id: str, app_id: str, values: Mapping[str, Any]) -> domain.App:
        try:
            return await insert_app(self.conn, {**values, "id": app_id, "organization_id": organization_id})
        except IntegrityError as err:
            raise _slug_error(err, values.get("slug", "")) from None

    async def update(
        self, organization_id: str, app_id: str, changes: Mapping[str, Any]
    ) -> domain.App | None:
        try:
            return await update_app(self.conn, organization_id, app_id, dict(changes))
        except IntegrityError as err:
            raise _slug_error(err, changes.get("slug", "")) from None

    async def delete(self, organization_id: str, app_id: str) -> bool:
        return await delete_app(self.conn, organization_id, app_id)


def _slug_error(err: IntegrityError, slug: str) -> Exception:
    return domain.slug_taken(slug) if UNIQUE_SLUG in str(err.orig) else err


@dataclass(frozen=True, slots=True)
class Repositories:
    """What catalog's unit of work holds (catalog.application.Repositories)."""

    apps: SqlApps


def repositories(conn: AsyncConnection) -> Repositories:
    return Repositories(apps=SqlApps(conn))


class AppReads:
    """Reads of one statement on autocommit connections (no BEGIN/ROLLBACK round trips).

    A page of apps unchanged since this process last read them costs one narrow query (versions
    only), with no rows to load: apps are kept by version (bounded; a version never changes, so
    nothing here goes stale)."""

    def __init__(self, engine: AsyncEngine, limit: int = 20_000):
        self.reads = db.autocommit(engine)
        self.limit = limit
        self._by_version: dict[Version, domain.App] = {}

    async def get(self, organization_id: str, app_id: str) -> domain.App | None:
        async with self.reads.connect() as conn:
            return await get_app(conn, organization_id, app_id)

    async def slug_in_use(self, organization_id: str, slug: str) -> bool:
        async with self.reads.connect() as conn:
            return await slug_in_use(conn, organization_id, slug)

    async def page(
        self, organization_id: str, status: str, offset: int, limit: int
    ) -> tuple[list[domain.App], int]:
        async with self.reads.connect() as conn:
            versions, total = await list_versions(conn, organization_id, status, offset, limit)
            if len(self._by_version) > self.limit:
                self._by_version.clear()
            missing = [v[0] for v in versions if v not in self._by_version]
            # An app changed since the page was read comes in its newer version; a deleted one is left out.
            fetched: dict[str, domain.App] = {}
            if missing:
                for version, app in await apps_by_id(conn, organization_id, missing):
                    fetched[version[0]] = self._by_version[version] = app
        found = (self._by_version.get(v, fetched.get(v[0])) for v in versions)
        return [app for app in found if app is not None], total

"""Tables of the hooks schema and the queries on them. Every query on tenant data names its
organization_id.

Rows become domain objects here (`domain.Hook`, `domain.JobRef`): nothing above the store sees a
row. `SqlHooks`, `SqlRefresh`, `SqlApps` and `SqlProcessed` are the unit of work's repositories
(writes, in its transaction; `repositories(conn)`), `HookReads` the reads outside any unit
(autocommit); they have the shapes `hooks.application` asks for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from kit import db, ids
from kit.outbox import first_time, outbox_table, processed_events_table
from sqlalchemy import (
    Column,
    Date,
    DateTime,
    Float,
    Integer,
    MetaData,
    Numeric,
    Table,
    Text,
    any_,
    bindparam,
    cast,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from hooks import domain
from hooks.writer import Draft

metadata = MetaData(schema="hooks")

library = Table(
    "hooks",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("text", Text),
    Column("normalized_text", Text),
    Column("category", Text),
    Column("language", Text),
    Column("niche", Text),
    Column("source", Text),
    Column("status", Text),
    Column("performance_score", Float),
    Column("use_count", Integer),
    Column("last_used_at", DateTime(timezone=True)),
    Column("created_at", DateTime(timezone=True)),
    Column("updated_at", DateTime(timezone=True)),
)
refresh_limits = Table(
    "refresh_limits",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("last_refresh_at", DateTime(timezone=True)),
)
refresh_jobs = Table(
    "refresh_jobs",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("app_id", Text),
    Column("trigger", Text),
    Column("status", Text),
    Column("hooks_created", Integer),
    Column("error", Text),
    Column("created_at", DateTime(timezone=True)),
    Column("finished_at", DateTime(timezone=True)),
)
daily_runs = Table(
    "daily_runs",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("day", Date, primary_key=True),
    Column("jobs", Integer),
    Column("created_at", DateTime(timezone=True)),
)
apps = Table(
    "apps",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("status", Text),
    Column("updated_at", DateTime(timezone=True)),
)
outbox = outbox_table(metadata)
processed_events = processed_events_table(metadata)


# ---- library ---------------------------------------------------------------------------


async def insert_drafts(conn: AsyncConnection, org_id: str, niche: str, drafts: Sequence[Draft]) -> int:
    """Store drafts with their moderated status; normalized duplicates are skipped. Returns
    how many were new."""
    rows = []
    for d in drafts:
        key = domain.normalize(d.text)
        if not key:
            continue
        rows.append(
            {
                "id": ids.new_id("hk"),
                "organization_id": org_id,
                "text": d.text,
                "normalized_text": key,
                "category": d.category,
                "language": d.language,
                "niche": niche,
                "source": d.source,
                "status": domain.moderate(d.text, d.language, d.source),
                "performance_score": domain.initial_score(d.text, d.category, d.source, d.language),
            }
        )
    if not rows:
        return 0
    stmt = pg_insert(library).values(rows).on_conflict_do_nothing().returning(library.c.id)
    return len((await conn.execute(stmt)).all())


async def existing_keys(conn: AsyncConnection, org_id: str, niche: str, language: str) -> set[str]:
    stmt = select(library.c.normalized_text).where(
        library.c.organization_id == org_id, library.c.niche == niche, library.c.language == language
    )
    return set((await conn.execute(stmt)).scalars().all())


HOOK_COLUMNS = (
    "id, organization_id, text, category, language, niche, source, status, performance_score, created_at,"
    " use_count"
)


def to_hook(row: Any) -> domain.Hook:
    """The store's edge: a row with HOOK_COLUMNS (named tuple or SQLAlchemy Row) as a domain.Hook."""
    return domain.Hook(
        id=row.id,
        organization_id=row.organization_id,
        text=row.text,
        category=row.category,
        language=row.language,
        niche=row.niche,
        source=row.source,
        status=row.status,
        performance_score=row.performance_score,
        created_at=row.created_at,
        use_count=row.use_count or 0,
    )


_ORDER = {
    "recent": "created_at DESC, id DESC",
    "": "performance_score DESC, created_at DESC, id DESC",
}


async def list_hooks(
    conn: AsyncConnection, org_id: str, f: domain.ListFilters
) -> tuple[list[domain.Hook], int]:
    """A page (HOOK_COLUMNS rows) and the total of the same snapshot (list_page)."""
    hooks, total, _ = await list_page(conn, org_id, f)
    return hooks, total


async def list_page(conn: db.Conn, org_id: str, f: domain.ListFilters) -> tuple[list[domain.Hook], int, int]:
    """A page (HOOK_COLUMNS rows), the total and the library's version, of one snapshot: one
    statement (the total and version joined to the page), plain SQL on the driver; the page walks
    hooks_by_score / hooks_by_recent. Without `q` the total sums hook_counts (kept by triggers,
    migration 0003: a handful of rows, not a count over the library); with `q` it counts the
    matches (hooks_text_trgm)."""
    where = ["organization_id = %(org)s"]
    params: dict[str, object] = {"org": org_id, "limit": f.limit, "offset": (f.page - 1) * f.limit}
    for name in ("niche", "language", "category", "status"):
        value = getattr(f, name)
        if value:
            where.append(f"{name} = %({name})s")
            params[name] = value
    if f.q:
        where.append("lower(text) LIKE %(q)s ESCAPE '\\'")
        params["q"] = domain.like_pattern(f.q)
    cond = " AND ".join(where)
    total = (
        f"SELECT count(*) AS n FROM hooks.hooks WHERE {cond}"
        if f.q
        else f"SELECT coalesce(sum(n), 0) AS n FROM hooks.hook_counts WHERE {cond}"
    )
    order = _ORDER.get(f.sort, _ORDER[""])
    sql = (
        f"SELECT page.*, total.n AS total, ({_VERSION_SQL}) AS version FROM ({total}) total "
        f"LEFT JOIN LATERAL (SELECT {HOOK_COLUMNS} FROM hooks.hooks WHERE {cond} "
        f"ORDER BY {order} LIMIT %(limit)s OFFSET %(offset)s) page ON true"
    )
    rows = await db.fetch_all(conn, sql, params)
    first = rows[0] if rows else None
    return (
        [to_hook(r) for r in rows if r.id is not None],
        int(first.total) if first else 0,
        int(first.version) if first else 0,
    )


# The organization's library version (migration 0004: raised by every statement that writes its
# hooks, in that statement's transaction); 0 before its first hook.
_VERSION_SQL = "SELECT coalesce(max(version), 0) FROM hooks.library_versions WHERE organization_id = %(org)s"


async def library_version(conn: db.Conn, org_id: str) -> int:
    rows = await db.fetch_all(conn, _VERSION_SQL, {"org": org_id})
    return int(rows[0][0])


async def set_status(conn: AsyncConnection, org_id: str, hook_id: str, status: str) -> domain.Hook | None:
    """A reviewer's decision on one of the organization's hooks; None when it has no such hook."""
    stmt = (
        update(library)
        .where(library.c.organization_id == org_id, library.c.id == hook_id)
        .values(status=status, updated_at=func.now())
        .returning(*library.c)
    )
    row = (await conn.execute(stmt)).first()
    return None if row is None else to_hook(row)


async def pick(
    conn: AsyncConnection, org_id: str, niche: str, language: str | None, categories: Sequence[str] = ()
) -> domain.Hook | None:
    """Least recently used among the best APPROVED hooks; marks it used and applies the decay.
    Picks of one organization and niche are serialized (transaction advisory lock): with row
    locks alone, a concurrent pick re-checks only the WHERE clause of a just-committed row and
    could take the same hook again."""
    await conn.execute(select(func.pg_advisory_xact_lock(func.hashtext(f"hooks.pick|{org_id}|{niche}"))))
    where = [library.c.organization_id == org_id, library.c.niche == niche, library.c.status == "APPROVED"]
    if language is not None:
        where.append(library.c.language == language)
    if categories:
        where.append(library.c.category.in_(list(categories)))
    top = (
        select(library.c.id)
        .where(*where)
        .order_by(library.c.performance_score.desc(), library.c.created_at.desc(), library.c.id.desc())
        .limit(domain.PICK_POOL)
    )
    chosen = (
        select(library.c.id)
        .where(library.c.organization_id == org_id, library.c.id.in_(top))
        .order_by(
            library.c.last_used_at.asc().nulls_first(), library.c.performance_score.desc(), library.c.id
        )
        .limit(1)
        .scalar_subquery()
    )
    stmt = (
        update(library)
        .where(library.c.organization_id == org_id, library.c.id == chosen)
        .values(
            use_count=library.c.use_count + 1,
            last_used_at=func.now(),
            updated_at=func.now(),
            performance_score=cast(
                func.round(
                    cast(
                        func.greatest(domain.SCORE_MIN, library.c.performance_score - domain.USE_DECAY),
                        Numeric,
                    ),
                    1,
                ),
                Float,
            ),
        )
        .returning(*library.c)
    )
    row = (await conn.execute(stmt)).first()
    return None if row is None else to_hook(row)


# ---- refresh limits, jobs, daily runs -------------------------------------------------------


async def claim_refresh_slot(conn: AsyncConnection, org_id: str, interval_seconds: int) -> bool:
    """Atomically take the organization's refresh slot if the last refresh is older than the
    interval. Concurrent callers queue on the row; exactly one wins. Rolled back with the
    caller's transaction when a later check fails."""
    stmt = (
        pg_insert(refresh_limits)
        .values(organization_id=org_id, last_refresh_at=func.now())
        .on_conflict_do_update(
            index_elements=[refresh_limits.c.organization_id],
            set_={"last_refresh_at": func.now()},
            where=refresh_limits.c.last_refresh_at < func.now() - timedelta(seconds=interval_seconds),
        )
        .returning(refresh_limits.c.organization_id)
    )
    return (await conn.execute(stmt)).first() is not None


async def seconds_since_refresh(conn: AsyncConnection, org_id: str) -> float:
    return await last_refresh_age(conn, org_id) or 0.0


async def last_refresh_age(conn: AsyncConnection, org_id: str) -> float | None:
    """Seconds since the organization's last refresh, None when it never refreshed."""
    stmt = select(func.extract("epoch", func.now() - refresh_limits.c.last_refresh_at)).where(
        refresh_limits.c.organization_id == org_id
    )
    value = (await conn.execute(stmt)).scalar()
    return None if value is None else float(value)


async def add_jobs(
    conn: AsyncConnection, org_id: str, app_ids: Sequence[str], trigger: str
) -> list[domain.JobRef]:
    jobs = [domain.JobRef(ids.new_id("job"), app_id) for app_id in app_ids]
    if jobs:
        await conn.execute(
            pg_insert(refresh_jobs).values(
                [
                    {"id": j.id, "organization_id": org_id, "app_id": j.app_id, "trigger": trigger}
                    for j in jobs
                ]
            )
        )
    return jobs


async def finish_job(
    conn: AsyncConnection, org_id: str, job_id: str, status: str, created: int, error: str = ""
) -> None:
    await conn.execute(
        update(refresh_jobs)
        .where(refresh_jobs.c.organization_id == org_id, refresh_jobs.c.id == job_id)
        .values(status=status, hooks_created=created, error=error or None, finished_at=func.now())
    )


async def claim_daily_run(conn: AsyncConnection, org_id: str, day: date) -> bool:
    stmt = (
        pg_insert(daily_runs)
        .values(organization_id=org_id, day=day)
        .on_conflict_do_nothing()
        .returning(daily_runs.c.organization_id)
    )
    return (await conn.execute(stmt)).first() is not None


async def set_daily_jobs(conn: AsyncConnection, org_id: str, day: date, jobs: int) -> None:
    await conn.execute(
        update(daily_runs)
        .where(daily_runs.c.organization_id == org_id, daily_runs.c.day == day)
        .values(jobs=jobs)
    )


async def forget_app(conn: AsyncConnection, org_id: str, app_id: str) -> int:
    """Everything hooks keeps about one app (its refresh jobs and its local view)."""
    await conn.execute(delete(apps).where(apps.c.organization_id == org_id, apps.c.id == app_id))
    result = await conn.execute(
        delete(refresh_jobs).where(refresh_jobs.c.organization_id == org_id, refresh_jobs.c.app_id == app_id)
    )
    return result.rowcount or 0


async def remember_app(
    conn: AsyncConnection, org_id: str, app_id: str, status: str, updated_at: datetime
) -> None:
    """Upsert the local view; an older event never overwrites a newer state."""
    stmt = pg_insert(apps).values(id=app_id, organization_id=org_id, status=status, updated_at=updated_at)
    stmt = stmt.on_conflict_do_update(
        index_elements=[apps.c.id],
        set_={"status": stmt.excluded.status, "updated_at": stmt.excluded.updated_at},
        where=(apps.c.organization_id == org_id) & (apps.c.updated_at <= stmt.excluded.updated_at),
    )
    await conn.execute(stmt)


def _any(values: Sequence[str]):
    """= ANY(one array parameter): any number of ids in one bound value."""
    return any_(bindparam(None, list(values), type_=ARRAY(Text)))


async def active_apps_by_org(conn: AsyncConnection, org_ids: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    if not org_ids:
        return out
    stmt = (
        select(apps.c.organization_id, apps.c.id)
        .where(apps.c.organization_id == _any(org_ids), apps.c.status == "ACTIVE")
        .order_by(apps.c.organization_id, apps.c.id)
    )
    for row in (await conn.execute(stmt)).all():
        out.setdefault(row.organization_id, []).append(row.id)
    return out


async def daily_done(conn: AsyncConnection, org_ids: Sequence[str], day: date) -> set[str]:
    if not org_ids:
        return set()
    stmt = select(daily_runs.c.organization_id).where(
        daily_runs.c.organization_id == _any(org_ids), daily_runs.c.day == day
    )
    return set((await conn.execute(stmt)).scalars().all())


async def app_jobs(conn: AsyncConnection, org_id: str, app_id: str) -> list[Row]:
    stmt = select(refresh_jobs).where(
        refresh_jobs.c.organization_id == org_id, refresh_jobs.c.app_id == app_id
    )
    return list((await conn.execute(stmt)).all())


# ---- the unit of work's repositories and the reads (hooks.application's ports) -------------


class SqlHooks:
    """The library inside a unit of work (application.HookRepository)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def insert_drafts(self, organization_id: str, niche: str, drafts: Sequence[Draft]) -> int:
        return await insert_drafts(self.conn, organization_id, niche, drafts)

    async def existing_keys(self, organization_id: str, niche: str, language: str) -> set[str]:
        return await existing_keys(self.conn, organization_id, niche, language)

    async def pick(
        self, organization_id: str, niche: str, language: str | None, categories: Sequence[str] = ()
    ) -> domain.Hook | None:
        return await pick(self.conn, organization_id, niche, language, categories)

    async def set_status(self, organization_id: str, hook_id: str, status: str) -> domain.Hook | None:
        return await set_status(self.conn, organization_id, hook_id, status)


class SqlRefresh:
    """Refresh slots, jobs and daily runs inside a unit of work (application.RefreshRepository)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def claim_slot(self, organization_id: str, interval_seconds: int) -> bool:
        return await claim_refresh_slot(self.conn, organization_id, interval_seconds)

    async def seconds_since_refresh(self, organization_id: str) -> float:
        return await seconds_since_refresh(self.conn, organization_id)

    async def add_jobs(
        self, organization_id: str, app_ids: Sequence[str], trigger: str
    ) -> list[domain.JobRef]:
        return await add_jobs(self.conn, organization_id, app_ids, trigger)

    async def finish_job(
        self, organization_id: str, job_id: str, status: str, created: int, error: str = ""
    ) -> None:
        await finish_job(self.conn, organization_id, job_id, status, created, error)

    async def claim_daily_run(self, organization_id: str, day: date) -> bool:
        return await claim_daily_run(self.conn, organization_id, day)

    async def set_daily_jobs(self, organization_id: str, day: date, jobs: int) -> None:
        await set_daily_jobs(self.conn, organization_id, day, jobs)


class SqlApps:
    """Hooks' local view of the catalog's apps inside a unit of work (application.AppRepository)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def remember(self, organization_id: str, app_id: str, status: str, updated_at: datetime) -> None:
        await remember_app(self.conn, organization_id, app_id, status, updated_at)

    async def forget(self, organization_id: str, app_id: str) -> int:
        return await forget_app(self.conn, organization_id, app_id)


class SqlProcessed:
    """The consumers' processed events inside a unit of work (application.ProcessedEvents)."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def first_time(self, consumer: str, event_id: str) -> bool:
        return await first_time(self.conn, processed_events, consumer, event_id)


@dataclass(frozen=True, slots=True)
class Repositories:
    """What hooks' unit of work holds (hooks.application.Repositories)."""

    hooks: SqlHooks
    refresh: SqlRefresh
    apps: SqlApps
    processed: SqlProcessed


def repositories(conn: AsyncConnection) -> Repositories:
    return Repositories(
        hooks=SqlHooks(conn), refresh=SqlRefresh(conn), apps=SqlApps(conn), processed=SqlProcessed(conn)
    )


class HookReads:
    """Reads outside any unit of work, on autocommit connections (no BEGIN/ROLLBACK round trips);
    application.HookReads. ListHooks' page and version run on held driver connections
    (kit.db.ReadConnections)."""

    def __init__(self, engine: AsyncEngine):
        self.reads = db.autocommit(engine)
        self.held = db.read_connections(engine)

    async def page(self, organization_id: str, f: domain.ListFilters) -> tuple[list[domain.Hook], int, int]:
        async with self.held.connect() as conn:
            return await list_page(conn, organization_id, f)

    async def version(self, organization_id: str) -> int:
        async with self.held.connect() as conn:
            return await library_version(conn, organization_id)

    async def existing_keys(self, organization_id: str, niche: str, language: str) -> set[str]:
        async with self.reads.connect() as conn:
            return await existing_keys(conn, organization_id, niche, language)

    async def last_refresh_age(self, organization_id: str) -> float | None:
        async with self.reads.connect() as conn:
            return await last_refresh_age(conn, organization_id)

    async def daily_candidates(self, organization_ids: Sequence[str], day: date) -> dict[str, list[str]]:
        """The ACTIVE apps (local view) of the organizations among `organization_ids` without a
        daily run on `day`."""
        async with self.reads.connect() as conn:
            done = await daily_done(conn, organization_ids, day)
            return await active_apps_by_org(conn, [o for o in organization_ids if o not in done])

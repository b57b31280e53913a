"""Tables of the billing schema and the queries on them. Every query on tenant data names
its organization_id."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from kit import db
from kit.outbox import outbox_table, processed_events_table
from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Integer,
    MetaData,
    Table,
    Text,
    and_,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from billing import domain

metadata = MetaData(schema="billing")
GIVE_UP = datetime(9999, 1, 1, tzinfo=UTC)
# How long a claimed mail stays with the worker that sends it (a send takes seconds; a worker
# that died mid-send leaves its mails to the others after this).
MAIL_LEASE = timedelta(minutes=5)


def _ts(name: str) -> Column:
    return Column(name, DateTime(timezone=True))


organizations = Table(
    "organizations",
    metadata,
    Column("id", Text, primary_key=True),
    Column("name", Text),
    Column("plan", Text),
    Column("status", Text),
    Column("stripe_customer_id", Text),
    Column("rate_limit_override", Integer),
    _ts("period_start"),
    _ts("period_end"),
    _ts("created_at"),
    _ts("updated_at"),
)
users = Table(
    "users",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("email", Text),
    Column("password_hash", Text),
    Column("role", Text),
    _ts("created_at"),
)
sessions = Table(
    "sessions",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("user_id", Text),
    Column("token_hash", Text),
    _ts("created_at"),
    _ts("expires_at"),
    _ts("revoked_at"),
)
api_keys = Table(
    "api_keys",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("name", Text),
    Column("key_hash", Text),
    Column("prefix", Text),
    _ts("created_at"),
    _ts("revoked_at"),
)
# When each key was last used (RecordApiKeyUse); apart from api_keys, whose trigger tells the
# gateways to drop their answers on every change of a key row.
api_key_usage = Table(
    "api_key_usage",
    metadata,
    Column("key_id", Text, primary_key=True),
    _ts("last_used_at"),
)
subscriptions = Table(
    "subscriptions",
    metadata,
    Column("id", Text, primary_key=True),
    Column("organization_id", Text),
    Column("status", Text),
    Column("plan", Text),
    _ts("current_period_start"),
    _ts("current_period_end"),
    Column("event_created", BigInteger),
    _ts("updated_at"),
)
usage_counters = Table(
    "usage_counters",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("quota", Text, primary_key=True),
    Column("period_start", DateTime(timezone=True), primary_key=True),
    Column("used", Integer),
)
quota_ops = Table(
    "quota_ops",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("op", Text, primary_key=True),
    Column("idempotency_key", Text, primary_key=True),
    _ts("created_at"),
)
quota_notices = Table(
    "quota_notices",
    metadata,
    Column("organization_id", Text, primary_key=True),
    Column("quota", Text, primary_key=True),
    Column("period_start", DateTime(timezone=True), primary_key=True),
    _ts("created_at"),
)
billing_events = Table(
    "billing_events",
    metadata,
    Column("event_id", Text, primary_key=True),
    Column("type", Text),
    Column("created", BigInteger),
    Column("organization_id", Text),
    Column("outcome", Text),
    _ts("received_at"),
)
mail_queue = Table(
    "mail_queue",
    metadata,
    Column("id", BigInteger, primary_key=True),
    Column("organization_id", Text),
    Column("kind", Text),
    Column("to_addr", Text),
    Column("subject", Text),
    Column("body", Text),
    Column("attempts", Integer),
    Column("last_error", Text),
    _ts("next_attempt_at"),
    _ts("sent_at"),
    _ts("created_at"),
)
login_failures = Table(
    "login_failures",
    metadata,
    Column("id", BigInteger, primary_key=True),
    Column("subject", Text),
    _ts("at"),
)
outbox = outbox_table(metadata)
processed_events = processed_events_table(metadata)


# --- rows -> domain objects (nothing above the store sees a row) ---------------------------


def to_organization(r: Any) -> domain.Organization:
    """An organizations row (SQLAlchemy's or psycopg's named tuple, extra columns ignored)."""
    return domain.Organization(
        id=r.id,
        name=r.name,
        plan=r.plan,
        status=r.status,
        stripe_customer_id=r.stripe_customer_id,
        rate_limit_override=r.rate_limit_override,
        period_start=r.period_start,
        period_end=r.period_end,
        created_at=r.created_at,
    )


def _maybe_org(r: Any) -> domain.Organization | None:
    return None if r is None else to_organization(r)


def to_subscription(r: Any) -> domain.Subscription:
    return domain.Subscription(
        id=r.id,
        organization_id=r.organization_id,
        status=r.status,
        plan=r.plan,
        current_period_start=r.current_period_start,
        current_period_end=r.current_period_end,
        event_created=r.event_created,
    )


def _maybe_subscription(r: Any) -> domain.Subscription | None:
    return None if r is None else to_subscription(r)


def to_api_key(r: Any) -> domain.ApiKey:
    return domain.ApiKey(
        id=r.id,
        organization_id=r.organization_id,
        name=r.name,
        prefix=r.prefix,
        created_at=r.created_at,
        revoked_at=r.revoked_at,
        last_used_at=getattr(r, "last_used_at", None),
    )


def to_user(r: Any) -> domain.User:
    return domain.User(
        id=r.id, organization_id=r.organization_id, email=r.email, password_hash=r.password_hash, role=r.role
    )


def to_principal(r: Any) -> domain.Principal:
    return domain.Principal(to_organization(r), r.principal_id, getattr(r, "role", "") or "")


def to_mail(r: Any) -> domain.Mail:
    return domain.Mail(
        id=r.id,
        organization_id=r.organization_id,
        kind=r.kind,
        to_addr=r.to_addr,
        subject=r.subject,
        body=r.body,
        attempts=r.attempts,
    )


# --- organizations -----------------------------------------------------------------------


async def insert_organization(
    conn: AsyncConnection, org_id: str, name: str, plan: str
) -> domain.Organization:
    o = organizations
    return to_organization(
        (
            await conn.execute(
                insert(o).values(id=org_id, name=name, plan=plan, status="ACTIVE").returning(o)
            )
        ).one()
    )


async def get_organization(
    conn: AsyncConnection, org_id: str, *, lock: bool = False
) -> domain.Organization | None:
    q = select(organizations).where(organizations.c.id == org_id)
    if lock:
        q = q.with_for_update()
    return _maybe_org((await conn.execute(q)).first())


async def update_organization(
    conn: AsyncConnection, org_id: str, **values: Any
) -> domain.Organization | None:
    o = organizations
    q = update(o).where(o.c.id == org_id).values(**values, updated_at=func.now()).returning(o)
    return _maybe_org((await conn.execute(q)).first())


async def find_org_by_customer(conn: AsyncConnection, customer_id: str) -> domain.Organization | None:
    q = select(organizations).where(organizations.c.stripe_customer_id == customer_id).with_for_update()
    return _maybe_org((await conn.execute(q)).first())


async def list_organizations(conn: AsyncConnection, plans: list[str]) -> list[domain.Organization]:
    o = organizations
    q = select(o).where(o.c.status != "SUSPENDED", o.c.plan.in_(plans)).order_by(o.c.created_at, o.c.id)
    return [to_organization(r) for r in (await conn.execute(q)).all()]


# --- users and sessions ------------------------------------------------------------------


async def insert_user(
    conn: AsyncConnection, user_id: str, org_id: str, email: str, password_hash: str
) -> bool:
    q = (
        pg_insert(users)
        .values(id=user_id, organization_id=org_id, email=email, password_hash=password_hash, role="owner")
        .on_conflict_do_nothing(index_elements=["email"])
        .returning(users.c.id)
    )
    return (await conn.execute(q)).first() is not None


async def get_user_by_email(conn: AsyncConnection, email: str) -> domain.User | None:
    row = (await conn.execute(select(users).where(users.c.email == email))).first()
    return None if row is None else to_user(row)


async def owner_email(conn: AsyncConnection, org_id: str) -> str:
    q = (
        select(users.c.email)
        .where(users.c.organization_id == org_id)
        .order_by((users.c.role == "owner").desc(), users.c.created_at)
        .limit(1)
    )
    return (await conn.execute(q)).scalar_one_or_none() or ""


async def insert_session(
    conn: AsyncConnection, session_id: str, org_id: str, user_id: str, token_hash: str, expires_at: datetime
) -> None:
    await conn.execute(
        insert(sessions).values(
            id=session_id,
            organization_id=org_id,
            user_id=user_id,
            token_hash=token_hash,
            expires_at=expires_at,
        )
    )


async def revoke_session(conn: AsyncConnection, token_hash: str) -> None:
    s = sessions
    await conn.execute(
        update(s).where(s.c.token_hash == token_hash, s.c.revoked_at.is_(None)).values(revoked_at=func.now())
    )


async def recent_attempts(conn: AsyncConnection, subject: str, since: datetime) -> list[datetime]:
    """When the subject's attempts since `since` were recorded, oldest first."""
    f = login_failures
    q = select(f.c.at).where(f.c.subject == subject, f.c.at >= since).order_by(f.c.at)
    return [r.at for r in (await conn.execute(q)).all()]


async def forget_attempts_before(conn: AsyncConnection, subject: str, before: datetime) -> None:
    f = login_failures
    await conn.execute(f.delete().where(f.c.subject == subject, f.c.at < before))


async def add_login_failures(
    conn: AsyncConnection, subjects: list[str], at: datetime | None = None
) -> list[int]:
    at = at or datetime.now(UTC)
    rows = await conn.execute(
        insert(login_failures).returning(login_failures.c.id), [{"subject": s, "at": at} for s in subjects]
    )
    return [int(r[0]) for r in rows]


async def remove_attempts(conn: AsyncConnection, attempt_ids: list[int]) -> None:
    if attempt_ids:
        await conn.execute(login_failures.delete().where(login_failures.c.id.in_(attempt_ids)))


async def clear_login_failures(conn: AsyncConnection, subject: str) -> None:
    await conn.execute(login_failures.delete().where(login_failures.c.subject == subject))


# --- credentials -----------------------------------------------------------------------


# Run on every authenticated request, so straight on psycopg (kit.db.fetch_all).
PRINCIPAL_BY_KEY_HASH = """
SELECT o.*, k.id AS principal_id FROM billing.api_keys k
JOIN billing.organizations o ON o.id = k.organization_id
WHERE k.key_hash = %(hash)s AND k.revoked_at IS NULL"""


async def principal_by_key_hash(conn: db.Conn, key_hash: str) -> domain.Principal | None:
    rows = await db.fetch_all(conn, PRINCIPAL_BY_KEY_HASH, {"hash": key_hash})
    return to_principal(rows[0]) if rows else None


async def principal_by_session_hash(conn: AsyncConnection, token_hash: str) -> domain.Principal | None:
    """The session's organization, with principal_id and the user's role."""
    s, o, u = sessions, organizations, users
    q = (
        select(o, s.c.id.label("principal_id"), u.c.role.label("role"))
        .select_from(s.join(o, o.c.id == s.c.organization_id).outerjoin(u, u.c.id == s.c.user_id))
        .where(s.c.token_hash == token_hash, s.c.revoked_at.is_(None), s.c.expires_at > func.now())
    )
    row = (await conn.execute(q)).first()
    return None if row is None else to_principal(row)


async def insert_api_key(
    conn: AsyncConnection, key_id: str, org_id: str, name: str, key_hash: str, prefix: str
) -> domain.ApiKey:
    k = api_keys
    q = insert(k).values(id=key_id, organization_id=org_id, name=name, key_hash=key_hash, prefix=prefix)
    return to_api_key((await conn.execute(q.returning(k))).one())


async def list_api_keys(conn: AsyncConnection, org_id: str) -> list[domain.ApiKey]:
    k, u = api_keys, api_key_usage
    q = (
        select(k, u.c.last_used_at)
        .select_from(k.outerjoin(u, u.c.key_id == k.c.id))
        .where(k.c.organization_id == org_id, k.c.revoked_at.is_(None))
        .order_by(k.c.created_at, k.c.id)
    )
    return [to_api_key(r) for r in (await conn.execute(q)).all()]


async def record_key_use(conn: AsyncConnection, uses: list[tuple[str, datetime]]) -> None:
    """Moves each existing key's last use forward (never back: replicas report out of order)."""
    known = {
        r[0] for r in await conn.execute(select(api_keys.c.id).where(api_keys.c.id.in_([k for k, _ in uses])))
    }
    rows = [{"key_id": k, "last_used_at": t} for k, t in uses if k in known]
    if not rows:
        return
    q = pg_insert(api_key_usage).values(rows)
    q = q.on_conflict_do_update(
        index_elements=[api_key_usage.c.key_id],
        set_={"last_used_at": func.greatest(api_key_usage.c.last_used_at, q.excluded.last_used_at)},
        where=api_key_usage.c.last_used_at < q.excluded.last_used_at,
    )
    await conn.execute(q)


async def revoke_api_key(
    conn: AsyncConnection, key_id: str, org_id: str | None
) -> tuple[domain.ApiKey | None, bool]:
    """(key row, newly revoked). org_id None = operator revocation of any organization's key."""
    k = api_keys
    cond = [k.c.id == key_id]
    if org_id is not None:
        cond.append(k.c.organization_id == org_id)
    row = (
        await conn.execute(
            update(k).where(*cond, k.c.revoked_at.is_(None)).values(revoked_at=func.now()).returning(k)
        )
    ).first()
    if row is not None:
        return to_api_key(row), True
    found = (await conn.execute(select(k).where(*cond))).first()
    return (None if found is None else to_api_key(found)), False


# --- quotas ------------------------------------------------------------------------------


async def claim_quota_op(conn: AsyncConnection, org_id: str, op: str, key: str) -> bool:
    """Records an idempotency key; False when that consume/release already happened."""
    q = (
        pg_insert(quota_ops)
        .values(organization_id=org_id, op=op, idempotency_key=key)
        .on_conflict_do_nothing()
        .returning(quota_ops.c.idempotency_key)
    )
    return (await conn.execute(q)).first() is not None


async def has_quota_op(conn: AsyncConnection, org_id: str, op: str, key: str) -> bool:
    q = quota_ops.c
    found = await conn.execute(
        select(q.idempotency_key).where(q.organization_id == org_id, q.op == op, q.idempotency_key == key)
    )
    return found.first() is not None


async def unclaim_quota_op(conn: AsyncConnection, org_id: str, op: str, key: str) -> None:
    q = quota_ops.c
    await conn.execute(
        quota_ops.delete().where(q.organization_id == org_id, q.op == op, q.idempotency_key == key)
    )


def _counter(org_id: str, quota: str, period_start: datetime) -> Any:
    c = usage_counters.c
    return and_(c.organization_id == org_id, c.quota == quota, c.period_start == period_start)


async def ensure_counter(conn: AsyncConnection, org_id: str, quota: str, period_start: datetime) -> None:
    await conn.execute(
        pg_insert(usage_counters)
        .values(organization_id=org_id, quota=quota, period_start=period_start, used=0)
        .on_conflict_do_nothing()
    )


async def try_consume(
    conn: AsyncConnection, org_id: str, quota: str, period_start: datetime, amount: int, limit: int
) -> int | None:
    """One conditional UPDATE: concurrent consumers serialize on the row and never pass `limit`."""
    c = usage_counters
    q = (
        update(c)
        .where(_counter(org_id, quota, period_start), c.c.used + amount <= limit)
        .values(used=c.c.used + amount)
        .returning(c.c.used)
    )
    return (await conn.execute(q)).scalar_one_or_none()


async def release(conn: AsyncConnection, org_id: str, quota: str, period_start: datetime, amount: int) -> int:
    c = usage_counters
    q = (
        update(c)
        .where(_counter(org_id, quota, period_start))
        .values(used=func.greatest(c.c.used - amount, 0))
        .returning(c.c.used)
    )
    return (await conn.execute(q)).scalar_one_or_none() or 0


async def used(conn: AsyncConnection, org_id: str, quota: str, period_start: datetime) -> int:
    q = select(usage_counters.c.used).where(_counter(org_id, quota, period_start))
    return (await conn.execute(q)).scalar_one_or_none() or 0


# The organization (its columns as organization_row's) with its counters of the periods that start at
# its own period_start or at one of %(starts)s (one row per counter; one with NULL counter columns when
# it has none).
USAGE_SQL = """
SELECT o.*, c.quota AS counter_quota, c.period_start AS counter_start, c.used AS counter_used
FROM billing.organizations o
LEFT JOIN billing.usage_counters c
  ON c.organization_id = o.id AND c.quota = ANY(%(quotas)s::text[])
 AND (c.period_start = o.period_start OR c.period_start = ANY(%(starts)s::timestamptz[]))
WHERE o.id = %(id)s"""


async def used_in(conn: db.Conn, org_id: str, periods: dict[str, datetime]) -> dict[str, int]:
    """What the organization used of each quota in its period ({quota: period_start}): one query."""
    rows = await db.fetch_all(
        conn,
        "SELECT quota, used FROM billing.usage_counters WHERE organization_id = %(org)s AND "
        "(quota, period_start) IN (SELECT * FROM unnest(%(quotas)s::text[], %(starts)s::timestamptz[]))",
        {"org": org_id, "quotas": list(periods), "starts": list(periods.values())},
    )
    return {r.quota: r.used or 0 for r in rows}


async def first_quota_notice(conn: AsyncConnection, org_id: str, quota: str, period_start: datetime) -> bool:
    q = (
        pg_insert(quota_notices)
        .values(organization_id=org_id, quota=quota, period_start=period_start)
        .on_conflict_do_nothing()
        .returning(quota_notices.c.quota)
    )
    return (await conn.execute(q)).first() is not None


# --- billing events, subscriptions, mail -------------------------------------------------


async def record_billing_event(conn: AsyncConnection, event_id: str, type_: str, created: int) -> bool:
    """Insert-first: a concurrent copy of the same id waits on the unique key, then sees a conflict."""
    q = (
        pg_insert(billing_events)
        .values(event_id=event_id, type=type_, created=created)
        .on_conflict_do_nothing()
        .returning(billing_events.c.event_id)
    )
    return (await conn.execute(q)).first() is not None


async def finish_billing_event(
    conn: AsyncConnection, event_id: str, org_id: str | None, outcome: str
) -> None:
    b = billing_events
    await conn.execute(
        update(b).where(b.c.event_id == event_id).values(organization_id=org_id, outcome=outcome)
    )


async def get_subscription(conn: AsyncConnection, sub_id: str, org_id: str) -> domain.Subscription | None:
    s = subscriptions
    q = select(s).where(s.c.id == sub_id, s.c.organization_id == org_id).with_for_update()
    return _maybe_subscription((await conn.execute(q)).first())


ORGANIZATION_SQL = """
SELECT o.*, s.id AS sub_id, s.status AS sub_status, s.plan AS sub_plan,
       s.current_period_start AS sub_current_period_start, s.current_period_end AS sub_current_period_end
FROM billing.organizations o
LEFT JOIN LATERAL (
  SELECT * FROM billing.subscriptions WHERE organization_id = o.id ORDER BY updated_at DESC, id LIMIT 1
) s ON true
WHERE o.id = %(id)s
"""


async def organization_row(conn: db.Conn, org_id: str) -> domain.Organization | None:
    """The organization by plain SQL on the driver (hot reads: GetUsage)."""
    rows = await db.fetch_all(conn, "SELECT * FROM billing.organizations WHERE id = %(id)s", {"id": org_id})
    return to_organization(rows[0]) if rows else None


async def organization_with_subscription(
    conn: db.Conn, org_id: str
) -> tuple[domain.Organization, domain.Subscription | None] | None:
    """The organization and its latest subscription (None without one): one statement, plain
    SQL on the driver, for GetOrganization on an autocommit connection."""
    rows = await db.fetch_all(conn, ORGANIZATION_SQL, {"id": org_id})
    if not rows:
        return None
    r = rows[0]
    sub = None
    if r.sub_id is not None:
        sub = domain.Subscription(
            id=r.sub_id,
            organization_id=r.id,
            status=r.sub_status,
            plan=r.sub_plan,
            current_period_start=r.sub_current_period_start,
            current_period_end=r.sub_current_period_end,
            event_created=0,  # not read here (the ordering rule of billing events only)
        )
    return to_organization(r), sub


async def latest_subscription(conn: AsyncConnection, org_id: str) -> domain.Subscription | None:
    s = subscriptions
    q = select(s).where(s.c.organization_id == org_id).order_by(s.c.updated_at.desc(), s.c.id).limit(1)
    return _maybe_subscription((await conn.execute(q)).first())


async def live_subscription(conn: AsyncConnection, org_id: str) -> domain.Subscription | None:
    """A subscription of the organization that Stripe has not ended (any status but CANCELED)."""
    s = subscriptions
    q = (
        select(s)
        .where(s.c.organization_id == org_id, s.c.status != "CANCELED")
        .order_by(s.c.updated_at.desc(), s.c.id)
        .limit(1)
    )
    return _maybe_subscription((await conn.execute(q)).first())


async def upsert_subscription(conn: AsyncConnection, values: dict[str, Any]) -> None:
    s = subscriptions
    q = pg_insert(s).values(**values)
    q = q.on_conflict_do_update(
        index_elements=[s.c.id],
        set_={k: q.excluded[k] for k in values if k != "id"} | {"updated_at": func.now()},
        where=s.c.organization_id == q.excluded.organization_id,
    )
    await conn.execute(q)


async def queue_mail(
    conn: AsyncConnection, org_id: str, kind: str, to_addr: str, subject: str, body: str
) -> None:
    await conn.execute(
        insert(mail_queue).values(
            organization_id=org_id, kind=kind, to_addr=to_addr, subject=subject, body=body
        )
    )


async def claim_due_mail(
    conn: AsyncConnection, lease: timedelta = MAIL_LEASE, limit: int = 10
) -> list[domain.Mail]:
    """Up to `limit` due mails, oldest first, each leased for `lease` (its next attempt moved
    that far ahead) so that no other worker takes it while this one sends it outside any
    transaction; marking it sent or failed ends the lease."""
    m = mail_queue
    due = (
        select(m.c.id)
        .where(m.c.sent_at.is_(None), m.c.next_attempt_at <= func.now())
        .order_by(m.c.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    q = update(m).where(m.c.id.in_(due.scalar_subquery())).values(next_attempt_at=func.now() + lease)
    return sorted((to_mail(r) for r in (await conn.execute(q.returning(m))).all()), key=lambda mail: mail.id)


async def release_mail(conn: AsyncConnection, mail_ids: list[int]) -> None:
    """Ends the lease of mails not sent (due again at once), e.g. when the worker stops."""
    m = mail_queue
    if mail_ids:
        await conn.execute(
            update(m).where(m.c.id.in_(mail_ids), m.c.sent_at.is_(None)).values(next_attempt_at=func.now())
        )


async def mark_mail_sent(conn: AsyncConnection, mail_id: int) -> None:
    m = mail_queue
    await conn.execute(
        update(m).where(m.c.id == mail_id).values(sent_at=func.now(), attempts=m.c.attempts + 1)
    )


async def mark_mail_failed(
    conn: AsyncConnection, mail_id: int, error: str, retry_at: datetime | None
) -> None:
    m = mail_queue
    values: dict[str, Any] = {"attempts": m.c.attempts + 1, "last_error": error[:1000]}
    # Out of attempts: parked far in the future, kept for inspection.
    values["next_attempt_at"] = retry_at or GIVE_UP
    await conn.execute(update(m).where(m.c.id == mail_id).values(**values))


async def other_live_subscription(conn: AsyncConnection, org_id: str, sub_id: str) -> bool:
    """Whether the organization has a subscription besides `sub_id` that Stripe has not ended."""
    s = subscriptions
    q = (
        select(s.c.id)
        .where(s.c.organization_id == org_id, s.c.id != sub_id, s.c.status != "CANCELED")
        .limit(1)
    )
    return (await conn.execute(q)).first() is not None


# --- the unit of work's repositories and the reads (billing.application's ports) ----------


class SqlOrganizations:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, org_id: str, name: str, plan: str) -> domain.Organization:
        return await insert_organization(self.conn, org_id, name, plan)

    async def get(self, org_id: str, *, lock: bool = False) -> domain.Organization | None:
        return await get_organization(self.conn, org_id, lock=lock)

    async def update(self, org_id: str, **values: Any) -> domain.Organization | None:
        return await update_organization(self.conn, org_id, **values)


class SqlUsers:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, user_id: str, org_id: str, email: str, password_hash: str) -> bool:
        return await insert_user(self.conn, user_id, org_id, email, password_hash)


class SqlSessions:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(
        self, session_id: str, org_id: str, user_id: str, token_hash: str, expires_at: datetime
    ) -> None:
        await insert_session(self.conn, session_id, org_id, user_id, token_hash, expires_at)

    async def revoke(self, token_hash: str) -> None:
        await revoke_session(self.conn, token_hash)


class SqlApiKeys:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def add(self, key_id: str, org_id: str, name: str, key_hash: str, prefix: str) -> domain.ApiKey:
        return await insert_api_key(self.conn, key_id, org_id, name, key_hash, prefix)

    async def revoke(self, key_id: str, org_id: str | None) -> tuple[domain.ApiKey | None, bool]:
        return await revoke_api_key(self.conn, key_id, org_id)

    async def record_use(self, uses: list[tuple[str, datetime]]) -> None:
        await record_key_use(self.conn, uses)


class SqlAttempts:
    """Throttled attempts (failed logins, sign-ups) per subject."""

    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def lock(self, subjects: list[str]) -> None:
        await db.lock_keys(self.conn, subjects)

    async def forget_before(self, subject: str, before: datetime) -> None:
        await forget_attempts_before(self.conn, subject, before)

    async def since(self, subject: str, since: datetime) -> list[datetime]:
        return await recent_attempts(self.conn, subject, since)

    async def add(self, subjects: list[str], at: datetime) -> list[int]:
        return await add_login_failures(self.conn, subjects, at)

    async def remove(self, attempt_ids: list[int]) -> None:
        await remove_attempts(self.conn, attempt_ids)

    async def clear(self, subject: str) -> None:
        await clear_login_failures(self.conn, subject)


class SqlQuotas:
    def __init__(self, conn: AsyncConnection):
        self.conn = conn

    async def ensure_counter(self, org_id: str, quota: str, period_start: datetime) -> None:
        await ensure_counter(self.conn, org_id, quota, period_start)

    async def claim_op(self, org_id: str, op: str, key: str) -> bool:
        return await claim_quota_op(self.conn, org_id, op, key)

    async def has_op(self, org_id: str, op: str, key: str) -> bool:
        return await has_quota_op(self.conn, org_id, op, key)

    async def unclaim_op(self, org_id: str, op: str, key: str) -> None:
        await unclaim_quota_op(self.conn, org_id, op, key)

    async def try_consume(
        self, org_id: str, quota: str, period_start: datetime, amount: int, limit: int
    ) -> int | None:
        return await try_consume(self.conn, org_id, quota, period_start, amount, limit)

    async def release(self, org_id: str, quota: str, period_start: datetime, amount: int) -> int:
        return await release(self.conn, org_id, quota, period_start, amount)

    async def used(self, org_id: str, quota: str, period_start: datetime) -> int:
        return await used(self.conn, org_id, quota, period_start)

    async def first_notice(self, org_id: str, quota: str, period_start: datetime) -> bool:
        return await first_quota_notice(self.conn, org_id, quota, period_start)


class Repositories:
    """What a unit of work's `repos` hold (billing.application.Repositories)."""

    def __init__(self, conn: AsyncConnection):
        self.organizations = SqlOrganizations(conn)
        self.users = SqlUsers(conn)
        self.sessions = SqlSessions(conn)
        self.api_keys = SqlApiKeys(conn)
        self.attempts = SqlAttempts(conn)
        self.quotas = SqlQuotas(conn)


def repositories(conn: AsyncConnection) -> Repositories:
    return Repositories(conn)


class Reads:
    """Reads outside any unit of work (billing.application.Reads), each on an autocommit
    connection (no BEGIN/ROLLBACK round trips); the hot ones of plain SQL (GetOrganization,
    GetUsage, a key's principal) on held driver connections (kit.db.ReadConnections)."""

    def __init__(self, engine: AsyncEngine):
        self.engine = db.autocommit(engine)
        self.held = db.read_connections(engine)

    async def organization(self, org_id: str) -> domain.Organization | None:
        async with self.held.connect() as conn:
            return await organization_row(conn, org_id)

    async def organization_with_subscription(
        self, org_id: str
    ) -> tuple[domain.Organization, domain.Subscription | None] | None:
        async with self.held.connect() as conn:
            return await organization_with_subscription(conn, org_id)

    async def active_organizations(self, plans: list[str]) -> list[domain.Organization]:
        async with self.engine.connect() as conn:
            return await list_organizations(conn, plans)

    async def principal_by_key_hash(self, key_hash: str) -> domain.Principal | None:
        async with self.held.connect() as conn:
            return await principal_by_key_hash(conn, key_hash)

    async def principal_by_session_hash(self, token_hash: str) -> domain.Principal | None:
        async with self.engine.connect() as conn:
            return await principal_by_session_hash(conn, token_hash)

    async def api_keys(self, org_id: str) -> list[domain.ApiKey]:
        async with self.engine.connect() as conn:
            return await list_api_keys(conn, org_id)

    async def user_by_email(self, email: str) -> domain.User | None:
        async with self.engine.connect() as conn:
            return await get_user_by_email(conn, email)

    async def usage(
        self,
        org_id: str,
        periods: Callable[[domain.Organization], dict[str, datetime]],
        likely_starts: Sequence[datetime] = (),
    ) -> tuple[domain.Organization, dict[str, int]] | None:
        """The organization and what it used of each quota in the period `periods(org)` names
        ({quota: period start}), on one connection (a hot read: GetUsage). One statement reads the
        organization with its counters of the periods starting at its own `period_start` or at one
        of `likely_starts`; only when `periods(org)` names another start is a second one needed."""
        async with self.held.connect() as conn:
            rows = await db.fetch_all(
                conn, USAGE_SQL, {"id": org_id, "starts": list(likely_starts), "quotas": list(domain.QUOTAS)}
            )
            if not rows:
                return None
            org = to_organization(rows[0])
            wanted = periods(org)
            fetched = {*likely_starts, *([org.period_start] if org.period_start else [])}
            if not all(start in fetched for start in wanted.values()):
                return org, await used_in(conn, org.id, wanted)
            used = {(r.counter_quota, r.counter_start): r.counter_used for r in rows if r.counter_quota}
            return org, {q: used[(q, s)] or 0 for q, s in wanted.items() if (q, s) in used}

    async def live_subscription(self, org_id: str) -> domain.Subscription | None:
        async with self.engine.connect() as conn:
            return await live_subscription(conn, org_id)

    async def owner_email(self, org_id: str) -> str:
        async with self.engine.connect() as conn:
            return await owner_email(conn, org_id)


class MailQueue:
    """The mail worker's queue: each call its own short transaction (a send is never inside one)."""

    def __init__(self, engine: AsyncEngine):
        self.engine = engine

    async def claim_due(self, lease: timedelta = MAIL_LEASE, limit: int = 10) -> list[domain.Mail]:
        async with self.engine.begin() as conn:
            return await claim_due_mail(conn, lease, limit)

    async def mark_sent(self, mail_id: int) -> None:
        async with self.engine.begin() as conn:
            await mark_mail_sent(conn, mail_id)

    async def mark_failed(self, mail_id: int, error: str, retry_at: datetime | None) -> None:
        async with self.engine.begin() as conn:
            await mark_mail_failed(conn, mail_id, error, retry_at)

    async def release(self, mail_ids: list[int]) -> None:
        async with self.engine.begin() as conn:
            await release_mail(conn, mail_ids)

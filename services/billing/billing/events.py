"""Outbox writes (billing.events.v1) and the e-mail worker that drains the mail queue."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from google.protobuf.timestamp_pb2 import Timestamp
from kit import logs, outbox, topics
from slides.billing.v1 import billing_pb2
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from billing import mail, store
from billing.settings import Settings

log = logs.get(__name__)


def _ts(value: datetime) -> Timestamp:
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


async def quota_exceeded(
    conn: AsyncConnection,
    org_id: str,
    quota: str,
    limit: int,
    used: int,
    plan: str,
    period: tuple[datetime, datetime],
) -> None:
    msg = billing_pb2.QuotaExceeded(
        organization_id=org_id,
        quota=quota,
        limit=limit,
        used=used,
        plan=plan,
        period_start=_ts(period[0]),
        period_end=_ts(period[1]),
    )
    await outbox.add_event(conn, store.outbox, topics.BILLING_EVENTS, org_id, msg, org_id)


async def organization_changed(conn: AsyncConnection, org: billing_pb2.Organization) -> None:
    msg = billing_pb2.OrganizationChanged(organization=org)
    await outbox.add_event(conn, store.outbox, topics.BILLING_EVENTS, org.id, msg, org.id)


async def api_key_revoked(conn: AsyncConnection, org_id: str, key_id: str) -> None:
    msg = billing_pb2.ApiKeyRevoked(organization_id=org_id, key_id=key_id)
    await outbox.add_event(conn, store.outbox, topics.BILLING_EVENTS, org_id, msg, org_id)


def retry_delay(attempt: int) -> timedelta:
    return timedelta(seconds=min(5 * 2 ** (attempt - 1), 3600))


class MailWorker:
    """Sends queued e-mails. Queued in the billing event's transaction, so the event is
    committed before any send is tried and a failing SMTP server never loses it."""

    def __init__(self, engine: AsyncEngine, settings: Settings):
        self.engine = engine
        self.settings = settings
        self.wakeup = asyncio.Event()

    def notify(self) -> None:
        self.wakeup.set()

    async def deliver(self, row) -> None:
        s = self.settings
        if not s.smtp_url:
            log.info(
                "email (no SMTP_URL configured)",
                to=row.to_addr,
                subject=row.subject,
                body=row.body,
                kind=row.kind,
                organization_id=row.organization_id,
            )
            return
        await mail.send(s.smtp_url, mail.build_message(s.mail_from, row.to_addr, row.subject, row.body))

    async def send_due(self) -> int:
        async with self.engine.begin() as conn:
            rows = await store.claim_due_mail(conn)
            for row in rows:
                try:
                    await self.deliver(row)
                except Exception as exc:
                    attempt = row.attempts + 1
                    retry_at = None
                    if attempt < self.settings.mail_max_attempts:
                        retry_at = datetime.now(UTC) + retry_delay(attempt)
                    log.warning("email send failed", mail_id=row.id, attempt=attempt, error=repr(exc))
                    await store.mark_mail_failed(conn, row.id, repr(exc), retry_at)
                else:
                    await store.mark_mail_sent(conn, row.id)
        return len(rows)

    async def run(self) -> None:
        while True:
            try:
                if await self.send_due():
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("mail worker failed; retrying")
            try:
                await asyncio.wait_for(self.wakeup.wait(), self.settings.mail_poll_seconds)
            except TimeoutError:
                pass
            self.wakeup.clear()

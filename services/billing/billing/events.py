"""Billing's facts on Kafka (billing.events.v1, keyed by organization id): the domain events as
outbox messages and the SQL unit of work that writes them (kit.sqluow) for the application layer;
and the e-mail worker that drains the mail queue."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from google.protobuf.timestamp_pb2 import Timestamp
from kit import logs, topics
from kit.outbox import OutboxRelay
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit, UnitOfWork
from slides.billing.v1 import billing_pb2
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from billing import application, domain, mail, store
from billing.settings import Settings

log = logs.get(__name__)


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    ts = Timestamp()
    ts.FromDatetime(value)
    return ts


def limits_pb(limits: domain.PlanLimits) -> billing_pb2.PlanLimits:
    return billing_pb2.PlanLimits(
        apps=limits.apps,
        slideshows_per_month=limits.slideshows_per_month,
        hook_refreshes_per_month=limits.hook_refreshes_per_month,
        api_keys=limits.api_keys,
        publishing=limits.publishing,
        requests_per_minute=limits.requests_per_minute,
    )


def org_pb(org: domain.Organization, limits: domain.PlanLimits) -> billing_pb2.Organization:
    return billing_pb2.Organization(
        id=org.id,
        name=org.name,
        plan=org.plan,
        status=org.status,
        stripe_customer_id=org.stripe_customer_id or "",
        limits=limits_pb(limits),
        created_at=_ts(org.created_at),
        rate_limit_override=org.rate_limit_override,
    )


def to_outbox(event: object) -> OutboxMessage:
    """A domain event as its billing.events.v1 message, keyed by organization id."""
    match event:
        case domain.OrganizationChanged(organization=org, limits=limits):
            message = billing_pb2.OrganizationChanged(organization=org_pb(org, limits))
            return OutboxMessage(topics.BILLING_EVENTS, org.id, message, org.id)
        case domain.ApiKeyRevoked(organization_id=org_id, key_id=key_id):
            message = billing_pb2.ApiKeyRevoked(organization_id=org_id, key_id=key_id)
            return OutboxMessage(topics.BILLING_EVENTS, org_id, message, org_id)
        case domain.QuotaExceeded() as e:
            message = billing_pb2.QuotaExceeded(
                organization_id=e.organization_id,
                quota=e.quota,
                limit=e.limit,
                used=e.used,
                plan=e.plan,
                period_start=_ts(e.period_start),
                period_end=_ts(e.period_end),
            )
            return OutboxMessage(topics.BILLING_EVENTS, e.organization_id, message, e.organization_id)
    raise TypeError(f"not a billing event: {event!r}")


def unit_of_work(
    engine: AsyncEngine, relay: OutboxRelay | None, after_commit: Sequence[AfterCommit] = ()
) -> application.BillingUnitOfWork:
    """A new unit of work for one use case call."""
    return SqlUnitOfWork[application.Repositories](
        engine, store.repositories, store.outbox, to_outbox, relay, after_commit
    )


def connection_unit(engine: AsyncEngine, relay: OutboxRelay | None) -> UnitOfWork[AsyncConnection]:
    """A unit of work whose `repos` is its connection, for the billing-provider intake (whose
    handlers run store queries in the event's one transaction)."""
    return SqlUnitOfWork[AsyncConnection](engine, _itself, store.outbox, to_outbox, relay)


def _itself(conn: AsyncConnection) -> AsyncConnection:
    return conn


def retry_delay(attempt: int) -> timedelta:
    return timedelta(seconds=min(5 * 2 ** (attempt - 1), 3600))


class MailWorker:
    """Sends queued e-mails. Queued in the billing event's transaction, so the event is
    committed before any send is tried and a failing SMTP server never loses it; a mail being
    sent is leased to this worker (store.claim_due_mail), no transaction is open during a send."""

    def __init__(self, engine: AsyncEngine, settings: Settings):
        self.engine = engine
        self.queue = store.MailQueue(engine)
        self.settings = settings
        self.wakeup = asyncio.Event()

    def notify(self) -> None:
        self.wakeup.set()

    async def deliver(self, row: domain.Mail) -> None:
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
        """Sends the due mails claimed in one short transaction; each send happens outside any
        transaction and its outcome is recorded in its own."""
        mails = await self.queue.claim_due()
        pending = [m.id for m in mails]
        try:
            for row in mails:
                try:
                    await self.deliver(row)
                except Exception as exc:
                    attempt = row.attempts + 1
                    retry_at = None
                    if attempt < self.settings.mail_max_attempts:
                        retry_at = datetime.now(UTC) + retry_delay(attempt)
                    log.warning("email send failed", mail_id=row.id, attempt=attempt, error=repr(exc))
                    await self.queue.mark_failed(row.id, repr(exc), retry_at)
                else:
                    await self.queue.mark_sent(row.id)
                pending.remove(row.id)
        except BaseException:
            if pending:  # stopped mid-batch: the mails not done are due again at once
                with contextlib.suppress(Exception):
                    await asyncio.shield(self.queue.release(pending))
            raise
        return len(mails)

    async def run(self) -> None:
        busy_at = time.monotonic()
        while True:
            try:
                if await self.send_due():
                    busy_at = time.monotonic()
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("mail worker failed; retrying")
            # This replica's writes wake it at once; the poll finds retries coming due and mails
            # queued by another replica, every MAIL_IDLE_POLL_SECONDS once nothing was sent for
            # MAIL_IDLE_AFTER_SECONDS (an idle stack's polls cost CPU).
            quiet = time.monotonic() - busy_at >= self.settings.mail_idle_after_seconds
            s = self.settings
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for drops a cancel that comes in
            # the same turn as a wakeup, and the worker then held the process's stop forever.
            try:
                async with asyncio.timeout(s.mail_idle_poll_seconds if quiet else s.mail_poll_seconds):
                    await self.wakeup.wait()
                busy_at = time.monotonic()
            except TimeoutError:
                pass
            self.wakeup.clear()

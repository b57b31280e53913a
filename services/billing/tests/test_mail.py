"""The e-mail worker against a real SMTP server (aiosmtpd) and real Postgres. The queue lives in
a private copy of the billing schema, so the running billing service does not drain it."""

from __future__ import annotations

import asyncio
import os
import socket
from email import message_from_bytes
from email.message import Message

import pytest
from aiosmtpd.controller import Controller
from billing import domain, mail, store
from billing.events import MailWorker
from billing.settings import Settings
from kit import migrate
from kit.db import make_engine
from kit.ids import new_id
from sqlalchemy import select, update

SCHEMA = "billing_mailtest"


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd hook name
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield inbox, f"smtp://127.0.0.1:{controller.port}"
    controller.stop()


@pytest.fixture(scope="module")
async def engine(stack_env):
    url = os.environ["DATABASE_URL"]
    await asyncio.to_thread(migrate.upgrade, "billing", SCHEMA, url)
    eng = make_engine(url, pool_size=2).execution_options(schema_translate_map={"billing": SCHEMA})
    yield eng
    await eng.dispose()


async def queue_payment_failed(engine, to_addr: str) -> int:
    subject, body = domain.payment_failed_mail("Acme", 4900, "eur")
    async with engine.begin() as conn:
        await store.queue_mail(conn, new_id("org"), "payment_failed", to_addr, subject, body)
        m = store.mail_queue
        return (await conn.execute(select(m.c.id).where(m.c.to_addr == to_addr))).scalar_one()


async def mail_row(engine, mail_id: int):
    async with engine.connect() as conn:
        return (await conn.execute(select(store.mail_queue).where(store.mail_queue.c.id == mail_id))).one()


async def drain(worker: MailWorker) -> None:
    while await worker.send_due():
        pass


def test_send_sync_delivers(smtp) -> None:
    inbox, url = smtp
    mail.send_sync(url, mail.build_message("billing@test", "direct@example.com", "Hello", "Body text"))
    got = [m for m in inbox.messages if m["To"] == "direct@example.com"]
    assert len(got) == 1 and got[0]["Subject"] == "Hello"
    assert "Body text" in got[0].get_payload()


async def test_failed_send_is_retried_then_delivered(engine, smtp) -> None:
    inbox, url = smtp
    to_addr = f"{new_id('usr')}@example.com"
    mail_id = await queue_payment_failed(engine, to_addr)

    down = MailWorker(engine, Settings(smtp_url=f"smtp://127.0.0.1:{free_port()}"))
    await drain(down)
    row = await mail_row(engine, mail_id)
    assert row.sent_at is None and row.attempts == 1 and row.last_error
    assert row.next_attempt_at > row.created_at

    async with engine.begin() as conn:  # make the retry due now
        await conn.execute(
            update(store.mail_queue)
            .where(store.mail_queue.c.id == mail_id)
            .values(next_attempt_at=row.created_at)
        )
    await drain(MailWorker(engine, Settings(smtp_url=url)))
    row = await mail_row(engine, mail_id)
    assert row.sent_at is not None and row.attempts == 2
    got = [m for m in inbox.messages if m["To"] == to_addr]
    assert len(got) == 1
    assert "49.00 EUR" in got[0]["Subject"] and "49.00 EUR" in got[0].get_payload()


async def test_gives_up_after_max_attempts(engine) -> None:
    mail_id = await queue_payment_failed(engine, f"{new_id('usr')}@example.com")
    worker = MailWorker(engine, Settings(smtp_url=f"smtp://127.0.0.1:{free_port()}", mail_max_attempts=1))
    await drain(worker)
    row = await mail_row(engine, mail_id)
    assert row.sent_at is None and row.next_attempt_at == store.GIVE_UP


async def test_without_smtp_url_the_mail_is_logged(engine, capsys) -> None:
    to_addr = f"{new_id('usr')}@example.com"
    mail_id = await queue_payment_failed(engine, to_addr)
    await drain(MailWorker(engine, Settings(smtp_url="")))
    assert (await mail_row(engine, mail_id)).sent_at is not None
    assert to_addr in capsys.readouterr().out


async def test_a_claimed_mail_is_leased_to_its_worker_until_sent_or_released(engine) -> None:
    """No transaction is open while a mail is sent: the claim leases it (no other worker takes
    it meanwhile); a worker that stops before sending gives it back at once."""
    mail_id = await queue_payment_failed(engine, f"{new_id('usr')}@example.com")
    queue = store.MailQueue(engine)
    first = [m.id for m in await queue.claim_due(limit=1000)]
    assert mail_id in first
    assert mail_id not in [m.id for m in await queue.claim_due(limit=1000)]  # leased
    row = await mail_row(engine, mail_id)
    assert row.sent_at is None and row.attempts == 0 and row.next_attempt_at > row.created_at
    await queue.release(first)
    assert mail_id in [m.id for m in await queue.claim_due(limit=1000)]  # due again at once
    await queue.mark_sent(mail_id)
    row = await mail_row(engine, mail_id)
    assert row.sent_at is not None and row.attempts == 1
    await queue.release([mail_id])  # a sent mail stays sent
    assert (await mail_row(engine, mail_id)).next_attempt_at == row.next_attempt_at

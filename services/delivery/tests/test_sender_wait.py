"""How long the sender sleeps when nothing was claimed: until the next delivery is due, bounded by
WEBHOOK_IDLE_POLL_SECONDS while it hears the queue's notifications, by WEBHOOK_POLL_SECONDS while not
(only a look then finds what other processes wrote)."""

import asyncio
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from delivery.sender import Sender


def _sender(next_due: datetime | None, hearing: bool | None) -> Sender:
    sender = Sender.__new__(Sender)
    sender.settings = SimpleNamespace(webhook_poll_seconds=0.5, webhook_idle_poll_seconds=10.0)  # type: ignore[assignment]

    async def due() -> datetime | None:
        return next_due

    sender.queue_store = SimpleNamespace(next_due=due)  # type: ignore[assignment]
    listening = asyncio.Event()
    if hearing:
        listening.set()
    sender.queued = None if hearing is None else SimpleNamespace(listening=listening)  # type: ignore[assignment]
    return sender


@pytest.mark.parametrize(
    ("due_in", "hearing", "sleeps"),
    [
        (None, True, 10.0),  # nothing pending: a new delivery comes with a notification
        (3.0, True, 3.0),  # a retry in 3 s: sleep until then
        (60.0, True, 10.0),  # a retry in a minute: look again within the idle poll anyway
        (None, False, 0.5),  # the listener reconnecting: look as often as while busy
        (60.0, False, 0.5),
        (None, None, 0.5),  # no listener at all
    ],
)
async def test_the_sender_sleeps_until_the_next_delivery_is_due(due_in, hearing, sleeps) -> None:
    due = None if due_in is None else datetime.now(UTC) + timedelta(seconds=due_in)
    got = await _sender(due, hearing)._seconds_until_due()
    assert got == pytest.approx(sleeps, abs=0.1)

"""The sender's claim loop, cancelled in the same loop turn as it is woken, stops (on Python 3.11
`asyncio.wait_for` returned the wakeup and dropped the cancel: the loop held delivery's stop
forever)."""

import asyncio
from types import SimpleNamespace

from delivery.sender import Sender


async def test_the_claim_loop_stops_when_cancelled_as_it_is_woken():
    sender = Sender.__new__(Sender)
    sender.settings = SimpleNamespace(webhook_poll_seconds=30.0, webhook_concurrency=4)  # type: ignore[assignment]
    sender.wakeup = asyncio.Event()
    sender.in_flight = 0

    async def nothing_due() -> int:
        return 0

    async def not_soon() -> float:
        return 30.0

    sender._claim_and_start = nothing_due  # type: ignore[method-assign]
    sender._seconds_until_due = not_soon  # type: ignore[method-assign]
    task = asyncio.create_task(sender._claim_loop())
    await asyncio.sleep(0.05)  # waiting for a wakeup
    sender.notify()
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()
    assert done == {task} and task.cancelled()

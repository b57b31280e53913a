"""The mail worker, cancelled in the same loop turn as it is woken, stops (on Python 3.11
`asyncio.wait_for` returned the wakeup and dropped the cancel: the worker held billing's stop
forever)."""

import asyncio
from types import SimpleNamespace

from billing.events import MailWorker


async def test_the_mail_worker_stops_when_cancelled_as_it_is_woken():
    settings = SimpleNamespace(
        mail_poll_seconds=30.0, mail_idle_poll_seconds=30.0, mail_idle_after_seconds=30.0
    )
    worker = MailWorker.__new__(MailWorker)
    worker.settings = settings  # type: ignore[assignment]
    worker.wakeup = asyncio.Event()

    async def nothing_due() -> int:
        return 0

    worker.send_due = nothing_due  # type: ignore[method-assign]
    task = asyncio.create_task(worker.run())
    await asyncio.sleep(0.05)  # waiting for a wakeup
    worker.notify()
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()
    assert done == {task} and task.cancelled()

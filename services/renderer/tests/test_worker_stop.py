"""The queue runner, cancelled in the same loop turn as a deck is announced, stops (on Python 3.11
`asyncio.wait_for` returned the wakeup and dropped the cancel: the runner held the renderer's
stop forever)."""

import asyncio
from types import SimpleNamespace

from renderer import application
from renderer.worker import RenderWorker


class _Queued:
    def __init__(self) -> None:
        self.wakeups: asyncio.Queue[str | None] = asyncio.Queue()

    def subscribe(self) -> asyncio.Queue[str | None]:
        return self.wakeups


async def test_the_queue_runner_stops_when_cancelled_as_a_deck_is_announced(monkeypatch):
    async def nothing_claimable(*args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(application, "claim_next_render", nothing_claimable)
    settings = SimpleNamespace(
        render_poll_seconds=30.0,
        render_idle_poll_seconds=30.0,
        render_idle_after_seconds=30.0,
        render_lease_seconds=60.0,
        render_max_attempts=3,
    )
    worker = RenderWorker.__new__(RenderWorker)
    worker.deps = SimpleNamespace(settings=settings)  # type: ignore[assignment]
    worker.queued = queued = _Queued()  # type: ignore[assignment]
    worker.slots = asyncio.Semaphore(1)
    worker.quota = None  # type: ignore[assignment]
    worker.uow = lambda: None  # type: ignore[assignment,method-assign,return-value]
    task = asyncio.create_task(worker.run_queue())
    await asyncio.sleep(0.05)  # waiting for a deck
    queued.wakeups.put_nowait("ss_1")
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()
    assert done == {task} and task.cancelled()

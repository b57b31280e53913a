"""The queue runner: it imports the drawing half as it starts (the first decks waited for it behind
the import lock), and, cancelled in the same loop turn as a deck is announced, it stops (on Python 3.11
`asyncio.wait_for` returned the wakeup and dropped the cancel: the runner held the renderer's stop
forever)."""

import asyncio
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from renderer import application
from renderer import worker as worker_module
from renderer.worker import RenderWorker


class _Queued:
    def __init__(self) -> None:
        self.wakeups: asyncio.Queue[str | None] = asyncio.Queue()

    def subscribe(self) -> asyncio.Queue[str | None]:
        return self.wakeups


def _runner(monkeypatch) -> tuple[RenderWorker, _Queued]:
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
    return worker, queued


async def test_the_queue_runner_stops_when_cancelled_as_a_deck_is_announced(monkeypatch):
    monkeypatch.setattr(worker_module, "import_drawing", lambda: None)
    worker, queued = _runner(monkeypatch)
    task = asyncio.create_task(worker.run_queue())
    await asyncio.sleep(0.05)  # waiting for a deck
    queued.wakeups.put_nowait("ss_1")
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()
    assert done == {task} and task.cancelled()


async def test_the_queue_runner_imports_the_drawing_half_before_it_looks_for_decks(monkeypatch):
    """So the first decks after a start do not wait for the imports."""
    order: list[str] = []
    monkeypatch.setattr(worker_module, "import_drawing", lambda: order.append("import"))

    async def nothing_claimable(*args: object, **kwargs: object) -> None:
        order.append("claim")

    worker, _ = _runner(monkeypatch)
    monkeypatch.setattr(application, "claim_next_render", nothing_claimable)
    task = asyncio.create_task(worker.run_queue())
    await asyncio.sleep(0.1)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert order[:2] == ["import", "claim"]


def test_importing_the_drawing_half_loads_what_a_render_uses() -> None:
    code = (
        "import sys; from renderer import worker; assert 'renderer.art.text' not in sys.modules; "
        "worker.import_drawing(); assert {'renderer.art', 'renderer.copy', 'renderer.art.text'} <= set(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])

"""Background loops of kit, cancelled in the same loop turn as they are woken, stop. On Python 3.11
`asyncio.wait_for` returned the wakeup and dropped such a cancel, so the loop ran on and held its
service's stop forever (the outbox relay's case is in test_grpcx_stop.py)."""

import asyncio

from kit import pgnotify
from kit.watchers import Watchers


async def _stops(task: asyncio.Task) -> None:
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()  # a second cancel: a test that failed still ends
    assert done == {task} and task.cancelled()


class _Connection:
    """What Listener._listen uses of a psycopg connection; every statement answers at once."""

    async def __aenter__(self) -> "_Connection":
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    def add_notify_handler(self, handler: object) -> None:
        pass

    async def execute(self, *args: object) -> None:
        return None

    def fileno(self) -> int:
        return 1000


async def test_the_listener_stops_when_cancelled_as_its_connection_turns_readable(monkeypatch):
    readers = []
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(loop, "add_reader", lambda fd, callback: readers.append(callback))
    monkeypatch.setattr(loop, "remove_reader", lambda fd: True)

    async def connect(*args: object, **kwargs: object) -> _Connection:
        return _Connection()

    monkeypatch.setattr(pgnotify.psycopg.AsyncConnection, "connect", staticmethod(connect))
    listener = pgnotify.Listener("postgresql+psycopg://u@127.0.0.1/db", "kit_test", liveness_seconds=30)
    task = asyncio.create_task(listener.run())
    await asyncio.wait_for(listener.listening.wait(), 2)
    await asyncio.sleep(0.05)  # waiting for the socket to turn readable
    readers[-1]()  # it does (a notification) ...
    task.cancel()  # ... in the turn the service stops
    await _stops(task)


class _Listener:
    def __init__(self) -> None:
        self.listening = asyncio.Event()
        self.listening.set()


class _Context:
    """A watch call whose gateway sends nothing."""

    def __init__(self) -> None:
        self.written: list[object] = []
        self._never = asyncio.Event()

    async def read(self) -> None:
        await self._never.wait()

    async def write(self, message: object) -> None:
        self.written.append(message)

    async def abort(self, code: object, details: str) -> None:
        raise AssertionError(details)


async def test_a_watch_stream_stops_when_cancelled_as_a_change_arrives():
    watchers = Watchers(_Listener(), lambda **fields: fields)  # type: ignore[arg-type]
    context = _Context()
    task = asyncio.create_task(watchers.serve(context))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)  # waiting for a change
    (watcher,) = watchers._watchers
    watcher.outbox.put_nowait({"sequence": 1, "organization_id": "org_a"})  # type: ignore[arg-type]
    task.cancel()
    await _stops(task)
    assert not watchers._watchers

"""A cache's watch, cancelled in the same loop turn as a message arrives on its stream, stops (on
Python 3.11 `asyncio.wait_for` returned the message and dropped the cancel: the watch ran on and
held the gateway's stop forever)."""

import asyncio
from types import SimpleNamespace

from gateway.authcache import AuthCache


class _Call:
    def __init__(self) -> None:
        self.messages: asyncio.Queue[object] = asyncio.Queue()
        self.cancelled = False

    async def read(self) -> object:
        return await self.messages.get()

    async def write(self, message: object) -> None:
        pass

    def cancel(self) -> None:
        self.cancelled = True


async def test_the_watch_stops_when_cancelled_as_a_message_arrives():
    cache = AuthCache(silence_seconds=30)
    call = _Call()
    task = asyncio.create_task(cache.watch(lambda: call, lambda **fields: fields))  # type: ignore[arg-type,return-value]
    await asyncio.sleep(0.05)  # waiting for the stream's first message
    call.messages.put_nowait(SimpleNamespace(lease=0, organization_id="", lease_milliseconds=250, sequence=0))
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2)
    if not done:
        task.cancel()
    assert done == {task} and task.cancelled()
    assert call.cancelled

"""Gateways watching a service's answers through a change stream (billing's WatchPrincipals,
catalog's WatchApps): the server side.

Each watcher gets the id of every organization whose answers change: from this replica's own
writes (`changed`, which waits for the watchers' acknowledgements, so the change is in force at
every gateway before the write answers) and from the database's notifications (a trigger's
NOTIFY, covering the other replicas). A stream is live only while notifications flow; when the
listener loses Postgres, every stream ends and the gateways drop what they kept.

The stream's messages are the service's own proto types, all of one shape: the response has
`sequence` and `organization_id` (sequence 0 opens the stream, no organization is a heartbeat),
the request has `acknowledged_sequence`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import grpc
from google.protobuf.message import Message

from kit import logs
from kit.pgnotify import Listener

log = logs.get(__name__)

HEARTBEAT_SECONDS = 5.0
ACK_TIMEOUT_SECONDS = 2.0


class Watcher:
    def __init__(self) -> None:
        # None ends the stream.
        self.outbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self._acknowledged = 0
        self._gone = False
        self._progress = asyncio.Condition()

    async def acknowledge(self, sequence: int) -> None:
        async with self._progress:
            self._acknowledged = max(self._acknowledged, sequence)
            self._progress.notify_all()

    async def applied(self, sequence: int) -> None:
        """Returns once the gateway acknowledged `sequence`, or its stream ended."""
        async with self._progress:
            await self._progress.wait_for(lambda: self._gone or self._acknowledged >= sequence)

    async def close(self) -> None:
        async with self._progress:
            self._gone = True
            self._progress.notify_all()


class Watchers:
    def __init__(self, listener: Listener, response: Callable[..., Message], what: str = "change"):
        """`response(sequence=..., organization_id=...)` builds a stream message."""
        self.listener = listener
        self.response = response
        self.what = what
        self._watchers: set[Watcher] = set()
        self._sequence = 0

    async def changed(self, organization_id: str) -> None:
        """Call after the write committed: returns when every watcher has applied the change (a
        watcher that does not answer within ACK_TIMEOUT_SECONDS is cut off)."""
        watchers = list(self._watchers)
        sequence = self._push(organization_id)
        await asyncio.gather(*(self._applied(w, sequence) for w in watchers))

    async def run(self) -> None:
        """Relays the database's notifications to every watcher (background task)."""
        notifications = self.listener.subscribe()
        try:
            while True:
                organization_id = await notifications.get()
                if organization_id is None:
                    self.end_streams()
                elif organization_id:
                    self._push(organization_id)
        finally:
            self.listener.unsubscribe(notifications)

    async def serve(self, context: grpc.aio.ServicerContext) -> None:
        """The body of one watch call."""
        watcher = Watcher()
        self._watchers.add(watcher)  # before the check: a lost listener from now on ends this stream
        reader = asyncio.create_task(self._read_acknowledgements(context, watcher))
        try:
            if not self.listener.listening.is_set():
                await context.abort(grpc.StatusCode.UNAVAILABLE, "change notifications are not flowing yet")
            await context.write(self.response())  # live from here on
            while True:
                try:
                    message = await asyncio.wait_for(watcher.outbox.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    message = self.response()
                if message is None:
                    return
                await context.write(message)
        finally:
            reader.cancel()
            self._watchers.discard(watcher)
            await watcher.close()

    def end_streams(self) -> None:
        """Ends every stream: gateways drop what they kept and reconnect (to this or another replica)."""
        for watcher in self._watchers:
            watcher.outbox.put_nowait(None)

    def _push(self, organization_id: str) -> int:
        self._sequence += 1
        message = self.response(sequence=self._sequence, organization_id=organization_id)
        for watcher in self._watchers:
            watcher.outbox.put_nowait(message)
        return self._sequence

    async def _applied(self, watcher: Watcher, sequence: int) -> None:
        try:
            await asyncio.wait_for(watcher.applied(sequence), ACK_TIMEOUT_SECONDS)
        except TimeoutError:
            log.warning("gateway did not acknowledge a change; cutting its stream", change=self.what)
            watcher.outbox.put_nowait(None)

    @staticmethod
    async def _read_acknowledgements(context: grpc.aio.ServicerContext, watcher: Watcher) -> None:
        while True:
            request = await context.read()
            if request is grpc.aio.EOF:
                watcher.outbox.put_nowait(None)
                return
            await watcher.acknowledge(request.acknowledged_sequence)

"""Gateways watching a service's answers through a change stream (billing's WatchPrincipals,
catalog's WatchApps): the server side.

Each watcher gets the id of every organization whose answers change: from this replica's own
writes (`changed`, which waits for the watchers' acknowledgements, so the change is in force at
every gateway before the write answers) and from the database's notifications (a trigger's
NOTIFY, covering the other replicas). A stream is live only while notifications flow; when the
listener loses Postgres, every stream ends and the gateways drop what they kept.

Leases keep a slow or frozen gateway from holding writes up. The opening message and heartbeats
say `lease_milliseconds`; a gateway that asks for leases (a request with `lease`, answered in
order after every change sent before it) uses what it kept only within LEASE_SECONDS of sending
an answered lease request. A change pushed at t is thus either applied by such a gateway or no
longer used after t + LEASE_SECONDS, so a write waits for a watcher that asked for leases at most
that long; one that still has not acknowledged after ACK_TIMEOUT_SECONDS is cut off. Watchers
that never asked (older gateways) are waited for up to ACK_TIMEOUT_SECONDS, as before.

The stream's messages are the service's own proto types, all of one shape: the response has
`sequence`, `organization_id`, `lease_milliseconds` and `lease` (sequence 0 opens the stream, no
organization is a heartbeat), the request has `acknowledged_sequence` and `lease`.
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
LEASE_SECONDS = 0.25
# Covers the time between taking a write's start and pushing its change (the same event loop turn).
LEASE_MARGIN_SECONDS = 0.05


class Watcher:
    def __init__(self) -> None:
        # None ends the stream.
        self.outbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self._acknowledged = 0
        self._gone = False
        self.leased = False  # asked for a lease: it uses what it kept only while it holds one
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
        self._pending: set[asyncio.Task] = set()  # acknowledgements awaited after a write answered

    async def changed(self, organization_id: str) -> None:
        """Call after the write committed: returns when every watcher has applied the change (a
        watcher that does not answer within ACK_TIMEOUT_SECONDS is cut off)."""
        lease_ends = asyncio.get_running_loop().time() + LEASE_SECONDS + LEASE_MARGIN_SECONDS
        watchers = list(self._watchers)
        sequence = self._push(organization_id)
        await asyncio.gather(*(self._applied(w, sequence, lease_ends) for w in watchers))

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
            await context.write(self._heartbeat())  # live from here on
            while True:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for drops a cancel that
                # comes in the same turn as a message, and the stream then outlived its call.
                try:
                    async with asyncio.timeout(HEARTBEAT_SECONDS):
                        message = await watcher.outbox.get()
                except TimeoutError:
                    message = self._heartbeat()
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

    def _heartbeat(self) -> Message:
        return self.response(lease_milliseconds=round(LEASE_SECONDS * 1000))

    async def _applied(self, watcher: Watcher, sequence: int, lease_ends: float) -> None:
        """Waits for `watcher` to apply `sequence`: up to ACK_TIMEOUT_SECONDS, or, for a watcher
        that asked for leases, until `lease_ends` (its acknowledgement is then awaited in the
        background, and it is cut off if none comes within ACK_TIMEOUT_SECONDS)."""
        loop = asyncio.get_running_loop()
        cut_at = loop.time() + ACK_TIMEOUT_SECONDS
        applying = asyncio.ensure_future(watcher.applied(sequence))
        try:
            # asyncio.timeout, not wait_for (which on Python 3.11 can drop the write's cancel).
            wait = max(0.0, lease_ends - loop.time()) if watcher.leased else ACK_TIMEOUT_SECONDS
            async with asyncio.timeout(wait):
                await asyncio.shield(applying)
            return
        except TimeoutError:
            if not watcher.leased:
                applying.cancel()
                self._cut(watcher)
                return
        # A watcher with a lease no longer uses what the change made stale: the write goes on.
        task = asyncio.create_task(self._cut_unless_applied(watcher, applying, cut_at - loop.time()))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _cut_unless_applied(self, watcher: Watcher, applying: asyncio.Future, seconds: float) -> None:
        try:
            async with asyncio.timeout(max(0.0, seconds)):
                await applying  # cancelled when the time is up
        except TimeoutError:
            self._cut(watcher)

    def _cut(self, watcher: Watcher) -> None:
        log.warning("gateway did not acknowledge a change; cutting its stream", change=self.what)
        watcher.outbox.put_nowait(None)

    async def _read_acknowledgements(self, context: grpc.aio.ServicerContext, watcher: Watcher) -> None:
        while True:
            request = await context.read()
            if request is grpc.aio.EOF:
                watcher.outbox.put_nowait(None)
                return
            if request.lease:
                # In order after every change already queued for this watcher.
                watcher.leased = True
                watcher.outbox.put_nowait(self.response(lease=request.lease))
            if request.acknowledged_sequence:
                await watcher.acknowledge(request.acknowledged_sequence)

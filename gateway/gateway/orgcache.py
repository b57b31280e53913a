"""Answers of another service, kept in memory per organization while that service's change stream
is open (billing's WatchPrincipals, catalog's WatchApps; the server side is kit.watchers).

The service tells the gateway about every organization whose answers change, and its writes
answer only after this gateway acknowledged, so a change is in force on the very next request.
Nothing is kept while the stream is down: every request then goes to the service. An answer
fetched while a change arrived is not kept either (it may predate the change).

When the service offers leases (`lease_milliseconds` on its opening message), kept answers are
used only within that long of sending a lease request the service answered (answers come in
order, after every change sent before the request was read): a write then waits for this gateway
at most a lease, and a gateway that was frozen or starved serves nothing it kept until it has
read what it missed. Leases are asked for only while kept answers are being used: one when an
answer is kept or a kept answer finds none (that request goes to the service), then every half
lease for as long as kept answers were wanted within RENEW_AFTER_USE_SECONDS; none when idle.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import grpc
from google.protobuf.message import Message
from kit import logs
from prometheus_client import Counter, Gauge

log = logs.get(__name__)

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

# Services send a heartbeat every 5 s; a stream silent for longer is treated as dead.
SILENCE_SECONDS = 15.0
# Leases are renewed for this long after a kept answer was last wanted.
RENEW_AFTER_USE_SECONDS = 10.0


class OrgCache(Generic[K, V]):
    """`budget` bounds the total weight kept (entries by default, or whatever `put` is told),
    oldest entries going first; `per_organization` bounds one organization's entries, so one
    tenant cannot push every other tenant's answers out."""

    def __init__(
        self,
        outcomes: Counter,
        live_gauge: Gauge,
        budget: int,
        per_organization: int | None = None,
        silence_seconds: float = SILENCE_SECONDS,
    ) -> None:
        self.outcomes = outcomes
        # The two children, labelled once: labels() per read costs a lock and a join.
        self._hits = outcomes.labels("hit")
        self._misses = outcomes.labels("miss")
        self.live_gauge = live_gauge
        self.budget = budget
        self.per_organization = per_organization
        self.silence_seconds = silence_seconds
        self.live = False
        # Bumped by every eviction and by the stream going live: an answer fetched across one
        # is not kept (it may predate a change this gateway was not told about).
        self.generation = 0
        self.weight = 0
        self._entries: dict[K, tuple[str, V, int]] = {}  # key -> (organization, value, weight)
        self._by_org: dict[str, set[K]] = {}
        # Leases: 0 while the service does not offer them; else kept answers are used only before
        # `lease_until` (monotonic), set from the time an answered lease request was sent.
        self.lease_seconds = 0.0
        self.lease_until = 0.0
        self._lease_asked: dict[int, float] = {}  # lease number -> monotonic time it was sent
        self._lease_number = 0
        self._renew = asyncio.Event()
        self._wanted_at = 0.0  # monotonic time a kept answer was last found

    def get(self, key: K) -> V | None:
        found = self._entries.get(key)
        if found is not None and self.lease_seconds:
            now = self._wanted_at = time.monotonic()
            if now >= self.lease_until - self.lease_seconds / 2:
                self._renew.set()
            if now >= self.lease_until:
                found = None
        (self._hits if found is not None else self._misses).inc()
        return found[1] if found is not None else None

    def put(self, organization_id: str, key: K, value: V, generation: int, weight: int = 1) -> None:
        """Keeps an answer fetched while `self.generation` was `generation`, if nothing changed since."""
        if not self.live or generation != self.generation or weight > self.budget:
            return
        keys = self._by_org.get(organization_id, set())
        if key in self._entries:
            self._drop(key)
        elif self.per_organization is not None and len(keys) >= self.per_organization:
            return
        self._entries[key] = (organization_id, value, weight)
        self._by_org.setdefault(organization_id, set()).add(key)
        self.weight += weight
        if self.lease_seconds and time.monotonic() >= self.lease_until - self.lease_seconds / 2:
            self._wanted_at = time.monotonic()
            self._renew.set()  # what is kept is likely wanted again soon
        while self.weight > self.budget:
            self._drop(next(iter(self._entries)))

    def _drop(self, key: K) -> None:
        organization_id, _, weight = self._entries.pop(key)
        self.weight -= weight
        keys = self._by_org.get(organization_id)
        if keys is not None:
            keys.discard(key)
            if not keys:
                del self._by_org[organization_id]

    def forget(self, organization_id: str) -> None:
        self.generation += 1
        for key in list(self._by_org.get(organization_id, ())):
            self._drop(key)

    def _stop_keeping(self) -> None:
        self.live = False
        self.generation += 1
        self.lease_seconds = 0.0
        self.lease_until = 0.0
        self._lease_asked.clear()
        self.weight = 0
        self._entries.clear()
        self._by_org.clear()
        self.live_gauge.set(0)

    async def watch(self, open_stream: Callable[[], Any], request: Callable[..., Message]) -> None:
        """Follows a change stream forever (background task), reconnecting after failures.
        `open_stream()` starts the call; `request(acknowledged_sequence=...)` or
        `request(lease=...)` builds what this side sends (the request message type)."""
        pause = 0.2
        while True:
            call = open_stream()
            try:
                await self._follow(call, request)
            except (grpc.aio.AioRpcError, TimeoutError) as err:
                log.info("change stream closed; answers are not kept", error=repr(err))
            except Exception:  # never let the watch end: without it nothing would be kept again
                log.exception("change stream failed; answers are not kept")
            finally:
                was_live = self.live
                self._stop_keeping()
                call.cancel()
            pause = 0.2 if was_live else min(pause * 2, 5.0)
            await asyncio.sleep(pause)

    async def _follow(self, call: Any, request: Callable[..., Message]) -> None:
        writing = asyncio.Lock()  # acknowledgements and lease requests share the stream
        leasing = asyncio.create_task(self._ask_for_leases(call, request, writing))
        try:
            while True:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for drops a cancel that
                # comes in the same turn as a message, and the watch then never stopped.
                async with asyncio.timeout(self.silence_seconds):
                    message = await call.read()
                if message is grpc.aio.EOF:
                    return
                if message.lease:
                    self._leased(message.lease)
                elif not message.organization_id:  # the opening message, then heartbeats
                    if not self.live:
                        # Before anything is kept: from now on a kept answer needs a lease.
                        self.lease_seconds = message.lease_milliseconds / 1000
                        self.lease_until = 0.0
                        self.live = True
                        self.generation += 1
                        self.live_gauge.set(1)
                else:
                    self.forget(message.organization_id)
                    async with writing:
                        await call.write(request(acknowledged_sequence=message.sequence))
        finally:
            leasing.cancel()

    def _leased(self, number: int) -> None:
        asked = self._lease_asked.pop(number, None)
        for older in [n for n in self._lease_asked if n < number]:
            del self._lease_asked[older]
        if asked is not None and self.lease_seconds:
            self.lease_until = max(self.lease_until, asked + self.lease_seconds)

    async def _ask_for_leases(
        self, call: Any, request: Callable[..., Message], writing: asyncio.Lock
    ) -> None:
        """Asks for a lease when `get` found one missing or half spent, then every half lease while
        kept answers were wanted within RENEW_AFTER_USE_SECONDS."""
        while True:
            await self._renew.wait()
            self._renew.clear()
            if not self.lease_seconds:
                continue
            self._lease_number += 1
            self._lease_asked[self._lease_number] = time.monotonic()  # taken before it is sent
            async with writing:
                await call.write(request(lease=self._lease_number))
            await asyncio.sleep(self.lease_seconds / 2)
            if time.monotonic() - self._wanted_at < RENEW_AFTER_USE_SECONDS:
                self._renew.set()

"""Answers of another service, kept in memory per organization while that service's change stream
is open (billing's WatchPrincipals, catalog's WatchApps; the server side is kit.watchers).

The service tells the gateway about every organization whose answers change, and its writes
answer only after this gateway acknowledged, so a change is in force on the very next request.
Nothing is kept while the stream is down: every request then goes to the service. An answer
fetched while a change arrived is not kept either (it may predate the change).
"""

from __future__ import annotations

import asyncio
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

    def get(self, key: K) -> V | None:
        found = self._entries.get(key)
        self.outcomes.labels("hit" if found is not None else "miss").inc()
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
        self.weight = 0
        self._entries.clear()
        self._by_org.clear()
        self.live_gauge.set(0)

    async def watch(self, open_stream: Callable[[], Any], acknowledgement: Callable[[int], Message]) -> None:
        """Follows a change stream forever (background task), reconnecting after failures.
        `open_stream()` starts the call; `acknowledgement(sequence)` builds the reply."""
        pause = 0.2
        while True:
            call = open_stream()
            try:
                await self._follow(call, acknowledgement)
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

    async def _follow(self, call: Any, acknowledgement: Callable[[int], Message]) -> None:
        while True:
            message = await asyncio.wait_for(call.read(), self.silence_seconds)
            if message is grpc.aio.EOF:
                return
            if not message.organization_id:  # the opening message, then heartbeats
                if not self.live:
                    self.live = True
                    self.generation += 1
                    self.live_gauge.set(1)
                continue
            self.forget(message.organization_id)
            await call.write(acknowledgement(message.sequence))

"""Billing's answers for API keys, kept in memory while billing's WatchPrincipals stream is open.

Checking a key costs a gRPC hop and a query on every request; keys change rarely. Billing tells
this cache about every organization whose keys, plan, status or limits change, and its writes
answer only after this gateway acknowledged (so a revocation is refused on the very next
request). Nothing is kept while the stream is down: every check then goes to billing, as before.
Only successful API-key checks are kept (never sessions, which expire, nor refusals), under a
SHA-256 of the key.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import defaultdict
from typing import Any

import grpc
from kit import logs, metrics
from slides.billing.v1 import billing_pb2

from gateway.auth import Caller

log = logs.get(__name__)

# Billing sends a heartbeat every 5 s; a stream silent for longer is treated as dead.
SILENCE_SECONDS = 15.0
MAX_ENTRIES = 50_000


class AuthCache:
    def __init__(self, silence_seconds: float = SILENCE_SECONDS) -> None:
        self.silence_seconds = silence_seconds
        self.live = False
        # Bumped by every eviction: an answer fetched across one is not kept (it may predate it).
        self.generation = 0
        self._entries: dict[bytes, Caller] = {}
        self._by_org: defaultdict[str, set[bytes]] = defaultdict(set)

    @staticmethod
    def key(token: str) -> bytes:
        return hashlib.sha256(token.encode()).digest()

    def get(self, key: bytes) -> Caller | None:
        found = self._entries.get(key)
        metrics.AUTH_CACHE.labels("hit" if found is not None else "miss").inc()
        return found

    def put(self, key: bytes, caller: Caller, generation: int) -> None:
        """Keeps an answer fetched while `self.generation` was `generation`, if nothing changed since."""
        if not self.live or generation != self.generation:
            return
        if len(self._entries) >= MAX_ENTRIES:
            self._entries.clear()
            self._by_org.clear()
        self._entries[key] = caller
        self._by_org[caller.organization_id].add(key)

    def forget(self, organization_id: str) -> None:
        self.generation += 1
        for key in self._by_org.pop(organization_id, ()):
            self._entries.pop(key, None)

    def _stop_keeping(self) -> None:
        self.live = False
        self.generation += 1
        self._entries.clear()
        self._by_org.clear()
        metrics.AUTH_CACHE_LIVE.set(0)

    async def watch(self, billing: Any) -> None:
        """Follows billing's change stream forever (background task), reconnecting after failures."""
        pause = 0.2
        while True:
            call = billing.WatchPrincipals()
            try:
                await self._follow(call)
            except (grpc.aio.AioRpcError, TimeoutError) as err:
                log.info("billing change stream closed; keys are checked with billing", error=repr(err))
            except Exception:  # never let the watch end: without it nothing would be kept again
                log.exception("billing change stream failed; keys are checked with billing")
            finally:
                was_live = self.live
                self._stop_keeping()
                call.cancel()
            pause = 0.2 if was_live else min(pause * 2, 5.0)
            await asyncio.sleep(pause)

    async def _follow(self, call: Any) -> None:
        while True:
            message = await asyncio.wait_for(call.read(), self.silence_seconds)
            if message is grpc.aio.EOF:
                return
            if not message.organization_id:  # the opening message, then heartbeats
                if not self.live:
                    self.live = True
                    metrics.AUTH_CACHE_LIVE.set(1)
                continue
            self.forget(message.organization_id)
            await call.write(billing_pb2.WatchPrincipalsRequest(acknowledged_sequence=message.sequence))

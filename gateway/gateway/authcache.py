"""Billing's answers for API keys, kept while billing's WatchPrincipals stream is open
(gateway.orgcache has the rules).

Checking a key costs a gRPC hop and a query on every request; keys change rarely. Billing tells
this cache about every organization whose keys, plan, status or limits change, so a revocation
is refused on the very next request. Only successful API-key checks are kept (never sessions,
which expire, nor refusals), under a SHA-256 of the key.
"""

from __future__ import annotations

import hashlib
from typing import Any

from kit import metrics
from slides.billing.v1 import billing_pb2

from gateway.auth import Caller
from gateway.orgcache import SILENCE_SECONDS, OrgCache

MAX_ENTRIES = 50_000


class AuthCache(OrgCache[bytes, Caller]):
    def __init__(self, silence_seconds: float = SILENCE_SECONDS) -> None:
        super().__init__(metrics.AUTH_CACHE, metrics.AUTH_CACHE_LIVE, MAX_ENTRIES, None, silence_seconds)

    @staticmethod
    def key(token: str) -> bytes:
        return hashlib.sha256(token.encode()).digest()

    async def watch_billing(self, billing: Any) -> None:
        await self.watch(
            billing.WatchPrincipals,
            billing_pb2.WatchPrincipalsRequest,
        )

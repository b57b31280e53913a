"""The per-minute request limit, per organization, shared by REST and MCP and by every gateway
replica (Redis when REDIS_URL is set, memory otherwise), via the `limits` package."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItemPerMinute
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import FixedWindowRateLimiter


@dataclass
class Decision:
    allowed: bool
    limit: int
    remaining: int
    reset_seconds: int

    def headers(self) -> dict[str, str]:
        h = {
            "RateLimit-Policy": f'"minute";q={self.limit};w=60',
            "RateLimit": f'"minute";r={self.remaining};t={self.reset_seconds}',
        }
        if not self.allowed:
            h["Retry-After"] = str(max(1, self.reset_seconds))
        return h


class RateLimiter:
    def __init__(self, redis_url: str = ""):
        storage: Storage = (
            RedisStorage(redis_url.replace("redis://", "async+redis://", 1), implementation="redispy")
            if redis_url
            else MemoryStorage()
        )
        self.limiter = FixedWindowRateLimiter(storage)

    async def hit(self, namespace: str, key: str, per_minute: int) -> Decision:
        item = RateLimitItemPerMinute(per_minute, namespace=namespace)
        allowed = await self.limiter.hit(item, key)
        stats = await self.limiter.get_window_stats(item, key)
        reset = max(0, math.ceil(stats.reset_time - time.time()))
        return Decision(allowed, per_minute, max(0, stats.remaining), reset)

"""The per-minute request limit, per organization, shared by REST and MCP and by every gateway
replica (Redis when REDIS_URL is set, memory otherwise), via the `limits` package.

Redis failing never fails a request: the limiter then counts in this replica's memory, each
replica allowing its share of the limit (the limit divided by FALLBACK_REPLICAS, so the total
stays near the plan's), says so in a log line and the `ratelimit_fallback` gauge, and goes back to
Redis by itself: one request per `retry_seconds` tries it again.

A check against Redis is one round trip: a Lua script counts the hit, starts the window's expiry on
its first hit and returns the count with the seconds left (the `limits` fixed window's own keys,
`LIMITS:` + its key, so replicas of either version count together). Its `hit` + `get_window_stats`
took three (INCR script, GET, TTL)."""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass

from kit import logs
from limits import RateLimitItemPerMinute
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import FixedWindowRateLimiter
from limits.aio.strategies import RateLimiter as Strategy
from limits.errors import StorageError
from prometheus_client import Counter, Gauge
from redis import asyncio as aioredis
from redis.exceptions import RedisError

log = logs.get(__name__)

FALLBACK = Gauge("ratelimit_fallback", "1 while Redis fails and each replica counts its share in memory")
REDIS_ERRORS = Counter(
    "ratelimit_redis_errors_total", "Rate-limit checks Redis failed (served by the fallback)"
)
# Errors of a Redis that is down, hung, refusing our password or restarting.
REDIS_FAILURES = (StorageError, RedisError, OSError, TimeoutError)

# KEYS[1]: the window's counter; ARGV: the window in seconds, the cost. Returns {count, seconds left}.
# A counter without an expiry (never left by this script) gets one, so a window always ends.
HIT_SCRIPT = """
local current = redis.call("incrby", KEYS[1], ARGV[2])
local ttl = -1
if tonumber(current) ~= tonumber(ARGV[2]) then ttl = redis.call("ttl", KEYS[1]) end
if ttl < 0 then
    redis.call("expire", KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
end
return {current, ttl}
"""
KEY_PREFIX = "LIMITS"  # the `limits` package's RedisStorage prefix


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
    def __init__(
        self,
        redis_url: str = "",
        *,
        fallback_replicas: int = 1,
        retry_seconds: float = 5.0,
        redis_timeout_seconds: float = 0.5,
    ):
        self.memory = FixedWindowRateLimiter(MemoryStorage())
        self.shared: SharedCounter | None = None
        if redis_url:
            self.shared = SharedCounter(redis_url, redis_timeout_seconds)
        self.fallback_replicas = max(1, fallback_replicas)
        self.retry_seconds = retry_seconds
        self.failing_since: float | None = None  # monotonic time of the first failure in a row
        self._next_try = 0.0

    @property
    def mode(self) -> str:
        """ "redis" (shared counters), "fallback" (Redis failing: this replica's share in memory)
        or "memory" (no Redis configured: one replica)."""
        if self.shared is None:
            return "memory"
        return "fallback" if self.failing_since is not None else "redis"

    async def hit(self, namespace: str, key: str, per_minute: int) -> Decision:
        if self.shared is not None and time.monotonic() >= self._next_try:
            if self.failing_since is not None:  # one request at a time tries Redis again
                self._next_try = time.monotonic() + self.retry_seconds
            try:
                decision = await self.shared.hit(namespace, key, per_minute)
            except REDIS_FAILURES as err:
                self._failed(err)
            else:
                self._recovered()
                return decision
        share = per_minute if self.shared is None else max(1, per_minute // self.fallback_replicas)
        return await _hit(self.memory, namespace, key, share)

    def _failed(self, err: Exception) -> None:
        REDIS_ERRORS.inc()
        self._next_try = time.monotonic() + self.retry_seconds
        if self.failing_since is None:
            self.failing_since = time.monotonic()
            FALLBACK.set(1)
            log.warning(
                "rate limiter: redis failed, counting in memory",
                error=repr(err),
                share_of=self.fallback_replicas,
                retry_seconds=self.retry_seconds,
            )

    def _recovered(self) -> None:
        self._next_try = 0.0
        if self.failing_since is not None:
            log.info(
                "rate limiter: redis is back, counters shared again",
                after_seconds=round(time.monotonic() - self.failing_since, 1),
            )
            self.failing_since = None
            FALLBACK.set(0)


async def _hit(limiter: Strategy, namespace: str, key: str, per_minute: int) -> Decision:
    item = RateLimitItemPerMinute(per_minute, namespace=namespace)
    allowed = await limiter.hit(item, key)
    stats = await limiter.get_window_stats(item, key)
    reset = max(0, math.ceil(stats.reset_time - time.time()))
    return Decision(allowed, per_minute, max(0, stats.remaining), reset)


class SharedCounter:
    """The fixed window on Redis in one round trip per hit (HIT_SCRIPT), or fewer: the hits on a
    counter that arrive while a round trip for it is under way go together in the next one (one
    INCRBY of their number), each getting the count it would have had alone (the batch's total
    minus the hits after it), so every hit is counted in Redis before it is answered, as before.
    Under load an organization's requests share round trips (a hit costs the gateway's event
    loop ~0.1 ms of redis-py and a socket write and read); a lone hit goes at once."""

    def __init__(self, redis_url: str, timeout_seconds: float):
        self.client = aioredis.Redis.from_url(
            redis_url, socket_timeout=timeout_seconds, socket_connect_timeout=timeout_seconds
        )
        self.script = self.client.register_script(HIT_SCRIPT)
        # Per Redis key with a round trip under way: the hits waiting for the next one.
        self._waiting: dict[str, list[asyncio.Future[tuple[int, int]]]] = {}
        self._sending: set[asyncio.Task[None]] = set()

    async def hit(self, namespace: str, key: str, per_minute: int) -> Decision:
        item = RateLimitItemPerMinute(per_minute, namespace=namespace)
        redis_key = f"{KEY_PREFIX}:{item.key_for(key)}"
        waiting = self._waiting.get(redis_key)
        if waiting is None:  # none under way: this hit goes now, and leads the ones meanwhile
            self._waiting[redis_key] = []
            count, seconds_left = await self._lead(redis_key, item.get_expiry(), 1)
        else:
            joined: asyncio.Future[tuple[int, int]] = asyncio.get_running_loop().create_future()
            waiting.append(joined)
            count, seconds_left = await joined
        return Decision(count <= per_minute, per_minute, max(0, per_minute - count), max(0, seconds_left))

    async def _lead(self, redis_key: str, expiry: int, cost: int) -> tuple[int, int]:
        """Counts this hit, then hands the hits that arrived meanwhile to a round trip of their own
        (run by a task, so this hit is answered now)."""
        try:
            count, seconds_left = await self.script(keys=[redis_key], args=[expiry, cost])
        except Exception as err:
            self._fail_waiting(redis_key, err)
            raise
        except BaseException:  # this request was cancelled: the others still go
            self._next_batch(redis_key, expiry)
            raise
        self._next_batch(redis_key, expiry)
        return int(count), int(seconds_left)

    def _next_batch(self, redis_key: str, expiry: int) -> None:
        batch = self._waiting.pop(redis_key, [])
        if batch:
            self._waiting[redis_key] = []
            task = asyncio.get_running_loop().create_task(self._send(redis_key, expiry, batch))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    def _fail_waiting(self, redis_key: str, err: BaseException) -> None:
        """Redis failed: the hits waiting are answered with its error at once (each is then counted
        by the fallback), not sent after it."""
        failure = err if isinstance(err, Exception) else RedisError(f"rate-limit round trip ended: {err!r}")
        for joined in self._waiting.pop(redis_key, []):
            if not joined.done():
                joined.set_exception(failure)

    async def _send(self, redis_key: str, expiry: int, batch: list[asyncio.Future[tuple[int, int]]]) -> None:
        try:
            count, seconds_left = await self.script(keys=[redis_key], args=[expiry, len(batch)])
        except BaseException as err:
            self._waiting.setdefault(redis_key, []).extend(batch)
            self._fail_waiting(redis_key, err)
            if not isinstance(err, Exception):
                raise
            return
        self._next_batch(redis_key, expiry)
        first = int(count) - len(batch) + 1
        for i, joined in enumerate(batch):
            if not joined.done():  # (a hit whose request was cancelled meanwhile is still counted)
                joined.set_result((first + i, int(seconds_left)))

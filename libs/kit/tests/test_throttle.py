"""The failed-attempt throttle's rule (kit.throttle), no I/O."""

from datetime import UTC, datetime, timedelta

import pytest
from kit import throttle
from kit.errors import ServiceError

NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def ago(seconds: float) -> datetime:
    return NOW - timedelta(seconds=seconds)


def test_allowed_below_the_limit():
    limit = throttle.Limit(allowed=3, window_seconds=300)
    assert throttle.wait(limit, [], NOW) is None
    assert throttle.wait(limit, [ago(10), ago(5)], NOW) is None


def test_at_the_limit_waits_until_the_window_frees_a_slot():
    limit = throttle.Limit(allowed=3, window_seconds=300)
    # Any order; the slot frees when the 3rd newest (100 s ago) leaves the window.
    assert throttle.wait(limit, [ago(5), ago(100), ago(50)], NOW) == timedelta(seconds=200)
    # More than allowed (e.g. the limit was lowered): the slot frees later than the oldest.
    assert throttle.wait(limit, [ago(250), ago(100), ago(50), ago(5)], NOW) == timedelta(seconds=200)


def test_attempts_out_of_the_window_do_not_count():
    limit = throttle.Limit(allowed=2, window_seconds=60)
    assert throttle.wait(limit, [ago(60), ago(61), ago(10)], NOW) is None
    assert limit.since(NOW) == ago(60)


def test_zero_allowed_refuses_for_a_whole_window():
    assert throttle.wait(throttle.Limit(allowed=0, window_seconds=30), [], NOW) == timedelta(seconds=30)


def test_backoff_after_the_free_attempts():
    limit = throttle.Limit(allowed=10, window_seconds=900, backoff_after=2)
    assert throttle.wait(limit, [ago(3)], NOW) is None  # 1 < 2 free attempts
    # 2 attempts, the last 0.5 s ago: the next waits 2^0 = 1 s after it.
    assert throttle.wait(limit, [ago(30), ago(0.5)], NOW) == timedelta(seconds=0.5)
    assert throttle.wait(limit, [ago(30), ago(1)], NOW) is None
    # 5 attempts: 2^3 = 8 s after the last.
    assert throttle.wait(limit, [ago(60), ago(50), ago(40), ago(30), ago(3)], NOW) == timedelta(seconds=5)
    # The pause never exceeds the window.
    short = throttle.Limit(allowed=50, window_seconds=10, backoff_after=0)
    assert throttle.wait(short, [ago(9.5 - i * 0.1) for i in range(20)], NOW) == timedelta(seconds=10 - 7.6)


def test_retry_after_is_whole_seconds_rounded_up_at_least_one():
    assert throttle.retry_after_seconds(timedelta(seconds=0)) == 1
    assert throttle.retry_after_seconds(timedelta(seconds=0.2)) == 1
    assert throttle.retry_after_seconds(timedelta(seconds=199.01)) == 200
    assert throttle.retry_after_seconds(timedelta(seconds=200)) == 200


def test_check_raises_rate_limited_with_retry_after():
    limit = throttle.Limit(allowed=1, window_seconds=300)
    throttle.check(limit, [], NOW, "unused")
    with pytest.raises(ServiceError) as refused:
        throttle.check(limit, [ago(100.5)], NOW, "Too many wrong passwords; retry after {retry}s.")
    assert refused.value.code == "RATE_LIMITED"
    assert refused.value.details == {"retry_after": 200}
    assert refused.value.message == "Too many wrong passwords; retry after 200s."
    with pytest.raises(ServiceError) as plain:
        throttle.check(limit, [ago(1)], NOW, "Too many attempts from this address; try again later.")
    assert plain.value.message == "Too many attempts from this address; try again later."

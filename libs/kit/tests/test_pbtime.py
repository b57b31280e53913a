"""kit.pbtime.timestamp gives what Timestamp.FromDatetime gives (no I/O)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from google.protobuf.timestamp_pb2 import Timestamp
from hypothesis import given
from hypothesis import strategies as st
from kit.pbtime import timestamp


def from_datetime(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


@given(
    st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1)),
    st.sampled_from([None, UTC, timezone(timedelta(hours=5, minutes=30)), timezone(-timedelta(hours=8))]),
)
def test_same_as_from_datetime(value: datetime, tz: timezone | None) -> None:
    value = value.replace(tzinfo=tz)
    assert timestamp(value) == from_datetime(value)


def test_edges() -> None:
    for value in (
        datetime(1970, 1, 1, tzinfo=UTC),
        datetime(1969, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC),
        datetime(2026, 11, 22, 2, 18, 3, 999_999, tzinfo=UTC),
        datetime(2026, 11, 22, 2, 18, 3),
    ):
        assert timestamp(value) == from_datetime(value)

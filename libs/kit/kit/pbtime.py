"""datetime -> google.protobuf.Timestamp for the read paths that build one per row (lists).

`Timestamp.FromDatetime` goes through `utctimetuple()`, `calendar.timegm` and range checks:
about 2.5 us a call, a fifth of building a hook's message. Integer arithmetic on the datetime
gives the same seconds and nanos (nanos in [0, 1e9), as FromDatetime) in about 1 us.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from google.protobuf.timestamp_pb2 import Timestamp

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def timestamp(value: datetime) -> Timestamp:
    """The Timestamp of `value` (a naive datetime is taken as UTC, as FromDatetime does)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    micros = (value - _EPOCH) // _MICROSECOND
    return Timestamp(seconds=micros // 1_000_000, nanos=micros % 1_000_000 * 1000)

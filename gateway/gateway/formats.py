"""Small conversions shared by routes and MCP tools."""

from __future__ import annotations

import functools
import time

from google.protobuf.timestamp_pb2 import Timestamp


def ts(value: Timestamp) -> str | None:
    """Protobuf timestamp -> ISO 8601 UTC string ("2026-11-22T02:18:03.123Z"); None when unset."""
    if not value.seconds and not value.nanos:
        return None
    return _iso(value.seconds, value.nanos // 1_000_000)


@functools.lru_cache(maxsize=65536)
def _iso(seconds: int, millis: int) -> str:
    # Lists repeat the same createdAt/updatedAt on every page view, hence the cache.
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{millis:03d}Z"


def page_params(page: int, limit: int) -> dict[str, int]:
    return {"page": page, "limit": limit}

"""Small conversions shared by routes and MCP tools."""

from __future__ import annotations

import functools
import time
from typing import Annotated, Any

from fastapi import Query
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


# Query parameters of the collections that billing or delivery return whole.
PageQuery = Annotated[int, Query(ge=1, le=2**31 - 1, description="1-indexed")]
LimitQuery = Annotated[int, Query(ge=1, le=100, description="page size, max 100")]


def one_page(items: list[Any], page: int = 1, limit: int = 50) -> dict[str, Any]:
    """The collection envelope for one page of a list held whole: data, page, limit, total."""
    start = (page - 1) * limit
    return {
        "success": True,
        "data": items[start : start + limit],
        "page": page,
        "limit": limit,
        "total": len(items),
    }

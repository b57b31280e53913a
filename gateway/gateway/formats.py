"""Small conversions shared by routes and MCP tools."""

from __future__ import annotations

from datetime import UTC

from google.protobuf.timestamp_pb2 import Timestamp


def ts(value: Timestamp) -> str | None:
    """Protobuf timestamp -> ISO 8601 UTC string ("2026-11-22T02:18:03.123Z"); None when unset."""
    if not value.seconds and not value.nanos:
        return None
    return value.ToDatetime(tzinfo=UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def page_params(page: int, limit: int) -> dict[str, int]:
    return {"page": page, "limit": limit}

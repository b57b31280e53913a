"""Per-request context as plain ASGI middleware (Starlette's BaseHTTPMiddleware runs every
request through an extra task and memory stream): request id, trace span, the rate-limit and
security headers on every answer, and the HTTP metrics."""

from __future__ import annotations

import os
import time
from typing import Any

from kit import logs, metrics, tracing
from opentelemetry import trace
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class RequestContext:
    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        rid = _header(scope, b"x-request-id")[:100] or new_request_id()
        logs.request_id_var.set(rid)
        logs.organization_id_var.set("")
        # Routes record the rate-limit headers in request.state, which lives in this dict.
        state = scope.setdefault("state", {})
        status = 500

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = MutableHeaders(scope=message)
                headers["X-Request-Id"] = rid
                for k, v in state.get("ratelimit_headers", {}).items():
                    headers[k] = v
                headers.setdefault("X-Content-Type-Options", "nosniff")
                headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
                if not scope["path"].startswith("/embed/"):
                    headers.setdefault("X-Frame-Options", "DENY")
            await send(message)

        carrier = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        with tracing.server_span(
            f"{scope['method']} {scope['path']}", carrier, trace.SpanKind.SERVER
        ) as span:
            try:
                await self.app(scope, receive, send_with_headers)
            finally:
                if span is not None:
                    span.set_attribute("http.response.status_code", status)
                route = getattr(scope.get("route"), "path", "unmatched")
                counted, timed = _series(scope["method"], route, status)
                counted.inc()
                timed.observe(time.perf_counter() - started)


# The metrics' children by (method, route, status): prometheus_client's labels() checks and joins
# the label values and takes a lock on every call. Bounded (methods are few, routes are the
# app's templates or "unmatched"); past the bound, labels() as before.
_SERIES: dict[tuple[str, str, int], tuple[Any, Any]] = {}
MAX_SERIES = 4096


def _series(method: str, route: str, status: int) -> tuple[Any, Any]:
    key = (method, route, status)
    series = _SERIES.get(key)
    if series is None:
        series = (
            metrics.HTTP_REQUESTS.labels(method, route, str(status)),
            metrics.HTTP_LATENCY.labels(method, route),
        )
        if len(_SERIES) < MAX_SERIES:
            _SERIES[key] = series
    return series


def new_request_id() -> str:
    """uuid.uuid4().hex without building a UUID object: 16 random bytes with the version (4) and
    variant bits of a random UUID, as 32 hex digits."""
    raw = bytearray(os.urandom(16))
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    return raw.hex()


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return ""

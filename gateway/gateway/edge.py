"""Checks every request meets at the edge, before any route reads it:

- text hygiene: a JSON body or query string carrying NUL or another control character (tab and
  newline only where the field holds multi-line text) or a bidi override/isolate is refused with
  400 VALIDATION_ERROR naming the field (kit.text holds the rule; MCP tool arguments get the same
  rule in gateway.mcp_tools.server);
- cross-site request forgery: a state-changing REST request authenticated by the session cookie
  (not by an Authorization header) must carry a JSON body (Content-Type application/json) or the
  X-CSRF-Token header, and come from this origin (Origin, else Sec-Fetch-Site); else 403 FORBIDDEN.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

from kit.errors import ServiceError, validation_error
from kit.text import problem, walk
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gateway.errors import error_response

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_HEADER = "x-csrf-token"
JSON_TYPES = ("application/json",)
# Paths whose body is not ours to judge (the MCP transport checks tool arguments itself; the
# billing provider's signed events must reach the signature check byte for byte).
HYGIENE_SKIPPED = ("/v0/mcp", "/v0/public/billing/payment-webhook")
MAX_CHECKED_BODY = 2 * 1024 * 1024


def _media_type(value: str) -> str:
    return value.split(";", 1)[0].strip().lower()


class TextHygiene:
    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        bad: list[tuple[str, str]] = []
        for name, value in parse_qsl(
            scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True
        ):
            found = problem(value, multiline=False) or problem(name, multiline=False)
            if found:
                bad.append((name if not problem(name, multiline=False) else "query", found))
        headers = {k: v for k, v in scope.get("headers") or []}
        media = _media_type(headers.get(b"content-type", b"").decode("latin-1"))
        path: str = scope.get("path", "")
        checks_body = (
            scope["method"] not in SAFE_METHODS
            and (media in JSON_TYPES or media.endswith("+json"))
            and not path.startswith(HYGIENE_SKIPPED)
        )
        if not checks_body:
            if bad:
                await _refuse(scope, receive, send, bad)
                return
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if size <= MAX_CHECKED_BODY:
            try:
                parsed = json.loads(body)
            except ValueError:
                parsed = None  # malformed JSON: the route answers VALIDATION_ERROR
            bad.extend(walk(parsed))
        if bad:
            await _refuse(scope, receive, send, bad)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _refuse(scope: Scope, receive: Receive, send: Send, bad: list[tuple[str, str]]) -> None:
    err = validation_error(bad[:20], "Request validation failed: remove the characters named below.")
    await error_response(err.code, err.message, err.details)(scope, receive, send)


def _own_origins(request: Request) -> set[str]:
    origins = set()
    base = urlsplit(request.app.state.settings.public_base_url)
    if base.scheme and base.netloc:
        origins.add(f"{base.scheme}://{base.netloc}".lower())
    host = request.headers.get("host", "")
    if host:
        origins.add(f"{request.url.scheme}://{host}".lower())
    return origins


def check_cookie_request(request: Request) -> None:
    """403 FORBIDDEN for a state-changing request authenticated by the session cookie that
    a page on another site could have sent (see the module docstring)."""
    if request.method in SAFE_METHODS:
        return
    has_json = _media_type(request.headers.get("content-type", "")) in JSON_TYPES
    has_header = bool(request.headers.get(CSRF_HEADER, "").strip())
    if not (has_json or has_header):
        raise ServiceError(
            "FORBIDDEN",
            "A request authenticated by the session cookie must send a JSON body "
            "(Content-Type: application/json) or an X-CSRF-Token header; or use "
            "'Authorization: Bearer <token>'.",
        )
    origin = request.headers.get("origin", "").strip().lower()
    fetch_site = request.headers.get("sec-fetch-site", "").strip().lower()
    if origin and origin != "null":
        same = origin.rstrip("/") in _own_origins(request)
    elif fetch_site:
        same = fetch_site in ("same-origin", "none")
    else:
        same = False
    if not same:
        raise ServiceError(
            "FORBIDDEN",
            "A request authenticated by the session cookie must come from this site's own pages "
            "(Origin or Sec-Fetch-Site header); other clients use 'Authorization: Bearer <token>'.",
        )

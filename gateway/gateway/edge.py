"""Checks every request meets at the edge, before any route reads it:

- text hygiene: NUL or another control character (tab and newline only where the field holds
  multi-line text) or a bidi override/isolate is refused with 400 VALIDATION_ERROR naming the
  field, wherever text comes in: path parameters, the query string, the Idempotency-Key header,
  and every JSON or form (application/x-www-form-urlencoded) body the gateway accepts, whatever
  its size (up to the body limit), arrays and nested objects included. kit.text holds the rule;
  MCP tool arguments get the same rule in gateway.mcp_tools.server, upload file names in
  gateway.routes.uploads;
- cross-site request forgery: a state-changing REST request authenticated by the session cookie
  (not by an Authorization header) must carry a JSON body (Content-Type application/json) or the
  X-CSRF-Token header, and come from this origin (Origin, else Sec-Fetch-Site); else 403 FORBIDDEN.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from fastapi.routing import iter_route_contexts
from kit.errors import ServiceError, validation_error
from kit.text import pairs, problem, walk
from starlette.requests import Request
from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gateway.errors import error_response

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_HEADER = "x-csrf-token"
JSON_TYPES = ("application/json",)
FORM_TYPE = "application/x-www-form-urlencoded"
# Paths whose body is not ours to judge (the MCP transport checks tool arguments itself; the
# billing provider's signed events must reach the signature check byte for byte).
HYGIENE_SKIPPED = ("/v0/mcp", "/v0/public/billing/payment-webhook")
# Request headers that carry text of the caller's into the services: (raw name, field name).
CHECKED_HEADERS = ((b"idempotency-key", "Idempotency-Key"),)
MAX_REPORTED = 20


def _media_type(value: str) -> str:
    return value.split(";", 1)[0].strip().lower()


def _is_json(media: str) -> bool:
    return media in JSON_TYPES or (media.startswith("application/") and media.endswith("+json"))


def _header_text(raw: bytes) -> str:
    """A header value as the caller meant it: UTF-8 when it is, else byte for byte (latin-1,
    where bytes 0x80-0x9F are C1 control characters and so refused)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


# Path parameters are identifiers: one carrying a refused character cannot exist, so it gets the
# answer the route gives an unknown id (spec and API.md: unknown ids are 404 with the route's
# code), here at the edge, before any service looks it up. None: the route answers itself without
# a lookup (the share pages' plain 404 page; sharing refuses anything not shaped like a token).
# A parameter missing here is refused with 400 VALIDATION_ERROR naming it.
KEY = ("KEY_NOT_FOUND", "No API key with that id.")
APP = ("APP_NOT_FOUND", "No app with that id in this organization.")
SLIDESHOW = ("SLIDESHOW_NOT_FOUND", "No slideshow with that id in this organization.")
HOOK = ("HOOK_NOT_FOUND", "No hook with that id in this organization.")
WEBHOOK = ("WEBHOOK_NOT_FOUND", "No webhook endpoint with that id in this organization.")
DELIVERY = ("NOT_FOUND", "No delivery with that id for this endpoint.")
INTEGRATION = ("INTEGRATION_NOT_FOUND", "No chat integration with that id in this organization.")
SOCIAL_ACCOUNT = ("SOCIAL_ACCOUNT_NOT_FOUND", "No connected account with that id for this app.")
SHARE = ("SHARE_NOT_FOUND", "No shared slideshow at this URL.")
UPLOAD = ("NOT_FOUND", "No such upload.")
PATH_PARAMETER_ANSWERS: dict[tuple[str, str], tuple[str, str] | None] = {
    ("/v0/api/v1/api-keys/{key_id}", "key_id"): KEY,
    ("/v0/api/v1/apps/{id}", "id"): APP,
    ("/v0/api/v1/apps/{id}/slideshows", "id"): APP,
    ("/v0/api/v1/apps/{id}/social-accounts", "id"): APP,
    ("/v0/api/v1/apps/{id}/social-accounts/tiktok/connect", "id"): APP,
    ("/v0/api/v1/apps/{id}/social-accounts/{account_id}", "id"): SOCIAL_ACCOUNT,
    ("/v0/api/v1/apps/{id}/social-accounts/{account_id}", "account_id"): SOCIAL_ACCOUNT,
    ("/v0/api/v1/slideshows/{id}", "id"): SLIDESHOW,
    ("/v0/api/v1/slideshows/{id}/zip", "id"): SLIDESHOW,
    ("/v0/api/v1/slideshows/{id}/publish", "id"): SLIDESHOW,
    ("/v0/api/v1/slideshows/{id}/publications", "id"): SLIDESHOW,
    ("/v0/api/slideshows/{id}/share", "id"): SLIDESHOW,
    ("/v0/api/v1/hooks/{id}", "id"): HOOK,
    ("/v0/api/webhooks/{id}", "id"): WEBHOOK,
    ("/v0/api/webhooks/{id}/rotate-secret", "id"): WEBHOOK,
    ("/v0/api/webhooks/{id}/test", "id"): WEBHOOK,
    ("/v0/api/webhooks/{id}/deliveries", "id"): WEBHOOK,
    ("/v0/api/webhooks/{id}/deliveries/{delivery_id}/retry", "id"): WEBHOOK,
    ("/v0/api/webhooks/{id}/deliveries/{delivery_id}/retry", "delivery_id"): DELIVERY,
    ("/v0/api/v1/integrations/chat/{id}", "id"): INTEGRATION,
    ("/v0/api/v1/integrations/chat/{id}/test", "id"): INTEGRATION,
    ("/v0/api/v1/integrations/chat/{id}/deliveries", "id"): INTEGRATION,
    ("/v0/public/share/{token}/zip", "token"): SHARE,
    ("/v0/public/uploads/{organization_id}/{name}", "organization_id"): UPLOAD,
    ("/v0/public/uploads/{organization_id}/{name}", "name"): UPLOAD,
    ("/share/{token}", "token"): None,
    ("/embed/{token}", "token"): None,
}
# The console's pages (gateway.console) answer an impossible id with their own HTML 404 page.
CONSOLE_PATHS = [
    ("/console/apps/{app_id}", ("app_id",)),
    ("/console/apps/{app_id}/accounts/{account_id}/delete", ("app_id", "account_id")),
    *(
        (f"/console/apps/{{app_id}}/{action}", ("app_id",))
        for action in ("delete", "generate", "images", "images/remove", "tiktok")
    ),
    *((f"/console/chat/{{chat_id}}/{action}", ("chat_id",)) for action in ("delete", "test")),
    ("/console/hooks/{hook_id}/review", ("hook_id",)),
    ("/console/keys/{key_id}/revoke", ("key_id",)),
    ("/console/slideshows/{slideshow_id}", ("slideshow_id",)),
    *(
        (f"/console/slideshows/{{slideshow_id}}/{action}", ("slideshow_id",))
        for action in ("publish", "share", "share/disable", "status", "zip")
    ),
    ("/console/static/{name}", ("name",)),
    ("/console/webhooks/{webhook_id}", ("webhook_id",)),
    ("/console/webhooks/{webhook_id}/deliveries/{delivery_id}/retry", ("webhook_id", "delivery_id")),
    *(
        (f"/console/webhooks/{{webhook_id}}/{action}", ("webhook_id",))
        for action in ("delete", "enabled", "rotate", "test")
    ),
    ("/console/{rest}", ("rest",)),  # /console/{rest:path}
]
PATH_PARAMETER_ANSWERS.update({(path, name): None for path, names in CONSOLE_PATHS for name in names})


def path_templates(app: Any) -> list[tuple[re.Pattern[str], str]]:
    """(path regex, path template) of every route of the app with path parameters, in routing order."""
    out = []
    for context in iter_route_contexts(getattr(app, "routes", [])):
        route = context.original_route
        path = str(context.path_format or getattr(route, "path_format", "") or getattr(route, "path", ""))
        if "{" in path:
            out.append((compile_path(path)[0], path))
    return out


def path_problems(
    templates: list[tuple[re.Pattern[str], str]], path: str
) -> tuple[list[tuple[str, str]], tuple[str, str] | None]:
    """For a decoded path carrying a refused character, the route's parameters that carry one:
    ([(parameter, problem)] to refuse with VALIDATION_ERROR, or [] and the route's unknown-id
    answer (code, message)). ([], None) when the path is clean, the route answers such ids itself
    without a lookup, or no route matches (the router answers 404 NOT_FOUND)."""
    if not problem(path, multiline=False):
        return [], None
    for regex, template in templates:
        match = regex.match(path)
        if not match:
            continue
        bad = [
            (name, found)
            for name, value in match.groupdict().items()
            if (found := problem(value, multiline=False))
        ]
        for name, _found in bad:
            key = (template, name)
            if key in PATH_PARAMETER_ANSWERS:
                return [], PATH_PARAMETER_ANSWERS[key]
        return bad, None
    return [], None


class TextHygiene:
    def __init__(self, app: ASGIApp, max_body_bytes: int):
        self.app = app
        # Every body up to the limit BodyLimit lets through is checked whole.
        self.max_body_bytes = max_body_bytes
        self.templates: list[tuple[re.Pattern[str], str]] | None = None  # the app's, on first use

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.templates is None:
            self.templates = path_templates(scope.get("app"))
        bad, not_found = path_problems(self.templates, scope.get("path", ""))
        if not_found:
            # Not echoing the id: it carries the very characters that are refused.
            await error_response(*not_found)(scope, receive, send)
            return
        query_string: bytes = scope.get("query_string", b"")
        if query_string:
            query = parse_qsl(query_string.decode("latin-1"), keep_blank_values=True)
            bad.extend(pairs(query, container="query", multiline=False))
        content_type = b""  # the last one, as dict(headers) would
        for name, value in scope.get("headers") or ():
            if name == b"content-type":
                content_type = value
            for raw_name, field in CHECKED_HEADERS:
                if name.lower() == raw_name and (found := problem(_header_text(value), multiline=False)):
                    bad.append((field, found))
        media = _media_type(content_type.decode("latin-1"))
        path: str = scope.get("path", "")
        checks_body = (_is_json(media) or media == FORM_TYPE) and not path.startswith(HYGIENE_SKIPPED)
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
            if size > self.max_body_bytes:
                await _too_large(scope, receive, send, self.max_body_bytes)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if media == FORM_TYPE:
            form = parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
            bad.extend(pairs(form, container="body"))
        else:
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
    err = validation_error(
        bad[:MAX_REPORTED], "Request validation failed: remove the characters named below."
    )
    await error_response(err.code, err.message, err.details)(scope, receive, send)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    message = f"Request body exceeds {limit} bytes."
    await error_response("PAYLOAD_TOO_LARGE", message)(scope, receive, send)


def own_origins(request: Request) -> set[str]:
    """The origins this gateway answers as: its public base URL's and the request's own host."""
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
        same = origin.rstrip("/") in own_origins(request)
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

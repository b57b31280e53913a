"""The console's web plumbing: templates, the session, CSRF tokens, the Content-Security-Policy,
static assets and the error pages. The pages themselves are in gateway.console.pages.

- Session: the same HttpOnly, SameSite=Lax `session` cookie REST accepts, started by the same
  billing calls (Signup, Login); every page but sign-in and sign-up needs one.
- CSRF: every state-changing form carries a synchronizer token. Signed in, it is an HMAC of the
  session token (which scripts cannot read: HttpOnly), so it needs no server state; signed out
  (sign-in, sign-up), it is a random double-submit cookie. A request from another origin is
  refused as well (Origin, else Sec-Fetch-Site).
- CSP: scripts and styles only from this origin (no inline script or style), images from this
  origin and the object-store origins of the pictures on the page, forms only to this origin.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import jinja2
from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from kit import logs
from kit.errors import ServiceError

from gateway.auth import SESSION_COOKIE, Caller, authenticate_token, enforce_rate_limit
from gateway.edge import own_origins
from gateway.routes.auth import secure_cookies, set_session_cookie

log = logs.get(__name__)

HERE = Path(__file__).resolve().parent
PREFIX = "/console"
LOGIN = f"{PREFIX}/login"
CSRF_FIELD = "csrf_token"
CSRF_COOKIE = "console_csrf"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

templates = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


# --- static assets --------------------------------------------------------------------------

# Installed from npm by `make` (package.json); CONSOLE_ASSETS_DIR overrides where node_modules is.
NODE_MODULES = Path(os.environ.get("CONSOLE_ASSETS_DIR") or HERE.parents[2] / "node_modules")
ASSETS: dict[str, tuple[Path, str]] = {
    "pico.min.css": (NODE_MODULES / "@picocss/pico/css/pico.min.css", "text/css; charset=utf-8"),
    "htmx.min.js": (NODE_MODULES / "htmx.org/dist/htmx.min.js", "text/javascript; charset=utf-8"),
    "console.css": (HERE / "static/console.css", "text/css; charset=utf-8"),
    "console.js": (HERE / "static/console.js", "text/javascript; charset=utf-8"),
    "favicon.svg": (HERE / "static/favicon.svg", "image/svg+xml"),
}


@dataclass
class Asset:
    body: bytes
    media_type: str
    version: str


_assets: dict[str, Asset | None] = {}


def asset(name: str) -> Asset | None:
    """The file's bytes, read once (a missing file stays missing until a restart)."""
    if name not in _assets:
        path, media = ASSETS[name]
        try:
            body = path.read_bytes()
        except OSError:
            log.warning("console asset missing: run make (npm install)", asset=name, path=str(path))
            _assets[name] = None
        else:
            _assets[name] = Asset(body, media, hashlib.sha256(body).hexdigest()[:12])
    return _assets[name]


def static_url(name: str) -> str:
    found = asset(name)
    return f"{PREFIX}/static/{name}?v={found.version if found else '0'}"


templates.globals["static"] = static_url


# --- security headers -----------------------------------------------------------------------


def origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def content_security_policy(image_origins: set[str]) -> str:
    img = " ".join(["'self'", "data:", *sorted(image_origins)])
    return "; ".join(
        [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            f"img-src {img}",
            "connect-src 'self'",
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ]
    )


def page_headers(image_origins: set[str]) -> dict[str, str]:
    return {
        "Content-Security-Policy": content_security_policy(image_origins),
        "Cache-Control": "no-store",
        "Referrer-Policy": "same-origin",
        "X-Content-Type-Options": "nosniff",
    }


# --- sessions and CSRF ----------------------------------------------------------------------


@dataclass
class Page:
    """What a signed-in page knows: the caller and its CSRF token."""

    caller: Caller
    token: str
    csrf: str
    plan: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class Redirect(Exception):
    """Raised anywhere in a page to answer with a redirect (e.g. to sign-in)."""

    def __init__(self, location: str, clear_session: bool = False):
        super().__init__(location)
        self.location = location
        self.clear_session = clear_session


def session_csrf(session_token: str) -> str:
    return hmac.new(session_token.encode(), b"console-csrf-v1", hashlib.sha256).hexdigest()


def check_origin(request: Request) -> None:
    origin = request.headers.get("origin", "").strip().lower()
    fetch_site = request.headers.get("sec-fetch-site", "").strip().lower()
    if origin and origin != "null":
        same = origin.rstrip("/") in own_origins(request)
    elif fetch_site:
        same = fetch_site in ("same-origin", "none")
    else:
        same = True  # a client that sends neither is no browser: the token still has to match
    if not same:
        raise ServiceError("FORBIDDEN", "This form must be sent from the console's own pages.")


def check_csrf(request: Request, form: Mapping[str, Any], expected: str) -> None:
    check_origin(request)
    sent = str(form.get(CSRF_FIELD, ""))
    if not expected or not sent or not hmac.compare_digest(sent, expected):
        raise ServiceError(
            "FORBIDDEN", "The form's security token is missing or out of date: reload the page and try again."
        )


def login_location(request: Request) -> str:
    target = request.url.path
    if request.url.query:
        target += "?" + request.url.query
    return f"{LOGIN}?next={quote(target, safe='')}" if target.startswith(PREFIX + "/") else LOGIN


def safe_next(value: str) -> str:
    """Only a console path: never another site (open redirect)."""
    if value.startswith(PREFIX) and not value.startswith("//") and "\\" not in value and "://" not in value:
        return value
    return PREFIX


async def signed_in(request: Request, billing_access: bool = False, limited: bool = False) -> Page:
    """The session's caller, or a Redirect to sign-in. A suspended organization is sent to the
    usage page (the one place it can pay); `limited` counts the request against the per-minute
    limit (state-changing actions, as REST counts them)."""
    token = request.cookies.get(SESSION_COOKIE, "")
    if not token:
        raise Redirect(login_location(request))
    try:
        caller = await authenticate_token(request, token, billing_access=billing_access)
    except ServiceError as err:
        if err.code == "UNAUTHORIZED":
            raise Redirect(login_location(request), clear_session=True) from None
        if err.code == "ORGANIZATION_SUSPENDED" and not billing_access:
            raise Redirect(f"{PREFIX}/usage?msg=suspended") from None
        raise
    if caller.principal_kind != "session":  # an API key pasted into the cookie is not a sign-in
        raise Redirect(login_location(request), clear_session=True)
    if limited:
        await enforce_rate_limit(request, caller)
    return Page(caller=caller, token=token, csrf=session_csrf(token), plan=caller.plan)


def anonymous_csrf(request: Request) -> tuple[str, bool]:
    """The double-submit token of the signed-out forms: (token, whether the cookie must be set)."""
    current = request.cookies.get(CSRF_COOKIE, "")
    if len(current) == 43:
        return current, False
    return secrets.token_urlsafe(32), True


def set_anonymous_csrf(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        CSRF_COOKIE,
        token,
        max_age=2 * 3600,
        httponly=True,
        samesite="strict",
        secure=secure_cookies(request),
        path=PREFIX,
    )


def set_session(request: Request, response: Response, token: str) -> None:
    set_session_cookie(request, response, token)


def clear_session(request: Request, response: Response) -> None:
    response.delete_cookie(
        SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=secure_cookies(request)
    )


# --- rendering ------------------------------------------------------------------------------


def render(
    request: Request,
    template: str,
    context: dict[str, Any],
    status: int = 200,
    image_urls: list[str] | tuple[str, ...] = (),
    headers: dict[str, str] | None = None,
) -> HTMLResponse:
    html = templates.get_template(template).render(
        request_path=request.url.path, prefix=PREFIX, csrf_field=CSRF_FIELD, **context
    )
    # The object store's public origin always: a deck page gains its slides without a reload (htmx).
    store = origin_of(request.app.state.settings.s3_public_url)
    origins = {o for o in (origin_of(u) for u in [*image_urls, *([store] if store else [])]) if o}
    return HTMLResponse(html, status_code=status, headers={**page_headers(origins), **(headers or {})})


def redirect(location: str) -> RedirectResponse:
    return RedirectResponse(location, status_code=303, headers={"Cache-Control": "no-store"})


def redirect_response(request: Request, exc: Redirect) -> Response:
    if request.headers.get("hx-request"):
        response: Response = Response(status_code=204, headers={"HX-Redirect": exc.location})
    else:
        response = redirect(exc.location)
    if exc.clear_session:
        clear_session(request, response)
    return response


def field_errors(err: ServiceError) -> dict[str, str]:
    """The REST `details.fields` of an error, as {field: message} (the first message of each)."""
    out: dict[str, str] = {}
    for item in (err.details or {}).get("fields", []) or []:
        if isinstance(item, dict):
            name = str(item.get("field", "")).split(".")[0] or "form"
            out.setdefault(name, str(item.get("message", "is invalid")))
    return out


ERROR_TITLES = {
    404: "Not found",
    403: "Not allowed",
    402: "Quota reached",
    409: "Conflict",
    429: "Too many requests",
    503: "Unavailable",
}


def error_page(request: Request, err: ServiceError, page: Page | None = None) -> HTMLResponse:
    from gateway.errors import http_status

    status = http_status(err.code)
    message = "Something went wrong on our side. Try again in a moment." if status >= 500 else err.message
    if status >= 500 and status not in (502, 503):
        log.warning("console error", code=err.code, path=request.url.path)
    headers = {}
    if err.code == "RATE_LIMITED" and "retry_after" in (err.details or {}):
        headers["Retry-After"] = str(err.details["retry_after"])
    context = {
        "title": ERROR_TITLES.get(status, "Something went wrong" if status >= 500 else "Request refused"),
        "status": status,
        "code": err.code,
        "message": message,
        "page": page,
        "nav": "",
    }
    return render(request, "error.html", context, status=status, headers=headers)


def not_found(request: Request, page: Page | None = None, what: str = "page") -> HTMLResponse:
    return error_page(
        request, ServiceError("NOT_FOUND", f"There is no such {what} in your organization."), page
    )

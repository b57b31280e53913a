"""Public (unauthenticated) share pages, oEmbed and the public ZIP, under a per-IP rate limit.
The HTML comes rendered from the sharing service (its templates); this is HTTP shape only."""

from __future__ import annotations

from typing import Annotated, Literal
from urllib.parse import parse_qs

from fastapi import Depends, Query, Request
from fastapi.responses import HTMLResponse, Response
from kit.errors import ServiceError
from pydantic import BaseModel, ConfigDict, Field

from gateway import errors
from gateway.models import OEmbed, SharedZipResponse
from gateway.operations import sharing as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["public"])

COOKIE = "share_auth"
MAX_FORM_BYTES = 4096
HTML = {"content": {"text/html": {}}, "description": "HTML page"}
PAGE_RESPONSES: dict[int | str, dict] = {
    200: HTML,
    404: {"content": {"text/html": {}}, "description": "Unknown, rotated or disabled token (plain page)"},
    **errors.responses("RATE_LIMITED"),
}


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def public_rate_limit(request: Request) -> None:
    """Per-IP limit of every public endpoint, with the same headers as the API limit."""
    settings = request.app.state.settings
    decision = await request.app.state.ratelimiter.hit(
        "ip", client_ip(request), settings.public_requests_per_minute
    )
    request.state.ratelimit_headers = decision.headers()
    if not decision.allowed:
        raise ServiceError(
            "RATE_LIMITED",
            f"Rate limit of {decision.limit} requests per minute exceeded; retry after {decision.reset_seconds}s.",
            {"retry_after": max(1, decision.reset_seconds)},
        )


Limited = Depends(public_rate_limit)


def _html(page: ops.Page) -> HTMLResponse:
    return HTMLResponse(page.html, status_code=page.status_code or 200, headers=page.headers)


async def _page(request: Request, token: str, embed: bool) -> HTMLResponse:
    cookie = request.cookies.get(COOKIE, "")
    return _html(await ops.render_page(request.app.state.backends, token, embed, cookie))


@router.get(
    "/share/{token}",
    response_class=HTMLResponse,
    summary="Share page: swipeable deck, caption, hashtags, ZIP download, OG tags, oEmbed discovery",
    responses=PAGE_RESPONSES,
    dependencies=[Limited],
)
async def share_page(token: str, request: Request) -> HTMLResponse:
    return await _page(request, token, embed=False)


@router.get(
    "/embed/{token}",
    response_class=HTMLResponse,
    summary="Frameable embed page of a share (CSP frame-ancestors *)",
    responses=PAGE_RESPONSES,
    dependencies=[Limited],
)
async def embed_page(token: str, request: Request) -> HTMLResponse:
    return await _page(request, token, embed=True)


@router.post(
    "/share/{token}",
    response_class=HTMLResponse,
    summary="Password form of a protected share (application/x-www-form-urlencoded `password`)",
    description=(
        "Right password: 303 to the page and an HttpOnly cookie scoped to this token's paths. "
        "Wrong: 401 page. Too many wrong passwords per token and IP: 429 page with Retry-After."
    ),
    responses={303: {"description": "Right password"}, 401: HTML, 429: HTML, 404: HTML},
    dependencies=[Limited],
)
async def submit_password(token: str, request: Request) -> Response:
    raw = (await request.body())[:MAX_FORM_BYTES]
    form = parse_qs(raw.decode("utf-8", "replace"), max_num_fields=10)
    password = (form.get("password") or [""])[0]
    resp = await ops.submit_password(request.app.state.backends, token, password, client_ip(request))
    out = _html(resp) if resp.html else Response(status_code=resp.status_code, headers=resp.headers)
    secure = request.app.state.settings.public_base_url.startswith("https://")
    for path in resp.cookie_paths:
        out.set_cookie(
            COOKIE,
            resp.cookie_value,
            max_age=resp.cookie_max_age,
            path=path,
            httponly=True,
            samesite="lax",
            secure=secure,
        )
    return out


Dimension = Annotated[int | None, Query(ge=1, le=10000, description="keeps the 9:16 aspect")]


@router.get(
    "/v0/public/oembed",
    response_model=OEmbed,
    summary="oEmbed 1.0 for a share URL",
    responses={
        **errors.responses("VALIDATION_ERROR", "PASSWORD_REQUIRED", "SHARE_NOT_FOUND", "RATE_LIMITED"),
        501: {"model": errors.ErrorEnvelope, "description": "NOT_IMPLEMENTED (format xml)"},
    },
    dependencies=[Limited],
)
async def oembed(
    request: Request,
    url: Annotated[str, Query(min_length=1, max_length=2048, description="a share URL")],
    format: Annotated[
        Literal["json", "xml"], Query(description="only json is implemented: xml answers 501 NOT_IMPLEMENTED")
    ] = "json",
    maxwidth: Dimension = None,
    maxheight: Dimension = None,
) -> Response:
    if format != "json":
        raise ServiceError("NOT_IMPLEMENTED", f"oEmbed format {format!r} is not implemented; use json.")
    answer = await ops.get_oembed(request.app.state.backends, url, maxwidth or 0, maxheight or 0)
    return render(answer, headers={"Access-Control-Allow-Origin": "*"})


class ZipRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    password: str | None = Field(
        None, max_length=256, description="needed for a protected share without its cookie"
    )


@router.post(
    "/v0/public/share/{token}/zip",
    response_model=SharedZipResponse,
    summary="ZIP bundle of a shared slideshow (same shape as the private ZIP)",
    responses=errors.responses(
        "VALIDATION_ERROR",
        "PASSWORD_REQUIRED",
        "SHARE_NOT_FOUND",
        "SLIDESHOW_NOT_READY",
        "RATE_LIMITED",
        "ZIP_GENERATION_FAILED",
    ),
    dependencies=[Limited],
)
async def share_zip(token: str, request: Request, body: ZipRequest | None = None) -> Response:
    answer = await ops.get_share_zip(
        request.app.state.backends,
        token,
        (body.password if body else None) or "",
        request.cookies.get(COOKIE, ""),
        client_ip(request),
    )
    return render(answer, headers={"Cache-Control": "no-store"})

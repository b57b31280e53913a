"""TikTok's OAuth redirect (Login Kit v2): a public page the browser comes back to from TikTok's
authorize page. It answers with a redirect (303) or a small HTML page in which every value is
escaped; the delivery service decides (gateway.operations.delivery.finish_tiktok)."""

from __future__ import annotations

from html import escape
from typing import Annotated, Any

from fastapi import Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from kit.errors import ServiceError

from gateway.auth import SESSION_COOKIE, authenticate_token
from gateway.operations import delivery as ops
from gateway.routes.public import Limited
from gateway.routing import Router

router = Router(tags=["public"])

# The callback's page: status by outcome (only CONNECTED changed anything).
OUTCOME_STATUS = {
    "CONNECTED": 200,
    "DENIED": 400,
    "INVALID_STATE": 400,
    "EXPIRED_STATE": 400,
    "USED_STATE": 400,
    "WRONG_ORGANIZATION": 403,
    "APP_NOT_FOUND": 404,
    "FAILED": 502,
}
OUTCOME_TITLE = {
    "CONNECTED": "TikTok account connected",
    "DENIED": "TikTok account not connected",
    "WRONG_ORGANIZATION": "Signed in to another organization",
    "APP_NOT_FOUND": "App not found",
    "FAILED": "TikTok account not connected",
}
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the URL carries TikTok's code and the state
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src https:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
}
HTML_PAGE = {"content": {"text/html": {}}, "description": "HTML page saying what happened"}


ENVELOPE = {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}


def _page_doc(description: str) -> dict[str, Any]:
    return {
        "content": {"text/html": {}, "application/json": ENVELOPE},
        "description": description + " (HTML page; a malformed request gets the JSON error envelope)",
    }


def callback_page(outcome: str, message: str, account: Any | None) -> HTMLResponse:
    title = OUTCOME_TITLE.get(outcome, "Sign-in link not valid")
    extra = ""
    if account is not None and outcome == "CONNECTED":
        name = account.display_name or account.open_id
        avatar = (
            f'<img src="{escape(account.avatar_url)}" alt="" width="48" height="48">'
            if account.avatar_url.startswith("https://")
            else ""
        )
        extra = f"<p>{avatar} <strong>{escape(name)}</strong> ({escape(account.id)})</p>"
    html = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;"
        "line-height:1.5}img{border-radius:50%;vertical-align:middle}</style></head><body><main>"
        f"<h1>{escape(title)}</h1><p>{escape(message)}</p>{extra}"
        "<p>You can close this window.</p></main></body></html>"
    )
    return HTMLResponse(html, status_code=OUTCOME_STATUS.get(outcome, 400), headers=PAGE_HEADERS)


async def session_organization(request: Request) -> str:
    """The organization of the browser's session cookie, if it has a live one ("" otherwise)."""
    token = request.cookies.get(SESSION_COOKIE, "")
    if not token:
        return ""
    try:
        caller = await authenticate_token(request, token)
    except ServiceError:
        return ""
    return caller.organization_id if caller.principal_kind == "session" else ""


CallbackText = Annotated[str, Query(description="as TikTok sends it")]


@router.get(
    "/v0/public/oauth/tiktok/callback",
    response_class=HTMLResponse,
    summary="TikTok's OAuth redirect (the browser comes back here from TikTok's authorize page)",
    description=(
        "Checks the state (signature, expiry, single use, and the organization of the browser's session "
        "when it has one), exchanges the code at TikTok with the PKCE verifier, stores the tokens encrypted "
        "with the account's display name and avatar, then redirects (303) to the `redirect_after` given "
        "when connecting, or shows a page. A replayed, expired, forged or other organization's state, or "
        "TikTok's `error` (the user declined), changes nothing and shows a page saying so."
    ),
    responses={
        200: HTML_PAGE,
        303: {"description": "Connected: to redirect_after, with tiktok=connected and account_id added"},
        400: _page_doc("Invalid, expired or used state, or TikTok's error (the user declined)"),
        403: {**HTML_PAGE, "description": "The state belongs to another organization than the session's"},
        404: {**HTML_PAGE, "description": "The app was deleted meanwhile"},
        429: {"content": {"application/json": ENVELOPE}, "description": "RATE_LIMITED"},
        502: {**HTML_PAGE, "description": "TikTok refused the code or could not be reached"},
    },
    dependencies=[Limited],
)
async def tiktok_callback(
    request: Request,
    code: CallbackText = "",
    state: CallbackText = "",
    scopes: CallbackText = "",
    error: CallbackText = "",
    error_description: CallbackText = "",
) -> Response:
    session_org = await session_organization(request)
    done = await ops.finish_tiktok(
        request.app.state.backends,
        state[:1000],
        code[:2000],
        error[:100],
        error_description[:300],
        session_org,
    )
    if done.outcome == "CONNECTED" and done.redirect_url:
        return RedirectResponse(done.redirect_url, status_code=303, headers=PAGE_HEADERS)
    account = done.account if done.HasField("account") else None
    return callback_page(done.outcome, done.message, account)

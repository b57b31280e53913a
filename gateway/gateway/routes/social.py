"""Connected social accounts (by TikTok's OAuth or a token given) and publishing: HTTP shape only.
TikTok's OAuth callback, a public page, is in gateway.routes.oauth."""

from __future__ import annotations

from typing import Literal

from fastapi import Depends, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.formats import LimitQuery, PageQuery
from gateway.models import (
    AccountList,
    AccountResponse,
    ConnectUrlResponse,
    Ok,
    PublicationList,
    PublishResponse,
)
from gateway.openapi_rules import HTTP_URL
from gateway.operations import delivery as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["publishing"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
PrivacyLevel = Literal["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"]


class ConnectBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    platform: Literal["tiktok"]
    access_token: str = Field(
        min_length=1,
        max_length=4096,
        pattern=r"^[\x21-\x7e]+$",
        description="the account's user access token (printable ASCII, as OAuth tokens are); stored encrypted, never returned",
    )
    open_id: str | None = Field(None, max_length=200)
    display_name: str | None = Field(None, max_length=200)


class PublishBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    platform: Literal["tiktok"] = "tiktok"
    mode: Literal["draft", "direct"] = Field(
        "draft", description="draft: to the creator's TikTok inbox; direct: posted at once"
    )
    privacy_level: PrivacyLevel | None = Field(None, description="direct posts; default SELF_ONLY")


class TikTokConnectBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    redirect_after: str | None = Field(
        None,
        min_length=1,  # "" is no URL (the pattern says so too): refused, not taken as "none given"
        max_length=2048,
        json_schema_extra={"pattern": HTTP_URL},
        description="where the browser goes once the account is connected (with `tiktok=connected` and "
        "`account_id` added to its query): an absolute http(s) URL on the service's own host "
        "(PUBLIC_BASE_URL); default: a page saying so",
    )


@router.post(
    "/v0/api/v1/apps/{id}/social-accounts",
    status_code=201,
    response_model=AccountResponse,
    summary="Connect a social account to an app (reconnecting the same platform replaces the token)",
    responses=error_responses("VALIDATION_ERROR", "APP_NOT_FOUND", *AUTH_ERRORS),
)
async def connect_account(
    request: Request,
    body: ConnectBody,
    id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    result = await ops.connect_account(
        request.app.state.backends,
        caller,
        id,
        body.platform,
        body.access_token,
        body.open_id,
        body.display_name,
    )
    return render(result, status_code=201)


@router.post(
    "/v0/api/v1/apps/{id}/social-accounts/tiktok/connect",
    response_model=ConnectUrlResponse,
    summary="Start connecting a TikTok account to an app by OAuth (TikTok Login Kit)",
    description=(
        "Answers the URL of TikTok's authorize page. After the user agrees, TikTok sends the browser to "
        "GET /v0/public/oauth/tiktok/callback, which stores the account (tokens encrypted, refreshed before "
        "they expire) and redirects to `redirect_after` or shows a page. Reconnecting replaces the tokens "
        "and keeps the account id. 503 UNAVAILABLE when the server has no TikTok client key."
    ),
    responses=error_responses("VALIDATION_ERROR", "APP_NOT_FOUND", "UNAVAILABLE", *AUTH_ERRORS),
)
async def connect_tiktok(
    request: Request,
    body: TikTokConnectBody | None = None,
    id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    redirect_after = body.redirect_after if body else None
    return render(await ops.connect_tiktok(request.app.state.backends, caller, id, redirect_after))


@router.get(
    "/v0/api/v1/apps/{id}/social-accounts",
    response_model=AccountList,
    summary="List an app's connected social accounts (tokens are never returned)",
    responses=error_responses("APP_NOT_FOUND", *AUTH_ERRORS),
)
async def list_accounts(
    request: Request,
    id: str = Path(max_length=100),
    page: PageQuery = 1,
    limit: LimitQuery = 50,
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.list_accounts(request.app.state.backends, caller, id, page, limit))


@router.delete(
    "/v0/api/v1/apps/{id}/social-accounts/{account_id}",
    response_model=Ok,
    summary="Disconnect a social account (its token is revoked at TikTok and deleted here)",
    responses=error_responses("SOCIAL_ACCOUNT_NOT_FOUND", *AUTH_ERRORS),
)
async def delete_account(
    request: Request,
    id: str = Path(max_length=100),
    account_id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.delete_account(request.app.state.backends, caller, id, account_id))


@router.post(
    "/v0/api/v1/slideshows/{id}/publish",
    response_model=PublishResponse,
    summary="Publish a READY slideshow to its app's connected TikTok account (photo post; cannot be undone)",
    description=(
        "Idempotent per slideshow and account: a repeat returns the recorded publish. A direct post asks "
        "TikTok for the creator's privacy levels first and refuses one the creator lacks (400, "
        "privacy_level). The post's status is followed in the background until final; the outcome is "
        "sent as slideshow.published or slideshow.publish_failed. An account TikTok no longer accepts: "
        "409 RECONNECT_REQUIRED."
    ),
    responses=error_responses(
        "PLAN_UPGRADE_REQUIRED",
        "SLIDESHOW_NOT_FOUND",
        "SLIDESHOW_NOT_READY",
        "NO_CONNECTED_ACCOUNT",
        "RECONNECT_REQUIRED",
        "VALIDATION_ERROR",
        "UPSTREAM_ERROR",
        *AUTH_ERRORS,
    ),
)
async def publish(
    request: Request,
    body: PublishBody | None = None,
    id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    b = body or PublishBody.model_validate({})
    return render(
        await ops.publish(request.app.state.backends, caller, id, b.platform, b.mode, b.privacy_level)
    )


@router.get(
    "/v0/api/v1/slideshows/{id}/publications",
    response_model=PublicationList,
    summary="List a slideshow's publications with their current status, newest first",
    description=(
        "Every publish of the slideshow (one per connected account), with the status the background "
        "follow-up recorded last: poll this instead of repeating the publish call. Unknown or another "
        "organization's slideshow: 404 SLIDESHOW_NOT_FOUND."
    ),
    responses=error_responses("SLIDESHOW_NOT_FOUND", "VALIDATION_ERROR", *AUTH_ERRORS),
)
async def list_publications(
    request: Request,
    id: str = Path(description="slideshow id"),
    page: PageQuery = 1,
    limit: LimitQuery = 20,
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.list_publications(request.app.state.backends, caller, id, page, limit))

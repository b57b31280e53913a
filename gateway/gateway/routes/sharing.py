"""Share-link REST endpoints: HTTP shape only; the work is in gateway.operations.sharing."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway import errors
from gateway.auth import Caller, require_caller
from gateway.models import ShareOut, UnshareOut
from gateway.operations import sharing as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["sharing"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
SlideshowId = Annotated[str, Path(description="ss_... id of a slideshow of the caller's organization")]


class ShareRequest(BaseModel):
    """Body of POST /v0/api/slideshows/:id/share (all optional; an empty body is fine)."""

    model_config = ConfigDict(extra="forbid")

    password: str | None = Field(
        None,
        min_length=1,
        max_length=256,
        description="Protect the link with this password (set or replace; the token stays the same).",
    )
    rotate: bool = Field(False, description="Issue a new token; the old one is dead at once (404).")
    remove_password: bool = Field(False, description="Drop the password protection of the link.")


@router.post(
    "/v0/api/slideshows/{id}/share",
    status_code=201,
    response_model=ShareOut,
    summary="Issue, return the existing or rotate the public share link (always 201)",
    description=(
        "A slideshow has at most one live link. The first call, `rotate: true` and a call after "
        "DELETE issue a new token; otherwise the existing link is returned (a `password` sent then "
        "sets or replaces its password). Every success answers **201** (API.md). A link may be issued in any "
        "status; until the deck is READY its page says it is still rendering. Tokens are stored as a "
        "SHA-256 hash (lookups) plus a Fernet ciphertext (so the link can be shown again)."
    ),
    responses=errors.responses("VALIDATION_ERROR", "SLIDESHOW_NOT_FOUND", *AUTH_ERRORS),
)
async def create_share(
    id: SlideshowId,
    request: Request,
    body: ShareRequest | None = None,
    caller: Caller = Depends(require_caller),
) -> Response:
    body = body or ShareRequest.model_validate({})
    out = await ops.share(
        request.app.state.backends, caller, id, body.password, body.rotate, body.remove_password
    )
    return render(out, status_code=201)


@router.delete(
    "/v0/api/slideshows/{id}/share",
    response_model=UnshareOut,
    summary="Disable the slideshow's share link (its token is dead at once; idempotent)",
    responses=errors.responses("SLIDESHOW_NOT_FOUND", *AUTH_ERRORS),
)
async def delete_share(
    id: SlideshowId, request: Request, caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.unshare(request.app.state.backends, caller, id))

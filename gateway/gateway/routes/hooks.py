"""Hooks REST endpoints: HTTP shape only; the work is in gateway.operations.hooks."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Body, Depends, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.models import HookCategory as Category
from gateway.models import HookList, HookOne, RefreshNowOut
from gateway.models import HookStatus as Status
from gateway.operations import hooks as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["hooks"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
Sort = Literal["recent", "performance_score"]


class ReviewBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["APPROVED", "REJECTED"] = Field(
        description="APPROVED: the hook may open decks; REJECTED: it never does"
    )


class RefreshNowBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    app_id: str | None = Field(
        None, max_length=64, description="only this app; when omitted, every ACTIVE app is refreshed"
    )


@router.get(
    "/v0/api/v1/hooks",
    response_model=HookList,
    summary="List the organization's hooks (default: performance_score descending)",
    responses=error_responses("VALIDATION_ERROR", *AUTH_ERRORS),
)
async def list_hooks(
    request: Request,
    page: Annotated[int, Query(ge=1, le=1_000_000, description="1-indexed")] = 1,
    limit: Annotated[int, Query(ge=1, le=200, description="page size, max 200")] = 50,
    niche: Annotated[
        str | None,
        Query(
            max_length=40, description="niche; matched by key, so 'Fitness & Health' = 'fitness_and_health'"
        ),
    ] = None,
    language: Annotated[str | None, Query(max_length=8, description="ISO language code")] = None,
    category: Annotated[Category | None, Query()] = None,
    status: Annotated[Status | None, Query()] = None,
    q: Annotated[
        str | None, Query(max_length=200, description="case-insensitive substring of the text")
    ] = None,
    sort: Annotated[
        Sort | None,
        Query(description="recent = createdAt descending; default performance_score descending"),
    ] = None,
    caller: Caller = Depends(require_caller),
) -> Response:
    result = await ops.list_hooks(
        request.app.state.backends,
        caller,
        page,
        limit,
        niche or "",
        language or "",
        category or "",
        status or "",
        q or "",
        sort or "",
    )
    return render(result)


@router.post(
    "/v0/api/v1/hooks/refresh-now",
    status_code=202,
    response_model=RefreshNowOut,
    summary="Refresh hooks now (Starter+, one per hour per organization, one hook_refreshes unit)",
    description="New hooks appear in GET /v0/api/v1/hooks in the background, typically within seconds. "
    "429 RATE_LIMITED carries Retry-After (seconds until the hour is over).",
    responses=error_responses(
        "VALIDATION_ERROR", "PLAN_UPGRADE_REQUIRED", "NO_ACTIVE_APPS", "QUOTA_EXCEEDED", *AUTH_ERRORS
    ),
)
async def refresh_now(
    request: Request,
    body: Annotated[RefreshNowBody | None, Body()] = None,
    caller: Caller = Depends(require_caller),
) -> Response:
    app_id = (body.app_id or "").strip() if body else ""
    return render(await ops.refresh_now(request.app.state.backends, caller, app_id), status_code=202)


@router.patch(
    "/v0/api/v1/hooks/{id}",
    response_model=HookOne,
    summary="Review a hook: APPROVED (it may open decks) or REJECTED (it never does)",
    description="Only APPROVED hooks open decks, so approving a PENDING (LLM-written) hook puts it "
    "in rotation and rejecting an APPROVED one takes it out. `status` is the only field.",
    responses=error_responses("VALIDATION_ERROR", "HOOK_NOT_FOUND", *AUTH_ERRORS),
)
async def review_hook(
    request: Request,
    body: ReviewBody,
    id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.review_hook(request.app.state.backends, caller, id, body.status))

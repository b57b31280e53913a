"""API key management (session or key): create (secret shown once), list, revoke."""

from __future__ import annotations

from fastapi import Depends, Path, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.formats import LimitQuery, PageQuery
from gateway.models import KeyListEnvelope, NewKeyEnvelope, RevokedKeyEnvelope
from gateway.operations import billing as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["api-keys"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")


class CreateKeyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="default", min_length=1, max_length=100)


@router.post(
    "/v0/api/v1/api-keys",
    status_code=201,
    response_model=NewKeyEnvelope,
    responses=error_responses("VALIDATION_ERROR", *AUTH_ERRORS),
    summary="Create an API key (the secret is shown once)",
)
async def create_key(
    request: Request, body: CreateKeyBody | None = None, caller: Caller = Depends(require_caller)
) -> Response:
    name = body.name if body else "default"
    return render(await ops.create_api_key(request.app.state.backends, caller, name), status_code=201)


@router.get(
    "/v0/api/v1/api-keys",
    response_model=KeyListEnvelope,
    responses=error_responses(*AUTH_ERRORS),
    summary="List the organization's active API keys (no secrets)",
)
async def list_keys(
    request: Request, page: PageQuery = 1, limit: LimitQuery = 50, caller: Caller = Depends(require_caller)
) -> Response:
    return render(await ops.list_api_keys(request.app.state.backends, caller, page, limit))


@router.delete(
    "/v0/api/v1/api-keys/{key_id}",
    response_model=RevokedKeyEnvelope,
    responses=error_responses("KEY_NOT_FOUND", *AUTH_ERRORS),
    summary="Revoke an API key; the next call with it is 401",
)
async def revoke_key(
    request: Request,
    key_id: str = Path(max_length=100),
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.revoke_api_key(request.app.state.backends, caller, key_id))

"""Niche and template catalog: HTTP shape only; the work is in gateway.operations.slideshows."""

from __future__ import annotations

from fastapi import Depends, Request
from pydantic import BaseModel

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.operations import slideshows as ops
from gateway.responses import JSONResponse
from gateway.routing import Router

router = Router(tags=["niches"])


class TemplateVariable(BaseModel):
    name: str
    description: str
    required: bool


class Template(BaseModel):
    key: str
    name: str
    description: str
    format: str
    slide_roles: list[str]
    variables: list[TemplateVariable]


class Niche(BaseModel):
    key: str
    name: str
    languages: list[str]
    templates: list[Template]


class NicheList(BaseModel):
    success: bool = True
    data: list[Niche]
    page: int = 1
    limit: int
    total: int


@router.get(
    "/v0/api/v1/niches",
    response_model=NicheList,
    summary="The niche and template catalog (template_key values per niche)",
    responses=error_responses("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED"),
)
async def list_niches(request: Request, caller: Caller = Depends(require_caller)) -> JSONResponse:
    out = await ops.list_niches(request.app.state.backends)
    # The whole catalog is one page, in the collection envelope of the spec (page, limit, total).
    total = len(out["data"])
    # Built from the renderer's typed catalog already: no second validation through the model.
    return JSONResponse({**out, "page": 1, "limit": max(total, 1), "total": total})

"""Niche and template catalog: HTTP shape only; the work is in gateway.operations.slideshows."""

from __future__ import annotations

from fastapi import Depends, Request, Response

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.models import NicheList
from gateway.operations import slideshows as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["niches"])


@router.get(
    "/v0/api/v1/niches",
    response_model=NicheList,
    summary="The niche and template catalog (template_key values per niche)",
    responses=error_responses("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED"),
)
async def list_niches(request: Request, caller: Caller = Depends(require_caller)) -> Response:
    # The operation's result is an instance of the declared model already: rendered as it is.
    return render(await ops.list_niches(request.app.state.backends))

"""Slideshow REST endpoints: HTTP shape only; the work is in gateway.operations.slideshows."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Body, Depends, Header, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.models import GenerateResponse, SlideshowList, SlideshowResponse, Status, ZipResponse
from gateway.operations import slideshows as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["slideshows"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")


def _template_key_required(schema: dict[str, Any]) -> None:
    # Missing, null or "" is 400 TEMPLATE_KEY_REQUIRED (the spec's code, answered by the operation,
    # not by this model), so the document says what to send: a non-empty string.
    schema["required"] = ["template_key"]
    schema["example"] = {"template_key": "problem_solution", "variable_overrides": {}}


class GenerateBody(BaseModel):
    """Body of POST /v0/api/v1/apps/:id/slideshows. Unknown keys are refused (400 VALIDATION_ERROR)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra=_template_key_required,
    )

    template_key: Annotated[
        str | None, WithJsonSchema({"type": "string", "minLength": 1, "maxLength": 100})
    ] = Field(
        None,
        max_length=100,
        description="required: a template key of the app's niche (GET /v0/api/v1/niches)",
    )
    variable_overrides: Annotated[
        dict[str, Any] | None,
        WithJsonSchema(
            {"anyOf": [{"type": "object", "additionalProperties": {"type": "string"}}, {"type": "null"}]}
        ),
    ] = Field(
        None,
        description="optional object: template variable name -> string value (non-strings are a VALIDATION_ERROR); "
        "missing ones are chosen automatically",
    )
    design: str | None = Field(
        None,
        max_length=40,
        description="optional design override (classic, inspo, editorial-split, brand-studio)",
    )


@router.post(
    "/v0/api/v1/apps/{id}/slideshows",
    status_code=202,
    response_model=GenerateResponse,
    summary="Generate a slideshow (asynchronous; poll GET /v0/api/v1/slideshows/:id)",
    responses=error_responses(
        "TEMPLATE_KEY_REQUIRED",
        "NICHE_NOT_REGISTERED",
        "NO_IMAGE_SOURCE",
        "VALIDATION_ERROR",
        "QUOTA_EXCEEDED",
        "APP_NOT_FOUND",
        "IDEMPOTENCY_KEY_REUSED",
        *AUTH_ERRORS,
    ),
)
async def generate(
    request: Request,
    id: str = Path(description="app id"),
    body: GenerateBody | None = Body(None),
    idempotency_key: str | None = Header(
        None,
        alias="Idempotency-Key",
        description="optional, up to 255 characters; a repeat within 24 h returns the first answer",
    ),
    caller: Caller = Depends(require_caller),
) -> Response:
    result = await ops.generate(
        request.app.state.backends,
        caller,
        id,
        body.template_key if body else None,
        body.variable_overrides if body else None,
        idempotency_key or "",
        (body.design if body else None) or "",
    )
    return render(result, status_code=202)


@router.get(
    "/v0/api/v1/slideshows",
    response_model=SlideshowList,
    summary="List slideshows, newest first",
    responses=error_responses("VALIDATION_ERROR", *AUTH_ERRORS),
)
async def list_slideshows(
    request: Request,
    page: int = Query(1, ge=1, le=2**31 - 1),
    limit: int = Query(20, ge=1, le=100),
    app_id: str | None = Query(None, max_length=100),
    status: Status | None = Query(None),
    caller: Caller = Depends(require_caller),
) -> Response:
    # Rendered here: the operation's result is an instance of the declared model already.
    return render(
        await ops.list_slideshows(
            request.app.state.backends, caller, page, limit, app_id or "", [status] if status else []
        )
    )


@router.get(
    "/v0/api/v1/slideshows/{id}",
    response_model=SlideshowResponse,
    summary="Fetch a slideshow with its 6 slides and marketing assets",
    responses=error_responses("SLIDESHOW_NOT_FOUND", *AUTH_ERRORS),
)
async def get_slideshow(request: Request, id: str, caller: Caller = Depends(require_caller)) -> Response:
    # A FAILED deck's error comes last, after updatedAt, as always: the content's order is kept.
    return render(await ops.get_slideshow(request.app.state.backends, caller, id))


@router.get(
    "/v0/api/v1/slideshows/{id}/zip",
    response_model=ZipResponse,
    summary="Build (or return the cached) ZIP bundle of a READY slideshow",
    responses=error_responses(
        "SLIDESHOW_NOT_FOUND",
        "SLIDESHOW_NOT_READY",
        "ZIP_GENERATION_FAILED",
        "ZIP_UPLOAD_FAILED",
        *AUTH_ERRORS,
    ),
)
async def get_zip(request: Request, id: str, caller: Caller = Depends(require_caller)) -> Response:
    return render(await ops.get_zip(request.app.state.backends, caller, id))

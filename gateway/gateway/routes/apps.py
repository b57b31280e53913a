"""Apps REST endpoints: HTTP shape only; the work is in gateway.operations.apps."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Depends, Query, Request, Response
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from gateway.auth import Caller, require_caller
from gateway.errors import responses as error_responses
from gateway.models import AppCreatedOut, AppList, AppOne, AppUpdatedOut, Design, ImageSource, Success
from gateway.models import AppStatus as Status
from gateway.openapi_rules import HTTP_URL
from gateway.operations import apps as ops
from gateway.responses import render
from gateway.routing import Router

router = Router(tags=["apps"])

AUTH_ERRORS = ("UNAUTHORIZED", "PLAN_LACKS_API", "ORGANIZATION_SUSPENDED", "RATE_LIMITED")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
URL_PATTERN = r"^[Hh][Tt][Tt][Pp][Ss]?://[^\s/?#]+[^\s]*$"
COLOR_PATTERN = r"^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"
LANGUAGE_PATTERN = r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$"
SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"


def _plain_text(value: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("must be valid Unicode text") from None
    if _CONTROL.search(value):
        raise ValueError("must not contain control characters")
    return value


def _bounds(lo: int, hi: int) -> StringConstraints:
    return StringConstraints(strip_whitespace=True, min_length=lo, max_length=hi)


def _matching(pattern: str, message: str) -> AfterValidator:
    """A pattern check whose error says what is expected (the pattern itself is in the schema)."""
    compiled = re.compile(pattern)

    def check(value: str) -> str:
        if not compiled.match(value):
            raise ValueError(message)
        return value

    return AfterValidator(check)


def _documented(pattern: str) -> Any:
    return Field(json_schema_extra={"pattern": pattern})


_PLAIN = AfterValidator(_plain_text)
_LANGUAGE = _matching(LANGUAGE_PATTERN, "must be an ISO language code such as 'en' or 'pt-BR'")
_SLUG = _matching(SLUG_PATTERN, "must be lowercase letters, digits and single hyphens")
_URL = _matching(URL_PATTERN, "must be an http(s) URL")
_COLOR = _matching(COLOR_PATTERN, "must be a hex color like #RGB or #RRGGBB")
Name = Annotated[str, _bounds(2, 80), _PLAIN]
Niche = Annotated[str, _bounds(2, 40), _PLAIN]
Language = Annotated[str, _bounds(2, 8), _PLAIN, _LANGUAGE, _documented(LANGUAGE_PATTERN)]
Slug = Annotated[str, _bounds(1, 80), _PLAIN, _SLUG, _documented(SLUG_PATTERN)]
# The document promises the subset with an ASCII host name that every URL check behind it takes.
Url = Annotated[str, _bounds(1, 2048), _PLAIN, _URL, _documented(HTTP_URL)]
Color = Annotated[str, _bounds(1, 7), _PLAIN, _COLOR, _documented(COLOR_PATTERN)]
Item = Annotated[str, _bounds(1, 200), _PLAIN]
Audience = Annotated[str, _bounds(0, 400), _PLAIN]
Description = Annotated[str, _bounds(0, 4000), _PLAIN]
Tagline = Annotated[str, _bounds(0, 200), _PLAIN]
IMAGE_SOURCE_HELP = (
    "brand (imagery from the brand colors and niche), screenshots (the app's screenshots), photos (the "
    "app's photos), stock (stock photography) or ai (generated imagery); screenshots and photos need at "
    "least one URL and stock and ai a configured provider, else generating is 400 NO_IMAGE_SOURCE"
)


class AppCreate(BaseModel):
    """Body of POST /v0/api/v1/apps. Unknown keys are refused (400 VALIDATION_ERROR naming them)."""

    model_config = ConfigDict(extra="forbid")

    name: Name = Field(description="2-80 characters")
    # Optional, but never null (400 VALIDATION_ERROR): slug, niche, language, design, image_source.
    slug: Slug = Field(  # type: ignore[assignment]
        None, description="optional; auto-generated from the name, unique per organization"
    )
    niche: Niche = Field(None, description="2-40 characters")  # type: ignore[assignment]
    language: Language = Field(None, description='ISO code, 2-8 characters, default "en"')  # type: ignore[assignment]
    target_audience: Audience | None = Field(None, description="free text, at most 400 characters")
    description: Description | None = Field(None, description="at most 4000 characters")
    tagline: Tagline | None = Field(None, description="at most 200 characters")
    ios_url: Url | None = Field(None, description="app-store URL (http or https)")
    android_url: Url | None = Field(None, description="play-store URL (http or https)")
    website_url: Url | None = Field(None, description="marketing site URL (http or https)")
    brand_primary_color: Color | None = Field(None, description="#RGB or #RRGGBB")
    brand_secondary_color: Color | None = Field(None, description="#RGB or #RRGGBB")
    brand_accent_color: Color | None = Field(None, description="#RGB or #RRGGBB")
    screenshots: list[Url] | None = Field(None, max_length=12, description="image URLs, at most 12")
    photos: list[Url] | None = Field(
        None, max_length=24, description="photo URLs from POST /v0/api/v1/uploads/screenshots, at most 24"
    )
    value_props: list[Item] | None = Field(
        None, max_length=12, description="at most 12, each 1-200 characters"
    )
    pain_points: list[Item] | None = Field(
        None, max_length=12, description="at most 12, each 1-200 characters"
    )
    differentiators: list[Item] | None = Field(
        None, max_length=12, description="at most 12, each 1-200 characters"
    )
    design: Design = Field(None, description="default classic")  # type: ignore[arg-type]
    image_source: ImageSource = Field(None, description=IMAGE_SOURCE_HELP + "; default brand")  # type: ignore[arg-type]


class AppUpdate(AppCreate):
    """Body of PUT /v0/api/v1/apps/:id: only the keys sent change; null clears an optional field
    and is refused for name, slug, niche, language, status, design and image_source."""

    name: Name = Field(None, description="2-80 characters")  # type: ignore[assignment]
    slug: Slug = Field(None, description="unique per organization")  # type: ignore[assignment]
    niche: Niche = Field(None, description="2-40 characters")  # type: ignore[assignment]
    language: Language = Field(None, description="ISO code, 2-8 characters")  # type: ignore[assignment]
    status: Status = Field(None, description="ACTIVE or ARCHIVED")  # type: ignore[arg-type]
    design: Design = Field(None)  # type: ignore[arg-type]
    image_source: ImageSource = Field(None, description=IMAGE_SOURCE_HELP)  # type: ignore[arg-type]


@router.get(
    "/v0/api/v1/apps",
    response_model=AppList,
    summary="List apps, newest first",
    responses=error_responses("VALIDATION_ERROR", *AUTH_ERRORS),
)
async def list_apps(
    request: Request,
    page: Annotated[int, Query(ge=1, le=2**31 - 1, description="1-indexed")] = 1,
    limit: Annotated[int, Query(ge=1, le=100, description="page size, max 100")] = 50,
    status: Annotated[Status | None, Query(description="ACTIVE or ARCHIVED")] = None,
    caller: Caller = Depends(require_caller),
) -> Response:
    return render(await ops.list_apps_rendered(request.app.state.backends, caller, page, limit, status))


@router.get(
    "/v0/api/v1/apps/{id}",
    response_model=AppOne,
    summary="Fetch one app",
    responses=error_responses("APP_NOT_FOUND", *AUTH_ERRORS),
)
async def get_app(id: str, request: Request, caller: Caller = Depends(require_caller)) -> Response:
    return render(await ops.get_app(request.app.state.backends, caller, id))


@router.post(
    "/v0/api/v1/apps",
    status_code=201,
    response_model=AppCreatedOut,
    summary="Create an app (subject to the plan's apps quota)",
    responses=error_responses("VALIDATION_ERROR", "QUOTA_EXCEEDED", "SLUG_EXISTS", *AUTH_ERRORS),
)
async def create_app(body: AppCreate, request: Request, caller: Caller = Depends(require_caller)) -> Response:
    fields = body.model_dump(exclude_unset=True)
    return render(await ops.create_app(request.app.state.backends, caller, fields), status_code=201)


@router.put(
    "/v0/api/v1/apps/{id}",
    response_model=AppUpdatedOut,
    summary="Update an app; only the keys sent change",
    responses=error_responses("VALIDATION_ERROR", "APP_NOT_FOUND", "SLUG_EXISTS", *AUTH_ERRORS),
)
async def update_app(
    id: str, body: AppUpdate, request: Request, caller: Caller = Depends(require_caller)
) -> Response:
    fields = body.model_dump(exclude_unset=True)
    return render(await ops.update_app(request.app.state.backends, caller, id, fields))


@router.delete(
    "/v0/api/v1/apps/{id}",
    response_model=Success,
    summary="Delete an app, cascading to its slideshows and assets",
    responses=error_responses("APP_NOT_FOUND", *AUTH_ERRORS),
)
async def delete_app(id: str, request: Request, caller: Caller = Depends(require_caller)) -> Response:
    return render(await ops.delete_app(request.app.state.backends, caller, id))

"""Slideshows, niches, formats, designs and ZIP export: the calls shared by REST and MCP.

Each function takes the Backends (and the Caller where scoped) and plain arguments, calls the
renderer over gRPC and returns a typed result (gateway.models: the REST envelope the route
declares, `success` + `body` / `data`), which REST renders as JSON and MCP reads as attributes.
Status names are the REST ones (QUEUED, RENDERING, READY, FAILED); MCP maps its own wording
onto them. Results are validated from the JSON content built from the renderer's answer
(Envelope.of: one pass in pydantic-core), which REST then renders as it is.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import orjson
from kit.errors import ServiceError, validation_error
from kit.grpcx import call
from kit.slidejson import asset_json, slide_json
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2

from gateway.auth import Caller
from gateway.formats import ts
from gateway.models import (
    DesignList,
    FormatList,
    GenerateResponse,
    NicheList,
    SlideshowList,
    SlideshowResponse,
    UploadResponse,
    ZipResponse,
)
from gateway.operations.apps import app_exists

STATUSES = ("QUEUED", "RENDERING", "READY", "FAILED")
IDEMPOTENCY_KEY_MAX = 255


def _variables(variables: Any) -> list[dict[str, Any]]:
    return [{"name": v.name, "description": v.description, "required": v.required} for v in variables]


def template_json(t: renderer_pb2.Template) -> dict[str, Any]:
    return {
        "key": t.key,
        "name": t.name,
        "description": t.description,
        "format": t.format,
        "slide_roles": list(t.slide_roles),
        "variables": _variables(t.variables),
    }


def summary_json(ss: renderer_pb2.Slideshow) -> dict[str, Any]:
    return {
        "_id": ss.id,
        "app_id": ss.app_id,
        "hook_id": ss.hook_id,
        "hook_text_snapshot": ss.hook_text_snapshot,
        "status": ss.status,
        "language": ss.language,
        "template_set": ss.template_set,
        "createdAt": ts(ss.created_at),
    }


def detail_json(ss: renderer_pb2.Slideshow) -> dict[str, Any]:
    out = summary_json(ss)
    out.update(
        {
            "app_name": ss.app_name,
            "template_key": ss.template_key,
            "design": ss.design,
            "slides": [slide_json(s) for s in ss.slides],
            "marketing_assets": [asset_json(a) for a in ss.marketing_assets],
            "updatedAt": ts(ss.updated_at),
        }
    )
    if ss.status == "FAILED":
        out["error"] = {"code": ss.error.code, "message": ss.error.message}
    return out


# --- catalog ---------------------------------------------------------------------------------


async def list_niches(backends: Any) -> NicheList:
    """The whole catalog as one page, in the collection envelope of the spec (page, limit, total)."""
    resp = await call(backends.renderer.ListNiches, renderer_pb2.ListNichesRequest())
    data = [
        {
            "key": n.key,
            "name": n.name,
            "languages": list(n.languages),
            "templates": [template_json(t) for t in n.templates],
        }
        for n in resp.niches
    ]
    return NicheList.of(
        {"success": True, "data": data, "page": 1, "limit": max(len(data), 1), "total": len(data)}
    )


async def list_formats(backends: Any, niche: str = "") -> FormatList:
    resp = await call(backends.renderer.ListFormats, renderer_pb2.ListFormatsRequest(niche=niche or ""))
    data = [
        {
            "key": f.key,
            "name": f.name,
            "description": f.description,
            "slide_roles": list(f.slide_roles),
            "variables": _variables(f.variables),
        }
        for f in resp.formats
    ]
    return FormatList.of({"success": True, "data": data})


async def list_designs(backends: Any) -> DesignList:
    resp = await call(backends.renderer.ListDesigns, renderer_pb2.ListDesignsRequest())
    return DesignList.of(
        {
            "success": True,
            "data": [{"key": d.key, "name": d.name, "description": d.description} for d in resp.designs],
        }
    )


# --- generate and read -----------------------------------------------------------------------


def _split_overrides(variable_overrides: Any) -> tuple[dict[str, str], list[str]]:
    """String values go through; names of non-string values are reported by the renderer in
    the spec's order of checks (after APP_NOT_FOUND and NICHE_NOT_REGISTERED)."""
    if variable_overrides is None:
        return {}, []
    if not isinstance(variable_overrides, dict):
        raise validation_error(
            [("variable_overrides", "must be an object mapping variable names to strings")]
        )
    strings = {str(k): v for k, v in variable_overrides.items() if isinstance(v, str)}
    others = [str(k) for k, v in variable_overrides.items() if not isinstance(v, str)]
    return strings, others


async def generate(
    backends: Any,
    caller: Caller,
    app_id: str,
    template_key: Any,
    variable_overrides: Any = None,
    idempotency_key: str = "",
    design: str = "",
) -> GenerateResponse:
    if template_key is None or (isinstance(template_key, str) and not template_key.strip()):
        raise ServiceError("TEMPLATE_KEY_REQUIRED", "template_key is required; see GET /v0/api/v1/niches.")
    if not isinstance(template_key, str):
        raise validation_error([("template_key", "must be a string")])
    if len(idempotency_key or "") > IDEMPOTENCY_KEY_MAX:
        raise validation_error([("Idempotency-Key", f"must be at most {IDEMPOTENCY_KEY_MAX} characters")])
    strings, others = _split_overrides(variable_overrides)
    resp = await call(
        backends.renderer.GenerateSlideshow,
        renderer_pb2.GenerateSlideshowRequest(
            organization_id=caller.organization_id,
            app_id=app_id,
            template_key=template_key.strip(),
            variable_overrides=strings,
            non_string_overrides=others,
            idempotency_key=idempotency_key or "",
            design=design or "",
        ),
    )
    return GenerateResponse.of(
        {"success": True, "body": {"slideshow_id": resp.slideshow_id, "status": resp.status}}
    )


def _require_slideshow_id(slideshow_id: str) -> None:
    """An id that cannot be one of ours is simply not found (as the spec says), not a 400."""
    if not (
        isinstance(slideshow_id, str)
        and slideshow_id.startswith("ss_")
        and len(slideshow_id) <= 100
        and slideshow_id.isascii()
    ):
        shown = str(slideshow_id)[:100]
        raise ServiceError("SLIDESHOW_NOT_FOUND", f"No slideshow with id '{shown}' in this organization.")


async def get_slideshow(backends: Any, caller: Caller, slideshow_id: str) -> SlideshowResponse:
    _require_slideshow_id(slideshow_id)
    resp = await call(
        backends.renderer.GetSlideshow,
        renderer_pb2.GetSlideshowRequest(
            organization_id=caller.organization_id, slideshow_id=slideshow_id, app_checked_by_caller=True
        ),
    )
    if not await app_exists(backends, caller, resp.slideshow.app_id):
        raise ServiceError("SLIDESHOW_NOT_FOUND", "No such slideshow in this organization.")
    return SlideshowResponse.of({"success": True, "body": detail_json(resp.slideshow)})


async def _existing_apps(backends: Any, caller: Caller, app_ids: set[str]) -> set[str]:
    """The apps among `app_ids` that the organization still has (kept answers: see app_exists)."""
    ordered = sorted(app_ids)
    flags = await asyncio.gather(*(app_exists(backends, caller, a) for a in ordered))
    return {a for a, ok in zip(ordered, flags, strict=True) if ok}


@dataclass(frozen=True, slots=True)
class KeptList:
    """A page of the slideshow list as the renderer answered it, its apps, and its answer when
    every one of them exists (rendered once)."""

    answer: renderer_pb2.ListSlideshowsResponse
    app_ids: frozenset[str]
    result: SlideshowList


async def list_slideshows(
    backends: Any,
    caller: Caller,
    page: int = 1,
    limit: int = 20,
    app_id: str = "",
    statuses: list[str] | tuple[str, ...] = (),
) -> SlideshowList:
    """{success, data: [summary], page, limit, total}, newest first; decks of apps deleted
    meanwhile are left out here (kept app answers) and counted out of the total.

    The page is kept with the list version it was read at (backends.slideshow_pages) and asked
    for with that version: while it is current, the renderer answers `unchanged` (one row read)
    and the kept page is sent again, its apps checked as on every read."""
    bad = [s for s in statuses if s not in STATUSES]
    if bad:
        raise validation_error([("status", f"must be one of {', '.join(STATUSES)}")])
    if page < 1 or not 1 <= limit <= 100:
        raise validation_error([("page" if page < 1 else "limit", "page >= 1, limit 1-100")])
    pages = backends.slideshow_pages
    key = (caller.organization_id, page, limit, app_id or "", tuple(statuses))
    request = renderer_pb2.ListSlideshowsRequest(
        organization_id=caller.organization_id,
        page=common_pb2.PageRequest(page=page, limit=limit),
        app_id=app_id or "",
        statuses=list(statuses),
        app_checked_by_caller=True,
        known_version=pages.version(key),
    )
    resp = await call(backends.renderer.ListSlideshows, request)
    if resp.unchanged:
        kept: KeptList | None = pages.get(key, resp.version)
        if kept is not None:
            alive = await _existing_apps(backends, caller, set(kept.app_ids))
            return kept.result if alive == kept.app_ids else _slideshow_list(kept.answer, alive)
        # Pushed out (or replaced) by another request meanwhile: read the page whole.
        request.known_version = 0
        resp = await call(backends.renderer.ListSlideshows, request)
    app_ids = frozenset(s.app_id for s in resp.slideshows)
    alive = await _existing_apps(backends, caller, set(app_ids))
    result = _slideshow_list(resp, alive)
    if alive == app_ids:
        content = result.__pydantic_private__["_content"]  # type: ignore[index]
        rendered = SlideshowList.prerendered(
            orjson.Fragment(orjson.dumps(content)),
            data=result.data,
            page=result.page,
            limit=result.limit,
            total=result.total,
        )
        pages.put(key, resp.version, KeptList(resp, app_ids, rendered))
    return result


def _slideshow_list(
    resp: renderer_pb2.ListSlideshowsResponse, alive: set[str] | frozenset[str]
) -> SlideshowList:
    rows = resp.slideshows
    return SlideshowList.of(
        {
            "success": True,
            "data": [summary_json(s) for s in rows if s.app_id in alive],
            "page": resp.page.page,
            "limit": resp.page.limit,
            "total": resp.page.total - sum(s.app_id not in alive for s in rows),
        }
    )


async def get_zip(backends: Any, caller: Caller, slideshow_id: str) -> ZipResponse:
    _require_slideshow_id(slideshow_id)
    resp = await call(
        backends.renderer.GetZip,
        renderer_pb2.GetZipRequest(organization_id=caller.organization_id, slideshow_id=slideshow_id),
        timeout=60,
    )
    return ZipResponse.of(
        {
            "success": True,
            "data": {"url": resp.url, "expires_at": ts(resp.expires_at), "cached": resp.cached},
        }
    )


async def upload_screenshot(
    backends: Any, caller: Caller, content: bytes, filename: str = "", content_type: str = ""
) -> UploadResponse:
    resp = await call(
        backends.renderer.UploadScreenshot,
        renderer_pb2.UploadScreenshotRequest(
            organization_id=caller.organization_id,
            content=content,
            filename=filename,
            content_type=content_type,
        ),
        timeout=30,
    )
    return UploadResponse.of({"success": True, "body": {"url": resp.url}})

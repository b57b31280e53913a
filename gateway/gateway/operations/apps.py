"""Apps: the application calls shared by the REST routes and the MCP tools.

Each function takes the Backends, the Caller and plain arguments, calls catalog over gRPC and
returns a typed result (gateway.models) whose JSON is the REST answer (key order included: the
App JSON's order is not AppOut's field order). Reads are pre-rendered: each app's JSON and AppOut
are memoized by the message's bytes, and the answer cache keeps whole results. `fields` dicts map App field names to values; None clears an
optional field, and is refused for a field that always has a value.
"""

from __future__ import annotations

import contextlib
import functools
import operator
from collections.abc import AsyncIterator
from typing import Any

import orjson
from google.protobuf import field_mask_pb2
from kit.errors import ServiceError, validation_error
from kit.grpcx import call
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2

from gateway.auth import Caller
from gateway.formats import ts
from gateway.models import AppCreatedOut, AppList, AppOne, AppOut, AppUpdatedOut, Success

STATUSES = ("ACTIVE", "ARCHIVED")
TEXT_FIELDS = (
    "name",
    "slug",
    "niche",
    "language",
    "status",
    "target_audience",
    "description",
    "ios_url",
    "android_url",
    "website_url",
    "brand_primary_color",
    "brand_secondary_color",
    "brand_accent_color",
    "design",
    "tagline",
    "image_source",
)
LIST_FIELDS = ("screenshots", "photos", "value_props", "pain_points", "differentiators")
FIELDS = TEXT_FIELDS + LIST_FIELDS
# Always hold a value: null is refused on update.
NOT_NULL = ("name", "slug", "niche", "language", "status", "design", "image_source")
# Set by the server on create, never by the client.
NOT_ON_CREATE = ("status",)


_JSON_KEYS = ("_id", "organization_id", *TEXT_FIELDS)
_read_texts = operator.attrgetter("id", "organization_id", *TEXT_FIELDS)
_read_lists = operator.attrgetter(*LIST_FIELDS)


def app_json(app: catalog_pb2.App) -> dict[str, Any]:
    """The REST App: every field; text fields are strings ("" when unset), lists are arrays.
    (Apps lists render 50 of these per request, hence the attrgetters.)"""
    out: dict[str, Any] = dict(zip(_JSON_KEYS, _read_texts(app), strict=True))
    for name, values in zip(LIST_FIELDS, _read_lists(app), strict=True):
        out[name] = list(values)
    out["createdAt"] = ts(app.created_at)
    out["updatedAt"] = ts(app.updated_at)
    return out


def _is_text(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_fields(fields: dict[str, Any], allowed: tuple[str, ...], *, nulls: bool) -> None:
    """Shape checks for callers without a typed model (MCP): names and JSON types."""
    errors: list[tuple[str, str]] = []
    for name, value in fields.items():
        if name not in allowed:
            errors.append((name, "unknown field"))
        elif value is None:
            if not nulls or name in NOT_NULL:
                errors.append((name, "must not be null"))
        elif name in LIST_FIELDS:
            if not isinstance(value, list) or not all(_is_text(v) for v in value):
                errors.append((name, "must be an array of strings"))
        elif not _is_text(value):
            errors.append((name, "must be a string"))
    if errors:
        raise validation_error(errors)


def _app_message(fields: dict[str, Any]) -> catalog_pb2.App:
    values = {k: ([] if k in LIST_FIELDS else "") if v is None else v for k, v in fields.items()}
    return catalog_pb2.App(**values)


def _require_app_id(app_id: str) -> None:
    if (
        not isinstance(app_id, str)
        or not app_id.startswith("app_")
        or len(app_id) > 100
        or not app_id.isascii()
    ):
        raise ServiceError("APP_NOT_FOUND", f"No app with id '{str(app_id)[:100]}' in this organization.")


@functools.lru_cache(maxsize=4096)
def _rendered(app_bytes: bytes) -> tuple[orjson.Fragment, AppOut]:
    # Keyed by the message's own bytes: the same bytes always render the same JSON (and model),
    # so nothing here can go stale; an app that changes simply has new bytes.
    content = app_json(catalog_pb2.App.FromString(app_bytes))
    return orjson.Fragment(orjson.dumps(content)), AppOut.model_validate(content)


def _list_result(resp: catalog_pb2.ListAppsResponse) -> tuple[AppList, int]:
    """The page as a pre-rendered AppList, and its JSON's size."""
    page = resp.page
    rendered = list(map(_rendered, map(catalog_pb2.App.SerializeToString, resp.apps)))
    jsons, apps = zip(*rendered, strict=True) if rendered else ((), ())
    body = orjson.dumps(
        {"success": True, "data": jsons, "page": page.page, "limit": page.limit, "total": page.total}
    )
    result = AppList.prerendered(
        orjson.Fragment(body), data=list(apps), page=page.page, limit=page.limit, total=page.total
    )
    return result, len(body)


async def list_apps(
    backends: Any, caller: Caller, page: int = 1, limit: int = 50, status: str | None = None
) -> AppList:
    """A page of the organization's apps, from catalog (the console and MCP: no answer cache)."""
    resp = await _list_page(backends, caller, page, limit, status)
    return _list_result(resp)[0]


async def list_apps_rendered(
    backends: Any, caller: Caller, page: int = 1, limit: int = 50, status: str | None = None
) -> AppList:
    """list_apps for REST, rendered once: each app's rendering is memoized, since lists are read
    far more than apps change, and whole answers are kept by backends.apps_cache while catalog
    streams the changes (pages past the end are not kept)."""
    cache = backends.apps_cache
    key = cache.list_key(caller.organization_id, page, limit, status)
    kept = cache.get(key)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    generation = cache.generation
    resp = await _list_page(backends, caller, page, limit, status)
    result, size = _list_result(resp)
    if resp.apps or page == 1:
        cache.put(caller.organization_id, key, result, generation, weight=size)
    return result


async def _list_page(
    backends: Any, caller: Caller, page: int, limit: int, status: str | None
) -> catalog_pb2.ListAppsResponse:
    errors = []
    if not isinstance(page, int) or page < 1 or page > 2**31 - 1:
        errors.append(("page", "must be an integer of at least 1"))
    if not isinstance(limit, int) or not 1 <= limit <= 100:
        errors.append(("limit", "must be an integer between 1 and 100"))
    if status is not None and status not in STATUSES:
        errors.append(("status", "must be ACTIVE or ARCHIVED"))
    if errors:
        raise validation_error(errors)
    request = catalog_pb2.ListAppsRequest(
        organization_id=caller.organization_id,
        page=common_pb2.PageRequest(page=page, limit=limit),
        status=status or "",
    )
    return await call(backends.catalog.ListApps, request, organization_id=caller.organization_id)


async def get_app(backends: Any, caller: Caller, app_id: str) -> AppOne:
    _require_app_id(app_id)
    cache = backends.apps_cache
    key = cache.app_key(caller.organization_id, app_id)
    kept = cache.get(key)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    generation = cache.generation
    request = catalog_pb2.GetAppRequest(organization_id=caller.organization_id, app_id=app_id)
    resp = await call(backends.catalog.GetApp, request, organization_id=caller.organization_id)
    json, app = _rendered(resp.app.SerializeToString())
    body = orjson.dumps({"success": True, "body": json})
    result = AppOne.prerendered(orjson.Fragment(body), body=app)
    cache.put(caller.organization_id, key, result, generation, weight=len(body))
    return result


async def app_exists(backends: Any, caller: Caller, app_id: str) -> bool:
    """Whether the organization still has the app (archived or not), from the answers kept while
    catalog streams their changes (get_app): once an app's DELETE has answered, this is False on
    every gateway, so its slideshows are not found even before the renderer hears of it."""
    try:
        await get_app(backends, caller, app_id)
    except ServiceError as err:
        if err.code == "APP_NOT_FOUND":
            return False
        raise
    return True


async def create_app(backends: Any, caller: Caller, fields: dict[str, Any]) -> AppCreatedOut:
    allowed = tuple(f for f in FIELDS if f not in NOT_ON_CREATE)
    _check_fields(fields, allowed, nulls=True)
    if fields.get("name") is None:
        raise validation_error([("name", "is required")])
    present = {k: v for k, v in fields.items() if v is not None}
    request = catalog_pb2.CreateAppRequest(organization_id=caller.organization_id, app=_app_message(present))
    async with _writing(backends, caller):
        app = (await call(backends.catalog.CreateApp, request, organization_id=caller.organization_id)).app
    body = {
        "_id": app.id,
        "slug": app.slug,
        "name": app.name,
        "status": app.status,
        "createdAt": ts(app.created_at),
    }
    return AppCreatedOut.of({"success": True, "body": body})


async def update_app(backends: Any, caller: Caller, app_id: str, fields: dict[str, Any]) -> AppUpdatedOut:
    _check_fields(fields, FIELDS, nulls=True)
    _require_app_id(app_id)
    request = catalog_pb2.UpdateAppRequest(
        organization_id=caller.organization_id,
        app_id=app_id,
        app=_app_message(fields),
        update_mask=field_mask_pb2.FieldMask(paths=sorted(fields)),
    )
    async with _writing(backends, caller):
        app = (await call(backends.catalog.UpdateApp, request, organization_id=caller.organization_id)).app
    return AppUpdatedOut.of(
        {"success": True, "body": {"_id": app.id, "name": app.name, "status": app.status}}
    )


async def delete_app(backends: Any, caller: Caller, app_id: str) -> Success:
    _require_app_id(app_id)
    request = catalog_pb2.DeleteAppRequest(organization_id=caller.organization_id, app_id=app_id)
    async with _writing(backends, caller):
        await call(backends.catalog.DeleteApp, request, organization_id=caller.organization_id)
    return Success.of({"success": True})


@contextlib.asynccontextmanager
async def _writing(backends: Any, caller: Caller) -> AsyncIterator[None]:
    """Drops the organization's kept app answers once a write is done or failed (it may have
    committed even so). Catalog's change stream says the same; this covers a gateway that watches
    another catalog replica than the one that took the write."""
    try:
        yield
    finally:
        backends.apps_cache.forget(caller.organization_id)

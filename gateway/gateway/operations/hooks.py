"""Hooks: the application calls shared by the REST routes and the MCP tools.

Each function takes the Backends, the Caller and plain arguments, calls the hooks service over
gRPC and returns a typed result (gateway.models) built from its answer in one validation.
"""

from __future__ import annotations

from typing import Any

import orjson
from kit.grpcx import call
from slides.common.v1 import common_pb2
from slides.hooks.v1 import hooks_pb2

from gateway.auth import Caller
from gateway.formats import ts
from gateway.models import GeneratedHooks, HookList, HookOne, RefreshNowOut

CATEGORIES = ("problem", "curiosity", "social_proof", "listicle", "contrarian", "story")
STATUSES = ("APPROVED", "PENDING", "REJECTED")
SOURCES = ("seed", "generated", "llm", "manual")


def hook_json(hook: hooks_pb2.Hook) -> dict[str, Any]:
    """The REST Hook. `_id` is null for brainstormed hooks that were not stored."""
    return {
        "_id": hook.id or None,
        "organization_id": hook.organization_id,
        "text": hook.text,
        "category": hook.category,
        "language": hook.language,
        "niche": hook.niche,
        "source": hook.source,
        "status": hook.status,
        "performance_score": hook.performance_score,
        "createdAt": ts(hook.created_at),
    }


async def list_hooks(
    backends: Any,
    caller: Caller,
    page: int = 1,
    limit: int = 50,
    niche: str = "",
    language: str = "",
    category: str = "",
    status: str = "",
    q: str = "",
    sort: str = "",
) -> HookList:
    """{success, data: [Hook], page, limit, total}; default order performance_score desc.

    The page is kept with the library version it was read at (backends.hook_pages) and asked for
    with that version: while it is current, hooks answers `unchanged` (one row read) and the kept
    page, rendered once, is sent again."""
    kept = backends.hook_pages
    key = (caller.organization_id, page, limit, niche, language, category, status, q, sort)
    request = hooks_pb2.ListHooksRequest(
        organization_id=caller.organization_id,
        page=common_pb2.PageRequest(page=page, limit=limit),
        niche=niche or "",
        language=language or "",
        category=category or "",
        status=status or "",
        q=q or "",
        sort=sort or "",
        known_version=kept.version(key),
    )
    resp = await call(backends.hooks.ListHooks, request)
    if resp.unchanged:
        current = kept.get(key, resp.version)
        if current is not None:
            return current
        # Pushed out (or replaced) by another request meanwhile: read the page whole.
        request.known_version = 0
        resp = await call(backends.hooks.ListHooks, request)
    content = {
        "success": True,
        "data": [hook_json(h) for h in resp.hooks],
        "page": resp.page.page,
        "limit": resp.page.limit,
        "total": resp.page.total,
    }
    result = HookList.of(content)
    rendered = orjson.Fragment(orjson.dumps(content))
    kept.put(
        key,
        resp.version,
        HookList.prerendered(
            rendered, data=result.data, page=result.page, limit=result.limit, total=result.total
        ),
    )
    return result


async def refresh_now(backends: Any, caller: Caller, app_id: str = "") -> RefreshNowOut:
    """{success, data: {jobs_started, apps: [{id, name, niche, language}]}} (HTTP 202)."""
    resp = await call(
        backends.hooks.RefreshNow,
        hooks_pb2.RefreshNowRequest(organization_id=caller.organization_id, app_id=app_id or ""),
        timeout=30,
    )
    return RefreshNowOut.of(
        {
            "success": True,
            "data": {
                "jobs_started": resp.jobs_started,
                "apps": [
                    {"id": a.id, "name": a.name, "niche": a.niche, "language": a.language} for a in resp.apps
                ],
            },
        }
    )


async def generate_hooks(
    backends: Any, caller: Caller, app_id: str, count: int = 10, category: str = ""
) -> GeneratedHooks:
    """Brainstorm hooks for an app: nothing is stored, no quota is used.
    {success, data: [Hook with _id null]}."""
    resp = await call(
        backends.hooks.GenerateHooks,
        hooks_pb2.GenerateHooksRequest(
            organization_id=caller.organization_id, app_id=app_id, count=count, category=category or ""
        ),
        timeout=30,
    )
    return GeneratedHooks.of({"success": True, "data": [hook_json(h) for h in resp.hooks]})


async def review_hook(backends: Any, caller: Caller, hook_id: str, status: str) -> HookOne:
    """APPROVED or REJECTED for one of the organization's hooks: {success, body: Hook}."""
    resp = await call(
        backends.hooks.ReviewHook,
        hooks_pb2.ReviewHookRequest(organization_id=caller.organization_id, hook_id=hook_id, status=status),
    )
    return HookOne.of({"success": True, "body": hook_json(resp.hook)})

"""Hooks: the application calls shared by the REST routes and the MCP tools.

Each function takes the Backends, the Caller and plain arguments, calls the hooks service over
gRPC and returns a typed result (gateway.models) built from its answer in one validation.
"""

from __future__ import annotations

from typing import Any

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
    """{success, data: [Hook], page, limit, total}; default order performance_score desc."""
    resp = await call(
        backends.hooks.ListHooks,
        hooks_pb2.ListHooksRequest(
            organization_id=caller.organization_id,
            page=common_pb2.PageRequest(page=page, limit=limit),
            niche=niche or "",
            language=language or "",
            category=category or "",
            status=status or "",
            q=q or "",
            sort=sort or "",
        ),
    )
    return HookList.of(
        {
            "success": True,
            "data": [hook_json(h) for h in resp.hooks],
            "page": resp.page.page,
            "limit": resp.page.limit,
            "total": resp.page.total,
        }
    )


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

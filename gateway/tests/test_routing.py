"""gateway.routing.Router skips a router only when none of its routes could match the path: every
route of the app is still reached by a path made from its template, with and without the method
it serves (405 is a partial match and must still be found)."""

from __future__ import annotations

import re

from fastapi.routing import APIRoute, iter_route_contexts
from gateway.app import ROUTE_MODULES, create_app
from gateway.routing import Router, literal_prefix
from starlette.routing import Match


def _sample(path: str) -> str:
    return re.sub(r"\{[^}:]+(:path)?\}", lambda m: "a/b" if m.group(1) else "abc", path)


def test_every_route_module_uses_the_router() -> None:
    import importlib

    for name in ROUTE_MODULES:
        assert isinstance(importlib.import_module(f"gateway.routes.{name}").router, Router), name
    from gateway.console import router

    assert isinstance(router, Router)


def test_routers_match_their_own_paths_and_skip_others() -> None:
    app = create_app()
    routers = [r for r in app.router.routes if isinstance(getattr(r, "original_router", None), Router)]
    assert routers, "the app includes the modules' routers"
    contexts = [c for c in iter_route_contexts(app.routes) if isinstance(c.original_route, APIRoute)]
    assert contexts
    for context in contexts:
        route = context.original_route
        # The effective path (no include prefix) is the route's own: the prefixes are the right ones.
        assert (context.path_format or route.path_format) == route.path_format
        path = _sample(route.path_format)
        assert path.startswith(literal_prefix(route.path_format))
        for method in (*sorted(route.methods or ()), "PATCH"):
            scope = {"type": "http", "method": method, "path": path, "root_path": "", "headers": []}
            outcomes = [r.matches(dict(scope))[0] for r in app.router.routes]
            assert any(m != Match.NONE for m in outcomes), (method, path)


def test_a_router_without_a_matching_prefix_answers_none() -> None:
    router = Router()

    @router.get("/v0/api/v1/hooks/{id}")
    async def one(id: str) -> dict:  # pragma: no cover - never called
        return {}

    scope = {"type": "http", "method": "GET", "path": "/v0/api/v1/apps/x", "root_path": "", "headers": []}
    assert router.matches(scope) == (Match.NONE, {})

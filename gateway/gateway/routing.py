"""The gateway's APIRouter: the same routes, matched the same way, with a cheap first test.

FastAPI tries the included routers in order for every request, and each tries every one of its
routes (a regular expression and some bookkeeping per route): a GET on /v0/api/v1/hooks went
through the health, auth, api-keys, apps, niches, slideshows and uploads routes first, about a
tenth of the gateway's CPU per request (py-spy, docs/dev.md "Read path profile"). A route's
regular expression starts with its path up to the first parameter, so a router none of whose
routes starts that way cannot match the path (neither fully nor partially: a 405 needs the path
to match too) and is skipped at once; a router that could match is asked exactly as before."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from starlette._utils import get_route_path
from starlette.routing import Match
from starlette.types import Scope


def literal_prefix(path: str) -> str:
    """The part of a route's path before its first parameter ("/v0/api/v1/apps/{id}" ->
    "/v0/api/v1/apps/"): every path the route matches starts with it."""
    return path.split("{", 1)[0]


class Router(APIRouter):
    _prefixes: tuple[str, ...] = ("",)
    _prefixes_of = -1  # the number of routes _prefixes was computed from

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if len(self.routes) != self._prefixes_of:
            self._prefixes = self._route_prefixes()
            self._prefixes_of = len(self.routes)
        if scope.get("type") == "http" and not get_route_path(scope).startswith(self._prefixes):
            return Match.NONE, {}
        return super().matches(scope)

    def _route_prefixes(self) -> tuple[str, ...]:
        prefixes: set[str] = set()
        for route in self.routes:
            path: Any = getattr(route, "path", None)
            if not isinstance(path, str):
                return ("",)  # a route without a path of its own: always ask the router
            prefixes.add(literal_prefix(path))
        return tuple(sorted(prefixes))

"""Who is calling the current MCP request.

The HTTP wrapper in routes/mcp.py authenticates the request, then sets this context variable
before handing the request to the SDK. Stateless requests are served by a task the SDK spawns
from inside that call, and asyncio copies the context into it, so every tool sees the caller.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from kit.errors import ServiceError

from gateway.auth import Caller


@dataclass(frozen=True)
class ToolContext:
    backends: Any
    caller: Caller


current: ContextVar[ToolContext | None] = ContextVar("mcp_tool_context", default=None)


def get() -> ToolContext:
    ctx = current.get()
    if ctx is None:
        raise ServiceError("UNAUTHORIZED", "MCP tools are only reachable through an authenticated request.")
    return ctx


def args() -> tuple[Any, Caller]:
    """(backends, caller): the leading arguments of every caller-scoped operation."""
    ctx = get()
    return ctx.backends, ctx.caller

"""The MCP server object: the ten tools with their annotations, and tool errors carrying the
same `code` strings as the REST error envelope."""

from __future__ import annotations

import json
from typing import Any

from kit import logs, text
from kit.errors import ServiceError
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.context import Context
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp_types import CallToolResult, InputRequiredResult, TextContent, ToolAnnotations
from pydantic import ValidationError

from gateway.mcp_tools import tools
from gateway.mcp_tools.adapters import REST_TO_MCP

log = logs.get(__name__)

INSTRUCTIONS = """Slideshow marketing service: generate 6-slide TikTok-style slideshows promoting
your mobile apps. Typical flow: list_apps -> get_app -> list_formats (niche of the app) ->
generate_slideshow (returns PENDING) -> get_slideshow until COMPLETED or FAILED ->
publish_slideshow (optional, irreversible). Errors come back as tool errors whose `error.code`
is the same code as the REST API (APP_NOT_FOUND, QUOTA_EXCEEDED, SLIDESHOW_NOT_READY, ...)."""

READ = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
CREATE = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
# Irreversible, but a repeat for the same slideshow and account returns the recorded publication.
PUBLISH = ToolAnnotations(
    read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=True
)

TOOLS: list[tuple[Any, str, ToolAnnotations]] = [
    (tools.list_apps, "List apps", READ),
    (tools.get_app, "Get app positioning", READ),
    (tools.list_formats, "List slideshow formats", READ),
    (tools.list_design_templates, "List design templates", READ),
    (tools.generate_slideshow, "Generate a slideshow", CREATE),
    (tools.get_slideshow, "Get a slideshow", READ),
    (tools.list_slideshows, "List slideshows", READ),
    # Brainstorming stores nothing (each call just returns new ideas).
    (tools.generate_hooks, "Generate hooks", READ),
    (tools.get_usage, "Get plan usage", READ),
    (tools.publish_slideshow, "Publish a slideshow", PUBLISH),
]


def error_result(code: str, message: str, details: dict[str, Any] | None = None) -> CallToolResult:
    """An MCP tool error (isError) with the REST envelope's error object as structured content."""
    error: dict[str, Any] = {"code": code, "message": message}
    if details:
        error["details"] = details
    body = {"error": error}
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(body))], structured_content=body, is_error=True
    )


def _validation_fields(err: ValidationError) -> list[dict[str, str]]:
    return [
        {
            "field": ".".join(str(p) for p in e.get("loc", ())) or "arguments",
            "message": e.get("msg", "invalid value"),
        }
        for e in err.errors()
    ]


class GatewayMCPServer(MCPServer):
    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        bad = list(text.walk(arguments)) if isinstance(arguments, dict) else []
        if bad:
            fields = [{"field": f, "message": m} for f, m in bad[:20]]
            return error_result(
                "VALIDATION_ERROR",
                "Tool arguments failed validation: remove the characters named in details.",
                {"fields": fields},
            )
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            return _tool_error(name, exc)


# Arguments whose absence REST reports with a code of its own: the same code here.
MISSING_ARGUMENT_CODES = {
    ("generate_slideshow", "template_key"): (
        "TEMPLATE_KEY_REQUIRED",
        "template_key is required; see list_formats.",
    ),
}


def _missing_argument(name: str, err: ValidationError) -> tuple[str, str] | None:
    for e in err.errors():
        loc = e.get("loc", ())
        absent = e.get("type") == "missing" or (e.get("type") == "string_too_short" and e.get("input") == "")
        if absent and len(loc) == 1 and (name, str(loc[0])) in MISSING_ARGUMENT_CODES:
            return MISSING_ARGUMENT_CODES[(name, str(loc[0]))]
    return None


def _tool_error(name: str, exc: ToolError) -> CallToolResult:
    cause = exc.__cause__
    if isinstance(cause, ServiceError):
        if cause.code == "INTERNAL":
            return error_result("INTERNAL", "Internal error.")
        details = dict(cause.details or {})
        if details.get("status") in REST_TO_MCP:  # a slideshow's status, in MCP's words
            details["status"] = REST_TO_MCP[details["status"]]
        return error_result(cause.code, cause.message, details or None)
    if isinstance(cause, ValidationError) and not isinstance(exc, UnexpectedToolError):
        # Arguments that don't match the input schema (a failing output model is a crash).
        missing = _missing_argument(name, cause)
        if missing is not None:
            return error_result(*missing)
        return error_result(
            "VALIDATION_ERROR", "Tool arguments failed validation.", {"fields": _validation_fields(cause)}
        )
    if cause is None:
        # Unknown tool name and similar SDK-level refusals.
        return error_result("VALIDATION_ERROR", str(exc))
    log.error("mcp tool crashed", tool=name, exc_info=cause)
    return error_result("INTERNAL", "Internal error.")


def build() -> GatewayMCPServer:
    server = GatewayMCPServer(name="slideshow-marketing", instructions=INSTRUCTIONS, version="0.1.0")
    for fn, title, hints in TOOLS:
        server.add_tool(fn, title=title, annotations=hints, structured_output=True)
    return server

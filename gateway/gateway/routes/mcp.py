"""POST /v0/mcp: the remote MCP server (stateless Streamable HTTP, JSON responses).

Every HTTP request is authenticated and rate limited here exactly like REST (same key rules,
same shared per-minute counter: one MCP HTTP request = one unit) before the SDK sees it;
refusals are the REST error envelope (401 with WWW-Authenticate, 403, 429 with Retry-After),
rendered by the app's ServiceError handler. The caller reaches the tools through a context
variable (see gateway.mcp_tools.context)."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

from fastapi import FastAPI
from kit.errors import ServiceError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import BaseModel, Field
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Message, Receive, Scope, Send

from gateway import errors
from gateway.auth import authenticate_token, bearer_token, enforce_rate_limit
from gateway.mcp_tools import context
from gateway.mcp_tools.exchange import Exchanges
from gateway.mcp_tools.server import build
from gateway.routing import Router

PATH = "/v0/mcp"
LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"]

router = Router(tags=["mcp"])


def transport_security(allowed_hosts: str) -> TransportSecuritySettings:
    """Host/Origin allow-list of the transport: localhost plus GatewaySettings.mcp_allowed_hosts
    (comma separated; "*" accepts any host, for deployments behind a proxy that checks it)."""
    hosts = [h.strip() for h in allowed_hosts.split(",") if h.strip()]
    if "*" in hosts:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    names = LOCAL_HOSTS + hosts
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=names + [f"{h}:*" for h in names],
        allowed_origins=[
            f"{scheme}://{h}{port}" for scheme in ("http", "https") for h in names for port in ("", ":*")
        ],
    )


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    # A session manager runs once, so each application lifespan builds its own server.
    server = build()
    logging.getLogger("mcp").setLevel(logging.WARNING)  # one INFO line per stateless request otherwise
    server.streamable_http_app(
        stateless_http=True,
        json_response=True,
        transport_security=transport_security(app.state.settings.mcp_allowed_hosts),
    )
    async with server.session_manager.run():
        app.state.mcp_session_manager = server.session_manager
        app.state.mcp_exchanges = Exchanges(server.session_manager)
        yield


async def mcp_endpoint(scope: Scope, receive: Receive, send: Send) -> None:
    request = Request(scope, receive)
    # A ServiceError raised here (nothing sent yet) is rendered by the app's error handler.
    caller = await authenticate_token(request, bearer_token(request))
    await enforce_rate_limit(request, caller)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise ServiceError(
            "UNSUPPORTED_MEDIA_TYPE", "MCP messages are JSON-RPC: send Content-Type: application/json."
        )
    body = await request.body()
    refusal = jsonrpc_refusal(body)
    if refusal is not None:
        await JSONResponse(refusal, status_code=400)(scope, receive, send)
        return
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    receive = replay
    manager: StreamableHTTPSessionManager = request.app.state.mcp_session_manager
    exchanges: Exchanges = request.app.state.mcp_exchanges
    token = context.current.set(context.ToolContext(backends=request.app.state.backends, caller=caller))
    try:
        # A plain request is answered in this task (gateway.mcp_tools.exchange); the SDK's
        # transport takes everything else.
        if not await exchanges.serve(request, body, scope, receive, send):
            await manager.handle_request(scope, receive, send)
    finally:
        context.current.reset(token)


INVALID_REQUEST = (
    'Invalid request: send one JSON-RPC 2.0 object with "jsonrpc": "2.0", a string "method", '
    'an optional object "params" and a string or integer "id".'
)


def jsonrpc_refusal(body: bytes) -> dict[str, Any] | None:
    """A JSON-RPC error of our own for a body that is not a JSON-RPC 2.0 message, so the
    answer says what to fix instead of quoting the SDK's validation internals."""
    try:
        message = json.loads(body)
    except ValueError:
        return _rpc_error(None, -32700, "Parse error: the body is not valid JSON.")
    if not isinstance(message, dict):
        return _rpc_error(None, -32600, INVALID_REQUEST)
    raw_id = message.get("id")
    rpc_id = raw_id if isinstance(raw_id, str | int) and not isinstance(raw_id, bool) else None
    if message.get("jsonrpc") != "2.0":
        return _rpc_error(rpc_id, -32600, INVALID_REQUEST)
    if "method" in message:
        if not isinstance(message["method"], str) or not isinstance(message.get("params", {}), dict):
            return _rpc_error(rpc_id, -32600, INVALID_REQUEST)
        params = message.get("params") or {}
        if message["method"] == "tools/call" and not isinstance(params.get("arguments", {}), dict):
            return _rpc_error(rpc_id, -32602, 'Invalid params: "arguments" must be an object.')
        if "id" in message and rpc_id is None:
            return _rpc_error(None, -32600, INVALID_REQUEST)
        return None
    if "result" in message or "error" in message:
        return None
    return _rpc_error(rpc_id, -32600, INVALID_REQUEST)


def _rpc_error(rpc_id: str | int | None, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rpc_id, "error": {"code": code, "message": message}}


class JsonRpcError(BaseModel):
    code: int = Field(description="-32700 parse error, -32600 invalid request, -32602 invalid params")
    message: str


class JsonRpcErrorResponse(BaseModel):
    """The JSON-RPC 2.0 error answer to a body that is not a JSON-RPC 2.0 message."""

    jsonrpc: Literal["2.0"]
    id: str | int | None
    error: JsonRpcError


# What the transport takes (else 400 and a JSON-RPC error): an unknown method or bad params
# are JSON-RPC errors in a 200 answer; other keys are ignored.
JSON_RPC_MESSAGE: dict[str, Any] = {
    "type": "object",
    "description": "A JSON-RPC 2.0 message (request, or notification without id).",
    "required": ["jsonrpc", "method"],
    "properties": {
        "jsonrpc": {"const": "2.0"},
        "method": {"type": "string", "examples": ["tools/list"]},
        "params": {"type": "object"},
        "id": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    },
}


class _AsgiEndpoint:
    """Wraps the function so Starlette treats it as a raw ASGI app, not a request handler."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await mcp_endpoint(scope, receive, send)


# POST only: a stateless server has no stream to offer on GET (the SDK would hold it open
# forever) and no session to end on DELETE; both get 405 METHOD_NOT_ALLOWED.
for _path in (PATH, PATH + "/"):
    router.add_route(_path, _AsgiEndpoint(), methods=["POST"], include_in_schema=False)  # type: ignore[arg-type]


# Documentation only: the raw route above is registered first and so serves every request;
# this entry puts the endpoint and its HTTP-level errors into /openapi.json.
@router.post(
    PATH,
    summary="MCP server (stateless Streamable HTTP, JSON responses)",
    responses={
        **errors.responses(
            "UNAUTHORIZED",
            "PLAN_LACKS_API",
            "ORGANIZATION_SUSPENDED",
            "RATE_LIMITED",
            "UNSUPPORTED_MEDIA_TYPE",
        ),
        400: {"model": JsonRpcErrorResponse, "description": "A body that is not a JSON-RPC 2.0 message"},
        202: {"description": "A notification (a message without id): accepted, no body"},
    },
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": JSON_RPC_MESSAGE}},
        }
    },
)
async def mcp_documentation() -> dict[str, Any]:
    """JSON-RPC 2.0 over HTTP POST (`Accept: application/json, text/event-stream`), same
    `Authorization: Bearer <API key>` and shared per-minute limit as REST (one request = one unit).
    Tools: list_apps, get_app, list_formats, list_design_templates, generate_slideshow,
    get_slideshow, list_slideshows, generate_hooks, get_usage, publish_slideshow; their input
    and output schemas come from `tools/list`. Tool failures are results with `isError: true`
    and `structuredContent.error.code` set to the REST error code. See docs/mcp.md."""
    raise ServiceError("INTERNAL", "The MCP route is served by the transport.")

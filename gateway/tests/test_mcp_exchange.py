"""gateway.mcp_tools.exchange answers exactly what the SDK's stateless transport answers (status,
headers, body), and leaves to the SDK every message it does not serve. No stack: the tools run
without a caller (their operations refuse with UNAUTHORIZED, a tool error), or are stand-ins."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from gateway.mcp_tools import exchange
from gateway.mcp_tools.server import GatewayMCPServer, build
from gateway.routes.mcp import transport_security
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.requests import Request
from starlette.types import Message

ACCEPT = "application/json, text/event-stream"


@asynccontextmanager
async def running() -> AsyncIterator[StreamableHTTPSessionManager]:
    """The gateway's MCP server as routes.mcp runs it (a context, not a fixture: the session
    manager's task group must be left in the task that entered it)."""
    server = build()
    server.streamable_http_app(
        stateless_http=True, json_response=True, transport_security=transport_security("")
    )
    async with server.session_manager.run():
        yield server.session_manager


def scope_of(headers: dict[str, str]) -> dict[str, Any]:
    return {
        "type": "http",
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v0/mcp",
        "raw_path": b"/v0/mcp",
        "query_string": b"",
        "root_path": "",
        "server": ("127.0.0.1", 8080),
        "client": ("127.0.0.1", 50000),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }


async def answer(
    manager: StreamableHTTPSessionManager, body: bytes, headers: dict[str, str], fast: bool
) -> tuple[bool, int, list[tuple[bytes, bytes]], bytes]:
    """(served by the exchange, status, headers, body) of one POST, through the exchange first
    (fast) or straight to the SDK."""
    scope = scope_of(headers)
    sent: list[Message] = []
    given = False

    async def receive() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    served = False
    if fast:
        request = Request(scope, receive)
        await request.body()
        served = await exchange.Exchanges(manager).serve(request, body, scope, receive, send)
        given = False
    if not served:
        await manager.handle_request(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    content = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return served, start["status"], sorted(start["headers"]), content


def rpc(method: str, params: dict[str, Any] | None = None, rpc_id: Any = 7) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": rpc_id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode()


SERVED = [
    rpc("tools/list"),
    rpc("tools/list", {"cursor": "x"}, rpc_id="abc"),
    rpc("ping"),
    rpc("tools/call", {"name": "get_slideshow", "arguments": {"slideshow_id": "ss_1"}}),
    rpc("tools/call", {"name": "list_design_templates", "arguments": {}}),
    rpc("tools/call", {"name": "get_slideshow", "arguments": {}}),  # missing argument
    rpc("tools/call", {"name": "get_slideshow", "arguments": {"slideshow_id": 5}}),
    rpc("tools/call", {"name": "no_such_tool", "arguments": {}}),
    rpc("tools/call", {"arguments": {}}),  # no name: invalid params
    rpc("resources/list"),  # no resources: method not found
    rpc("prompts/get", {"name": "x"}),
    rpc("no/such/method"),
]


@pytest.mark.parametrize("body", SERVED, ids=range(len(SERVED)))
@pytest.mark.parametrize("version", [None, "2025-06-18", "2025-03-26"])
async def test_a_request_is_answered_as_the_sdk_answers_it(body: bytes, version: str | None) -> None:
    headers = {"host": "127.0.0.1:8080", "content-type": "application/json", "accept": ACCEPT}
    if version:
        headers["mcp-protocol-version"] = version
    async with running() as manager:
        served, *fast = await answer(manager, body, headers, fast=True)
        _, *sdk = await answer(manager, body, headers, fast=False)
    assert served
    assert fast == sdk


PASSED_ON = [
    (
        rpc(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        ),
        {},
    ),
    (b'{"jsonrpc": "2.0", "method": "notifications/initialized"}', {}),
    (b'{"jsonrpc": "2.0", "id": 3, "result": {}}', {}),
    (b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', {}),
    (b'{"jsonrpc": "2.0", "id": 1, "method": 5}', {}),
    (b"not json", {}),
    (rpc("tools/list"), {"host": "evil.example"}),
    (rpc("tools/list"), {"accept": "text/html"}),
    (rpc("tools/list"), {"mcp-protocol-version": "1999-01-01"}),
    (rpc("tools/list"), {"mcp-protocol-version": ""}),
]


@pytest.mark.parametrize(("body", "extra"), PASSED_ON, ids=range(len(PASSED_ON)))
async def test_everything_else_is_left_to_the_sdk(body: bytes, extra: dict[str, str]) -> None:
    headers = {"host": "127.0.0.1:8080", "content-type": "application/json", "accept": ACCEPT, **extra}
    async with running() as manager:
        served, *_ = await answer(manager, body, headers, fast=True)
    assert not served


async def test_a_tool_that_crashes_is_answered_as_the_sdk_answers_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK makes an exception in a tool a tool error (isError, its text): here too."""

    async def crash(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    headers = {"host": "127.0.0.1:8080", "content-type": "application/json", "accept": ACCEPT}
    body = rpc("tools/call", {"name": "get_slideshow", "arguments": {"slideshow_id": "ss_1"}})
    monkeypatch.setattr(GatewayMCPServer, "call_tool", crash)
    async with running() as manager:
        served, *fast = await answer(manager, body, headers, fast=True)
        _, *sdk = await answer(manager, body, headers, fast=False)
    assert served and fast == sdk

"""One stateless MCP request answered in the HTTP request's own task.

For every POST the SDK's stateless Streamable HTTP path
(`StreamableHTTPSessionManager._handle_stateless_request`) builds a transport with its memory
streams, starts a server task in the manager's task group, runs a `JSONRPCDispatcher` (a task
group of its own, a spawned task for the request), routes the response back through the streams
and tears all of it down again: about half of the gateway's CPU per `tools/call` (py-spy, see
docs/dev.md "Fourth pass"). In JSON response mode a request has nothing to stream: its answer is
one JSON-RPC message. So a request (not a notification or a response, not `initialize`) of a
handshake-era protocol version is served here by the SDK's own single-exchange driver
(`serve_one`, what its 2026-07-28 entry runs): the same `ServerRunner` (method validation, the
initialized gate of a born-ready connection, the handler, the result sieve) on a connection built
as the stateless path builds it, and the dispatcher's exception-to-error mapping. Everything
else, and any request the transport would refuse (Host/Origin, Accept, body size, a body that is
not a JSON-RPC message), goes to the SDK unchanged, which answers it as before.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import anyio
import pydantic_core
from mcp.server.connection import Connection
from mcp.server.runner import serve_one
from mcp.server.streamable_http import check_accept_headers
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecurityMiddleware
from mcp.shared.dispatcher import CallOptions
from mcp.shared.exceptions import NoBackChannelError
from mcp.shared.inbound import MCP_PROTOCOL_VERSION_HEADER
from mcp.shared.jsonrpc_dispatcher import handler_exception_to_error_data
from mcp.shared.message import ServerMessageMetadata
from mcp.shared.transport_context import TransportContext
from mcp_types import (
    DEFAULT_NEGOTIATED_VERSION,
    ErrorData,
    JSONRPCError,
    JSONRPCRequest,
    JSONRPCResponse,
    RequestId,
    jsonrpc_message_adapter,
)
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

# The dispatcher's logger: a crashing handler is logged where the SDK logs it.
sdk_log = logging.getLogger("mcp.shared.jsonrpc_dispatcher")

# What the stateless transport stamps on every message (no session: no back channel).
TRANSPORT = TransportContext(kind="streamable-http", can_send_request=False)
JSON_HEADERS = {"Content-Type": "application/json"}


@dataclass
class _Exchange:
    """The request's dispatch context. In JSON response mode only the response has a wire: the
    SDK's transport drops what a handler sends beside it (notifications, progress, log messages),
    and a stateless server cannot send the client a request."""

    request_id: RequestId
    message_metadata: ServerMessageMetadata
    transport: TransportContext = TRANSPORT
    cancel_requested: anyio.Event = field(default_factory=anyio.Event)

    @property
    def can_send_request(self) -> bool:
        return False

    async def send_raw_request(
        self, method: str, params: Mapping[str, Any] | None, opts: CallOptions | None = None
    ) -> dict[str, Any]:
        raise NoBackChannelError(method)

    async def notify(
        self, method: str, params: Mapping[str, Any] | None, opts: CallOptions | None = None
    ) -> None:
        return None

    async def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        return None


class Exchanges:
    """Serves the requests it can for one session manager (stateless, JSON responses)."""

    def __init__(self, manager: StreamableHTTPSessionManager) -> None:
        self.manager = manager
        self.enabled = manager.stateless and manager.json_response
        self.security = TransportSecurityMiddleware(manager.security_settings)

    async def serve(self, request: Request, body: bytes, scope: Scope, receive: Receive, send: Send) -> bool:
        """True when the request was answered here; False (nothing sent) for the SDK to answer."""
        message = await self._request(request, body)
        if message is None:
            return False
        version = request.headers.get(MCP_PROTOCOL_VERSION_HEADER) or DEFAULT_NEGOTIATED_VERSION
        exchange = _Exchange(
            request_id=message.id,
            message_metadata=ServerMessageMetadata(request_context=request, can_send_request=False),
        )
        reply: JSONRPCResponse | JSONRPCError
        try:
            result = await serve_one(
                self.manager.app,
                exchange,
                message.method,
                message.params,
                connection=Connection.from_envelope(version, None, None),
                lifespan_state=self.manager._lifespan_state,
            )
            reply = JSONRPCResponse(jsonrpc="2.0", id=message.id, result=result)
        except Exception as exc:
            error = handler_exception_to_error_data(exc)
            if error is None:
                sdk_log.exception("handler for %r raised", message.method)
                # The SDK's dispatcher answers an unexpected exception with code 0 and its text.
                error = ErrorData(code=0, message=str(exc))
            reply = JSONRPCError(jsonrpc="2.0", id=message.id, error=error)
        response = Response(reply.model_dump_json(by_alias=True, exclude_unset=True), headers=JSON_HEADERS)
        await response(scope, receive, send)
        return True

    async def _request(self, request: Request, body: bytes) -> JSONRPCRequest | None:
        """The request to serve here, or None when the SDK has to see it."""
        if not self.enabled or len(body) > self.manager.max_request_body_size:
            return None
        version = request.headers.get(MCP_PROTOCOL_VERSION_HEADER)
        if version is not None and version not in HANDSHAKE_PROTOCOL_VERSIONS:
            return None  # the SDK's 2026-07-28 entry (or its refusal of an unknown version)
        if await self.security.validate_request(request, is_post=True) is not None:
            return None
        if not check_accept_headers(request)[0]:
            return None
        try:
            message = jsonrpc_message_adapter.validate_python(pydantic_core.from_json(body), by_name=False)
        except (ValueError, ValidationError):
            return None
        if not isinstance(message, JSONRPCRequest) or message.method == "initialize":
            return None
        return message

"""gRPC helpers: server with health service, error translation, client calls with deadlines
and metadata carrying the caller's organization id and request id."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from opentelemetry import trace

from kit import logs, metrics, tracing
from kit.errors import ServiceError, grpc_status_for

log = logs.get(__name__)

ORG_KEY = "x-organization-id"
REQUEST_KEY = "x-request-id"

F = TypeVar("F", bound=Callable[..., Any])


def rpc(fn: F) -> F:
    """Decorate a servicer method: binds log context, turns ServiceError into a gRPC status."""

    @functools.wraps(fn)
    async def wrapper(self, request, context: grpc.aio.ServicerContext):
        meta = dict(context.invocation_metadata() or ())
        rid = logs.request_id_var.set(str(meta.get(REQUEST_KEY, "")))
        oid = logs.organization_id_var.set(str(meta.get(ORG_KEY, "")))
        started = time.perf_counter()
        outcome = "OK"
        try:
            with tracing.server_span(fn.__name__, meta, trace.SpanKind.SERVER):
                return await fn(self, request, context)
        except ServiceError as err:
            outcome = err.code
            context.set_trailing_metadata(err.trailing_metadata())
            await context.abort(grpc_status_for(err.code), err.message)
        except grpc.aio.AbortError:
            outcome = "ABORTED"
            raise
        except Exception:
            outcome = "INTERNAL"
            log.exception("rpc failed", method=fn.__name__)
            await context.abort(grpc.StatusCode.INTERNAL, "internal error")
        finally:
            metrics.RPC_REQUESTS.labels(fn.__name__, outcome).inc()
            metrics.RPC_LATENCY.labels(fn.__name__).observe(time.perf_counter() - started)
            logs.request_id_var.reset(rid)
            logs.organization_id_var.reset(oid)

    return wrapper  # type: ignore[return-value]


async def start_server(
    host: str, port: int, registrations: Iterable[tuple[Callable[[Any, grpc.aio.Server], None], Any, str]]
) -> tuple[grpc.aio.Server, int]:
    """registrations: (add_XServicer_to_server, servicer, full service name)."""
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", 32 * 1024 * 1024),
            ("grpc.max_send_message_length", 32 * 1024 * 1024),
        ]
    )
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for add, servicer, name in registrations:
        add(servicer, server)
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    await health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    return server, bound


class Clients:
    """One channel per address, reused by every stub."""

    def __init__(self, timeout: float = 10.0):
        self.timeout = timeout
        self._channels: dict[str, grpc.aio.Channel] = {}

    def channel(self, addr: str) -> grpc.aio.Channel:
        if addr not in self._channels:
            self._channels[addr] = grpc.aio.insecure_channel(
                addr,
                options=[
                    ("grpc.max_receive_message_length", 32 * 1024 * 1024),
                    ("grpc.max_send_message_length", 32 * 1024 * 1024),
                ],
            )
        return self._channels[addr]

    def stub(self, stub_cls: Callable[[grpc.aio.Channel], Any], addr: str) -> Any:
        return stub_cls(self.channel(addr))

    async def close(self) -> None:
        for ch in self._channels.values():
            await ch.close()
        self._channels.clear()


async def call(
    method: Callable[..., Any], request: Any, *, timeout: float = 10.0, organization_id: str = ""
) -> Any:
    """Invoke a unary RPC with a deadline and context metadata; failures raise ServiceError."""
    metadata = (
        (ORG_KEY, organization_id or logs.organization_id_var.get()),
        (REQUEST_KEY, logs.request_id_var.get()),
        *tracing.inject().items(),
    )
    try:
        return await method(request, timeout=timeout, metadata=metadata)
    except grpc.aio.AioRpcError as err:
        raise ServiceError.from_rpc_error(err) from None


async def check_health(addr: str, timeout: float = 2.0) -> bool:
    async with grpc.aio.insecure_channel(addr) as ch:
        try:
            resp = await health_pb2_grpc.HealthStub(ch).Check(
                health_pb2.HealthCheckRequest(), timeout=timeout
            )
        except grpc.aio.AioRpcError:
            return False
        return resp.status == health_pb2.HealthCheckResponse.SERVING

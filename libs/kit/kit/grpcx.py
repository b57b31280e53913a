"""gRPC helpers: server with health service, error translation, client calls with deadlines
and metadata carrying the caller's organization id and request id.

Deadlines: every call has one. A read (Get*, List*, Authenticate, RenderPage; not the ZIP builds)
gets READ seconds (about 2), anything else WRITE seconds, unless the call site names its own; and
a call made while serving an RPC never outlives that RPC's own deadline (it is propagated), so a
hung backend costs the client seconds, then UNAVAILABLE.

Stopping (Server.stop): the health service answers NOT_SERVING, a call that reaches a handler from
then on is refused at once with UNAVAILABLE and our error code (it did nothing: the client may
retry it), the handlers already running finish and answer, and only then does the gRPC server shut
down, so no handler of ours is cut short by a stop."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from opentelemetry import trace

from kit import logs, metrics, tracing
from kit.errors import ServiceError
from kit.grpcerrors import error_from_rpc, grpc_status_for, trailing_metadata
from kit.outages import unavailable_error

log = logs.get(__name__)

ORG_KEY = "x-organization-id"
REQUEST_KEY = "x-request-id"

F = TypeVar("F", bound=Callable[..., Any])

# Deadlines (seconds) of calls that do not name one; set_default_timeouts() sets them from settings.
READ_TIMEOUT = 2.0
WRITE_TIMEOUT = 10.0
READ_PREFIXES = ("/Get", "/List", "/Authenticate", "/RenderPage")
# The monotonic time by which the RPC being served must answer (None outside one).
_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("grpc_deadline", default=None)


def set_default_timeouts(read: float, write: float) -> None:
    global READ_TIMEOUT, WRITE_TIMEOUT
    READ_TIMEOUT, WRITE_TIMEOUT = read, write


def default_timeout(method: Any) -> float:
    """READ_TIMEOUT for a read (by the RPC's name), WRITE_TIMEOUT otherwise."""
    name = _name(method)
    rpc_name = name[name.rfind("/") :]
    if rpc_name.startswith(READ_PREFIXES) and not rpc_name.endswith("Zip"):
        return READ_TIMEOUT
    return WRITE_TIMEOUT


class Handlers:
    """The calls this process's handlers (`rpc`) are serving, and whether it is stopping."""

    STOPPING = ServiceError("UNAVAILABLE", "The service is stopping; retry shortly.")

    def __init__(self) -> None:
        self.stopping = False
        self.running = 0
        self._idle: asyncio.Event | None = None  # while finished() waits

    def enter(self) -> None:
        self.running += 1

    def leave(self) -> None:
        self.running -= 1
        if self.running == 0 and self._idle is not None:
            self._idle.set()

    async def finished(self, seconds: float) -> bool:
        """Waits (at most `seconds`) until no handler runs; False if some still do."""
        if self.running:
            self._idle = asyncio.Event()
            try:
                async with asyncio.timeout(seconds):
                    await self._idle.wait()
            except TimeoutError:
                pass
            finally:
                self._idle = None
        return not self.running


# One gRPC server a process: its handlers.
HANDLERS = Handlers()


def rpc(fn: F) -> F:
    """Decorate a servicer method: binds log context, turns ServiceError into a gRPC status; while
    the process stops, refuses the call with UNAVAILABLE before it does anything."""

    @functools.wraps(fn)
    async def wrapper(self, request, context: grpc.aio.ServicerContext):
        if HANDLERS.stopping:
            metrics.RPC_REQUESTS.labels(fn.__name__, "STOPPING").inc()
            context.set_trailing_metadata(trailing_metadata(Handlers.STOPPING))
            await context.abort(grpc.StatusCode.UNAVAILABLE, Handlers.STOPPING.message)
        meta = dict(context.invocation_metadata() or ())
        rid = logs.request_id_var.set(str(meta.get(REQUEST_KEY, "")))
        oid = logs.organization_id_var.set(str(meta.get(ORG_KEY, "")))
        started = time.perf_counter()
        remaining = context.time_remaining()
        deadline = _deadline.set(None if remaining is None else time.monotonic() + remaining)
        outcome = "OK"
        HANDLERS.enter()
        try:
            with tracing.server_span(fn.__name__, meta, trace.SpanKind.SERVER):
                return await fn(self, request, context)
        except ServiceError as err:
            outcome = err.code
            context.set_trailing_metadata(trailing_metadata(err))
            await context.abort(grpc_status_for(err.code), err.message)
        except grpc.aio.AbortError:
            outcome = "ABORTED"
            raise
        except Exception as err:
            unavailable = unavailable_error(err)
            if unavailable is None:
                outcome = "INTERNAL"
                log.exception("rpc failed", method=fn.__name__)
                await context.abort(grpc.StatusCode.INTERNAL, "internal error")
            else:
                outcome = unavailable.code
                log.warning("rpc failed: a dependency is unreachable", method=fn.__name__, error=repr(err))
                context.set_trailing_metadata(trailing_metadata(unavailable))
                await context.abort(grpc.StatusCode.UNAVAILABLE, unavailable.message)
        finally:
            HANDLERS.leave()
            _deadline.reset(deadline)
            metrics.RPC_REQUESTS.labels(fn.__name__, outcome).inc()
            metrics.RPC_LATENCY.labels(fn.__name__).observe(time.perf_counter() - started)
            logs.request_id_var.reset(rid)
            logs.organization_id_var.reset(oid)

    return wrapper  # type: ignore[return-value]


@dataclass
class Server:
    """A started gRPC server (start_server), its port and its health service."""

    grpc: grpc.aio.Server
    port: int
    health: health.aio.HealthServicer

    async def stop(self, drain_seconds: float, grace_seconds: float) -> None:
        """Stops without cutting a handler short: NOT_SERVING, new calls refused (UNAVAILABLE with
        our code, nothing done), the running handlers given up to `drain_seconds` to answer, then
        the gRPC server shut down with `grace_seconds` for what is left.

        Why the handlers must be done first: gRPC cancels at shutdown the calls it has received but
        not yet handed to a handler, and its client sees CANCELLED (grpc/grpc#41785); a handler
        still running when the grace ends is cut, and its client sees UNAVAILABLE although it may
        have committed. Neither can tell the client whether the call took effect. Drained first,
        the first kind never reached a handler (error_from_rpc: UNAVAILABLE, safe to retry) and the
        second does not happen unless a handler outruns its own deadline."""
        HANDLERS.stopping = True
        began = time.monotonic()
        await self.health.enter_graceful_shutdown()
        if await HANDLERS.finished(drain_seconds):
            log.info("handlers drained", seconds=round(time.monotonic() - began, 3))
        else:
            log.warning("handlers still running after the drain", running=HANDLERS.running)
        await self.grpc.stop(grace=grace_seconds)


async def start_server(
    host: str, port: int, registrations: Iterable[tuple[Callable[[Any, grpc.aio.Server], None], Any, str]]
) -> Server:
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
    return Server(server, bound, health_servicer)


# A channel whose server went away dials again with exponential backoff, by default up to 120 s
# between attempts: a service back after a 15 s restart would stay unreachable (UNAVAILABLE) for
# seconds more. Capped at 2 s, callers see it again within about 2 s of its return.
RECONNECT_OPTIONS = (
    ("grpc.initial_reconnect_backoff_ms", 250),
    ("grpc.min_reconnect_backoff_ms", 250),
    ("grpc.max_reconnect_backoff_ms", 2000),
)


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
                    *RECONNECT_OPTIONS,
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
    method: Callable[..., Any], request: Any, *, timeout: float | None = None, organization_id: str = ""
) -> Any:
    """Invoke a unary RPC with a deadline (default_timeout(method) unless given; never beyond the
    deadline of the RPC being served) and context metadata; failures raise ServiceError."""
    timeout = default_timeout(method) if timeout is None else timeout
    outer = _deadline.get()
    if outer is not None:
        timeout = min(timeout, outer - time.monotonic())
        if timeout <= 0:
            raise ServiceError("UNAVAILABLE", "The request ran out of time; retry shortly.")
    metadata = (
        (ORG_KEY, organization_id or logs.organization_id_var.get()),
        (REQUEST_KEY, logs.request_id_var.get()),
        *tracing.inject().items(),
    )
    try:
        return await method(request, timeout=timeout, metadata=metadata)
    except grpc.aio.AioRpcError as err:
        if err.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
            log.warning("rpc deadline exceeded", method=_name(method), timeout=round(timeout, 3))
        raise error_from_rpc(err) from None


def _name(method: Any) -> str:
    name = getattr(method, "_method", b"")
    return name.decode() if isinstance(name, bytes) else str(name)


async def check_health(addr: str | grpc.aio.Channel, timeout: float = 2.0) -> bool:
    """True when the server at addr (or behind an open channel) answers SERVING within timeout."""
    if isinstance(addr, str):
        async with grpc.aio.insecure_channel(addr) as ch:
            return await check_health(ch, timeout)
    try:
        resp = await health_pb2_grpc.HealthStub(addr).Check(health_pb2.HealthCheckRequest(), timeout=timeout)
    except grpc.aio.AioRpcError:
        return False
    return resp.status == health_pb2.HealthCheckResponse.SERVING

"""The one way every service starts: migrate, connect, serve gRPC, relay its outbox, run its
consumers and background loops, and stop cleanly on SIGTERM/SIGINT.

A service's __main__ builds its parts from a Runtime and hands them to serve():

    async def build(rt: Runtime) -> Parts: ...
    serve(Settings(), package="catalog", schema="catalog", build=build)
"""

from __future__ import annotations

import asyncio
import gc
import signal
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

import uvloop
from aiokafka import AIOKafkaProducer
from prometheus_client import start_http_server
from sqlalchemy import Table
from sqlalchemy.ext.asyncio import AsyncEngine

from kit import db, grpcx, kafka, logs, migrate, tracing
from kit.outbox import OutboxRelay
from kit.settings import KitSettings

log = logs.get(__name__)

# On SIGTERM the handlers that are running get DRAIN_SECONDS to answer (calls between services have
# deadlines of 2-10 s; the few longer ones, ZIP builds and hook generation, up to 60 s), then the
# gRPC server STOP_GRACE_SECONDS more: together inside Kubernetes' terminationGracePeriodSeconds
# (35), as the gateway's 25 s.
DRAIN_SECONDS = 20.0
STOP_GRACE_SECONDS = 5.0


@dataclass
class Runtime:
    settings: KitSettings
    engine: AsyncEngine
    producer: AIOKafkaProducer
    clients: grpcx.Clients
    relays: list[OutboxRelay] = field(default_factory=list)

    def relay_for(self, table: Table) -> OutboxRelay:
        relay = OutboxRelay(
            self.engine,
            table,
            self.producer,
            watch=kafka.LogWatch(self.settings),
            replay_seconds=self.settings.outbox_replay_seconds,
            idle_poll_seconds=self.settings.outbox_idle_poll_seconds,
        )
        self.relays.append(relay)
        return relay


class EventConsumer(Protocol):
    """What serve() needs of an event consumer (a kit.faustx.Agents: one faust App). `run()` consumes until cancelled (stopping cleanly on cancel) and returns or
    raises only when it stopped by itself; `group_id` names its task."""

    @property
    def group_id(self) -> str: ...

    async def run(self) -> None: ...


@dataclass
class Parts:
    # (add_XServicer_to_server, servicer instance, full service name)
    servicers: list[tuple[Callable[..., None], Any, str]] = field(default_factory=list)
    # Event consumers (kit.faustx.Agents): run only where
    # KAFKA_CONSUMERS is true (serve() checks it; a service's build need not).
    consumers: list[EventConsumer] = field(default_factory=list)
    # Long-running coroutines (schedulers, pollers), started after the server.
    tasks: list[Callable[[], Coroutine[Any, Any, None]]] = field(default_factory=list)
    on_stop: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    # Called as stopping begins, before in-flight calls get their grace period: ends streams
    # that would otherwise hold the shutdown for the whole grace.
    on_draining: list[Callable[[], None]] = field(default_factory=list)


async def run_async(
    settings: KitSettings, *, package: str, schema: str, build: Callable[[Runtime], Awaitable[Parts]]
) -> None:
    logs.configure(settings.service_name, settings.log_level)
    tracing.configure(settings.service_name)
    await asyncio.to_thread(migrate.upgrade, package, schema, settings.database_url)
    if settings.migrate_only:
        log.info("migrations applied", schema=schema)
        return
    await kafka.ensure_topics(settings)
    engine = db.make_engine(settings.database_url, settings.db_pool_size)
    producer = kafka.make_producer(settings)
    await producer.start()
    grpcx.set_default_timeouts(settings.grpc_read_timeout_seconds, settings.grpc_timeout_seconds)
    rt = Runtime(settings, engine, producer, grpcx.Clients(settings.grpc_timeout_seconds))
    parts = await build(rt)
    if settings.metrics_port:
        start_http_server(settings.metrics_port, addr=settings.grpc_host)
    server = await grpcx.start_server(settings.grpc_host, settings.grpc_port, parts.servicers)
    freeze_startup_objects()
    log.info("service started", grpc_port=server.port)

    tasks = [asyncio.create_task(r.run(), name="outbox-relay") for r in rt.relays]
    tasks += [
        asyncio.create_task(c.run(), name=f"consumer-{c.group_id}") for c in consumers_to_run(settings, parts)
    ]
    tasks += [asyncio.create_task(t(), name=getattr(t, "__name__", "task")) for t in parts.tasks]

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    crashed = asyncio.create_task(_first_crash(tasks))
    await asyncio.wait([asyncio.create_task(stop.wait()), crashed], return_when=asyncio.FIRST_COMPLETED)
    failed = crashed.done()
    crashed.cancel()

    log.info("service stopping")
    for drain in parts.on_draining:
        drain()
    # The running handlers answer first (the background tasks meanwhile relay what they commit).
    await server.stop(drain_seconds=DRAIN_SECONDS, grace_seconds=STOP_GRACE_SECONDS)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for cb in parts.on_stop:
        await cb()
    for relay in rt.relays:
        if relay.watch is not None:
            await relay.watch.close()
    await producer.stop()
    await rt.clients.close()
    await db.close_reads(engine)
    await engine.dispose()
    if failed:
        raise SystemExit(1)


def consumers_to_run(settings: KitSettings, parts: Parts) -> list[EventConsumer]:
    """The one KAFKA_CONSUMERS switch: replicas started with it false (e.g. gRPC-only ones)
    run none of their consumers, whatever their kind."""
    return list(parts.consumers) if settings.kafka_consumers else []


async def _first_crash(tasks: list[asyncio.Task]) -> None:
    """Background loops must run forever; returns when one ends, so the process exits (and is restarted)."""
    if not tasks:
        await asyncio.Event().wait()
    done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for t in done:
        error = None if t.cancelled() else t.exception()
        log.error("background task ended", task=t.get_name(), error=repr(error))


def freeze_startup_objects() -> None:
    """Moves everything loaded at start-up (modules, schemas, stubs) out of the garbage
    collector's reach: full collections then scan only what requests create, which keeps their
    pauses, and the latency tail, short."""
    gc.collect()
    gc.freeze()


def serve(
    settings: KitSettings, *, package: str, schema: str, build: Callable[[Runtime], Awaitable[Parts]]
) -> None:
    # uvloop: the event loop's own overhead is a large share of a small gRPC call's cost.
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(run_async(settings, package=package, schema=schema, build=build))

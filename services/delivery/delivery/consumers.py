"""Delivery's event consumer as a faust agent (kit.faustx), calling the application's use cases:
completed/failed slideshows and exceeded quotas become deliveries (application.incoming.fan_out:
one per matching endpoint, idempotent per event id); a deleted app loses its connected social
accounts and its publish records (application.publishing.remove_app_accounts).

One agent over the three topics, taking records in batches (`kit.faustx.take_batches`: up to
MAX_RECORDS, or what arrived within EVENT_BATCH_WINDOW_MS of the first): a batch goes to the batch
handler in one call (one endpoint query, one share lookup, one insert), and when that fails its
records are handled one by one, concurrently, with kit.faustx's per-event path (retries, then the
dead-letter topic).
At-least-once: faust acks a batch's events only when the agent takes the next batch, so their
offsets are committed after the batch was handled; a batch interrupted (stop, crash) is never
acked and is read again by the group's next member. Consumer group "delivery-events", as with the
old aiokafka loop, so its committed offsets carry over."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterable, Awaitable, Callable, Sequence
from typing import Any

import faust
from google.protobuf.message import Message
from kit import faustx, kafka, logs, metrics, topics, tracing
from kit.kafka import Handler
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import events, store
from delivery.application import incoming, publishing
from delivery.application.ports import DeliveryUnitOfWork
from delivery.settings import Settings

log = logs.get(__name__)

# The consumer group id (committed offsets live under it: never rename).
GROUP = "delivery-events"
TOPICS = (topics.RENDERER_SLIDESHOWS, topics.BILLING_EVENTS, topics.CATALOG_APPS)
MAX_RECORDS = 500  # per batch
CONCURRENCY = 16  # records handled at once on the one-by-one path

BatchHandler = Callable[[list[tuple[common_pb2.Envelope, Message]]], Awaitable[None]]


def unpack_record(record: Any) -> tuple[common_pb2.Envelope, Message]:
    env = common_pb2.Envelope.FromString(record.value)
    return env, kafka.unpack(env)


class BatchAgents(faustx.Agents):
    """kit.faustx.Agents whose agent takes records in batches (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        group_id: str,
        *,
        fetch_max_wait_ms: int,
        batch_window_ms: int | None = None,
        max_records: int = MAX_RECORDS,
        concurrency: int = CONCURRENCY,
        max_attempts: int = 8,
        app: faust.App | None = None,
    ):
        super().__init__(settings, group_id, max_attempts=max_attempts, app=app)
        self.fetch_max_wait_ms = fetch_max_wait_ms
        # How long a batch that is not full waits for more records after its first.
        self.batch_window_ms = fetch_max_wait_ms if batch_window_ms is None else batch_window_ms
        self.max_records = max_records
        self.concurrency = concurrency
        self.batch_handler: BatchHandler | None = None

    def add_batches(self, topic_names: Sequence[str], handler: Handler, batch_handler: BatchHandler) -> None:
        """One agent over `topic_names`: batches to `batch_handler`, records to `handler` when a
        batch failed."""
        for name in topic_names:
            self.handlers[name] = handler
        self.batch_handler = batch_handler
        topic = self.app.topic(*topic_names, key_type=bytes, value_type=bytes)
        within = self.batch_window_ms / 1000

        async def agent(stream: AsyncIterable[Any]) -> None:
            async for batch in faustx.take_batches(stream, self.max_records, within):
                await self.take(batch)

        name = "_".join(t.replace(".", "_") for t in topic_names)
        agent.__name__ = agent.__qualname__ = f"{self.group_id.replace('-', '_')}__{name}"
        self.app.agent(topic, name=f"{self.group_id}.{name}", concurrency=1)(agent)

    async def take(self, batch: Sequence[Any]) -> None:
        """A batch of faust events: handled, or (stopped or crashed in the middle) left un-acked.
        take_batches acks the events of a batch when the generator resumes or is closed, also
        when the agent is cancelled; an extra reference keeps an unfinished batch's offsets from
        being committed (its records are read again, and handled idempotently)."""
        try:
            await self.process_batch([event.message for event in batch])
        except BaseException:
            for event in batch:
                event.message.incref()
            raise

    def _fetch_wait(self) -> kafka.FetchWait | None:
        """kit's fetch wait with the event consumer's own busy wait (EVENT_FETCH_MAX_WAIT_MS)."""
        wait = super()._fetch_wait()
        if wait is not None:
            wait.busy_ms = self.fetch_max_wait_ms
            wait._set(wait.busy_ms)
        return wait

    async def process_batch(self, records: Sequence[Any]) -> None:
        """Records (faust ConsumerMessages) as one batch, else one by one; returns when every
        record was handled (or dead-lettered, or skipped as undecodable)."""
        if not records:
            return
        if self.wait is not None:
            self.wait.seen()
        started = time.monotonic()
        if not await self._whole_batch(records):
            slots = asyncio.Semaphore(self.concurrency)

            async def one(record: Any) -> None:
                async with slots:
                    await self.process(record)

            await asyncio.gather(*(one(r) for r in records))
        else:
            last: dict[tuple[str, int], Any] = {}
            for record in records:
                last[(record.topic, record.partition)] = record
            for record in last.values():
                self._lag(record)
        log.info("event batch handled", records=len(records), ms=int((time.monotonic() - started) * 1000))

    async def _whole_batch(self, records: Sequence[Any]) -> bool:
        """True when the batch handler handled every record at once."""
        if self.batch_handler is None:
            return False
        try:
            decoded = [unpack_record(r) for r in records]
        except Exception:
            return False  # the one-by-one path logs and skips what cannot be decoded
        started = time.perf_counter()
        carriers = [env.trace_context for env, _ in decoded]
        try:
            with tracing.batch_span(f"consume batch {self.group_id}", carriers):
                await self.batch_handler(decoded)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("event batch failed; handling its records one by one", group=self.group_id)
            return False
        seconds = time.perf_counter() - started
        for record in records:
            metrics.EVENTS_PROCESSED.labels(self.group_id, record.topic, "ok").inc()
            metrics.EVENT_SECONDS.labels(self.group_id, record.topic).observe(seconds)
        return True


class EventHandler:
    """The fan-out of other contexts' events into the application's use cases."""

    def __init__(self, settings: Settings, engine: AsyncEngine, sharing: Any, on_new: Callable[[], None]):
        self.settings = settings
        self.engine = engine
        self.reads = store.Reads(engine)
        self.shares = events.ShareLinks(sharing)
        self.on_new = on_new

    def uow(self) -> DeliveryUnitOfWork:
        return events.unit_of_work(self.engine, [events.waking(self.on_new)])

    def agents(self) -> BatchAgents:
        """The faust app of group "delivery-events" with its one batching agent."""
        consumers = BatchAgents(
            self.settings,
            GROUP,
            fetch_max_wait_ms=self.settings.event_fetch_max_wait_ms,
            batch_window_ms=self.settings.event_batch_window_ms,
        )
        consumers.add_batches(TOPICS, self.handle, self.handle_batch)
        return consumers

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        """One event (the per-record path, used when a batch failed)."""
        await self.handle_batch([(env, message)])

    async def handle_batch(self, items: list[tuple[common_pb2.Envelope, Message]]) -> None:
        """A batch of events: one endpoint query, one share lookup and one insert for all the
        deliveries they make."""
        fanned = []
        for env, message in items:
            one = events.incoming_event(env, message)
            if one is not None:
                fanned.append(one)
            elif isinstance(message, catalog_pb2.AppDeleted):
                await self._app_deleted(message.organization_id or env.organization_id, message.app_id)
        if fanned:
            created = await incoming.fan_out(self.uow(), self.reads, self.shares, fanned)
            if created:
                log.info("deliveries created", count=created, event_ids=[f.event_id for f in fanned])

    async def _app_deleted(self, org: str, app_id: str) -> None:
        removed = await publishing.remove_app_accounts(self.uow(), org, app_id)
        if removed:
            log.info("social accounts removed with their app", app_id=app_id, count=removed)

"""Event consumers as faust-streaming agents, run inside a service's own asyncio loop.

One `Agents` is one faust App, and a faust App is one consumer group (its id is the group id, so
a service kept the group ids of the aiokafka loops these agents replaced and resumed their
committed offsets). A handler takes the envelope and the unpacked message.

What the App is allowed to do, and why:
- at-least-once only: offsets of an event are committed after its handler returned (faust acks
  an event when its agent takes the next one, and commits acked offsets every
  broker_commit_interval), a killed worker re-reads the rest and handlers are idempotent by event
  id (outbox.first_time). exactly_once needs the idempotent producer and transactions, which the
  local broker (Tansu) does not support.
- no tables, no standby replicas: faust then uses aiokafka's round-robin assignor (the one the
  replaced aiokafka loops used, so a rollout from them could mix old and new members).
- no web server, no leader topic, topics created only where kit.kafka.ensure_topics would.
- broker, TLS and SASL from kit.kafka.client_options; session timeout, heartbeat and the
  producer's batch size (1 record per batch on Tansu) from KitSettings.

Each event: envelope decoded (undecodable ones skipped),
request and organization id in the log context, a consumer span continuing the producer's trace,
EVENTS_PROCESSED/EVENT_SECONDS/CONSUMER_LAG, retries with backoff, then the dead-letter topic.

faust seeks back to the committed offsets when it drops a batch it fetched during a rebalance;
a partition without a committed offset (a new group, every group after the local broker restarted)
goes back to its start then (seek_uncommitted_to_start), or the batch would be skipped for good.
A partition whose log went back under the consumer (the local broker keeps its log in memory and
comes back from a restart empty; a topic deleted and created again) is read again from its start
(LogResets): otherwise the consumer would keep its position past the new log's end and skip
everything written below it, the outbox relays' replays included.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import AsyncIterable, Callable, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any

import faust
from faust.types import TP
from opentelemetry import trace
from slides.common.v1 import common_pb2

from kit import kafka, logs, metrics, topics, tracing
from kit.kafka import Handler
from kit.settings import KitSettings

log = logs.get(__name__)


def credentials(settings: KitSettings) -> faust.SSLCredentials | faust.SASLCredentials | None:
    """kit.kafka.client_options' TLS/SASL options as faust broker credentials (None: PLAINTEXT)."""
    options = kafka.client_options(settings)
    protocol = options["security_protocol"]
    if protocol == "SSL":
        return faust.SSLCredentials(options["ssl_context"])
    if protocol.startswith("SASL_"):
        return faust.SASLCredentials(
            username=options["sasl_plain_username"],
            password=options["sasl_plain_password"],
            mechanism=options["sasl_mechanism"],
            ssl_context=options.get("ssl_context"),  # SASL_SSL with a context, SASL_PLAINTEXT without
        )
    return None


def brokers(settings: KitSettings) -> list[str]:
    return [f"kafka://{host.strip()}" for host in settings.kafka_bootstrap.split(",") if host.strip()]


def make_app(settings: KitSettings, group_id: str) -> faust.App:
    """A faust App consuming as group `group_id`: worker mode (no client-only reply consumer), no
    web server, no tables, no sensors; started and stopped by `Agents.run` in the caller's loop.

    Sensors: faust's Monitor (its only default sensor) samples its counters every second for the
    web server's stats pages, a timer of mode's that wakes the loop two or three times a second in
    every process, forever; this platform's event metrics are its own (kit.metrics, in process)."""
    app = faust.App(
        group_id,
        broker=brokers(settings),
        broker_credentials=credentials(settings),
        broker_session_timeout=settings.kafka_session_timeout_ms / 1000,
        broker_heartbeat_interval=settings.kafka_heartbeat_interval_ms / 1000,
        broker_max_poll_interval=300.0,
        processing_guarantee="at_least_once",
        consumer_auto_offset_reset="earliest",
        producer_max_batch_size=settings.kafka_max_batch_size,
        producer_acks=-1,
        producer_linger=0.0,
        # Topics: created (with the kit's partition count) only where ensure_topics creates them.
        topic_allow_declare=settings.kafka_create_topics,
        topic_partitions=settings.kafka_partitions,
        topic_replication_factor=settings.kafka_replication_factor,
        topic_disable_leader=True,
        # No tables: no standby replicas (round-robin assignor), no RocksDB, memory store.
        table_standby_replicas=0,
        store="memory://",
        # Never an HTTP server (faust's default binds 0.0.0.0:6066 in a worker).
        web_enabled=False,
        web_host="127.0.0.1",
        autodiscover=False,
        key_serializer="raw",
        value_serializer="raw",
        # faust creates its data directories on start even without tables: not in the cwd.
        datadir=str(Path(tempfile.gettempdir()) / "faust-{conf.name}"),
    )
    app.boot_strategy.enable_sensors = False
    return app


class Agents:
    """The faust agents of one consumer group: `add` topics with their handler, then `task()`
    for kit.service.Parts.tasks (starts the App in the running loop, stops it on cancel).

    `background`: a group whose events nobody waits on (clean-ups after an app's deletion) fetches
    with KAFKA_BACKGROUND_IDLE_FETCH_MAX_WAIT_MS once idle: its first event after a quiet spell may
    wait that long, and an idle stack's broker answers it that much less often."""

    def __init__(
        self,
        settings: KitSettings,
        group_id: str,
        max_attempts: int = 8,
        app: faust.App | None = None,
        check_seconds: float = 2.0,
        background: bool = False,
    ):
        self.settings = settings
        self.group_id = group_id
        self.background = background
        self.max_attempts = max_attempts
        self.app = app if app is not None else make_app(settings, group_id)
        self.handlers: dict[str, Handler] = {}
        self.wait: kafka.FetchWait | None = None
        self.resets = (
            LogResets(
                self.app,
                group_id,
                check_seconds,
                settings.kafka_idle_log_check_seconds,
                quiet=lambda: self.wait is not None and self.wait.idle,
            )
            if check_seconds > 0
            else None
        )

    def add(self, topic_names: Sequence[str], handler: Handler) -> None:
        for name in topic_names:
            self.handlers[name] = handler
        topic = self.app.topic(*topic_names, key_type=bytes, value_type=bytes)

        async def agent(stream: AsyncIterable[Any]) -> None:
            async for event in stream.events():  # type: ignore[attr-defined]
                await self.take(event)

        name = "_".join(t.replace(".", "_") for t in topic_names)
        agent.__name__ = agent.__qualname__ = f"{self.group_id.replace('-', '_')}__{name}"
        self.app.agent(topic, name=f"{self.group_id}.{name}", concurrency=1)(agent)

    async def take(self, event: Any) -> None:
        """One faust event: handled, or (the agent stopped or crashed in the middle) left un-acked.
        faust acks the event an agent's iterator handed out when the iterator resumes or closes, also
        on a cancel at stop, and the stop then commits its offset: an extra reference keeps an
        unfinished event's offset from being committed (it is read again, handled idempotently)."""
        try:
            await self.process(event.message)
        except BaseException:
            event.message.incref()
            raise

    def task(self) -> Callable[[], Coroutine[Any, Any, None]]:
        async def run() -> None:
            await self.run()

        run.__name__ = f"consumer-{self.group_id}"
        return run

    async def run(self) -> None:
        """Starts the App, returns (or raises) when it stopped or crashed; stops it on cancel."""
        app = self.app
        seek_uncommitted_to_start(app.consumer)
        started = time.monotonic()
        await app.start()
        log.info("faust consumer started", group=self.group_id, seconds=round(time.monotonic() - started, 3))
        self.wait = self._fetch_wait()
        helpers = [asyncio.create_task(self.wait.run())] if self.wait else []
        if self.resets is not None:
            helpers.append(asyncio.create_task(self.resets.run()))
        try:
            await app.wait_until_stopped()
            if app.crash_reason is not None:
                raise RuntimeError(f"faust app {self.group_id} crashed") from app.crash_reason
        finally:
            for helper in helpers:
                helper.cancel()
            await app.stop()

    def _fetch_wait(self) -> kafka.FetchWait | None:
        """kit.kafka's fetch wait (KAFKA_FETCH_MAX_WAIT_MS while busy, the idle wait after a quiet
        spell) on the aiokafka consumer that faust runs in its consumer thread: faust fixes the
        wait at 1500 ms, which on Tansu (answers a fetch only when its wait runs out) delays
        every event by up to 1.5 s."""
        thread = getattr(self.app.consumer, "_thread", None)
        consumer = getattr(thread, "_consumer", None)
        if consumer is None or getattr(consumer, "_fetcher", None) is None:
            log.warning("faust consumer keeps its fetch wait", group=self.group_id)
            return None
        wait = kafka.fetch_wait(consumer, self.settings, background=self.background)
        wait._set(wait.busy_ms)
        _wait_longer_while_idle(thread, wait)
        return wait

    async def process(self, record: Any) -> None:
        """One record (a faust ConsumerMessage: topic, partition, offset, key, value)."""
        if self.wait is not None:
            self.wait.seen()
        handler = self.handlers[record.topic]
        try:
            env = common_pb2.Envelope.FromString(record.value)
            message = kafka.unpack(env)
        except Exception:
            log.error("undecodable event skipped", topic=record.topic, offset=record.offset)
            return
        rid = logs.request_id_var.set(env.request_id)
        oid = logs.organization_id_var.set(env.organization_id)
        started = time.perf_counter()
        span = tracing.tracer.start_span(
            f"consume {record.topic}",
            context=tracing.extract(env.trace_context),
            kind=trace.SpanKind.CONSUMER,
            attributes={
                "messaging.destination.name": record.topic,
                "messaging.consumer.group.name": self.group_id,
                "messaging.system": "kafka",
            },
        )
        try:
            with trace.use_span(span, end_on_exit=True):
                await self._handle_with_retries(handler, env, message, record, started)
        finally:
            logs.request_id_var.reset(rid)
            logs.organization_id_var.reset(oid)
        self._lag(record)

    async def _handle_with_retries(
        self, handler: Handler, env: common_pb2.Envelope, message: Any, record: Any, started: float
    ) -> None:
        for attempt in range(1, self.max_attempts + 1):
            try:
                await handler(env, message)
                metrics.EVENTS_PROCESSED.labels(self.group_id, record.topic, "ok").inc()
                metrics.EVENT_SECONDS.labels(self.group_id, record.topic).observe(
                    time.perf_counter() - started
                )
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception(
                    "event handler failed", group=self.group_id, event_id=env.event_id, attempt=attempt
                )
                await asyncio.sleep(min(0.2 * 2**attempt, 10))
        metrics.EVENTS_PROCESSED.labels(self.group_id, record.topic, "dead_letter").inc()
        await self.dead_letter(record)

    async def dead_letter(self, record: Any) -> None:
        await self.app.producer.send_and_wait(
            topics.dead_letter(record.topic), record.key, record.value, None, None, None
        )
        log.error("event moved to dead-letter topic", topic=record.topic, offset=record.offset)

    def _lag(self, record: Any) -> None:
        try:
            high = self.app.consumer.highwater(TP(record.topic, record.partition))
        except Exception:  # not assigned any more (rebalance) or no fetch yet
            return
        if high is not None:
            metrics.CONSUMER_LAG.labels(self.group_id, record.topic, record.partition).set(
                max(0, high - record.offset - 1)
            )


def seek_uncommitted_to_start(consumer: Any) -> None:
    """Makes the faust consumer's seek back to its committed offsets take a partition without one
    back to its start (what auto_offset_reset="earliest" gives a new member).

    faust's getmany drops the records aiokafka fetched when a rebalance stopped the flow meanwhile
    (as one that straddles an assignment does) and seeks back to the committed offsets; aiokafka
    leaves a partition with no committed offset where that fetch left it, past the dropped records,
    which are then never handed out. A group has no committed offsets before its first commit on a
    partition, and none at all after the local broker restarted empty: the outbox relays' replays,
    fetched just as the group re-forms, were skipped that way."""
    original = consumer.seek_to_committed

    async def seek_to_committed() -> Mapping[Any, int | None]:
        committed: Mapping[Any, int | None] = await original()
        uncommitted = [tp for tp, offset in committed.items() if offset is None or offset <= 0]
        if uncommitted:  # offset 0: below a log's start, the fetch resets to "earliest" by itself
            await consumer.seek_wait(dict.fromkeys(uncommitted, 0))
        return committed

    consumer.seek_to_committed = seek_to_committed


IDLE_GETMANY_SECONDS = 5.0


def _wait_longer_while_idle(thread: Any, wait: kafka.FetchWait) -> None:
    """faust asks its consumer thread for records with a fixed 1 s timeout, an empty round trip
    between the two threads every second per consumer, forever: while the consumer is idle the ask
    waits up to IDLE_GETMANY_SECONDS instead. Records that arrive meanwhile end the wait at once
    (aiokafka wakes the waiting ask when a fetch brings some)."""
    asked = thread.getmany

    async def getmany(active_partitions: Any, timeout: float) -> Any:
        return await asked(active_partitions, max(timeout, IDLE_GETMANY_SECONDS) if wait.idle else timeout)

    thread.getmany = getmany


class LogResets:
    """Reads a partition again from its start when the broker's log went back under the consumer.

    Kafka's end offsets never go back. A broker that keeps its log in memory (the local one) comes
    back from a restart empty, and a topic deleted and created again starts over at 0: the
    consumer's position, and faust's read and committed offsets kept in memory, then lie past the
    partition's end. That broker answers a fetch past the end with no records and no error, and
    faust drops records below the offset it read last, so the consumer would skip everything
    written below its old position (the outbox relays' replays, new events) until the new log
    grew past it. faust also keeps the offsets of a commit the restarted broker refused, which
    stop it committing the new log's offsets.

    Every `check_seconds` (every `idle_check_seconds` while `quiet()`: the consumer went idle, see
    kit.kafka.FetchWait): the consumer's offsets of its assigned partitions (faust's read and
    committed offsets), then the broker's end offsets; a partition whose end is below the
    consumer's offset has lost records under it: faust's offsets, acks and gaps for it are
    forgotten and it is read again from its first offset, with CONSUMER_LOG_RESETS and a warning.
    Handlers are idempotent by event id, so events handled before are taken once. (A check is a
    hop to faust's consumer thread and a request to the broker: seven idle consumers checking every
    2 s were a good part of an idle stack's broker traffic.)"""

    def __init__(
        self,
        app: faust.App,
        group_id: str,
        check_seconds: float = 2.0,
        idle_check_seconds: float = 0.0,
        quiet: Callable[[], bool] | None = None,
    ) -> None:
        self.app = app
        self.group_id = group_id
        self.check_seconds = check_seconds
        self.idle_check_seconds = max(check_seconds, idle_check_seconds)
        self.quiet = quiet

    def due(self, since_last: float) -> bool:
        """Whether a check is due `since_last` seconds after the previous one."""
        quiet = self.quiet is not None and self.quiet()
        return since_last >= (self.idle_check_seconds if quiet else self.check_seconds) - 0.001

    async def run(self) -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(self.check_seconds)
            if not self.due(time.monotonic() - last):
                continue
            last = time.monotonic()
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception as err:  # broker away, partitions moving in a rebalance: next time
                log.info("consumer could not check the broker's log", group=self.group_id, error=repr(err))

    async def check(self) -> list[TP]:
        """The partitions read again from their start (none: every log is where it was)."""
        consumer = self.app.consumer
        # The consumer's offsets first, the end offsets after: a log's end only grows, so an end
        # below an offset read before it is a log that went back, never a race with the reader.
        offsets = {
            tp: at for tp in consumer.assignment() if (at := _consumer_offset(consumer, tp)) is not None
        }
        if not offsets:
            return []
        ends = await consumer.highwaters(*offsets)
        gone = {tp: ends[tp] for tp, at in offsets.items() if ends.get(tp) is not None and ends[tp] < at}
        if not gone:
            return []
        starts = await consumer.earliest_offsets(*gone)
        for tp in gone:
            _forget(consumer, tp)
        await consumer.seek_wait({tp: starts.get(tp) or 0 for tp in gone})
        for tp, end in gone.items():
            metrics.CONSUMER_LOG_RESETS.labels(self.group_id, tp.topic).inc()
            log.warning(
                "broker log went back under the consumer; reading the partition again from its start",
                group=self.group_id,
                topic=tp.topic,
                partition=tp.partition,
                end=end,
                position=offsets[tp],
                start=starts.get(tp) or 0,
            )
        return list(gone)


def _consumer_offset(consumer: Any, tp: TP) -> int | None:
    """How far the consumer is sure the partition goes: the offset faust read last (or sought to)
    and the offset it committed, whichever is higher; None when it has neither."""
    known = [
        offset
        for table in (getattr(consumer, "_read_offset", {}), getattr(consumer, "_committed_offset", {}))
        if (offset := table.get(tp)) is not None
    ]
    return max(known) if known else None


def _forget(consumer: Any, tp: TP) -> None:
    """faust's in-memory offsets of a partition (read, committed, acked, gaps), as a revoke does."""
    for name in ("_read_offset", "_committed_offset", "_acked", "_acked_index", "_gap"):
        table = getattr(consumer, name, None)
        if table is not None:
            table.pop(tp, None)


async def take_batches(stream: Any, max_records: int, within: float) -> Any:
    """Lists of up to `max_records` events from a faust stream, each list what arrived within
    `within` seconds of its first event: faust's `Stream.take_events`, except that its window
    starts at a batch's first event. take_events wakes its agent every `within` whether anything
    arrived or not, so its window was a trade between an idle stack's CPU and the latency of an
    event arriving alone (at 200 ms, event -> first webhook attempt p50 208 ms); here nothing
    wakes while no event arrives. Acks as take_events: a batch's events when the generator
    resumes or is closed, so an interrupted batch is read again."""
    events: list[Any] = []
    arrived, full, consumed = asyncio.Event(), asyncio.Event(), asyncio.Event()
    consuming: asyncio.Future[None] | None = None

    async def add(value: Any) -> Any:
        nonlocal consuming
        try:
            if consuming is not None:  # a batch is being handled: the next one waits for it
                try:
                    await consuming
                finally:
                    consuming = None
            event = stream.current_event
            if event is None:
                raise RuntimeError("take_batches found no current event")
            events.append(event)
            arrived.set()
            if len(events) >= max_records:
                full.set()
                consumed.clear()
                await stream.wait(consumed)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("adding to a batch failed")
            await stream.crash(exc)
        return value

    stream.enable_acks = False  # acked below, once a batch was handled
    stream.add_processor(add)
    stream._enable_passive(aiter(stream.channel))
    while not stream.should_stop:
        await stream.wait_for_stopped(arrived)  # no timeout: nothing wakes while idle
        await stream.wait_for_stopped(full, timeout=within)
        if not events:
            continue
        consuming = asyncio.get_running_loop().create_future()
        try:
            yield list(events)
        finally:
            taken = list(events)
            events.clear()
            for event in taken:
                await stream.ack(event)
            arrived.clear()
            full.clear()
            if not consuming.done():
                consuming.set_result(None)
            consumed.set()

"""Transactional outbox: events are written in the same transaction as the change they
describe, then relayed to Kafka. Consumers record event ids to process each event once."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiokafka import TopicPartition
from google.protobuf import any_pb2, timestamp_pb2
from google.protobuf.message import Message
from slides.common.v1 import common_pb2
from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Identity,
    LargeBinary,
    MetaData,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from kit import logs, metrics, tracing

log = logs.get(__name__)


def outbox_table(metadata: MetaData) -> Table:
    return Table(
        "outbox",
        metadata,
        Column("id", BigInteger, Identity(), primary_key=True),
        Column("topic", Text, nullable=False),
        Column("key", Text, nullable=False),
        Column("envelope", LargeBinary, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    )


def processed_events_table(metadata: MetaData) -> Table:
    return Table(
        "processed_events",
        metadata,
        Column("consumer", Text, primary_key=True),
        Column("event_id", Text, primary_key=True),
        Column("processed_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    )


def envelope(message: Message, organization_id: str = "", event_id: str = "") -> common_pb2.Envelope:
    payload = any_pb2.Any()
    payload.Pack(message)
    ts = timestamp_pb2.Timestamp()
    ts.FromDatetime(datetime.now(UTC))
    return common_pb2.Envelope(
        event_id=event_id or f"evt_{uuid.uuid4().hex}",
        event_type=message.DESCRIPTOR.full_name,
        occurred_at=ts,
        organization_id=organization_id or logs.organization_id_var.get(),
        request_id=logs.request_id_var.get(),
        payload=payload,
        trace_context=tracing.inject(),
    )


async def add_event(
    conn: AsyncConnection,
    table: Table,
    topic: str,
    key: str,
    message: Message,
    organization_id: str = "",
    event_id: str = "",
) -> str:
    """Queue an event inside the caller's transaction; returns its event id."""
    env = envelope(message, organization_id, event_id)
    await conn.execute(insert(table).values(topic=topic, key=key, envelope=env.SerializeToString()))
    return env.event_id


async def first_time(conn: AsyncConnection, table: Table, consumer: str, event_id: str) -> bool:
    """Record that `consumer` processed `event_id`; False if it already had (a redelivery)."""
    result = await conn.execute(
        pg_insert(table)
        .values(consumer=consumer, event_id=event_id)
        .on_conflict_do_nothing()
        .returning(table.c.event_id)
    )
    return result.first() is not None


@dataclass(frozen=True)
class Sent:
    """An event the relay sent, kept to send again (see OutboxRelay.replay_if_lost)."""

    topic: str
    key: bytes
    envelope: bytes
    at: float


class OutboxRelay:
    """Moves committed outbox rows to Kafka in id order, then deletes them (at-least-once).

    Writes call `notify()` after their commit; the poll finds what no notify announced (another
    replica's rows, a replica that died before relaying): every `poll_seconds` while events
    flowed within `idle_after_seconds`, then every `idle_poll_seconds` (an idle stack's polls
    were a good part of its CPU).

    With a `watch` (kit.kafka.LogWatch) the relay keeps what it sent for `replay_seconds` and, every
    `check_seconds` while it keeps any, compares the broker's end offsets with the offsets the
    broker acknowledged, and reads the record at the last of them in each partition: an end at or
    below it, or another record there (a new log that other producers' events and replays grew
    past it), are records gone (a broker that keeps its log in memory, restarted). Then all of the
    kept events are sent again, in their order, once their topics exist again (created the way
    kit.kafka.ensure_topics creates them); a replay that fails is tried again at the next check.
    Consumers take each event once by its id, so the copies of events they had already handled
    change nothing (and a consumer whose log went back reads it again from its start:
    kit.faustx.LogResets)."""

    def __init__(
        self,
        engine: AsyncEngine,
        table: Table,
        producer,
        poll_seconds: float = 0.25,
        idle_poll_seconds: float = 2.0,
        idle_after_seconds: float = 30.0,
        watch=None,
        replay_seconds: float = 120.0,
        check_seconds: float = 2.0,
        keep_at_most: int = 20_000,
    ):
        self.engine = engine
        self.table = table
        self.producer = producer
        self.poll_seconds = poll_seconds
        self.idle_poll_seconds = max(poll_seconds, idle_poll_seconds)
        self.idle_after_seconds = idle_after_seconds
        self.wakeup = asyncio.Event()
        self.watch = watch if replay_seconds > 0 else None
        self.replay_seconds = replay_seconds
        self.check_seconds = check_seconds
        self.sent: deque[Sent] = deque(maxlen=keep_at_most)
        self.acked: dict[Any, int] = {}  # TopicPartition -> highest offset the broker acknowledged
        self.values: dict[Any, bytes] = {}  # TopicPartition -> the envelope sent at that offset
        self.checked_at = 0.0

    def notify(self) -> None:
        """Called after a commit that added events, to relay them without waiting for the poll."""
        self.wakeup.set()

    async def relay_once(self, batch: int = 200) -> int:
        t = self.table
        async with self.engine.begin() as conn:
            rows = (
                await conn.execute(
                    select(t.c.id, t.c.topic, t.c.key, t.c.envelope)
                    .order_by(t.c.id)
                    .limit(batch)
                    .with_for_update(skip_locked=True)
                )
            ).all()
            if not rows:
                return 0
            sent = [Sent(r.topic, r.key.encode(), r.envelope, time.monotonic()) for r in rows]
            await self._send(sent)
            await conn.execute(delete(t).where(t.c.id.in_([r.id for r in rows])))
        if self.watch is not None:
            self.sent.extend(sent)
        for r in rows:
            metrics.OUTBOX_RELAYED.labels(r.topic).inc()
        metrics.OUTBOX_BATCH.set(len(rows))
        return len(rows)

    async def _send(self, events: list[Sent]) -> None:
        """Sends in order and waits for the broker's acknowledgements (their offsets noted)."""
        futures = [
            await self.producer.send(e.topic, value=e.envelope, key=e.key, headers=_headers(e.envelope))
            for e in events
        ]
        for event, meta in zip(events, await asyncio.gather(*futures), strict=True):
            if self.watch is not None and meta is not None:
                tp = TopicPartition(meta.topic, meta.partition)
                if meta.offset > self.acked.get(tp, -1):
                    self.acked[tp] = meta.offset
                    self.values[tp] = event.envelope

    async def replay_if_lost(self) -> int:
        """Sends the kept events again when the broker no longer has records it acknowledged; returns
        how many were sent (0: nothing lost, or nothing kept)."""
        horizon = time.monotonic() - self.replay_seconds
        while self.sent and self.sent[0].at < horizon:
            self.sent.popleft()
        if self.watch is None or not self.sent or not self.acked:
            return 0
        ends = await self.watch.end_offsets(list(self.acked))
        lost = [tp for tp, offset in self.acked.items() if ends.get(tp, 0) <= offset]
        if not lost:
            # An end past the offset can be a new log grown back past it: the record there must
            # still be the one sent (a record not read in time proves nothing either way).
            found = await self.watch.records_at(dict(self.acked))
            lost = [tp for tp, value in found.items() if value is not None and value != self.values.get(tp)]
        if not lost:
            return 0
        again = list(self.sent)
        log.warning(
            "broker lost acknowledged events; sending the kept ones again",
            partitions=len(lost),
            events=len(again),
        )
        # Topics first: sent to a topic the restarted broker does not have, records would make it
        # create the topic itself, which can acknowledge records no fetch ever returns.
        await self.watch.ensure_topics(sorted({e.topic for e in again}))
        acked, values = self.acked, self.values
        self.acked, self.values = {}, {}
        try:
            await self._send(again)
        except BaseException:
            # Not every copy was acknowledged: keep the offsets the lost records had, so the next
            # check finds them lost again and sends every kept event again (consumers take each once).
            for tp, offset in acked.items():
                if offset >= self.acked.get(tp, -1):
                    self.acked[tp], self.values[tp] = offset, values[tp]
            raise
        metrics.OUTBOX_REPLAYED.inc(len(again))
        return len(again)

    async def run(self) -> None:
        busy_at = time.monotonic()
        while True:
            try:
                if await self.relay_once():
                    busy_at = time.monotonic()
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("outbox relay failed; retrying")
                await asyncio.sleep(1)
            if self.watch is not None and time.monotonic() - self.checked_at >= self.check_seconds:
                self.checked_at = time.monotonic()
                try:
                    await self.replay_if_lost()
                except asyncio.CancelledError:
                    raise
                except Exception as err:  # the broker unreachable: the next check asks again
                    log.info("outbox relay could not check the broker's log", error=repr(err))
            quiet = time.monotonic() - busy_at >= self.idle_after_seconds
            # asyncio.timeout, not wait_for: Python 3.11's wait_for returns the result when the
            # wakeup comes in the same turn as a cancel and drops the cancel, and the relay then
            # ran on, holding its service's stop forever.
            try:
                async with asyncio.timeout(self.idle_poll_seconds if quiet else self.poll_seconds):
                    await self.wakeup.wait()
                busy_at = time.monotonic()
            except TimeoutError:
                pass
            self.wakeup.clear()


def _headers(raw: bytes) -> list[tuple[str, bytes]]:
    env = common_pb2.Envelope.FromString(raw)
    return [
        ("event_type", env.event_type.encode()),
        ("organization_id", env.organization_id.encode()),
        ("request_id", env.request_id.encode()),
    ]

"""Kafka producer and an at-least-once consumer loop (aiokafka, the client faust builds on).

Offsets are committed only after the handler succeeded, so a killed worker re-reads what it
had not finished; handlers make redeliveries harmless with outbox.first_time().
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.helpers import create_ssl_context
from google.protobuf import descriptor_pool, message_factory
from google.protobuf.message import Message
from slides.common.v1 import common_pb2

from kit import logs, topics
from kit.settings import KitSettings

log = logs.get(__name__)

Handler = Callable[[common_pb2.Envelope, Message], Awaitable[None]]


SECURITY_PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")
SASL_MECHANISMS = ("SCRAM-SHA-512", "SCRAM-SHA-256", "PLAIN")


def client_options(settings: KitSettings) -> dict[str, Any]:
    """Connection options every Kafka client of the platform uses (producer, consumers, admin):
    bootstrap servers plus TLS (server CA, client certificate for mTLS) and SASL (SCRAM or PLAIN)."""
    protocol = settings.kafka_security_protocol.strip().upper()
    if protocol not in SECURITY_PROTOCOLS:
        raise ValueError(f"KAFKA_SECURITY_PROTOCOL must be one of {', '.join(SECURITY_PROTOCOLS)}")
    options: dict[str, Any] = {"bootstrap_servers": settings.kafka_bootstrap, "security_protocol": protocol}
    if protocol in ("SSL", "SASL_SSL"):
        if bool(settings.kafka_ssl_certfile) != bool(settings.kafka_ssl_keyfile):
            raise ValueError("KAFKA_SSL_CERTFILE and KAFKA_SSL_KEYFILE go together (mutual TLS)")
        options["ssl_context"] = create_ssl_context(
            cafile=settings.kafka_ssl_cafile or None,
            certfile=settings.kafka_ssl_certfile or None,
            keyfile=settings.kafka_ssl_keyfile or None,
        )
    if protocol.startswith("SASL_"):
        mechanism = settings.kafka_sasl_mechanism.strip().upper()
        if mechanism not in SASL_MECHANISMS:
            raise ValueError(f"KAFKA_SASL_MECHANISM must be one of {', '.join(SASL_MECHANISMS)}")
        if not settings.kafka_sasl_username or not settings.kafka_sasl_password:
            raise ValueError(f"{protocol} needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD")
        options |= {
            "sasl_mechanism": mechanism,
            "sasl_plain_username": settings.kafka_sasl_username,
            "sasl_plain_password": settings.kafka_sasl_password,
        }
    return options


def make_producer(settings: KitSettings) -> AIOKafkaProducer:
    return AIOKafkaProducer(
        **client_options(settings),
        max_batch_size=settings.kafka_max_batch_size,
        acks="all",
        linger_ms=0,
    )


LOG_WATCH_LOOK_MS = 10_000


class LogWatch:
    """The end offsets of partitions and the records at given offsets, read by a consumer of no
    group opened on first use: a relay compares them with the offsets the broker acknowledged and
    the records it sent there to see records lost (a broker that keeps its log in memory loses it
    on restart, and the new log may have grown past the old offsets by the time it looks; Kafka's
    end offsets never go back)."""

    def __init__(self, settings: KitSettings) -> None:
        self.settings = settings
        self.consumer: AIOKafkaConsumer | None = None

    async def _consumer(self) -> AIOKafkaConsumer:
        if self.consumer is None:
            consumer = AIOKafkaConsumer(
                **client_options(self.settings),
                enable_auto_commit=False,
                fetch_max_wait_ms=self.settings.kafka_fetch_max_wait_ms,
                # Its fetch loop otherwise looks for work every 200 ms for as long as the process
                # lives, though its partitions stay paused between checks (0.1-0.2 % of a core in
                # every service that had relayed an event); assigning, seeking and resuming wake it.
                consumer_timeout_ms=LOG_WATCH_LOOK_MS,
            )
            await consumer.start()
            self.consumer = consumer
        return self.consumer

    async def end_offsets(self, partitions: Sequence[TopicPartition]) -> dict[TopicPartition, int]:
        consumer = await self._consumer()
        ends: dict[TopicPartition, int] = await consumer.end_offsets(list(partitions))
        return ends

    async def records_at(
        self, offsets: Mapping[TopicPartition, int], seconds: float = 1.0
    ) -> dict[TopicPartition, bytes | None]:
        """The value of the record at each partition's offset, for those read within `seconds`."""
        consumer = await self._consumer()
        consumer.assign(list(offsets))
        for tp, offset in offsets.items():
            consumer.seek(tp, offset)
        found: dict[TopicPartition, bytes | None] = {}
        deadline = time.monotonic() + seconds
        try:
            while len(found) < len(offsets) and (left := deadline - time.monotonic()) > 0:
                batch = await consumer.getmany(timeout_ms=max(1, int(left * 1000)))
                for tp, records in batch.items():
                    for record in records:
                        if tp not in found and record.offset == offsets[tp]:
                            found[tp] = record.value
                            consumer.pause(tp)
        finally:
            consumer.pause(*offsets)  # no fetching in the background until the next check
        return found

    async def ensure_topics(self, names: Sequence[str]) -> None:
        """`names` created where ensure_topics creates them (local runs), before records are sent
        to them again: the local broker, restarted empty, otherwise creates a topic when a producer
        that still knows it writes to it, and a topic created that way can acknowledge records that
        no fetch returns and answer further writes with UnknownError."""
        await ensure_topics(self.settings, names)

    async def close(self) -> None:
        if self.consumer is not None:
            await self.consumer.stop()
            self.consumer = None


async def ensure_topics(settings: KitSettings, names: Sequence[str] = topics.ALL) -> None:
    """Creates missing topics (local runs). With KAFKA_CREATE_TOPICS=false (production) topics are
    declared by the platform (KafkaTopic resources) and a service never creates one."""
    if not settings.kafka_create_topics:
        return
    admin = AIOKafkaAdminClient(**client_options(settings))
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        wanted = [n for name in names for n in (name, topics.dead_letter(name)) if n not in existing]
        if wanted:
            try:
                await admin.create_topics(
                    [
                        NewTopic(
                            n,
                            num_partitions=settings.kafka_partitions,
                            replication_factor=settings.kafka_replication_factor,
                        )
                        for n in wanted
                    ]
                )
            except Exception as exc:  # created concurrently by another service
                log.info("create_topics", result=str(exc))
    finally:
        await admin.close()


def unpack(env: common_pb2.Envelope) -> Message:
    descriptor = descriptor_pool.Default().FindMessageTypeByName(env.event_type)
    message = message_factory.GetMessageClass(descriptor)()
    env.payload.Unpack(message)
    return message


class FetchWait:
    """A consumer's fetch wait: `busy_ms` while records arrive, `idle_ms` after `idle_after`
    seconds without one (a broker that answers a fetch only when its wait runs out, like Tansu,
    is otherwise asked `1000 / busy_ms` times a second per consumer, forever). aiokafka reads the
    wait from its fetcher for every fetch request; the change applies from the next one.

    While idle the fetcher's own loop also wakes at most once per idle wait: it wakes when a fetch
    answers, records are taken, the assignment changes or a paused partition resumes, and besides
    every `consumer_timeout_ms` (200 ms) to look for work none of those announce; with nothing
    fetched for `idle_after` seconds that look is five wakeups a second per consumer for nothing."""

    def __init__(self, consumer: AIOKafkaConsumer, busy_ms: int, idle_ms: int, idle_after: float) -> None:
        self.consumer = consumer
        self.busy_ms = busy_ms
        self.idle_ms = idle_ms or busy_ms
        self.idle_after = idle_after
        self.last_record = time.monotonic()
        self.idle = False
        fetcher = getattr(consumer, "_fetcher", None)
        self.busy_timeout: float | None = getattr(fetcher, "_fetcher_timeout", None)

    def seen(self) -> None:
        """A record arrived: fetch with the short wait again."""
        self.last_record = time.monotonic()
        if self.idle:
            self.idle = False
            self._set(self.busy_ms)

    async def run(self) -> None:
        if self.idle_ms == self.busy_ms:
            return
        while True:
            # Busy: wake when `idle_after` will have passed since the last record (a check every
            # idle_after / 4 switched up to that much later); idle: look now and then for seen().
            due = self.last_record + self.idle_after - time.monotonic()
            await asyncio.sleep(self.idle_after / 4 if self.idle else max(1.0, due))
            if not self.idle and time.monotonic() - self.last_record >= self.idle_after:
                self.idle = True
                self._set(self.idle_ms)

    def _set(self, ms: int) -> None:
        fetcher = getattr(self.consumer, "_fetcher", None)
        if fetcher is not None and hasattr(fetcher, "_fetch_max_wait_ms"):
            fetcher._fetch_max_wait_ms = ms
        if fetcher is not None and self.busy_timeout is not None:
            fetcher._fetcher_timeout = max(self.busy_timeout, ms / 1000) if self.idle else self.busy_timeout


def fetch_wait(
    consumer: AIOKafkaConsumer, settings: KitSettings, busy_ms: int | None = None, background: bool = False
) -> FetchWait:
    """`background`: a consumer whose events nobody waits on idles with the background wait."""
    idle_ms = settings.kafka_idle_fetch_max_wait_ms
    if background and settings.kafka_background_idle_fetch_max_wait_ms:
        idle_ms = settings.kafka_background_idle_fetch_max_wait_ms
    return FetchWait(
        consumer,
        settings.kafka_fetch_max_wait_ms if busy_ms is None else busy_ms,
        idle_ms,
        settings.kafka_idle_after_seconds,
    )

"""Delivery's unit of work (kit.sqluow without an outbox: delivery publishes no facts on Kafka;
its domain events wake its own sender after the commit), and the consumers of other contexts'
events: completed/failed slideshows and exceeded quotas become deliveries (application.incoming:
one per matching endpoint, idempotent per event id); a deleted app loses its connected social
accounts and its publish records (application.publishing)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC
from typing import Any

from aiokafka import AIOKafkaConsumer
from aiokafka.errors import CommitFailedError
from google.protobuf.message import Message
from kit import grpcx, logs, metrics, topics, tracing
from kit.errors import ServiceError
from kit.kafka import Consumer, client_options, fetch_wait, unpack
from kit.slidejson import slide_json
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2
from slides.sharing.v1 import sharing_pb2, sharing_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, store
from delivery.application import incoming, publishing
from delivery.application.ports import DeliveryUnitOfWork
from delivery.settings import Settings

log = logs.get(__name__)

GROUP = "delivery-events"
SHARE_LOOKUP_TIMEOUT = 3.0
SHARES_PER_LOOKUP = 1000  # sharing's limit per GetSharesForSlideshows call


def to_outbox(event: object) -> OutboxMessage | None:
    """Delivery publishes no facts on Kafka (it has no outbox table): its domain events
    (domain.DeliveriesQueued) are signals to its own workers, for the after-commit hooks only."""
    return None


def unit_of_work(engine: AsyncEngine, after_commit: Sequence[AfterCommit] = ()) -> DeliveryUnitOfWork:
    """A new unit of work for one use case call (no outbox, no relay)."""
    return SqlUnitOfWork(engine, store.repositories, None, to_outbox, None, after_commit)


def waking(on_new: Callable[[], None]) -> AfterCommit:
    """The after-commit hook that wakes the sender when the unit queued deliveries due now."""

    async def wake(committed: Sequence[object]) -> None:
        if any(isinstance(e, domain.DeliveriesQueued) and e.count for e in committed):
            on_new()

    return wake


BatchHandler = Callable[[list[tuple[common_pb2.Envelope, Message]]], Awaitable[None]]


class BatchConsumer(Consumer):
    """kit's at-least-once consumer, taking records in batches: a batch goes to `batch_handler`
    in one call, and when that fails, its records are handled one by one, concurrently, with
    kit's retries and dead-letter topic (the handlers are idempotent and order-free). Offsets
    are committed once the whole batch is done, instead of one broker round trip per record."""

    def __init__(
        self,
        *args,
        batch_handler: BatchHandler | None = None,
        concurrency: int = 16,
        max_records: int = 500,
        fetch_max_wait_ms: int = 500,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.batch_handler = batch_handler
        self.concurrency = concurrency
        self.max_records = max_records
        self.fetch_max_wait_ms = fetch_max_wait_ms

    async def run(self) -> None:
        s = self.settings
        consumer = AIOKafkaConsumer(
            *self.topic_names,
            **client_options(s),
            group_id=self.group_id,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            session_timeout_ms=s.kafka_session_timeout_ms,
            heartbeat_interval_ms=s.kafka_heartbeat_interval_ms,
            max_poll_interval_ms=300_000,
            fetch_max_wait_ms=self.fetch_max_wait_ms,
        )
        await consumer.start()
        wait = fetch_wait(consumer, s, self.fetch_max_wait_ms)
        idling = asyncio.create_task(wait.run())
        slots = asyncio.Semaphore(self.concurrency)

        async def one(record) -> None:
            async with slots:
                await self._process(record)

        try:
            while True:
                batches = await consumer.getmany(timeout_ms=1000, max_records=self.max_records)
                if not batches:
                    continue
                wait.seen()
                started = time.monotonic()
                records = [r for rs in batches.values() for r in rs]
                if not await self._whole_batch(records):
                    await asyncio.gather(*(one(r) for r in records))
                try:
                    await consumer.commit(
                        {tp: records[-1].offset + 1 for tp, records in batches.items() if records}
                    )
                except CommitFailedError:
                    # A rebalance took the partitions away; their new owner re-reads (idempotently).
                    log.warning("offset commit failed after a rebalance", group=self.group_id)
                    continue
                log.info(
                    "event batch handled",
                    records=sum(len(r) for r in batches.values()),
                    ms=int((time.monotonic() - started) * 1000),
                )
        finally:
            idling.cancel()
            await consumer.stop()
            if self._dlq_producer:
                await self._dlq_producer.stop()

    async def _whole_batch(self, records: list) -> bool:
        """True when `batch_handler` handled every record at once."""
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


def unpack_record(record) -> tuple[common_pb2.Envelope, Message]:
    env = common_pb2.Envelope.FromString(record.value)
    return env, unpack(env)


def slideshow_dict(show: renderer_pb2.Slideshow) -> dict[str, Any]:
    return {
        "id": show.id,
        "organization_id": show.organization_id,
        "app_id": show.app_id,
        "app_name": show.app_name,
        "hook_text_snapshot": show.hook_text_snapshot,
        "language": show.language,
        "template_set": show.template_set,
        "status": show.status,
        "error_message": show.error.message,
        "slides": [slide_json(s) for s in show.slides],
        "marketing_assets": [
            {"type": a.type, "text": a.text, "tags": list(a.tags)} for a in show.marketing_assets
        ],
    }


def quota_payload(msg: billing_pb2.QuotaExceeded) -> dict[str, Any]:
    def ts(value) -> str | None:
        if not value.seconds and not value.nanos:
            return None
        return domain.iso(value.ToDatetime(tzinfo=UTC))

    return {
        "organization_id": msg.organization_id,
        "quota": msg.quota,
        "limit": msg.limit,
        "used": msg.used,
        "plan": msg.plan,
        "period_start": ts(msg.period_start),
        "period_end": ts(msg.period_end),
    }


class ShareLinks:
    """Sharing's live share links (application.ports.ShareLinks): one batch call per thousand
    slideshows; a sharing without the batch call is asked one by one; unavailable = no links."""

    def __init__(self, sharing: Any):
        self.sharing = sharing

    async def urls(self, slideshows: Sequence[tuple[str, str]]) -> dict[tuple[str, str], str]:
        asked = [
            sharing_pb2.GetShareForSlideshowRequest(organization_id=org, slideshow_id=slideshow_id)
            for org, slideshow_id in slideshows
        ]
        found: dict[tuple[str, str], str] = {}
        for start in range(0, len(asked), SHARES_PER_LOOKUP):
            chunk = asked[start : start + SHARES_PER_LOOKUP]
            for one, answer in zip(chunk, await self._look_up_shares(chunk), strict=True):
                if answer is not None and answer.enabled and answer.share.url:
                    found[(one.organization_id, one.slideshow_id)] = answer.share.url
        return found

    async def _look_up_shares(
        self, asked: list[sharing_pb2.GetShareForSlideshowRequest]
    ) -> list[sharing_pb2.GetShareForSlideshowResponse | None]:
        """Sharing's answers in the order asked, None where unknown."""
        try:
            resp = await grpcx.call(
                self.sharing.GetSharesForSlideshows,
                sharing_pb2.GetSharesForSlideshowsRequest(slideshows=asked),
                timeout=SHARE_LOOKUP_TIMEOUT,
            )
            if len(resp.shares) == len(asked):
                return list(resp.shares)
            log.warning("sharing answered the wrong number of share links", asked=len(asked))
        except ServiceError as exc:
            if exc.code == "UNAVAILABLE":
                log.info("share links unknown; share_url is null", slideshows=len(asked), code=exc.code)
                return [None] * len(asked)
            # e.g. a sharing version without the batch call (during a rollout): one by one.
            log.info("batch share lookup failed; asking one by one", code=exc.code)
        return list(await asyncio.gather(*(self._look_up_share(one) for one in asked)))

    async def _look_up_share(
        self, one: sharing_pb2.GetShareForSlideshowRequest
    ) -> sharing_pb2.GetShareForSlideshowResponse | None:
        try:
            return await grpcx.call(
                self.sharing.GetShareForSlideshow,
                one,
                timeout=SHARE_LOOKUP_TIMEOUT,
                organization_id=one.organization_id,
            )
        except ServiceError as exc:
            log.info("share link unknown; share_url is null", slideshow_id=one.slideshow_id, code=exc.code)
            return None


def incoming_event(env: common_pb2.Envelope, message: Message) -> incoming.Incoming | None:
    """The event to fan out that a record carries (None: not one that becomes deliveries)."""
    occurred_at = env.occurred_at.ToDatetime(tzinfo=UTC) if env.occurred_at.seconds else None
    if isinstance(message, renderer_pb2.SlideshowCompleted | renderer_pb2.SlideshowFailed):
        show = slideshow_dict(message.slideshow)
        show["organization_id"] = show["organization_id"] or env.organization_id
        failed = isinstance(message, renderer_pb2.SlideshowFailed)
        event = domain.SLIDESHOW_FAILED if failed else domain.SLIDESHOW_COMPLETED
        return incoming.Incoming(env.event_id, show["organization_id"], event, occurred_at, show=show)
    if isinstance(message, billing_pb2.QuotaExceeded):
        org = message.organization_id or env.organization_id
        payload = quota_payload(message)
        return incoming.Incoming(env.event_id, org, domain.QUOTA_EXCEEDED, occurred_at, payload=payload)
    return None


class EventHandler:
    def __init__(self, settings: Settings, engine: AsyncEngine, sharing: Any, on_new: Callable[[], None]):
        self.settings = settings
        self.engine = engine
        self.reads = store.Reads(engine)
        self.shares = ShareLinks(sharing)
        self.on_new = on_new

    def uow(self) -> DeliveryUnitOfWork:
        return unit_of_work(self.engine, [waking(self.on_new)])

    def consumer(self) -> Consumer:
        names = [topics.RENDERER_SLIDESHOWS, topics.BILLING_EVENTS, topics.CATALOG_APPS]
        return BatchConsumer(
            self.settings,
            names,
            GROUP,
            self.handle,
            batch_handler=self.handle_batch,
            fetch_max_wait_ms=self.settings.event_fetch_max_wait_ms,
        )

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        """One event (kit's per-record path, used when a batch failed)."""
        await self.handle_batch([(env, message)])

    async def handle_batch(self, items: list[tuple[common_pb2.Envelope, Message]]) -> None:
        """A batch of events: one endpoint query, one share lookup and one insert for all the
        deliveries they make."""
        fanned = []
        for env, message in items:
            one = incoming_event(env, message)
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


def sharing_stub(clients: grpcx.Clients, settings: Settings) -> sharing_pb2_grpc.SharingServiceStub:
    return clients.stub(sharing_pb2_grpc.SharingServiceStub, settings.sharing_addr)

"""Consumers of other contexts' events: completed/failed slideshows and exceeded quotas
become deliveries (one per matching endpoint, idempotent per event id); a deleted app loses
its connected social accounts and its publish records."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from aiokafka import AIOKafkaConsumer
from aiokafka.errors import CommitFailedError
from google.protobuf.message import Message
from kit import grpcx, ids, logs, topics
from kit.errors import ServiceError
from kit.kafka import Consumer
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2
from slides.sharing.v1 import sharing_pb2, sharing_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, store
from delivery.settings import Settings

log = logs.get(__name__)

GROUP = "delivery-events"
SHARE_LOOKUP_TIMEOUT = 3.0


class BatchConsumer(Consumer):
    """kit's at-least-once consumer, taking records in batches: the records of one batch are
    handled concurrently (the handler is idempotent and order-free) and their offsets are
    committed once the whole batch is done, instead of one broker round trip per record."""

    def __init__(
        self, *args, concurrency: int = 16, max_records: int = 500, fetch_max_wait_ms: int = 500, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.concurrency = concurrency
        self.max_records = max_records
        self.fetch_max_wait_ms = fetch_max_wait_ms

    async def run(self) -> None:
        s = self.settings
        consumer = AIOKafkaConsumer(
            *self.topic_names,
            bootstrap_servers=s.kafka_bootstrap,
            group_id=self.group_id,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            session_timeout_ms=s.kafka_session_timeout_ms,
            heartbeat_interval_ms=s.kafka_heartbeat_interval_ms,
            max_poll_interval_ms=300_000,
            fetch_max_wait_ms=self.fetch_max_wait_ms,
        )
        await consumer.start()
        slots = asyncio.Semaphore(self.concurrency)

        async def one(record) -> None:
            async with slots:
                await self._process(record)

        try:
            while True:
                batches = await consumer.getmany(timeout_ms=1000, max_records=self.max_records)
                if not batches:
                    continue
                started = time.monotonic()
                await asyncio.gather(*(one(r) for records in batches.values() for r in records))
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
            await consumer.stop()
            if self._dlq_producer:
                await self._dlq_producer.stop()


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
        "slides": [
            {
                "order": s.order,
                "template": s.template,
                "layout_type": s.layout_type,
                "title": s.title,
                "subtitle": s.subtitle,
                "label": s.label,
                "image_url": s.image_url,
                "duration": s.duration,
            }
            for s in show.slides
        ],
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


class EventHandler:
    def __init__(self, settings: Settings, engine: AsyncEngine, sharing: Any, on_new: Callable[[], None]):
        self.settings = settings
        self.engine = engine
        self.sharing = sharing
        self.on_new = on_new

    def consumer(self) -> Consumer:
        names = [topics.RENDERER_SLIDESHOWS, topics.BILLING_EVENTS, topics.CATALOG_APPS]
        return BatchConsumer(
            self.settings, names, GROUP, self.handle, fetch_max_wait_ms=self.settings.event_fetch_max_wait_ms
        )

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        if isinstance(message, renderer_pb2.SlideshowCompleted | renderer_pb2.SlideshowFailed):
            await self._slideshow(env, message)
        elif isinstance(message, billing_pb2.QuotaExceeded):
            org = message.organization_id or env.organization_id
            await self._fan_out(env, org, domain.QUOTA_EXCEEDED, lambda: _async_value(quota_payload(message)))
        elif isinstance(message, catalog_pb2.AppDeleted):
            org = message.organization_id or env.organization_id
            async with self.engine.begin() as conn:
                removed = await store.delete_app_accounts(conn, org, message.app_id)
            if removed:
                log.info("social accounts removed with their app", app_id=message.app_id, count=removed)

    async def _slideshow(self, env: common_pb2.Envelope, message: Message) -> None:
        show = slideshow_dict(message.slideshow)  # type: ignore[attr-defined]
        org = show["organization_id"] or env.organization_id
        show["organization_id"] = org
        failed = isinstance(message, renderer_pb2.SlideshowFailed)
        event = domain.SLIDESHOW_FAILED if failed else domain.SLIDESHOW_COMPLETED

        async def payload() -> dict[str, Any]:
            share_url = None if failed else await self._share_url(org, show["id"])
            return domain.slideshow_payload(show, share_url, failed)

        await self._fan_out(env, org, event, payload)

    async def _share_url(self, org: str, slideshow_id: str) -> str | None:
        """The live share link, or None when sharing is off or cannot be asked right now."""
        try:
            resp = await grpcx.call(
                self.sharing.GetShareForSlideshow,
                sharing_pb2.GetShareForSlideshowRequest(organization_id=org, slideshow_id=slideshow_id),
                timeout=SHARE_LOOKUP_TIMEOUT,
                organization_id=org,
            )
        except ServiceError as exc:
            log.info("share link unknown; share_url is null", slideshow_id=slideshow_id, code=exc.code)
            return None
        return resp.share.url if resp.enabled and resp.share.url else None

    async def _fan_out(self, env: common_pb2.Envelope, org: str, event: str, payload_fn) -> None:
        # One transaction from the endpoint lookup to the insert: one pool checkout per event.
        async with self.engine.begin() as conn:
            targets = await store.matching_endpoints(conn, org, event)
            if not targets:
                return
            payload = await payload_fn()
            rows = delivery_rows(env, org, event, payload, targets)
            created = await store.insert_deliveries(conn, rows)
        if created:
            self.on_new()
            log.info("deliveries created", event_name=event, event_id=env.event_id, count=created)


def delivery_rows(
    env: common_pb2.Envelope, org: str, event: str, payload: dict[str, Any], targets: list[Any]
) -> list[dict[str, Any]]:
    """One PENDING delivery per endpoint, due now, with the body that endpoint's kind gets."""
    created_at = env.occurred_at.ToDatetime(tzinfo=UTC) if env.occurred_at.seconds else datetime.now(UTC)
    now = datetime.now(UTC)
    rows = []
    for ep in targets:
        if ep.kind == domain.WEBHOOK:
            body = domain.webhook_body(event, payload, created_at)
        else:
            body = domain.chat_body(ep.kind, event, payload)
        rows.append(
            {
                "id": ids.new_id("whd"),
                "organization_id": org,
                "endpoint_id": ep.id,
                "event_id": env.event_id,
                "event": event,
                "body": body,
                "status": domain.PENDING,
                "attempt_count": 0,
                "next_attempt_at": now,
                "created_at": now,
                "updated_at": now,
            }
        )
    return rows


async def _async_value(value: dict[str, Any]) -> dict[str, Any]:
    return value


def sharing_stub(clients: grpcx.Clients, settings: Settings) -> sharing_pb2_grpc.SharingServiceStub:
    return clients.stub(sharing_pb2_grpc.SharingServiceStub, settings.sharing_addr)

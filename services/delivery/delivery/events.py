"""Delivery's unit of work (kit.sqluow without an outbox: delivery publishes no facts on Kafka;
its domain events wake its own sender after the commit), and the event adapter for its consumer
(consumers.py, a faust agent): other contexts' events as application.incoming.Incoming values,
and sharing's share links (application.ports.ShareLinks)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import UTC
from typing import Any

from google.protobuf.message import Message
from kit import grpcx, logs
from kit.errors import ServiceError
from kit.slidejson import slide_json
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.billing.v1 import billing_pb2
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2
from slides.sharing.v1 import sharing_pb2, sharing_pb2_grpc
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, store
from delivery.application import incoming
from delivery.application.ports import DeliveryUnitOfWork
from delivery.settings import Settings

log = logs.get(__name__)

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


def sharing_stub(clients: grpcx.Clients, settings: Settings) -> sharing_pb2_grpc.SharingServiceStub:
    return clients.stub(sharing_pb2_grpc.SharingServiceStub, settings.sharing_addr)

"""Other contexts' events that become deliveries: a completed or failed slideshow, an exceeded
quota. One PENDING delivery per enabled endpoint subscribed to the event (webhook or chat) that
existed when it happened (an event consumed late is not sent to an endpoint made after it, as Stripe
does), idempotent per (endpoint, event id): a redelivered event creates nothing new."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kit.ids import new_id

from delivery import domain
from delivery.application.ports import DeliveryUnitOfWork, Reads, ShareLinks


@dataclass(frozen=True, slots=True)
class Incoming:
    """One event to fan out: to which organization, under which event name, with the slideshow
    it is about (`show`, for slideshow events: its payload waits for the share link) or its
    ready payload (quota events). `occurred_at` (None: unknown) is the webhook body's created_at."""

    event_id: str
    organization_id: str
    event: str
    occurred_at: datetime | None = None
    show: dict[str, Any] | None = None
    payload: dict[str, Any] | None = None


async def fan_out(
    uow: DeliveryUnitOfWork, reads: Reads, shares: ShareLinks, incoming: Sequence[Incoming]
) -> int:
    """A batch of events as deliveries: one endpoint read, one share lookup (for the completed
    slideshows; outside the unit: a remote call) and one write for all. How many are new."""
    if not incoming:
        return 0
    endpoints = await reads.enabled_endpoints(sorted({i.organization_id for i in incoming}))
    targeted = []
    for one in incoming:
        targets = [
            ep
            for ep in endpoints.get(one.organization_id, [])
            if domain.receives(ep, one.event, one.occurred_at)
        ]
        if targets:
            targeted.append((one, targets))
    if not targeted:
        return 0
    completed = [
        (one.organization_id, one.show["id"])
        for one, _ in targeted
        if one.event == domain.SLIDESHOW_COMPLETED and one.show is not None
    ]
    share_urls = await shares.urls(completed) if completed else {}
    new = []
    for one, targets in targeted:
        payload = one.payload
        if one.show is not None:
            failed = one.event == domain.SLIDESHOW_FAILED
            share_url = share_urls.get((one.organization_id, one.show["id"]))
            payload = domain.slideshow_payload(one.show, share_url, failed)
        now = datetime.now(UTC)
        created_at = one.occurred_at or now
        new += [
            domain.new_delivery(ep, one.event, one.event_id, payload or {}, created_at, now, new_id("whd"))
            for ep in targets
        ]
    async with uow:
        created = await uow.repos.deliveries.add(new)
        if created:
            uow.add_event(domain.DeliveriesQueued(created))
        await uow.commit()
    return created

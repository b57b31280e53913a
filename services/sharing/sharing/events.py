"""Sharing's facts on Kafka (topic sharing.events.v1, keyed by slideshow id): the domain events as
outbox messages and the SQL unit of work that writes them (kit.sqluow) for the application layer.
The consumer of deleted apps is a faust agent in consumers.py."""

from __future__ import annotations

from collections.abc import Sequence

from kit import topics
from kit.outbox import OutboxRelay
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.sharing.v1 import sharing_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from sharing import application, domain, store


def to_outbox(event: object) -> OutboxMessage:
    match event:
        case domain.ShareChanged(organization_id=org, slideshow_id=ss_id, app_id=app_id, enabled=on, url=url):
            message = sharing_pb2.ShareChanged(
                organization_id=org, slideshow_id=ss_id, app_id=app_id, enabled=on, url=url if on else ""
            )
            return OutboxMessage(topics.SHARING_EVENTS, ss_id, message, org)
    raise TypeError(f"not a sharing event: {event!r}")


def unit_of_work(
    engine: AsyncEngine, relay: OutboxRelay | None, after_commit: Sequence[AfterCommit] = ()
) -> application.SharingUnitOfWork:
    """A new unit of work for one use case call."""
    return SqlUnitOfWork[application.Repositories](
        engine, store.repositories, store.outbox, to_outbox, relay, after_commit
    )

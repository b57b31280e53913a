"""Sharing's facts on Kafka (topic sharing.events.v1, keyed by slideshow id): the domain events as
outbox messages, the SQL unit of work that writes them (kit.sqluow) for the application layer, and
the consumer that kills the links of deleted apps (it calls the application)."""

from __future__ import annotations

from collections.abc import Sequence

from kit import kafka, topics
from kit.outbox import OutboxRelay
from kit.settings import KitSettings
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.sharing.v1 import sharing_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from sharing import application, domain, store

CONSUMER = application.APP_DELETED_CONSUMER


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


class AppDeletedHandler:
    def __init__(self, engine: AsyncEngine, relay: OutboxRelay):
        self.engine = engine
        self.relay = relay

    async def __call__(self, env: common_pb2.Envelope, message) -> None:
        if not isinstance(message, catalog_pb2.AppDeleted):
            return
        org = message.organization_id or env.organization_id
        await application.app_deleted(
            unit_of_work(self.engine, self.relay), org, message.app_id, env.event_id
        )


def app_deleted_consumer(settings: KitSettings, engine: AsyncEngine, relay: OutboxRelay) -> kafka.Consumer:
    return kafka.Consumer(settings, [topics.CATALOG_APPS], "sharing", AppDeletedHandler(engine, relay))

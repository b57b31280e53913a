"""ShareChanged into the outbox; the consumer that kills the links of deleted apps."""

from __future__ import annotations

from kit import kafka, logs, outbox, topics
from kit.outbox import OutboxRelay
from kit.settings import KitSettings
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.sharing.v1 import sharing_pb2
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from sharing import store

log = logs.get(__name__)
CONSUMER = "sharing-app-deleted"


async def share_changed(conn: AsyncConnection, row: Row, url: str) -> None:
    """Queue ShareChanged in the caller's transaction (url empty when disabled)."""
    msg = sharing_pb2.ShareChanged(
        organization_id=row.organization_id,
        slideshow_id=row.slideshow_id,
        app_id=row.app_id,
        enabled=row.enabled,
        url=url if row.enabled else "",
    )
    await outbox.add_event(
        conn, store.outbox, topics.SHARING_EVENTS, row.slideshow_id, msg, row.organization_id
    )


class AppDeletedHandler:
    def __init__(self, engine: AsyncEngine, relay: OutboxRelay):
        self.engine = engine
        self.relay = relay

    async def __call__(self, env: common_pb2.Envelope, message) -> None:
        if not isinstance(message, catalog_pb2.AppDeleted):
            return
        async with self.engine.begin() as conn:
            if not await outbox.first_time(conn, store.processed_events, CONSUMER, env.event_id):
                return
            org = message.organization_id or env.organization_id
            rows = await store.disable_for_app(conn, org, message.app_id)
            for row in rows:
                await share_changed(conn, row, "")
        if rows:
            log.info("share links of deleted app disabled", app_id=message.app_id, count=len(rows))
            self.relay.notify()


def app_deleted_consumer(settings: KitSettings, engine: AsyncEngine, relay: OutboxRelay) -> kafka.Consumer:
    return kafka.Consumer(settings, [topics.CATALOG_APPS], "sharing", AppDeletedHandler(engine, relay))

"""Sharing's event consumers as faust agents (kit.faustx): catalog.apps.v1's AppDeleted disables
the deleted app's share links through the application layer. At-least-once; the use case is
idempotent by event id (processed_events). Consumer group "sharing", as with the old loop."""

from __future__ import annotations

from kit import faustx, topics
from kit.outbox import OutboxRelay
from kit.settings import KitSettings
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from sharing import application, events

# The consumer group id (committed offsets live under it: never rename).
GROUP = "sharing"


class AppDeletedHandler:
    def __init__(self, engine: AsyncEngine, relay: OutboxRelay | None):
        self.engine = engine
        self.relay = relay

    async def __call__(self, env: common_pb2.Envelope, message: object) -> None:
        if not isinstance(message, catalog_pb2.AppDeleted):
            return
        org = message.organization_id or env.organization_id
        await application.app_deleted(
            events.unit_of_work(self.engine, self.relay), org, message.app_id, env.event_id
        )


def agents(settings: KitSettings, engine: AsyncEngine, relay: OutboxRelay | None) -> faustx.Agents:
    """The faust app of group "sharing" with its one agent (catalog.apps.v1)."""
    # In the background: a deleted app's decks answer 404 at once, their pages with them; the event
    # then disables the links themselves.
    consumers = faustx.Agents(settings, GROUP, background=True)
    consumers.add([topics.CATALOG_APPS], AppDeletedHandler(engine, relay))
    return consumers

"""Billing's event consumers as faust agents (kit.faustx): catalog.apps.v1's AppDeleted gives the
deleted app's `apps` quota unit back. Catalog also gives it back by a call once the delete
committed; that call is lost when billing is unreachable, this event is not (catalog's outbox).
At-least-once; idempotent by the release's key, the key of the create's consume (a unit is given
back only if that consume took it, and only once, whichever of the call and the event comes first).
Consumer group "billing"."""

from __future__ import annotations

from kit import faustx, logs, topics
from kit.errors import ServiceError
from kit.outbox import OutboxRelay
from kit.settings import KitSettings
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from billing import application, events

log = logs.get(__name__)

# The consumer group id (committed offsets live under it: never rename).
GROUP = "billing"
APPS_QUOTA = "apps"


def app_quota_key(app_id: str) -> str:
    """The idempotency key catalog consumes an app's unit with (catalog.server.Quota)."""
    return f"app-create:{app_id}"


class AppDeletedHandler:
    def __init__(self, engine: AsyncEngine, relay: OutboxRelay | None, rules: application.Rules):
        self.engine = engine
        self.relay = relay
        self.rules = rules

    async def __call__(self, env: common_pb2.Envelope, message: object) -> None:
        if not isinstance(message, catalog_pb2.AppDeleted):
            return
        org = message.organization_id or env.organization_id
        try:
            await application.release_quota(
                events.unit_of_work(self.engine, self.relay),
                self.rules,
                org,
                APPS_QUOTA,
                1,
                app_quota_key(message.app_id),
            )
        except ServiceError as err:
            if err.code != "ORGANIZATION_NOT_FOUND":
                raise
            log.info("apps quota of a deleted app not released: no such organization", app_id=message.app_id)


def agents(
    settings: KitSettings, engine: AsyncEngine, relay: OutboxRelay | None, rules: application.Rules
) -> faustx.Agents:
    """The faust app of group "billing" with its one agent (catalog.apps.v1)."""
    # In the background: deleting an app gives its unit back at once (catalog calls ReleaseQuota);
    # the event only makes sure of it.
    consumers = faustx.Agents(settings, GROUP, background=True)
    consumers.add([topics.CATALOG_APPS], AppDeletedHandler(engine, relay, rules))
    return consumers

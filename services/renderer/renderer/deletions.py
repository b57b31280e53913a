"""The app-deleted consumer (catalog.apps.v1): removes a deleted app's slideshows, slides,
bundles and objects (renderer.application.remove_deleted_app; idempotent)."""

from __future__ import annotations

from google.protobuf.message import Message
from kit import logs
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2

from renderer import application, events
from renderer.events import Deps

log = logs.get(__name__)


class AppDeletions:
    def __init__(self, deps: Deps):
        self.deps = deps

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        if not isinstance(message, catalog_pb2.AppDeleted):
            return
        org_id, app_id = message.organization_id or env.organization_id, message.app_id
        removed = await application.remove_deleted_app(
            events.unit_of_work(self.deps.engine, self.deps.relay),
            self.deps.storage,
            org_id,
            app_id,
            events.APPS_GROUP,
            env.event_id,
        )
        log.info("app deleted: slideshows removed", app_id=app_id, count=removed)

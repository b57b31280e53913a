"""Catalog's answers for app lists and single apps, kept while catalog's WatchApps stream is open
(gateway.orgcache has the rules).

Listing apps is the API's busiest read and apps change rarely. Catalog tells this cache about
every organization whose apps are created, updated or deleted, and its writes answer only after
this gateway acknowledged, so a write is visible on the very next read. Only successful answers
are kept, under keys that start with the organization id.
"""

from __future__ import annotations

from typing import Any

from kit import metrics
from slides.catalog.v1 import catalog_pb2

from gateway.orgcache import SILENCE_SECONDS, OrgCache

# A kept list holds up to 100 rendered apps (the renderings are shared with other lists).
MAX_ENTRIES = 5_000


class AppsCache(OrgCache[tuple, dict[str, Any]]):
    def __init__(self, silence_seconds: float = SILENCE_SECONDS) -> None:
        super().__init__(metrics.APPS_CACHE, metrics.APPS_CACHE_LIVE, MAX_ENTRIES, silence_seconds)

    @staticmethod
    def list_key(organization_id: str, page: int, limit: int, status: str | None) -> tuple:
        return ("list", organization_id, page, limit, status or "")

    @staticmethod
    def app_key(organization_id: str, app_id: str) -> tuple:
        return ("app", organization_id, app_id)

    async def watch_catalog(self, catalog: Any) -> None:
        await self.watch(
            catalog.WatchApps,
            lambda sequence: catalog_pb2.WatchAppsRequest(acknowledged_sequence=sequence),
        )

"""Catalog's answers for app lists and single apps, kept while catalog's WatchApps stream is open
(gateway.orgcache has the rules).

Listing apps is the API's busiest read and apps change rarely. Catalog tells this cache about
every organization whose apps are created, updated or deleted, and its writes answer only after
the gateways watching that catalog replica acknowledged; the gateway that carried a write drops
the organization's answers itself as well. So a write is visible on the next read through that
gateway, and through the others within milliseconds. Only successful answers are kept, under
keys that start with the organization id, weighed by their size in bytes. Kept values are shared
between requests: read them, never change them.
"""

from __future__ import annotations

from typing import Any

from kit import metrics
from slides.catalog.v1 import catalog_pb2

from gateway.orgcache import SILENCE_SECONDS, OrgCache

# Bytes of rendered JSON kept, all organizations together, and answers kept per organization.
BUDGET_BYTES = 64 * 1024 * 1024
PER_ORGANIZATION = 200


class AppsCache(OrgCache[tuple, Any]):
    def __init__(self, silence_seconds: float = SILENCE_SECONDS) -> None:
        super().__init__(
            metrics.APPS_CACHE, metrics.APPS_CACHE_LIVE, BUDGET_BYTES, PER_ORGANIZATION, silence_seconds
        )

    @staticmethod
    def list_key(organization_id: str, page: int, limit: int, status: str | None) -> tuple:
        return ("list", organization_id, page, limit, status or "")

    @staticmethod
    def app_key(organization_id: str, app_id: str) -> tuple:
        return ("app", organization_id, app_id)

    async def watch_catalog(self, catalog: Any) -> None:
        await self.watch(
            catalog.WatchApps,
            catalog_pb2.WatchAppsRequest,
        )

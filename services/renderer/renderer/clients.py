"""The other services as renderer.application's remote ports, over gRPC: the catalog's apps,
the hooks service's pick and billing's slideshow quota."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit import grpcx, logs
from kit.errors import ServiceError
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from slides.hooks.v1 import hooks_pb2

from renderer import domain, events

log = logs.get(__name__)

HOOK_TIMEOUT = 2.0


class CatalogApps:
    """application.Apps: GetApp (APP_NOT_FOUND when the organization has no such app)."""

    def __init__(self, catalog: Any):
        self.catalog = catalog

    async def get(self, organization_id: str, app_id: str) -> domain.App:
        resp = await grpcx.call(
            self.catalog.GetApp,
            catalog_pb2.GetAppRequest(organization_id=organization_id, app_id=app_id),
            organization_id=organization_id,
        )
        return events.app_from_pb(resp.app)


class HookPicks:
    """application.Hooks: PickHook within HOOK_TIMEOUT; None when it failed."""

    def __init__(self, hooks: Any):
        self.hooks = hooks

    async def pick(
        self, organization_id: str, app_id: str, niche: str, language: str, categories: Sequence[str]
    ) -> domain.PickedHook | None:
        try:
            resp = await grpcx.call(
                self.hooks.PickHook,
                hooks_pb2.PickHookRequest(
                    organization_id=organization_id,
                    app_id=app_id,
                    niche=niche,
                    language=language,
                    categories=list(categories),
                ),
                timeout=HOOK_TIMEOUT,
                organization_id=organization_id,
            )
        except ServiceError as err:
            log.info("PickHook unavailable; using a built-in hook", code=err.code)
            return None
        return domain.PickedHook(resp.hook.id, resp.hook.text, resp.hook.category)


class Quota:
    """application.Quota: billing's slideshows_per_month, keyed by the slideshow id."""

    def __init__(self, billing: Any):
        self.billing = billing

    async def consume(self, organization_id: str, slideshow_id: str) -> None:
        await grpcx.call(
            self.billing.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(
                organization_id=organization_id, quota=domain.QUOTA, amount=1, idempotency_key=slideshow_id
            ),
            organization_id=organization_id,
        )

    async def release(self, organization_id: str, slideshow_id: str) -> None:
        await grpcx.call(
            self.billing.ReleaseQuota,
            billing_pb2.ReleaseQuotaRequest(
                organization_id=organization_id, quota=domain.QUOTA, amount=1, idempotency_key=slideshow_id
            ),
            organization_id=organization_id,
        )

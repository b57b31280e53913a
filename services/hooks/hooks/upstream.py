"""Calls to the services hooks depends on: billing (plan, quota, eligible organizations) and
catalog (apps), answering domain values (application.Billing, application.Catalog). Channels
connect lazily, so the service starts without them."""

from __future__ import annotations

from datetime import UTC, datetime

from kit.errors import ServiceError
from kit.grpcx import Clients, call
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.common.v1 import common_pb2

from hooks import domain
from hooks.settings import Settings

QUOTA = "hook_refreshes"
APPS_PAGE = 100
_APP_MISSING = ("APP_NOT_FOUND", "VALIDATION_ERROR")


class Upstream:
    def __init__(self, clients: Clients, settings: Settings):
        self.billing = clients.stub(billing_pb2_grpc.BillingServiceStub, settings.billing_addr)
        self.catalog = clients.stub(catalog_pb2_grpc.CatalogServiceStub, settings.catalog_addr)

    async def plan(self, org_id: str) -> str:
        resp = await call(
            self.billing.GetOrganization,
            billing_pb2.GetOrganizationRequest(organization_id=org_id),
            organization_id=org_id,
        )
        return str(resp.organization.plan)

    async def consume_refresh(self, org_id: str, key: str) -> None:
        await call(
            self.billing.ConsumeQuota,
            billing_pb2.ConsumeQuotaRequest(
                organization_id=org_id, quota=QUOTA, amount=1, idempotency_key=key
            ),
            organization_id=org_id,
        )

    async def release_refresh(self, org_id: str, key: str) -> None:
        await call(
            self.billing.ReleaseQuota,
            billing_pb2.ReleaseQuotaRequest(
                organization_id=org_id, quota=QUOTA, amount=1, idempotency_key=key
            ),
            organization_id=org_id,
        )

    async def eligible_organizations(self) -> list[domain.Organization]:
        resp = await call(
            self.billing.ListActiveOrganizations,
            billing_pb2.ListActiveOrganizationsRequest(min_plan="starter"),
            timeout=30,
        )
        return [domain.Organization(id=o.id, plan=o.plan) for o in resp.organizations]

    async def get_app(self, org_id: str, app_id: str) -> domain.App | None:
        """The app, or None when it does not exist in this organization."""
        if not domain.valid_app_id(app_id):
            return None
        try:
            resp = await call(
                self.catalog.GetApp,
                catalog_pb2.GetAppRequest(organization_id=org_id, app_id=app_id),
                organization_id=org_id,
            )
        except ServiceError as err:
            if err.code in _APP_MISSING:
                return None
            raise
        return app_from_pb(resp.app)

    async def active_apps(self, org_id: str) -> list[domain.App]:
        apps: list[domain.App] = []
        page = 1
        while True:
            resp = await call(
                self.catalog.ListApps,
                catalog_pb2.ListAppsRequest(
                    organization_id=org_id,
                    page=common_pb2.PageRequest(page=page, limit=APPS_PAGE),
                    status="ACTIVE",
                ),
                organization_id=org_id,
            )
            apps += [app_from_pb(a) for a in resp.apps if a.status == "ACTIVE"]
            if len(resp.apps) < APPS_PAGE or page * APPS_PAGE >= resp.page.total:
                return apps
            page += 1


def app_from_pb(
    app: catalog_pb2.App, organization_id: str = "", updated_at: datetime | None = None
) -> domain.App:
    """A catalog app message as hooks' view of it; `organization_id` stands in for a message's
    empty one; `updated_at`, when given, is the time of the app's state (else the message's own)."""
    if updated_at is None and app.HasField("updated_at") and app.updated_at.seconds:
        updated_at = app.updated_at.ToDatetime(tzinfo=UTC)
    return domain.App(
        id=app.id,
        organization_id=app.organization_id or organization_id,
        name=app.name,
        niche=app.niche,
        language=app.language,
        status=app.status,
        target_audience=app.target_audience,
        pain_points=tuple(app.pain_points),
        value_props=tuple(app.value_props),
        differentiators=tuple(app.differentiators),
        updated_at=updated_at,
    )

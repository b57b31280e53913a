"""billing.consumers: the faust app of group "billing" reads catalog.apps.v1, and AppDeleted gives
the app's apps quota unit back under the key of its create's consume (other events are ignored; a
gone organization is skipped). Against the stack: services/catalog/tests/test_quota_release.py."""

import pytest
from billing import application, consumers
from kit import topics
from kit.errors import ServiceError
from kit.outbox import envelope
from kit.settings import KitSettings
from slides.catalog.v1 import catalog_pb2


def test_agents_use_the_billing_group_on_catalog_apps():
    agents = consumers.agents(KitSettings(), engine=None, relay=None, rules=application.Rules())
    assert agents.group_id == "billing" and agents.app.conf.id == "billing"
    assert list(agents.handlers) == [topics.CATALOG_APPS]


async def test_app_deleted_releases_the_apps_unit_of_its_create(monkeypatch):
    calls = []

    async def release_quota(uow, rules, org_id, quota, amount, idempotency_key=""):
        calls.append((org_id, quota, amount, idempotency_key))
        if org_id == "org_gone":
            raise ServiceError("ORGANIZATION_NOT_FOUND", "gone")

    monkeypatch.setattr(application, "release_quota", release_quota)
    monkeypatch.setattr(consumers.events, "unit_of_work", lambda engine, relay: object())
    handler = consumers.AppDeletedHandler(engine=None, relay=None, rules=application.Rules())
    deleted = catalog_pb2.AppDeleted(organization_id="", app_id="app_1")
    await handler(envelope(deleted, "org_1", "evt_1"), deleted)
    created = catalog_pb2.AppCreated()
    await handler(envelope(created, "org_1", "evt_2"), created)
    gone = catalog_pb2.AppDeleted(organization_id="org_gone", app_id="app_2")
    await handler(envelope(gone, "org_gone", "evt_3"), gone)  # skipped, not retried
    assert calls == [("org_1", "apps", 1, "app-create:app_1"), ("org_gone", "apps", 1, "app-create:app_2")]


async def test_other_failures_are_retried(monkeypatch):
    async def release_quota(*args, **kwargs):
        raise ServiceError("UNAVAILABLE", "database away")

    monkeypatch.setattr(application, "release_quota", release_quota)
    monkeypatch.setattr(consumers.events, "unit_of_work", lambda engine, relay: object())
    handler = consumers.AppDeletedHandler(engine=None, relay=None, rules=application.Rules())
    deleted = catalog_pb2.AppDeleted(organization_id="org_1", app_id="app_1")
    with pytest.raises(ServiceError):
        await handler(envelope(deleted, "org_1", "evt_1"), deleted)

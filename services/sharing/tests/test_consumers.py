"""sharing.consumers: the faust app keeps the old consumer group and topic, and the AppDeleted
agent's handler calls the application's use case (other catalog events are ignored)."""

from kit import topics
from kit.outbox import envelope
from kit.settings import KitSettings
from sharing import application, consumers
from slides.catalog.v1 import catalog_pb2


def test_agents_use_the_sharing_group_on_catalog_apps():
    agents = consumers.agents(KitSettings(), engine=None, relay=None)
    assert agents.group_id == "sharing" and agents.app.conf.id == "sharing"
    assert list(agents.handlers) == [topics.CATALOG_APPS]
    assert agents.app.conf.web_enabled is False


async def test_app_deleted_calls_the_use_case_once_per_event(monkeypatch):
    calls = []

    async def app_deleted(uow, organization_id, app_id, event_id):
        calls.append((organization_id, app_id, event_id))
        return 0

    monkeypatch.setattr(application, "app_deleted", app_deleted)
    monkeypatch.setattr(consumers.events, "unit_of_work", lambda engine, relay: object())
    handler = consumers.AppDeletedHandler(engine=None, relay=None)
    deleted = catalog_pb2.AppDeleted(organization_id="", app_id="app_1")
    await handler(envelope(deleted, "org_1", "evt_1"), deleted)
    created = catalog_pb2.AppCreated()
    await handler(envelope(created, "org_1", "evt_2"), created)
    assert calls == [("org_1", "app_1", "evt_1")]

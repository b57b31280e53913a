"""hooks.consumers: one faust app in the catalog events' consumer group with an agent a topic, and the
agents' handlers call the application's use cases with the event's values (no stack)."""

from hooks import application, consumers
from hooks.settings import Settings
from kit import topics
from kit.outbox import envelope
from slides.catalog.v1 import catalog_pb2
from slides.hooks.v1 import hooks_pb2


def _handlers(monkeypatch, calls):
    async def app_changed(uow, app, event_id, only_if_empty, seed_count):
        calls.append(("changed", app.id, app.organization_id, event_id, only_if_empty, seed_count))

    async def app_deleted(uow, organization_id, app_id, event_id):
        calls.append(("deleted", organization_id, app_id, event_id))

    async def run_refresh_job(uow, reads, upstream, writer, org, job_id, app_id, trigger, event_id, count):
        calls.append(("refresh", org, job_id, app_id, trigger, event_id, count))

    monkeypatch.setattr(application, "app_changed", app_changed)
    monkeypatch.setattr(application, "app_deleted", app_deleted)
    monkeypatch.setattr(application, "run_refresh_job", run_refresh_job)
    monkeypatch.setattr(consumers.store, "HookReads", lambda engine: object())
    monkeypatch.setattr(consumers.events, "unit_of_work", lambda engine, relay: object())
    return consumers.Handlers(None, upstream=None, hook_writer=None, settings=Settings())


def test_one_faust_app_in_the_existing_catalog_group_takes_both_topics(monkeypatch):
    handlers = _handlers(monkeypatch, [])
    (agents,) = handlers.agents()
    assert (agents.group_id, agents.app.conf.id) == ("hooks-catalog", "hooks-catalog")
    assert agents.handlers == {
        topics.CATALOG_APPS: handlers.on_catalog,
        topics.HOOKS_JOBS: handlers.on_refresh,
    }
    assert len(agents.app.agents) == 2  # an agent a topic: a slow refresh job holds no app event back


async def test_catalog_events_call_the_use_cases(monkeypatch):
    calls: list[tuple] = []
    handlers = _handlers(monkeypatch, calls)
    created = catalog_pb2.AppCreated(app=catalog_pb2.App(id="app_1", name="A", niche="fitness"))
    await handlers.on_catalog(envelope(created, "org_1", "evt_1"), created)
    updated = catalog_pb2.AppUpdated(app=catalog_pb2.App(id="app_1", name="A", niche="fitness"))
    await handlers.on_catalog(envelope(updated, "org_1", "evt_2"), updated)
    deleted = catalog_pb2.AppDeleted(organization_id="org_1", app_id="app_1")
    await handlers.on_catalog(envelope(deleted, "org_1", "evt_3"), deleted)
    seed = Settings().seed_hooks_per_app
    assert calls == [
        ("changed", "app_1", "org_1", "evt_1", False, seed),
        ("changed", "app_1", "org_1", "evt_2", True, seed),
        ("deleted", "org_1", "app_1", "evt_3"),
    ]


async def test_refresh_jobs_call_the_use_case_and_other_events_are_ignored(monkeypatch):
    calls: list[tuple] = []
    handlers = _handlers(monkeypatch, calls)
    job = hooks_pb2.RefreshRequested(job_id="job_1", organization_id="org_1", app_id="app_1", trigger="daily")
    await handlers.on_refresh(envelope(job, "org_1", "evt_9"), job)
    deleted = catalog_pb2.AppDeleted(organization_id="org_1", app_id="app_1")
    await handlers.on_refresh(envelope(deleted, "org_1", "evt_10"), deleted)
    assert calls == [
        ("refresh", "org_1", "job_1", "app_1", "daily", "evt_9", Settings().refresh_hooks_per_app)
    ]

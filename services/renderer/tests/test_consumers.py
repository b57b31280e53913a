"""renderer.consumers: the two faust apps keep the old consumer groups and topics, and an event
reaches the worker's or the deletions' handler through kit.faustx's per-event path (decode, then
the handler). No broker: the agents' records are fed to Agents.process directly."""

from types import SimpleNamespace

from kit import outbox, topics
from kit.settings import KitSettings
from renderer import consumers, events
from slides.catalog.v1 import catalog_pb2
from slides.renderer.v1 import renderer_pb2


class Recorder:
    def __init__(self) -> None:
        self.seen: list[tuple[str, object]] = []

    async def handle(self, env, message) -> None:
        self.seen.append((env.event_id, message))


def _record(topic: str, env) -> SimpleNamespace:
    return SimpleNamespace(topic=topic, partition=0, offset=0, key=b"k", value=env.SerializeToString())


def test_one_app_per_group_with_the_old_group_ids():
    worker, deletions = Recorder(), Recorder()
    renders, apps = consumers.agents(KitSettings(), worker, deletions)  # type: ignore[arg-type]
    assert (renders.group_id, apps.group_id) == ("renderer-render", "renderer-apps")
    assert (renders.group_id, apps.group_id) == (events.RENDER_GROUP, events.APPS_GROUP)
    assert renders.app.conf.id == "renderer-render" and apps.app.conf.id == "renderer-apps"
    assert set(renders.handlers) == {topics.RENDERER_JOBS}
    assert set(apps.handlers) == {topics.CATALOG_APPS}
    assert renders.app.conf.processing_guarantee.value == "at_least_once"
    # A render (~0.5 s) is far inside the poll interval, and the group notices a dead member.
    assert renders.app.conf.broker_max_poll_interval >= 60
    assert renders.app.conf.broker_heartbeat_interval < renders.app.conf.broker_session_timeout


async def test_events_reach_their_handlers():
    worker, deletions = Recorder(), Recorder()
    renders, apps = consumers.agents(KitSettings(), worker, deletions)  # type: ignore[arg-type]
    job = renderer_pb2.RenderRequested(organization_id="org", slideshow_id="ss")
    gone = catalog_pb2.AppDeleted(organization_id="org", app_id="app")
    await renders.process(_record(topics.RENDERER_JOBS, outbox.envelope(job, "org", "e1")))
    await apps.process(_record(topics.CATALOG_APPS, outbox.envelope(gone, "org", "e2")))
    assert [(e, m.slideshow_id) for e, m in worker.seen] == [("e1", "ss")]
    assert [(e, m.app_id) for e, m in deletions.seen] == [("e2", "app")]
    # An undecodable record is skipped, not retried into the handler.
    await renders.process(
        SimpleNamespace(topic=topics.RENDERER_JOBS, partition=0, offset=1, key=b"", value=b"\xff")
    )
    assert len(worker.seen) == 1

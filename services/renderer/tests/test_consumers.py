"""renderer.consumers: one faust app in the render group takes both topics, and an event
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


def test_one_app_in_the_render_group_with_an_agent_a_topic():
    worker, deletions = Recorder(), Recorder()
    (agents,) = consumers.agents(KitSettings(), worker, deletions)  # type: ignore[arg-type]
    assert agents.group_id == agents.app.conf.id == events.RENDER_GROUP == "renderer-render"
    assert agents.handlers == {topics.RENDERER_JOBS: worker.handle, topics.CATALOG_APPS: deletions.handle}
    assert len(agents.app.agents) == 2  # a render never holds a deletion back
    assert agents.app.conf.processing_guarantee.value == "at_least_once"
    # A render (~0.5 s) is far inside the poll interval, and the group notices a dead member.
    assert agents.app.conf.broker_max_poll_interval >= 60
    assert agents.app.conf.broker_heartbeat_interval < agents.app.conf.broker_session_timeout


async def test_events_reach_their_handlers():
    worker, deletions = Recorder(), Recorder()
    (agents,) = consumers.agents(KitSettings(), worker, deletions)  # type: ignore[arg-type]
    job = renderer_pb2.RenderRequested(organization_id="org", slideshow_id="ss")
    gone = catalog_pb2.AppDeleted(organization_id="org", app_id="app")
    await agents.process(_record(topics.RENDERER_JOBS, outbox.envelope(job, "org", "e1")))
    await agents.process(_record(topics.CATALOG_APPS, outbox.envelope(gone, "org", "e2")))
    assert [(e, m.slideshow_id) for e, m in worker.seen] == [("e1", "ss")]
    assert [(e, m.app_id) for e, m in deletions.seen] == [("e2", "app")]
    # An undecodable record is skipped, not retried into the handler.
    await agents.process(
        SimpleNamespace(topic=topics.RENDERER_JOBS, partition=0, offset=1, key=b"", value=b"\xff")
    )
    assert len(worker.seen) == 1

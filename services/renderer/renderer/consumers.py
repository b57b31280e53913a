"""The renderer's event consumers as faust agents (kit.faustx), calling the application's use
cases through the render worker and the app deletions:

- renderer.jobs: RenderRequested names a deck; the worker claims it (application.claim_render),
  draws it in a thread and completes or fails it. The queue runner (RenderWorker.run_queue,
  Postgres) is not a consumer and is unchanged.
- catalog.apps.v1: AppDeleted removes the app's slideshows (application.remove_deleted_app).

One faust App (consumer group renderer-render, the old kit.kafka loop's, so its committed offsets
carried over) with an agent a topic, so a render never holds deletions back. Deletions had a group
of their own (renderer-apps) until the thirteenth session: a second group cost an idle stack a
consumer thread and the broker a group's fetches and heartbeats. Its offsets are not taken over:
the group's first start reads catalog.apps.v1 from its start once, and a deletion already handled
is skipped (processed_events, still recorded under the name renderer-apps).

At-least-once: an offset is committed only after its handler returned; a killed worker's events
are read again. Both paths are idempotent: a render claims only a claimable deck (QUEUED, or
RENDERING under a lease that ran out; a READY or FAILED deck is skipped) and redraws to the same
object keys; a deletion is recorded by event id (processed_events) and deleting twice is a no-op.

Long renders and the group: faust's aiokafka consumer runs in its own thread, which heartbeats
(KAFKA_HEARTBEAT_INTERVAL_MS within KAFKA_SESSION_TIMEOUT_MS) whatever the handler does, and the
drawing runs in a thread pool, so the service's loop stays free; the agent takes one event at a
time, well inside faust's max poll interval (kit.faustx: 300 s against ~0.5 s per render)."""

from __future__ import annotations

from kit import faustx, topics
from kit.settings import KitSettings

from renderer import events
from renderer.deletions import AppDeletions
from renderer.worker import RenderWorker

# The consumer group id (committed offsets live under it: never rename).
RENDER_GROUP = events.RENDER_GROUP


def agents(settings: KitSettings, worker: RenderWorker, deletions: AppDeletions) -> list[faustx.Agents]:
    """One faust app: an agent for render jobs and one for app deletions (a deleted app's decks
    answer 404 at once, the gateway keeps whether an app exists; the event then removes their rows
    and slide objects)."""
    agents = faustx.Agents(settings, RENDER_GROUP)
    agents.add([topics.RENDERER_JOBS], worker.handle)
    agents.add([topics.CATALOG_APPS], deletions.handle)
    return [agents]

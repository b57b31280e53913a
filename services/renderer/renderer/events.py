"""The renderer's facts on Kafka and its proto views: domain events -> outbox messages
(renderer.jobs keyed by slideshow id: RenderRequested; renderer.slideshows: SlideshowCompleted /
SlideshowFailed with the whole deck), the SQL unit of work that writes them (kit.sqluow) for the
application layer, and domain objects <-> protobuf. The consumers are their own modules: the
render worker (worker.py), the app-deleted consumer (deletions.py), the sweeper (sweeper.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp
from kit import pbtime, topics
from kit.outbox import OutboxRelay
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.storage import Storage
from kit.uow import AfterCommit
from slides.catalog.v1 import catalog_pb2
from slides.renderer.v1 import renderer_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from renderer import application, domain, store
from renderer.screenshots import fetch_external as fetch_external  # where callers have found it
from renderer.settings import Settings

RENDER_GROUP = "renderer-render"
QUEUE_CHANNEL = "renderer_queue"
APPS_GROUP = "renderer-apps"  # app deletions' name in processed_events (once their consumer group)

RenderFailure = domain.RenderFailure  # where callers have found it


@dataclass
class Deps:
    settings: Settings
    engine: AsyncEngine
    storage: Storage
    relay: OutboxRelay | None
    catalog: Any
    billing: Any
    hooks: Any


# --- proto views -----------------------------------------------------------------------------


def _ts(value: datetime | None) -> Timestamp:
    return Timestamp() if value is None else pbtime.timestamp(value)


def slideshow_pb(ss: domain.Slideshow) -> renderer_pb2.Slideshow:
    """The Slideshow message of a deck, with its slides and assets if it has them."""
    msg = renderer_pb2.Slideshow(
        id=ss.id,
        organization_id=ss.organization_id,
        app_id=ss.app_id,
        app_name=ss.app_name,
        hook_id=ss.hook_id,
        hook_text_snapshot=ss.hook_text_snapshot,
        status=ss.status,
        language=ss.language,
        template_set=ss.template_set,
        template_key=ss.template_key,
        design=ss.design,
        created_at=_ts(ss.created_at),
        updated_at=_ts(ss.updated_at),
    )
    if ss.error_code:
        msg.error.code = ss.error_code
        msg.error.message = ss.error_message or ""
    # Unpacked, not read by attribute: this is most of the hottest read's own CPU (GET slideshow).
    add_slide, add_asset = msg.slides.add, msg.marketing_assets.add
    for order, template, layout_type, title, subtitle, label, image_url, duration, _ in ss.slides:
        add_slide(
            order=order,
            template=template,
            layout_type=layout_type,
            title=title,
            subtitle=subtitle,
            label=label,
            image_url=image_url,
            duration=duration,
        )
    for type_, text, tags in ss.assets:
        add_asset(type=type_, text=text, tags=tags)
    return msg


def app_from_pb(app: catalog_pb2.App) -> domain.App:
    return domain.App(
        id=app.id,
        name=app.name,
        slug=app.slug,
        niche=app.niche,
        language=app.language,
        design=app.design,
        image_source=app.image_source,
        screenshots=tuple(app.screenshots),
        photos=tuple(app.photos),
        tagline=app.tagline,
        target_audience=app.target_audience,
        description=app.description,
        value_props=tuple(app.value_props),
        pain_points=tuple(app.pain_points),
        differentiators=tuple(app.differentiators),
        ios_url=app.ios_url,
        android_url=app.android_url,
        website_url=app.website_url,
        brand_primary_color=app.brand_primary_color,
        brand_secondary_color=app.brand_secondary_color,
        brand_accent_color=app.brand_accent_color,
    )


# --- outbox ----------------------------------------------------------------------------------


def to_outbox(event: object) -> OutboxMessage:
    match event:
        case domain.RenderRequested(organization_id=org, slideshow_id=ss_id):
            message = renderer_pb2.RenderRequested(slideshow_id=ss_id, organization_id=org)
            return OutboxMessage(topics.RENDERER_JOBS, ss_id, message, org)
        case domain.SlideshowCompleted(slideshow=ss):
            completed = renderer_pb2.SlideshowCompleted(slideshow=slideshow_pb(ss))
            return OutboxMessage(topics.RENDERER_SLIDESHOWS, ss.id, completed, ss.organization_id)
        case domain.SlideshowFailed(slideshow=ss):
            failed = renderer_pb2.SlideshowFailed(slideshow=slideshow_pb(ss))
            return OutboxMessage(topics.RENDERER_SLIDESHOWS, ss.id, failed, ss.organization_id)
    raise TypeError(f"not a renderer event: {event!r}")


def unit_of_work(
    engine: AsyncEngine, relay: OutboxRelay | None, after_commit: Sequence[AfterCommit] = ()
) -> application.RendererUnitOfWork:
    """A new unit of work for one use case call."""
    return SqlUnitOfWork[application.Repositories](
        engine, store.repositories, store.outbox, to_outbox, relay, after_commit
    )

"""Catalog's facts on Kafka (topic catalog.apps.v1, keyed by app id): the domain events as outbox
messages, and the SQL unit of work that writes them (kit.sqluow) for the application layer."""

from __future__ import annotations

from collections.abc import Sequence

from kit import topics
from kit.outbox import OutboxRelay
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.catalog.v1 import catalog_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from catalog import application, domain, store


def _timestamp(epoch_us: int) -> dict[str, int]:
    seconds, micros = divmod(epoch_us, 1_000_000)
    return {"seconds": seconds, "nanos": micros * 1000}


def app_pb(app: domain.App) -> catalog_pb2.App:
    return catalog_pb2.App(
        id=app.id,
        organization_id=app.organization_id,
        name=app.name,
        slug=app.slug,
        niche=app.niche,
        language=app.language,
        status=app.status,
        target_audience=app.target_audience,
        description=app.description,
        ios_url=app.ios_url,
        android_url=app.android_url,
        website_url=app.website_url,
        brand_primary_color=app.brand_primary_color,
        brand_secondary_color=app.brand_secondary_color,
        brand_accent_color=app.brand_accent_color,
        screenshots=app.screenshots,
        value_props=app.value_props,
        pain_points=app.pain_points,
        differentiators=app.differentiators,
        design=app.design,
        tagline=app.tagline,
        image_source=app.image_source,
        photos=app.photos,
        created_at=_timestamp(app.created_us),
        updated_at=_timestamp(app.updated_us),
    )


def to_outbox(event: object) -> OutboxMessage:
    match event:
        case domain.AppCreated(app=app):
            return OutboxMessage(
                topics.CATALOG_APPS, app.id, catalog_pb2.AppCreated(app=app_pb(app)), app.organization_id
            )
        case domain.AppUpdated(app=app):
            return OutboxMessage(
                topics.CATALOG_APPS, app.id, catalog_pb2.AppUpdated(app=app_pb(app)), app.organization_id
            )
        case domain.AppDeleted(organization_id=org, app_id=app_id):
            message = catalog_pb2.AppDeleted(organization_id=org, app_id=app_id)
            return OutboxMessage(topics.CATALOG_APPS, app_id, message, org)
    raise TypeError(f"not a catalog event: {event!r}")


def unit_of_work(
    engine: AsyncEngine, relay: OutboxRelay | None, after_commit: Sequence[AfterCommit] = ()
) -> application.CatalogUnitOfWork:
    """A new unit of work for one use case call."""
    return SqlUnitOfWork[application.Repositories](
        engine, store.repositories, store.outbox, to_outbox, relay, after_commit
    )

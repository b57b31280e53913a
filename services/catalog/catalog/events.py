"""Outbox writes of the catalog's facts (topic catalog.apps.v1, keyed by app id)."""

from __future__ import annotations

from kit import outbox, topics
from slides.catalog.v1 import catalog_pb2
from sqlalchemy.ext.asyncio import AsyncConnection

from catalog import store


async def app_created(conn: AsyncConnection, app: catalog_pb2.App) -> None:
    await outbox.add_event(
        conn, store.outbox, topics.CATALOG_APPS, app.id, catalog_pb2.AppCreated(app=app), app.organization_id
    )


async def app_updated(conn: AsyncConnection, app: catalog_pb2.App) -> None:
    await outbox.add_event(
        conn, store.outbox, topics.CATALOG_APPS, app.id, catalog_pb2.AppUpdated(app=app), app.organization_id
    )


async def app_deleted(conn: AsyncConnection, organization_id: str, app_id: str) -> None:
    message = catalog_pb2.AppDeleted(organization_id=organization_id, app_id=app_id)
    await outbox.add_event(conn, store.outbox, topics.CATALOG_APPS, app_id, message, organization_id)

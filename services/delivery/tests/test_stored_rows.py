"""What delivery keeps in its tables, against the running stack, for what no public interface
shows (moved here from tests/contract/test_chat.py and test_publish.py, which go through the
gateway only): a chat integration's URL is stored encrypted, and a deleted app's connected
accounts and publish records leave with it when delivery hears catalog's app-deleted event."""

from __future__ import annotations

import asyncio
import base64
import os
import time
import uuid
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from delivery import domain, events, store
from delivery.application import publishing
from delivery.crypto import KeyRing
from kit import db
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.delivery.v1 import delivery_pb2, delivery_pb2_grpc
from sqlalchemy import Table, func, select
from sqlalchemy.ext.asyncio import AsyncEngine

KEYS = "k1:" + base64.urlsafe_b64encode(b"s" * 32).decode()  # this test's own key (tokens it seals)


@pytest.fixture
async def engine(stack_env) -> AsyncIterator[AsyncEngine]:
    eng = db.make_engine(os.environ["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


@pytest.fixture
async def channels(stack_env) -> AsyncIterator[dict[str, grpc.aio.Channel]]:
    opened = {
        name: grpc.aio.insecure_channel(stack_env[f"{name}_ADDR"])
        for name in ("BILLING", "CATALOG", "DELIVERY")
    }
    yield opened
    for channel in opened.values():
        await channel.close()


async def count(engine: AsyncEngine, table: Table, org: str, app_id: str) -> int:
    async with engine.connect() as conn:
        stmt = (
            select(func.count())
            .select_from(table)
            .where(table.c.organization_id == org, table.c.app_id == app_id)
        )
        return int((await conn.execute(stmt)).scalar_one())


async def test_a_chat_integrations_url_is_stored_encrypted(engine, channels) -> None:
    """The URL is the credential: no column of the row holds it or its secret part (the API
    shows it masked in lists: tests/contract/test_chat.py)."""
    delivery = delivery_pb2_grpc.DeliveryServiceStub(channels["DELIVERY"])
    org = "org_" + uuid.uuid4().hex[:20]
    url = "https://127.0.0.1:9/services/T1/B2/secretpart"  # never called: no event is sent to it
    created = await delivery.CreateChatIntegration(
        delivery_pb2.CreateChatIntegrationRequest(organization_id=org, kind="slack", url=url), timeout=30
    )
    integration = created.integration
    assert integration.id.startswith("chat_") and integration.url == url  # in full once, at creation
    try:
        async with engine.connect() as conn:
            row = (
                await conn.execute(select(store.endpoints).where(store.endpoints.c.id == integration.id))
            ).one()
        columns = dict(row._mapping)
        assert columns["organization_id"] == org and columns["kind"] == "slack"
        for name, value in columns.items():
            if isinstance(value, (bytes, memoryview)):
                assert b"secretpart" not in bytes(value), name
            else:
                assert "secretpart" not in str(value), name
        assert columns["secret_cipher"]  # the URL is kept, sealed
    finally:
        await delivery.DeleteChatIntegration(
            delivery_pb2.DeleteChatIntegrationRequest(organization_id=org, integration_id=integration.id),
            timeout=30,
        )


class CatalogApps:
    """application.ports.Apps: the app exists (it was just created in catalog)."""

    async def check(self, organization_id: str, app_id: str) -> None:
        return None


class OneSlideshow:
    """The renderer's answer for one READY slideshow of the app."""

    def __init__(self, organization_id: str, app_id: str) -> None:
        self.show = {
            "id": "ss_" + uuid.uuid4().hex[:20],
            "organization_id": organization_id,
            "app_id": app_id,
            "status": "READY",
            "slides": [{"order": 1, "image_url": "https://img.example/1.jpg"}],
        }

    async def get(self, organization_id: str, slideshow_id: str) -> dict[str, Any]:
        assert (organization_id, slideshow_id) == (self.show["organization_id"], self.show["id"])
        return self.show


@dataclass
class Final:
    status: str = domain.SEND_TO_USER_INBOX  # final: the running follower has nothing to ask TikTok
    fail_reason: str = ""
    post_ids: list[str] = field(default_factory=list)


class StandInTikTok:
    async def post(
        self, publish: domain.Publish, account: domain.Account, show: Mapping[str, Any]
    ) -> tuple[str, Final]:
        return f"p_pub_{publish.id}", Final()

    async def status(self, publish: domain.Publish, account: domain.Account) -> Final:
        return Final()


async def test_a_deleted_apps_accounts_and_publish_records_go_with_it(engine, channels) -> None:
    """Accounts connected and slideshows published through delivery's own use cases (TikTok and
    the renderer stood in for), then the app deleted in catalog: the running delivery service
    hears app-deleted and removes that app's rows, and only that app's."""
    billing = billing_pb2_grpc.BillingServiceStub(channels["BILLING"])
    catalog = catalog_pb2_grpc.CatalogServiceStub(channels["CATALOG"])
    org = (
        await billing.CreateOrganization(
            billing_pb2.CreateOrganizationRequest(name=f"Delivery {uuid.uuid4().hex[:6]}", plan="pro"),
            timeout=30,
        )
    ).organization.id

    async def new_app() -> str:
        app = catalog_pb2.App(name=f"App {uuid.uuid4().hex[:8]}", niche="fitness")
        resp = await catalog.CreateApp(catalog_pb2.CreateAppRequest(organization_id=org, app=app), timeout=30)
        return resp.app.id

    deleted, kept = await new_app(), await new_app()
    box, reads = KeyRing(KEYS), store.Reads(engine)
    for app_id in (deleted, kept):
        await publishing.connect_account(
            events.unit_of_work(engine),
            CatalogApps(),
            box,
            org,
            app_id,
            "tiktok",
            "act.token",
            "open-1",
            "Fit",
        )
        shows = OneSlideshow(org, app_id)
        publish, created = await publishing.publish_slideshow(
            events.unit_of_work(engine),
            reads,
            shows,
            StandInTikTok(),
            org,
            shows.show["id"],
            "tiktok",
            "draft",
            "SELF_ONLY",
            1.0,
        )
        assert created and publish.app_id == app_id and publish.status == domain.SEND_TO_USER_INBOX
        assert await count(engine, store.publishes, org, app_id) == 1
        assert await count(engine, store.social_accounts, org, app_id) == 1

    await catalog.DeleteApp(catalog_pb2.DeleteAppRequest(organization_id=org, app_id=deleted), timeout=30)
    deadline = time.monotonic() + 60
    while await count(engine, store.publishes, org, deleted) or await count(
        engine, store.social_accounts, org, deleted
    ):
        assert time.monotonic() < deadline, "publish records or accounts outlived their deleted app"
        await asyncio.sleep(0.2)
    assert await count(engine, store.publishes, org, kept) == 1
    assert await count(engine, store.social_accounts, org, kept) == 1

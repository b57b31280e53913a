"""A delete gives its app's `apps` quota unit back even when billing is unreachable at that moment
(issue 20: no quota unit may be lost): catalog's own call fails, and billing releases the unit when
it consumes the delete's AppDeleted event (catalog's outbox, Kafka). Catalog's delete runs in this
process against the stack's real Postgres, with a billing address nobody listens on; the stack's
catalog relays the outbox row, the stack's billing consumes it."""

from __future__ import annotations

import asyncio
import os
import socket
import time
import uuid

import grpc
import pytest
from catalog import application, events, server
from kit.db import make_engine
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2


@pytest.fixture(scope="module")
async def engine(stack_env):
    eng = make_engine(os.environ["DATABASE_URL"], pool_size=2)
    yield eng
    await eng.dispose()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # free again once closed: nothing listens there


async def _apps_used(billing, org: str) -> int:
    usage = await billing.GetUsage(billing_pb2.GetUsageRequest(organization_id=org), timeout=10)
    return next(u.used for u in usage.usage if u.quota == "apps")


async def test_a_delete_while_billing_is_unreachable_gives_the_apps_quota_back(stubs, engine):
    catalog, billing = stubs
    org = (
        await billing.CreateOrganization(
            billing_pb2.CreateOrganizationRequest(name=f"Quota {uuid.uuid4().hex[:6]}", plan="free"),
            timeout=30,
        )
    ).organization.id
    app = (
        await catalog.CreateApp(
            catalog_pb2.CreateAppRequest(organization_id=org, app=catalog_pb2.App(name="Kept Unit")),
            timeout=30,
        )
    ).app
    assert await _apps_used(billing, org) == 1

    async with grpc.aio.insecure_channel(f"127.0.0.1:{_closed_port()}") as channel:
        unreachable = server.Quota(billing_pb2_grpc.BillingServiceStub(channel))
        await application.delete_app(events.unit_of_work(engine, None), unreachable, org, app.id)

    deadline = time.monotonic() + 60
    while (used := await _apps_used(billing, org)) != 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    assert used == 0, "the deleted app's quota unit was never given back"

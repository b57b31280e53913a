"""WatchPrincipals over real gRPC against the running billing service: a gateway's view of the
changes that alter Authenticate answers."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest
from kit.db import make_engine
from kit.settings import KitSettings
from kit.watchers import ACK_TIMEOUT_SECONDS
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from sqlalchemy import text
from testkit.watch import Watch

CHANNEL = "billing_principals"  # the NOTIFY channel of billing's migration 0002


@pytest.fixture(scope="module")
async def stub(stack_env):
    channel = grpc.aio.insecure_channel(stack_env["BILLING_ADDR"])
    yield billing_pb2_grpc.BillingServiceStub(channel)
    await channel.close()


async def new_org(stub) -> billing_pb2.CreateOrganizationResponse:
    return await stub.CreateOrganization(
        billing_pb2.CreateOrganizationRequest(name="W", plan="pro"), timeout=10
    )


@pytest.fixture
async def watch(stub):
    watching = Watch(
        stub.WatchPrincipals(),
        lambda sequence: billing_pb2.WatchPrincipalsRequest(acknowledged_sequence=sequence),
    )
    await asyncio.wait_for(watching.opened.wait(), 10)
    yield watching
    watching.close()


async def test_the_stream_opens_with_sequence_zero(watch):
    assert watch.seen[0].sequence == 0 and watch.seen[0].organization_id == ""


async def test_a_write_answers_only_after_the_watcher_applied_its_change(stub, watch):
    org = await new_org(stub)
    org_id = org.organization.id
    await watch.settle(CHANNEL)  # the creation's own notifications are in before the hold
    created = len(watch.sequences(org_id))
    watch.hold.add(org_id)
    set_plan = asyncio.ensure_future(
        stub.SetPlan(billing_pb2.SetPlanRequest(organization_id=org_id, plan="starter"), timeout=10)
    )
    first = (await watch.changes(org_id, created + 1))[created:]
    # A read sent after the change went out is answered while the write still waits: a write that
    # did not wait would have answered before it (its answer was due first, on the same channel).
    await stub.GetOrganization(billing_pb2.GetOrganizationRequest(organization_id=org_id), timeout=10)
    assert not set_plan.done()  # still waiting for this watcher
    await watch.release(org_id)
    # Answered by the acknowledgement, well before the watcher would have been cut off.
    assert (await asyncio.wait_for(set_plan, ACK_TIMEOUT_SECONDS / 2)).organization.plan == "starter"

    started = time.monotonic()
    await stub.RevokeApiKey(billing_pb2.RevokeApiKeyRequest(key_id=org.api_key.id), timeout=10)
    assert time.monotonic() - started < ACK_TIMEOUT_SECONDS / 2
    assert max(await watch.changes(org_id, created + len(first) + 1)) > max(first)


async def test_changes_made_outside_this_replica_arrive_through_the_database(stub, watch):
    """Another billing replica's write reaches this replica's watchers via the trigger's NOTIFY."""
    org = await new_org(stub)
    org_id = org.organization.id
    engine = make_engine(KitSettings().database_url, 1)
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("UPDATE billing.organizations SET status = 'PAST_DUE' WHERE id = :id"), {"id": org_id}
            )
        await watch.changes(org_id)
        async with engine.begin() as conn:
            await conn.execute(
                text("UPDATE billing.api_keys SET revoked_at = now() WHERE id = :id"), {"id": org.api_key.id}
            )
        await watch.changes(org_id, 2)
    finally:
        await engine.dispose()


async def test_a_silent_watcher_is_cut_off_and_the_write_still_completes(stub):
    org = await new_org(stub)
    call = stub.WatchPrincipals()
    try:
        await asyncio.wait_for(call.read(), 10)
        started = time.monotonic()
        await stub.SetPlan(
            billing_pb2.SetPlanRequest(organization_id=org.organization.id, plan="business"), timeout=10
        )
        assert ACK_TIMEOUT_SECONDS - 0.5 <= time.monotonic() - started < ACK_TIMEOUT_SECONDS + 3
        # The change was sent, never acknowledged, and then the stream ended.
        messages = []
        while (message := await asyncio.wait_for(call.read(), 10)) is not grpc.aio.EOF:
            messages.append(message.organization_id)
        assert org.organization.id in messages
    finally:
        call.cancel()

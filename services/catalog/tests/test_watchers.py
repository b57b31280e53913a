"""WatchApps over real gRPC against the running catalog service: a gateway's view of the app
changes that alter ListApps and GetApp answers."""

from __future__ import annotations

import asyncio
import time
import uuid

import grpc
import pytest
from google.protobuf import field_mask_pb2
from kit.db import make_engine
from kit.settings import KitSettings
from kit.watchers import ACK_TIMEOUT_SECONDS
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from sqlalchemy import text
from testkit.watch import Watch

CHANNEL = "catalog_apps"  # the NOTIFY channel of catalog's migration 0002


def acknowledgement(sequence: int) -> catalog_pb2.WatchAppsRequest:
    return catalog_pb2.WatchAppsRequest(acknowledged_sequence=sequence)


@pytest.fixture
async def watch(stubs):
    watching = Watch(stubs[0].WatchApps(), acknowledgement)
    await asyncio.wait_for(watching.opened.wait(), 10)
    yield watching
    watching.close()


async def new_org(stubs) -> str:
    resp = await stubs[1].CreateOrganization(
        billing_pb2.CreateOrganizationRequest(name=f"W {uuid.uuid4().hex[:6]}", plan="pro"), timeout=30
    )
    return resp.organization.id


def create_request(org: str) -> catalog_pb2.CreateAppRequest:
    return catalog_pb2.CreateAppRequest(
        organization_id=org, app=catalog_pb2.App(name=f"App {uuid.uuid4().hex[:6]}")
    )


async def test_the_stream_opens_with_sequence_zero(watch):
    assert watch.seen[0].sequence == 0 and watch.seen[0].organization_id == ""


async def test_every_write_answers_only_after_the_watcher_applied_its_change(stubs, watch):
    catalog = stubs[0]
    org = await new_org(stubs)
    watch.hold.add(org)
    creating = asyncio.ensure_future(catalog.CreateApp(create_request(org), timeout=10))
    first = await watch.changes(org)
    # A read sent after the change went out is answered while the write still waits: a write that
    # did not wait would have answered before it (its answer was due first, on the same channel).
    await catalog.ListApps(catalog_pb2.ListAppsRequest(organization_id=org), timeout=10)
    assert not creating.done()  # still waiting for this watcher
    await watch.release(org)
    app = (await asyncio.wait_for(creating, ACK_TIMEOUT_SECONDS / 2)).app

    started = time.monotonic()
    await catalog.UpdateApp(
        catalog_pb2.UpdateAppRequest(
            organization_id=org,
            app_id=app.id,
            app=catalog_pb2.App(niche="travel"),
            update_mask=field_mask_pb2.FieldMask(paths=["niche"]),
        ),
        timeout=10,
    )
    updated = await watch.changes(org, len(first) + 1)
    await catalog.DeleteApp(catalog_pb2.DeleteAppRequest(organization_id=org, app_id=app.id), timeout=10)
    deleted = await watch.changes(org, len(updated) + 1)
    assert time.monotonic() - started < ACK_TIMEOUT_SECONDS  # acknowledged, never timed out
    assert max(deleted) > max(updated) > max(first)


async def test_a_read_or_a_refused_write_sends_no_change(stubs, watch):
    catalog = stubs[0]
    org = await new_org(stubs)
    app = (await catalog.CreateApp(create_request(org), timeout=10)).app
    await watch.settle(CHANNEL)  # the trigger's NOTIFY of the same write follows the write's own change
    seen = watch.sequences(org)
    # A change of this replica's own is seen before its write answers (it waits for the
    # acknowledgement), one through the database before the marker that settle() sends.
    await catalog.GetApp(catalog_pb2.GetAppRequest(organization_id=org, app_id=app.id), timeout=10)
    with pytest.raises(grpc.aio.AioRpcError):
        await catalog.DeleteApp(
            catalog_pb2.DeleteAppRequest(organization_id=org, app_id="app_doesnotexist"), timeout=10
        )
    await watch.settle(CHANNEL)
    assert watch.sequences(org) == seen


async def test_changes_made_outside_this_replica_arrive_through_the_database(stubs, watch):
    """Another catalog replica's write reaches this replica's watchers via the trigger's NOTIFY."""
    org = await new_org(stubs)
    app = (await stubs[0].CreateApp(create_request(org), timeout=10)).app
    await watch.settle(CHANNEL)
    seen = len(watch.sequences(org))
    engine = make_engine(KitSettings().database_url, 1)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE catalog.apps SET tagline = 'x' WHERE id = :id"), {"id": app.id})
        await watch.changes(org, seen + 1)
    finally:
        await engine.dispose()


async def test_a_frozen_watcher_that_holds_a_lease_does_not_hold_a_write_up(stubs):
    """A gateway that asked for leases and then stopped acknowledging (SIGSTOP): the write answers
    once that gateway's lease is over (it no longer uses what it kept), while its stream is still
    open; the stream is cut off afterwards, at the acknowledgement timeout."""
    catalog = stubs[0]
    org = await new_org(stubs)
    frozen = Watch(catalog.WatchApps(), acknowledgement)
    try:
        await asyncio.wait_for(frozen.opened.wait(), 10)
        assert frozen.seen[0].lease_milliseconds > 0  # leases are offered
        frozen.hold.add(org)
        await frozen.call.write(catalog_pb2.WatchAppsRequest(lease=1))
        async with frozen._arrived:
            await frozen._arrived.wait_for(lambda: any(m.lease == 1 for m in frozen.seen))
        app = (await catalog.CreateApp(create_request(org), timeout=10)).app
        assert not frozen._task.done()  # answered while the frozen watcher was still connected
        change = next(i for i, m in enumerate(frozen.seen) if m.organization_id == org)
        # A lease asked for now is answered after the change it has not acknowledged.
        await frozen.call.write(catalog_pb2.WatchAppsRequest(lease=2))
        async with frozen._arrived:
            await frozen._arrived.wait_for(lambda: any(m.lease == 2 for m in frozen.seen))
        assert change < next(i for i, m in enumerate(frozen.seen) if m.lease == 2)
        # Never acknowledged: its stream ends.
        await asyncio.wait_for(frozen._task, ACK_TIMEOUT_SECONDS + 10)
        assert app.id
    finally:
        frozen.close()

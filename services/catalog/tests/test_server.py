"""The catalog gRPC service as it runs in the stack: errors, quota through billing, and events
published through the outbox to Kafka."""

from __future__ import annotations

import asyncio
import uuid

import grpc
import pytest
from aiokafka import AIOKafkaConsumer
from google.protobuf import field_mask_pb2
from kit import kafka, topics
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2


async def new_org(stubs, plan: str = "pro") -> str:
    resp = await stubs[1].CreateOrganization(
        billing_pb2.CreateOrganizationRequest(name=f"Catalog {uuid.uuid4().hex[:6]}", plan=plan), timeout=30
    )
    return resp.organization.id


async def error_code(call) -> str:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return dict(info.value.trailing_metadata())["x-error-code"]


async def create(stubs, org: str, **fields) -> catalog_pb2.App:
    app = catalog_pb2.App(name=f"App {uuid.uuid4().hex[:6]}", **fields)
    return (
        await stubs[0].CreateApp(catalog_pb2.CreateAppRequest(organization_id=org, app=app), timeout=30)
    ).app


async def test_errors_carry_api_codes(stubs):
    catalog = stubs[0]
    org = await new_org(stubs)
    app = await create(stubs, org)
    assert await error_code(
        catalog.GetApp(catalog_pb2.GetAppRequest(organization_id=org, app_id="app_x"))
    ) == ("APP_NOT_FOUND")
    other = await new_org(stubs)
    assert await error_code(
        catalog.GetApp(catalog_pb2.GetAppRequest(organization_id=other, app_id=app.id))
    ) == ("APP_NOT_FOUND")
    bad_mask = catalog_pb2.UpdateAppRequest(
        organization_id=org, app_id=app.id, update_mask=field_mask_pb2.FieldMask(paths=["organization_id"])
    )
    assert await error_code(catalog.UpdateApp(bad_mask)) == "VALIDATION_ERROR"
    no_org = catalog_pb2.CreateAppRequest(app=catalog_pb2.App(name="No Org"))
    assert await error_code(catalog.CreateApp(no_org)) == "VALIDATION_ERROR"
    paging = catalog_pb2.ListAppsRequest(organization_id=org, page={"page": 1, "limit": 101})
    assert await error_code(catalog.ListApps(paging)) == "VALIDATION_ERROR"


async def test_free_quota_is_one_app_and_delete_gives_it_back(stubs):
    org = await new_org(stubs, "free")
    first = await create(stubs, org)
    assert await error_code(create(stubs, org)) == "QUOTA_EXCEEDED"
    await stubs[0].DeleteApp(catalog_pb2.DeleteAppRequest(organization_id=org, app_id=first.id), timeout=30)
    await create(stubs, org)


async def test_slug_collision_is_checked_first_and_consumes_no_quota(stubs):
    org = await new_org(stubs, "free")
    kept = await create(stubs, org, slug="kept")
    assert kept.slug == "kept"
    assert await error_code(create(stubs, org, slug="kept")) == "SLUG_EXISTS"
    await stubs[0].DeleteApp(catalog_pb2.DeleteAppRequest(organization_id=org, app_id=kept.id), timeout=30)
    assert (await create(stubs, org, slug="kept")).slug == "kept"


async def test_photos_and_the_new_image_sources_round_trip(stubs):
    catalog = stubs[0]
    org = await new_org(stubs)
    photos = [f"https://cdn.example.com/p{i}.jpg" for i in range(24)]
    app = await create(stubs, org, photos=photos, image_source="photos")
    assert list(app.photos) == photos and app.image_source == "photos" and list(app.screenshots) == []
    got = (await catalog.GetApp(catalog_pb2.GetAppRequest(organization_id=org, app_id=app.id))).app
    assert list(got.photos) == photos and got.image_source == "photos"
    for source in ("stock", "ai", "brand", "screenshots"):
        mask = field_mask_pb2.FieldMask(paths=["image_source", "photos"])
        request = catalog_pb2.UpdateAppRequest(
            organization_id=org,
            app_id=app.id,
            app=catalog_pb2.App(image_source=source, photos=photos[:1]),
            update_mask=mask,
        )
        updated = (await catalog.UpdateApp(request, timeout=30)).app
        assert updated.image_source == source and list(updated.photos) == photos[:1]
    listed = (
        await catalog.ListApps(
            catalog_pb2.ListAppsRequest(organization_id=org, page={"page": 1, "limit": 10})
        )
    ).apps
    assert [list(a.photos) for a in listed] == [photos[:1]]
    assert await error_code(create(stubs, org, photos=photos + photos[:1])) == "VALIDATION_ERROR"
    assert await error_code(create(stubs, org, photos=["file:///etc/passwd"])) == "VALIDATION_ERROR"
    assert await error_code(create(stubs, org, image_source="unsplash")) == "VALIDATION_ERROR"


async def test_writes_are_published_through_the_outbox(stubs, stack_env):
    org = await new_org(stubs)
    photos = ["https://cdn.example.com/p.jpg"]
    app = await create(stubs, org, niche="fitness", photos=photos, image_source="photos")
    mask = field_mask_pb2.FieldMask(paths=["niche", "photos", "image_source"])
    await stubs[0].UpdateApp(
        catalog_pb2.UpdateAppRequest(
            organization_id=org,
            app_id=app.id,
            app=catalog_pb2.App(niche="yoga", photos=photos * 2, image_source="stock"),
            update_mask=mask,
        ),
        timeout=30,
    )
    await stubs[0].DeleteApp(catalog_pb2.DeleteAppRequest(organization_id=org, app_id=app.id), timeout=30)
    events = await read_events(stack_env["KAFKA_BOOTSTRAP"], app.id, 3)
    assert [type(m).__name__ for _, m in events] == ["AppCreated", "AppUpdated", "AppDeleted"]
    assert all(env.organization_id == org and env.event_id for env, _ in events)
    assert events[0][1].app.niche == "fitness" and events[1][1].app.niche == "yoga"
    assert list(events[0][1].app.photos) == photos and events[0][1].app.image_source == "photos"
    assert list(events[1][1].app.photos) == photos * 2 and events[1][1].app.image_source == "stock"
    assert events[2][1].app_id == app.id


async def read_events(bootstrap: str, key: str, count: int, timeout: float = 20.0) -> list:
    consumer = AIOKafkaConsumer(
        topics.CATALOG_APPS,
        bootstrap_servers=bootstrap,
        group_id=f"test-{uuid.uuid4().hex}",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        session_timeout_ms=6000,
        heartbeat_interval_ms=500,
    )
    await consumer.start()
    found: list = []
    try:
        async with asyncio.timeout(timeout):
            async for record in consumer:
                if record.key == key.encode():
                    env = common_pb2.Envelope.FromString(record.value)
                    found.append((env, kafka.unpack(env)))
                    if len(found) == count:
                        break
    finally:
        await consumer.stop()
    return found

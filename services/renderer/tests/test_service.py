"""The running renderer over gRPC and Kafka: the completed/failed events carry the whole deck,
a deck a dead worker left behind is finished by another, a live render lease is respected.
Needs the stack (make stack-up)."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import UTC, datetime, timedelta

import grpc
import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition
from kit import ids, kafka, topics
from kit.errors import ServiceError
from kit.grpcx import call
from kit.outbox import OutboxRelay
from renderer import domain, events, store, sweeper, worker
from renderer.settings import Settings
from slides.billing.v1 import billing_pb2, billing_pb2_grpc
from slides.catalog.v1 import catalog_pb2, catalog_pb2_grpc
from slides.renderer.v1 import renderer_pb2, renderer_pb2_grpc
from sqlalchemy import update

TIMEOUT = 150.0


@pytest.fixture
async def stubs(stack_env):
    channels = {
        k: grpc.aio.insecure_channel(stack_env[f"{k.upper()}_ADDR"])
        for k in ("billing", "catalog", "renderer")
    }
    yield {
        "billing": billing_pb2_grpc.BillingServiceStub(channels["billing"]),
        "catalog": catalog_pb2_grpc.CatalogServiceStub(channels["catalog"]),
        "renderer": renderer_pb2_grpc.RendererServiceStub(channels["renderer"]),
    }
    for ch in channels.values():
        await ch.close()


async def _org_and_app(stubs, **app_fields) -> tuple[str, str]:
    org = await call(
        stubs["billing"].CreateOrganization,
        billing_pb2.CreateOrganizationRequest(
            name="Renderer test",
            plan="pro",
            owner_email=f"r-{uuid.uuid4().hex[:10]}@example.com",
            owner_password="correct horse battery staple",
        ),
    )  # noqa: S106 - test credential
    org_id = org.organization.id
    app = await call(
        stubs["catalog"].CreateApp,
        catalog_pb2.CreateAppRequest(
            organization_id=org_id,
            app=catalog_pb2.App(
                name=f"Lingo {uuid.uuid4().hex[:5]}",
                niche="language_learning",
                language="en",
                pain_points=["Forgetting words"],
                **app_fields,
            ),
        ),
        organization_id=org_id,
    )
    return org_id, app.app.id


async def _wait_final(stubs, org_id: str, ss_id: str) -> renderer_pb2.Slideshow:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            resp = await call(
                stubs["renderer"].GetSlideshow,
                renderer_pb2.GetSlideshowRequest(organization_id=org_id, slideshow_id=ss_id),
                organization_id=org_id,
            )
            if resp.slideshow.status in ("READY", "FAILED"):
                return resp.slideshow
        except ServiceError as err:
            assert err.code == "UNAVAILABLE", err
        await asyncio.sleep(0.25)
    pytest.fail(f"{ss_id} did not finish")


async def _event_for(stack_env, ss_id: str) -> tuple[str, renderer_pb2.Slideshow]:
    """Reads renderer.slideshows from the start (no group) until the deck's event shows up."""
    consumer = AIOKafkaConsumer(bootstrap_servers=stack_env["KAFKA_BOOTSTRAP"], enable_auto_commit=False)
    await consumer.start()
    try:
        parts = consumer.partitions_for_topic(topics.RENDERER_SLIDESHOWS) or set()
        if not parts:
            await consumer._client.force_metadata_update()
            parts = consumer.partitions_for_topic(topics.RENDERER_SLIDESHOWS) or set()
        tps = [TopicPartition(topics.RENDERER_SLIDESHOWS, p) for p in parts]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            batch = await consumer.getmany(timeout_ms=500)
            for records in batch.values():
                for record in records:
                    if record.key and record.key.decode() == ss_id:
                        from slides.common.v1 import common_pb2

                        env = common_pb2.Envelope.FromString(record.value)
                        msg = kafka.unpack(env)
                        return env.event_type, msg.slideshow  # type: ignore[attr-defined]
        pytest.fail(f"no event for {ss_id}")
    finally:
        await consumer.stop()


async def _generate(stubs, org_id: str, app_id: str) -> str:
    resp = await call(
        stubs["renderer"].GenerateSlideshow,
        renderer_pb2.GenerateSlideshowRequest(
            organization_id=org_id, app_id=app_id, template_key="myth_vs_fact"
        ),
        organization_id=org_id,
    )
    assert resp.status == "QUEUED"
    return resp.slideshow_id


async def test_completed_event_carries_the_whole_deck(stubs, stack_env):
    org_id, app_id = await _org_and_app(stubs)
    ss_id = await _generate(stubs, org_id, app_id)
    deck = await _wait_final(stubs, org_id, ss_id)
    assert deck.status == "READY"
    kind, event = await _event_for(stack_env, ss_id)
    assert kind == "slides.renderer.v1.SlideshowCompleted"
    assert (event.id, event.organization_id, event.app_id, event.status) == (ss_id, org_id, app_id, "READY")
    assert event.app_name.startswith("Lingo") and event.hook_text_snapshot and event.template_set
    assert [s.image_url for s in event.slides] == [s.image_url for s in deck.slides] and len(
        event.slides
    ) == 6


async def test_failed_event_carries_the_error(stubs, stack_env):
    org_id, app_id = await _org_and_app(
        stubs,
        image_source="screenshots",
        screenshots=[f"{stack_env['S3_PUBLIC_URL']}/public/uploads/x/none.png"],
    )
    ss_id = await _generate(stubs, org_id, app_id)
    deck = await _wait_final(stubs, org_id, ss_id)
    assert deck.status == "FAILED" and deck.error.code
    kind, event = await _event_for(stack_env, ss_id)
    assert kind == "slides.renderer.v1.SlideshowFailed"
    assert event.error.code == deck.error.code and not event.slides


async def _left_behind(engine, org_id: str, app_id: str, lease_until: datetime) -> str:
    """A RENDERING deck untouched for long, as a worker that died mid-render leaves it."""
    ss_id = ids.new_id("ss")
    old = datetime.now(UTC) - timedelta(seconds=Settings().render_stuck_seconds + 60)
    async with engine.begin() as conn:
        await store.insert_slideshow(
            conn,
            {
                "id": ss_id,
                "organization_id": org_id,
                "app_id": app_id,
                "hook_id": "hk_x",
                "hook_text_snapshot": "Left behind",
                "status": "RENDERING",
                "language": "en",
                "template_set": "listicle",
                "template_key": "listicle",
                "design": "inspo",
                "variable_overrides": {},
                "asset_token": domain.new_asset_token(),
                "attempts": 1,
                "lease_until": lease_until,
            },
        )
        await conn.execute(
            update(store.slideshows).where(store.slideshows.c.id == ss_id).values(updated_at=old)
        )
    return ss_id


async def test_a_deck_whose_worker_died_is_finished_by_another(stubs, stack_env):
    """Its lease ran out: a queue runner (or the sweeper's new job event) claims and draws it."""
    from kit.db import make_engine
    from kit.storage import Storage

    org_id, app_id = await _org_and_app(stubs)
    engine = make_engine(stack_env["DATABASE_URL"], pool_size=2)
    settings = Settings(database_url=stack_env["DATABASE_URL"])
    try:
        ss_id = await _left_behind(engine, org_id, app_id, datetime.now(UTC) - timedelta(minutes=5))
        deps = events.Deps(
            settings, engine, Storage(settings), OutboxRelay(engine, store.outbox, None), None, None, None
        )
        await sweeper.sweep_once(deps)  # the running service's relay ships any job it queued
        deck = await _wait_final(stubs, org_id, ss_id)
        assert deck.status == "READY" and len(deck.slides) == 6
        async with engine.connect() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id)
        assert row is not None and row.attempts == 2  # the dead worker's claim, then one more
    finally:
        await engine.dispose()


async def test_a_live_lease_keeps_other_workers_off_the_deck(stubs, stack_env):
    from kit.db import make_engine

    org_id, app_id = await _org_and_app(stubs)
    engine = make_engine(stack_env["DATABASE_URL"], pool_size=2)
    try:
        ss_id = await _left_behind(engine, org_id, app_id, datetime.now(UTC) + timedelta(hours=1))
        # A deck left behind after it, whose lease ran out: queue runners take the oldest claimable
        # deck first, so once this later one is drawn the leased deck has been passed over.
        later = await _left_behind(engine, org_id, app_id, datetime.now(UTC) - timedelta(minutes=1))
        assert (await _wait_final(stubs, org_id, later)).status == "READY"
        async with engine.connect() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id)
        assert row is not None and (row.status, row.attempts) == ("RENDERING", 1)
        async with engine.begin() as conn:  # the lease runs out
            await conn.execute(
                update(store.slideshows)
                .where(store.slideshows.c.id == ss_id)
                .values(lease_until=datetime.now(UTC) - timedelta(seconds=1))
            )
        deck = await _wait_final(stubs, org_id, ss_id)
        assert deck.status == "READY" and len(deck.slides) == 6
    finally:
        await engine.dispose()


async def test_a_worker_that_stops_mid_render_hands_its_deck_back(stubs, stack_env):
    """SIGTERM cancels a render: the claim is released at once (QUEUED, the attempt not counted)
    instead of holding the deck until its lease runs out, and another worker finishes it."""
    from kit.db import make_engine
    from kit.storage import Storage

    org_id, app_id = await _org_and_app(stubs)
    engine = make_engine(stack_env["DATABASE_URL"], pool_size=2)
    settings = Settings(database_url=stack_env["DATABASE_URL"])
    long_lease = datetime.now(UTC) + timedelta(hours=1)  # ours: no other worker touches the deck
    try:
        ss_id = await _left_behind(engine, org_id, app_id, long_lease)
        async with engine.connect() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id)
        deps = events.Deps(
            settings,
            engine,
            Storage(settings),
            OutboxRelay(engine, store.outbox, None),
            stubs["catalog"],
            None,
            None,
        )
        render = asyncio.create_task(worker.RenderWorker(deps, None)._render_claimed(row))  # type: ignore[arg-type]
        await asyncio.sleep(0.05)  # fetching the app or drawing
        render.cancel()
        with pytest.raises(asyncio.CancelledError):
            await render
        async with engine.connect() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id)
        # Handed back: queued again, or already claimed by a running worker under a lease of its own.
        assert row is not None and row.status in ("QUEUED", "RENDERING", "READY")
        assert row.lease_until is None or row.lease_until < long_lease - timedelta(minutes=30)
        deck = await _wait_final(stubs, org_id, ss_id)
        assert deck.status == "READY" and len(deck.slides) == 6
    finally:
        await engine.dispose()

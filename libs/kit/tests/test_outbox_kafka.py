"""Outbox -> Kafka -> consumer, through the real Postgres and the real broker of the stack."""

import asyncio
import uuid

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from kit import faustx, kafka, outbox
from kit.db import make_engine
from kit.settings import KitSettings
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from sqlalchemy import MetaData, func, select, text


async def test_events_flow_once_through_outbox_and_consumer(stack_env):
    settings = KitSettings()
    schema = f"kit_test_{uuid.uuid4().hex[:8]}"
    metadata = MetaData(schema=schema)
    box = outbox.outbox_table(metadata)
    processed = outbox.processed_events_table(metadata)
    engine = make_engine(settings.database_url, 2)
    topic = f"kit.test.{uuid.uuid4().hex[:8]}"
    async with engine.begin() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        await conn.run_sync(metadata.create_all)
    await kafka.ensure_topics(settings, [topic])
    producer = kafka.make_producer(settings)
    await producer.start()
    seen: list[str] = []
    handled_once: list[str] = []

    async def handler(env, message):
        seen.append(message.app_id)
        async with engine.begin() as conn:
            if await outbox.first_time(conn, processed, "kit-test", env.event_id):
                handled_once.append(message.app_id)

    consumer = faustx.Agents(settings, f"kit-test-{uuid.uuid4().hex[:6]}")
    consumer.add([topic], handler)
    task = asyncio.create_task(consumer.run())
    try:
        async with engine.begin() as conn:
            ids = []
            for i in range(5):
                msg = catalog_pb2.AppDeleted(organization_id="org_t", app_id=f"app_{i}")
                ids.append(await outbox.add_event(conn, box, topic, f"app_{i}", msg, "org_t"))
        # a rolled-back transaction publishes nothing
        try:
            async with engine.begin() as conn:
                await outbox.add_event(
                    conn, box, topic, "x", catalog_pb2.AppDeleted(app_id="app_rolled_back")
                )
                raise RuntimeError("rollback")
        except RuntimeError:
            pass
        relay = outbox.OutboxRelay(engine, box, producer)
        assert await relay.relay_once() == 5
        async with engine.connect() as conn:
            assert (await conn.execute(select(func.count()).select_from(box))).scalar() == 0
        for _ in range(200):
            if len(seen) >= 5:
                break
            await asyncio.sleep(0.1)
        assert sorted(seen) == [f"app_{i}" for i in range(5)]
        # a redelivered event is recognised
        async with engine.begin() as conn:
            assert not await outbox.first_time(conn, processed, "kit-test", ids[0])
        assert sorted(handled_once) == sorted(seen)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await producer.stop()
        async with engine.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await engine.dispose()


async def test_a_relay_sends_again_what_a_log_created_again_lost_after_it_grew_past(stack_env):
    """The topic deleted and created again (as the local broker's restart empties every topic), then
    other producers' records fill each partition past the offset the relay's event had: the end
    offsets say nothing is missing, the record at the offset is not the relay's, so it is sent again."""
    settings = KitSettings()
    schema = f"kit_test_{uuid.uuid4().hex[:8]}"
    box = outbox.outbox_table(MetaData(schema=schema))
    engine = make_engine(settings.database_url, 2)
    topic = f"kit.replay.{uuid.uuid4().hex[:8]}"
    async with engine.begin() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        await conn.run_sync(box.metadata.create_all)
    await kafka.ensure_topics(settings, [topic])
    producer = kafka.make_producer(settings)
    await producer.start()
    watch = kafka.LogWatch(settings)
    admin = AIOKafkaAdminClient(**kafka.client_options(settings))
    await admin.start()
    try:
        relay = outbox.OutboxRelay(engine, box, producer, watch=watch)
        async with engine.begin() as conn:
            await outbox.add_event(conn, box, topic, "app_1", catalog_pb2.AppDeleted(app_id="app_1"), "org_t")
        assert await relay.relay_once() == 1
        assert await relay.replay_if_lost() == 0  # the broker has it
        await admin.delete_topics([topic])
        await asyncio.sleep(0.5)
        await admin.create_topics(
            [NewTopic(topic, settings.kafka_partitions, settings.kafka_replication_factor)]
        )
        for partition in range(settings.kafka_partitions):
            for _ in range(3):
                await producer.send_and_wait(topic, b"another producer's record", partition=partition)
        [(tp, offset)] = relay.acked.items()
        assert (await watch.end_offsets([tp]))[tp] > offset  # the end alone sees nothing lost
        assert await relay.replay_if_lost() == 1
        assert await relay.replay_if_lost() == 0  # the copy is where the relay was told it is
        # Read twice in a row: between checks the watch's fetch loop looks for work only every
        # LOG_WATCH_LOOK_MS, so it must be woken by the next check's assignment to read in time.
        for _ in range(2):
            (value,) = (await watch.records_at(dict(relay.acked))).values()
            assert value is not None
            assert common_pb2.Envelope.FromString(value).payload.Unpack(message := catalog_pb2.AppDeleted())
            assert message.app_id == "app_1"
        assert watch.consumer is not None and watch.consumer._fetcher._fetcher_timeout == 10.0
    finally:
        await admin.close()
        await watch.close()
        await producer.stop()
        async with engine.begin() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await engine.dispose()

"""kit.faustx: the faust App's settings, the per-event behaviour
(decode, retries, dead letter), and agents against the stack's real broker (delivery, restart in
the same group, start-up time)."""

import asyncio
import ssl
import time
import uuid
from types import SimpleNamespace

import faust
import pytest
from kit import faustx, kafka, metrics, outbox, topics
from kit.settings import KitSettings
from slides.catalog.v1 import catalog_pb2


def test_app_settings_follow_kit_settings():
    settings = KitSettings(
        kafka_bootstrap="127.0.0.1:1, 127.0.0.2:2",
        kafka_session_timeout_ms=6000,
        kafka_heartbeat_interval_ms=1000,
        kafka_max_batch_size=16,
        kafka_partitions=5,
        kafka_create_topics=False,
    )
    conf = faustx.make_app(settings, "sharing").conf
    assert conf.id == "sharing"  # the consumer group id
    assert [str(u) for u in conf.broker] == ["kafka://127.0.0.1:1", "kafka://127.0.0.2:2"]
    assert conf.broker_credentials is None
    assert conf.broker_session_timeout == 6.0
    assert conf.broker_heartbeat_interval == 1.0
    assert conf.producer_max_batch_size == 16
    assert conf.processing_guarantee.value == "at_least_once"
    assert conf.consumer_auto_offset_reset == "earliest"
    assert conf.web_enabled is False and conf.web_host == "127.0.0.1"
    assert conf.table_standby_replicas == 0 and conf.topic_disable_leader is True
    assert conf.topic_allow_declare is False and conf.topic_partitions == 5
    assert "faust-sharing" in str(conf.datadir)


def test_credentials_mirror_client_options(tmp_path):
    assert faustx.credentials(KitSettings()) is None
    sasl = faustx.credentials(
        KitSettings(
            kafka_security_protocol="SASL_PLAINTEXT",
            kafka_sasl_mechanism="SCRAM-SHA-256",
            kafka_sasl_username="u",
            kafka_sasl_password="p",
        )
    )
    assert isinstance(sasl, faust.SASLCredentials)
    assert (sasl.protocol.value, sasl.mechanism.value, sasl.username, sasl.password) == (
        "SASL_PLAINTEXT",
        "SCRAM-SHA-256",
        "u",
        "p",
    )
    tls = faustx.credentials(KitSettings(kafka_security_protocol="SSL"))
    assert isinstance(tls, faust.SSLCredentials) and isinstance(tls.context, ssl.SSLContext)
    with pytest.raises(ValueError):
        faustx.credentials(KitSettings(kafka_security_protocol="SASL_SSL"))  # no user/password


class FakeProducer:
    def __init__(self):
        self.sent = []

    async def send_and_wait(self, topic, key, value, partition, timestamp, headers):
        self.sent.append((topic, key, value))


def _agents(handler, max_attempts=3):
    fake_app = SimpleNamespace(
        producer=FakeProducer(),
        consumer=SimpleNamespace(highwater=lambda tp: 10),
        topic=lambda *a, **k: None,
        agent=lambda *a, **k: lambda fn: fn,
    )
    agents = faustx.Agents(KitSettings(), "kit-test-group", max_attempts=max_attempts, app=fake_app)
    agents.add(["t.v1"], handler)
    return agents, fake_app


def _record(message, offset=3):
    env = outbox.envelope(message, "org_1", "evt_1")
    return SimpleNamespace(topic="t.v1", partition=0, offset=offset, key=b"k", value=env.SerializeToString())


async def test_process_unpacks_and_calls_the_handler():
    seen = []

    async def handler(env, message):
        seen.append((env.event_id, type(message).__name__, message.app_id))

    agents, app = _agents(handler)
    await agents.process(_record(catalog_pb2.AppDeleted(organization_id="org_1", app_id="app_1")))
    assert seen == [("evt_1", "AppDeleted", "app_1")]
    assert app.producer.sent == []
    assert metrics.CONSUMER_LAG.labels("kit-test-group", "t.v1", 0)._value.get() == 6


async def test_failing_handler_is_retried_then_dead_lettered(monkeypatch):
    calls = []

    async def handler(env, message):
        calls.append(env.event_id)
        raise RuntimeError("boom")

    async def no_sleep(_):
        return None

    monkeypatch.setattr(faustx.asyncio, "sleep", no_sleep)
    agents, app = _agents(handler, max_attempts=3)
    record = _record(catalog_pb2.AppDeleted(app_id="app_2"))
    await agents.process(record)
    assert calls == ["evt_1"] * 3
    assert app.producer.sent == [(topics.dead_letter("t.v1"), b"k", record.value)]


async def test_an_event_interrupted_at_stop_stays_unacked():
    started = asyncio.Event()

    async def slow(env, message):
        started.set()
        await asyncio.Event().wait()

    agents, _ = _agents(slow)
    message = _record(catalog_pb2.AppDeleted(app_id="app_3"))
    message.refcount = 1
    message.incref = lambda: setattr(message, "refcount", message.refcount + 1)
    task = asyncio.create_task(agents.take(SimpleNamespace(message=message)))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # faust's ack on close then only drops the extra reference: the offset is not committed
    assert message.refcount == 2


async def test_a_handled_event_is_left_to_faust_to_ack():
    async def handler(env, message):
        return None

    agents, _ = _agents(handler)
    message = _record(catalog_pb2.AppDeleted(app_id="app_4"))
    message.refcount = 1
    message.incref = lambda: setattr(message, "refcount", message.refcount + 1)
    await agents.take(SimpleNamespace(message=message))
    assert message.refcount == 1


async def test_undecodable_event_is_skipped():
    calls = []

    async def handler(env, message):
        calls.append(1)

    agents, app = _agents(handler)
    await agents.process(
        SimpleNamespace(topic="t.v1", partition=0, offset=0, key=None, value=b"\xff\x00garbage")
    )
    assert calls == [] and app.producer.sent == []


async def test_agents_consume_at_least_once_across_a_restart_in_the_same_group(stack_env):
    settings = KitSettings()
    topic = f"kit.faust.{uuid.uuid4().hex[:8]}"
    group = f"kit-faust-{uuid.uuid4().hex[:6]}"
    await kafka.ensure_topics(settings, [topic])
    producer = kafka.make_producer(settings)
    await producer.start()
    seen: list[str] = []

    async def handler(env, message):
        seen.append(message.app_id)

    async def send(n0, n1):
        for i in range(n0, n1):
            env = outbox.envelope(catalog_pb2.AppDeleted(app_id=f"app_{i}"), "org_t")
            await producer.send_and_wait(topic, env.SerializeToString(), key=f"app_{i}".encode())

    async def wait_for(n):
        for _ in range(300):
            if len(set(seen)) >= n:
                return
            await asyncio.sleep(0.1)

    try:
        await send(0, 5)
        first = faustx.Agents(settings, group)
        first.add([topic], handler)
        started = time.monotonic()
        task = asyncio.create_task(first.task()())
        await wait_for(5)
        # a new process joins the group and starts consuming within a few seconds
        assert time.monotonic() - started < 15
        assert sorted(set(seen)) == [f"app_{i}" for i in range(5)]
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

        await send(5, 10)  # published while no member runs
        second = faustx.Agents(settings, group)
        second.add([topic], handler)
        task = asyncio.create_task(second.task()())
        await wait_for(10)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert sorted(set(seen)) == sorted(f"app_{i}" for i in range(10))
        # the committed offsets were resumed: the first five were not all read again
        assert len(seen) < 15
    finally:
        await producer.stop()

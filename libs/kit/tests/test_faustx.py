"""kit.faustx: the faust App's settings, the per-event behaviour
(decode, retries, dead letter), a log that went back under the consumer (LogResets), and agents
against the stack's real broker (delivery, restart in the same group, start-up time, a topic
created again)."""

import asyncio
import ssl
import time
import uuid
from types import SimpleNamespace

import faust
import pytest
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
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
    topic, producer = await _topic_and_producer(settings, "kit.faust")
    group = f"kit-faust-{uuid.uuid4().hex[:6]}"
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


async def test_a_handler_stuck_on_one_topic_holds_no_other_topic_of_its_group_back(stack_env):
    """One group, two topics, an agent each (hooks: app events and refresh jobs; the renderer: renders
    and deletions): while the first topic's handler waits, the second topic's events are handled."""
    settings = KitSettings()
    slow_topic, producer = await _topic_and_producer(settings, "kit.faust.slow")
    quick_topic = f"kit.faust.quick.{uuid.uuid4().hex[:8]}"
    await kafka.ensure_topics(settings, [quick_topic])
    release, slow_started = asyncio.Event(), asyncio.Event()
    quick: list[str] = []

    async def slow(env, message):
        slow_started.set()
        await release.wait()

    async def fast(env, message):
        quick.append(message.app_id)

    agents = faustx.Agents(settings, f"kit-faust-{uuid.uuid4().hex[:6]}")
    agents.add([slow_topic], slow)
    agents.add([quick_topic], fast)
    task = asyncio.create_task(agents.task()())
    try:
        env = outbox.envelope(catalog_pb2.AppDeleted(app_id="stuck"), "org_t")
        await producer.send_and_wait(slow_topic, env.SerializeToString(), key=b"stuck")
        await asyncio.wait_for(slow_started.wait(), 30)
        for i in range(3):
            env = outbox.envelope(catalog_pb2.AppDeleted(app_id=f"app_{i}"), "org_t")
            await producer.send_and_wait(quick_topic, env.SerializeToString(), key=f"app_{i}".encode())
        for _ in range(300):
            if len(quick) >= 3:
                break
            await asyncio.sleep(0.1)
        assert sorted(quick) == ["app_0", "app_1", "app_2"] and not release.is_set()
    finally:
        release.set()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await producer.stop()


async def _topic_and_producer(settings: KitSettings, prefix: str):
    """A new topic on the stack's broker and a started producer (the caller stops it)."""
    topic = f"{prefix}.{uuid.uuid4().hex[:8]}"
    await kafka.ensure_topics(settings, [topic])
    producer = kafka.make_producer(settings)
    await producer.start()
    return topic, producer


class FakeConsumer:
    """What LogResets uses of a faust consumer: its assignment, in-memory offsets, the broker's
    end and first offsets, and seek_wait (which, as faust's, sets the read offset it sought to)."""

    def __init__(self, read, committed, ends, starts=None, while_asked=None):
        self._read_offset = dict(read)
        self._committed_offset = dict(committed)
        self._acked = {tp: [1] for tp in read}
        self._acked_index = {tp: {1} for tp in read}
        self._gap = {tp: object() for tp in read}
        self.ends = ends
        self.starts = starts or {}
        self.while_asked = while_asked
        self.sought: dict = {}

    def assignment(self):
        return set(self.ends)

    async def highwaters(self, *tps):
        if self.while_asked:
            self.while_asked(self)
        return {tp: self.ends[tp] for tp in tps}

    async def earliest_offsets(self, *tps):
        return {tp: self.starts.get(tp, 0) for tp in tps}

    async def seek_wait(self, partitions):
        self.sought.update(partitions)
        for tp, offset in partitions.items():
            if offset > 0:
                self._read_offset[tp] = offset


def _resets(consumer):
    return faustx.LogResets(SimpleNamespace(consumer=consumer), "kit-resets-group")


async def test_a_partition_whose_end_went_below_the_consumer_is_read_again_from_its_start():
    tp0, tp1, tp2, tp3 = (faust.types.TP("t.resets", p) for p in range(4))
    consumer = FakeConsumer(
        # tp0: read up to 9 and committed 10, the log now ends at 2 (a broker restarted empty);
        # tp1: sought to its committed 4, nothing new; tp2: never read; tp3: a commit the
        # restarted broker refused left faust's committed offset at 235
        read={tp0: 9, tp1: 4, tp2: None},
        committed={tp0: 10, tp1: 4, tp3: 235},
        ends={tp0: 2, tp1: 4, tp2: 0, tp3: 5},
        starts={tp3: 1},
    )
    before = metrics.CONSUMER_LOG_RESETS.labels("kit-resets-group", "t.resets")._value.get()
    gone = await _resets(consumer).check()
    assert sorted(gone) == [tp0, tp3]
    assert consumer.sought == {tp0: 0, tp3: 1}  # each from its first offset
    # faust's offsets, acks and gaps of those partitions forgotten (tp3: read from the seek on)
    assert tp0 not in consumer._read_offset and consumer._read_offset[tp3] == 1
    assert tp0 not in consumer._committed_offset and tp3 not in consumer._committed_offset
    assert tp0 not in consumer._acked and tp0 not in consumer._acked_index and tp0 not in consumer._gap
    # the others untouched
    assert consumer._read_offset[tp1] == 4 and consumer._committed_offset[tp1] == 4
    assert consumer._acked[tp1] == [1]
    assert metrics.CONSUMER_LOG_RESETS.labels("kit-resets-group", "t.resets")._value.get() == before + 2
    assert await _resets(consumer).check() == []  # consumer and broker agree again


async def test_a_consumer_reading_while_the_ends_are_asked_is_not_reset():
    tp = faust.types.TP("t.resets", 0)

    def reads_on(consumer):  # the reader takes offsets 4..7 and commits 8 meanwhile
        consumer._read_offset[tp] = 7
        consumer._committed_offset[tp] = 8

    consumer = FakeConsumer(read={tp: 3}, committed={tp: 4}, ends={tp: 8}, while_asked=reads_on)
    assert await _resets(consumer).check() == []
    assert consumer.sought == {}


async def test_a_topic_created_again_under_a_consumer_is_read_from_its_start(stack_env):
    """A topic deleted and created again starts over at offset 0, as every topic of the local broker
    does when it restarts (its log is in memory). That broker answers a fetch past the end with no
    records and no error, and the consumer's group is untouched, so without LogResets the consumer
    waited at its old position and skipped the new events written below it."""
    settings = KitSettings()
    topic = f"kit.reset.{uuid.uuid4().hex[:8]}"
    group = f"kit-reset-{uuid.uuid4().hex[:6]}"
    await kafka.ensure_topics(settings, [topic])
    producer = kafka.make_producer(settings)
    await producer.start()
    seen: list[str] = []

    async def handler(env, message):
        seen.append(message.app_id)

    async def send(names):
        for name in names:
            env = outbox.envelope(catalog_pb2.AppDeleted(app_id=name), "org_t")
            await producer.send_and_wait(topic, env.SerializeToString(), key=name.encode())

    async def wait_for(names, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not set(names) <= set(seen):
            await asyncio.sleep(0.1)
        return set(names) <= set(seen)

    agents = faustx.Agents(settings, group, check_seconds=0.5)
    agents.add([topic], handler)
    task = asyncio.create_task(agents.task()())
    admin = AIOKafkaAdminClient(**kafka.client_options(settings))
    await admin.start()
    try:
        old = [f"old_{i}" for i in range(30)]  # about 10 a partition
        await send(old)
        assert await wait_for(old, 60)
        resets = metrics.CONSUMER_LOG_RESETS.labels(group, topic)._value.get()
        await admin.delete_topics([topic])
        await asyncio.sleep(0.5)
        await admin.create_topics(
            [NewTopic(topic, settings.kafka_partitions, settings.kafka_replication_factor)]
        )
        new = [f"new_{i}" for i in range(3)]  # at offsets 0 and 1, below where the consumer was
        await send(new)
        assert await wait_for(new, 20), sorted(seen)
        assert metrics.CONSUMER_LOG_RESETS.labels(group, topic)._value.get() > resets
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await admin.close()
        await producer.stop()


async def test_seeking_back_takes_a_partition_without_a_committed_offset_to_its_start():
    """faust drops a batch fetched during a rebalance and seeks back to the committed offsets;
    a partition the group never committed (after the local broker restarted: every partition)
    must go back to its start, not stay past the dropped records."""
    tp_none, tp_zero, tp_five = (faust.types.TP("t.seek", p) for p in range(3))
    sought: list = []

    async def seek_to_committed():
        return {tp_none: None, tp_zero: 0, tp_five: 5}

    async def seek_wait(partitions):
        sought.append(partitions)

    consumer = SimpleNamespace(seek_to_committed=seek_to_committed, seek_wait=seek_wait)
    faustx.seek_uncommitted_to_start(consumer)
    assert await consumer.seek_to_committed() == {tp_none: None, tp_zero: 0, tp_five: 5}
    assert sought == [{tp_none: 0, tp_zero: 0}]  # tp_five: aiokafka sought it to 5 already


def test_log_resets_checks_less_often_while_the_consumer_is_idle() -> None:
    quiet = False
    resets = faustx.LogResets(
        SimpleNamespace(consumer=None), "kit-resets-group", 2.0, 10.0, quiet=lambda: quiet
    )
    assert resets.due(2.0) and not resets.due(1.0)
    quiet = True
    assert not resets.due(2.0) and not resets.due(8.0)
    assert resets.due(10.0)
    quiet = False  # a record arrived: the next tick checks again
    assert resets.due(2.0)
    # Without an idle interval (or a quiet test) every tick checks, as before.
    assert faustx.LogResets(SimpleNamespace(consumer=None), "g", 2.0).due(2.0)


async def test_an_idle_consumer_asks_for_records_less_often_and_still_takes_one_at_once(
    stack_env, monkeypatch
):
    """While idle, faust's ask to its consumer thread waits IDLE_GETMANY_SECONDS instead of faust's fixed
    1 s (an empty round trip between two threads a second per consumer); a record that arrives ends
    the wait at once, and stopping does not wait for it either. The wait is set to 60 s here: a
    record or a stop held back by it would take a minute."""
    monkeypatch.setattr(faustx, "IDLE_GETMANY_SECONDS", 60.0)
    settings = KitSettings(kafka_idle_after_seconds=1.0, kafka_idle_fetch_max_wait_ms=1000)
    topic, producer = await _topic_and_producer(settings, "kit.faust.idle")
    seen: list[float] = []

    async def handler(env, message):
        seen.append(time.monotonic())

    agents = faustx.Agents(settings, f"kit-faust-idle-{uuid.uuid4().hex[:6]}")
    agents.add([topic], handler)
    task = asyncio.create_task(agents.task()())
    try:
        for _ in range(300):
            if agents.wait is not None:  # started
                break
            await asyncio.sleep(0.1)
        # What faust's ask hands the consumer thread (looked up on the thread at each ask).
        thread = agents.app.consumer._thread
        fetch = thread._fetch_records
        asked: list[float | None] = []

        async def spy(consumer, active_partitions, timeout=None, max_records=None):
            asked.append(timeout)
            return await fetch(consumer, active_partitions, timeout=timeout, max_records=max_records)

        thread._fetch_records = spy
        for _ in range(300):  # idle after a second without records: the next ask waits longer
            if 60.0 in asked:
                break
            await asyncio.sleep(0.1)
        assert agents.wait is not None and agents.wait.idle
        assert asked[-1] == 60.0, asked  # faust's 1 s made the idle wait
        sent = time.monotonic()
        env = outbox.envelope(catalog_pb2.AppDeleted(app_id="app_idle"), "org_t")
        await producer.send_and_wait(topic, env.SerializeToString(), key=b"app_idle")
        for _ in range(300):
            if seen:
                break
            await asyncio.sleep(0.1)
        assert seen and seen[0] - sent < 20, "a record waited for the idle ask to run out"
        for _ in range(100):  # a record came: faust's own 1 s again
            if asked[-1] == 1.0:
                break
            await asyncio.sleep(0.1)
        assert asked[-1] == 1.0, asked
    finally:
        stopping = time.monotonic()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await producer.stop()
    assert time.monotonic() - stopping < 20, "stopping waited for the idle ask"


async def test_a_background_group_idles_with_the_longer_fetch_wait(stack_env):
    """Agents(background=True) fetches with KAFKA_BACKGROUND_IDLE_FETCH_MAX_WAIT_MS once idle, the others
    with KAFKA_IDLE_FETCH_MAX_WAIT_MS; both fetch with the short wait while records arrive."""
    settings = KitSettings(
        kafka_idle_after_seconds=1.0,
        kafka_fetch_max_wait_ms=50,
        kafka_idle_fetch_max_wait_ms=1000,
        kafka_background_idle_fetch_max_wait_ms=4000,
    )
    topic, producer = await _topic_and_producer(settings, "kit.faust.background")
    await producer.stop()

    async def handler(env, message):
        pass

    groups = {}
    for background in (True, False):
        agents = faustx.Agents(settings, f"kit-faust-bg-{uuid.uuid4().hex[:6]}", background=background)
        agents.add([topic], handler)
        groups[background] = (agents, asyncio.create_task(agents.task()()))
    try:
        waits = {}
        for _ in range(300):
            waits = {bg: a.wait for bg, (a, _) in groups.items()}
            if all(w is not None and w.idle for w in waits.values()):
                break
            await asyncio.sleep(0.1)
        # What the consumer thread's aiokafka fetcher asks the broker to wait.
        fetched = {bg: w.consumer._fetcher._fetch_max_wait_ms for bg, w in waits.items()}  # type: ignore[union-attr]
        assert fetched == {True: 4000, False: 1000}, fetched
    finally:
        for _, task in groups.values():
            task.cancel()
        await asyncio.gather(*(task for _, task in groups.values()), return_exceptions=True)

"""kit.outbox.OutboxRelay.replay_if_lost without a broker: what the relay keeps, when it sends it
again (an end at or below its offset, or another record at it), the topics it asks for first, and
a replay that fails (tried again at the next check)."""

import asyncio
from types import SimpleNamespace

import pytest
from aiokafka import TopicPartition
from kit import metrics, outbox
from slides.catalog.v1 import catalog_pb2


class FakeProducer:
    """Acknowledges each record at the next offset of its partition (partition 0); `fail_at` makes the
    n-th send's acknowledgement fail."""

    def __init__(self, calls: list):
        self.calls = calls
        self.next: dict[str, int] = {}
        self.log: dict[str, list[bytes]] = {}
        self.fail_at: int | None = None
        self.sends = 0

    async def send(self, topic, value, key, headers):
        self.sends += 1
        self.calls.append(("send", topic, key))
        done = asyncio.get_running_loop().create_future()
        if self.fail_at == self.sends:
            done.set_exception(RuntimeError("UnknownError"))
        else:
            offset = self.next.get(topic, 0)
            self.next[topic] = offset + 1
            self.log.setdefault(topic, []).append(value)
            done.set_result(SimpleNamespace(topic=topic, partition=0, offset=offset))
        return done


class FakeWatch:
    """The broker as the relay sees it: by default what the producer sent; `ends` and `log` (topic ->
    the values at offsets 0, 1, ...) replace it (a broker restarted)."""

    def __init__(self, calls: list, producer: FakeProducer):
        self.calls = calls
        self.producer = producer
        self.ends: dict[str, int] | None = None
        self.log: dict[str, list[bytes]] | None = None

    async def end_offsets(self, partitions):
        ends = self.ends if self.ends is not None else self.producer.next
        return {tp: ends.get(tp.topic, 0) for tp in partitions}

    async def records_at(self, offsets):
        log = self.log if self.log is not None else self.producer.log
        return {tp: log[tp.topic][o] for tp, o in offsets.items() if o < len(log.get(tp.topic, []))}

    async def ensure_topics(self, names):
        self.calls.append(("ensure_topics", tuple(names)))


def _relay():
    calls: list = []
    producer = FakeProducer(calls)
    watch = FakeWatch(calls, producer)
    relay = outbox.OutboxRelay(None, None, producer, watch=watch, replay_seconds=120)
    return relay, producer, watch, calls


async def _send(relay, *keys):
    """Events relayed as relay_once relays them (sent, acknowledged, kept)."""
    sent = [
        outbox.Sent(
            topic,
            key.encode(),
            outbox.envelope(catalog_pb2.AppDeleted(app_id=key)).SerializeToString(),
            asyncio.get_running_loop().time(),
        )
        for topic, key in keys
    ]
    await relay._send(sent)
    relay.sent.extend(sent)


async def test_nothing_is_sent_again_while_the_broker_has_every_acknowledged_record():
    relay, producer, _, calls = _relay()
    await _send(relay, ("a.v1", "k1"), ("b.v1", "k2"))
    assert await relay.replay_if_lost() == 0
    assert [c for c in calls if c[0] == "ensure_topics"] == []
    assert relay.acked == {TopicPartition("a.v1", 0): 0, TopicPartition("b.v1", 0): 0}


async def test_lost_records_are_sent_again_in_order_once_their_topics_exist():
    relay, producer, watch, calls = _relay()
    await _send(relay, ("a.v1", "k1"), ("b.v1", "k2"), ("a.v1", "k3"))
    before = metrics.OUTBOX_REPLAYED._value.get()
    watch.ends, producer.next, producer.log = {}, {}, {}  # the broker restarted empty
    calls.clear()
    assert await relay.replay_if_lost() == 3
    assert calls == [
        ("ensure_topics", ("a.v1", "b.v1")),
        ("send", "a.v1", b"k1"),
        ("send", "b.v1", b"k2"),
        ("send", "a.v1", b"k3"),
    ]
    assert metrics.OUTBOX_REPLAYED._value.get() == before + 3
    watch.ends = None
    assert await relay.replay_if_lost() == 0  # the broker has the copies


async def test_a_replay_that_fails_is_sent_again_at_the_next_check():
    relay, producer, watch, calls = _relay()
    await _send(relay, ("a.v1", "k1"), ("a.v1", "k2"), ("b.v1", "k3"))
    watch.ends, producer.next, producer.log = {}, {}, {}
    producer.fail_at = producer.sends + 2  # the restarted broker refuses the second copy
    with pytest.raises(RuntimeError):
        await relay.replay_if_lost()
    # the offsets the lost records had are kept: still lost, so every kept event is sent again
    calls.clear()
    assert await relay.replay_if_lost() == 3
    assert [c[2] for c in calls if c[0] == "send"] == [b"k1", b"k2", b"k3"]
    watch.ends = None
    assert await relay.replay_if_lost() == 0


async def test_a_new_log_grown_past_the_acknowledged_offset_is_still_found_lost():
    """Another relay's replays (or new events) fill the restarted broker's partition past this
    relay's offset before it looks: the end says nothing, the record at the offset does."""
    relay, producer, watch, calls = _relay()
    await _send(relay, ("a.v1", "k1"))  # at offset 0
    watch.ends = {"a.v1": 2}
    watch.log = {"a.v1": [b"another relay's event", b"another one"]}
    calls.clear()
    assert await relay.replay_if_lost() == 1
    assert [c[2] for c in calls if c[0] == "send"] == [b"k1"]


async def test_a_record_not_read_in_time_proves_nothing():
    relay, producer, watch, calls = _relay()
    await _send(relay, ("a.v1", "k1"))
    watch.log = {}  # the record at the offset could not be read
    assert await relay.replay_if_lost() == 0

"""Delivery's event consumer (consumers.BatchAgents, a faust agent taking batches): a batch goes
to the batch handler in one call, a failed or undecodable batch goes to kit.faustx's one-by-one
path (retries, dead-letter topic), an interrupted batch stays un-acked; and against the stack's
broker, batches arrive and offsets are committed only for handled batches (same group resumes)."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from types import SimpleNamespace

import faust
import pytest
from delivery import consumers
from delivery.settings import Settings
from kit import faustx, kafka, outbox, topics
from kit.outbox import envelope
from testkit.delivery import slideshow_event


@dataclass
class Record:
    value: bytes
    topic: str = "renderer.slideshows"
    partition: int = 0
    offset: int = 0
    key: bytes = b"k"


class FakeProducer:
    def __init__(self):
        self.sent = []

    async def send_and_wait(self, topic, key, value, partition, timestamp, headers):
        self.sent.append((topic, key, value))


def agents(batch_handler, handler=None, max_attempts=2):
    fake_app = SimpleNamespace(
        producer=FakeProducer(),
        consumer=SimpleNamespace(highwater=lambda tp: 10),
        topic=lambda *a, **k: None,
        agent=lambda *a, **k: lambda fn: fn,
    )

    async def one_by_one(env, message) -> None:
        raise AssertionError("not used here")

    built = consumers.BatchAgents(
        Settings(), "test", fetch_max_wait_ms=100, max_attempts=max_attempts, app=fake_app
    )
    built.add_batches(["renderer.slideshows"], handler or one_by_one, batch_handler)
    return built, fake_app


def record(org: str, failed: bool = False, offset: int = 0) -> Record:
    event = slideshow_event(org, failed=failed)
    return Record(envelope(event, org).SerializeToString(), offset=offset)


async def test_a_batch_is_handled_in_one_call():
    seen: list[list] = []

    async def handle(items) -> None:
        seen.append(items)

    built, app = agents(handle)
    records = [record("org_a"), record("org_b", failed=True, offset=1)]
    await built.process_batch(records)
    assert len(seen) == 1
    assert [env.organization_id for env, _ in seen[0]] == ["org_a", "org_b"]
    assert [type(m).__name__ for _, m in seen[0]] == ["SlideshowCompleted", "SlideshowFailed"]
    assert app.producer.sent == []


async def test_a_failed_batch_is_handled_one_by_one_with_retries_then_dead_letter(monkeypatch):
    async def no_sleep(_):
        return None

    monkeypatch.setattr(faustx.asyncio, "sleep", no_sleep)
    one_by_one: list[str] = []

    async def fail(items) -> None:
        raise RuntimeError("database went away")

    async def handle(env, message) -> None:
        one_by_one.append(env.organization_id)
        if env.organization_id == "org_bad":
            raise RuntimeError("still failing")

    built, app = agents(fail, handle, max_attempts=2)
    bad = record("org_bad", offset=1)
    await built.process_batch([record("org_a"), bad, Record(b"\xff not an envelope", offset=2)])
    assert sorted(one_by_one) == ["org_a", "org_bad", "org_bad"]  # the bad one tried twice
    assert app.producer.sent == [(topics.dead_letter("renderer.slideshows"), b"k", bad.value)]


async def test_an_undecodable_batch_never_reaches_the_batch_handler():
    handled: list[str] = []

    async def never(items) -> None:
        raise AssertionError("an undecodable batch never reaches the batch handler")

    async def handle(env, message) -> None:
        handled.append(env.organization_id)

    built, app = agents(never, handle)
    await built.process_batch([record("org_a"), Record(b"\xff not an envelope", offset=1)])
    assert handled == ["org_a"] and app.producer.sent == []


async def test_an_interrupted_batch_stays_unacked():
    started = asyncio.Event()

    async def slow(items) -> None:
        started.set()
        await asyncio.Event().wait()

    built, _ = agents(slow)
    messages = [SimpleNamespace(refcount=1, incref=None) for _ in range(2)]
    for m, r in zip(messages, [record("org_a"), record("org_b", offset=1)], strict=True):
        m.__dict__.update(r.__dict__)
        m.incref = lambda m=m: setattr(m, "refcount", m.refcount + 1)
    batch = [SimpleNamespace(message=m) for m in messages]
    task = asyncio.create_task(built.take(batch))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # faust's ack then only drops the extra reference: the offsets are not committed
    assert [m.refcount for m in messages] == [2, 2]


async def test_the_agent_takes_batches_and_resumes_in_the_same_group(stack_env, monkeypatch):
    settings = Settings()
    waits = []  # the batch loop's waits: faust's take_events waited (woke) every window while idle
    original_wait = faust.Stream.wait_for_stopped

    async def counted_wait(self, *args, **kwargs):
        waits.append(kwargs.get("timeout"))
        return await original_wait(self, *args, **kwargs)

    monkeypatch.setattr(faust.Stream, "wait_for_stopped", counted_wait)
    topic = f"delivery.faust.{uuid.uuid4().hex[:8]}"
    group = f"delivery-faust-{uuid.uuid4().hex[:6]}"
    await kafka.ensure_topics(settings, [topic])
    producer = kafka.make_producer(settings)
    await producer.start()
    batches: list[list[str]] = []

    async def handle_batch(items) -> None:
        batches.append([env.organization_id for env, _ in items])

    async def handle(env, message) -> None:
        raise AssertionError("no batch fails here")

    async def send(n0, n1):
        for i in range(n0, n1):
            env = outbox.envelope(slideshow_event(f"org_{i}"), f"org_{i}")
            await producer.send_and_wait(topic, env.SerializeToString(), key=f"k{i}".encode())

    def seen() -> set[str]:
        return {org for batch in batches for org in batch}

    async def wait_for(n):
        for _ in range(300):
            if len(seen()) >= n:
                return
            await asyncio.sleep(0.1)

    async def run_once():
        built = consumers.BatchAgents(settings, group, fetch_max_wait_ms=100)
        built.add_batches([topic], handle, handle_batch)
        return asyncio.create_task(built.run())

    try:
        await send(0, 20)
        task = await run_once()
        await wait_for(20)
        assert seen() == {f"org_{i}" for i in range(20)}
        assert any(len(b) > 1 for b in batches)  # records arrive in batches
        before_idle = len(waits)
        await asyncio.sleep(1.0)  # nothing arrives: nothing wakes the agent
        assert len(waits) - before_idle <= 1, waits[before_idle:]
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

        await send(20, 30)
        before = sum(len(b) for b in batches)
        task = await run_once()
        await wait_for(30)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert seen() == {f"org_{i}" for i in range(30)}
        # the committed offsets were resumed: the first twenty were not read again
        assert sum(len(b) for b in batches) - before < 30
    finally:
        await producer.stop()

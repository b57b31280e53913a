"""The delivery consumer's batch path (no broker needed here; the broker path is covered by the
contract tests): a batch goes to the batch handler in one call, and any failure sends it back to
kit's one-by-one path, with its retries and dead-letter topic."""

from __future__ import annotations

from dataclasses import dataclass

from delivery.events import BatchConsumer
from delivery.settings import Settings
from kit.outbox import envelope
from testkit.delivery import slideshow_event


@dataclass
class Record:
    value: bytes
    topic: str = "renderer.slideshows"


def consumer(batch_handler) -> BatchConsumer:
    async def one_by_one(env, message) -> None:
        raise AssertionError("not used here")

    return BatchConsumer(Settings(), ["renderer.slideshows"], "test", one_by_one, batch_handler=batch_handler)


async def test_a_batch_is_handled_in_one_call():
    seen: list[list] = []

    async def handle(items) -> None:
        seen.append(items)

    events = [slideshow_event("org_a"), slideshow_event("org_b", failed=True)]
    records = [Record(envelope(e, e.slideshow.organization_id).SerializeToString()) for e in events]
    assert await consumer(handle)._whole_batch(records) is True
    assert len(seen) == 1
    assert [message.slideshow.id for _, message in seen[0]] == [e.slideshow.id for e in events]
    assert [env.organization_id for env, _ in seen[0]] == ["org_a", "org_b"]


async def test_a_failed_or_undecodable_batch_goes_back_to_one_by_one():
    async def fail(items) -> None:
        raise RuntimeError("database went away")

    good = Record(envelope(slideshow_event("org_a"), "org_a").SerializeToString())
    assert await consumer(fail)._whole_batch([good]) is False

    async def never(items) -> None:
        raise AssertionError("an undecodable batch never reaches the handler")

    assert await consumer(never)._whole_batch([good, Record(b"\xff not an envelope")]) is False
    assert await consumer(None)._whole_batch([good]) is False

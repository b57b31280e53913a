"""kit.uow: the unit of work's life cycle (the SQL one runs end to end in catalog's tests)."""

from __future__ import annotations

import pytest
from kit.uow import InMemoryUnitOfWork


async def test_commit_publishes_the_events_then_runs_the_hooks():
    seen: list[list[object]] = []

    async def hook(events):
        seen.append(list(events))

    uow = InMemoryUnitOfWork({"repo": 1}, after_commit=[hook])
    async with uow:
        assert uow.repos == {"repo": 1}
        uow.add_event("a")
        uow.add_event("b")
        await uow.commit()
    assert uow.published == ["a", "b"] and seen == [["a", "b"]] and (uow.commits, uow.rollbacks) == (1, 0)


async def test_leaving_without_a_commit_or_by_an_error_rolls_back_and_publishes_nothing():
    seen: list[object] = []

    async def hook(events):
        seen.append(events)

    uow = InMemoryUnitOfWork(None, after_commit=[hook])
    async with uow:
        uow.add_event("dropped")
    with pytest.raises(ValueError):
        async with uow:
            uow.add_event("dropped too")
            raise ValueError
    assert uow.published == [] and seen == [] and uow.rollbacks == 2


async def test_units_do_not_nest_and_events_need_an_open_unit():
    uow = InMemoryUnitOfWork(None)
    with pytest.raises(RuntimeError):
        uow.add_event("x")
    async with uow:
        with pytest.raises(RuntimeError):
            async with uow:
                pass
        await uow.commit()
        with pytest.raises(RuntimeError):
            await uow.commit()

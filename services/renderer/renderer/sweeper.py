"""The sweeper: a background loop that queues again the decks a dead worker left behind, purges
old idempotency keys and gives back the quota of stale holds (renderer.application.sweep)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from kit import logs

from renderer import application, clients, events, store
from renderer.events import Deps

log = logs.get(__name__)


async def sweep_once(deps: Deps) -> int:
    """One sweep; answers how many decks were queued again."""
    s = deps.settings
    return await application.sweep(
        events.unit_of_work(deps.engine, deps.relay),
        store.SlideshowReads(deps.engine),
        clients.Quota(deps.billing),
        now=datetime.now(UTC),
        stuck_after=timedelta(seconds=s.render_stuck_seconds),
        idempotency_ttl=timedelta(hours=s.idempotency_ttl_hours),
        hold_after=timedelta(seconds=s.quota_hold_seconds),
    )


def sweeper(deps: Deps) -> Callable[[], Awaitable[None]]:
    async def sweep_stuck_slideshows() -> None:
        while True:
            try:
                await sweep_once(deps)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep failed")
            await asyncio.sleep(deps.settings.sweep_interval_seconds)

    return sweep_stuck_slideshows

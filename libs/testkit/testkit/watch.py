"""A stand-in gateway on a change stream (billing's WatchPrincipals, catalog's WatchApps; see
kit.watchers), for the services' test_watchers.py."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf.message import Message
from kit.db import make_engine
from kit.settings import KitSettings
from sqlalchemy import text

WAIT_SECONDS = 5.0


class Watch:
    """Reads every change and acknowledges it, except for organizations on hold."""

    def __init__(self, call: Any, acknowledgement: Callable[[int], Message]) -> None:
        self.call = call
        self.acknowledgement = acknowledgement
        self.opened = asyncio.Event()
        self.seen: list[Any] = []
        self.hold: set[str] = set()
        self._held: list[Any] = []
        self._arrived = asyncio.Condition()
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while (message := await self.call.read()) is not grpc.aio.EOF:
            async with self._arrived:
                self.seen.append(message)
                self._arrived.notify_all()
            if not message.organization_id:
                self.opened.set()
            elif message.organization_id in self.hold:
                self._held.append(message)
            else:
                await self._ack(message)

    async def _ack(self, message: Any) -> None:
        await self.call.write(self.acknowledgement(message.sequence))

    async def release(self, organization_id: str) -> None:
        self.hold.discard(organization_id)
        for message in [m for m in self._held if m.organization_id == organization_id]:
            await self._ack(message)

    def sequences(self, organization_id: str) -> list[int]:
        return [m.sequence for m in self.seen if m.organization_id == organization_id]

    async def changes(self, organization_id: str, at_least: int = 1) -> list[int]:
        """Sequences of the changes seen for the organization, once there are `at_least`."""
        try:
            async with asyncio.timeout(WAIT_SECONDS), self._arrived:
                await self._arrived.wait_for(lambda: len(self.sequences(organization_id)) >= at_least)
        except TimeoutError:
            raise AssertionError(
                f"{len(self.sequences(organization_id))} of {at_least} changes for {organization_id} "
                f"within {WAIT_SECONDS:g} s"
            ) from None
        return self.sequences(organization_id)

    async def settle(self, channel: str) -> None:
        """Returns once every database notification on `channel` committed before this call has
        reached this watcher: sends a marker notification and waits for it (Postgres delivers
        notifications in commit order, and the service relays them in order). The marker is
        acknowledged like any change, and acknowledgements are cumulative: not while holding."""
        assert not self.hold, "settle() acknowledges a later sequence, which would release held changes"
        marker = f"settle_{uuid.uuid4().hex}"
        engine = make_engine(KitSettings().database_url, 1)
        try:
            async with engine.begin() as conn:
                await conn.execute(
                    text("SELECT pg_notify(:channel, :marker)"), {"channel": channel, "marker": marker}
                )
        finally:
            await engine.dispose()
        await self.changes(marker)

    def close(self) -> None:
        self._task.cancel()
        self.call.cancel()

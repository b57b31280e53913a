"""A stand-in gateway on a change stream (billing's WatchPrincipals, catalog's WatchApps; see
kit.watchers), for the services' test_watchers.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf.message import Message


class Watch:
    """Reads every change and acknowledges it, except for organizations on hold."""

    def __init__(self, call: Any, acknowledgement: Callable[[int], Message]) -> None:
        self.call = call
        self.acknowledgement = acknowledgement
        self.opened = asyncio.Event()
        self.seen: list[Any] = []
        self.hold: set[str] = set()
        self._held: list[Any] = []
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while (message := await self.call.read()) is not grpc.aio.EOF:
            self.seen.append(message)
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

    async def changes(self, organization_id: str, at_least: int = 1) -> list[int]:
        """Sequences of the changes seen for the organization, once there are `at_least`."""
        for _ in range(100):
            found = [m.sequence for m in self.seen if m.organization_id == organization_id]
            if len(found) >= at_least:
                return found
            await asyncio.sleep(0.05)
        raise AssertionError(f"no change for {organization_id} within 5 s")

    def close(self) -> None:
        self._task.cancel()
        self.call.cancel()

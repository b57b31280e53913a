"""The SQL unit of work (kit.uow.UnitOfWork over kit.db's engine and kit.outbox).

On entry it takes a connection and begins a transaction; `repositories(conn)` builds the service's
repositories on it. `commit()` writes each recorded event to the service's outbox table in the
same transaction (`to_outbox(event)` says topic, key, message and organization; None for an event
that only its after-commit hooks act on), commits, returns the connection to the pool, notifies the
relay, then runs the after-commit hooks. A service without an outbox passes `outbox_table=None`.
Leaving the block without a commit rolls back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from google.protobuf.message import Message
from sqlalchemy import Table
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from kit import outbox
from kit.uow import AfterCommit, R, UnitOfWork


@dataclass(frozen=True, slots=True)
class OutboxMessage:
    topic: str
    key: str
    message: Message
    organization_id: str = ""


class SqlUnitOfWork(UnitOfWork[R]):
    def __init__(
        self,
        engine: AsyncEngine,
        repositories: Callable[[AsyncConnection], R],
        outbox_table: Table | None,
        to_outbox: Callable[[object], OutboxMessage | None],
        relay: outbox.OutboxRelay | None,
        after_commit: Sequence[AfterCommit] = (),
    ):
        super().__init__(after_commit)
        self.engine = engine
        self._repositories = repositories
        self._outbox = outbox_table
        self._to_outbox = to_outbox
        self._relay = relay
        self._conn: AsyncConnection | None = None

    async def _begin(self) -> R:
        conn = await self.engine.connect()
        try:
            await conn.begin()
            repos = self._repositories(conn)
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        return repos

    async def _commit(self, events: list[object]) -> None:
        conn = self._take()
        published = 0
        try:
            for event in events:
                m = self._to_outbox(event)
                if m is None:
                    continue
                if self._outbox is None:
                    raise TypeError(f"{type(event).__name__} maps to a topic but this unit has no outbox")
                await outbox.add_event(conn, self._outbox, m.topic, m.key, m.message, m.organization_id)
                published += 1
            await conn.commit()
        except BaseException:
            await conn.rollback()
            raise
        finally:
            await conn.close()
        if published and self._relay is not None:
            self._relay.notify()

    async def _rollback(self) -> None:
        conn = self._take()
        try:
            await conn.rollback()
        finally:
            await conn.close()

    def _take(self) -> AsyncConnection:
        conn, self._conn = self._conn, None
        if conn is None:
            raise RuntimeError("the unit of work has no open transaction")
        return conn

"""A unit of work: one transaction of a use case, the events it records, what follows its commit.

The application layer of a service (`<svc>/application.py`) takes a UnitOfWork and never sees
SQL: `async with uow:` opens the unit, `uow.repos` are the service's repositories inside it,
`uow.add_event(event)` records a domain event, `await uow.commit()` makes both durable at once.
Leaving the block without a commit rolls back. After a successful commit the unit hands its
events to the after-commit hooks (e.g. catalog's `watchers.changed(org_id)`); the SQL unit
(`kit.sqluow.SqlUnitOfWork`) writes them to the outbox in the transaction and notifies the relay.

A unit never stays open across a remote call: ask other services first (or after the commit),
then open the unit, decide, commit. A unit is not shared between concurrent calls: adapters make
one per use case call (the SQL one is cheap; its connection is taken on entry).

This module imports no SQL, gRPC or protobuf, so application modules may import it
(the import-linter contracts); `InMemoryUnitOfWork` is the unit of the application's unit tests.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from types import TracebackType
from typing import Generic, Self, TypeVar

R = TypeVar("R")

# Runs after a successful commit with the events the unit committed (possibly none).
AfterCommit = Callable[[Sequence[object]], Awaitable[None]]


class UnitOfWork(ABC, Generic[R]):
    """`repos` (the service's repositories, bound to this unit's transaction) is set on entry."""

    repos: R

    def __init__(self, after_commit: Sequence[AfterCommit] = ()):
        self._after_commit = list(after_commit)
        self._events: list[object] = []
        self._state = "new"  # new -> open -> committed | rolled back (then it may open again)

    async def __aenter__(self) -> Self:
        if self._state == "open":
            raise RuntimeError("a unit of work is already open (units do not nest)")
        self._state = "new"  # not `committed` because a unit before this one was
        self.repos = await self._begin()
        self._state = "open"
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._state == "open":
            self._state = "rolled back"
            self._events.clear()
            await self._rollback()

    @property
    def committed(self) -> bool:
        """Whether the unit's last transaction committed (also when an after-commit hook then
        failed or was cancelled: its changes are durable all the same)."""
        return self._state == "committed"

    def add_event(self, event: object) -> None:
        """Record a domain event; it is published only if this unit commits."""
        if self._state != "open":
            raise RuntimeError("add_event outside an open unit of work")
        self._events.append(event)

    async def commit(self) -> None:
        """Commit the changes and the events together, then run the after-commit hooks."""
        if self._state != "open":
            raise RuntimeError("commit outside an open unit of work")
        events, self._events = self._events, []
        try:
            await self._commit(events)
        except BaseException:
            self._state = "rolled back"  # _commit released the transaction
            raise
        self._state = "committed"
        for hook in self._after_commit:
            await hook(events)

    @abstractmethod
    async def _begin(self) -> R:
        """Open the transaction; return the repositories bound to it."""

    @abstractmethod
    async def _commit(self, events: list[object]) -> None:
        """Make the changes and `events` durable and release the transaction (also on failure)."""

    @abstractmethod
    async def _rollback(self) -> None:
        """Discard the changes and release the transaction."""


class InMemoryUnitOfWork(UnitOfWork[R]):
    """For the application's unit tests: `repos` are in-memory repositories; the unit may be
    entered again after it closed (one test's calls share it); `published` collects every
    committed event, `commits` and `rollbacks` count the units. Changes made by a rolled-back unit are not undone
    (the repositories are plain objects): tests check `rollbacks` and `published` instead."""

    def __init__(self, repos: R, after_commit: Sequence[AfterCommit] = ()):
        super().__init__(after_commit)
        self._repos = repos
        self.published: list[object] = []
        self.commits = 0
        self.rollbacks = 0

    async def _begin(self) -> R:
        return self._repos

    async def _commit(self, events: list[object]) -> None:
        self.published.extend(events)
        self.commits += 1

    async def _rollback(self) -> None:
        self.rollbacks += 1

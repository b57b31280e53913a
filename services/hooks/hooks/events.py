"""Hooks' facts on Kafka: the domain events as outbox messages (hooks.jobs.v1, keyed by app id),
their protobuf forms, and the SQL unit of work that writes them (kit.sqluow) for the application
layer. The consumers of catalog app events and of refresh jobs are faust agents in consumers.py."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from google.protobuf.timestamp_pb2 import Timestamp
from kit import pbtime, topics
from kit.outbox import OutboxRelay
from kit.sqluow import OutboxMessage, SqlUnitOfWork
from kit.uow import AfterCommit
from slides.hooks.v1 import hooks_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from hooks import application, domain, store


def _ts(value: datetime | None) -> Timestamp | None:
    return None if value is None else pbtime.timestamp(value)


def hook_pb(hook: domain.Hook) -> hooks_pb2.Hook:
    return hooks_pb2.Hook(
        id=hook.id,
        organization_id=hook.organization_id,
        text=hook.text,
        category=hook.category,
        language=hook.language,
        niche=hook.niche,
        source=hook.source,
        status=hook.status,
        performance_score=hook.performance_score,
        created_at=_ts(hook.created_at),
    )


def to_outbox(event: object) -> OutboxMessage:
    match event:
        case domain.RefreshRequested(organization_id=org, job_id=job_id, app_id=app_id, trigger=trigger):
            message = hooks_pb2.RefreshRequested(
                job_id=job_id, organization_id=org, app_id=app_id, trigger=trigger
            )
            return OutboxMessage(topics.HOOKS_JOBS, app_id, message, org)
    raise TypeError(f"not a hooks event: {event!r}")


def unit_of_work(
    engine: AsyncEngine, relay: OutboxRelay | None, after_commit: Sequence[AfterCommit] = ()
) -> application.HooksUnitOfWork:
    """A new unit of work for one use case call."""
    return SqlUnitOfWork[application.Repositories](
        engine, store.repositories, store.outbox, to_outbox, relay, after_commit
    )

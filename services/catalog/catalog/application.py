"""Catalog's use cases, one function each: plain values in, domain objects out.

Called by the gRPC adapter (server.py) and by anything else that drives catalog (a CLI, a Kafka
consumer). Writes go through a unit of work (kit.uow): open it, decide with the domain, record the
domain event, commit; the unit publishes the events through the outbox and runs the after-commit
hooks (the WatchApps streams) once committed. Remote calls (billing's apps quota) happen before the
unit opens or after it commits, never inside it. No gRPC, SQL or protobuf here (import-linter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

from kit.errors import validation_error
from kit.ids import new_id
from kit.uow import UnitOfWork

from catalog import domain


class AppRepository(Protocol):
    """The apps inside a unit of work (store.SqlApps). add/update raise SLUG_EXISTS."""

    async def add(self, organization_id: str, app_id: str, values: Mapping[str, Any]) -> domain.App: ...

    async def update(
        self, organization_id: str, app_id: str, changes: Mapping[str, Any]
    ) -> domain.App | None: ...

    async def delete(self, organization_id: str, app_id: str) -> bool: ...


class Repositories(Protocol):
    @property
    def apps(self) -> AppRepository: ...


class AppReads(Protocol):
    """Reads outside any unit of work (store.AppReads: one statement each, autocommit)."""

    async def get(self, organization_id: str, app_id: str) -> domain.App | None: ...

    async def slug_in_use(self, organization_id: str, slug: str) -> bool: ...

    async def page(
        self, organization_id: str, status: str, offset: int, limit: int
    ) -> tuple[list[domain.App], int]: ...


class Quota(Protocol):
    """The organization's `apps` quota, kept by billing (a remote call; idempotent per app id)."""

    async def consume(self, organization_id: str, app_id: str) -> None: ...

    async def release(self, organization_id: str, app_id: str, reason: str) -> None: ...


CatalogUnitOfWork: TypeAlias = UnitOfWork[Repositories]


@dataclass(frozen=True, slots=True)
class AppPage:
    apps: list[domain.App]
    page: int
    limit: int
    total: int


def _organization(organization_id: str) -> str:
    if not organization_id:
        raise validation_error([("organization_id", "is required")])
    return organization_id


async def list_apps(reads: AppReads, organization_id: str, status: str, page: int, limit: int) -> AppPage:
    """A page of the organization's apps, newest first (page/limit 0 = defaults)."""
    org = _organization(organization_id)
    page, limit = domain.page_window(page, limit)
    apps, total = await reads.page(org, domain.status_filter(status), (page - 1) * limit, limit)
    return AppPage(apps=apps, page=page, limit=limit, total=total)


async def get_app(reads: AppReads, organization_id: str, app_id: str) -> domain.App:
    org = _organization(organization_id)
    app = await reads.get(org, app_id) if domain.is_app_id(app_id) else None
    if app is None:
        raise domain.app_not_found(app_id)
    return app


async def create_app(
    uow: CatalogUnitOfWork, reads: AppReads, quota: Quota, organization_id: str, fields: Mapping[str, Any]
) -> domain.App:
    """A new app from its writable fields (absent ones default; the slug follows the name).
    The slug is checked before the quota is consumed; a create that did not commit gives the quota
    back (one cancelled after its commit, e.g. in the after-commit hooks, keeps it: the app exists)."""
    org = _organization(organization_id)
    app_id = new_id("app")
    values = domain.validate_new(fields)
    values.setdefault("slug", domain.slug_for(values["name"], app_id))
    if await reads.slug_in_use(org, values["slug"]):
        raise domain.slug_taken(values["slug"])
    await quota.consume(org, app_id)
    try:
        async with uow:
            app = await uow.repos.apps.add(org, app_id, values)
            uow.add_event(domain.AppCreated(app))
            await uow.commit()
    except BaseException:
        if not uow.committed:
            await quota.release(org, app_id, "create-failed")
        raise
    return app


async def update_app(
    uow: CatalogUnitOfWork,
    reads: AppReads,
    organization_id: str,
    app_id: str,
    paths: Sequence[str],
    fields: Mapping[str, Any],
) -> domain.App:
    """Change the fields named in `paths` (an update mask) to their values in `fields`; no
    change at all answers the app as it is."""
    org = _organization(organization_id)
    current = await get_app(reads, org, app_id)
    unknown = [p for p in paths if p not in domain.WRITABLE_FIELDS]
    if unknown:
        raise validation_error([(p, "is not an updatable field") for p in unknown])
    changes = domain.validate_changes({p: fields[p] for p in paths})
    if not changes:
        return current
    async with uow:
        app = await uow.repos.apps.update(org, app_id, changes)
        if app is None:
            raise domain.app_not_found(app_id)
        uow.add_event(domain.AppUpdated(app))
        await uow.commit()
    return app


async def delete_app(uow: CatalogUnitOfWork, quota: Quota, organization_id: str, app_id: str) -> None:
    """Delete the app, then give its quota back (after the commit: a remote call)."""
    org = _organization(organization_id)
    deleted = False
    if domain.is_app_id(app_id):
        async with uow:
            deleted = await uow.repos.apps.delete(org, app_id)
            if deleted:
                uow.add_event(domain.AppDeleted(org, app_id))
                await uow.commit()
    if not deleted:
        raise domain.app_not_found(app_id)
    await quota.release(org, app_id, "delete")

"""Catalog's use cases with the in-memory unit of work: no stack, no Postgres, no billing.

End to end (gRPC, real Postgres, Kafka, billing) they are covered by test_server.py,
test_watchers.py and tests/contract/test_apps*.py."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from catalog import application, domain
from kit.errors import ServiceError
from kit.uow import InMemoryUnitOfWork

ORG = "org_test"
EMPTY: dict[str, Any] = {f: [] if f in domain.LIST_FIELDS else "" for f in domain.WRITABLE_FIELDS}


class FakeApps:
    """Both the repository (application.AppRepository) and the reads (application.AppReads)."""

    def __init__(self) -> None:
        self.rows: dict[str, domain.App] = {}
        self.clock = 1_700_000_000_000_000

    def _tick(self) -> int:
        self.clock += 1
        return self.clock

    def _slug_taken(self, org: str, slug: str, other_than: str = "") -> bool:
        return any(
            a.organization_id == org and a.slug == slug and a.id != other_than for a in self.rows.values()
        )

    async def add(self, organization_id: str, app_id: str, values: Mapping[str, Any]) -> domain.App:
        if self._slug_taken(organization_id, values["slug"]):
            raise domain.slug_taken(values["slug"])
        now = self._tick()
        fields = {k: tuple(v) if k in domain.LIST_FIELDS else v for k, v in values.items()}
        app = domain.App(id=app_id, organization_id=organization_id, created_us=now, updated_us=now, **fields)
        self.rows[app_id] = app
        return app

    async def update(
        self, organization_id: str, app_id: str, changes: Mapping[str, Any]
    ) -> domain.App | None:
        app = self.rows.get(app_id)
        if app is None or app.organization_id != organization_id:
            return None
        if "slug" in changes and self._slug_taken(organization_id, changes["slug"], app_id):
            raise domain.slug_taken(changes["slug"])
        fields = {k: tuple(v) if k in domain.LIST_FIELDS else v for k, v in changes.items()}
        self.rows[app_id] = app = replace(app, **fields, updated_us=self._tick())
        return app

    async def delete(self, organization_id: str, app_id: str) -> bool:
        app = self.rows.get(app_id)
        if app is None or app.organization_id != organization_id:
            return False
        del self.rows[app_id]
        return True

    async def get(self, organization_id: str, app_id: str) -> domain.App | None:
        app = self.rows.get(app_id)
        return app if app is not None and app.organization_id == organization_id else None

    async def slug_in_use(self, organization_id: str, slug: str) -> bool:
        return self._slug_taken(organization_id, slug)

    async def page(
        self, organization_id: str, status: str, offset: int, limit: int
    ) -> tuple[list[domain.App], int]:
        mine = [a for a in self.rows.values() if a.organization_id == organization_id]
        mine = [a for a in mine if not status or a.status == status]
        mine.sort(key=lambda a: (a.created_us, a.id), reverse=True)
        return mine[offset : offset + limit], len(mine)


@dataclass
class Repos:
    apps: FakeApps


@dataclass
class FakeQuota:
    """Billing's apps quota: `limit` apps; consume/release idempotent by app id, like billing's keys."""

    limit: int = 10
    held: set[str] = field(default_factory=set)
    calls: list[tuple[str, str]] = field(default_factory=list)

    async def consume(self, organization_id: str, app_id: str) -> None:
        self.calls.append(("consume", app_id))
        if app_id not in self.held and len(self.held) >= self.limit:
            raise ServiceError("QUOTA_EXCEEDED", "apps quota reached")
        self.held.add(app_id)

    async def release(self, organization_id: str, app_id: str, reason: str) -> None:
        self.calls.append((f"release:{reason}", app_id))
        self.held.discard(app_id)


class World:
    def __init__(self, quota_limit: int = 10) -> None:
        self.apps = FakeApps()
        self.changed: list[list[str]] = []
        self.uow = InMemoryUnitOfWork(Repos(self.apps), after_commit=[self._after_commit])
        self.quota = FakeQuota(limit=quota_limit)
        self.cancel_after_commit = False

    async def _after_commit(self, events: Sequence[object]) -> None:
        self.changed.append([type(e).__name__ for e in events])
        if self.cancel_after_commit:  # the caller gave up (its deadline, a client that went away)
            raise asyncio.CancelledError

    async def create(self, org: str = ORG, **fields: Any) -> domain.App:
        return await application.create_app(self.uow, self.apps, self.quota, org, {**EMPTY, **fields})


async def test_create_applies_defaults_slugs_the_name_and_publishes_after_commit():
    w = World()
    app = await w.create(name="Café Münster", value_props=["fast"])
    assert app.id.startswith("app_") and app.slug == "cafe-munster" and app.status == "ACTIVE"
    assert app.language == "en" and app.design == "classic" and app.value_props == ("fast",)
    assert w.uow.published == [domain.AppCreated(app)] and w.uow.commits == 1
    assert w.changed == [["AppCreated"]]
    assert w.quota.held == {app.id}


async def test_a_taken_slug_is_refused_before_the_quota_is_consumed():
    w = World()
    await w.create(name="Same")
    with pytest.raises(ServiceError) as err:
        await w.create(name="Other", slug="same")
    assert err.value.code == "SLUG_EXISTS" and len(w.quota.calls) == 1
    # Another organization may use it.
    assert (await w.create(org="org_other", name="Same")).slug == "same"


async def test_a_create_that_fails_in_the_unit_rolls_back_and_gives_the_quota_back():
    w = World()
    await w.create(name="First", slug="taken")

    async def racing_slug_check(organization_id: str, slug: str) -> bool:
        return False  # another replica's insert lands between the check and ours

    w.apps.slug_in_use = racing_slug_check  # type: ignore[method-assign]
    with pytest.raises(ServiceError) as err:
        await w.create(name="Second", slug="taken")
    assert err.value.code == "SLUG_EXISTS"
    assert w.uow.rollbacks == 1 and len(w.uow.published) == 1 and len(w.changed) == 1
    assert w.quota.calls[-1][0] == "release:create-failed" and len(w.quota.held) == 1


async def test_a_create_cancelled_after_its_commit_keeps_the_quota_of_the_app_it_made():
    w = World()
    w.cancel_after_commit = True
    with pytest.raises(asyncio.CancelledError):
        await w.create(name="Made")
    [app_id] = w.apps.rows
    assert w.quota.held == {app_id}, w.quota.calls
    assert [call for call, _ in w.quota.calls] == ["consume"]


async def test_no_quota_no_app():
    w = World(quota_limit=0)
    with pytest.raises(ServiceError) as err:
        await w.create(name="Nope")
    assert err.value.code == "QUOTA_EXCEEDED" and w.apps.rows == {} and w.uow.commits == 0


async def test_invalid_fields_are_one_validation_error_and_touch_nothing():
    w = World()
    with pytest.raises(ServiceError) as err:
        await w.create(name="", ios_url="ftp://x", brand_primary_color="red")
    assert err.value.code == "VALIDATION_ERROR" and w.quota.calls == [] and w.uow.commits == 0
    with pytest.raises(ServiceError) as err:
        await w.create(org="", name="No org")
    assert err.value.code == "VALIDATION_ERROR"


async def test_get_is_scoped_to_the_organization_and_checks_the_id():
    w = World()
    app = await w.create(name="Mine")
    assert await application.get_app(w.apps, ORG, app.id) == app
    for org, app_id in (("org_other", app.id), (ORG, "not-an-id"), (ORG, "app_missing")):
        with pytest.raises(ServiceError) as err:
            await application.get_app(w.apps, org, app_id)
        assert err.value.code == "APP_NOT_FOUND"


async def test_update_changes_only_the_masked_fields_and_publishes_the_new_app():
    w = World()
    app = await w.create(name="Before", niche="fitness")
    updated = await application.update_app(
        w.uow, w.apps, ORG, app.id, ["name", "tagline"], {"name": " After ", "tagline": "Go"}
    )
    assert (updated.name, updated.tagline, updated.niche) == ("After", "Go", "fitness")
    assert updated.updated_us > app.updated_us
    assert w.uow.published[-1] == domain.AppUpdated(updated) and w.changed[-1] == ["AppUpdated"]


async def test_an_empty_update_answers_the_app_without_a_unit():
    w = World()
    app = await w.create(name="Same")
    assert await application.update_app(w.uow, w.apps, ORG, app.id, [], {}) == app
    assert w.uow.commits == 1 and len(w.changed) == 1


async def test_update_refuses_unknown_fields_emptied_required_ones_and_taken_slugs():
    w = World()
    app = await w.create(name="One")
    await w.create(name="Two")
    cases = [
        (["created_at"], {}, "VALIDATION_ERROR"),
        (["name"], {"name": ""}, "VALIDATION_ERROR"),
        (["slug"], {"slug": "two"}, "SLUG_EXISTS"),
    ]
    for paths, fields, code in cases:
        with pytest.raises(ServiceError) as err:
            await application.update_app(w.uow, w.apps, ORG, app.id, paths, fields)
        assert err.value.code == code
    assert w.uow.rollbacks == 1 and w.uow.commits == 2
    with pytest.raises(ServiceError) as err:
        await application.update_app(w.uow, w.apps, "org_other", app.id, ["name"], {"name": "Stolen"})
    assert err.value.code == "APP_NOT_FOUND"


async def test_list_pages_newest_first_filters_by_status_and_validates_the_window():
    w = World()
    apps = [await w.create(name=f"App {i}") for i in range(5)]
    await application.update_app(w.uow, w.apps, ORG, apps[0].id, ["status"], {"status": "ARCHIVED"})
    page = await application.list_apps(w.apps, ORG, "", 2, 2)
    assert [a.id for a in page.apps] == [apps[2].id, apps[1].id] and page.total == 5
    assert (page.page, page.limit) == (2, 2)
    archived = await application.list_apps(w.apps, ORG, "ARCHIVED", 0, 0)
    assert [a.id for a in archived.apps] == [apps[0].id] and (archived.page, archived.limit) == (1, 50)
    for status, number, limit in (("GONE", 1, 10), ("", 0, 101), ("", -1, 10)):
        with pytest.raises(ServiceError) as err:
            await application.list_apps(w.apps, ORG, status, number, limit)
        assert err.value.code == "VALIDATION_ERROR"


async def test_delete_commits_then_gives_the_quota_back():
    w = World()
    app = await w.create(name="Gone")
    await application.delete_app(w.uow, w.quota, ORG, app.id)
    assert w.apps.rows == {} and w.quota.held == set()
    assert w.uow.published[-1] == domain.AppDeleted(ORG, app.id) and w.changed[-1] == ["AppDeleted"]
    assert w.quota.calls[-1] == ("release:delete", app.id)
    for app_id in (app.id, "nonsense"):
        with pytest.raises(ServiceError) as err:
            await application.delete_app(w.uow, w.quota, ORG, app_id)
        assert err.value.code == "APP_NOT_FOUND"
    assert w.uow.commits == 2 and len(w.changed) == 2

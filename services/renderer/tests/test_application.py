"""The renderer's use cases with the in-memory unit of work: no stack, no Postgres, no billing,
catalog, hooks or object store (fakes written here).

End to end (gRPC, real Postgres, Kafka, the other services) they are covered by test_service.py,
test_store.py and tests/contract/test_slideshows.py, test_zip.py."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from kit.errors import ServiceError
from kit.uow import InMemoryUnitOfWork
from renderer import application, domain

ORG = "org_test"
NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
TTL = timedelta(hours=24)
LEASE = timedelta(seconds=30)


class Store:
    """Every repository of a unit (application.Repositories) and the reads, over dicts."""

    def __init__(self) -> None:
        self.decks: dict[str, domain.Slideshow] = {}
        self.keys: dict[tuple[str, str], tuple[domain.IdempotencyRecord, datetime]] = {}
        self.holds: dict[str, tuple[domain.QuotaHold, datetime]] = {}
        self.releasing: set[str] = set()  # holds a sweeper marked
        self.bundles_: dict[str, tuple[str, domain.Bundle]] = {}
        self.deleted: set[tuple[str, str]] = set()
        self.processed_: set[tuple[str, str]] = set()
        self.locked_keys: list[tuple[str, str]] = []
        self.clock = NOW
        self.uow: InMemoryUnitOfWork[Any] | None = None
        # The list versions (the store's are raised by triggers on every write): set by a test.
        self.list_versions: dict[str, int] = {}
        self.list_reads: list[str] = []
        self.fail_add = False

    # Repositories ------------------------------------------------------------------------
    @property
    def slideshows(self) -> Store:
        return self

    @property
    def idempotency_keys(self) -> Keys:
        return Keys(self)

    @property
    def quota_holds(self) -> Holds:
        return Holds(self)

    @property
    def bundles(self) -> Store:
        return self

    @property
    def deleted_apps(self) -> Store:
        return self

    def _in_unit(self) -> None:
        assert self.uow is not None and self.uow._state == "open", "a write outside a unit of work"

    def _get(self, org: str, ss_id: str) -> domain.Slideshow | None:
        deck = self.decks.get(ss_id)
        return deck if deck is not None and deck.organization_id == org else None

    def _move(self, org: str, ss_id: str, target: str, **changes: Any) -> None:
        self._in_unit()
        deck = self._get(org, ss_id)
        if deck is not None and deck.status in domain.sources(target):  # the store's guarded UPDATE
            self.decks[ss_id] = deck._replace(status=target, **changes)

    async def add(self, values: Mapping[str, Any]) -> None:
        self._in_unit()
        if self.fail_add:
            raise RuntimeError("the database went away")
        self.decks[values["id"]] = domain.Slideshow(
            error_code=None, error_message=None, created_at=self.clock, updated_at=self.clock, **values
        )

    async def get(
        self, organization_id: str, slideshow_id: str, *, lock: bool = False
    ) -> domain.Slideshow | None:
        return self._get(organization_id, slideshow_id)

    async def get_full(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None:
        deck = self._get(organization_id, slideshow_id)
        if deck is None:
            return None
        return deck._replace(app_deleted=(organization_id, deck.app_id) in self.deleted)

    async def next_claimable(self, now: datetime) -> domain.Slideshow | None:
        claimable = [d for d in self.decks.values() if domain.is_claimable(d.status, d.lease_until, now)]
        return min(claimable, key=lambda d: d.created_at or NOW, default=None)

    async def mark_rendering(self, organization_id: str, slideshow_id: str, lease_until: datetime) -> None:
        deck = self.decks[slideshow_id]
        self._move(
            organization_id,
            slideshow_id,
            domain.RENDERING,
            attempts=deck.attempts + 1,
            lease_until=lease_until,
        )

    async def release_claim(self, organization_id: str, slideshow_id: str) -> None:
        deck = self.decks[slideshow_id]
        self._move(
            organization_id, slideshow_id, domain.QUEUED, attempts=max(deck.attempts - 1, 0), lease_until=None
        )

    async def replace_deck(
        self, slideshow_id: str, slides: Sequence[domain.Slide], assets: Sequence[domain.Asset]
    ) -> None:
        self._in_unit()
        self.decks[slideshow_id] = self.decks[slideshow_id]._replace(
            slides=tuple(slides), assets=tuple(assets)
        )

    async def mark_ready(self, organization_id: str, slideshow_id: str, app_name: str, language: str) -> None:
        version = self.decks[slideshow_id].version + 1
        self._move(
            organization_id, slideshow_id, domain.READY, app_name=app_name, language=language, version=version
        )

    async def mark_failed(self, organization_id: str, slideshow_id: str, code: str, message: str) -> None:
        version = self.decks[slideshow_id].version + 1
        self._move(
            organization_id,
            slideshow_id,
            domain.FAILED,
            error_code=code,
            error_message=message,
            version=version,
        )

    async def stuck(self, older_than: datetime) -> list[domain.RenderRequested]:
        self._in_unit()
        return [
            domain.RenderRequested(d.organization_id, d.id)
            for d in self.decks.values()
            if d.status in domain.UNFINISHED and d.updated_at is not None and d.updated_at < older_than
        ]

    async def ids_of_app(self, organization_id: str, app_id: str) -> list[str]:
        return [
            d.id for d in self.decks.values() if (d.organization_id, d.app_id) == (organization_id, app_id)
        ]

    async def delete(self, organization_id: str, slideshow_ids: Sequence[str]) -> None:
        self._in_unit()
        for ss_id in slideshow_ids:
            if self._get(organization_id, ss_id) is not None:
                del self.decks[ss_id]
                self.bundles_.pop(ss_id, None)

    async def save(self, organization_id: str, slideshow_id: str, version: int, object_key: str) -> None:
        self._in_unit()
        self.bundles_[slideshow_id] = (organization_id, domain.Bundle(version, object_key))

    async def remember(self, organization_id: str, app_id: str) -> None:
        self._in_unit()
        self.deleted.add((organization_id, app_id))

    async def processed(self, consumer: str, event_id: str) -> bool:
        first = (consumer, event_id) not in self.processed_
        self.processed_.add((consumer, event_id))
        return first

    # SlideshowReads ------------------------------------------------------------------------
    async def page(
        self, organization_id: str, page: int, limit: int, app_id: str, statuses: Sequence[str]
    ) -> tuple[list[domain.Slideshow], int, int]:
        self.list_reads.append("page")
        found = [
            d
            for d in sorted(self.decks.values(), key=lambda d: (d.created_at or NOW, d.id), reverse=True)
            if d.organization_id == organization_id
            and (not app_id or d.app_id == app_id)
            and (not statuses or d.status in statuses)
        ]
        return (
            found[(page - 1) * limit : page * limit],
            len(found),
            self.list_versions.get(organization_id, 0),
        )

    async def list_version(self, organization_id: str) -> int:
        self.list_reads.append("version")
        return self.list_versions.get(organization_id, 0)

    async def app_deleted(self, organization_id: str, app_id: str) -> bool:
        return (organization_id, app_id) in self.deleted

    async def idempotency_key(
        self, organization_id: str, key: str, since: datetime
    ) -> domain.IdempotencyRecord | None:
        return await Keys(self).find(organization_id, key, since)

    async def slideshow_and_bundle(
        self, organization_id: str, slideshow_id: str
    ) -> tuple[domain.Slideshow | None, domain.Bundle | None]:
        bundle = self.bundles_.get(slideshow_id)
        deck = self._get(organization_id, slideshow_id)
        if deck is not None:
            deck = deck._replace(app_deleted=(organization_id, deck.app_id) in self.deleted)
        return deck, (bundle[1] if bundle and bundle[0] == organization_id else None)

    async def deck(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None:
        return self._get(organization_id, slideshow_id)


class Keys:
    def __init__(self, store: Store):
        self.store = store

    async def lock(self, organization_id: str, key: str) -> None:
        self.store._in_unit()
        self.store.locked_keys.append((organization_id, key))

    async def find(self, organization_id: str, key: str, since: datetime) -> domain.IdempotencyRecord | None:
        found = self.store.keys.get((organization_id, key))
        return found[0] if found is not None and found[1] >= since else None

    async def save(self, organization_id: str, key: str, fingerprint: str, slideshow_id: str) -> None:
        self.store._in_unit()
        self.store.keys[(organization_id, key)] = (
            domain.IdempotencyRecord(fingerprint, slideshow_id),
            self.store.clock,
        )

    async def purge(self, before: datetime) -> None:
        self.store._in_unit()
        self.store.keys = {k: v for k, v in self.store.keys.items() if v[1] >= before}


class Holds:
    def __init__(self, store: Store):
        self.store = store

    async def add(self, organization_id: str, slideshow_id: str) -> None:
        self.store._in_unit()
        self.store.holds.setdefault(
            slideshow_id, (domain.QuotaHold(slideshow_id, organization_id), self.store.clock)
        )

    async def drop(self, slideshow_id: str) -> None:
        self.store._in_unit()
        self.store.holds.pop(slideshow_id, None)
        self.store.releasing.discard(slideshow_id)

    async def take(self, slideshow_id: str) -> bool:
        self.store._in_unit()
        if slideshow_id in self.store.releasing:
            return False
        return self.store.holds.pop(slideshow_id, None) is not None

    async def claim_stale(self, older_than: datetime) -> list[domain.QuotaHold]:
        self.store._in_unit()
        stale = [hold for hold, at in self.store.holds.values() if at < older_than]
        self.store.releasing.update(h.slideshow_id for h in stale)
        return stale


class Remote:
    """Base of the remote fakes: a remote call never happens inside an open unit of work."""

    def __init__(self, store: Store):
        self._store = store
        self.calls: list[tuple[str, ...]] = []

    def _call(self, *what: str) -> None:
        uow = self._store.uow
        assert uow is None or uow._state != "open", f"remote call {what[0]} inside a unit of work"
        self.calls.append(what)


APP = domain.App(id="app_1", name="Lingo", slug="lingo", niche="language_learning", language="en")


class FakeApps(Remote):
    def __init__(self, store: Store, apps: Sequence[domain.App] = (APP,)):
        super().__init__(store)
        self.apps = {a.id: a for a in apps}

    async def get(self, organization_id: str, app_id: str) -> domain.App:
        self._call("get_app", app_id)
        if app_id not in self.apps:
            raise ServiceError("APP_NOT_FOUND", "No such app in this organization.")
        return self.apps[app_id]


class FakeHooks(Remote):
    def __init__(self, store: Store, picked: domain.PickedHook | None = None):
        super().__init__(store)
        self.picked = picked

    async def pick(
        self, organization_id: str, app_id: str, niche: str, language: str, categories: Sequence[str]
    ) -> domain.PickedHook | None:
        self._call("pick", app_id)
        return self.picked


class FakeQuota(Remote):
    def __init__(self, store: Store, consume_error: str = "", release_error: str = ""):
        super().__init__(store)
        self.consume_error = consume_error
        self.release_error = release_error
        self.consumed: list[str] = []
        self.released: list[str] = []

    async def consume(self, organization_id: str, slideshow_id: str) -> None:
        self._call("consume", slideshow_id)
        if self.consume_error:
            raise ServiceError(self.consume_error, "no")
        self.consumed.append(slideshow_id)

    async def release(self, organization_id: str, slideshow_id: str) -> None:
        self._call("release", slideshow_id)
        if self.release_error:
            raise ServiceError(self.release_error, "no")
        self.released.append(slideshow_id)


class FakeObjects(Remote):
    def __init__(self, store: Store):
        super().__init__(store)
        self.objects: dict[str, bytes] = {}
        self.removed: list[str] = []

    async def put(self, key: str, data: bytes, content_type: str, content_disposition: str = "") -> None:
        self._call("put", key)
        self.objects[key] = data

    async def remove_prefix(self, prefix: str) -> int:
        self._call("remove_prefix", prefix)
        self.removed.append(prefix)
        return 0


class FakeLocks:
    def __init__(self) -> None:
        self.locks: dict[str, asyncio.Lock] = {}
        self.held: list[str] = []

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        async with self.locks.setdefault(key, asyncio.Lock()):
            self.held.append(key)
            yield


class FakeZips(Remote):
    async def build(self, deck: domain.Slideshow) -> bytes:
        self._call("build", deck.id)
        await asyncio.sleep(0.01)  # packing takes a while: concurrent calls wait for it
        return f"zip of {deck.id} v{deck.version} with {len(deck.slides)} slides".encode()

    async def store(self, key: str, data: bytes) -> None:
        self._call("store", key)

    async def link(self, key: str, download_name: str) -> tuple[str, datetime]:
        self._call("link", key)
        return f"https://s3.test/{key}?name={download_name}", NOW + timedelta(hours=1)


class World:
    def __init__(self, **quota: str) -> None:
        self.store = Store()
        self.uow: InMemoryUnitOfWork[Any] = InMemoryUnitOfWork(self.store)
        self.store.uow = self.uow
        self.apps = FakeApps(self.store)
        self.hooks = FakeHooks(
            self.store, domain.PickedHook("hk_1", "Nobody tells you this about words", "curiosity")
        )
        self.quota = FakeQuota(self.store, **quota)
        self.objects = FakeObjects(self.store)
        self.zips = FakeZips(self.store)
        self.locks = FakeLocks()

    async def generate(self, key: str = "", template_key: str = "problem_solution", **kw: Any) -> str:
        request = application.GenerateRequest(
            organization_id=ORG,
            app_id=kw.pop("app_id", APP.id),
            template_key=template_key,
            idempotency_key=key,
            **kw,
        )
        return await application.generate_slideshow(
            self.uow,
            self.store,
            self.apps,
            self.hooks,
            self.quota,
            request,
            now=self.store.clock,
            idempotency_ttl=TTL,
        )

    def deck(self, ss_id: str) -> domain.Slideshow:
        return self.store.decks[ss_id]

    async def claim(self, ss_id: str, now: datetime = NOW, max_attempts: int = 5) -> domain.Slideshow | None:
        return await application.claim_render(
            self.uow, self.quota, ORG, ss_id, now=now, lease=LEASE, max_attempts=max_attempts
        )


SLIDES = tuple(
    domain.Slide(i, "HOOK" if i == 0 else "POINT", "headline", f"t{i}", "", "", f"u{i}", 3.0, f"k{i}")
    for i in range(6)
)
ASSETS = (
    domain.Asset("caption", "c"),
    domain.Asset("hashtags", "#a #b", ("#a", "#b")),
    domain.Asset("cta", "Get it"),
)


# --- generate --------------------------------------------------------------------------------


async def test_generate_queues_a_deck_and_its_render_job():
    w = World()
    ss_id = await w.generate()
    deck = w.deck(ss_id)
    assert (deck.status, deck.organization_id, deck.app_id, deck.app_name) == (
        domain.QUEUED,
        ORG,
        APP.id,
        "Lingo",
    )
    assert (deck.hook_id, deck.template_key, deck.language, deck.design) == (
        "hk_1",
        "problem_solution",
        "en",
        "classic",
    )
    assert deck.asset_token and deck.attempts == 0
    assert w.uow.published == [domain.RenderRequested(ORG, ss_id)]
    assert w.quota.consumed == [ss_id] and w.quota.released == []
    assert w.store.holds == {}  # dropped in the deck's own unit
    assert w.uow.commits == 2  # the hold, then the deck


async def test_generate_uses_a_builtin_hook_when_the_hooks_service_has_none():
    w = World()
    w.hooks.picked = None
    deck = w.deck(await w.generate())
    assert deck.hook_id and deck.hook_text_snapshot and not deck.hook_id.startswith("hk_1")


async def test_a_picked_hook_that_does_not_fit_the_format_gives_way_to_a_builtin_one():
    w = World()
    w.hooks.picked = domain.PickedHook("hk_7", "7 words nobody learns", "listicle")
    deck = w.deck(await w.generate())  # a problem/solution deck opens with no count
    assert deck.hook_id.startswith("hk_builtin") and deck.hook_text_snapshot != "7 words nobody learns"
    w.hooks.picked = domain.PickedHook("hk_4", "4 words nobody learns", "listicle")
    assert w.deck(await w.generate(template_key="listicle")).hook_id == "hk_4"


async def test_an_idempotent_repeat_answers_the_first_deck_and_consumes_nothing():
    w = World()
    first = await w.generate(key="k1")
    assert await w.generate(key="k1") == first
    assert len(w.store.decks) == 1 and w.quota.consumed == [first]
    with pytest.raises(ServiceError) as err:
        await w.generate(key="k1", template_key="listicle")
    assert err.value.code == "IDEMPOTENCY_KEY_REUSED"
    w.store.clock = NOW + TTL + timedelta(seconds=1)  # a day later the key is free again
    assert await w.generate(key="k1") != first


async def test_a_concurrent_request_with_the_same_key_wins_and_this_one_gives_its_unit_back():
    w = World()
    real_pick = w.hooks.pick

    async def pick_while_the_other_request_commits(*args: Any) -> domain.PickedHook | None:
        fp = domain.fingerprint(APP.id, "problem_solution", {}, [], "")
        w.store.keys[(ORG, "k1")] = (domain.IdempotencyRecord(fp, "ss_other"), NOW)
        return await real_pick(*args)

    w.hooks.pick = pick_while_the_other_request_commits  # type: ignore[method-assign]
    assert await w.generate(key="k1") == "ss_other"
    assert w.store.decks == {} and w.uow.published == []
    assert len(w.quota.consumed) == 1 and w.quota.released == w.quota.consumed
    assert w.store.holds == {} and w.store.locked_keys == [(ORG, "k1")]


async def test_quota_exceeded_drops_the_hold_and_writes_no_deck():
    w = World(consume_error="QUOTA_EXCEEDED")
    with pytest.raises(ServiceError) as err:
        await w.generate()
    assert err.value.code == "QUOTA_EXCEEDED"
    assert w.store.decks == {} and w.store.holds == {} and w.uow.published == []


async def test_an_outage_at_the_consume_leaves_the_hold_for_the_sweeper():
    w = World(consume_error="UNAVAILABLE")
    with pytest.raises(ServiceError):
        await w.generate()
    assert w.store.decks == {} and len(w.store.holds) == 1 and w.quota.released == []


async def test_a_failed_write_gives_the_unit_back_and_publishes_nothing():
    w = World()
    w.store.fail_add = True
    with pytest.raises(RuntimeError):
        await w.generate()
    assert w.quota.released == w.quota.consumed and len(w.quota.released) == 1
    assert w.uow.published == [] and w.uow.rollbacks == 1


async def test_a_generate_cancelled_after_its_deck_committed_keeps_the_unit():
    w = World()

    async def caller_gone(events: Sequence[object]) -> None:
        if any(isinstance(e, domain.RenderRequested) for e in events):
            raise asyncio.CancelledError  # the caller's deadline ran out, or it went away

    w.uow = w.store.uow = InMemoryUnitOfWork(w.store, after_commit=[caller_gone])
    with pytest.raises(asyncio.CancelledError):
        await w.generate(key="k1")
    [ss_id] = w.store.decks
    assert w.quota.consumed == [ss_id] and w.quota.released == []
    assert await w.generate(key="k1") == ss_id  # the client's retry finds the deck it made


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"template_key": " "}, "TEMPLATE_KEY_REQUIRED"),
        ({"app_id": "app/../x"}, "APP_NOT_FOUND"),
        ({"app_id": "app_missing"}, "APP_NOT_FOUND"),
        ({"template_key": "no_such_template"}, "VALIDATION_ERROR"),
        ({"design": "no_such_design"}, "VALIDATION_ERROR"),
        ({"overrides": {"nope": "x"}}, "VALIDATION_ERROR"),
        ({"key": "k" * 256}, "VALIDATION_ERROR"),
    ],
)
async def test_bad_requests_consume_nothing(kwargs: dict[str, Any], code: str):
    w = World()
    with pytest.raises(ServiceError) as err:
        await w.generate(**kwargs)
    assert err.value.code == code
    assert w.quota.calls == [] and w.store.decks == {} and w.uow.commits == 0


async def test_an_app_whose_pictures_cannot_be_had_is_refused_before_the_quota():
    w = World()
    w.apps.apps[APP.id] = replace(APP, image_source="screenshots")
    with pytest.raises(ServiceError) as err:
        await w.generate()
    assert err.value.code == "NO_IMAGE_SOURCE" and w.quota.calls == []


# --- the render job --------------------------------------------------------------------------


async def test_a_claim_leases_the_deck_and_a_live_lease_keeps_others_off():
    w = World()
    ss_id = await w.generate()
    claimed = await w.claim(ss_id)
    assert claimed is not None and (claimed.status, claimed.attempts, claimed.lease_until) == (
        domain.RENDERING,
        1,
        NOW + LEASE,
    )
    assert await w.claim(ss_id, now=NOW + timedelta(seconds=10)) is None  # its worker holds the lease
    again = await w.claim(ss_id, now=NOW + LEASE + timedelta(seconds=1))  # the worker died
    assert again is not None and again.attempts == 2


async def test_the_queue_runner_takes_the_oldest_claimable_deck():
    w = World()
    first = await w.generate()
    w.store.clock = NOW + timedelta(seconds=1)
    await w.generate()
    claimed = await application.claim_next_render(w.uow, w.quota, now=NOW, lease=LEASE, max_attempts=5)
    assert claimed is not None and claimed.id == first
    assert (
        await application.claim_next_render(w.uow, w.quota, now=NOW, lease=LEASE, max_attempts=5) is not None
    )
    assert await application.claim_next_render(w.uow, w.quota, now=NOW, lease=LEASE, max_attempts=5) is None


async def test_a_deck_whose_workers_keep_dying_fails_and_gives_its_unit_back():
    w = World()
    ss_id = await w.generate()
    w.store.decks[ss_id] = w.deck(ss_id)._replace(attempts=5)
    w.uow.published.clear()
    assert await w.claim(ss_id) is None
    deck = w.deck(ss_id)
    assert (deck.status, deck.error_code) == (domain.FAILED, "RENDER_FAILED")
    assert "5 attempts" in (deck.error_message or "")
    assert w.quota.released == [ss_id] and w.store.holds == {}
    assert [type(e) for e in w.uow.published] == [domain.SlideshowFailed]


async def test_complete_makes_a_rendering_deck_ready_with_its_whole_deck_announced():
    w = World()
    claimed = await w.claim(await w.generate())
    assert claimed is not None
    w.uow.published.clear()
    assert await application.complete_render(w.uow, w.objects, claimed, "Lingo 2", "en", SLIDES, ASSETS)
    deck = w.deck(claimed.id)
    assert (deck.status, deck.app_name, deck.version, deck.slides, deck.assets) == (
        domain.READY,
        "Lingo 2",
        2,
        SLIDES,
        ASSETS,
    )
    (event,) = w.uow.published
    assert isinstance(event, domain.SlideshowCompleted) and event.slideshow.slides == SLIDES
    # a second delivery of the same job finds it READY: nothing changes, nothing is announced
    assert not await application.complete_render(w.uow, w.objects, claimed, "Lingo 3", "en", (), ())
    assert w.deck(claimed.id).app_name == "Lingo 2" and len(w.uow.published) == 1


async def test_complete_of_a_deck_deleted_meanwhile_removes_its_uploads():
    w = World()
    claimed = await w.claim(await w.generate())
    assert claimed is not None
    del w.store.decks[claimed.id]
    assert not await application.complete_render(w.uow, w.objects, claimed, "Lingo", "en", SLIDES, ASSETS)
    assert w.objects.removed == [domain.slides_prefix(claimed.id)]


async def test_fail_happens_once_and_gives_the_unit_back_once():
    w = World()
    ss_id = await w.generate()
    await w.claim(ss_id)
    w.uow.published.clear()
    assert await application.fail_render(w.uow, w.quota, ORG, ss_id, "SCREENSHOT_INVALID", "x" * 600)
    assert not await application.fail_render(w.uow, w.quota, ORG, ss_id, "RENDER_FAILED", "again")
    deck = w.deck(ss_id)
    assert (deck.status, deck.error_code, len(deck.error_message or "")) == (
        domain.FAILED,
        "SCREENSHOT_INVALID",
        500,
    )
    assert w.quota.released == [ss_id] and w.store.holds == {}
    (event,) = w.uow.published
    assert isinstance(event, domain.SlideshowFailed) and event.slideshow.error_code == "SCREENSHOT_INVALID"
    assert not await application.fail_render(w.uow, w.quota, ORG, "ss_missing", "X", "y")


async def test_a_release_lost_to_an_outage_is_left_to_the_sweeper():
    w = World(release_error="UNAVAILABLE")
    ss_id = await w.generate()
    assert await application.fail_render(w.uow, w.quota, ORG, ss_id, "RENDER_FAILED", "no")
    assert w.deck(ss_id).status == domain.FAILED and list(w.store.holds) == [ss_id]
    w.quota.release_error = ""
    await application.sweep(
        w.uow, w.store, w.quota, now=NOW + timedelta(minutes=1), stuck_after=timedelta(hours=1),
        idempotency_ttl=TTL, hold_after=timedelta(seconds=30),
    )  # fmt: skip
    assert w.quota.released == [ss_id] and w.store.holds == {}


async def test_a_refused_release_leaves_nothing_to_give_back():
    w = World(release_error="NOT_FOUND")
    ss_id = await w.generate()
    assert await application.fail_render(w.uow, w.quota, ORG, ss_id, "RENDER_FAILED", "no")
    assert w.deck(ss_id).status == domain.FAILED and w.store.holds == {}


async def test_a_released_claim_is_queued_again_and_the_attempt_does_not_count():
    w = World()
    ss_id = await w.generate()
    await w.claim(ss_id)
    await application.release_render(w.uow, ORG, ss_id)
    deck = w.deck(ss_id)
    assert (deck.status, deck.attempts, deck.lease_until) == (domain.QUEUED, 0, None)


# --- app deleted, sweeping -------------------------------------------------------------------


async def test_a_deleted_apps_decks_objects_and_bundles_go():
    w = World()
    a, b = await w.generate(), await w.generate()
    w.store.decks[b] = w.deck(b)._replace(app_id="app_other")
    await application.remove_deleted_app(w.uow, w.objects, ORG, APP.id, "renderer-apps", "evt_1")
    assert list(w.store.decks) == [b]
    assert w.objects.removed == [domain.slides_prefix(a), domain.zips_prefix(a)]
    assert (ORG, APP.id) in w.store.deleted and ("renderer-apps", "evt_1") in w.store.processed_
    # a redelivery changes nothing
    assert await application.remove_deleted_app(w.uow, w.objects, ORG, APP.id, "renderer-apps", "evt_1") == 0


async def test_the_sweeper_queues_stuck_decks_again_and_purges_old_keys():
    w = World()
    old = await w.generate(key="k_old")
    w.store.clock = NOW + timedelta(hours=25)
    fresh = await w.generate()
    w.uow.published.clear()
    queued = await application.sweep(
        w.uow, w.store, w.quota, now=NOW + timedelta(hours=25), stuck_after=timedelta(seconds=120),
        idempotency_ttl=TTL, hold_after=timedelta(seconds=30),
    )  # fmt: skip
    assert queued == 1 and w.uow.published == [domain.RenderRequested(ORG, old)]
    assert fresh not in {e.slideshow_id for e in w.uow.published}  # type: ignore[attr-defined]
    assert w.store.keys == {}


async def test_stale_holds_are_given_back_and_dropped():
    w = World(consume_error="UNAVAILABLE")  # the request died after its hold was written
    with pytest.raises(ServiceError):
        await w.generate()
    (ss_id,) = w.store.holds
    later = NOW + timedelta(seconds=31)
    assert await application.release_stale_holds(w.uow, w.quota, later - timedelta(seconds=30)) == 1
    assert w.quota.released == [ss_id] and w.store.holds == {}


@pytest.mark.parametrize(("error", "kept"), [("UNAVAILABLE", True), ("ORGANIZATION_NOT_FOUND", False)])
async def test_a_stale_hold_billing_cannot_take_back(error: str, kept: bool):
    w = World(consume_error="UNAVAILABLE")
    with pytest.raises(ServiceError):
        await w.generate()
    w.quota.release_error = error
    later = NOW + timedelta(seconds=31)
    if kept:  # an outage: tried again at the next sweep
        with pytest.raises(ServiceError):
            await application.release_stale_holds(w.uow, w.quota, later - timedelta(seconds=30))
    else:  # a refusal: nothing to give back
        await application.release_stale_holds(w.uow, w.quota, later - timedelta(seconds=30))
    assert bool(w.store.holds) is kept


# --- reads and the ZIP -----------------------------------------------------------------------


async def test_get_answers_a_deck_of_a_live_app_only():
    w = World()
    ss_id = await w.generate()
    deck = await application.get_slideshow(w.store, w.apps, ORG, ss_id, False)
    assert deck.id == ss_id and w.apps.calls[-1] == ("get_app", APP.id)
    calls = len(w.apps.calls)
    await application.get_slideshow(w.store, w.apps, ORG, ss_id, True)  # the gateway checked the app
    assert len(w.apps.calls) == calls
    for org, wanted in [("org_other", ss_id), (ORG, "ss_missing"), (ORG, "../x")]:
        with pytest.raises(ServiceError) as err:
            await application.get_slideshow(w.store, w.apps, org, wanted, True)
        assert err.value.code == "SLIDESHOW_NOT_FOUND"
    del w.apps.apps[APP.id]  # deleted in the catalog, before our consumer heard of it
    with pytest.raises(ServiceError):
        await application.get_slideshow(w.store, w.apps, ORG, ss_id, False)
    with pytest.raises(ServiceError) as err:
        await application.get_slideshow(w.store, w.apps, "", ss_id, False)
    assert err.value.code == "UNAUTHORIZED"


async def test_list_leaves_out_decks_of_deleted_apps_and_checks_its_filters():
    w = World()
    live = await w.generate()
    gone = await w.generate()
    w.store.decks[gone] = w.deck(gone)._replace(app_id="app_gone")
    found = await application.list_slideshows(w.store, w.apps, ORG, 0, 0, "", [], False)
    assert [d.id for d in found.slideshows] == [live] and (found.page, found.limit, found.total) == (1, 20, 1)
    with pytest.raises(ServiceError) as err:
        await application.list_slideshows(w.store, w.apps, ORG, 1, 10, "", ["DONE"], True)
    assert err.value.code == "VALIDATION_ERROR"


async def test_a_kept_page_of_the_list_is_current_while_the_list_version_is_unchanged():
    w = World()
    live = await w.generate()
    w.store.list_versions[ORG] = 4
    first = await application.list_slideshows(w.store, w.apps, ORG, 1, 20, "", [], True)
    assert [d.id for d in first.slideshows] == [live] and (first.version, first.unchanged) == (4, False)
    # The caller keeps version 4: only the version is read.
    again = await application.list_slideshows(w.store, w.apps, ORG, 1, 20, "", [], True, known_version=4)
    assert (again.slideshows, again.total, again.version, again.unchanged) == ([], 0, 4, True)
    # A write raised it: the page is read afresh.
    w.store.list_versions[ORG] = 5
    fresh = await application.list_slideshows(w.store, w.apps, ORG, 1, 20, "", [], True, known_version=4)
    assert [d.id for d in fresh.slideshows] == [live] and (fresh.version, fresh.unchanged) == (5, False)
    # A caller that does not check the apps gets no version (its page depends on the catalog).
    unchecked = await application.list_slideshows(w.store, w.apps, ORG, 1, 20, "", [], False, known_version=5)
    assert (unchecked.version, unchecked.unchanged, unchecked.total) == (0, False, 1)
    assert w.store.list_reads == ["page", "version", "version", "page", "page"]


async def test_the_zip_is_built_once_per_version_outside_any_unit():
    w = World()
    claimed = await w.claim(await w.generate())
    assert claimed is not None
    with pytest.raises(ServiceError) as err:
        await application.export_zip(w.uow, w.store, w.apps, w.zips, w.locks, ORG, claimed.id)
    assert err.value.code == "SLIDESHOW_NOT_READY"
    await application.complete_render(w.uow, w.objects, claimed, "Lingo", "en", SLIDES, ASSETS)
    first = await application.export_zip(w.uow, w.store, w.apps, w.zips, w.locks, ORG, claimed.id)
    key = domain.zip_object_key(claimed.id, 2)
    assert not first.cached and f"lingo-{claimed.id}.zip" in first.url
    assert w.store.bundles_[claimed.id] == (ORG, domain.Bundle(2, key))
    again = await application.export_zip(w.uow, w.store, w.apps, w.zips, w.locks, ORG, claimed.id)
    assert again.cached and again.url == first.url
    assert [c[0] for c in w.zips.calls] == ["build", "store", "link", "link"]


async def test_an_upload_is_reencoded_under_an_unguessable_name():
    import io

    from PIL import Image

    w = World()
    buf = io.BytesIO()
    Image.new("RGB", (20, 30), (1, 2, 3)).save(buf, "PNG")
    url = await application.upload_screenshot(
        w.objects, ORG, buf.getvalue(), max_bytes=10_000, max_pixels=1_000_000, uploads_base="https://u.test"
    )
    (key,) = w.objects.objects
    assert key.startswith(f"uploads/{ORG}/") and key.endswith(".png")
    assert url == "https://u.test/v0/public/uploads/" + key.removeprefix("uploads/")
    with pytest.raises(ServiceError) as err:
        await application.upload_screenshot(
            w.objects, ORG, b"x" * 10_001, max_bytes=10_000, max_pixels=1, uploads_base="https://u.test"
        )
    assert err.value.code == "PAYLOAD_TOO_LARGE"


async def test_concurrent_first_zip_calls_build_once():
    w = World()
    claimed = await w.claim(await w.generate())
    assert claimed is not None
    await application.complete_render(w.uow, w.objects, claimed, "Lingo", "en", SLIDES, ASSETS)
    links = await asyncio.gather(
        *(application.export_zip(w.uow, w.store, w.apps, w.zips, w.locks, ORG, claimed.id) for _ in range(4))
    )
    assert sorted(link.cached for link in links) == [False, True, True, True]
    assert len({link.url for link in links}) == 1
    assert [c[0] for c in w.zips.calls].count("build") == 1


async def test_a_generate_whose_hold_a_sweeper_took_answers_503_and_creates_no_deck():
    w = World()
    real_pick = w.hooks.pick

    async def pick_while_a_sweeper_takes_the_hold(*args: Any) -> domain.PickedHook | None:
        # The request is slow (past the hold's age): a sweeper marks its hold and gives the unit back.
        later = NOW + timedelta(seconds=31)
        assert await application.release_stale_holds(w.uow, w.quota, later - timedelta(seconds=30)) == 1
        return await real_pick(*args)

    w.store.clock = NOW
    w.hooks.pick = pick_while_a_sweeper_takes_the_hold  # type: ignore[method-assign]
    with pytest.raises(ServiceError) as err:
        await w.generate()
    assert err.value.code == "UNAVAILABLE"
    assert w.store.decks == {} and w.uow.published == []
    # The unit went back (a keyed release: the second one, by the failed request, gives back nothing).
    assert set(w.quota.released) == set(w.quota.consumed) and len(w.quota.consumed) == 1

"""Sharing's use cases with the in-memory unit of work: no stack, no Postgres, no renderer.

The renderer and the password hasher check that no unit is open when they are called. End to end
(gRPC, real Postgres, Kafka, pages) they are covered by test_store.py and the contract tests
(tests/contract/test_publish.py, test_security.py, ...)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from kit.errors import ServiceError
from kit.uow import InMemoryUnitOfWork
from sharing import application, domain

ORG = "org_test"
OTHER = "org_other"
BASE = "https://share.example"


class FakeShares:
    """application.ShareRepository: one row per (organization, slideshow)."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], domain.Share] = {}
        self.locked: list[tuple[str, str]] = []

    async def insert(self, values: Mapping[str, Any]) -> domain.Share | None:
        key = (values["organization_id"], values["slideshow_id"])
        if key in self.rows:
            return None
        share = domain.Share(enabled=True, created_at=datetime.now(UTC), **values)
        self.rows[key] = share
        return share

    async def get_for_update(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        self.locked.append((organization_id, slideshow_id))
        return self.rows.get((organization_id, slideshow_id))

    async def update(self, organization_id: str, share_id: str, changes: Mapping[str, Any]) -> domain.Share:
        [key] = [k for k, s in self.rows.items() if s.id == share_id and k[0] == organization_id]
        self.rows[key] = share = replace(self.rows[key], **changes)
        return share

    async def disable_for_slideshow(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        share = self.rows.get((organization_id, slideshow_id))
        if share is None or not share.enabled:
            return None
        self.rows[(organization_id, slideshow_id)] = share = replace(share, enabled=False)
        return share

    async def disable_for_app(self, organization_id: str, app_id: str) -> list[domain.Share]:
        out = []
        for key, share in list(self.rows.items()):
            if key[0] == organization_id and share.app_id == app_id and share.enabled:
                self.rows[key] = replace(share, enabled=False)
                out.append(self.rows[key])
        return out


class FakeFailures:
    """application.PasswordFailures: attempts with their times."""

    def __init__(self) -> None:
        self.rows: dict[int, tuple[str, str, datetime]] = {}
        self.locks: list[str] = []
        self.next_id = 0

    async def lock(self, share_id: str, client_ip: str) -> None:
        self.locks.append(f"{share_id}|{client_ip}")

    async def recent(self, share_id: str, client_ip: str, window_seconds: int) -> list[datetime]:
        since = datetime.now(UTC) - timedelta(seconds=window_seconds)
        return sorted(
            at for s, ip, at in self.rows.values() if (s, ip) == (share_id, client_ip) and at > since
        )

    async def record(self, share_id: str, client_ip: str, window_seconds: int) -> int:
        self.next_id += 1
        self.rows[self.next_id] = (share_id, client_ip, datetime.now(UTC))
        return self.next_id

    async def remove(self, failure_id: int) -> None:
        del self.rows[failure_id]

    def count(self, ip: str) -> int:
        return sum(1 for _, i, _ in self.rows.values() if i == ip)


class FakeProcessed:
    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()

    async def first_time(self, consumer: str, event_id: str) -> bool:
        if (consumer, event_id) in self.seen:
            return False
        self.seen.add((consumer, event_id))
        return True


@dataclass
class Repos:
    shares: FakeShares
    failures: FakeFailures
    processed: FakeProcessed


class FakeReads:
    """application.ShareReads over the same rows."""

    def __init__(self, shares: FakeShares) -> None:
        self.shares = shares
        self.lookups: list[str] = []

    async def for_slideshow(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        return self.shares.rows.get((organization_id, slideshow_id))

    async def for_slideshows(self, wanted: Sequence[tuple[str, str]]) -> dict[tuple[str, str], domain.Share]:
        return {pair: self.shares.rows[pair] for pair in wanted if pair in self.shares.rows}

    async def live_by_hash(self, digest: str) -> domain.Share | None:
        self.lookups.append(digest)
        live = [s for s in self.shares.rows.values() if s.token_hash == digest and s.enabled]
        return live[0] if live else None


class Remote:
    uow: InMemoryUnitOfWork[Any]

    def _outside_unit(self, what: str) -> None:
        assert self.uow._state != "open", f"{what} called inside a unit of work"


def a_deck(status: str = "READY") -> domain.DeckView:
    return domain.DeckView(
        title="Lift", status=status, language="en", slides=[domain.SlideView(1, "Hook", "https://cdn/1.png")]
    )


@dataclass
class FakeRenderer(Remote):
    uow: InMemoryUnitOfWork[Any]
    decks: dict[tuple[str, str], domain.Slideshow] = field(default_factory=dict)
    failure: str = ""  # a ServiceError code every call raises
    calls: list[str] = field(default_factory=list)

    def add(self, org: str, ss_id: str, app_id: str = "app_one") -> None:
        self.decks[(org, ss_id)] = domain.Slideshow(id=ss_id, app_id=app_id, deck=a_deck())

    def _find(self, org: str, ss_id: str) -> domain.Slideshow:
        if self.failure:
            raise ServiceError(self.failure, "renderer says no")
        if (org, ss_id) not in self.decks:
            raise ServiceError("SLIDESHOW_NOT_FOUND", "no such slideshow")
        return self.decks[(org, ss_id)]

    async def slideshow(self, organization_id: str, slideshow_id: str) -> domain.Slideshow:
        self._outside_unit("slideshow")
        self.calls.append("slideshow")
        return self._find(organization_id, slideshow_id)

    async def zip(self, organization_id: str, slideshow_id: str) -> domain.ZipLink:
        self._outside_unit("zip")
        self.calls.append("zip")
        self._find(organization_id, slideshow_id)
        return domain.ZipLink(f"https://s3/{slideshow_id}.zip", datetime(2030, 1, 1, tzinfo=UTC), False)


@dataclass
class FakePasswords(Remote):
    uow: InMemoryUnitOfWork[Any]
    verified: list[str] = field(default_factory=list)

    async def hash(self, password: str) -> str:
        self._outside_unit("hash")
        return f"hash:{password}"

    async def verify(self, password_hash: str, password: str) -> bool:
        self._outside_unit("verify")
        self.verified.append(password)
        return password_hash == f"hash:{password}"


class World:
    def __init__(self, max_failures: int = 5) -> None:
        self.repos = Repos(FakeShares(), FakeFailures(), FakeProcessed())
        self.uow = InMemoryUnitOfWork(self.repos)
        self.reads = FakeReads(self.repos.shares)
        self.renderer = FakeRenderer(self.uow)
        self.passwords = FakePasswords(self.uow)
        self.keys = domain.Keys("test-secret")
        self.config = application.Config(
            keys=self.keys,
            public_base_url=BASE,
            password_max_failures=max_failures,
            password_window_seconds=300,
        )

    async def create(
        self, ss_id: str = "ss_1", password: str | None = None, rotate: bool = False, org: str = ORG
    ) -> tuple[domain.Share, bool]:
        return await application.create_share(
            self.uow, self.renderer, self.passwords, self.config, org, ss_id, password, rotate
        )

    def token(self, share: domain.Share) -> str:
        token = self.keys.decrypt_token(share.token_encrypted)
        assert token is not None
        return token

    async def submit(self, token: str, password: str, ip: str = "10.0.0.1") -> application.PasswordAnswer:
        return await application.submit_password(
            self.uow, self.reads, self.passwords, self.config, token, password, ip
        )


# ---- links ---------------------------------------------------------------------------------------


async def test_create_issues_a_link_once_and_publishes_it():
    w = World()
    w.renderer.add(ORG, "ss_1")
    share, created = await w.create()
    token = w.token(share)
    assert created and domain.is_token(token) and share.token_hash == domain.token_hash(token)
    assert (share.organization_id, share.slideshow_id, share.app_id) == (ORG, "ss_1", "app_one")
    assert share.id.startswith("shr_") and share.password_hash is None
    assert w.uow.published == [domain.ShareChanged(ORG, "ss_1", "app_one", True, f"{BASE}/share/{token}")]
    again, created_again = await w.create()
    assert not created_again and again == share and len(w.uow.published) == 1
    assert w.repos.shares.locked == [(ORG, "ss_1")]


async def test_rotate_replaces_the_token_and_publishes_the_new_link():
    w = World()
    w.renderer.add(ORG, "ss_1")
    first, _ = await w.create()
    rotated, created = await w.create(rotate=True)
    assert created and rotated.id == first.id and rotated.token_hash != first.token_hash
    assert w.uow.published[-1].url == f"{BASE}/share/{w.token(rotated)}"
    assert await application.view_share(w.reads, w.renderer, w.config, w.token(first), "") == (
        application.PageView(application.PageView.NOT_FOUND)
    )


async def test_password_is_set_kept_and_removed_without_a_new_token():
    w = World()
    w.renderer.add(ORG, "ss_1")
    share, _ = await w.create(password="s3cret")
    assert share.password_hash == "hash:s3cret"
    kept, created = await w.create(password=None)
    assert kept.password_hash == "hash:s3cret" and not created
    removed, created = await w.create(password="")
    assert removed.password_hash is None and not created and removed.token_hash == share.token_hash
    assert len(w.uow.published) == 1


async def test_create_refuses_bad_input_and_strangers_before_any_unit():
    w = World()
    w.renderer.add(ORG, "ss_1")
    for org, ss_id, password, code in (
        ("", "ss_1", None, "VALIDATION_ERROR"),
        (ORG, "", None, "VALIDATION_ERROR"),
        (ORG, "ss_1", "x" * 257, "VALIDATION_ERROR"),
        (OTHER, "ss_1", None, "SLIDESHOW_NOT_FOUND"),
    ):
        with pytest.raises(ServiceError) as err:
            await w.create(ss_id, password, org=org)
        assert err.value.code == code
    assert w.uow.commits == 0 and w.uow.rollbacks == 0 and w.repos.shares.rows == {}


async def test_disable_kills_the_link_and_a_new_create_issues_a_fresh_one():
    w = World()
    w.renderer.add(ORG, "ss_1")
    share, _ = await w.create()
    assert await application.disable_share(w.uow, w.renderer, ORG, "ss_1")
    assert w.uow.published[-1] == domain.ShareChanged(ORG, "ss_1", "app_one", False, "")
    assert await application.share_for_slideshow(w.reads, ORG, "ss_1") is None
    assert not await application.disable_share(w.uow, w.renderer, ORG, "ss_1")
    assert len(w.uow.published) == 2
    revived, created = await w.create()
    assert created and revived.enabled and revived.token_hash != share.token_hash
    with pytest.raises(ServiceError) as err:
        await application.disable_share(w.uow, w.renderer, OTHER, "ss_1")
    assert err.value.code == "SLIDESHOW_NOT_FOUND"


async def test_lookups_answer_live_links_in_the_order_asked():
    w = World()
    for ss in ("ss_1", "ss_2"):
        w.renderer.add(ORG, ss)
        await w.create(ss)
    await application.disable_share(w.uow, w.renderer, ORG, "ss_2")
    found = await application.shares_for_slideshows(w.reads, [(ORG, "ss_2"), (OTHER, "ss_1"), (ORG, "ss_1")])
    assert [s.slideshow_id if s else None for s in found] == [None, None, "ss_1"]
    assert (await application.share_for_slideshow(w.reads, ORG, "ss_1")) == found[2]
    with pytest.raises(ServiceError) as err:
        await application.shares_for_slideshows(w.reads, [(ORG, f"ss_{i}") for i in range(1001)])
    assert err.value.code == "VALIDATION_ERROR"


# ---- public pages ------------------------------------------------------------------------------


async def test_the_page_shows_the_deck_asks_for_the_password_or_says_not_found():
    w = World()
    w.renderer.add(ORG, "ss_1")
    w.renderer.add(ORG, "ss_2")
    open_share, _ = await w.create("ss_1")
    locked, _ = await w.create("ss_2", password="pw")
    view = await application.view_share(w.reads, w.renderer, w.config, w.token(open_share), "")
    assert view.kind == application.PageView.DECK and view.deck == a_deck()
    view = await application.view_share(w.reads, w.renderer, w.config, w.token(locked), "bad.cookie")
    assert view.kind == application.PageView.LOCKED
    cookie = w.keys.sign_cookie(locked.token_hash, "hash:pw", 60)
    assert (
        await application.view_share(w.reads, w.renderer, w.config, w.token(locked), cookie)
    ).kind == "deck"
    lookups = len(w.reads.lookups)
    assert (
        await application.view_share(w.reads, w.renderer, w.config, "not a token", "")
    ).kind == "not_found"
    assert len(w.reads.lookups) == lookups  # nothing shaped unlike a token is looked up
    del w.renderer.decks[(ORG, "ss_1")]
    assert (await application.view_share(w.reads, w.renderer, w.config, w.token(open_share), "")).kind == (
        "not_found"
    )
    w.renderer.failure = "UNAVAILABLE"
    view = await application.view_share(w.reads, w.renderer, w.config, w.token(locked), cookie)
    assert view.kind == application.PageView.UNAVAILABLE


async def test_a_right_password_gets_a_cookie_and_takes_its_attempt_back():
    w = World()
    w.renderer.add(ORG, "ss_1")
    share, _ = await w.create(password="pw")
    token = w.token(share)
    wrong = await w.submit(token, "nope")
    assert wrong.kind == application.PasswordAnswer.WRONG and w.repos.failures.count("10.0.0.1") == 1
    right = await w.submit(token, "pw")
    assert right.kind == application.PasswordAnswer.GRANTED
    assert w.keys.verify_cookie(right.cookie, share.token_hash, "hash:pw")
    assert w.repos.failures.count("10.0.0.1") == 1  # the wrong one stays, the right one is gone
    assert (await w.submit(token, "")).kind == "wrong" and w.passwords.verified == ["nope", "pw"]
    assert w.repos.failures.locks == [f"{share.id}|10.0.0.1"] * 3


async def test_wrong_passwords_are_throttled_per_share_and_address():
    w = World(max_failures=3)
    w.renderer.add(ORG, "ss_1")
    share, _ = await w.create(password="pw")
    token = w.token(share)
    for _ in range(3):
        assert (await w.submit(token, "nope")).kind == "wrong"
    limited = await w.submit(token, "pw")  # even the right password waits
    assert limited.kind == application.PasswordAnswer.RATE_LIMITED and 1 <= limited.retry_after <= 300
    assert w.passwords.verified == ["nope"] * 3 and w.uow.rollbacks == 1
    assert (await w.submit(token, "pw", ip="10.0.0.2")).kind == "granted"
    assert (await w.submit(token, "nope", ip="")).kind == "wrong" and w.repos.failures.count("unknown") == 1


async def test_a_share_without_password_sends_the_form_to_the_page():
    w = World()
    w.renderer.add(ORG, "ss_1")
    share, _ = await w.create()
    assert (await w.submit(w.token(share), "anything")).kind == application.PasswordAnswer.OPEN
    assert (await w.submit(domain.new_token(), "x")).kind == application.PasswordAnswer.NOT_FOUND
    assert w.passwords.verified == [] and w.repos.failures.rows == {}


async def test_oembed_answers_open_decks_of_this_service_only():
    w = World()
    w.renderer.add(ORG, "ss_1")
    w.renderer.add(ORG, "ss_2")
    share, _ = await w.create("ss_1")
    locked, _ = await w.create("ss_2", password="pw")
    target = await application.oembed_target(w.reads, w.renderer, w.config, f"{BASE}/share/{w.token(share)}")
    assert target.token == w.token(share) and target.deck == a_deck()
    cases = [
        (f"{BASE}/share/{w.token(locked)}", "PASSWORD_REQUIRED"),
        (f"https://elsewhere.example/share/{w.token(share)}", "SHARE_NOT_FOUND"),
        (f"{BASE}/share/{domain.new_token()}", "SHARE_NOT_FOUND"),
    ]
    for url, code in cases:
        with pytest.raises(ServiceError) as err:
            await application.oembed_target(w.reads, w.renderer, w.config, url)
        assert err.value.code == code
    del w.renderer.decks[(ORG, "ss_1")]
    with pytest.raises(ServiceError) as err:
        await application.oembed_target(w.reads, w.renderer, w.config, f"{BASE}/share/{w.token(share)}")
    assert err.value.code == "SHARE_NOT_FOUND"


async def test_the_zip_of_a_protected_share_needs_its_cookie_or_its_password():
    w = World()
    w.renderer.add(ORG, "ss_1")
    share, _ = await w.create(password="pw")
    token = w.token(share)

    async def zip_of(cookie: str = "", password: str = "") -> domain.ZipLink:
        return await application.share_zip(
            w.uow, w.reads, w.renderer, w.passwords, w.config, token, cookie, password, "10.0.0.9"
        )

    for password, message in (("", "send its password"), ("nope", "Wrong password")):
        with pytest.raises(ServiceError) as err:
            await zip_of(password=password)
        assert err.value.code == "PASSWORD_REQUIRED" and message in err.value.message
    assert (await zip_of(password="pw")).url == "https://s3/ss_1.zip"
    assert (await zip_of(cookie=w.keys.sign_cookie(share.token_hash, "hash:pw", 60))).cached is False
    assert w.renderer.calls.count("zip") == 2 and w.repos.failures.count("10.0.0.9") == 1
    del w.renderer.decks[(ORG, "ss_1")]
    with pytest.raises(ServiceError) as err:
        await zip_of(password="pw")
    assert err.value.code == "SHARE_NOT_FOUND"


# ---- the AppDeleted consumer -------------------------------------------------------------------


async def test_a_deleted_apps_links_are_disabled_once_per_event():
    w = World()
    for ss, app in (("ss_1", "app_gone"), ("ss_2", "app_gone"), ("ss_3", "app_kept")):
        w.renderer.add(ORG, ss, app)
        await w.create(ss)
    w.renderer.add(OTHER, "ss_9", "app_gone")
    await w.create("ss_9", org=OTHER)
    published = len(w.uow.published)
    assert await application.app_deleted(w.uow, ORG, "app_gone", "ev_1") == 2
    assert sorted(e.slideshow_id for e in w.uow.published[published:]) == ["ss_1", "ss_2"]
    assert all(not e.enabled and e.url == "" for e in w.uow.published[published:])
    assert await application.app_deleted(w.uow, ORG, "app_gone", "ev_1") == 0
    assert [s.slideshow_id for s in w.repos.shares.rows.values() if s.enabled] == ["ss_3", "ss_9"]

"""Sharing's use cases, one function each: plain values in, domain objects (or outcomes) out.

Called by the gRPC adapter (server.py) and the AppDeleted consumer (consumers.py). Writes go through a
unit of work (kit.uow): open it, decide with the domain, record ShareChanged, commit; the unit
writes the events to the outbox and wakes the relay. Remote calls (the renderer) and password
hashing (CPU, in a thread) happen before a unit opens or after it commits, never inside it.
Wrong share passwords are throttled by kit.throttle (the one rule billing's logins use too).
No gRPC, SQL or protobuf here (import-linter).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypeAlias

from kit import logs, throttle
from kit.errors import ServiceError, validation_error
from kit.ids import new_id
from kit.uow import UnitOfWork

from sharing import domain

log = logs.get(__name__)

# The AppDeleted consumer's name in processed_events.
APP_DELETED_CONSUMER = "sharing-app-deleted"
MAX_SLIDESHOWS_PER_LOOKUP = 1000


# ---- ports -----------------------------------------------------------------------------------


class ShareRepository(Protocol):
    """The share links inside a unit of work (store.SqlShares)."""

    async def insert(self, values: Mapping[str, Any]) -> domain.Share | None:
        """A live link; None when the slideshow already has a row (concurrent first calls)."""

    async def get_for_update(self, organization_id: str, slideshow_id: str) -> domain.Share | None:
        """The slideshow's row, locked until the unit ends."""

    async def update(
        self, organization_id: str, share_id: str, changes: Mapping[str, Any]
    ) -> domain.Share: ...

    async def disable_for_slideshow(self, organization_id: str, slideshow_id: str) -> domain.Share | None: ...

    async def disable_for_app(self, organization_id: str, app_id: str) -> list[domain.Share]: ...


class PasswordFailures(Protocol):
    """Attempts per (share, client address) inside a unit of work (store.SqlPasswordFailures)."""

    async def lock(self, share_id: str, client_ip: str) -> None:
        """Serialize check-and-record of this subject until the unit ends."""

    async def recent(self, share_id: str, client_ip: str, window_seconds: int) -> list[datetime]: ...

    async def record(self, share_id: str, client_ip: str, window_seconds: int) -> int:
        """Record an attempt (forgetting those out of the window); its id."""

    async def remove(self, failure_id: int) -> None: ...


class ProcessedEvents(Protocol):
    """A consumer's processed events (store.SqlProcessed): False for a redelivery."""

    async def first_time(self, consumer: str, event_id: str) -> bool: ...


class Repositories(Protocol):
    @property
    def shares(self) -> ShareRepository: ...

    @property
    def failures(self) -> PasswordFailures: ...

    @property
    def processed(self) -> ProcessedEvents: ...


class ShareReads(Protocol):
    """Reads of one statement outside any unit (store.ShareReads, autocommit)."""

    async def for_slideshow(self, organization_id: str, slideshow_id: str) -> domain.Share | None: ...

    async def for_slideshows(
        self, wanted: Sequence[tuple[str, str]]
    ) -> dict[tuple[str, str], domain.Share]: ...

    async def live_by_hash(self, digest: str) -> domain.Share | None: ...


class Renderer(Protocol):
    """The decks (remote; upstream.Renderer). Raises ServiceError (e.g. SLIDESHOW_NOT_FOUND)."""

    async def slideshow(self, organization_id: str, slideshow_id: str) -> domain.Slideshow: ...

    async def zip(self, organization_id: str, slideshow_id: str) -> domain.ZipLink: ...


class Passwords(Protocol):
    """Password hashing (passwords.Argon2Passwords); verify is False for a wrong password."""

    async def hash(self, password: str) -> str: ...

    async def verify(self, password_hash: str, password: str) -> bool: ...


SharingUnitOfWork: TypeAlias = UnitOfWork[Repositories]


@dataclass(frozen=True, slots=True)
class Config:
    """What the use cases take from the settings."""

    keys: domain.Keys
    public_base_url: str
    password_max_failures: int = 5
    password_window_seconds: int = 300
    cookie_ttl_seconds: int = 86400

    @property
    def password_limit(self) -> throttle.Limit:
        return throttle.Limit(self.password_max_failures, self.password_window_seconds)


# ---- outcomes of the public pages ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PageView:
    """What a share or embed page shows: NOT_FOUND (the plain 404 page), LOCKED (the password form),
    UNAVAILABLE (the renderer failed: 503) or DECK (`deck`)."""

    NOT_FOUND = "not_found"
    LOCKED = "locked"
    UNAVAILABLE = "unavailable"
    DECK = "deck"

    kind: str
    deck: domain.DeckView | None = None


@dataclass(frozen=True, slots=True)
class PasswordAnswer:
    """The outcome of a submitted password: NOT_FOUND, OPEN (no password: go to the page),
    RATE_LIMITED (`retry_after` seconds), WRONG, or GRANTED (`cookie`, signed for the share)."""

    NOT_FOUND = "not_found"
    OPEN = "open"
    RATE_LIMITED = "rate_limited"
    WRONG = "wrong"
    GRANTED = "granted"

    kind: str
    retry_after: int = 0
    cookie: str = ""


@dataclass(frozen=True, slots=True)
class OembedTarget:
    deck: domain.DeckView
    token: str


# ---- helpers -----------------------------------------------------------------------------------


def _share_not_found() -> ServiceError:
    return ServiceError("SHARE_NOT_FOUND", "No shared slideshow at this URL.")


def _changed(share: domain.Share, url: str) -> domain.ShareChanged:
    return domain.ShareChanged(
        organization_id=share.organization_id,
        slideshow_id=share.slideshow_id,
        app_id=share.app_id,
        enabled=share.enabled,
        url=url if share.enabled else "",
    )


def _cookie_ok(keys: domain.Keys, share: domain.Share, cookie: str) -> bool:
    return keys.verify_cookie(cookie, share.token_hash, share.password_hash or "")


async def _live(reads: ShareReads, token: str) -> domain.Share | None:
    """The live share of a token (None for anything not shaped like one: no lookup)."""
    if not domain.is_token(token):
        return None
    return await reads.live_by_hash(domain.token_hash(token))


async def _hash_password(passwords: Passwords, password: str | None) -> str | None:
    if not password:
        return password  # None: unchanged, "": remove protection
    problem = domain.validate_password(password)
    if problem:
        raise validation_error([("password", problem)])
    return await passwords.hash(password)


async def _password_ok(
    uow: SharingUnitOfWork,
    passwords: Passwords,
    config: Config,
    share: domain.Share,
    password: str,
    client_ip: str,
) -> bool:
    """Checks a password under the per token+IP throttle (RATE_LIMITED when exceeded). The
    attempt is counted and recorded before the password is judged, in one unit serialized per
    token and IP, so N concurrent guesses never get more than the limit evaluated; a right
    password then takes its own attempt back (a second unit). The hash is checked between them."""
    attempt = await _take_attempt(uow, config, share.id, client_ip or "unknown")
    ok = bool(password) and await passwords.verify(share.password_hash or "", password)
    if ok:
        async with uow:
            await uow.repos.failures.remove(attempt)
            await uow.commit()
    return ok


async def _take_attempt(uow: SharingUnitOfWork, config: Config, share_id: str, ip: str) -> int:
    window = config.password_window_seconds
    async with uow:
        failures = uow.repos.failures
        await failures.lock(share_id, ip)
        recent = await failures.recent(share_id, ip, window)
        throttle.check(
            config.password_limit,
            recent,
            datetime.now(UTC),
            "Too many wrong passwords; retry after {retry}s.",
        )
        attempt = await failures.record(share_id, ip, window)
        await uow.commit()
    return attempt


# ---- links (authenticated, organization-scoped) ----------------------------------------------


async def share_for_slideshow(
    reads: ShareReads, organization_id: str, slideshow_id: str
) -> domain.Share | None:
    """The slideshow's live link, None when it has none (or it is disabled)."""
    share = await reads.for_slideshow(organization_id, slideshow_id)
    return share if share is not None and share.enabled else None


async def shares_for_slideshows(
    reads: ShareReads, wanted: Sequence[tuple[str, str]]
) -> list[domain.Share | None]:
    """The live link of each (organization id, slideshow id) pair, in order (None: none)."""
    if len(wanted) > MAX_SLIDESHOWS_PER_LOOKUP:
        raise validation_error([("slideshows", f"at most {MAX_SLIDESHOWS_PER_LOOKUP} per call")])
    found = await reads.for_slideshows(wanted)
    answers: list[domain.Share | None] = []
    for pair in wanted:
        share = found.get(pair)
        answers.append(share if share is not None and share.enabled else None)
    return answers


async def create_share(
    uow: SharingUnitOfWork,
    renderer: Renderer,
    passwords: Passwords,
    config: Config,
    organization_id: str,
    slideshow_id: str,
    password: str | None,
    rotate: bool,
) -> tuple[domain.Share, bool]:
    """The slideshow's live link: issued when it has none (or it was disabled), its token replaced
    when `rotate`; `password` None leaves the protection as it is, "" removes it. Answers the
    share and whether a new token was issued (then ShareChanged is published)."""
    org, ss_id = organization_id, slideshow_id
    if not org or not ss_id:
        raise validation_error([("slideshow_id", "required")])
    slideshow = await renderer.slideshow(org, ss_id)
    password_hash = await _hash_password(passwords, password)
    token = domain.new_token()
    async with uow:
        share, created = await _upsert(uow.repos.shares, config, org, slideshow, token, password_hash, rotate)
        if created:
            uow.add_event(_changed(share, domain.share_url(config.public_base_url, token)))
        await uow.commit()
    return share, created


async def _upsert(
    shares: ShareRepository,
    config: Config,
    org: str,
    slideshow: domain.Slideshow,
    token: str,
    password_hash: str | None,
    rotate: bool,
) -> tuple[domain.Share, bool]:
    ss_id = slideshow.id
    fresh = {"token_hash": domain.token_hash(token), "token_encrypted": config.keys.encrypt_token(token)}
    values = {"organization_id": org, "slideshow_id": ss_id, "app_id": slideshow.app_id, **fresh}
    inserted = await shares.insert({**values, "id": new_id("shr"), "password_hash": password_hash or None})
    if inserted is not None:
        return inserted, True
    share = await shares.get_for_update(org, ss_id)
    if share is None:
        raise ServiceError("CONFLICT", "The share link changed concurrently; retry.")
    changes: dict[str, Any] = {}
    if password_hash is not None:
        changes["password_hash"] = password_hash or None
    new_token = rotate or not share.enabled
    if new_token:
        changes.update(fresh, enabled=True, created_at=datetime.now(UTC), app_id=slideshow.app_id)
    if not changes:
        return share, False
    return await shares.update(org, share.id, changes), new_token


async def disable_share(
    uow: SharingUnitOfWork, renderer: Renderer, organization_id: str, slideshow_id: str
) -> bool:
    """Kill the slideshow's live link (its token is dead at once); False when it had none."""
    await renderer.slideshow(organization_id, slideshow_id)  # SLIDESHOW_NOT_FOUND for a stranger's
    async with uow:
        share = await uow.repos.shares.disable_for_slideshow(organization_id, slideshow_id)
        if share is not None:
            uow.add_event(_changed(share, ""))
        await uow.commit()
    return share is not None


# ---- public ----------------------------------------------------------------------------------


async def view_share(
    reads: ShareReads, renderer: Renderer, config: Config, token: str, auth_cookie: str
) -> PageView:
    """What the share (or embed) page of `token` shows; a password-protected share needs the
    cookie a right password set."""
    share = await _live(reads, token)
    if share is None:
        return PageView(PageView.NOT_FOUND)
    if share.password_hash and not _cookie_ok(config.keys, share, auth_cookie):
        return PageView(PageView.LOCKED)
    try:
        slideshow = await renderer.slideshow(share.organization_id, share.slideshow_id)
    except ServiceError as err:
        if err.code.endswith("_NOT_FOUND"):
            return PageView(PageView.NOT_FOUND)
        log.warning("share page: renderer failed", code=err.code)
        return PageView(PageView.UNAVAILABLE)
    return PageView(PageView.DECK, slideshow.deck)


async def submit_password(
    uow: SharingUnitOfWork,
    reads: ShareReads,
    passwords: Passwords,
    config: Config,
    token: str,
    password: str,
    client_ip: str,
) -> PasswordAnswer:
    """A password sent from the share page's form, throttled per share and client address."""
    share = await _live(reads, token)
    if share is None:
        return PasswordAnswer(PasswordAnswer.NOT_FOUND)
    if not share.password_hash:
        return PasswordAnswer(PasswordAnswer.OPEN)
    try:
        ok = await _password_ok(uow, passwords, config, share, password, client_ip)
    except ServiceError as err:
        return PasswordAnswer(
            PasswordAnswer.RATE_LIMITED, retry_after=int(err.details.get("retry_after", 60))
        )
    if not ok:
        return PasswordAnswer(PasswordAnswer.WRONG)
    cookie = config.keys.sign_cookie(share.token_hash, share.password_hash, config.cookie_ttl_seconds)
    return PasswordAnswer(PasswordAnswer.GRANTED, cookie=cookie)


async def oembed_target(reads: ShareReads, renderer: Renderer, config: Config, url: str) -> OembedTarget:
    """The deck behind a share URL of this service, for oEmbed (never a protected one)."""
    token = domain.token_from_share_url(config.public_base_url, url) or ""
    share = await _live(reads, token)
    if share is None:
        raise _share_not_found()
    if share.password_hash:
        raise ServiceError("PASSWORD_REQUIRED", "This share is password protected.")
    try:
        slideshow = await renderer.slideshow(share.organization_id, share.slideshow_id)
    except ServiceError as err:
        if err.code.endswith("_NOT_FOUND"):
            raise _share_not_found() from None
        raise
    return OembedTarget(deck=slideshow.deck, token=token)


async def share_zip(
    uow: SharingUnitOfWork,
    reads: ShareReads,
    renderer: Renderer,
    passwords: Passwords,
    config: Config,
    token: str,
    auth_cookie: str,
    password: str,
    client_ip: str,
) -> domain.ZipLink:
    """The public ZIP of a shared deck: a protected share needs its cookie or its password
    (throttled like the form's)."""
    share = await _live(reads, token)
    if share is None:
        raise _share_not_found()
    if share.password_hash and not _cookie_ok(config.keys, share, auth_cookie):
        if not password:
            raise ServiceError("PASSWORD_REQUIRED", "This share is password protected: send its password.")
        if not await _password_ok(uow, passwords, config, share, password, client_ip):
            raise ServiceError("PASSWORD_REQUIRED", "Wrong password.")
    try:
        return await renderer.zip(share.organization_id, share.slideshow_id)
    except ServiceError as err:
        if err.code == "SLIDESHOW_NOT_FOUND":
            raise _share_not_found() from None
        raise


# ---- the consumer's use case -------------------------------------------------------------------


async def app_deleted(uow: SharingUnitOfWork, organization_id: str, app_id: str, event_id: str) -> int:
    """Disable the links of a deleted app's decks (once per event); how many were live."""
    async with uow:
        if not await uow.repos.processed.first_time(APP_DELETED_CONSUMER, event_id):
            return 0
        disabled = await uow.repos.shares.disable_for_app(organization_id, app_id)
        for share in disabled:
            uow.add_event(_changed(share, ""))
        await uow.commit()
    if disabled:
        log.info("share links of deleted app disabled", app_id=app_id, count=len(disabled))
    return len(disabled)

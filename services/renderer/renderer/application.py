"""The renderer's use cases, one function each: plain values in, domain objects out.

Called by the gRPC adapter (server.py), the render worker (worker.py), the app-deleted consumer
(deletions.py) and the sweeper (sweeper.py). Writes go through a unit of work (kit.uow): open it,
decide with the domain (the slideshow state machine is domain.py's), record the domain events,
commit; the unit writes the events to the outbox and notifies the relay once committed. Remote
calls (the catalog's app, the hooks service's pick, billing's quota, the object store) happen
before a unit opens or after it commits, never inside one. Reads of one statement go through
the reads port (autocommit), not through a unit. No gRPC, SQL or protobuf here (import-linter).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeAlias

from kit import logs
from kit.errors import ServiceError, validation_error
from kit.ids import has_prefix, new_id
from kit.uow import UnitOfWork

from renderer import catalog, copy, domain

log = logs.get(__name__)

HOOK_SNAPSHOT_MAX = 300
FAILURE_MESSAGE_MAX = 500


# --- ports -----------------------------------------------------------------------------------


class SlideshowRepository(Protocol):
    """The slideshows inside a unit of work (store.SqlSlideshows)."""

    async def add(self, values: Mapping[str, Any]) -> None: ...

    async def get(
        self, organization_id: str, slideshow_id: str, *, lock: bool = False
    ) -> domain.Slideshow | None: ...

    async def get_full(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None: ...

    async def next_claimable(self, now: datetime) -> domain.Slideshow | None: ...

    async def mark_rendering(
        self, organization_id: str, slideshow_id: str, lease_until: datetime
    ) -> None: ...

    async def release_claim(self, organization_id: str, slideshow_id: str) -> None: ...

    async def replace_deck(
        self, slideshow_id: str, slides: Sequence[domain.Slide], assets: Sequence[domain.Asset]
    ) -> None: ...

    async def mark_ready(
        self, organization_id: str, slideshow_id: str, app_name: str, language: str
    ) -> None: ...

    async def mark_failed(self, organization_id: str, slideshow_id: str, code: str, message: str) -> None: ...

    async def stuck(self, older_than: datetime) -> list[domain.RenderRequested]: ...

    async def ids_of_app(self, organization_id: str, app_id: str) -> list[str]: ...

    async def delete(self, organization_id: str, slideshow_ids: Sequence[str]) -> None: ...


class IdempotencyKeys(Protocol):
    async def lock(self, organization_id: str, key: str) -> None: ...

    async def find(
        self, organization_id: str, key: str, since: datetime
    ) -> domain.IdempotencyRecord | None: ...

    async def save(self, organization_id: str, key: str, fingerprint: str, slideshow_id: str) -> None: ...

    async def purge(self, before: datetime) -> None: ...


class QuotaHolds(Protocol):
    """Units taken from billing whose deck is not committed yet (store: quota_holds)."""

    async def add(self, organization_id: str, slideshow_id: str) -> None: ...

    async def drop(self, slideshow_id: str) -> None: ...

    async def take(self, slideshow_id: str) -> bool:
        """Drops the hold unless a sweeper is giving its unit back (then False)."""
        ...

    async def claim_stale(self, older_than: datetime) -> list[domain.QuotaHold]:
        """Marks holds older than `older_than` as being released and returns them."""
        ...


class Bundles(Protocol):
    async def save(self, organization_id: str, slideshow_id: str, version: int, object_key: str) -> None: ...


class DeletedApps(Protocol):
    async def remember(self, organization_id: str, app_id: str) -> None: ...

    async def processed(self, consumer: str, event_id: str) -> bool: ...


class Repositories(Protocol):
    @property
    def slideshows(self) -> SlideshowRepository: ...

    @property
    def idempotency_keys(self) -> IdempotencyKeys: ...

    @property
    def quota_holds(self) -> QuotaHolds: ...

    @property
    def bundles(self) -> Bundles: ...

    @property
    def deleted_apps(self) -> DeletedApps: ...


class SlideshowReads(Protocol):
    """Reads outside any unit of work (store.SlideshowReads: autocommit, no BEGIN/ROLLBACK)."""

    async def get_full(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None: ...

    async def page(
        self, organization_id: str, page: int, limit: int, app_id: str, statuses: Sequence[str]
    ) -> tuple[list[domain.Slideshow], int, int]:
        """A page of decks, the total and the list version it was read at (one snapshot)."""
        ...

    async def list_version(self, organization_id: str) -> int:
        """The organization's list version: raised by every write that changes what a list shows
        of its decks, in the writing transaction; 0 before its first deck."""
        ...

    async def app_deleted(self, organization_id: str, app_id: str) -> bool: ...

    async def idempotency_key(
        self, organization_id: str, key: str, since: datetime
    ) -> domain.IdempotencyRecord | None: ...

    async def slideshow_and_bundle(
        self, organization_id: str, slideshow_id: str
    ) -> tuple[domain.Slideshow | None, domain.Bundle | None]:
        """The deck (its status, version and app_deleted filled) and the bundle built for it, if any."""
        ...

    async def deck(self, organization_id: str, slideshow_id: str) -> domain.Slideshow | None: ...


class Apps(Protocol):
    """The catalog's apps (a remote call). get raises APP_NOT_FOUND."""

    async def get(self, organization_id: str, app_id: str) -> domain.App: ...


class Hooks(Protocol):
    """The hooks service's pick (a remote call); None when it failed (the built-in set is used)."""

    async def pick(
        self, organization_id: str, app_id: str, niche: str, language: str, categories: Sequence[str]
    ) -> domain.PickedHook | None: ...


class Quota(Protocol):
    """The organization's slideshow quota, kept by billing; keyed by the slideshow id, so a release
    gives back only what the consume with that key took, and only once."""

    async def consume(self, organization_id: str, slideshow_id: str) -> None: ...

    async def release(self, organization_id: str, slideshow_id: str) -> None: ...


class Objects(Protocol):
    """The object store (remote)."""

    async def put(self, key: str, data: bytes, content_type: str, content_disposition: str = "") -> None: ...

    async def remove_prefix(self, prefix: str) -> int: ...


class Locks(Protocol):
    """Locks that outlive no process (store.AdvisoryLocks: Postgres session advisory locks on a
    connection of their own, no transaction open): `async with locks.hold(key):` serializes the
    holders of one key, e.g. the builders of one deck's ZIP."""

    def hold(self, key: str) -> AbstractAsyncContextManager[None]: ...


class Zips(Protocol):
    """Packing, storing and handing out ZIP bundles (server.ZipBundles: the object store)."""

    async def build(self, deck: domain.Slideshow) -> bytes: ...

    async def store(self, key: str, data: bytes) -> None: ...

    async def link(self, key: str, download_name: str) -> tuple[str, datetime]: ...


RendererUnitOfWork: TypeAlias = UnitOfWork[Repositories]


# --- results ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GenerateRequest:
    organization_id: str
    app_id: str
    template_key: str
    design: str = ""
    idempotency_key: str = ""
    overrides: Mapping[str, str] = field(default_factory=dict)
    non_string: tuple[str, ...] = ()
    fingerprint: str = ""  # the gateway's fingerprint of the request body, if it made one


@dataclass(frozen=True, slots=True)
class SlideshowPage:
    slideshows: list[domain.Slideshow]
    page: int
    limit: int
    total: int
    # The list version the page was read at (when the caller checks the apps); `unchanged`: the
    # caller's known version is current, and decks and total were not read (empty).
    version: int = 0
    unchanged: bool = False


@dataclass(frozen=True, slots=True)
class ZipLink:
    url: str
    expires_at: datetime
    cached: bool


def _organization(organization_id: str) -> str:
    if not organization_id:
        raise ServiceError("UNAUTHORIZED", "organization_id is required.")
    return organization_id


# --- generate --------------------------------------------------------------------------------


async def generate_slideshow(
    uow: RendererUnitOfWork,
    reads: SlideshowReads,
    apps: Apps,
    hooks: Hooks,
    quota: Quota,
    request: GenerateRequest,
    *,
    now: datetime,
    idempotency_ttl: timedelta,
) -> str:
    """A new QUEUED deck (its render job on renderer.jobs); answers its id. A repeated
    Idempotency-Key with the same body answers the first deck's id and consumes nothing.

    The quota unit is taken before the deck's unit opens; a hold (committed before the consume,
    dropped in the deck's own unit) marks it, so a request that dies in between leaves a unit the
    sweeper gives back."""
    org = _organization(request.organization_id)
    domain.require_template_key(request.template_key)
    key = request.idempotency_key
    domain.check_idempotency_key(key)
    overrides, non_string = dict(request.overrides), list(request.non_string)
    fp = request.fingerprint or domain.fingerprint(
        request.app_id, request.template_key, overrides, non_string, request.design
    )
    since = now - idempotency_ttl
    if key:
        seen = await reads.idempotency_key(org, key, since)
        if seen is not None:
            return _replay(seen, fp)
    app = await _app(apps, org, request.app_id)
    niche = catalog.niche(app.niche)
    if niche is None:
        raise ServiceError(
            "NICHE_NOT_REGISTERED",
            f"The app's niche {app.niche!r} is not in the niche catalog; see GET /v0/api/v1/niches.",
        )
    template = catalog.template(niche.key, request.template_key)
    if template is None:
        offered = ", ".join(t.key for t in niche.templates)
        raise validation_error(
            [("template_key", f"not offered for niche {niche.key!r}; use one of: {offered}")]
        )
    domain.check_overrides((v.name for v in template.variables), overrides, non_string)
    design = catalog.design(request.design or app.design or domain.DEFAULT_DESIGN)
    if design is None:
        raise validation_error([("design", "unknown design; see list_design_templates")])
    language = copy.resolve_language(app.language or "en")
    if language is None:
        raise validation_error(
            [
                (
                    "language",
                    f"no deck copy for the app's language {app.language!r}; supported: "
                    + ", ".join(copy.languages()),
                )
            ]
        )
    domain.check_image_source(app.image_source, len(app.screenshots), len(app.photos))

    ss_id = new_id("ss")
    async with uow:
        await uow.repos.quota_holds.add(org, ss_id)
        await uow.commit()
    try:
        await quota.consume(org, ss_id)
    except ServiceError as err:
        if err.code == "QUOTA_EXCEEDED":
            async with uow:
                await uow.repos.quota_holds.drop(ss_id)
                await uow.commit()
        raise  # any other failure: the sweeper gives back whatever the consume may have taken
    seen = None
    deck_unit = False
    try:
        hook_id, hook_text = await _hook(hooks, org, app, niche.key, template.format, language, ss_id)
        async with uow:
            deck_unit = True
            if key:
                # A request with the same key that got here first wins; this one gives its unit back.
                await uow.repos.idempotency_keys.lock(org, key)
                seen = await uow.repos.idempotency_keys.find(org, key, since)
            if seen is None:
                if not await uow.repos.quota_holds.take(ss_id):
                    # A sweeper took this request for dead and is giving its unit back: no deck
                    # without its unit; the client retries (503) with its Idempotency-Key.
                    raise ServiceError(
                        "UNAVAILABLE", "The request took too long; retry it with the same Idempotency-Key."
                    )
                await uow.repos.slideshows.add(
                    {
                        "id": ss_id,
                        "organization_id": org,
                        "app_id": app.id,
                        "app_name": app.name,
                        "hook_id": hook_id,
                        "hook_text_snapshot": hook_text[:HOOK_SNAPSHOT_MAX],
                        "status": domain.QUEUED,
                        "language": language,
                        "template_set": template.key,
                        "template_key": template.key,
                        "design": design.key,
                        "variable_overrides": overrides,
                        "asset_token": domain.new_asset_token(),
                    }
                )
                uow.add_event(domain.RenderRequested(org, ss_id))
                if key:
                    await uow.repos.idempotency_keys.save(org, key, fp, ss_id)
                await uow.commit()
    except BaseException:
        # A deck that committed keeps its unit, also when what follows the commit is cut short (a
        # caller that goes away cancels this handler): given back, the deck would not count.
        if not (deck_unit and uow.committed):
            await asyncio.shield(_release_after_failed_generate(quota, org, ss_id))
        raise
    if seen is not None:
        await _give_back(uow, quota, org, ss_id)
        return _replay(seen, fp)
    return ss_id


def _replay(seen: domain.IdempotencyRecord, fingerprint: str) -> str:
    if seen.fingerprint != fingerprint:
        raise ServiceError(
            "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body."
        )
    return seen.slideshow_id


async def _release_after_failed_generate(quota: Quota, org: str, ss_id: str) -> None:
    try:
        await quota.release(org, ss_id)
    except ServiceError:
        log.exception("quota release after a failed generate did not go through", slideshow_id=ss_id)


async def _hook(
    hooks: Hooks, org: str, app: domain.App, niche_key: str, fmt: str, language: str, ss_id: str
) -> tuple[str, str]:
    """The hooks service's pick, else a built-in hook; one that does not fit the format (e.g.
    "7 fitness hacks" opens no 4-point deck) gives way to a built-in one that does."""
    categories = sorted(copy.FORMAT_CATEGORIES.get(fmt, ()))
    picked = await hooks.pick(org, app.id, niche_key, app.language or "en", categories)
    if picked is not None and has_prefix(picked.id, "hk") and picked.text.strip():
        hook_id, hook_text, category = picked.id, picked.text.strip(), picked.category
    else:
        seed = domain.deck_seed(ss_id)
        hook_id, hook_text = copy.builtin_hook(app.language or "en", "", niche_key, app.name, seed)
        category = ""
    if not copy.fits_format(hook_text, fmt, category):
        hook_id, hook_text = copy.builtin_hook(language, fmt, niche_key, app.name, domain.deck_seed(ss_id))
    return hook_id, hook_text


async def _app(apps: Apps, org: str, app_id: str) -> domain.App:
    if not domain.safe_id(app_id):
        raise domain.app_not_found()
    return await apps.get(org, app_id)


async def _live_app(reads: SlideshowReads, apps: Apps, org: str, app_id: str) -> domain.App | None:
    """A deleted app's slideshows are gone as soon as the catalog's DELETE has answered, even
    before the app-deleted consumer has removed them."""
    if await reads.app_deleted(org, app_id):
        return None
    return await _app_if_live(apps, org, app_id)


async def _app_if_live(apps: Apps, org: str, app_id: str) -> domain.App | None:
    """The catalog's app, None when it has none of that id (deleted)."""
    try:
        return await _app(apps, org, app_id)
    except ServiceError as err:
        if err.code == "APP_NOT_FOUND":
            return None
        raise


# --- reads -----------------------------------------------------------------------------------


async def get_slideshow(
    reads: SlideshowReads, apps: Apps, organization_id: str, slideshow_id: str, app_checked_by_caller: bool
) -> domain.Slideshow:
    """The whole deck (one statement); the catalog is asked whether its app still exists unless
    the caller already knows."""
    org = _organization(organization_id)
    if not domain.safe_id(slideshow_id):
        raise domain.slideshow_not_found()
    deck = await reads.get_full(org, slideshow_id)
    if deck is None or deck.app_deleted:
        raise domain.slideshow_not_found()
    if not app_checked_by_caller and await _live_app(reads, apps, org, deck.app_id) is None:
        raise domain.slideshow_not_found()
    return deck


async def list_slideshows(
    reads: SlideshowReads,
    apps: Apps,
    organization_id: str,
    page: int,
    limit: int,
    app_id: str,
    statuses: Sequence[str],
    app_checked_by_caller: bool,
    known_version: int = 0,
) -> SlideshowPage:
    """A page of the organization's decks, newest first (page/limit 0 = defaults); decks of
    apps deleted meanwhile are left out (by the caller, with `app_checked_by_caller`).
    `known_version` (with app_checked_by_caller): the version of a page of the same list the caller
    keeps; while it is the organization's list version the answer is `unchanged` and only the
    version is read."""
    org = _organization(organization_id)
    page = max(1, page or 1)
    limit = min(100, max(1, limit or 20))
    statuses = list(statuses)
    if any(s not in domain.STATUSES for s in statuses):
        raise validation_error([("status", f"must be one of {', '.join(domain.STATUSES)}")])
    if app_id and not domain.safe_id(app_id):
        raise validation_error([("app_id", "is not an app id")])
    if app_checked_by_caller and known_version > 0 and await reads.list_version(org) == known_version:
        return SlideshowPage(
            slideshows=[], page=page, limit=limit, total=0, version=known_version, unchanged=True
        )
    decks, total, version = await reads.page(org, page, limit, app_id, statuses)
    app_ids = {d.app_id for d in decks}
    if app_checked_by_caller:
        alive = app_ids
    else:
        ordered = sorted(app_ids)
        found = await asyncio.gather(*(_live_app(reads, apps, org, a) for a in ordered))
        alive = {a for a, app in zip(ordered, found, strict=True) if app is not None}
    return SlideshowPage(
        slideshows=[d for d in decks if d.app_id in alive],
        page=page,
        limit=limit,
        total=total - sum(d.app_id not in alive for d in decks),
        # Only a caller that checks the apps itself may keep the page: this one's rows depend on
        # the catalog too.
        version=version if app_checked_by_caller else 0,
    )


# --- ZIP -------------------------------------------------------------------------------------


async def export_zip(
    uow: RendererUnitOfWork,
    reads: SlideshowReads,
    apps: Apps,
    zips: Zips,
    locks: Locks,
    organization_id: str,
    slideshow_id: str,
) -> ZipLink:
    """A link to the READY deck's ZIP bundle, built once per deck version: concurrent first calls
    wait for one builder (a lock per deck, no transaction open while it packs and stores: the
    object store is remote) and then answer its bundle as cached."""
    org = _organization(organization_id)
    if not domain.safe_id(slideshow_id):
        raise domain.slideshow_not_found()
    deck, cached = await reads.slideshow_and_bundle(org, slideshow_id)
    app = await _app_if_live(apps, org, deck.app_id) if deck is not None and not deck.app_deleted else None
    if deck is None or app is None:
        raise domain.slideshow_not_found()
    if deck.status != domain.READY:
        raise _not_ready(f"The slideshow is {deck.status}; a ZIP needs a READY slideshow.")
    name = domain.zip_download_name(app.slug, slideshow_id)
    if cached is not None and cached.version == deck.version:
        return await _link(zips, cached.object_key, name, cached=True)
    async with locks.hold(f"zip:{slideshow_id}"):
        # Another call may have built it while this one waited.
        deck, cached = await reads.slideshow_and_bundle(org, slideshow_id)
        if deck is None:
            raise domain.slideshow_not_found()
        if deck.status != domain.READY:
            raise _not_ready(f"The slideshow is {deck.status}.")
        if cached is not None and cached.version == deck.version:
            return await _link(zips, cached.object_key, name, cached=True)
        full = await reads.deck(org, slideshow_id)
        if full is None:
            raise domain.slideshow_not_found()
        data = await zips.build(full)
        key = domain.zip_object_key(slideshow_id, full.version)
        await zips.store(key, data)
        async with uow:
            current = await uow.repos.slideshows.get(org, slideshow_id, lock=True)
            if current is None:
                raise domain.slideshow_not_found()
            if current.version == full.version:
                await uow.repos.bundles.save(org, slideshow_id, full.version, key)
                await uow.commit()
    return await _link(zips, key, name, cached=False)


def _not_ready(message: str) -> ServiceError:
    return ServiceError("SLIDESHOW_NOT_READY", message)


async def _link(zips: Zips, key: str, name: str, *, cached: bool) -> ZipLink:
    url, expires_at = await zips.link(key, name)
    return ZipLink(url=url, expires_at=expires_at, cached=cached)


# --- uploads ---------------------------------------------------------------------------------


async def upload_screenshot(
    objects: Objects,
    organization_id: str,
    content: bytes,
    *,
    max_bytes: int,
    max_pixels: int,
    uploads_base: str,
) -> str:
    """Stores a re-encoded copy of an uploaded image (nothing of the original file but its pixels)
    under an unguessable name; answers the URL it is served at."""
    org = _organization(organization_id)
    if len(content) > max_bytes:
        raise ServiceError("PAYLOAD_TOO_LARGE", f"A screenshot may be at most {max_bytes} bytes.")
    clean, checked = await asyncio.to_thread(domain.reencode_image, content, max_pixels)
    token = domain.new_asset_token()
    name = f"{token}.{checked.ext}"
    key = domain.upload_object_key(org, token, checked.ext)
    await objects.put(key, clean, checked.content_type, content_disposition=f'inline; filename="{name}"')
    return domain.upload_url(uploads_base, key)


# --- the render job: claim, complete, fail, give back ---------------------------------------


async def claim_render(
    uow: RendererUnitOfWork,
    quota: Quota,
    organization_id: str,
    slideshow_id: str,
    *,
    now: datetime,
    lease: timedelta,
    max_attempts: int,
) -> domain.Slideshow | None:
    """The deck named by a job, claimed (RENDERING under a lease) if it is claimable; None when
    it is finished or a worker holds its lease. A deck claimed max_attempts times already (its
    workers kept dying) is FAILED instead."""
    async with uow:
        deck = await uow.repos.slideshows.get(organization_id, slideshow_id, lock=True)
        if deck is None or not domain.is_claimable(deck.status, deck.lease_until, now):
            return None
        if deck.attempts < max_attempts:
            return await _claim(uow, deck, now + lease)
    await _give_up(uow, quota, deck)
    return None


async def claim_next_render(
    uow: RendererUnitOfWork, quota: Quota, *, now: datetime, lease: timedelta, max_attempts: int
) -> domain.Slideshow | None:
    """The oldest claimable deck of any organization, claimed (the queue runner's pick)."""
    async with uow:
        deck = await uow.repos.slideshows.next_claimable(now)
        if deck is None:
            return None
        if deck.attempts < max_attempts:
            return await _claim(uow, deck, now + lease)
    await _give_up(uow, quota, deck)
    return None


async def _claim(
    uow: RendererUnitOfWork, deck: domain.Slideshow, lease_until: datetime
) -> domain.Slideshow | None:
    await uow.repos.slideshows.mark_rendering(deck.organization_id, deck.id, lease_until)
    claimed = await uow.repos.slideshows.get(deck.organization_id, deck.id)
    await uow.commit()
    return claimed


async def _give_up(uow: RendererUnitOfWork, quota: Quota, deck: domain.Slideshow) -> None:
    await fail_render(
        uow,
        quota,
        deck.organization_id,
        deck.id,
        "RENDER_FAILED",
        f"Rendering did not finish after {deck.attempts} attempts.",
    )


async def release_render(uow: RendererUnitOfWork, organization_id: str, slideshow_id: str) -> None:
    """A transient error (a service or the store down) or a stopping worker: the deck goes back
    to QUEUED for another worker, and the attempt does not count."""
    async with uow:
        await uow.repos.slideshows.release_claim(organization_id, slideshow_id)
        await uow.commit()


async def complete_render(
    uow: RendererUnitOfWork,
    objects: Objects,
    claimed: domain.Slideshow,
    app_name: str,
    language: str,
    slides: Sequence[domain.Slide],
    assets: Sequence[domain.Asset],
) -> bool:
    """The drawn deck (its slides already stored) becomes READY with SlideshowCompleted, if it
    is still RENDERING; a deck deleted meanwhile (its app was) has its uploads removed."""
    org, ss_id = claimed.organization_id, claimed.id
    async with uow:
        current = await uow.repos.slideshows.get(org, ss_id, lock=True)
        if current is not None:
            if not domain.can_move(current.status, domain.READY):
                return False
            await uow.repos.slideshows.replace_deck(ss_id, slides, assets)
            await uow.repos.slideshows.mark_ready(org, ss_id, app_name, language)
            await _announce(uow, org, ss_id, ready=True)
            await uow.commit()
            return True
    await objects.remove_prefix(domain.slides_prefix(ss_id))
    return False


async def fail_render(
    uow: RendererUnitOfWork, quota: Quota, organization_id: str, slideshow_id: str, code: str, message: str
) -> bool:
    """FAILED with SlideshowFailed, and the quota unit back, exactly once: only the unit that
    moves the deck to FAILED (under its row lock) records a hold for the unit, given back after
    the commit; a release that does not go through is retried by the sweeper."""
    async with uow:
        current = await uow.repos.slideshows.get(organization_id, slideshow_id, lock=True)
        if current is None or not domain.can_move(current.status, domain.FAILED):
            return False
        await uow.repos.slideshows.replace_deck(slideshow_id, (), ())
        await uow.repos.slideshows.mark_failed(
            organization_id, slideshow_id, code, message[:FAILURE_MESSAGE_MAX]
        )
        await uow.repos.quota_holds.add(organization_id, slideshow_id)
        await _announce(uow, organization_id, slideshow_id, ready=False)
        await uow.commit()
    await _give_back(uow, quota, organization_id, slideshow_id)
    return True


async def _announce(uow: RendererUnitOfWork, org: str, ss_id: str, *, ready: bool) -> None:
    full = await uow.repos.slideshows.get_full(org, ss_id)
    if full is not None:
        uow.add_event(domain.SlideshowCompleted(full) if ready else domain.SlideshowFailed(full))


async def _give_back(uow: RendererUnitOfWork, quota: Quota, org: str, ss_id: str) -> None:
    """Releases the unit a quota hold marks, then drops the hold. A refusal (e.g. the
    organization is gone) leaves nothing to give back; an outage leaves the hold to the sweeper."""
    try:
        await quota.release(org, ss_id)
    except ServiceError as err:
        if not domain.quota_release_refused(err.code):
            log.warning("quota release did not go through; the sweeper retries", slideshow_id=ss_id)
            return
        log.warning("quota release refused", slideshow_id=ss_id, code=err.code)
    async with uow:
        await uow.repos.quota_holds.drop(ss_id)
        await uow.commit()


# --- app deleted -----------------------------------------------------------------------------


async def remove_deleted_app(
    uow: RendererUnitOfWork, objects: Objects, organization_id: str, app_id: str, consumer: str, event_id: str
) -> int:
    """Removes a deleted app's slideshows, slides, bundles and objects (idempotent). The app is
    remembered first, so its decks read as gone at once; the objects go between the two units."""
    async with uow:
        await uow.repos.deleted_apps.remember(organization_id, app_id)
        ss_ids = await uow.repos.slideshows.ids_of_app(organization_id, app_id)
        await uow.commit()
    for ss_id in ss_ids:
        await objects.remove_prefix(domain.slides_prefix(ss_id))
        await objects.remove_prefix(domain.zips_prefix(ss_id))
    async with uow:
        await uow.repos.slideshows.delete(organization_id, ss_ids)
        await uow.repos.deleted_apps.processed(consumer, event_id)
        await uow.commit()
    return len(ss_ids)


# --- sweeping --------------------------------------------------------------------------------


async def sweep(
    uow: RendererUnitOfWork,
    reads: SlideshowReads,
    quota: Quota,
    *,
    now: datetime,
    stuck_after: timedelta,
    idempotency_ttl: timedelta,
    hold_after: timedelta,
) -> int:
    """Queues a render job again for decks left unfinished and untouched for long, purges old
    idempotency keys, then gives back the quota of stale holds. Answers the decks queued again."""
    async with uow:
        stuck = await uow.repos.slideshows.stuck(now - stuck_after)
        for job in stuck:
            uow.add_event(job)
        await uow.repos.idempotency_keys.purge(now - idempotency_ttl)
        await uow.commit()
    await release_stale_holds(uow, quota, now - hold_after)
    if stuck:
        log.info("re-queued stuck slideshows", count=len(stuck))
    return len(stuck)


async def release_stale_holds(uow: RendererUnitOfWork, quota: Quota, older_than: datetime) -> int:
    """Gives back the units of generate requests that died between consume and commit, and of
    failed decks whose release did not go through. The holds are marked first (a generate still
    alive then answers 503 instead of committing a deck whose unit went back); a keyed release
    returns only what the consume with that key took, so releasing a hold twice is safe, and a
    marked hold whose release failed is tried again at the next sweep."""
    released = 0
    async with uow:  # marked first: the generate that left a hold can no longer commit its deck
        holds = await uow.repos.quota_holds.claim_stale(older_than)
        await uow.commit()
    for hold in holds:
        try:
            await quota.release(hold.organization_id, hold.slideshow_id)
        except ServiceError as err:
            if not domain.quota_release_refused(err.code):
                raise
            log.warning("quota release refused", slideshow_id=hold.slideshow_id, code=err.code)
        async with uow:
            await uow.repos.quota_holds.drop(hold.slideshow_id)
            await uow.commit()
        released += 1
    if released:
        log.info("released the quota of stale holds", count=released)
    return released

"""Outbox writes, the render worker (consumer of renderer.jobs), the app-deleted consumer
and the sweeper that re-queues decks a dead worker left behind."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp
from kit import grpcx, logs, metrics, netguard, outbox, topics
from kit.errors import ServiceError
from kit.outbox import OutboxRelay
from kit.pgnotify import Listener
from kit.storage import Storage
from slides.billing.v1 import billing_pb2
from slides.catalog.v1 import catalog_pb2
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2
from sqlalchemy import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from renderer import domain, store
from renderer.settings import Settings

log = logs.get(__name__)

RENDER_GROUP = "renderer-render"
QUEUE_CHANNEL = "renderer_queue"
APPS_GROUP = "renderer-apps"
HOOK_SNAPSHOT_MAX = 300


@dataclass
class Deps:
    settings: Settings
    engine: AsyncEngine
    storage: Storage
    relay: OutboxRelay
    catalog: Any
    billing: Any
    hooks: Any


class RenderFailure(Exception):
    """A permanent failure of one deck: it becomes FAILED with this code and message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# --- proto views -----------------------------------------------------------------------------


def _ts(value: datetime | None) -> Timestamp:
    out = Timestamp()
    if value is not None:
        out.FromDatetime(value.astimezone(UTC))
    return out


def slideshow_pb(
    row: Row, slide_rows: Sequence[Row] = (), asset_rows: Sequence[Row] = ()
) -> renderer_pb2.Slideshow:
    msg = renderer_pb2.Slideshow(
        id=row.id,
        organization_id=row.organization_id,
        app_id=row.app_id,
        app_name=row.app_name,
        hook_id=row.hook_id,
        hook_text_snapshot=row.hook_text_snapshot,
        status=row.status,
        language=row.language,
        template_set=row.template_set,
        template_key=row.template_key,
        design=row.design,
        created_at=_ts(row.created_at),
        updated_at=_ts(row.updated_at),
    )
    if row.error_code:
        msg.error.code = row.error_code
        msg.error.message = row.error_message or ""
    for s in slide_rows:
        msg.slides.add(
            order=s.position,
            template=s.template,
            layout_type=s.layout_type,
            title=s.title,
            subtitle=s.subtitle,
            label=s.label,
            image_url=s.image_url,
            duration=s.duration,
        )
    for a in asset_rows:
        msg.marketing_assets.add(type=a.type, text=a.text, tags=list(a.tags))
    return msg


def full_pb(row: Any) -> renderer_pb2.Slideshow:
    """The Slideshow of a store.get_full row (slides and assets as JSON arrays)."""
    msg = slideshow_pb(row)
    add_slide, add_asset = msg.slides.add, msg.marketing_assets.add
    for order, template, layout_type, title, subtitle, label, image_url, duration in row.slides:
        add_slide(
            order=order,
            template=template,
            layout_type=layout_type,
            title=title,
            subtitle=subtitle,
            label=label,
            image_url=image_url,
            duration=duration,
        )
    for type_, text, tags in row.assets:
        add_asset(type=type_, text=text, tags=tags)
    return msg


async def load_full(conn: AsyncConnection, org_id: str, ss_id: str) -> renderer_pb2.Slideshow | None:
    row = await store.get_full(conn, org_id, ss_id)
    return None if row is None else full_pb(row)


# --- outbox ----------------------------------------------------------------------------------


async def queue_render(conn: AsyncConnection, org_id: str, ss_id: str) -> None:
    msg = renderer_pb2.RenderRequested(slideshow_id=ss_id, organization_id=org_id)
    await outbox.add_event(conn, store.outbox, topics.RENDERER_JOBS, ss_id, msg, org_id)


async def _announce(conn: AsyncConnection, org_id: str, ss_id: str, ready: bool) -> None:
    full = await load_full(conn, org_id, ss_id)
    if full is None:
        return
    msg: Message = (
        renderer_pb2.SlideshowCompleted(slideshow=full)
        if ready
        else renderer_pb2.SlideshowFailed(slideshow=full)
    )
    await outbox.add_event(conn, store.outbox, topics.RENDERER_SLIDESHOWS, ss_id, msg, org_id)


# --- render worker ---------------------------------------------------------------------------


class RenderWorker:
    """Draws decks, `render_concurrency` at a time in this process. Two ways in:

    - the job event (renderer.jobs, Kafka) names a deck: the at-least-once path;
    - the queue runner takes the oldest claimable deck from Postgres whenever this process has
      a free slot, so an idle worker helps a busy one whatever partitions each holds, and a
      replica without Kafka consumers still adds capacity.

    A claim is a lease (`render_lease_seconds`): a deck RENDERING under a live lease belongs to
    its worker and is skipped; once the lease runs out (the worker died) anyone may claim it
    again. Redrawing is safe: slides go to the same object keys and are replaced in the
    transaction that marks the deck READY, and only a RENDERING deck becomes READY."""

    def __init__(self, deps: Deps, queued: Listener):
        self.deps = deps
        self.queued = queued  # NOTIFY renderer_queue: a deck became QUEUED (migration 0004)
        self.slots = asyncio.Semaphore(max(1, deps.settings.render_concurrency))

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        if not isinstance(message, renderer_pb2.RenderRequested):
            return
        async with self.slots:
            row = await self._claim(message.organization_id, message.slideshow_id)
            if row is not None:
                await self._render_claimed(row)

    async def run_queue(self) -> None:
        """The queue runner: a background loop of this process. It looks again as soon as a deck
        is queued, and every `render_poll_seconds` anyway (leases that ran out, and anything
        queued while the listener was reconnecting)."""
        s = self.deps.settings
        wakeups = self.queued.subscribe()
        while True:
            try:
                async with self.slots:
                    row = await self._claim_next()
                    if row is not None:
                        await self._render_claimed(row)
                        continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("queued render failed; the deck is queued again")
                await asyncio.sleep(1.0)
                continue
            try:
                await asyncio.wait_for(wakeups.get(), s.render_poll_seconds)
            except TimeoutError:
                pass
            while not wakeups.empty():  # one look serves every notification so far
                wakeups.get_nowait()

    async def _render_claimed(self, row: Row) -> None:
        org_id, ss_id = row.organization_id, row.id
        started = time.perf_counter()
        metrics.RENDERS_IN_FLIGHT.inc()
        try:
            app = await self._fetch_app(org_id, row.app_id)
            deck, pngs = await self._render(row, app)
            slide_rows = await self._upload(row, deck, pngs)
        except RenderFailure as failure:
            log.warning("render failed", slideshow_id=ss_id, code=failure.code, error=failure.message)
            await self.fail(org_id, ss_id, failure.code, failure.message)
            metrics.RENDER_SECONDS.labels("failed").observe(time.perf_counter() - started)
            return
        except BaseException:
            # A transient error (a service or the store down), or this process stopping (SIGTERM
            # cancels the render): the deck goes back to QUEUED at once for another worker, and
            # the attempt does not count; only claims that never ended (a killed worker) count
            # towards render_max_attempts.
            await asyncio.shield(self._release(org_id, ss_id))
            raise
        finally:
            metrics.RENDERS_IN_FLIGHT.dec()
        await self._finish(row, app.name, deck, slide_rows)
        metrics.RENDER_SECONDS.labels("ready").observe(time.perf_counter() - started)

    def _lease_end(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.deps.settings.render_lease_seconds)

    async def _claim(self, org_id: str, ss_id: str) -> Row | None:
        async with self.deps.engine.begin() as conn:
            row = await store.get_slideshow(conn, org_id, ss_id, lock=True)
            if row is None or not domain.is_claimable(row.status, row.lease_until, datetime.now(UTC)):
                return None  # finished, or being drawn by a worker that holds its lease
            if row.attempts < self.deps.settings.render_max_attempts:
                await store.mark_rendering(conn, org_id, ss_id, self._lease_end())
                return await store.get_slideshow(conn, org_id, ss_id)
        await self._give_up(row)
        return None

    async def _claim_next(self) -> Row | None:
        async with self.deps.engine.begin() as conn:
            row = await store.next_claimable(conn, datetime.now(UTC))
            if row is None:
                return None
            if row.attempts < self.deps.settings.render_max_attempts:
                await store.mark_rendering(conn, row.organization_id, row.id, self._lease_end())
                return await store.get_slideshow(conn, row.organization_id, row.id)
        await self._give_up(row)
        return None

    async def _give_up(self, row: Row) -> None:
        await self.fail(
            row.organization_id,
            row.id,
            "RENDER_FAILED",
            f"Rendering did not finish after {row.attempts} attempts.",
        )

    async def _release(self, org_id: str, ss_id: str) -> None:
        async with self.deps.engine.begin() as conn:
            await store.release_claim(conn, org_id, ss_id)

    async def _fetch_app(self, org_id: str, app_id: str) -> catalog_pb2.App:
        try:
            resp = await grpcx.call(
                self.deps.catalog.GetApp,
                catalog_pb2.GetAppRequest(organization_id=org_id, app_id=app_id),
                organization_id=org_id,
            )
        except ServiceError as err:
            if err.code == "APP_NOT_FOUND":
                raise RenderFailure(
                    "APP_NOT_FOUND", "The app was deleted before its slideshow was rendered."
                ) from None
            raise
        return resp.app

    async def _render(self, row: Row, app: catalog_pb2.App) -> tuple[Any, list[bytes]]:
        from renderer import art, catalog, copy  # the drawing half is imported lazily: heavy
        from renderer.art import lint, text

        template = catalog.template(app.niche, row.template_key)
        if template is None:
            raise RenderFailure(
                "NICHE_NOT_REGISTERED", f"Template {row.template_key!r} is not offered for {app.niche!r}."
            )
        shots = (
            await self._images(list(app.screenshots), "screenshots")
            if app.image_source == "screenshots"
            else ()
        )
        photos = await self._images(list(app.photos), "photos") if app.image_source == "photos" else ()
        info = app_info(app)
        seed = domain.deck_seed(row.id)
        overrides = dict(row.variable_overrides or {})
        try:
            deck = await asyncio.to_thread(
                copy.write_deck, info, template, row.hook_text_snapshot, row.language, overrides, seed
            )
        except ValueError:
            raise RenderFailure(
                "VALIDATION_ERROR", f"There is no deck copy for the language {row.language!r}."
            ) from None
        style = deck_style(app, row.design, deck.language, shots, photos, seed)
        try:
            pngs, layout = await asyncio.to_thread(art.render_with_layout, deck, style)
        except text.UnsupportedText as exc:
            raise RenderFailure(
                "RENDER_TEXT_UNSUPPORTED",
                f"The deck's text has characters no slide font can draw ({exc.chars[:20]}); "
                "remove them from the app's fields or overrides.",
            ) from None
        except Exception:
            log.exception("render crashed", slideshow_id=row.id)
            raise RenderFailure(
                "RENDER_FAILED", "The slides could not be drawn; retrying may help, else contact support."
            ) from None
        for violation in lint.check(layout):
            metrics.DECK_LINT_VIOLATIONS.labels(violation.rule, row.design).inc()
            log.warning("deck lint", slideshow_id=row.id, design=row.design, violation=str(violation))
        if len(pngs) != len(deck.slides):
            raise RenderFailure("RENDER_FAILED", "The renderer produced the wrong number of slides.")
        return deck, list(pngs)

    async def _images(self, urls: list[str], kind: str) -> tuple[bytes, ...]:
        """The app's screenshots or photos (up to 6 and 12: one per slide is enough), fetched in parallel."""
        urls = urls[: 6 if kind == "screenshots" else 12]
        if not urls:
            raise RenderFailure("NO_IMAGE_SOURCE", f"The app uses {kind} but has none.")
        return tuple(await asyncio.gather(*(self._screenshot(u) for u in urls)))

    async def _screenshot(self, url: str) -> bytes:
        s = self.deps.settings
        # Links handed out under the uploads domain, or under the API's (before one was configured).
        key = domain.own_object_key(url, s.s3_public_url, s.uploads_base()) or domain.own_object_key(
            url, s.s3_public_url, s.public_base_url
        )
        try:
            data = await (self.deps.storage.get(key) if key else fetch_external(url, s))
        except RenderFailure:
            raise
        except Exception:
            raise RenderFailure("SCREENSHOT_UNAVAILABLE", f"Screenshot {url} could not be fetched.") from None
        try:
            await asyncio.to_thread(domain.check_image, data, s.max_image_pixels)
        except ServiceError:
            raise RenderFailure(
                "SCREENSHOT_INVALID", f"Screenshot {url} is not a PNG, JPEG or WebP image."
            ) from None
        return data

    async def _upload(self, row: Row, deck: Any, pngs: list[bytes]) -> list[dict[str, Any]]:
        storage = self.deps.storage
        keys = [domain.slide_object_key(row.id, row.asset_token, i) for i in range(len(pngs))]
        await asyncio.gather(*(storage.put(k, png, "image/png") for k, png in zip(keys, pngs, strict=True)))
        return [
            {
                "position": i,
                "template": s.role,
                "layout_type": s.layout_type,
                "title": s.title,
                "subtitle": s.subtitle,
                "label": s.label,
                "object_key": keys[i],
                "image_url": storage.public_url(keys[i]),
                "duration": float(s.duration),
            }
            for i, s in enumerate(deck.slides)
        ]

    async def _finish(self, row: Row, app_name: str, deck: Any, slide_rows: list[dict[str, Any]]) -> None:
        assets = marketing_rows(deck)
        async with self.deps.engine.begin() as conn:
            current = await store.get_slideshow(conn, row.organization_id, row.id, lock=True)
            if current is None:
                gone = True
            else:
                gone = False
                if not domain.can_move(current.status, domain.READY):
                    return
                await store.replace_deck(conn, row.id, slide_rows, assets)
                await store.mark_ready(conn, row.organization_id, row.id, app_name, deck.language)
                await _announce(conn, row.organization_id, row.id, ready=True)
        if gone:  # the app was deleted while we drew: drop what we uploaded
            await self.deps.storage.remove_prefix(domain.slides_prefix(row.id))
            return
        self.deps.relay.notify()
        log.info("slideshow ready", slideshow_id=row.id)

    async def fail(self, org_id: str, ss_id: str, code: str, message: str) -> None:
        """FAILED + the quota unit back, exactly once: billing dedupes the release on the
        slideshow id, and it happens under the row lock, so a deck another delivery already
        finished is never refunded."""
        async with self.deps.engine.begin() as conn:
            current = await store.get_slideshow(conn, org_id, ss_id, lock=True)
            if current is None or not domain.can_move(current.status, domain.FAILED):
                return
            await self._release_quota(org_id, ss_id)
            await store.replace_deck(conn, ss_id, [], [])
            await store.mark_failed(conn, org_id, ss_id, code, message[:500])
            await _announce(conn, org_id, ss_id, ready=False)
        self.deps.relay.notify()

    async def _release_quota(self, org_id: str, ss_id: str) -> None:
        try:
            await grpcx.call(
                self.deps.billing.ReleaseQuota,
                billing_pb2.ReleaseQuotaRequest(
                    organization_id=org_id, quota=domain.QUOTA, amount=1, idempotency_key=ss_id
                ),
                organization_id=org_id,
            )
        except ServiceError as err:
            if err.code in ("UNAVAILABLE", "INTERNAL"):
                raise  # retried: the unit must come back
            # e.g. the organization is gone: nothing to give back, the deck still fails.
            log.warning("quota release refused", slideshow_id=ss_id, code=err.code)


def app_info(app: catalog_pb2.App) -> Any:
    from renderer.deck import AppInfo

    return AppInfo(
        name=app.name,
        niche=app.niche,
        language=app.language or "en",
        tagline=app.tagline,
        target_audience=app.target_audience,
        description=app.description,
        value_props=tuple(app.value_props),
        pain_points=tuple(app.pain_points),
        differentiators=tuple(app.differentiators),
        ios_url=app.ios_url,
        android_url=app.android_url,
        website_url=app.website_url,
        brand_primary_color=app.brand_primary_color,
        brand_secondary_color=app.brand_secondary_color,
        brand_accent_color=app.brand_accent_color,
    )


def deck_style(
    app: catalog_pb2.App,
    design: str,
    language: str,
    shots: tuple[bytes, ...],
    photos: tuple[bytes, ...],
    seed: int,
) -> Any:
    from renderer.deck import DeckStyle

    # A missing color stays "" so the art picks the niche's palette.
    colors = [
        domain.hex_color(c, "")
        for c in (app.brand_primary_color, app.brand_secondary_color, app.brand_accent_color)
    ]
    return DeckStyle(
        design=design,
        niche=app.niche,
        language=language,
        primary=colors[0],
        secondary=colors[1],
        accent=colors[2],
        app_name=app.name,
        image_source="screenshots" if shots else "photos" if photos else "brand",
        screenshots=shots,
        photos=photos,
        seed=seed,
    )


def marketing_rows(deck: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = [
        {"type": "caption", "text": deck.caption, "tags": []},
        {"type": "hashtags", "text": " ".join(deck.hashtags), "tags": list(deck.hashtags)},
    ]
    rows += [{"type": "cta", "text": c, "tags": []} for c in deck.ctas]
    return [{**r, "position": i} for i, r in enumerate(rows)]


async def fetch_external(url: str, s: Settings) -> bytes:
    """GET a screenshot hosted elsewhere under the platform's one SSRF guard (kit.netguard):
    http(s) only, every address of the host public (unless allowed), the connection pinned to
    the checked address (DNS rebinding), no redirects, at most upload_max_bytes."""
    try:
        return await netguard.fetch(
            url,
            s.screenshot_allow_private_hosts,
            max_bytes=s.upload_max_bytes,
            timeout=s.screenshot_fetch_timeout_seconds,
            field="screenshots",
        )
    except netguard.UrlRefused as exc:
        fields = (exc.details or {}).get("fields") or [{}]
        reason = fields[0].get("message", "The URL is not allowed.")
        raise RenderFailure(
            "SCREENSHOT_UNAVAILABLE", f"Screenshot {url} cannot be fetched. {reason}"
        ) from None
    except netguard.FetchError as exc:
        code = "SCREENSHOT_INVALID" if "larger" in exc.reason else "SCREENSHOT_UNAVAILABLE"
        raise RenderFailure(code, f"Screenshot {url} {exc.reason}.") from None


# --- app deleted -----------------------------------------------------------------------------


class AppDeletions:
    """Removes a deleted app's slideshows, slides, bundles and objects (idempotent)."""

    def __init__(self, deps: Deps):
        self.deps = deps

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        if not isinstance(message, catalog_pb2.AppDeleted):
            return
        org_id, app_id = message.organization_id or env.organization_id, message.app_id
        async with self.deps.engine.begin() as conn:
            await store.remember_deleted_app(conn, org_id, app_id)
            ss_ids = await store.slideshow_ids_of_app(conn, org_id, app_id)
        for ss_id in ss_ids:
            await self.deps.storage.remove_prefix(domain.slides_prefix(ss_id))
            await self.deps.storage.remove_prefix(domain.zips_prefix(ss_id))
        async with self.deps.engine.begin() as conn:
            await store.delete_slideshows(conn, org_id, ss_ids)
            await outbox.first_time(conn, store.processed_events, APPS_GROUP, env.event_id)
        log.info("app deleted: slideshows removed", app_id=app_id, count=len(ss_ids))


# --- sweeper ---------------------------------------------------------------------------------


async def sweep_once(deps: Deps) -> int:
    s = deps.settings
    now = datetime.now(UTC)
    async with deps.engine.begin() as conn:
        stuck = await store.stuck_slideshows(conn, now - timedelta(seconds=s.render_stuck_seconds))
        for r in stuck:
            await queue_render(conn, r.organization_id, r.id)
        await store.purge_idempotency_keys(conn, store.idempotency_cutoff(now, s.idempotency_ttl_hours))
    await release_stale_holds(deps, now - timedelta(seconds=s.quota_hold_seconds))
    if stuck:
        deps.relay.notify()
        log.info("re-queued stuck slideshows", count=len(stuck))
    return len(stuck)


async def release_stale_holds(deps: Deps, older_than: datetime) -> int:
    """Gives back the units of generate requests that died between consume and commit. A
    keyed release returns only what the consume with that key took, so this is always safe."""
    released = 0
    async with deps.engine.begin() as conn:
        for hold in await store.stale_quota_holds(conn, older_than):
            await grpcx.call(
                deps.billing.ReleaseQuota,
                billing_pb2.ReleaseQuotaRequest(
                    organization_id=hold.organization_id,
                    quota=domain.QUOTA,
                    amount=1,
                    idempotency_key=hold.slideshow_id,
                ),
                organization_id=hold.organization_id,
            )
            await store.drop_quota_hold(conn, hold.slideshow_id)
            released += 1
    if released:
        log.info("released quota of abandoned generate requests", count=released)
    return released


def sweeper(deps: Deps):
    async def sweep_stuck_slideshows() -> None:
        while True:
            try:
                await sweep_once(deps)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sweep failed")
            await asyncio.sleep(deps.settings.sweep_interval_seconds)

    return sweep_stuck_slideshows


def new_asset_token() -> str:
    return secrets.token_urlsafe(18)

"""The render worker: consumes renderer.jobs and runs the queue runner; draws decks. The state of
a deck (claim, complete, fail, give back) moves through renderer.application's use cases; here
are the drawing and the uploads of the slides."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from google.protobuf.message import Message
from kit import logs, metrics
from kit.errors import ServiceError
from kit.pgnotify import Listener
from slides.common.v1 import common_pb2
from slides.renderer.v1 import renderer_pb2

from renderer import application, clients, domain, events
from renderer.events import Deps
from renderer.screenshots import Screenshots

log = logs.get(__name__)


class RenderWorker:
    """Draws decks, `render_concurrency` at a time in this process. Two ways in:

    - the job event (renderer.jobs, Kafka) names a deck: the at-least-once path;
    - the queue runner takes the oldest claimable deck from Postgres whenever this process has
      a free slot, so an idle worker helps a busy one whatever partitions each holds, and a
      replica without Kafka consumers still adds capacity.

    A claim is a lease (`render_lease_seconds`): a deck RENDERING under a live lease belongs to
    its worker and is skipped; once the lease runs out (the worker died) anyone may claim it
    again (domain.is_claimable). Redrawing is safe: slides go to the same object keys and are
    replaced in the unit that marks the deck READY, and only a RENDERING deck becomes READY."""

    def __init__(self, deps: Deps, queued: Listener):
        self.deps = deps
        self.queued = queued  # NOTIFY renderer_queue: a deck became QUEUED (migration 0004)
        self.slots = asyncio.Semaphore(max(1, deps.settings.render_concurrency))
        self.apps = clients.CatalogApps(deps.catalog)
        self.quota = clients.Quota(deps.billing)
        self.screenshots = Screenshots(deps.storage, deps.settings)

    def uow(self) -> application.RendererUnitOfWork:
        return events.unit_of_work(self.deps.engine, self.deps.relay)

    def _claim_terms(self) -> dict[str, Any]:
        s = self.deps.settings
        return {
            "now": datetime.now(UTC),
            "lease": timedelta(seconds=s.render_lease_seconds),
            "max_attempts": s.render_max_attempts,
        }

    async def handle(self, env: common_pb2.Envelope, message: Message) -> None:
        if not isinstance(message, renderer_pb2.RenderRequested):
            return
        async with self.slots:
            deck = await application.claim_render(
                self.uow(), self.quota, message.organization_id, message.slideshow_id, **self._claim_terms()
            )
            if deck is not None:
                await self._render_claimed(deck)

    async def run_queue(self) -> None:
        """The queue runner: a background loop of this process. It looks again as soon as a deck
        is queued, and every `render_poll_seconds` anyway (leases that ran out, and anything
        queued while the listener was reconnecting), every `render_idle_poll_seconds` once nothing
        was claimed or announced for `render_idle_after_seconds`."""
        s = self.deps.settings
        wakeups = self.queued.subscribe()
        await asyncio.to_thread(import_drawing)
        busy_at = time.monotonic()
        while True:
            try:
                async with self.slots:
                    deck = await application.claim_next_render(self.uow(), self.quota, **self._claim_terms())
                    if deck is not None:
                        busy_at = time.monotonic()
                        await self._render_claimed(deck)
                        continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("queued render failed; the deck is queued again")
                await asyncio.sleep(1.0)
                continue
            quiet = time.monotonic() - busy_at >= s.render_idle_after_seconds
            poll = max(s.render_poll_seconds, s.render_idle_poll_seconds) if quiet else s.render_poll_seconds
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for drops a cancel that comes in
            # the same turn as a wakeup, and the runner then held the process's stop forever.
            try:
                async with asyncio.timeout(poll):
                    await wakeups.get()
                busy_at = time.monotonic()
            except TimeoutError:
                pass
            while not wakeups.empty():  # one look serves every notification so far
                wakeups.get_nowait()

    async def _render_claimed(self, deck: domain.Slideshow) -> None:
        org_id, ss_id = deck.organization_id, deck.id
        started = time.perf_counter()
        metrics.RENDERS_IN_FLIGHT.inc()
        try:
            app = await self._fetch_app(org_id, deck.app_id)
            drawn, pngs = await self._render(deck, app)
            slides = await self._upload(deck, drawn, pngs)
        except domain.RenderFailure as failure:
            log.warning("render failed", slideshow_id=ss_id, code=failure.code, error=failure.message)
            await self.fail(org_id, ss_id, failure.code, failure.message)
            metrics.RENDER_SECONDS.labels("failed").observe(time.perf_counter() - started)
            return
        except BaseException:
            # A transient error (a service or the store down), or this process stopping (SIGTERM
            # cancels the render): the deck goes back to QUEUED at once for another worker, and
            # the attempt does not count; only claims that never ended (a killed worker) count
            # towards render_max_attempts.
            await asyncio.shield(application.release_render(self.uow(), org_id, ss_id))
            raise
        finally:
            metrics.RENDERS_IN_FLIGHT.dec()
        ready = await application.complete_render(
            self.uow(), self.deps.storage, deck, app.name, drawn.language, slides, marketing_assets(drawn)
        )
        if ready:
            log.info("slideshow ready", slideshow_id=ss_id)
        metrics.RENDER_SECONDS.labels("ready").observe(time.perf_counter() - started)

    async def fail(self, org_id: str, ss_id: str, code: str, message: str) -> None:
        await application.fail_render(self.uow(), self.quota, org_id, ss_id, code, message)

    async def _fetch_app(self, org_id: str, app_id: str) -> domain.App:
        try:
            return await self.apps.get(org_id, app_id)
        except ServiceError as err:
            if err.code == "APP_NOT_FOUND":
                raise domain.RenderFailure(
                    "APP_NOT_FOUND", "The app was deleted before its slideshow was rendered."
                ) from None
            raise

    async def _render(self, deck: domain.Slideshow, app: domain.App) -> tuple[Any, list[bytes]]:
        from renderer import art, catalog, copy  # imported by import_drawing when the process starts
        from renderer.art import lint, text

        template = catalog.template(app.niche, deck.template_key)
        if template is None:
            raise domain.RenderFailure(
                "NICHE_NOT_REGISTERED", f"Template {deck.template_key!r} is not offered for {app.niche!r}."
            )
        shots = await self._screens(app)
        photos = (
            await self.screenshots.images(list(app.photos), "photos") if app.image_source == "photos" else ()
        )
        info = app_info(app)
        seed = domain.deck_seed(deck.id)
        overrides = dict(deck.variable_overrides or {})
        try:
            drawn = await asyncio.to_thread(
                copy.write_deck, info, template, deck.hook_text_snapshot, deck.language, overrides, seed
            )
        except ValueError:
            raise domain.RenderFailure(
                "VALIDATION_ERROR", f"There is no deck copy for the language {deck.language!r}."
            ) from None
        style = deck_style(app, deck.design, drawn.language, shots, photos, seed)
        try:
            pngs, layout = await asyncio.to_thread(art.render_with_layout, drawn, style)
        except text.UnsupportedText as exc:
            raise domain.RenderFailure(
                "RENDER_TEXT_UNSUPPORTED",
                f"The deck's text has characters no slide font can draw ({exc.chars[:20]}); "
                "remove them from the app's fields or overrides.",
            ) from None
        except Exception:
            log.exception("render crashed", slideshow_id=deck.id)
            raise domain.RenderFailure(
                "RENDER_FAILED", "The slides could not be drawn; retrying may help, else contact support."
            ) from None
        for violation in lint.check(layout):
            metrics.DECK_LINT_VIOLATIONS.labels(violation.rule, deck.design).inc()
            log.warning("deck lint", slideshow_id=deck.id, design=deck.design, violation=str(violation))
        if len(pngs) != len(drawn.slides):
            raise domain.RenderFailure("RENDER_FAILED", "The renderer produced the wrong number of slides.")
        return drawn, list(pngs)

    async def _screens(self, app: domain.App) -> tuple[bytes, ...]:
        """The app's screenshots: a screenshots deck's pictures, and in a deck of other imagery the
        app shown on its discovery and CTA slides (STYLE: the app shown, not just named) when it has
        some and they load; without them such a deck goes on with its own imagery."""
        if app.image_source == "screenshots":
            return await self.screenshots.images(list(app.screenshots), "screenshots")
        if not app.screenshots:
            return ()
        try:
            return await self.screenshots.images(list(app.screenshots), "screenshots")
        except domain.RenderFailure as exc:
            log.warning(
                "app screenshots not loaded; the deck goes without them", app_id=app.id, code=exc.code
            )
            return ()

    async def _upload(self, deck: domain.Slideshow, drawn: Any, pngs: list[bytes]) -> list[domain.Slide]:
        storage = self.deps.storage
        keys = [domain.slide_object_key(deck.id, deck.asset_token, i) for i in range(len(pngs))]
        await asyncio.gather(*(storage.put(k, png, "image/png") for k, png in zip(keys, pngs, strict=True)))
        return [
            domain.Slide(
                order=i,
                template=s.role,
                layout_type=s.layout_type,
                title=s.title,
                subtitle=s.subtitle,
                label=s.label,
                image_url=storage.public_url(keys[i]),
                duration=float(s.duration),
                object_key=keys[i],
            )
            for i, s in enumerate(drawn.slides)
        ]


def app_info(app: domain.App) -> Any:
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
    app: domain.App,
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
        # A source without pictures of its own (stock, ai: no provider yet) draws brand imagery.
        image_source=app.image_source if app.image_source in ("screenshots", "photos") else "brand",
        screenshots=shots,
        photos=photos,
        seed=seed,
    )


def marketing_assets(drawn: Any) -> list[domain.Asset]:
    """The deck's caption, hashtags and calls to action, in that order."""
    assets = [
        domain.Asset("caption", drawn.caption),
        domain.Asset("hashtags", " ".join(drawn.hashtags), tuple(drawn.hashtags)),
    ]
    return assets + [domain.Asset("cta", c) for c in drawn.ctas]


def import_drawing() -> None:
    """The drawing half of the renderer (fonts, shaping, line-breaking dictionaries: ~0.4 s of CPU,
    ~20 MB), imported by the queue runner as the process starts, in a thread: the first decks after a
    start waited for it, every render thread behind the import lock (py-spy, make bench's first
    generate round)."""
    from renderer import art, copy  # noqa: F401
    from renderer.art import lint, text  # noqa: F401

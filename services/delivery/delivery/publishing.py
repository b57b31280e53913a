"""Publishing a READY slideshow to the app's connected account, once per (slideshow, account),
and following each post's status at TikTok in the background until it is final; the final
outcome becomes slideshow.published / slideshow.publish_failed deliveries (webhooks and chat),
written in the same transaction as the outcome, once. The use cases are in
application.publishing; here are their adapters (renderer, TikTok, the object store)."""

from __future__ import annotations

import asyncio
import io
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from kit import grpcx, logs, netguard
from kit.errors import ServiceError, validation_error
from kit.storage import PUBLIC_PREFIX, Storage
from PIL import Image
from slides.renderer.v1 import renderer_pb2
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, events, store
from delivery.accounts import Accounts
from delivery.application import publishing as use_cases
from delivery.application.ports import DeliveryUnitOfWork
from delivery.events import slideshow_dict
from delivery.tiktok import PostStatus, TikTok, TokenRejected

log = logs.get(__name__)

MAX_IMAGE_BYTES = 30 * 1024 * 1024
FOLLOW_BATCH = 20
FOLLOW_LEASE = timedelta(seconds=60)
T = TypeVar("T")


def to_jpeg(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as img:
        rgb = img.convert("RGB")
        out = io.BytesIO()
        rgb.save(out, "JPEG", quality=90, optimize=True)
        return out.getvalue()


class Publisher:
    """The publishing adapters: the renderer's slideshows (application.publishing.Slideshows),
    posting at TikTok with the account's tokens (application.publishing.Posts), and the
    background follower of posts not final yet. The use cases are application.publishing's."""

    def __init__(
        self,
        engine: AsyncEngine,
        accounts: Accounts,
        storage: Storage,
        renderer: Any,
        tiktok: TikTok,
        allow_private: bool = False,
        on_new: Callable[[], None] = lambda: None,
    ):
        self.engine = engine
        self.accounts = accounts
        self.settings = accounts.settings
        self.storage = storage
        self.renderer = renderer
        self.tiktok = tiktok
        self.allow_private = allow_private  # WEBHOOK_ALLOW_PRIVATE_NETWORKS (local runs)
        self.on_new = on_new  # wakes the sender: deliveries are due now
        self._bucket_ready = False
        self.reads = store.Reads(engine)

    def uow(self) -> DeliveryUnitOfWork:
        """One unit per use case call: queued deliveries wake the sender, outcomes are logged."""
        return events.unit_of_work(self.engine, [events.waking(self.on_new), _log_outcomes])

    @property
    def poll_seconds(self) -> float:
        return self.settings.tiktok_status_poll_seconds

    # --- application.publishing.Slideshows --------------------------------------------

    async def get(self, organization_id: str, slideshow_id: str) -> dict[str, Any]:
        resp = await grpcx.call(
            self.renderer.GetSlideshow,
            renderer_pb2.GetSlideshowRequest(organization_id=organization_id, slideshow_id=slideshow_id),
            organization_id=organization_id,
        )
        show = slideshow_dict(resp.slideshow)
        show["status"] = resp.slideshow.status
        return show

    # --- application.publishing.Posts ---------------------------------------------------

    async def _with_token(self, account: domain.Account, call: Callable[[str], Awaitable[T]]) -> T:
        """`call(access token)`, refreshed first when it expires soon; when TikTok refuses the
        token, refreshed once and called again (RECONNECT_REQUIRED when it cannot be)."""
        token = await self.accounts.token(account)
        try:
            return await call(token)
        except TokenRejected:
            refreshed = await self.accounts.refresh(account)
            return await call(self.accounts.access_token_of(refreshed))

    async def status(self, publish: domain.Publish, account: domain.Account) -> PostStatus:
        return await self._with_token(
            account, lambda token: self.tiktok.fetch_status(token, publish.publish_id)
        )

    async def _check_privacy(self, token: str, privacy_level: str) -> None:
        """A direct post asks TikTok which privacy levels the creator may use first (creator_info)."""
        info = await self.tiktok.creator_info(token)
        options = [str(o) for o in info.get("privacy_level_options") or []]
        if privacy_level not in options:
            allowed = ", ".join(options) or "none"
            raise validation_error(
                [
                    (
                        "privacy_level",
                        f"This TikTok account cannot post as {privacy_level}; it allows: {allowed}.",
                    )
                ]
            )

    async def post(
        self, publish: domain.Publish, account: domain.Account, show: Mapping[str, Any]
    ) -> tuple[str, PostStatus]:
        title, description = domain.publish_caption(dict(show))
        if publish.mode == "direct":
            await self._with_token(account, lambda token: self._check_privacy(token, publish.privacy_level))
        images = await self._jpeg_copies(publish.id, show["slides"])
        publish_id, status = await self._with_token(
            account,
            lambda token: self.tiktok.publish_photos(
                token,
                title=title,
                description=description,
                images=images,
                mode=publish.mode,
                privacy_level=publish.privacy_level,
            ),
        )
        log.info(
            "slideshow published",
            slideshow_id=publish.slideshow_id,
            publish_id=publish_id,
            status=status.status,
        )
        return publish_id, status

    # --- following ---------------------------------------------------------------------

    async def follow(self) -> None:
        """Background: fetch the status of every post not final yet when its next check is due
        (rows claimed with SKIP LOCKED and a lease, so replicas share the work)."""
        busy_at = time.monotonic()
        while True:
            try:
                handled = await self.follow_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("publish follower failed; retrying")
                handled = 0
            if handled:
                busy_at = time.monotonic()
                continue
            # Nothing due: look again after the status poll, or after TIKTOK_FOLLOW_IDLE_POLL_SECONDS
            # once nothing was due for TIKTOK_FOLLOW_IDLE_AFTER_SECONDS (an idle stack's polls cost
            # CPU; a new post's first check waits at most that long).
            s = self.settings
            quiet = time.monotonic() - busy_at >= s.tiktok_follow_idle_after_seconds
            poll = s.tiktok_follow_idle_poll_seconds if quiet else s.tiktok_status_poll_seconds
            await asyncio.sleep(max(0.2, min(poll, 5.0)))

    async def follow_once(self) -> int:
        claimed = await use_cases.claim_due(self.uow(), FOLLOW_BATCH, FOLLOW_LEASE)
        await asyncio.gather(*(self._follow_one(publish) for publish in claimed))
        return len(claimed)

    async def _follow_one(self, publish: domain.Publish) -> None:
        org = publish.organization_id
        try:
            account = await self.reads.account(org, publish.account_id)
            age = (datetime.now(UTC) - publish.created_at).total_seconds()
            if account is None or age > self.settings.tiktok_follow_max_seconds:
                why = (
                    "The TikTok account was disconnected before TikTok reported the post's outcome."
                    if account is None
                    else "TikTok did not report a final status in time; check the post in the TikTok app."
                )
                await use_cases.give_up(self.uow(), publish, why)
                return
            if account.status != domain.CONNECTED or not publish.publish_id:
                await use_cases.check_later(
                    self.uow(), publish, domain.MAX_CHECK_INTERVAL
                )  # reconnecting resumes it
                return
            found = await self.status(publish, account)
        except ServiceError as exc:
            log.info("publish status unknown for now", publish=publish.id, code=exc.code)
            await use_cases.check_later(
                self.uow(), publish, domain.check_delay(publish.check_count, self.poll_seconds)
            )
            return
        await use_cases.record_status(self.uow(), publish, found, self.poll_seconds)

    async def _jpeg_copies(self, publish_row_id: str, slides: list[dict[str, Any]]) -> list[str]:
        if not self._bucket_ready:
            await self.storage.ensure_bucket()
            self._bucket_ready = True
        folder = f"{PUBLIC_PREFIX}publish/{publish_row_id}-{secrets.token_urlsafe(18)}"
        ordered = sorted(slides, key=lambda s: s["order"])
        originals = await asyncio.gather(*(self._fetch(s["image_url"]) for s in ordered))
        urls = []
        for i, data in enumerate(originals, start=1):
            key = f"{folder}/{i:02d}.jpg"
            await self.storage.put(key, await asyncio.to_thread(to_jpeg, data), "image/jpeg")
            urls.append(self.storage.public_url(key))
        return urls

    async def _fetch(self, url: str) -> bytes:
        """Slides live in our own store: read them there, else over HTTP from the store."""
        prefix = self.storage.public_url("")
        try:
            if url.startswith(prefix):
                return await self.storage.get(url[len(prefix) :])
            # Anywhere else: under the platform's one SSRF guard, pinned to the checked address.
            return await netguard.fetch(
                url,
                self.allow_private,
                max_bytes=MAX_IMAGE_BYTES,
                timeout=30,
                field="image_url",
            )
        except Exception:
            log.warning("slide image unreadable", url=url)
            raise ServiceError(
                "UPSTREAM_ERROR", "A slide image could not be read; retry the publication later."
            ) from None


async def _log_outcomes(committed: Sequence[object]) -> None:
    for e in committed:
        if isinstance(e, domain.PublishFinished):
            log.info(
                "publish outcome", publish=e.publish.id, status=e.publish.status, deliveries=e.deliveries
            )

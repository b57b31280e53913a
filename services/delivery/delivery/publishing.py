"""Publishing a READY slideshow to the app's connected account, once per (slideshow, account),
and following each post's status at TikTok in the background until it is final; the final
outcome becomes slideshow.published / slideshow.publish_failed deliveries (webhooks and chat),
written in the same transaction as the outcome, once."""

from __future__ import annotations

import asyncio
import io
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from kit import grpcx, ids, logs, netguard
from kit.errors import ServiceError, validation_error
from kit.storage import PUBLIC_PREFIX, Storage
from PIL import Image
from slides.renderer.v1 import renderer_pb2
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from delivery import domain, store
from delivery.accounts import Accounts, reconnect_required
from delivery.events import slideshow_dict
from delivery.tiktok import TERMINAL, PostStatus, TikTok, TokenRejected

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


async def insert_outcome_deliveries(conn: AsyncConnection, row: Row, now: datetime) -> int:
    """The publish's final-outcome event as one delivery per enabled endpoint subscribed to it
    (idempotent per endpoint: the event id is derived from the publish record)."""
    event = domain.publish_event(row.status)
    payload = domain.publish_payload(row)
    targets = (await store.enabled_endpoints(conn, [row.organization_id])).get(row.organization_id, [])
    new = [
        domain.new_delivery(ep, event, f"evt_{row.id}_final", payload, now, now, ids.new_id("whd"))
        for ep in targets
        if event in ep.events
    ]
    return await store.insert_deliveries(conn, new)


class Publisher:
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

    async def publish(
        self, org: str, slideshow_id: str, platform: str, mode: str, privacy: str
    ) -> tuple[Row, bool]:
        platform, mode, privacy = domain.clean_publish(platform, mode, privacy)
        resp = await grpcx.call(
            self.renderer.GetSlideshow,
            renderer_pb2.GetSlideshowRequest(organization_id=org, slideshow_id=slideshow_id),
            organization_id=org,
        )
        show = slideshow_dict(resp.slideshow)
        show["status"] = resp.slideshow.status
        if show["status"] != "READY" or not show["slides"]:
            raise ServiceError(
                "SLIDESHOW_NOT_READY",
                "Only a COMPLETED (READY) slideshow can be published.",
                {"status": show["status"]},
            )
        async with self.engine.connect() as conn:
            account = await store.account_for(conn, org, show["app_id"], platform)
        if account is None:
            raise ServiceError(
                "NO_CONNECTED_ACCOUNT",
                f"The slideshow's app has no connected {platform} account; connect one first.",
                {"app_id": show["app_id"], "platform": platform},
            )
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            row, created = await store.reserve_publish(
                conn,
                {
                    "id": ids.new_id("pub"),
                    "organization_id": org,
                    "slideshow_id": slideshow_id,
                    "account_id": account.id,
                    "app_id": show["app_id"],
                    "platform": platform,
                    "mode": mode,
                    "privacy_level": privacy,
                    "status": "PENDING",
                    "created_at": now,
                    "updated_at": now,
                },
            )
        if not created:
            return await self._refresh(org, row, account), False
        if account.status == domain.RECONNECT_REQUIRED:
            await self._forget(org, row)
            raise reconnect_required(account)
        try:
            return await self._post(org, row, account, show), True
        except BaseException:
            await self._forget(org, row)  # nothing was posted: allow a retry
            raise

    async def check_slideshow(self, org: str, slideshow_id: str) -> None:
        """SLIDESHOW_NOT_FOUND (from the renderer) unless the slideshow is the organization's."""
        await grpcx.call(
            self.renderer.GetSlideshow,
            renderer_pb2.GetSlideshowRequest(organization_id=org, slideshow_id=slideshow_id),
            organization_id=org,
        )

    async def _forget(self, org: str, row: Row) -> None:
        async with self.engine.begin() as conn:
            await store.delete_publish(conn, org, row.id)

    async def _with_token(self, account: Row, call: Callable[[str], Awaitable[T]]) -> T:
        """`call(access token)`, refreshed first when it expires soon; when TikTok refuses the
        token, refreshed once and called again (RECONNECT_REQUIRED when it cannot be)."""
        token = await self.accounts.token(account)
        try:
            return await call(token)
        except TokenRejected:
            refreshed = await self.accounts.refresh(account)
            return await call(self.accounts.access_token_of(refreshed))

    async def _refresh(self, org: str, row: Row, account: Row) -> Row:
        """A repeat call answers with the post's current status: one status fetch while the
        recorded one is not final (TikTok keeps processing after the first call returned)."""
        if not row.publish_id or row.status in TERMINAL or account.status != domain.CONNECTED:
            return row
        try:
            found = await self._with_token(
                account, lambda token: self.tiktok.fetch_status(token, row.publish_id)
            )
        except ServiceError:
            return row  # the recorded status stands; the follower keeps asking
        return await self.record_status(org, row, found)

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

    async def _post(self, org: str, row: Row, account: Row, show: dict[str, Any]) -> Row:
        title, description = domain.publish_caption(show)
        if row.mode == "direct":
            await self._with_token(account, lambda token: self._check_privacy(token, row.privacy_level))
        images = await self._jpeg_copies(row.id, show["slides"])
        publish_id, status = await self._with_token(
            account,
            lambda token: self.tiktok.publish_photos(
                token,
                title=title,
                description=description,
                images=images,
                mode=row.mode,
                privacy_level=row.privacy_level,
            ),
        )
        log.info(
            "slideshow published", slideshow_id=row.slideshow_id, publish_id=publish_id, status=status.status
        )
        async with self.engine.begin() as conn:
            row = await store.update_publish(
                conn, org, row.id, {"publish_id": publish_id, "updated_at": datetime.now(UTC)}
            )
        return await self.record_status(org, row, status)

    async def record_status(self, org: str, row: Row, found: PostStatus) -> Row:
        """Store what TikTok said about the post: a final status is recorded once, with its
        deliveries; otherwise the follower's next fetch is scheduled (backing off)."""
        now = datetime.now(UTC)
        values: dict[str, Any] = {"status": found.status or row.status, "updated_at": now}
        if found.post_ids:
            values["post_ids"] = found.post_ids
        if found.fail_reason:
            values["fail_reason"] = found.fail_reason
        if values["status"] in TERMINAL:
            return await self._finish(org, row, values, now)
        checks = row.check_count + 1
        delay = domain.check_delay(row.check_count, self.settings.tiktok_status_poll_seconds)
        values.update(check_count=checks, next_check_at=now + timedelta(seconds=delay))
        async with self.engine.begin() as conn:
            return await store.update_publish(conn, org, row.id, values)

    async def _finish(self, org: str, row: Row, values: dict[str, Any], now: datetime) -> Row:
        async with self.engine.begin() as conn:
            done = await store.finish_publish(conn, org, row.id, {**values, "notified_at": now})
            if done is None:  # recorded before (another worker, or a repeat call)
                return await store.get_publish(conn, org, row.id) or row
            created = await insert_outcome_deliveries(conn, done, now)
        log.info("publish outcome", publish=row.id, status=done.status, deliveries=created)
        if created:
            self.on_new()
        return done

    # --- following ---------------------------------------------------------------------

    async def follow(self) -> None:
        """Background: fetch the status of every post not final yet when its next check is due
        (rows claimed with SKIP LOCKED and a lease, so replicas share the work)."""
        while True:
            try:
                handled = await self.follow_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("publish follower failed; retrying")
                handled = 0
            if not handled:
                await asyncio.sleep(max(0.2, min(self.settings.tiktok_status_poll_seconds, 5.0)))

    async def follow_once(self) -> int:
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            rows = await store.claim_due_publishes(conn, now, FOLLOW_BATCH, FOLLOW_LEASE)
        await asyncio.gather(*(self._follow_one(row) for row in rows))
        return len(rows)

    async def _follow_one(self, row: Row) -> None:
        org = row.organization_id
        try:
            async with self.engine.connect() as conn:
                account = await store.get_account(conn, org, row.account_id)
            age = (datetime.now(UTC) - row.created_at).total_seconds()
            if account is None or age > self.settings.tiktok_follow_max_seconds:
                why = (
                    "The TikTok account was disconnected before TikTok reported the post's outcome."
                    if account is None
                    else "TikTok did not report a final status in time; check the post in the TikTok app."
                )
                await self._give_up(row, why)
                return
            if account.status != domain.CONNECTED or not row.publish_id:
                await self._later(row, domain.MAX_CHECK_INTERVAL)  # reconnecting resumes it
                return
            found = await self._with_token(
                account, lambda token: self.tiktok.fetch_status(token, row.publish_id)
            )
        except ServiceError as exc:
            log.info("publish status unknown for now", publish=row.id, code=exc.code)
            await self._later(
                row, domain.check_delay(row.check_count, self.settings.tiktok_status_poll_seconds)
            )
            return
        await self.record_status(org, row, found)

    async def _later(self, row: Row, seconds: float) -> None:
        now = datetime.now(UTC)
        async with self.engine.begin() as conn:
            await store.update_publish(
                conn,
                row.organization_id,
                row.id,
                {"check_count": row.check_count + 1, "next_check_at": now + timedelta(seconds=seconds)},
            )

    async def _give_up(self, row: Row, why: str) -> None:
        values = {
            "status": domain.PUBLISH_FAILED_STATUS,
            "fail_reason": row.fail_reason or "status_unknown",
            "error": why,
            "updated_at": datetime.now(UTC),
        }
        await self._finish(row.organization_id, row, values, datetime.now(UTC))

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

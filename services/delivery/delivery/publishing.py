"""Publishing a READY slideshow to the app's connected account, once per (slideshow, account)."""

from __future__ import annotations

import asyncio
import io
import secrets
from datetime import UTC, datetime
from typing import Any

from kit import grpcx, ids, logs, netguard
from kit.errors import ServiceError
from kit.storage import PUBLIC_PREFIX, Storage
from PIL import Image
from slides.renderer.v1 import renderer_pb2
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncEngine

from delivery import domain, store
from delivery.crypto import KeyRing
from delivery.events import slideshow_dict
from delivery.tiktok import TERMINAL, TikTok

log = logs.get(__name__)

MAX_IMAGE_BYTES = 30 * 1024 * 1024


def to_jpeg(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as img:
        rgb = img.convert("RGB")
        out = io.BytesIO()
        rgb.save(out, "JPEG", quality=90, optimize=True)
        return out.getvalue()


class Publisher:
    def __init__(
        self,
        engine: AsyncEngine,
        keyring: KeyRing,
        storage: Storage,
        renderer: Any,
        tiktok: TikTok,
        allow_private: bool = False,
    ):
        self.engine = engine
        self.keyring = keyring
        self.storage = storage
        self.renderer = renderer
        self.tiktok = tiktok
        self.allow_private = allow_private  # WEBHOOK_ALLOW_PRIVATE_NETWORKS (local runs)
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
        try:
            return await self._post(org, row, account, show), True
        except BaseException:
            async with self.engine.begin() as conn:
                await store.delete_publish(conn, org, row.id)  # nothing was posted: allow a retry
            raise

    async def _refresh(self, org: str, row: Row, account: Row) -> Row:
        """A repeat call answers with the post's current status: one status fetch while the
        recorded one is not final (TikTok keeps processing after the first call returned)."""
        if not row.publish_id or row.status in TERMINAL:
            return row
        token = self.keyring.decrypt(account.token_key_id, account.token_cipher, account.id)
        status = await self.tiktok.fetch_status(token, row.publish_id)
        if status is None or status == row.status:
            return row
        async with self.engine.begin() as conn:
            return await store.update_publish(
                conn, org, row.id, {"status": status, "updated_at": datetime.now(UTC)}
            )

    async def _post(self, org: str, row: Row, account: Row, show: dict[str, Any]) -> Row:
        images = await self._jpeg_copies(row.id, show["slides"])
        token = self.keyring.decrypt(account.token_key_id, account.token_cipher, account.id)
        title, description = domain.publish_caption(show)
        publish_id, status = await self.tiktok.publish_photos(
            token,
            title=title,
            description=description,
            images=images,
            mode=row.mode,
            privacy_level=row.privacy_level,
        )
        log.info("slideshow published", slideshow_id=row.slideshow_id, publish_id=publish_id, status=status)
        async with self.engine.begin() as conn:
            return await store.update_publish(
                conn,
                org,
                row.id,
                {"publish_id": publish_id, "status": status, "updated_at": datetime.now(UTC)},
            )

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

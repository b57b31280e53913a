"""The app's pictures for a deck: our own uploads from the object store, anything else fetched
under the platform's SSRF guard; each checked to be an image we accept. A picture that cannot be
had is a domain.RenderFailure (the deck fails with its code)."""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict

from kit import netguard
from kit.errors import ServiceError
from kit.storage import Storage

from renderer import domain
from renderer.settings import Settings

# Pictures already found good, by digest: an app's screenshots come again with each of its decks, and
# checking one decodes it whole (a third of a screenshots deck's CPU went there).
CHECKED_KEPT = 512


class Screenshots:
    def __init__(self, storage: Storage, settings: Settings):
        self.storage = storage
        self.settings = settings
        self.checked: OrderedDict[bytes, None] = OrderedDict()

    async def images(self, urls: list[str], kind: str) -> tuple[bytes, ...]:
        """The app's screenshots or photos (up to 6 and 12: one per slide is enough), fetched in parallel."""
        urls = urls[: 6 if kind == "screenshots" else 12]
        if not urls:
            raise domain.RenderFailure("NO_IMAGE_SOURCE", f"The app uses {kind} but has none.")
        return tuple(await asyncio.gather(*(self.fetch(u) for u in urls)))

    async def fetch(self, url: str) -> bytes:
        s = self.settings
        # Links handed out under the uploads domain, or under the API's (before one was configured).
        key = domain.own_object_key(url, s.s3_public_url, s.uploads_base()) or domain.own_object_key(
            url, s.s3_public_url, s.public_base_url
        )
        try:
            data = await (self.storage.get(key) if key else fetch_external(url, s))
        except domain.RenderFailure:
            raise
        except Exception:
            raise domain.RenderFailure(
                "SCREENSHOT_UNAVAILABLE", f"Screenshot {url} could not be fetched."
            ) from None
        digest = hashlib.blake2b(data).digest()
        if digest in self.checked:
            self.checked.move_to_end(digest)
            return data
        try:
            await asyncio.to_thread(domain.check_image, data, s.max_image_pixels)
        except ServiceError:
            raise domain.RenderFailure(
                "SCREENSHOT_INVALID", f"Screenshot {url} is not a PNG, JPEG or WebP image."
            ) from None
        self.checked[digest] = None
        while len(self.checked) > CHECKED_KEPT:
            self.checked.popitem(last=False)
        return data


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
        raise domain.RenderFailure(
            "SCREENSHOT_UNAVAILABLE", f"Screenshot {url} cannot be fetched. {reason}"
        ) from None
    except netguard.FetchError as exc:
        code = "SCREENSHOT_INVALID" if "larger" in exc.reason else "SCREENSHOT_UNAVAILABLE"
        raise domain.RenderFailure(code, f"Screenshot {url} {exc.reason}.") from None

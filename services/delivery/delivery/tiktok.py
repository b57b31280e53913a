"""TikTok Content Posting API, photo posts (PULL_FROM_URL):

POST {base}/v2/post/publish/content/init/   Authorization: Bearer <user access token>
  {"post_info": {"title", "description", "privacy_level"?, "disable_comment", "auto_add_music"},
   "source_info": {"source": "PULL_FROM_URL", "photo_images": [JPEG URLs], "photo_cover_index": 0},
   "post_mode": "MEDIA_UPLOAD" (draft, lands in the creator's inbox) | "DIRECT_POST",
   "media_type": "PHOTO"}
  -> {"data": {"publish_id": "..."}, "error": {"code": "ok", "message": "", "log_id": "..."}}
POST {base}/v2/post/publish/status/fetch/   {"publish_id": "..."}
  -> {"data": {"status": "PROCESSING_DOWNLOAD" | "SEND_TO_USER_INBOX" | "PUBLISH_COMPLETE" | "FAILED",
               "fail_reason": "..."}, "error": {"code": "ok", ...}}
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from kit.errors import ServiceError

from delivery.poster import ssl_context
from delivery.settings import Settings

TERMINAL = ("SEND_TO_USER_INBOX", "PUBLISH_COMPLETE", "FAILED")


class TikTok:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.base = settings.tiktok_api_base.rstrip("/")

    def _client(self, token: str) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            verify=ssl_context(self.settings.ca_bundle_path()),
            follow_redirects=False,
            timeout=self.settings.webhook_timeout_seconds,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json; charset=UTF-8"},
        )

    async def _post(self, client: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
        try:
            resp = await client.post(f"{self.base}{path}", json=body)
            data = resp.json()
        except (httpx.HTTPError, ValueError):
            raise ServiceError(
                "UPSTREAM_ERROR", "TikTok could not be reached or gave an unreadable answer; retry later."
            ) from None
        error = data.get("error") or {} if isinstance(data, dict) else {}
        code = str(error.get("code", "")) if isinstance(error, dict) else ""
        if resp.status_code >= 400 or code != "ok":
            message = str(error.get("message", "")) if isinstance(error, dict) else ""
            raise ServiceError(
                "UPSTREAM_ERROR",
                f"TikTok refused the request ({code or resp.status_code}): {message}".strip(),
                {"platform_code": code, "http_status": resp.status_code},
            )
        return data.get("data") or {}

    async def publish_photos(
        self, token: str, *, title: str, description: str, images: list[str], mode: str, privacy_level: str
    ) -> tuple[str, str]:
        """Start the post and follow its status a little: (publish_id, status)."""
        post_info: dict[str, Any] = {
            "title": title,
            "description": description,
            "disable_comment": False,
            "auto_add_music": True,
        }
        if mode == "direct":
            post_info["privacy_level"] = privacy_level
        body = {
            "post_info": post_info,
            "source_info": {"source": "PULL_FROM_URL", "photo_images": images, "photo_cover_index": 0},
            "post_mode": "DIRECT_POST" if mode == "direct" else "MEDIA_UPLOAD",
            "media_type": "PHOTO",
        }
        async with self._client(token) as client:
            data = await self._post(client, "/v2/post/publish/content/init/", body)
            publish_id = str(data.get("publish_id") or "")
            if not publish_id:
                raise ServiceError("UPSTREAM_ERROR", "TikTok did not return a publish_id.")
            status = "PROCESSING_DOWNLOAD"
            for i in range(max(1, self.settings.tiktok_status_polls)):
                if i:
                    await asyncio.sleep(self.settings.tiktok_status_poll_seconds)
                try:
                    info = await self._post(
                        client, "/v2/post/publish/status/fetch/", {"publish_id": publish_id}
                    )
                except ServiceError:
                    break  # the post was accepted; its status stays as last known
                status = str(info.get("status") or status)
                if status in TERMINAL:
                    break
        return publish_id, status

    async def fetch_status(self, token: str, publish_id: str) -> str | None:
        """The post's current status, or None when TikTok cannot tell right now."""
        async with self._client(token) as client:
            try:
                info = await self._post(client, "/v2/post/publish/status/fetch/", {"publish_id": publish_id})
            except ServiceError:
                return None
        status = info.get("status")
        return str(status) if status else None

"""TikTok's APIs as this service uses them (TIKTOK_API_BASE, https://open.tiktokapis.com).

Login Kit v2 (application/x-www-form-urlencoded; errors as {"error", "error_description", "log_id"}):
POST {base}/v2/oauth/token/    client_key, client_secret, grant_type=authorization_code, code,
                               redirect_uri, code_verifier | grant_type=refresh_token, refresh_token
  -> {"open_id", "scope", "access_token", "expires_in" (about 24 h), "refresh_token",
      "refresh_expires_in" (about 365 days), "token_type": "Bearer"}
POST {base}/v2/oauth/revoke/   client_key, client_secret, token  -> {} (empty on success)
GET  {base}/v2/user/info/?fields=open_id,union_id,avatar_url,display_name   Authorization: Bearer
  -> {"data": {"user": {...}}, "error": {"code": "ok", "message", "log_id"}}

Content Posting API, photo posts (PULL_FROM_URL), Authorization: Bearer <user access token>:
POST {base}/v2/post/publish/creator_info/query/
  -> {"data": {"creator_avatar_url", "creator_username", "creator_nickname",
               "privacy_level_options": [...], "comment_disabled", ...}, "error": {...}}
POST {base}/v2/post/publish/content/init/
  {"post_info": {"title", "description", "privacy_level"?, "disable_comment", "auto_add_music"},
   "source_info": {"source": "PULL_FROM_URL", "photo_images": [JPEG URLs], "photo_cover_index": 0},
   "post_mode": "MEDIA_UPLOAD" (draft, lands in the creator's inbox) | "DIRECT_POST",
   "media_type": "PHOTO"}
  -> {"data": {"publish_id": "..."}, "error": {"code": "ok", "message": "", "log_id": "..."}}
POST {base}/v2/post/publish/status/fetch/   {"publish_id": "..."}
  -> {"data": {"status": "PROCESSING_DOWNLOAD" | "SEND_TO_USER_INBOX" | "PUBLISH_COMPLETE" | "FAILED",
               "fail_reason": "...", "publicaly_available_post_id": [...]}, "error": {"code": "ok", ...}}
An access token TikTok no longer accepts answers 401 with error.code access_token_invalid.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import httpx
from kit.errors import ServiceError

from delivery.domain import FINAL_STATUSES, GrantRefused
from delivery.poster import ssl_context
from delivery.settings import Settings

TERMINAL = FINAL_STATUSES
USER_FIELDS = "open_id,union_id,avatar_url,display_name"
# Content Posting API error codes meaning the token itself is no good (refresh, then retry once).
TOKEN_CODES = ("access_token_invalid", "access_token_expired")
UNREACHABLE = "TikTok could not be reached or gave an unreadable answer; try again later."


class TokenRejected(ServiceError):
    """TikTok refused the access token (expired or revoked): refresh it and try again."""


@dataclass(frozen=True)
class Tokens:
    access_token: str
    refresh_token: str
    expires_in: int
    refresh_expires_in: int
    open_id: str
    scope: str


@dataclass(frozen=True)
class PostStatus:
    status: str
    fail_reason: str = ""
    post_ids: list[str] = field(default_factory=list)


class TikTok:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.base = settings.tiktok_api_base.rstrip("/")

    def _client(self, token: str = "") -> httpx.AsyncClient:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.AsyncClient(
            verify=ssl_context(self.settings.ca_bundle_path()),
            follow_redirects=False,
            timeout=self.settings.webhook_timeout_seconds,
            headers=headers,
        )

    # --- Login Kit ---------------------------------------------------------------------

    async def _oauth(self, path: str, form: dict[str, str]) -> dict[str, Any]:
        """POST a form to an OAuth endpoint: its JSON answer, GrantRefused for TikTok's OAuth
        errors, UPSTREAM_ERROR when it cannot be reached or answers something unreadable."""
        form = {
            "client_key": self.settings.tiktok_client_key,
            "client_secret": self.settings.tiktok_client_secret,
            **form,
        }
        try:
            async with self._client() as client:
                resp = await client.post(
                    f"{self.base}{path}",
                    data=form,
                    headers={"Cache-Control": "no-cache"},
                )
            data = resp.json() if resp.content.strip() else {}
        except (httpx.HTTPError, ValueError):
            raise ServiceError("UPSTREAM_ERROR", UNREACHABLE) from None
        if not isinstance(data, dict):
            raise ServiceError("UPSTREAM_ERROR", UNREACHABLE)
        error = data.get("error")
        if isinstance(error, str) and error:
            if resp.status_code >= 500 or error in ("server_error", "temporarily_unavailable"):
                raise ServiceError("UPSTREAM_ERROR", UNREACHABLE, {"platform_code": error})
            raise GrantRefused(error, str(data.get("error_description", ""))[:300])
        if resp.status_code >= 400:
            raise ServiceError("UPSTREAM_ERROR", UNREACHABLE, {"http_status": resp.status_code})
        return data

    def _tokens(self, data: dict[str, Any]) -> Tokens:
        try:
            tokens = Tokens(
                access_token=str(data["access_token"]),
                refresh_token=str(data.get("refresh_token") or ""),
                expires_in=int(data.get("expires_in") or 0),
                refresh_expires_in=int(data.get("refresh_expires_in") or 0),
                open_id=str(data.get("open_id") or ""),
                scope=str(data.get("scope") or ""),
            )
        except (KeyError, TypeError, ValueError):
            raise ServiceError("UPSTREAM_ERROR", "TikTok answered without the tokens.") from None
        if not tokens.access_token or not all(
            "!" <= ch <= "~" for ch in tokens.access_token + tokens.refresh_token
        ):
            raise ServiceError("UPSTREAM_ERROR", "TikTok answered with unusable tokens.")
        return tokens

    async def exchange_code(self, code: str, verifier: str, redirect_uri: str) -> Tokens:
        data = await self._oauth(
            "/v2/oauth/token/",
            {
                "code": code,
                "grant_type": "authorization_code",
                "redirect_uri": redirect_uri,
                "code_verifier": verifier,
            },
        )
        return self._tokens(data)

    async def refresh(self, refresh_token: str) -> Tokens:
        data = await self._oauth(
            "/v2/oauth/token/", {"grant_type": "refresh_token", "refresh_token": refresh_token}
        )
        return self._tokens(data)

    async def revoke(self, access_token: str) -> None:
        await self._oauth("/v2/oauth/revoke/", {"token": access_token})

    async def user_info(self, token: str) -> dict[str, Any]:
        """open_id, avatar_url, display_name of the token's user."""
        try:
            async with self._client(token) as client:
                resp = await client.get(f"{self.base}/v2/user/info/", params={"fields": USER_FIELDS})
            data = resp.json()
        except (httpx.HTTPError, ValueError):
            raise ServiceError("UPSTREAM_ERROR", UNREACHABLE) from None
        return self._content_answer(resp, data).get("user") or {}

    # --- Content Posting API -----------------------------------------------------------

    def _content_answer(self, resp: httpx.Response, data: Any) -> dict[str, Any]:
        error = (data.get("error") or {}) if isinstance(data, dict) else {}
        code = str(error.get("code", "")) if isinstance(error, dict) else ""
        if resp.status_code >= 400 or code != "ok":
            message = str(error.get("message", ""))[:300] if isinstance(error, dict) else ""
            details = {"platform_code": code, "http_status": resp.status_code}
            if code in TOKEN_CODES or resp.status_code == 401:
                raise TokenRejected("UPSTREAM_ERROR", "TikTok refused the account's access token.", details)
            if resp.status_code >= 500 or not code:
                raise ServiceError("UPSTREAM_ERROR", UNREACHABLE, details)
            raise ServiceError(
                "UPSTREAM_ERROR", f"TikTok refused the request ({code}): {message}".strip(), details
            )
        out = data.get("data") or {}
        return out if isinstance(out, dict) else {}

    async def _post(
        self, client: httpx.AsyncClient, path: str, body: dict[str, Any] | None
    ) -> dict[str, Any]:
        try:
            resp = await client.post(
                f"{self.base}{path}",
                json=body,
                headers={"Content-Type": "application/json; charset=UTF-8"},
            )
            data = resp.json()
        except (httpx.HTTPError, ValueError):
            raise ServiceError("UPSTREAM_ERROR", UNREACHABLE) from None
        return self._content_answer(resp, data)

    async def creator_info(self, token: str) -> dict[str, Any]:
        async with self._client(token) as client:
            return await self._post(client, "/v2/post/publish/creator_info/query/", None)

    async def publish_photos(
        self, token: str, *, title: str, description: str, images: list[str], mode: str, privacy_level: str
    ) -> tuple[str, PostStatus]:
        """Start the post and follow its status a little: (publish_id, last known status)."""
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
            status = PostStatus("PROCESSING_DOWNLOAD")
            for i in range(max(1, self.settings.tiktok_status_polls)):
                if i:
                    await asyncio.sleep(self.settings.tiktok_status_poll_seconds)
                try:
                    info = await self._post(
                        client, "/v2/post/publish/status/fetch/", {"publish_id": publish_id}
                    )
                except ServiceError:
                    break  # the post was accepted; its status stays as last known (followed later)
                status = post_status(info, status.status)
                if status.status in TERMINAL:
                    break
        return publish_id, status

    async def fetch_status(self, token: str, publish_id: str) -> PostStatus:
        """The post's current status; TokenRejected or UPSTREAM_ERROR when TikTok cannot tell."""
        async with self._client(token) as client:
            info = await self._post(client, "/v2/post/publish/status/fetch/", {"publish_id": publish_id})
        return post_status(info, "")


def post_status(info: dict[str, Any], previous: str) -> PostStatus:
    ids = info.get("publicaly_available_post_id") or info.get("publicly_available_post_id") or []
    return PostStatus(
        status=str(info.get("status") or previous),
        fail_reason=str(info.get("fail_reason") or "")[:300],
        post_ids=[str(i) for i in ids] if isinstance(ids, list) else [],
    )

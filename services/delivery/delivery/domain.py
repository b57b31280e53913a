"""Delivery rules without I/O: event names, payloads and message bodies, signatures,
the retry schedule, validation of management input."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from kit.errors import ServiceError, validation_error

SLIDESHOW_COMPLETED = "slideshow.completed"
SLIDESHOW_FAILED = "slideshow.failed"
QUOTA_EXCEEDED = "quota.exceeded"
# A publish's final outcome, as TikTok reports it (followed in the background).
SLIDESHOW_PUBLISHED = "slideshow.published"
SLIDESHOW_PUBLISH_FAILED = "slideshow.publish_failed"
EVENTS = (
    SLIDESHOW_COMPLETED,
    SLIDESHOW_FAILED,
    QUOTA_EXCEEDED,
    SLIDESHOW_PUBLISHED,
    SLIDESHOW_PUBLISH_FAILED,
)
# Sent only on request (POST .../test), whatever the endpoint's event filter; not subscribable.
WEBHOOK_TEST = "webhook.test"

WEBHOOK = "webhook"
SLACK = "slack"
DISCORD = "discord"
CHAT_KINDS = (SLACK, DISCORD)

PENDING = "PENDING"
SUCCEEDED = "SUCCEEDED"
FAILED = "FAILED"

# Social accounts: usable, or waiting for the organization to connect it again (TikTok refused
# to refresh its tokens: revoked by the user, or the refresh token expired).
CONNECTED = "CONNECTED"
RECONNECT_REQUIRED = "RECONNECT_REQUIRED"

# TikTok's post statuses after which nothing changes any more.
PUBLISH_COMPLETE = "PUBLISH_COMPLETE"
SEND_TO_USER_INBOX = "SEND_TO_USER_INBOX"
PUBLISH_FAILED_STATUS = "FAILED"
FINAL_STATUSES = (PUBLISH_COMPLETE, SEND_TO_USER_INBOX, PUBLISH_FAILED_STATUS)
# The follower's longest wait between two status fetches.
MAX_CHECK_INTERVAL = 300.0

PLATFORMS = ("tiktok",)
PUBLISH_MODES = ("draft", "direct")
PRIVACY_LEVELS = ("PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY")

MAX_DESCRIPTION = 500
MAX_TOKEN = 4096
SECRET_PREFIX = "whsec_"  # noqa: S105 - a prefix, not a secret


def new_secret() -> str:
    """`whsec_` + standard base64 of 32 random bytes (the Standard Webhooks secret format)."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def clean_events(events: Sequence[str]) -> list[str]:
    """Empty = every event; unknown names are a VALIDATION_ERROR; order follows EVENTS."""
    if not events:
        return list(EVENTS)
    unknown = [e for e in events if e not in EVENTS]
    if unknown:
        raise validation_error([("events", f"Unknown event {unknown[0]!r}; allowed: {', '.join(EVENTS)}.")])
    return [e for e in EVENTS if e in set(events)]


def clean_description(description: str) -> str:
    if len(description) > MAX_DESCRIPTION:
        raise validation_error([("description", f"At most {MAX_DESCRIPTION} characters.")])
    return description


def clean_chat_kind(kind: str) -> str:
    if kind not in CHAT_KINDS:
        raise validation_error([("kind", "Must be 'slack' or 'discord'.")])
    return kind


# --- payloads -------------------------------------------------------------------------


def iso(dt: datetime) -> str:
    return dt.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def slideshow_payload(show: dict[str, Any], share_url: str | None, failed: bool) -> dict[str, Any]:
    """Spec part 6 fields from a slideshow dict (see events.slideshow_dict)."""
    slides = [] if failed else sorted(show.get("slides", []), key=lambda s: s["order"])
    image_urls = [s["image_url"] for s in slides]
    payload: dict[str, Any] = {
        "slideshow_id": show["id"],
        "organization_id": show["organization_id"],
        "app_id": show["app_id"],
        "app_name": show.get("app_name", ""),
        "status": "FAILED" if failed else "COMPLETED",
        "hook_text": show.get("hook_text_snapshot", ""),
        "language": show.get("language", ""),
        "slide_count": len(slides),
        "template_set": show.get("template_set", ""),
        "thumbnail_url": image_urls[0] if image_urls else "",
        "image_urls": image_urls,
        "slides": slides,
        "share_url": None if failed else share_url,
    }
    if failed:
        payload["error"] = show.get("error_message") or "Slideshow generation failed."
    return payload


def webhook_body(event: str, payload: dict[str, Any], created_at: datetime) -> bytes:
    body = {**payload, "event": event, "created_at": iso(created_at)}
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify_signature(secret: str, body: bytes, header: str) -> bool:
    return hmac.compare_digest(signature(secret, body), header)


# --- Standard Webhooks (https://www.standardwebhooks.com) ------------------------------


def standard_key(secret: str) -> bytes:
    """The HMAC key of `webhook-signature`: the base64-decoded part after `whsec_`, decoded exactly
    as the `standardwebhooks` libraries do (padding added, characters outside the alphabet
    skipped), so `Webhook(secret)` verifies. A secret made before Standard Webhooks support
    (`whsec_` + base64url) whose suffix does not decode at all (about 1 in 4) is used as its
    UTF-8 bytes instead: receivers verify with `Webhook(secret.encode())`."""
    suffix = secret.removeprefix(SECRET_PREFIX)
    try:
        key = base64.b64decode(suffix + "==")
    except (binascii.Error, ValueError):
        key = b""
    return key or secret.encode()


def standard_signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    """`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`."""
    signed = msg_id.encode() + b"." + str(timestamp).encode() + b"." + body
    digest = hmac.new(standard_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def delivery_headers(
    secret: str, event: str, delivery_id: str, body: bytes, timestamp: int
) -> dict[str, str]:
    """Every header of a webhook delivery attempt but Content-Type: the `X-Service-*` ones of
    the spec and the Standard Webhooks ones (`webhook-id` is the delivery id, as
    `X-Service-Delivery-Id`, the same on every attempt; the timestamp is the attempt's)."""
    return {
        "X-Service-Signature": signature(secret, body),
        "X-Service-Event": event,
        "X-Service-Delivery-Id": delivery_id,
        "webhook-id": delivery_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_signature(secret, delivery_id, timestamp, body),
    }


def webhook_test_payload(organization_id: str, endpoint_id: str) -> dict[str, Any]:
    """The payload of a `webhook.test` event."""
    return {
        "organization_id": organization_id,
        "endpoint_id": endpoint_id,
        "message": "Test event: this endpoint receives and verifies deliveries.",
    }


def publish_event(status: str) -> str:
    """The event a final status sends."""
    return SLIDESHOW_PUBLISH_FAILED if status == PUBLISH_FAILED_STATUS else SLIDESHOW_PUBLISHED


def publish_payload(row: Any) -> dict[str, Any]:
    """slideshow.published / slideshow.publish_failed fields from a publish record."""
    failed = row.status == PUBLISH_FAILED_STATUS
    payload: dict[str, Any] = {
        "organization_id": row.organization_id,
        "slideshow_id": row.slideshow_id,
        "app_id": row.app_id,
        "account_id": row.account_id,
        "publication_id": row.id,
        "platform": row.platform,
        "mode": row.mode,
        "privacy_level": row.privacy_level,
        "publish_id": row.publish_id,
        "status": row.status,
        "post_ids": list(row.post_ids or []),
        "fail_reason": (row.fail_reason or "unknown") if failed else None,
    }
    if failed:
        payload["error"] = row.error or f"TikTok reported the post as failed ({payload['fail_reason']})."
    return payload


def check_delay(check_count: int, first: float) -> float:
    """Seconds until the next status fetch after `check_count` fetches: doubling from `first`."""
    return min(MAX_CHECK_INTERVAL, max(first, 0.05) * (2 ** min(check_count, 16)))


# --- chat messages --------------------------------------------------------------------

_COLORS = {
    SLIDESHOW_COMPLETED: 0x2EB67D,
    SLIDESHOW_FAILED: 0xE01E5A,
    QUOTA_EXCEEDED: 0xECB22E,
    WEBHOOK_TEST: 0x36C5F0,
    SLIDESHOW_PUBLISHED: 0x25F4EE,
    SLIDESHOW_PUBLISH_FAILED: 0xFE2C55,
}


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def chat_summary(event: str, payload: dict[str, Any]) -> tuple[str, str, list[tuple[str, str, bool]], str]:
    """(title, description, fields (name, value, short), image url) of one event."""
    if event == WEBHOOK_TEST:
        title = "Test message from the slideshow service"
        desc = "This chat integration works: deck and quota notifications will appear here."
        return title, desc, [("Integration", str(payload.get("endpoint_id", "")), True)], ""
    if event == QUOTA_EXCEEDED:
        title = f"Quota exceeded: {payload.get('quota', '')}"
        desc = f"The organization used {payload.get('used')} of {payload.get('limit')} this period."
        fields = [
            ("Quota", str(payload.get("quota", "")), True),
            ("Plan", str(payload.get("plan", "")), True),
            ("Used", f"{payload.get('used')} / {payload.get('limit')}", True),
            ("Period ends", str(payload.get("period_end") or ""), True),
        ]
        return title, desc, fields, ""
    if event in (SLIDESHOW_PUBLISHED, SLIDESHOW_PUBLISH_FAILED):
        draft = payload.get("status") == SEND_TO_USER_INBOX
        if event == SLIDESHOW_PUBLISH_FAILED:
            title = "Publishing to TikTok failed"
            desc = str(payload.get("error") or "")
        elif draft:
            title = "Slideshow sent to the TikTok inbox"
            desc = "The creator finishes the post in the TikTok app."
        else:
            title = "Slideshow published on TikTok"
            desc = "The post is live."
        fields = [
            ("Slideshow", str(payload.get("slideshow_id", "")), True),
            ("Status", str(payload.get("status", "")), True),
            ("Mode", str(payload.get("mode", "")), True),
            ("Account", str(payload.get("account_id", "")), True),
        ]
        return title, desc, fields, ""
    app = payload.get("app_name") or payload.get("app_id", "")
    if event == SLIDESHOW_FAILED:
        title = f"Slideshow failed for {app}"
        desc = str(payload.get("error", ""))
    else:
        title = f"Slideshow ready for {app}"
        desc = str(payload.get("hook_text", ""))
    fields = [
        ("Slideshow", str(payload.get("slideshow_id", "")), True),
        ("Status", str(payload.get("status", "")), True),
        ("Slides", str(payload.get("slide_count", 0)), True),
        ("Language", str(payload.get("language", "")), True),
    ]
    return title, desc, fields, str(payload.get("thumbnail_url") or "")


def slack_message(event: str, payload: dict[str, Any]) -> dict[str, Any]:
    title, desc, fields, image = chat_summary(event, payload)
    attachment: dict[str, Any] = {
        "color": f"#{_COLORS[event]:06x}",
        "title": _slack_escape(title),
        "text": _slack_escape(desc),
        "fields": [{"title": n, "value": _slack_escape(v), "short": s} for n, v, s in fields],
        "fallback": _slack_escape(title),
    }
    link = payload.get("share_url") or payload.get("thumbnail_url")
    if link:
        attachment["title_link"] = link
    if image:
        attachment["image_url"] = image
    return {"text": _slack_escape(title), "attachments": [attachment]}


def discord_message(event: str, payload: dict[str, Any]) -> dict[str, Any]:
    title, desc, fields, image = chat_summary(event, payload)
    embed: dict[str, Any] = {
        "title": title[:256],
        "description": desc[:4096],
        "color": _COLORS[event],
        "fields": [{"name": n, "value": (v or "-")[:1024], "inline": s} for n, v, s in fields],
    }
    link = payload.get("share_url") or payload.get("thumbnail_url")
    if link:
        embed["url"] = link
    if image:
        embed["image"] = {"url": image}
    return {"embeds": [embed]}


def chat_body(kind: str, event: str, payload: dict[str, Any]) -> bytes:
    message = slack_message(event, payload) if kind == SLACK else discord_message(event, payload)
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


# --- retries --------------------------------------------------------------------------


def next_attempt_at(
    delays: Sequence[float], attempts_done: int, now: datetime, jitter: float
) -> datetime | None:
    """When attempt `attempts_done + 1` is due; None when all len(delays) + 1 attempts are spent."""
    if attempts_done > len(delays) or attempts_done < 1:
        return None
    delay = delays[attempts_done - 1]
    return now + timedelta(seconds=delay * (1 + random.uniform(0, jitter)))


def is_success(status_code: int) -> bool:
    return 200 <= status_code < 300


# --- publishing -----------------------------------------------------------------------


def clean_publish(platform: str, mode: str, privacy_level: str) -> tuple[str, str, str]:
    bad: list[tuple[str, str]] = []
    if platform not in PLATFORMS:
        bad.append(("platform", "Must be 'tiktok'."))
    if mode not in PUBLISH_MODES:
        bad.append(("mode", "Must be 'draft' or 'direct'."))
    level = privacy_level or "SELF_ONLY"
    if level not in PRIVACY_LEVELS:
        bad.append(("privacy_level", f"Must be one of {', '.join(PRIVACY_LEVELS)}."))
    if bad:
        raise validation_error(bad)
    return platform, mode, level


def clean_account(platform: str, access_token: str, open_id: str, display_name: str) -> None:
    bad: list[tuple[str, str]] = []
    if platform not in PLATFORMS:
        bad.append(("platform", "Must be 'tiktok'."))
    if not access_token or len(access_token) > MAX_TOKEN:
        bad.append(("access_token", f"Required, at most {MAX_TOKEN} characters."))
    elif not all("!" <= ch <= "~" for ch in access_token):
        # It travels in an HTTP Authorization header: printable ASCII only, as OAuth tokens are.
        bad.append(("access_token", "Must be printable ASCII without spaces."))
    if len(open_id) > 200:
        bad.append(("open_id", "At most 200 characters."))
    if len(display_name) > 200:
        bad.append(("display_name", "At most 200 characters."))
    if bad:
        raise validation_error(bad)


def publish_caption(show: dict[str, Any]) -> tuple[str, str]:
    """(title, description) of a TikTok photo post from the deck's marketing assets."""
    caption = ""
    tags: list[str] = []
    for asset in show.get("marketing_assets", []):
        if asset.get("type") == "caption" and not caption:
            caption = asset.get("text", "")
        if asset.get("type") == "hashtags":
            tags = list(asset.get("tags", []))
    title = (show.get("hook_text_snapshot") or caption or "New post")[:90]
    description = " ".join(filter(None, [caption, " ".join(tags)]))[:4000]
    return title, description


def mask_chat_url(url: str) -> str:
    """A chat incoming-webhook URL as lists show it: scheme, host and the last 4 characters."""
    scheme, _, rest = url.partition("://")
    host, _, path = rest.partition("/")
    return f"{scheme}://{host}/…{path[-4:]}" if path else url


# --- the service's objects (the store's edge: nothing above it sees a row) --------------


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A webhook endpoint or a chat integration (kind slack/discord: `url` is then the masked
    form; the real one is stored encrypted like a webhook secret)."""

    id: str
    organization_id: str
    kind: str
    url: str
    events: tuple[str, ...]
    description: str
    enabled: bool
    disabled_reason: str
    failure_count: int
    created_at: datetime


def receives(endpoint: Endpoint, event: str, occurred_at: datetime | None) -> bool:
    """Whether the endpoint gets the event: subscribed to it, and made before it happened (an event
    of unknown time goes to every subscriber)."""
    return event in endpoint.events and (occurred_at is None or endpoint.created_at <= occurred_at)


@dataclass(frozen=True, slots=True)
class NewDelivery:
    """A PENDING delivery to write (idempotent per endpoint and event id)."""

    id: str
    organization_id: str
    endpoint_id: str
    event_id: str
    event: str
    body: bytes
    status: str
    attempt_count: int
    next_attempt_at: datetime
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Attempt:
    attempt: int
    status_code: int
    duration_ms: int
    error: str
    next_attempt_at: datetime | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Delivery:
    id: str
    endpoint_id: str
    event: str
    event_id: str
    status: str
    attempt_count: int
    next_attempt_at: datetime | None
    created_at: datetime
    attempts: tuple[Attempt, ...] = ()


def new_delivery(
    endpoint: Endpoint,
    event: str,
    event_id: str,
    payload: dict[str, Any],
    created_at: datetime,
    now: datetime,
    delivery_id: str,
) -> NewDelivery:
    """One PENDING delivery to `endpoint`, due now, with the body its kind gets (a webhook's
    body says `created_at`, when the event happened)."""
    if endpoint.kind == WEBHOOK:
        body = webhook_body(event, payload, created_at)
    else:
        body = chat_body(endpoint.kind, event, payload)
    return NewDelivery(
        id=delivery_id,
        organization_id=endpoint.organization_id,
        endpoint_id=endpoint.id,
        event_id=event_id,
        event=event,
        body=body,
        status=PENDING,
        attempt_count=0,
        next_attempt_at=now,
        created_at=now,
        updated_at=now,
    )


@dataclass(frozen=True, slots=True)
class Account:
    """A connected social account; its tokens stay sealed (encrypted, bound to the account id)."""

    id: str
    organization_id: str
    app_id: str
    platform: str
    open_id: str
    display_name: str
    token_key_id: str
    token_cipher: bytes
    created_at: datetime
    updated_at: datetime
    status: str = CONNECTED
    connected_by: str = "token"  # oauth | token
    avatar_url: str = ""
    scope: str = ""
    refresh_key_id: str | None = None
    refresh_cipher: bytes | None = None
    access_expires_at: datetime | None = None
    refresh_expires_at: datetime | None = None
    refresh_lease_until: datetime | None = None


@dataclass(frozen=True, slots=True)
class OAuthState:
    """A TikTok connection under way (its PKCE verifier sealed, bound to the state id)."""

    id: str
    organization_id: str
    app_id: str
    platform: str
    redirect_after: str
    verifier_key_id: str
    verifier_cipher: bytes
    expires_at: datetime
    used_at: datetime | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Publish:
    """A slideshow posted (or being posted) to one account: once per (slideshow, account)."""

    id: str
    organization_id: str
    slideshow_id: str
    account_id: str
    app_id: str
    platform: str
    mode: str
    privacy_level: str
    status: str
    created_at: datetime
    updated_at: datetime
    publish_id: str = ""
    error: str = ""
    fail_reason: str = ""
    post_ids: tuple[str, ...] = ()
    check_count: int = 0
    next_check_at: datetime | None = None
    notified_at: datetime | None = None


class GrantRefused(Exception):
    """TikTok's OAuth endpoint refused the code or refresh token (invalid_grant, ...)."""

    def __init__(self, error: str, description: str):
        super().__init__(f"{error}: {description}")
        self.error = error
        self.description = description


RECONNECT_MESSAGE = (
    "TikTok no longer accepts this account's authorization (revoked in TikTok, or a year old): "
    "connect the account again (POST /v0/api/v1/apps/{app_id}/social-accounts/tiktok/connect)."
)


def reconnect_required(account: Account) -> ServiceError:
    return ServiceError(
        "RECONNECT_REQUIRED",
        RECONNECT_MESSAGE.format(app_id=account.app_id),
        {"account_id": account.id, "app_id": account.app_id, "platform": account.platform},
    )


def publish_update(
    publish: Publish, status: str, fail_reason: str, post_ids: Sequence[str], now: datetime
) -> dict[str, Any]:
    """The columns a status report from TikTok changes (empty parts keep what is recorded)."""
    values: dict[str, Any] = {"status": status or publish.status, "updated_at": now}
    if post_ids:
        values["post_ids"] = list(post_ids)
    if fail_reason:
        values["fail_reason"] = fail_reason
    return values


# --- domain events (delivery publishes none on Kafka: they are signals to its own workers) ---


@dataclass(frozen=True, slots=True)
class DeliveriesQueued:
    """Deliveries due now were written (or made due again): the sender wakes once they are
    committed."""

    count: int


@dataclass(frozen=True, slots=True)
class PublishFinished:
    """A publication's final outcome was recorded, with `deliveries` new deliveries of its event."""

    publish: Publish
    deliveries: int

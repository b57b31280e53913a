"""Rules of share links: tokens, their storage form, password cookies, oEmbed sizes, the
view model of a page and its security headers. No I/O."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urlencode, urlsplit

from cryptography.fernet import Fernet, InvalidToken

TOKEN_BYTES = 24  # -> 32 base64url characters
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
SLIDE_WIDTH, SLIDE_HEIGHT = 1080, 1920
MAX_PASSWORD_CHARS = 256
COOKIE_NAME = "share_auth"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_token(value: str) -> bool:
    return bool(TOKEN_RE.fullmatch(value or ""))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def share_url(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/share/{token}"


def embed_url(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/embed/{token}"


def zip_path(token: str) -> str:
    return f"/v0/public/share/{token}/zip"


def oembed_url(base: str, token: str) -> str:
    return f"{base.rstrip('/')}/v0/public/oembed?" + urlencode(
        {"url": share_url(base, token), "format": "json"}
    )


def token_from_share_url(base: str, url: str) -> str | None:
    """The token of `url` when it is a share URL of this service (same origin), else None."""
    try:
        parts, ours = urlsplit(url.strip()), urlsplit(base)
    except ValueError:
        return None
    if (parts.scheme, parts.netloc.lower()) != (ours.scheme, ours.netloc.lower()):
        return None
    prefix = ours.path.rstrip("/") + "/share/"
    if not parts.path.startswith(prefix):
        return None
    token = parts.path[len(prefix) :].rstrip("/")
    return token if is_token(token) else None


class Keys:
    """Two keys derived from one secret: Fernet for stored tokens, HMAC for cookies."""

    def __init__(self, secret: str):
        def derive(label: bytes) -> bytes:
            return hmac.new(secret.encode(), label, hashlib.sha256).digest()

        self.fernet = Fernet(base64.urlsafe_b64encode(derive(b"share-token-encryption")))
        self.cookie_key = derive(b"share-cookie-signing")

    def encrypt_token(self, token: str) -> str:
        return self.fernet.encrypt(token.encode()).decode()

    def decrypt_token(self, ciphertext: str) -> str | None:
        try:
            return self.fernet.decrypt(ciphertext.encode()).decode()
        except (InvalidToken, ValueError):
            return None

    def _mac(self, token_digest: str, password_hash: str, expires: int) -> str:
        msg = f"{token_digest}|{password_hash}|{expires}".encode()
        return hmac.new(self.cookie_key, msg, hashlib.sha256).hexdigest()

    def sign_cookie(
        self, token_digest: str, password_hash: str, ttl_seconds: int, now: float | None = None
    ) -> str:
        """Cookie value `<expiry>.<hmac>` bound to the token and the current password."""
        expires = int((now if now is not None else time.time()) + ttl_seconds)
        return f"{expires}.{self._mac(token_digest, password_hash, expires)}"

    def verify_cookie(
        self, value: str, token_digest: str, password_hash: str, now: float | None = None
    ) -> bool:
        expires_text, _, mac = (value or "").partition(".")
        if not expires_text.isdigit() or not mac:
            return False
        expires = int(expires_text)
        if expires < (now if now is not None else time.time()):
            return False
        return hmac.compare_digest(mac, self._mac(token_digest, password_hash, expires))


def validate_password(password: str) -> str | None:
    """An error message for a password that cannot be set, else None."""
    if len(password) > MAX_PASSWORD_CHARS:
        return f"Password must be at most {MAX_PASSWORD_CHARS} characters."
    return None


def oembed_size(default_w: int, default_h: int, maxwidth: int = 0, maxheight: int = 0) -> tuple[int, int]:
    """Frame size within maxwidth/maxheight (0 = no bound), keeping the 9:16 aspect."""
    width = default_w
    if maxwidth > 0:
        width = min(width, maxwidth)
    if maxheight > 0:
        width = min(width, maxheight * 9 // 16)
    width = max(width, 1)
    height = width * 16 // 9
    if maxheight > 0 and height > maxheight:
        height = maxheight
    return width, max(height, 1)


@dataclass
class SlideView:
    order: int
    title: str
    image_url: str


@dataclass
class DeckView:
    title: str
    status: str
    language: str
    slides: list[SlideView] = field(default_factory=list)
    caption: str = ""
    hashtags: list[str] = field(default_factory=list)
    ctas: list[str] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return self.status == "READY" and bool(self.slides)

    @property
    def first_image(self) -> str:
        return self.slides[0].image_url if self.slides else ""

    @property
    def description(self) -> str:
        text = " ".join(self.caption.split())
        return text if len(text) <= 200 else text[:197].rstrip() + "..."


def origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def content_security_policy(nonce: str, image_urls: list[str], frameable: bool) -> str:
    img = sorted({o for o in (origin_of(u) for u in image_urls) if o})
    return "; ".join(
        [
            "default-src 'none'",
            "img-src " + " ".join(img or ["'none'"]),
            f"style-src 'nonce-{nonce}'",
            f"script-src 'nonce-{nonce}'",
            "connect-src 'self'",
            "form-action 'self'",
            "base-uri 'none'",
            "frame-ancestors " + ("*" if frameable else "'none'"),
        ]
    )


def page_headers(nonce: str, image_urls: list[str], frameable: bool) -> dict[str, str]:
    return {
        "Content-Security-Policy": content_security_policy(nonce, image_urls, frameable),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
    }


# ---- values at the edges (the store's rows and the renderer's answers become these) ----------


@dataclass(frozen=True, slots=True)
class Share:
    """A share link as stored (the store returns these): one per (organization, slideshow). The
    token itself is never stored: `token_hash` finds it, `token_encrypted` shows it again."""

    id: str
    organization_id: str
    slideshow_id: str
    app_id: str
    token_hash: str
    token_encrypted: str
    password_hash: str | None
    enabled: bool
    created_at: datetime | None


@dataclass(frozen=True, slots=True)
class Slideshow:
    """What sharing needs of a renderer slideshow: its app and the view of its pages."""

    id: str
    app_id: str
    deck: DeckView


@dataclass(frozen=True, slots=True)
class ZipLink:
    """A presigned ZIP of a deck's slides (the renderer's answer)."""

    url: str
    expires_at: datetime | None
    cached: bool


# Domain events (the outbox messages of topic sharing.events.v1 are built from them in events.py).
@dataclass(frozen=True, slots=True)
class ShareChanged:
    """A token was issued, rotated or disabled (`url` empty when disabled)."""

    organization_id: str
    slideshow_id: str
    app_id: str
    enabled: bool
    url: str

"""Connecting a TikTok account by OAuth (Login Kit v2), the rules without I/O: the authorize URL,
PKCE, the signed state and where the browser may be sent afterwards.

The state is `<nonce>.<organization id>.<app id>.<expiry (Unix seconds)>.<signature>`: an HMAC of
everything before it (crypto.KeyRing.sign), so the callback can tell a forged or altered state, an
expired one and one of another organization apart before it looks at the database; the nonce is
the id of the row that holds the PKCE verifier and is used up by the first callback that presents it.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from kit.errors import validation_error

AUTHORIZE_PATH = "/v2/auth/authorize/"
CALLBACK_PATH = "/v0/public/oauth/tiktok/callback"
SCOPES = ("user.info.basic", "video.publish", "video.upload")
STATE_SECONDS = 600
MAX_REDIRECT = 2048
MAX_STATE = 400
_ID = re.compile(r"^[A-Za-z0-9_-]{1,100}$")

# FinishTikTokConnect outcomes.
CONNECTED = "CONNECTED"
DENIED = "DENIED"
INVALID_STATE = "INVALID_STATE"
EXPIRED_STATE = "EXPIRED_STATE"
USED_STATE = "USED_STATE"
WRONG_ORGANIZATION = "WRONG_ORGANIZATION"
APP_NOT_FOUND = "APP_NOT_FOUND"
FAILED = "FAILED"

MESSAGES = {
    INVALID_STATE: "This sign-in link was not issued by this service or was altered. Nothing was changed: "
    "start connecting TikTok again from your app's settings.",
    EXPIRED_STATE: "This sign-in link expired (links last 10 minutes). Nothing was changed: start "
    "connecting TikTok again.",
    USED_STATE: "This sign-in link was already used. Nothing was changed: start connecting TikTok again "
    "if the account is not connected.",
    WRONG_ORGANIZATION: "This sign-in link belongs to another organization than the one you are signed in "
    "to. Nothing was changed: sign in to that organization, or start connecting TikTok again.",
    APP_NOT_FOUND: "The app this TikTok account was to be connected to no longer exists. Nothing was changed.",
}


class Signer(Protocol):
    """Signs and checks the state (crypto.KeyRing)."""

    def sign(self, message: str) -> str: ...

    def verify(self, message: str, signature: str) -> bool: ...


@dataclass(frozen=True)
class State:
    nonce: str
    organization_id: str
    app_id: str
    expires: int


def new_verifier() -> str:
    """A PKCE code verifier: 64 characters of the unreserved set (RFC 7636: 43 to 128)."""
    return secrets.token_urlsafe(48)


def challenge(verifier: str) -> str:
    """The S256 code challenge: base64url (no padding) of SHA-256 of the verifier (RFC 7636)."""
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode("ascii")).digest()).rstrip(b"=").decode()


def new_state(organization_id: str, app_id: str, now: float) -> State:
    return State(secrets.token_urlsafe(18), organization_id, app_id, int(now) + STATE_SECONDS)


def encode_state(keyring: Signer, state: State) -> str:
    body = f"{state.nonce}.{state.organization_id}.{state.app_id}.{state.expires}"
    return f"{body}.{keyring.sign(body)}"


def decode_state(keyring: Signer, text: str) -> State | None:
    """The state when its signature is ours, else None (forged, altered or malformed)."""
    if not text or len(text) > MAX_STATE:
        return None
    parts = text.split(".")
    if len(parts) != 5:
        return None
    nonce, org, app, expires, signature = parts
    if not all(_ID.match(p) for p in (nonce, org, app, signature)) or not expires.isdigit():
        return None
    if not keyring.verify(".".join(parts[:4]), signature):
        return None
    return State(nonce, org, app, int(expires))


def callback_url(public_base_url: str) -> str:
    return public_base_url.rstrip("/") + CALLBACK_PATH


def authorize_url(auth_base: str, client_key: str, redirect_uri: str, state: str, code_challenge: str) -> str:
    query = urlencode(
        {
            "client_key": client_key,
            "response_type": "code",
            "scope": ",".join(SCOPES),
            "redirect_uri": redirect_uri,
            "state": state,
            "code_challenge": code_challenge,
            "code_challenge_method": "S256",
        },
        safe=",",
    )
    return f"{auth_base.rstrip('/')}{AUTHORIZE_PATH}?{query}"


def clean_redirect_after(url: str, public_base_url: str) -> str:
    """An absolute http(s) URL on the public base URL's host (the browser is never sent to another
    site), without credentials or fragments; empty stays empty. VALIDATION_ERROR otherwise."""
    if not url:
        return ""
    base = urlsplit(public_base_url)
    problem = ""
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        parts, host = None, None
    if len(url) > MAX_REDIRECT:
        problem = f"must be at most {MAX_REDIRECT} characters"
    elif parts is None or parts.scheme not in ("http", "https") or not host:
        problem = "must be an absolute http(s) URL"
    elif parts.username is not None or parts.password is not None or any(c in url for c in "\\\r\n\t "):
        problem = "must be a plain URL (no credentials, spaces or backslashes)"
    elif host != (base.hostname or "").lower():
        problem = f"must be on {base.hostname} (the service's own host)"
    elif base.scheme == "https" and parts.scheme != "https":
        problem = "must use https"
    if problem:
        raise validation_error([("redirect_after", problem)])
    return url


def with_query(url: str, params: dict[str, str]) -> str:
    """`url` with `params` added to its query (replacing those of the same names)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in params]
    return urlunsplit(parts._replace(query=urlencode([*query, *params.items()]), fragment=""))


def has_scopes(granted: str) -> bool:
    """Whether the scopes TikTok says the user granted (comma separated) allow posting."""
    got = {s.strip() for s in granted.split(",")}
    return {"video.publish", "video.upload"} <= got

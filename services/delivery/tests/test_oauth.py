"""Connecting TikTok by OAuth, the rules without I/O: the authorize URL, PKCE, the signed state,
where the browser may be sent afterwards, and what the callback refuses before it looks at the
database (forged, altered, expired or other organization's states, no client key)."""

from __future__ import annotations

import base64
import hashlib
import time
from urllib.parse import parse_qs, urlsplit

import pytest
from delivery import oauth
from delivery.accounts import Accounts
from delivery.crypto import KeyRing
from delivery.settings import Settings
from delivery.tiktok import TikTok
from kit.errors import ServiceError

KEYS = "k1:" + base64.urlsafe_b64encode(b"k" * 32).decode()
OTHER_KEYS = "k9:" + base64.urlsafe_b64encode(b"z" * 32).decode()


def test_pkce_challenge_is_s256_of_the_verifier():
    verifier = oauth.new_verifier()
    assert 43 <= len(verifier) <= 128
    assert all(c.isalnum() or c in "-._~" for c in verifier)
    expected = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    assert oauth.challenge(verifier) == expected
    assert oauth.new_verifier() != verifier


def test_authorize_url_carries_every_parameter():
    url = oauth.authorize_url(
        "https://www.tiktok.com/", "ck123", "https://app.example/v0/public/oauth/tiktok/callback", "st", "ch"
    )
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "www.tiktok.com", "/v2/auth/authorize/")
    q = {k: v[0] for k, v in parse_qs(parts.query).items()}
    assert q == {
        "client_key": "ck123",
        "response_type": "code",
        "scope": "user.info.basic,video.publish,video.upload",
        "redirect_uri": "https://app.example/v0/public/oauth/tiktok/callback",
        "state": "st",
        "code_challenge": "ch",
        "code_challenge_method": "S256",
    }
    assert "scope=user.info.basic,video.publish,video.upload" in parts.query  # commas as TikTok shows them


def test_state_round_trips_and_refuses_forgeries():
    ring = KeyRing(KEYS)
    state = oauth.new_state("org_A", "app_B", time.time())
    text = oauth.encode_state(ring, state)
    assert oauth.decode_state(ring, text) == state
    nonce, org, app, expires, sig = text.split(".")
    forged = [
        f"{nonce}.org_Other.{app}.{expires}.{sig}",  # another organization
        f"{nonce}.{org}.app_Other.{expires}.{sig}",  # another app
        f"{nonce}.{org}.{app}.{int(expires) + 3600}.{sig}",  # a longer life
        # one signature character changed (in the middle: the last one also carries padding bits,
        # and a fixed replacement could be what the signature already ends with)
        f"{nonce}.{org}.{app}.{expires}.{sig[:10]}{'B' if sig[10] == 'A' else 'A'}{sig[11:]}",
        oauth.encode_state(KeyRing(OTHER_KEYS), state),  # signed with a key this server lacks
        "",
        "garbage",
        text + ".x",
        "a" * 5000,
        f"{nonce}.{org}.{app}.{expires}.{sig}\u00e9",
    ]
    for bad in forged:
        assert oauth.decode_state(ring, bad) is None, bad
    # A retired key still verifies states it signed (keys rotate: new first, old after).
    assert oauth.decode_state(KeyRing(f"{OTHER_KEYS},{KEYS}"), text) == state


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("", True),
        ("https://app.example/console/apps/app_1?tab=social", True),
        ("https://APP.example/x", True),
        ("https://evil.example/x", False),
        ("https://app.example.evil.example/x", False),
        ("http://app.example/x", False),  # the base is https
        ("javascript:alert(1)", False),
        ("//evil.example/x", False),
        ("/relative/path", False),
        ("https://user:pw@app.example/x", False),
        ("https://app.example\\@evil.example/", False),
        ("https://app.example:99999/x", False),
        ("https://app.example/" + "a" * 3000, False),
    ],
)
def test_redirect_after_stays_on_the_public_host(url, ok):
    base = "https://app.example"
    if ok:
        assert oauth.clean_redirect_after(url, base) == url
    else:
        with pytest.raises(ServiceError) as err:
            oauth.clean_redirect_after(url, base)
        assert err.value.code == "VALIDATION_ERROR"
        assert err.value.details["fields"][0]["field"] == "redirect_after"


def test_with_query_adds_the_outcome():
    url = oauth.with_query("https://app.example/x?tab=social&tiktok=old#frag", {"tiktok": "connected"})
    assert url == "https://app.example/x?tab=social&tiktok=connected"


def accounts(**settings) -> Accounts:
    s = Settings(webhook_secret_key=KEYS, public_base_url="https://app.example", **settings)
    return Accounts(s, engine=None, keyring=KeyRing(KEYS), tiktok=TikTok(s), catalog=None)  # type: ignore[arg-type]


async def test_connecting_without_a_client_key_is_unavailable():
    with pytest.raises(ServiceError) as err:
        await accounts(tiktok_client_key="").start_connect("org_A", "app_B", "")
    assert err.value.code == "UNAVAILABLE" and "TIKTOK_CLIENT_KEY" in err.value.message


async def test_callback_refuses_forged_expired_and_other_organization_states_before_any_lookup():
    # No database here (engine=None): these outcomes are decided from the state alone.
    acc = accounts(tiktok_client_key="ck")
    ring = KeyRing(KEYS)
    live = oauth.encode_state(ring, oauth.new_state("org_A", "app_B", time.time()))
    expired = oauth.encode_state(
        ring, oauth.new_state("org_A", "app_B", time.time() - oauth.STATE_SECONDS - 1)
    )
    forged = oauth.encode_state(KeyRing(OTHER_KEYS), oauth.new_state("org_A", "app_B", time.time()))
    cases = [
        (forged, "", oauth.INVALID_STATE),
        ("", "", oauth.INVALID_STATE),
        (live, "org_Other", oauth.WRONG_ORGANIZATION),
        (expired, "", oauth.EXPIRED_STATE),
        (expired, "org_A", oauth.EXPIRED_STATE),
    ]
    for state, session_org, outcome in cases:
        done = await acc.finish_connect(state, "code", "", "", session_org)
        assert done.outcome == outcome, (state, session_org)
        assert done.account is None and done.redirect_url == "" and "Nothing was changed" in done.message

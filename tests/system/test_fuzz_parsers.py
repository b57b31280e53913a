"""Property tests (hypothesis) of the parsers at the edges: app slugs, colors and URLs (catalog),
share tokens (sharing) and signed Stripe payloads (billing intake, pure and over HTTP)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import time
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from billing import intake
from catalog import domain as catalog
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit.errors import ServiceError
from sharing import domain as sharing

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
COLOR = re.compile(r"^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{32}$")
STRIPE_SECRET = os.environ.get("STRIPE_WEBHOOK_SECRET", "whsec_test_local")
BASE = "https://slides.example.com"
FAST = settings(max_examples=200, deadline=None, database=None, derandomize=True)

text = st.text(st.characters(codec="utf-8"), max_size=120)
json_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


def stripe_header(payload: bytes, secret: str = STRIPE_SECRET, at: int | None = None) -> str:
    ts = int(time.time()) if at is None else at
    mac = hmac.new(secret.encode(), f"{ts}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={ts},v1={mac}"


# --- catalog: slugs ---------------------------------------------------------------------------


@FAST
@given(name=text)
def test_slugify_yields_a_valid_slug_or_nothing(name):
    slug = catalog.slugify(name)
    assert slug == "" or SLUG.match(slug), slug
    assert len(slug) <= catalog.SLUG_MAX
    assert catalog.slugify(slug) == slug


@FAST
@given(
    name=text,
    suffix=st.text(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=20, max_size=20
    ),
)
def test_slug_for_is_never_empty_and_always_accepted(name, suffix):
    slug = catalog.slug_for(name, f"app_{suffix}")
    assert SLUG.match(slug), slug
    catalog.validate_new({"name": "Valid Name", "slug": slug})


# --- catalog: colors and URLs -----------------------------------------------------------------


@FAST
@given(value=text | st.from_regex(COLOR, fullmatch=True))
def test_color_rule_accepts_exactly_hex_colors(value):
    fields = {"name": "Valid Name", "brand_primary_color": value}
    if COLOR.match(value.strip()) or not value.strip():
        catalog.validate_new(fields)
        return
    with pytest.raises(ServiceError) as err:
        catalog.validate_new(fields)
    assert err.value.code == "VALIDATION_ERROR"
    assert [f["field"] for f in err.value.details["fields"]] == ["brand_primary_color"]


urls = text | st.builds(
    lambda scheme, host, rest: f"{scheme}://{host}{rest}",
    st.sampled_from(["http", "https", "HTTPS", "ftp", "javascript", ""]),
    st.text(max_size=40),
    st.text(max_size=40),
)


@FAST
@given(value=urls)
def test_url_rule_never_raises_anything_but_a_validation_error(value):
    try:
        cleaned = catalog.validate_new({"name": "Valid Name", "website_url": value})
    except ServiceError as err:
        assert err.code == "VALIDATION_ERROR"
        assert [f["field"] for f in err.details["fields"]] == ["website_url"]
        return
    accepted = cleaned["website_url"]
    if accepted:
        parts = urlsplit(accepted)
        assert parts.scheme.lower() in ("http", "https") and parts.hostname, accepted
        assert not any(c.isspace() for c in accepted)


# --- sharing: tokens --------------------------------------------------------------------------


def test_new_tokens_have_the_documented_format():
    tokens = {sharing.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(TOKEN.match(t) for t in tokens)


@FAST
@given(value=text | st.from_regex(TOKEN, fullmatch=True))
def test_is_token_matches_exactly_32_base64url_chars(value):
    assert sharing.is_token(value) == bool(TOKEN.match(value))


@FAST
@given(token=st.from_regex(TOKEN, fullmatch=True), tail=st.sampled_from(["", "/"]))
def test_share_urls_round_trip(token, tail):
    assert sharing.token_from_share_url(BASE, sharing.share_url(BASE, token) + tail) == token


@FAST
@given(url=urls | st.builds(lambda t: f"{BASE}/share/{t}", text))
def test_token_from_share_url_never_raises(url):
    token = sharing.token_from_share_url(BASE, url)
    assert token is None or TOKEN.match(token)


# --- billing: Stripe payloads -----------------------------------------------------------------

event_types = st.sampled_from([*intake.HANDLERS, "ping", ""]) | st.text(max_size=20)
events = st.fixed_dictionaries(
    {},
    optional={
        "id": st.text(max_size=40) | json_values,
        "type": event_types | json_values,
        "created": st.integers() | json_values,
        "data": st.fixed_dictionaries({}, optional={"object": json_values}) | json_values,
    },
)
utf8_bodies = (
    events.map(json.dumps).map(str.encode)
    | json_values.map(json.dumps).map(str.encode)
    | text.map(str.encode)
)
bodies = utf8_bodies | st.binary(max_size=64)


@FAST
@given(payload=bodies)
def test_verified_payloads_raise_only_documented_errors(payload):
    try:
        event = intake.verify(payload, stripe_header(payload), STRIPE_SECRET, 300)
    except ServiceError as err:
        try:
            payload.decode("utf-8")
        except UnicodeDecodeError:
            # Stripe signs UTF-8 text: bytes that are not text are refused as unverifiable.
            assert err.code == "INVALID_SIGNATURE", err
            return
        assert err.code == "VALIDATION_ERROR", err
        return
    assert isinstance(event["id"], str) and isinstance(event["type"], str)
    assert isinstance(event["created"], int) and isinstance(event["data"]["object"], dict)


@FAST
@given(payload=utf8_bodies, secret=st.text(min_size=1, max_size=20))
def test_payloads_signed_with_another_secret_are_refused(payload, secret):
    if secret == STRIPE_SECRET:
        return
    with pytest.raises(ServiceError) as err:
        intake.verify(payload, stripe_header(payload, secret), STRIPE_SECRET, 300)
    assert err.value.code == "INVALID_SIGNATURE"


def test_badly_signed_binary_payloads_are_refused_as_invalid_signature():
    payload = b"\x80not json"
    with pytest.raises(ServiceError) as err:
        intake.verify(payload, stripe_header(payload, "whsec_wrong"), STRIPE_SECRET, 300)
    assert err.value.code == "INVALID_SIGNATURE"


def objects_for(org_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """Random Stripe-like objects that find the throwaway organization (so handlers run)."""
    return st.fixed_dictionaries(
        {"metadata": st.just({"organization_id": org_id})},
        optional={
            "client_reference_id": st.just(org_id) | json_values,
            "customer": st.text(max_size=20) | json_values,
            "status": st.sampled_from(["active", "past_due", "canceled", "unpaid", "trialing"]) | json_values,
            "items": json_values | st.just({"data": [{"price": {"lookup_key": "business"}}]}),
            "current_period_start": st.integers() | json_values,
            "current_period_end": st.integers() | json_values,
            "amount_due": st.integers() | json_values,
            "currency": st.text(max_size=5) | json_values,
            "lines": json_values,
            "subscription": json_values,
            "period_start": json_values,
        },
    )


def test_signed_random_events_over_http_never_fail(gateway_url, new_org):
    org_id = new_org("starter")["organization_id"]

    @settings(
        max_examples=40,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        kind=st.sampled_from(list(intake.HANDLERS)),
        obj=objects_for(org_id),
        n=st.integers(0, 10**9),
    )
    def run(kind, obj, n) -> None:
        event = {
            "id": f"evt_fuzz_{org_id}_{n}",
            "type": kind,
            "created": int(time.time()),
            "data": {"object": obj},
        }
        payload = json.dumps(event).encode()
        resp = client.post(
            "/v0/public/billing/payment-webhook",
            content=payload,
            headers={"Stripe-Signature": stripe_header(payload), "Content-Type": "application/json"},
        )
        assert resp.status_code in (200, 400), f"{payload[:600]!r} -> {resp.status_code} {resp.text}"
        body = resp.json()
        if resp.status_code == 200:
            assert body["received"] is True
        else:
            assert body["success"] is False and body["error"]["code"] == "VALIDATION_ERROR", body

    transport = httpx.HTTPTransport(local_address="127.0.18.78")  # its own per-address bucket
    with httpx.Client(base_url=gateway_url, timeout=30, transport=transport) as client:
        run()

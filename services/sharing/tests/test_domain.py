"""Share-link rules without I/O: tokens, cookies, URLs, oEmbed sizes, CSP, escaping."""

from __future__ import annotations

import pytest
from sharing import domain, pages

BASE = "https://slides.example"


def test_tokens_are_32_base64url_chars_and_unique():
    tokens = {domain.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(domain.is_token(t) for t in tokens)


def test_hash_is_stable_and_hides_the_token():
    t = domain.new_token()
    assert domain.token_hash(t) == domain.token_hash(t)
    assert t not in domain.token_hash(t) and len(domain.token_hash(t)) == 64


def test_encrypted_token_round_trips_only_with_the_same_secret():
    t = domain.new_token()
    box = domain.Keys("one").encrypt_token(t)
    assert t not in box
    assert domain.Keys("one").decrypt_token(box) == t
    assert domain.Keys("two").decrypt_token(box) is None
    assert domain.Keys("one").decrypt_token("garbage") is None


def test_cookie_is_bound_to_token_password_and_time():
    keys = domain.Keys("secret")
    value = keys.sign_cookie("hashA", "pw1", 60, now=1000)
    assert keys.verify_cookie(value, "hashA", "pw1", now=1030)
    assert not keys.verify_cookie(value, "hashA", "pw1", now=1061)  # expired
    assert not keys.verify_cookie(value, "hashB", "pw1", now=1030)  # other token
    assert not keys.verify_cookie(value, "hashA", "pw2", now=1030)  # password changed
    assert not domain.Keys("other").verify_cookie(value, "hashA", "pw1", now=1030)
    expires, mac = value.split(".")
    assert not keys.verify_cookie(f"{int(expires) + 999}.{mac}", "hashA", "pw1", now=1030)
    for junk in ("", ".", "abc.def", "1000"):
        assert not keys.verify_cookie(junk, "hashA", "pw1", now=0)


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        (f"{BASE}/share/{'a' * 32}", True),
        (f"{BASE}/share/{'a' * 32}/", True),
        (f"https://SLIDES.example/share/{'a' * 32}", True),
        (f"http://slides.example/share/{'a' * 32}", False),
        (f"https://evil.example/share/{'a' * 32}", False),
        (f"{BASE}/embed/{'a' * 32}", False),
        (f"{BASE}/share/short", False),
        ("not a url", False),
        ("http://[::1", False),
    ],
)
def test_token_from_share_url(url, ok):
    assert (domain.token_from_share_url(BASE, url) == "a" * 32) is ok


@pytest.mark.parametrize(
    ("maxw", "maxh", "size"),
    [(0, 0, (360, 640)), (180, 0, (180, 320)), (0, 320, (180, 320)), (1000, 400, (225, 400)), (1, 1, (1, 1))],
)
def test_oembed_size_keeps_9_16_within_bounds(maxw, maxh, size):
    w, h = domain.oembed_size(360, 640, maxw, maxh)
    assert (w, h) == size
    assert (not maxw or w <= maxw) and (not maxh or h <= maxh)


def test_csp_uses_the_nonce_and_only_image_origins():
    csp = domain.content_security_policy(
        "N0NCE", ["http://s3.local:8333/slides/a.png", "javascript:alert(1)"], False
    )
    assert "script-src 'nonce-N0NCE'" in csp and "img-src http://s3.local:8333;" in csp
    assert "frame-ancestors 'none'" in csp and "javascript" not in csp
    assert "frame-ancestors *" in domain.content_security_policy("n", [], True)


def test_pages_escape_everything_user_controlled():
    deck = domain.DeckView(
        title="<script>alert(1)</script>",
        status="READY",
        language='en" onload="x',
        slides=[
            domain.SlideView(i, f'"><img src=x onerror=alert({i})>', f"https://cdn.example/{i}.png")
            for i in range(6)
        ],
        caption="</p><script>alert(2)</script>",
        hashtags=["#<b>"],
    )
    page = pages.deck_page(deck, base_url=BASE, token="t" * 32, embed=False, provider_name="P")
    assert "<script>alert" not in page.html and "<img src=x" not in page.html and "<b>" not in page.html
    assert 'onload="x' not in page.html
    assert page.html.count("<script nonce=") == 1
    iframe = pages.oembed_iframe('https://x/"><script>', 10, 20, "<b>")
    assert "<script>" not in iframe and "<b>" not in iframe

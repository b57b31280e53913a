"""Public share pages, embed page, oEmbed and public ZIP, checked by parsing the HTML: OG tags,
oEmbed discovery, XSS attempts rendered inert, security headers, password cookie and throttle."""

from __future__ import annotations

import importlib.util
import io
import re
import secrets
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

_spec = importlib.util.spec_from_file_location(
    "sharing_contract_helpers", Path(__file__).with_name("test_sharing.py")
)
assert _spec and _spec.loader
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)

PASSWORD = "open sesame 42"  # noqa: S105 - test credential
VOID = {"meta", "link", "img", "input", "br", "hr", "source"}


class Doc(HTMLParser):
    """Elements with their attributes, the text of every element with an id, script bodies."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.text: dict[str, str] = {}
        self.scripts: list[tuple[dict[str, str], str]] = []
        self._open: list[tuple[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        self.elements.append((tag, a))
        if tag == "script":
            self.scripts.append((a, ""))
        if tag not in VOID:
            self._open.append((tag, a.get("id", "")))
            if a.get("id"):
                self.text.setdefault(a["id"], "")

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _, ident in self._open:
            if ident:
                self.text[ident] += data
        if self._open and self._open[-1][0] == "script":
            attrs, body = self.scripts[-1]
            self.scripts[-1] = (attrs, body + data)

    def all(self, tag: str, **match: str) -> list[dict[str, str]]:
        return [a for t, a in self.elements if t == tag and all(a.get(k) == v for k, v in match.items())]

    def meta(self, key: str) -> str | None:
        for a in self.all("meta"):
            if a.get("property") == key or a.get("name") == key:
                return a.get("content")
        return None


def get(url: str, **kwargs) -> httpx.Response:
    return httpx.get(url, timeout=kwargs.pop("timeout", 60), **kwargs)


def post(url: str, **kwargs) -> httpx.Response:
    return httpx.post(url, timeout=kwargs.pop("timeout", 60), **kwargs)


def norm(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def deck(gateway_url, stack_env, new_org) -> dict[str, str]:
    return helpers.ready_deck(gateway_url, stack_env, new_org)


@pytest.fixture(scope="module")
def owner(gateway_url, deck) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {deck['api_key']}"}, timeout=30
    ) as c:
        yield c


@pytest.fixture(scope="module")
def slideshow(owner, deck) -> dict:
    return owner.get(f"/v0/api/v1/slideshows/{deck['slideshow_id']}").json()["body"]


@pytest.fixture(scope="module")
def page(gateway_url, deck) -> httpx.Response:
    return get(f"{gateway_url}/share/{deck['token']}", timeout=30)


@pytest.fixture(scope="module")
def doc(page) -> Doc:
    return Doc(page.text)


@pytest.fixture(scope="module")
def decks(gateway_url, new_org, stack_env) -> Iterator:
    org = new_org("pro")
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        yield helpers.Decks(c, org, stack_env)


# Every generated slideshow is rendered in the background, so the module makes only two (not
# necessarily rendered) and each test sets the link state it needs on them.
@pytest.fixture(scope="module")
def ss_p(decks) -> str:
    return decks.slideshow()


@pytest.fixture(scope="module")
def ss_q(decks) -> str:
    return decks.slideshow()


def link(decks, slideshow_id: str, **body) -> dict:
    r = helpers.share(decks.client, slideshow_id, **body)
    assert r.status_code in (200, 201), r.text
    return r.json()["body"]


def assets(slideshow: dict) -> tuple[str, list[str]]:
    by_type = {a["type"]: a for a in slideshow["marketing_assets"]}
    return by_type["caption"]["text"], by_type["hashtags"]["tags"]


# --- the share page -----------------------------------------------------------------------


def test_share_page_shows_six_slides_caption_hashtags_and_download(page, doc, deck, slideshow):
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    images = [a["src"] for a in doc.all("img")]
    assert images == [s["image_url"] for s in sorted(slideshow["slides"], key=lambda s: s["order"])]
    assert len(images) == 6
    caption, tags = assets(slideshow)
    assert norm(doc.text["caption"]) == norm(caption)
    assert norm(doc.text["hashtags"]).split(" ") == tags
    assert doc.all("button", id="download")[0]["data-zip"] == f"/v0/public/share/{deck['token']}/zip"
    assert norm(doc.text["counter"]) == "1 / 6"


def test_open_graph_and_twitter_tags(doc, deck, slideshow, gateway_url):
    first = min(slideshow["slides"], key=lambda s: s["order"])["image_url"]
    assert doc.meta("og:title") == helpers.XSS_APP_NAME
    assert doc.meta("og:type") == "website"
    assert doc.meta("og:url") == f"{gateway_url}/share/{deck['token']}"
    assert doc.meta("og:image") == first
    assert (doc.meta("og:image:width"), doc.meta("og:image:height")) == ("1080", "1920")
    assert doc.meta("og:description")
    assert doc.meta("twitter:card") == "summary_large_image"
    assert doc.meta("twitter:image") == first
    assert doc.meta("twitter:title") == helpers.XSS_APP_NAME


def test_oembed_discovery_link_resolves_to_a_valid_answer(doc, deck, slideshow, gateway_url):
    links = doc.all("link", rel="alternate", type="application/json+oembed")
    assert len(links) == 1
    href = links[0]["href"]
    assert href.startswith(f"{gateway_url}/v0/public/oembed?")
    query = parse_qs(urlsplit(href).query)
    assert query == {"url": [f"{gateway_url}/share/{deck['token']}"], "format": ["json"]}
    r = get(href)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/json")
    o = r.json()
    assert (o["version"], o["type"]) == ("1.0", "rich")
    assert (o["width"], o["height"]) == (360, 640)
    assert o["title"] == helpers.XSS_APP_NAME
    assert o["provider_url"] == gateway_url and o["provider_name"]
    assert o["thumbnail_url"] == min(slideshow["slides"], key=lambda s: s["order"])["image_url"]
    assert (o["thumbnail_width"], o["thumbnail_height"]) == (1080, 1920)
    iframe = Doc(o["html"]).all("iframe")
    assert len(iframe) == 1
    assert iframe[0]["src"] == f"{gateway_url}/embed/{deck['token']}"
    assert (iframe[0]["width"], iframe[0]["height"]) == ("360", "640")
    assert "<script" not in o["html"]


def test_xss_in_app_name_and_copy_is_inert(page, doc, slideshow):
    raw = page.text
    # The copy really carried the attempts, so the page had something to escape.
    assert any("<img src=x" in s["title"] for s in slideshow["slides"])
    assert "<script>alert" not in raw and "<img src=x" not in raw and "</p><script>" not in raw
    assert "&lt;script&gt;alert(1)&lt;/script&gt;x" in raw
    assert norm(doc.text.get("caption", "")).count("onerror=alert(2)") == 1  # shown as text
    for tag, attrs in doc.elements:
        assert not [k for k in attrs if k.startswith("on")], (tag, attrs)
    nonce = re.search(r"script-src 'nonce-([^']+)'", page.headers["content-security-policy"]).group(1)
    assert doc.scripts and all(attrs.get("nonce") == nonce for attrs, _ in doc.scripts)
    assert all("alert(" not in body for _, body in doc.scripts)
    assert [a["src"] for a in doc.all("img") if a["src"] == "x"] == []


def test_security_headers(page, doc):
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    nonce = re.search(r"script-src 'nonce-([^']+)'", csp).group(1)
    assert len(nonce) >= 16
    assert all(a.get("nonce") == nonce for a in doc.all("style"))
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    assert page.headers["x-frame-options"] == "DENY"
    assert "no-store" in page.headers["cache-control"]


def test_nonce_changes_per_response(gateway_url, deck, page):
    again = get(f"{gateway_url}/share/{deck['token']}")
    assert again.headers["content-security-policy"] != page.headers["content-security-policy"]


def test_embed_page_is_frameable(gateway_url, deck):
    r = get(f"{gateway_url}/embed/{deck['token']}")
    assert r.status_code == 200
    assert "x-frame-options" not in r.headers
    assert "frame-ancestors *" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    d = Doc(r.text)
    assert len(d.all("img")) == 6
    assert d.all("a", **{"class": "open"})[0]["href"] == f"{gateway_url}/share/{deck['token']}"


def test_public_endpoints_carry_ip_rate_limit_headers(gateway_url, deck, page):
    for r in (page, get(f"{gateway_url}/v0/public/oembed", params={"url": "nope"})):
        assert re.fullmatch(r'"minute";q=\d+;w=60', r.headers["ratelimit-policy"])
        assert re.fullmatch(r'"minute";r=\d+;t=\d+', r.headers["ratelimit"])


# --- pages that must reveal nothing, and the not-yet-rendered page --------------------------


def strip_nonce(html: str) -> str:
    return re.sub(r'nonce="[^"]+"', "", html)


def test_unknown_rotated_and_disabled_tokens_get_the_same_plain_404(gateway_url, decks, ss_q):
    rotated = link(decks, ss_q)["token"]
    disabled = link(decks, ss_q, rotate=True)["token"]
    decks.client.delete(f"/v0/api/slideshows/{ss_q}/share")
    unknown = secrets.token_urlsafe(24)
    answers = [get(f"{gateway_url}/share/{t}") for t in (unknown, rotated, disabled, "short", "bad!token")]
    answers.append(get(f"{gateway_url}/embed/{unknown}"))
    bodies = set()
    for r, token in zip(answers, (unknown, rotated, disabled, "short", "bad!token", unknown), strict=True):
        assert r.status_code == 404, (token, r.status_code)
        assert r.headers["content-type"].startswith("text/html")
        assert token not in r.text
        bodies.add(strip_nonce(r.text))
    assert len(bodies) == 1


def test_page_says_still_rendering_until_ready(gateway_url, decks, ss_q):
    ss = ss_q
    token = link(decks, ss, remove_password=True)["token"]
    page = get(f"{gateway_url}/share/{token}")
    assert page.status_code == 200
    doc = Doc(page.text)
    if decks.status(ss) != "READY":  # checked after the page: it was not READY when rendered
        assert "still rendering" in doc.text["state"]
        assert doc.all("meta", **{"http-equiv": "refresh"})
        assert doc.all("img") == [] and doc.meta("og:image") is None
    assert doc.all("link", rel="alternate", type="application/json+oembed")


# --- oEmbed ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "size"),
    [
        ({}, (360, 640)),
        ({"maxwidth": 180}, (180, 320)),
        ({"maxheight": 320}, (180, 320)),
        ({"maxwidth": 1000, "maxheight": 400}, (225, 400)),
        ({"maxwidth": 100, "maxheight": 1000}, (100, 177)),
    ],
)
def test_oembed_respects_maxwidth_and_maxheight(gateway_url, deck, params, size):
    r = get(
        f"{gateway_url}/v0/public/oembed",
        params={"url": f"{gateway_url}/share/{deck['token']}", "format": "json", **params},
    )
    assert r.status_code == 200, r.text
    o = r.json()
    assert (o["width"], o["height"]) == size
    assert o["width"] <= params.get("maxwidth", 10**6) and o["height"] <= params.get("maxheight", 10**6)
    assert f'width="{size[0]}"' in o["html"] and f'height="{size[1]}"' in o["html"]


@pytest.mark.parametrize(
    ("params", "status", "code"),
    [
        ({"url": "SHARE", "format": "xml"}, 501, "NOT_IMPLEMENTED"),
        ({"url": "UNKNOWN"}, 404, "SHARE_NOT_FOUND"),
        ({"url": "https://elsewhere.example/share/TOKEN"}, 404, "SHARE_NOT_FOUND"),
        ({"url": "not a url at all"}, 404, "SHARE_NOT_FOUND"),
        ({}, 400, "VALIDATION_ERROR"),
        ({"url": "SHARE", "maxwidth": "0"}, 400, "VALIDATION_ERROR"),
        ({"url": "SHARE", "maxheight": "tall"}, 400, "VALIDATION_ERROR"),
    ],
)
def test_oembed_errors(gateway_url, deck, params, status, code):
    share_url = f"{gateway_url}/share/{deck['token']}"
    values = {
        k: v.replace("SHARE", share_url)
        .replace("UNKNOWN", f"{gateway_url}/share/{secrets.token_urlsafe(24)}")
        .replace("TOKEN", deck["token"])
        for k, v in params.items()
    }
    r = get(f"{gateway_url}/v0/public/oembed", params=values)
    assert r.status_code == status, r.text
    assert r.json()["success"] is False
    assert r.json()["error"]["code"] == code


def test_oembed_of_protected_share_is_401(gateway_url, decks, ss_p):
    url = link(decks, ss_p, password=PASSWORD)["url"]
    r = get(f"{gateway_url}/v0/public/oembed", params={"url": url, "format": "json"})
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "PASSWORD_REQUIRED"


# --- public ZIP ------------------------------------------------------------------------------


def zip_of(gateway_url: str, token: str, **kwargs) -> httpx.Response:
    return post(f"{gateway_url}/v0/public/share/{token}/zip", timeout=120, **kwargs)


def test_public_zip_returns_the_bundle(gateway_url, deck):
    r = zip_of(gateway_url, deck["token"], json={})
    assert r.status_code == 200, r.text
    data = r.json()["data"]
    assert r.json()["success"] is True
    assert set(data) == {"url", "expires_at", "cached"}
    blob = get(data["url"], timeout=60)
    assert blob.status_code == 200
    names = zipfile.ZipFile(io.BytesIO(blob.content)).namelist()
    assert "slides/06.png" in names and "metadata.json" in names
    again = zip_of(gateway_url, deck["token"])
    assert again.status_code == 200 and again.json()["data"]["cached"] is True


def test_public_zip_errors(gateway_url, deck):
    unknown = zip_of(gateway_url, secrets.token_urlsafe(24))
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "SHARE_NOT_FOUND"
    bad = zip_of(gateway_url, deck["token"], content=b"{", headers={"Content-Type": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "VALIDATION_ERROR"
    extra = zip_of(gateway_url, deck["token"], json={"pasword": "typo"})
    assert extra.status_code == 400


def test_public_zip_of_protected_share_needs_the_password(gateway_url, deck, owner):
    assert helpers.share(owner, deck["slideshow_id"], password=PASSWORD).json()["body"]["password_protected"]
    try:
        missing = zip_of(gateway_url, deck["token"], json={})
        assert missing.status_code == 401 and missing.json()["error"]["code"] == "PASSWORD_REQUIRED"
        wrong = zip_of(gateway_url, deck["token"], json={"password": "nope"})
        assert wrong.status_code == 401
        right = zip_of(gateway_url, deck["token"], json={"password": PASSWORD})
        assert right.status_code == 200, right.text
        assert right.json()["data"]["url"].startswith("http")
    finally:
        helpers.share(owner, deck["slideshow_id"], remove_password=True)


# --- password form, cookie, throttle ---------------------------------------------------------


def test_password_flow_sets_a_cookie_scoped_to_the_token(gateway_url, decks, ss_p, ss_q):
    token = link(decks, ss_p, password=PASSWORD)["token"]
    other = link(decks, ss_q, password=PASSWORD)
    with httpx.Client(base_url=gateway_url, timeout=30) as browser:
        form_page = browser.get(f"/share/{token}")
        assert form_page.status_code == 200
        form = Doc(form_page.text)
        assert form.all("form", method="post")[0]["action"] == f"/share/{token}"
        assert form.all("input", type="password")
        assert form.meta("og:image") is None and form.all("img") == []
        assert "content-security-policy" in form_page.headers

        wrong = browser.post(f"/share/{token}", data={"password": "guess"})
        assert wrong.status_code == 401
        assert "Wrong password" in Doc(wrong.text).text["error"]
        assert not browser.cookies

        right = browser.post(f"/share/{token}", data={"password": PASSWORD})
        assert right.status_code == 303
        assert right.headers["location"] == f"/share/{token}"
        cookies = right.headers.get_list("set-cookie")
        assert len(cookies) == 2
        paths = {re.search(r"Path=([^;]+)", c, re.I).group(1) for c in cookies}
        assert paths == {f"/share/{token}", f"/v0/public/share/{token}/zip"}
        for c in cookies:
            assert "httponly" in c.lower() and "samesite=lax" in c.lower()

        unlocked = Doc(browser.get(f"/share/{token}").text)
        assert unlocked.all("form") == [] and unlocked.all("input") == []
        assert "state" in unlocked.text or len(unlocked.all("img")) == 6
        assert Doc(browser.get(f"/share/{other['token']}").text).all("input", type="password")
        # The cookie also unlocks the public ZIP of this token (READY or not, it is past the password).
        zipped = browser.post(f"/v0/public/share/{token}/zip", json={}, timeout=120)
        assert zipped.status_code == 200 or zipped.json()["error"]["code"] == "SLIDESHOW_NOT_READY", (
            zipped.text
        )
        other_zip = browser.post(f"/v0/public/share/{other['token']}/zip", json={})
        assert other_zip.json()["error"]["code"] == "PASSWORD_REQUIRED"

        value = re.match(r"share_auth=([^;]+)", cookies[0]).group(1)
    forged = get(f"{gateway_url}/share/{token}", cookies={"share_auth": value[:-2] + "00"})
    assert Doc(forged.text).all("input", type="password")
    replayed = get(f"{gateway_url}/share/{other['token']}", cookies={"share_auth": value})
    assert Doc(replayed.text).all("input", type="password")
    accepted = get(f"{gateway_url}/share/{token}", cookies={"share_auth": value})
    assert Doc(accepted.text).all("form") == []


def test_rotation_invalidates_the_password_cookie(gateway_url, decks, ss_p):
    ss = ss_p
    token = link(decks, ss, password=PASSWORD)["token"]
    right = post(f"{gateway_url}/share/{token}", data={"password": PASSWORD})
    value = re.match(r"share_auth=([^;]+)", right.headers["set-cookie"]).group(1)
    new = helpers.share(decks.client, ss, rotate=True).json()["body"]["token"]
    r = get(f"{gateway_url}/share/{new}", cookies={"share_auth": value})
    assert Doc(r.text).all("input", type="password")


def test_wrong_passwords_are_throttled_per_token(gateway_url, decks, ss_p, ss_q):
    token = link(decks, ss_q, password=PASSWORD)["token"]
    for _ in range(5):
        assert post(f"{gateway_url}/share/{token}", data={"password": "wrong"}).status_code == 401
    blocked = post(f"{gateway_url}/share/{token}", data={"password": PASSWORD})
    assert blocked.status_code == 429
    assert int(blocked.headers["retry-after"]) > 0
    assert "set-cookie" not in blocked.headers
    zipped = zip_of(gateway_url, token, json={"password": PASSWORD})
    assert zipped.status_code == 429 and zipped.json()["error"]["code"] == "RATE_LIMITED"
    assert int(zipped.headers["retry-after"]) > 0
    other = link(decks, ss_p, password=PASSWORD)  # the throttle is per link
    assert post(f"{gateway_url}/share/{other['token']}", data={"password": PASSWORD}).status_code == 303

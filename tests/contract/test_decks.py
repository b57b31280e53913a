"""Contract tests of what a deck says and shows, through the public API: decks in the app's language
(caption, CTA and titles), a language without copy refused before any quota is used (REST and MCP), the
photos image source end to end and its errors, caption and hashtag rules, no repeated lines."""

from __future__ import annotations

import io
import re
import time
import uuid
from pathlib import Path

import httpx
import pytest
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = sorted((ROOT / "services/renderer/renderer/samples/photos").glob("*.jpg"))
URL = re.compile(r"https?://|www\.")
# The localized "link in bio" of each language's copy (services/renderer/renderer/locales).
LINK_IN_BIO = {
    "ko": "프로필 링크 확인",
    "ar": "الرابط في البايو",
    "zh-Hans": "链接在主页",
    "hi": None,  # read from the API answer's CTA slide below
    "th": "ลิงก์ในไบโอ",
    "ru": None,
}
SCRIPT = {
    "ko": r"[\uac00-\ud7af]",
    "ar": r"[\u0600-\u06ff]",
    "zh-Hans": r"[\u4e00-\u9fff]",
    "hi": r"[\u0900-\u097f]",
    "th": r"[\u0e00-\u0e7f]",
    "ru": r"[\u0400-\u04ff]",
}
FIELDS = {  # what a customer writing in that language puts in the app
    "ko": (["운동 계획이 너무 어려워요"], ["하루 10분 홈트"]),
    "ar": (["لا وقت للنادي بعد العمل"], ["تمارين 10 دقائق في أي مكان"]),
    "zh-Hans": (["下班后没时间去健身房"], ["随时随地10分钟训练"]),
    "hi": (["ऑफ़िस के बाद जिम का समय नहीं"], ["10 मिनट के वर्कआउट, कहीं भी"]),
    "th": (["ไม่มีเวลาไปยิมหลังเลิกงาน"], ["ออกกำลังกาย 10 นาทีที่ไหนก็ได้"]),
    "ru": (["Нет времени на зал после работы"], ["Тренировки по 10 минут где угодно"]),
}


@pytest.fixture
def pro(new_org, gateway_url, set_rate_limit):
    """A new unthrottled Pro organization per test (its plan allows ten apps)."""
    org = new_org("pro")
    set_rate_limit(org["organization_id"], 100_000)
    with httpx.Client(
        base_url=gateway_url, headers={"Authorization": f"Bearer {org['api_key']}"}, timeout=30
    ) as c:
        c.org = org  # type: ignore[attr-defined]
        yield c


def make_app(api: httpx.Client, **fields) -> str:
    body = {
        "name": f"FitPro {uuid.uuid4().hex[:6]}",
        "niche": "fitness",
        "ios_url": "https://apps.apple.com/app/id1",
        **fields,
    }
    r = api.post("/v0/api/v1/apps", json=body)
    assert r.status_code == 201, r.text
    return r.json()["body"]["_id"]


def generate(api: httpx.Client, app_id: str, template_key: str = "problem_solution") -> httpx.Response:
    return api.post(f"/v0/api/v1/apps/{app_id}/slideshows", json={"template_key": template_key})


def wait_final(api: httpx.Client, ss_id: str, timeout: float = 150.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = api.get(f"/v0/api/v1/slideshows/{ss_id}")
        if r.status_code == 200 and r.json()["body"]["status"] in ("READY", "FAILED"):
            return r.json()["body"]
        time.sleep(0.25)
    pytest.fail(f"slideshow {ss_id} not finished after {timeout}s")


def used(api: httpx.Client) -> int:
    """Slideshows of the current billing period, as GET /v0/api/v1/usage reports them."""
    r = api.get("/v0/api/v1/usage")
    assert r.status_code == 200, r.text
    return r.json()["body"]["usage"]["slideshows_per_month"]["used"]


def assets(deck: dict) -> dict:
    return {a["type"]: a for a in deck["marketing_assets"]}


def test_niches_list_every_language_with_copy(pro):
    niches = pro.get("/v0/api/v1/niches").json()["data"]
    want = {
        "en",
        "es",
        "fr",
        "de",
        "it",
        "pt",
        "nl",
        "pl",
        "tr",
        "ru",
        "uk",
        "ar",
        "he",
        "hi",
        "ja",
        "ko",
        "zh-Hans",
        "zh-Hant",
        "th",
        "vi",
        "id",
    }
    assert all(set(n["languages"]) == want for n in niches)


@pytest.mark.parametrize("lang", ["ko", "ar", "zh-Hans", "hi", "th", "ru"])
def test_a_deck_speaks_its_apps_language(pro, lang):
    pains, props = FIELDS[lang]
    tag = {"zh-Hans": "zh-CN"}.get(lang, lang)  # region tags match by lookup
    app_id = make_app(pro, language=tag, pain_points=pains, value_props=props)
    r = generate(pro, app_id)
    assert r.status_code == 202, r.text
    deck = wait_final(pro, r.json()["body"]["slideshow_id"])
    assert deck["status"] == "READY", deck.get("error")
    assert deck["language"] == lang
    script = re.compile(SCRIPT[lang])
    for s in deck["slides"]:
        assert script.search(s["title"]), s  # every title is written in the deck's script
    caption = assets(deck)["caption"]["text"]
    assert script.search(caption) and not URL.search(caption)
    link_in_bio = deck["slides"][-1]["subtitle"]
    assert script.search(link_in_bio)
    if LINK_IN_BIO.get(lang):
        assert link_in_bio == LINK_IN_BIO[lang]
    assert caption.rstrip().endswith(link_in_bio)
    assert all(c["text"].endswith(link_in_bio) for c in deck["marketing_assets"] if c["type"] == "cta")
    # The app's own words, verbatim (the hook may already quote the pain point, its first letter lowered
    # mid-sentence as the hooks writer embeds it; then it is not repeated on the problem slide).
    quoted = (pains[0], pains[0][:1].lower() + pains[0][1:])
    assert any(q in s["title"] for s in deck["slides"] for q in quoted)


def test_a_language_without_copy_is_400_and_keeps_the_quota(pro):
    app_id = make_app(pro, language="sw")
    before = used(pro)
    r = generate(pro, app_id)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "VALIDATION_ERROR"
    assert err["details"]["fields"][0]["field"] == "language"
    assert (
        "ko" in err["details"]["fields"][0]["message"] and "zh-Hant" in err["details"]["fields"][0]["message"]
    )
    assert used(pro) == before


async def test_mcp_generate_refuses_a_language_without_copy(pro, gateway_url):
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    app_id = make_app(pro, language="sw")
    before = used(pro)
    headers = {"Authorization": f"Bearer {pro.org['api_key']}"}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with Client(streamable_http_client(f"{gateway_url}/v0/mcp", http_client=http)) as client:  # type: ignore[arg-type]
            result = await client.call_tool(
                "generate_slideshow", {"app_id": app_id, "template_key": "problem_solution"}
            )
    assert result.is_error
    error = result.structured_content["error"]
    assert error["code"] == "VALIDATION_ERROR" and "language" in str(error)
    assert used(pro) == before


def upload(api: httpx.Client, path: Path) -> str:
    r = api.post(
        "/v0/api/v1/uploads/screenshots", files={"file": (path.name, path.read_bytes(), "image/jpeg")}
    )
    assert r.status_code == 201, r.text
    return r.json()["body"]["url"]


def test_photos_source_end_to_end(pro):
    urls = [upload(pro, p) for p in PHOTOS[:3]]
    app_id = make_app(pro, image_source="photos", photos=urls, design="editorial-split")
    r = generate(pro, app_id, "before_after")
    assert r.status_code == 202, r.text
    deck = wait_final(pro, r.json()["body"]["slideshow_id"])
    assert deck["status"] == "READY", deck.get("error")
    images = []
    for s in deck["slides"]:
        got = httpx.get(s["image_url"], timeout=10)
        assert got.status_code == 200 and len(got.content) < 2_500_000
        with Image.open(io.BytesIO(got.content)) as im:
            assert im.size == (1080, 1920)
            images.append(im.convert("RGB").resize((27, 48)).tobytes())
    assert len(set(images)) == 6  # a different picture behind each slide (three photos, six crops)


def _magenta_screen() -> bytes:
    """A phone screenshot in a color no brand scene here has: magenta cards on white, with lines of
    "text" (detail for the crop and the callout to find)."""
    img = Image.new("RGB", (1170, 2532), (250, 250, 250))
    d = ImageDraw.Draw(img)
    for top in range(160, 2400, 330):
        d.rounded_rectangle((60, top, 1110, top + 280), radius=40, fill=(230, 0, 230))
        for k in range(3):
            d.rectangle((110, top + 50 + 70 * k, 760 - 90 * k, top + 80 + 70 * k), fill=(255, 255, 255))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def _magenta_pixels(png: bytes) -> int:
    with Image.open(io.BytesIO(png)) as im:
        small = im.convert("RGB").resize((108, 192))
    return sum(1 for r, g, b in small.get_flattened_data() if r > 150 and b > 150 and g < 110)


@pytest.mark.parametrize("source", ["brand", "photos"])
def test_a_deck_of_other_imagery_shows_the_apps_screens_when_it_has_some(pro, source):
    """STYLE: the discovery shows the app, not just names it. A brand or photos deck of an app with
    screenshots shows them (on its discovery and CTA slides at least), as the gallery's decks do."""
    r = pro.post(
        "/v0/api/v1/uploads/screenshots", files={"file": ("screen.png", _magenta_screen(), "image/png")}
    )
    assert r.status_code == 201, r.text
    fields = {"image_source": source, "screenshots": [r.json()["body"]["url"]]}
    fields |= {
        "brand_primary_color": "#FF4D2E",
        "brand_secondary_color": "#1A1A2E",
        "brand_accent_color": "#FFD23F",
    }
    if source == "photos":
        fields["photos"] = [upload(pro, p) for p in PHOTOS[:2]]
    deck = wait_final(pro, generate(pro, make_app(pro, **fields)).json()["body"]["slideshow_id"])
    assert deck["status"] == "READY", deck.get("error")
    shown = [_magenta_pixels(httpx.get(s["image_url"], timeout=10).content) for s in deck["slides"]]
    assert sum(1 for n in shown if n > 300) >= 2, shown  # a phone's screen is ~40 % of a slide
    # The same app without screenshots: a deck of its own imagery, nothing magenta.
    fields.pop("screenshots")
    deck = wait_final(pro, generate(pro, make_app(pro, **fields)).json()["body"]["slideshow_id"])
    assert deck["status"] == "READY", deck.get("error")
    assert not [
        s for s in deck["slides"] if _magenta_pixels(httpx.get(s["image_url"], timeout=10).content) > 30
    ]


def test_image_sources_without_pictures_or_provider_are_400(pro):
    before = used(pro)
    for source in ("photos", "stock", "ai", "screenshots"):
        app_id = make_app(pro, image_source=source)
        r = generate(pro, app_id)
        assert (r.status_code, r.json()["error"]["code"]) == (400, "NO_IMAGE_SOURCE"), (source, r.text)
        assert source in r.json()["error"]["message"]
    assert used(pro) == before


@pytest.mark.parametrize("fmt", ["listicle", "myth_vs_fact", "before_after"])
def test_copy_rules_hold_through_the_api(pro, fmt):
    app_id = make_app(
        pro,
        pain_points=["No time for the gym after work", "Workout plans that are way too hard"],
        value_props=["10-minute workouts you can do anywhere", "An AI coach that adapts every week"],
        differentiators=["No equipment needed, ever"],
    )
    deck = wait_final(pro, generate(pro, app_id, fmt).json()["body"]["slideshow_id"])
    assert deck["status"] == "READY", deck.get("error")
    lines = [x for s in deck["slides"] for x in (s["title"], s["subtitle"]) if x]
    normalized = [re.sub(r"\W+", "", x.lower()) for x in lines]
    assert len(normalized) == len(set(normalized)), lines
    if fmt == "listicle":
        name = pro.get(f"/v0/api/v1/apps/{app_id}").json()["body"]["name"]
        assert re.findall(r"\d+", deck["slides"][0]["title"].replace(name, "")) == ["4"]
    a = assets(deck)
    caption = a["caption"]["text"]
    assert 3 <= len(caption.strip().split("\n")) <= 5 and caption.rstrip().endswith("Link in bio")
    assert not URL.search(caption)
    tags = a["hashtags"]["tags"]
    assert 1 <= len(tags) <= 5 and not {"#tiktokmademebuyit", "#apps"} & set(tags)
    assert "#homeworkout" in tags

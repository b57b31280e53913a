"""Contract tests of GET /v0/api/v1/slideshows/:id/zip: contents, caching, concurrent first
calls building one bundle, not-ready and cross-organization answers."""

from __future__ import annotations

import io
import json
import time
import uuid
import zipfile
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import httpx
import pytest
from PIL import Image

EXPECTED = {
    *(f"slides/{i:02d}.png" for i in range(1, 7)),
    "marketing/caption.txt",
    "marketing/hashtags.txt",
    "marketing/cta.txt",
    "metadata.json",
    "README.txt",
}


def _client(gateway_url: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=gateway_url, headers={"Authorization": f"Bearer {key}"}, timeout=60)


def _deck(api: httpx.Client, **app_fields) -> dict:
    body = {
        "name": f"Zen {uuid.uuid4().hex[:6]}",
        "niche": "meditation",
        "pain_points": ["Racing thoughts at night"],
        **app_fields,
    }
    app = api.post("/v0/api/v1/apps", json=body)
    assert app.status_code == 201, app.text
    r = api.post(
        f"/v0/api/v1/apps/{app.json()['body']['_id']}/slideshows", json={"template_key": "before_after"}
    )
    assert r.status_code == 202, r.text
    ss_id = r.json()["body"]["slideshow_id"]
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        body = api.get(f"/v0/api/v1/slideshows/{ss_id}").json()["body"]
        if body["status"] in ("READY", "FAILED"):
            return body
        time.sleep(0.25)
    pytest.fail(f"{ss_id} did not finish")


@pytest.fixture(scope="module")
def org(new_org, set_rate_limit):
    made = new_org("pro")
    set_rate_limit(made["organization_id"], 100_000)  # polling renders would hit the per-minute limit
    return made


@pytest.fixture(scope="module")
def api(org, gateway_url):
    with _client(gateway_url, org["api_key"]) as c:
        yield c


@pytest.fixture(scope="module")
def decks(api) -> list[dict]:
    """Two READY decks: one for the sequential test, one for the concurrent one."""
    out = [_deck(api), _deck(api)]
    assert [d["status"] for d in out] == ["READY", "READY"], [d.get("error") for d in out]
    return out


def _path(url: str) -> str:
    return urlsplit(url).path


def test_zip_contents_and_cache(api, decks):
    deck = decks[0]
    first = api.get(f"/v0/api/v1/slideshows/{deck['_id']}/zip")
    assert first.status_code == 200, first.text
    data = first.json()["data"]
    assert first.json()["success"] is True and data["cached"] is False and data["expires_at"]
    blob = httpx.get(data["url"], timeout=30)
    assert blob.status_code == 200
    with zipfile.ZipFile(io.BytesIO(blob.content)) as zf:
        assert set(zf.namelist()) == EXPECTED
        for i in range(1, 7):
            with Image.open(io.BytesIO(zf.read(f"slides/{i:02d}.png"))) as img:
                assert (img.format, img.size) == ("PNG", (1080, 1920))
        meta = json.loads(zf.read("metadata.json"))
        assert meta["_id"] == deck["_id"] and len(meta["slides"]) == 6 and meta["marketing_assets"]
        caption = next(a["text"] for a in deck["marketing_assets"] if a["type"] == "caption")
        assert zf.read("marketing/caption.txt").decode().strip() == caption.strip()
        tags = next(a["tags"] for a in deck["marketing_assets"] if a["type"] == "hashtags")
        assert zf.read("marketing/hashtags.txt").decode().split() == tags
        assert zf.read("marketing/cta.txt").decode().strip()
        assert "slides/01.png" in zf.read("README.txt").decode()
    second = api.get(f"/v0/api/v1/slideshows/{deck['_id']}/zip").json()["data"]
    assert second["cached"] is True
    assert _path(second["url"]) == _path(data["url"])
    # The URL is presigned: without its signature the object is not readable.
    assert httpx.get(data["url"].split("?")[0], timeout=10).status_code in (401, 403)


def test_concurrent_first_calls_build_once(api, decks):
    ss_id = decks[1]["_id"]
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: api.get(f"/v0/api/v1/slideshows/{ss_id}/zip"), range(4)))
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    data = [a.json()["data"] for a in answers]
    assert len({_path(d["url"]) for d in data}) == 1
    assert sorted(d["cached"] for d in data) == [False, True, True, True]


def test_zip_of_a_failed_deck_is_not_ready(api, org, stack_env):
    missing = (
        f"{stack_env['S3_PUBLIC_URL']}/public/uploads/{org['organization_id']}/nope-{uuid.uuid4().hex}.png"
    )
    deck = _deck(api, image_source="screenshots", screenshots=[missing])
    assert deck["status"] == "FAILED"
    r = api.get(f"/v0/api/v1/slideshows/{deck['_id']}/zip")
    assert (r.status_code, r.json()["error"]["code"]) == (409, "SLIDESHOW_NOT_READY")


def test_zip_of_another_organization_is_404(decks, new_org, gateway_url):
    with _client(gateway_url, new_org("pro")["api_key"]) as other:
        r = other.get(f"/v0/api/v1/slideshows/{decks[0]['_id']}/zip")
        assert (r.status_code, r.json()["error"]["code"]) == (404, "SLIDESHOW_NOT_FOUND")
        r = other.get("/v0/api/v1/slideshows/ss_nope/zip")
        assert (r.status_code, r.json()["error"]["code"]) == (404, "SLIDESHOW_NOT_FOUND")

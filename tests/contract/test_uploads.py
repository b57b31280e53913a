"""Contract tests of POST /v0/api/v1/uploads/screenshots: accepted formats, files that only
pretend to be images, decompression bombs, size limit, authentication."""

from __future__ import annotations

import io
import struct
import zlib

import httpx
import pytest
from PIL import Image

URL = "/v0/api/v1/uploads/screenshots"


def image_bytes(fmt: str, size=(390, 844)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (20, 120, 200)).save(buf, fmt)
    return buf.getvalue()


def png_bomb(width: int = 60_000, height: int = 60_000) -> bytes:
    """A tiny valid-looking PNG whose header claims billions of pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 4096)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def upload(
    api: httpx.Client, data: bytes, name: str = "shot.png", ctype: str = "image/png"
) -> httpx.Response:
    return api.post(URL, files={"file": (name, data, ctype)})


@pytest.mark.parametrize(
    ("fmt", "ext", "ctype"),
    [("PNG", "png", "image/png"), ("JPEG", "jpg", "image/jpeg"), ("WEBP", "webp", "image/webp")],
)
def test_images_are_served_publicly_as_re_encoded_images(api, fmt, ext, ctype):
    data = image_bytes(fmt)
    r = upload(api, data, f"shot.{ext}", ctype)
    assert r.status_code == 201, r.text
    url = r.json()["body"]["url"]
    assert r.json()["success"] is True
    assert f"/public/uploads/{api.org['organization_id']}/" in url and url.endswith(f".{ext}")
    fetched = httpx.get(url, timeout=10)  # no credentials
    assert fetched.status_code == 200 and fetched.headers["content-type"] == ctype
    # Re-encoded from the pixels (not the bytes sent), in the same format and size.
    with Image.open(io.BytesIO(fetched.content)) as img:
        assert img.format == fmt and img.size == (390, 844)


def test_type_is_decided_by_decoding_not_by_name(api):
    r = upload(api, image_bytes("JPEG"), "looks-like.png", "image/png")
    assert r.status_code == 201 and r.json()["body"]["url"].endswith(".jpg")


@pytest.mark.parametrize(
    "data",
    [
        b"hello, I am a text file pretending to be a PNG\n" * 20,
        png_bomb(),
        image_bytes("PNG")[:200],  # truncated
        image_bytes("GIF"),  # decodable, but not an accepted format
    ],
    ids=["renamed-text", "decompression-bomb", "truncated", "gif"],
)
def test_bad_files_are_400(api, data):
    r = upload(api, data)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "VALIDATION_ERROR"
    assert r.json()["error"]["details"]["fields"][0]["field"] == "file"


def test_too_big_is_413(api):
    r = upload(api, b"\x89PNG" + b"\x00" * (10 * 1024 * 1024))
    assert (r.status_code, r.json()["error"]["code"]) == (413, "PAYLOAD_TOO_LARGE")


def test_missing_file_and_missing_credentials(api, gateway_url):
    r = api.post(URL, files={"other": ("a.png", image_bytes("PNG"), "image/png")})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "VALIDATION_ERROR")
    r = api.post(URL, content=b"garbage", headers={"content-type": "multipart/form-data; boundary=zzz"})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "VALIDATION_ERROR")
    r = httpx.post(f"{gateway_url}{URL}", files={"file": ("a.png", image_bytes("PNG"), "image/png")})
    assert r.status_code == 401


def test_uploaded_screenshot_renders_a_deck(api, set_rate_limit):
    set_rate_limit(api.org["organization_id"], 100_000)  # polling the render would hit the per-minute limit
    url = upload(api, image_bytes("PNG", (1170, 2532))).json()["body"]["url"]
    app = api.post(
        "/v0/api/v1/apps",
        json={
            "name": "Shots App",
            "niche": "productivity",
            "image_source": "screenshots",
            "screenshots": [url],
        },
    )
    assert app.status_code == 201, app.text
    r = api.post(
        f"/v0/api/v1/apps/{app.json()['body']['_id']}/slideshows", json={"template_key": "feature_showcase"}
    )
    assert r.status_code == 202, r.text
    import time

    ss_id = r.json()["body"]["slideshow_id"]
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        body = api.get(f"/v0/api/v1/slideshows/{ss_id}").json()["body"]
        if body["status"] in ("READY", "FAILED"):
            break
        time.sleep(0.25)
    assert body["status"] == "READY", body.get("error")
    assert len(body["slides"]) == 6

"""Renderer rules without I/O: request checks, fingerprints, hooks, object keys, image checks,
and the ZIP bundle layout."""

from __future__ import annotations

import io
import ipaddress
import json
import struct
import zipfile
import zlib

import pytest
from kit import netguard
from kit.errors import ServiceError
from PIL import Image
from renderer import bundle, domain


def _fields(err: ServiceError) -> list[str]:
    return [f["field"] for f in err.details["fields"]]


def _image(fmt: str, size=(40, 80)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (1, 2, 3)).save(buf, fmt)
    return buf.getvalue()


def test_template_key_is_required():
    with pytest.raises(ServiceError) as err:
        domain.require_template_key("  ")
    assert err.value.code == "TEMPLATE_KEY_REQUIRED"
    domain.require_template_key("listicle")


def test_idempotency_key_length():
    domain.check_idempotency_key("k" * 255)
    with pytest.raises(ServiceError) as err:
        domain.check_idempotency_key("k" * 256)
    assert _fields(err.value) == ["Idempotency-Key"]


def test_overrides_name_each_bad_field():
    domain.check_overrides(["cta", "persona"], {"cta": "Get it"}, [])
    with pytest.raises(ServiceError) as err:
        domain.check_overrides(["cta", "persona"], {"nope": "x", "cta": "y" * 301}, ["persona"])
    assert err.value.code == "VALIDATION_ERROR"
    assert _fields(err.value) == [
        "variable_overrides.cta",
        "variable_overrides.nope",
        "variable_overrides.persona",
    ]


def test_fingerprint_depends_on_the_body_only():
    a = domain.fingerprint("app_1", "listicle", {"a": "1", "b": "2"}, [], "")
    assert a == domain.fingerprint("app_1", "listicle", {"b": "2", "a": "1"}, [], "")
    assert a != domain.fingerprint("app_1", "listicle", {"a": "1"}, [], "")
    assert a != domain.fingerprint("app_2", "listicle", {"a": "1", "b": "2"}, [], "")
    assert a != domain.fingerprint("app_1", "listicle", {"a": "1", "b": "2"}, [], "inspo")


def test_hex_color():
    assert domain.hex_color("#0ea5e9", "#000000") == "#0EA5E9"
    assert domain.hex_color("#abc", "#000000") == "#AABBCC"
    assert domain.hex_color("", "#111111") == "#111111"
    assert domain.hex_color("red", "#111111") == "#111111"


def test_object_keys():
    assert domain.slide_object_key("ss_1", "tok", 0) == "public/slides/ss_1/tok/01.png"
    assert domain.slide_object_key("ss_1", "tok", 5).startswith(domain.slides_prefix("ss_1"))
    assert domain.zip_object_key("ss_1", 3) == "zips/ss_1/3.zip"
    assert not domain.zip_object_key("ss_1", 3).startswith("public/")
    assert domain.upload_object_key("org_1", "r", "png") == "uploads/org_1/r.png"


def test_own_object_key_only_for_our_public_objects():
    base = "http://127.0.0.1:8333/slides"
    assert domain.own_object_key(f"{base}/public/uploads/org/a.png", base) == "public/uploads/org/a.png"
    assert domain.own_object_key(f"{base}/zips/ss/1.zip", base) is None
    assert domain.own_object_key(f"{base}/public/../zips/x", base) is None
    assert domain.own_object_key("https://example.com/a.png", base) is None


@pytest.mark.parametrize(
    ("ip", "public"),
    [
        ("93.184.216.34", True),
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("169.254.169.254", False),
        ("::1", False),
        ("192.168.0.1", False),
        ("0.0.0.0", False),
        ("100.64.0.1", False),  # carrier-grade NAT: the renderer's old guard let it through
        ("::ffff:127.0.0.1", False),
        ("fd00:ec2::254", False),
    ],
)
def test_public_address(ip, public):
    """Screenshots fetched elsewhere use the platform's one guard (kit.netguard)."""
    assert netguard.is_forbidden(ipaddress.ip_address(ip)) is not public


@pytest.mark.parametrize(("fmt", "ext"), [("PNG", "png"), ("JPEG", "jpg"), ("WEBP", "webp")])
def test_check_image_accepts_images(fmt, ext):
    checked = domain.check_image(_image(fmt), 1_000_000)
    assert (checked.ext, checked.width, checked.height) == (ext, 40, 80)


def _bomb() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", 50_000, 50_000, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0" * 100))
        + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize(
    "data",
    [b"just text", b"", _image("PNG")[:100], _image("GIF"), _bomb()],
    ids=["text", "empty", "truncated", "gif", "bomb"],
)
def test_check_image_refuses_non_images(data):
    with pytest.raises(ServiceError) as err:
        domain.check_image(data, 25_000_000)
    assert err.value.code == "VALIDATION_ERROR" and _fields(err.value) == ["file"]


def test_check_image_pixel_limit():
    with pytest.raises(ServiceError):
        domain.check_image(_image("PNG", (200, 200)), 10_000)


def test_bundle_layout():
    meta = {"_id": "ss_1", "app_name": "FitPal", "slides": [], "marketing_assets": []}
    pngs = [_image("PNG") for _ in range(6)]
    data = bundle.build_zip(meta, pngs, "Caption", ["#a", "#b"], ["Get it: https://x"])
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        assert names == {
            *(f"slides/{i:02d}.png" for i in range(1, 7)),
            "marketing/caption.txt",
            "marketing/hashtags.txt",
            "marketing/cta.txt",
            "metadata.json",
            "README.txt",
        }
        assert zf.read("slides/03.png") == pngs[2]
        assert zf.read("marketing/hashtags.txt").decode().split() == ["#a", "#b"]
        assert json.loads(zf.read("metadata.json"))["_id"] == "ss_1"
        readme = zf.read("README.txt").decode()
        assert "FitPal" in readme and "slides/06.png" in readme


def test_upload_links_go_to_the_uploads_domain_when_one_is_set():
    from renderer.settings import Settings

    assert Settings().uploads_base() == Settings().public_base_url  # locally: the gateway itself
    s = Settings(uploads_base_url="https://usercontent.example")
    key = domain.upload_object_key("org_1", "abcdefghijklmnop", "png")
    url = domain.upload_url(s.uploads_base(), key)
    assert url == "https://usercontent.example/v0/public/uploads/org_1/abcdefghijklmnop.png"
    # A deck naming that link reads the object itself, not the URL.
    assert domain.own_object_key(url, s.s3_public_url, s.uploads_base()) == key


def test_zip_download_name_is_the_app_slug_and_the_deck_id():
    assert domain.zip_download_name("fit-pal", "ss_123") == "fit-pal-ss_123.zip"
    assert domain.zip_download_name('bad"/..\r\nname', "ss_1") == "bad-name-ss_1.zip"
    assert domain.zip_download_name("", "ss_1") == "slideshow-ss_1.zip"


# --- the slideshow state machine -------------------------------------------------------------


def test_the_state_machine_moves_a_deck_forward_only():
    assert domain.can_move(domain.QUEUED, domain.RENDERING)
    assert domain.can_move(domain.RENDERING, domain.RENDERING)  # claimed again once the lease ran out
    assert domain.can_move(domain.RENDERING, domain.QUEUED)  # given back after a transient error
    assert domain.can_move(domain.RENDERING, domain.READY)
    assert domain.can_move(domain.QUEUED, domain.FAILED) and domain.can_move(domain.RENDERING, domain.FAILED)
    assert not domain.can_move(domain.QUEUED, domain.READY)  # only a drawn deck is READY
    for final in (domain.READY, domain.FAILED):
        assert domain.is_final(final)
        assert not any(domain.can_move(final, s) for s in domain.STATUSES)
    assert not domain.can_move("NOPE", domain.QUEUED)


def test_sources_and_the_status_groups_follow_the_transitions():
    assert domain.sources(domain.RENDERING) == (domain.QUEUED, domain.RENDERING)
    assert domain.sources(domain.QUEUED) == (domain.RENDERING,)
    assert domain.sources(domain.READY) == (domain.RENDERING,)
    assert domain.sources(domain.FAILED) == (domain.QUEUED, domain.RENDERING)
    assert domain.UNFINISHED == (domain.QUEUED, domain.RENDERING)
    assert domain.FINAL == (domain.READY, domain.FAILED)
    assert set(domain.STATUSES) == set(domain.TRANSITIONS)
    # whatever is claimable can move to RENDERING
    assert set(domain.CLAIMABLE) | set(domain.LEASED) <= set(domain.sources(domain.RENDERING))


def test_the_claimable_rule():
    from datetime import UTC, datetime, timedelta

    now = datetime(2026, 1, 1, tzinfo=UTC)
    assert domain.is_claimable(domain.QUEUED, None, now)
    assert domain.is_claimable(domain.QUEUED, now + timedelta(hours=1), now)
    assert domain.is_claimable(domain.RENDERING, None, now)
    assert domain.is_claimable(domain.RENDERING, now - timedelta(seconds=1), now)  # its worker died
    assert not domain.is_claimable(domain.RENDERING, now + timedelta(seconds=1), now)  # a live lease
    assert not domain.is_claimable(domain.RENDERING, now, now)
    assert not domain.is_claimable(domain.READY, None, now)
    assert not domain.is_claimable(domain.FAILED, None, now)

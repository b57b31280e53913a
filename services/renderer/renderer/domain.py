"""Renderer rules without I/O: the slideshow state machine, request checks, idempotency
fingerprints, built-in hooks, object keys and the checks that decide whether a file is an image
we accept."""

from __future__ import annotations

import hashlib
import io
import json
import re
import secrets
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import NamedTuple

from kit.errors import ServiceError, validation_error
from PIL import Image

# --- the slideshow state machine ---------------------------------------------------------------
# QUEUED -> RENDERING (a worker claims the deck under a lease)
# RENDERING -> RENDERING (the lease ran out: its worker died; another claims it again)
# RENDERING -> QUEUED (the worker hit a transient error or is stopping: the claim is given back)
# RENDERING -> READY (the deck is drawn and stored)
# QUEUED | RENDERING -> FAILED (a permanent failure, or too many claims that never ended)
# READY and FAILED are final. store.py persists this; the values its SQL uses come from here.
QUEUED = "QUEUED"
RENDERING = "RENDERING"
READY = "READY"
FAILED = "FAILED"
STATUSES = (QUEUED, RENDERING, READY, FAILED)
TRANSITIONS: Mapping[str, frozenset[str]] = {
    QUEUED: frozenset({RENDERING, FAILED}),
    RENDERING: frozenset({RENDERING, QUEUED, READY, FAILED}),
    READY: frozenset(),
    FAILED: frozenset(),
}
FINAL = tuple(s for s in STATUSES if not TRANSITIONS[s])
# Not final: the sweeper queues a render job again for such a deck left untouched for long.
UNFINISHED = tuple(s for s in STATUSES if TRANSITIONS[s])
# The claimable rule, as data (store.claimable_sql turns it into SQL, is_claimable reads it here):
# a deck in CLAIMABLE is free to claim; one in LEASED only once its lease ran out (or it has none).
CLAIMABLE = (QUEUED,)
LEASED = (RENDERING,)


def sources(target: str) -> tuple[str, ...]:
    """The statuses a deck may move to `target` from (in STATUSES order)."""
    return tuple(s for s in STATUSES if target in TRANSITIONS[s])


def can_move(current: str, target: str) -> bool:
    return target in TRANSITIONS.get(current, frozenset())


def is_claimable(status: str, lease_until: datetime | None, now: datetime) -> bool:
    """QUEUED, or RENDERING under a lease that ran out (the worker holding it died)."""
    if status in CLAIMABLE:
        return True
    return status in LEASED and (lease_until is None or lease_until < now)


def is_final(status: str) -> bool:
    return status in FINAL


# --- values at the store's edge, and the domain events ----------------------------------------


# Slide, Asset and Slideshow are NamedTuples (immutable, like the frozen dataclasses elsewhere):
# the deck read is the hottest path (GET slideshow), and a tuple costs a fraction of a frozen
# dataclass to build. Change one with `_replace`.


class Slide(NamedTuple):
    order: int
    template: str
    layout_type: str
    title: str
    subtitle: str
    label: str
    image_url: str
    duration: float
    object_key: str = ""  # where its PNG is stored (not in the one-statement read of a deck)


class Asset(NamedTuple):
    type: str
    text: str
    tags: tuple[str, ...] = ()


NO_OVERRIDES: Mapping[str, str] = MappingProxyType({})


class Slideshow(NamedTuple):
    """A deck as the store answers it. The read of a whole deck (GET) fills slides, assets and
    app_deleted; a render job's read fills its own fields (variable_overrides to version)."""

    id: str
    organization_id: str
    app_id: str
    app_name: str
    hook_id: str
    hook_text_snapshot: str
    status: str
    language: str
    template_set: str
    template_key: str
    design: str
    error_code: str | None
    error_message: str | None
    created_at: datetime | None
    updated_at: datetime | None
    slides: tuple[Slide, ...] = ()
    assets: tuple[Asset, ...] = ()
    app_deleted: bool = False
    variable_overrides: Mapping[str, str] = NO_OVERRIDES
    asset_token: str = ""
    attempts: int = 0
    lease_until: datetime | None = None
    version: int = 1


@dataclass(frozen=True, slots=True)
class App:
    """The catalog's app, as far as the renderer reads it."""

    id: str
    name: str
    slug: str = ""
    niche: str = ""
    language: str = ""
    design: str = ""
    image_source: str = ""
    screenshots: tuple[str, ...] = ()
    photos: tuple[str, ...] = ()
    tagline: str = ""
    target_audience: str = ""
    description: str = ""
    value_props: tuple[str, ...] = ()
    pain_points: tuple[str, ...] = ()
    differentiators: tuple[str, ...] = ()
    ios_url: str = ""
    android_url: str = ""
    website_url: str = ""
    brand_primary_color: str = ""
    brand_secondary_color: str = ""
    brand_accent_color: str = ""


@dataclass(frozen=True, slots=True)
class PickedHook:
    id: str
    text: str
    category: str = ""


@dataclass(frozen=True, slots=True)
class IdempotencyRecord:
    fingerprint: str
    slideshow_id: str


@dataclass(frozen=True, slots=True)
class QuotaHold:
    """A slideshow unit taken from billing that is to be given back unless its slideshow commits."""

    slideshow_id: str
    organization_id: str


@dataclass(frozen=True, slots=True)
class Bundle:
    version: int
    object_key: str


@dataclass(frozen=True, slots=True)
class RenderRequested:
    """A deck to draw (topic renderer.jobs)."""

    organization_id: str
    slideshow_id: str


@dataclass(frozen=True, slots=True)
class SlideshowCompleted:
    slideshow: Slideshow


@dataclass(frozen=True, slots=True)
class SlideshowFailed:
    slideshow: Slideshow


class RenderFailure(Exception):
    """A permanent failure of one deck: it becomes FAILED with this code and message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def new_asset_token() -> str:
    """The random path part of a deck's slide objects: unguessable, stable across re-renders."""
    return secrets.token_urlsafe(18)


def slideshow_not_found() -> ServiceError:
    return ServiceError("SLIDESHOW_NOT_FOUND", "No such slideshow in this organization.")


def app_not_found() -> ServiceError:
    return ServiceError("APP_NOT_FOUND", "No such app in this organization.")


def quota_release_refused(code: str) -> bool:
    """Billing answered a release with a refusal (e.g. the organization is gone): nothing to give
    back. UNAVAILABLE and INTERNAL are not refusals: the release is tried again."""
    return code not in ("UNAVAILABLE", "INTERNAL")


IDEMPOTENCY_KEY_MAX = 255
IDEMPOTENCY_KEY_MAX = 255
OVERRIDE_VALUE_MAX = 300
DEFAULT_DESIGN = "classic"
QUOTA = "slideshows_per_month"

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

IMAGE_FORMATS = {"PNG": ("png", "image/png"), "JPEG": ("jpg", "image/jpeg"), "WEBP": ("webp", "image/webp")}


@dataclass(frozen=True)
class CheckedImage:
    ext: str
    content_type: str
    width: int
    height: int


def require_template_key(template_key: str) -> None:
    if not template_key.strip():
        raise ServiceError("TEMPLATE_KEY_REQUIRED", "template_key is required; see GET /v0/api/v1/niches.")


def safe_id(value: str) -> bool:
    """Ids we store are [A-Za-z0-9_-]; anything else cannot match a row."""
    return bool(_SAFE_ID.match(value))


def check_idempotency_key(key: str) -> None:
    if len(key) > IDEMPOTENCY_KEY_MAX:
        raise validation_error([("Idempotency-Key", f"must be at most {IDEMPOTENCY_KEY_MAX} characters")])
    if _CONTROL.search(key):
        raise validation_error([("Idempotency-Key", "must not contain control characters")])


def check_overrides(allowed: Iterable[str], overrides: Mapping[str, str], non_string: Sequence[str]) -> None:
    """Unknown variable names and non-string or oversized values are VALIDATION_ERROR."""
    names = set(allowed)
    bad: list[tuple[str, str]] = []
    for name in sorted(set(overrides) | set(non_string)):
        field = f"variable_overrides.{name}"
        if name not in names:
            bad.append(
                (field, f"unknown variable; this template takes: {', '.join(sorted(names)) or 'none'}")
            )
        elif name in non_string:
            bad.append((field, "must be a string"))
        elif len(overrides[name]) > OVERRIDE_VALUE_MAX:
            bad.append((field, f"must be at most {OVERRIDE_VALUE_MAX} characters"))
        elif _CONTROL.search(overrides[name]) or _CONTROL.search(name):
            bad.append((field, "must not contain control characters"))
    if bad:
        raise validation_error(bad)


def fingerprint(
    app_id: str, template_key: str, overrides: Mapping[str, str], non_string: Sequence[str], design: str
) -> str:
    body = {
        "app_id": app_id,
        "template_key": template_key,
        "variable_overrides": dict(sorted(overrides.items())),
        "non_string": sorted(non_string),
        "design": design,
    }
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def check_image_source(source: str, screenshots: int, photos: int) -> None:
    """NO_IMAGE_SOURCE when the app's pictures cannot be had: none uploaded, or a provider (stock, ai)
    this installation has not configured."""
    if source == "screenshots" and not screenshots:
        raise ServiceError(
            "NO_IMAGE_SOURCE",
            "The app's image source is 'screenshots' but it has none; upload screenshots first.",
        )
    if source == "photos" and not photos:
        raise ServiceError(
            "NO_IMAGE_SOURCE",
            "The app's image source is 'photos' but it has none; upload photos with "
            "POST /v0/api/v1/uploads/screenshots and put their URLs in the app's photos.",
        )
    if source in ("stock", "ai"):
        raise ServiceError(
            "NO_IMAGE_SOURCE",
            f"The image source {source!r} needs a provider that is not configured on this installation; "
            "use brand, screenshots or photos.",
        )


def hex_color(value: str, default: str) -> str:
    """'#abc' / '#AABBCC' -> '#AABBCC'; anything else -> default."""
    v = value.strip().lstrip("#")
    if len(v) == 3:
        v = "".join(c * 2 for c in v)
    if len(v) != 6 or any(c not in "0123456789abcdefABCDEF" for c in v):
        return default
    return "#" + v.upper()


def deck_seed(slideshow_id: str) -> int:
    """Stable per deck, so a re-render draws the same deck."""
    return int.from_bytes(hashlib.sha256(slideshow_id.encode()).digest()[:4], "big")


def slide_object_key(slideshow_id: str, asset_token: str, position: int) -> str:
    return f"public/slides/{slideshow_id}/{asset_token}/{position + 1:02d}.png"


def slides_prefix(slideshow_id: str) -> str:
    return f"public/slides/{slideshow_id}/"


def zip_object_key(slideshow_id: str, version: int) -> str:
    return f"zips/{slideshow_id}/{version}.zip"


def zip_download_name(app_slug: str, slideshow_id: str) -> str:
    """What a downloaded ZIP is called: `<app-slug>-<slideshow-id>.zip` (the object key's own
    name is only the deck's version, e.g. `2.zip`)."""
    slug = re.sub(r"[^a-z0-9-]+", "-", (app_slug or "").lower()).strip("-")[:60]
    return f"{slug}-{slideshow_id}.zip" if slug else f"slideshow-{slideshow_id}.zip"


def zips_prefix(slideshow_id: str) -> str:
    return f"zips/{slideshow_id}/"


# Uploads are not under public/: the object store would answer anonymous reads with whatever
# `response-content-type` the URL asks for. They are read through the gateway's proxy
# (GET /v0/public/uploads/<org>/<name>), which sets the type itself and ignores overrides.
UPLOADS_PREFIX = "uploads/"
UPLOAD_ROUTE = "/v0/public/uploads/"
_UPLOAD_NAME = re.compile(r"^org_[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{16,64}\.(png|jpg|webp)$")


def upload_object_key(organization_id: str, token: str, ext: str) -> str:
    return f"{UPLOADS_PREFIX}{organization_id}/{token}.{ext}"


def upload_url(public_base_url: str, key: str) -> str:
    return public_base_url.rstrip("/") + UPLOAD_ROUTE + key.removeprefix(UPLOADS_PREFIX)


def upload_key_of(name: str) -> str | None:
    """The object key of an upload named `<org>/<file>` (the proxy route's tail), else None."""
    return UPLOADS_PREFIX + name if _UPLOAD_NAME.match(name) else None


def own_object_key(url: str, public_base: str, public_base_url: str = "") -> str | None:
    """The object key of a URL that points into our public bucket area or at an upload served
    by the gateway, else None."""
    if public_base_url:
        route = public_base_url.rstrip("/") + UPLOAD_ROUTE
        if url.startswith(route):
            return upload_key_of(url[len(route) :].split("?", 1)[0])
    base = public_base.rstrip("/") + "/"
    if not url.startswith(base):
        return None
    key = url[len(base) :].split("?", 1)[0]
    if not key.startswith("public/") or ".." in key.split("/"):
        return None
    return key


def reencode_image(data: bytes, max_pixels: int) -> tuple[bytes, CheckedImage]:
    """Decodes an upload and writes a new file from its pixels alone: the same format (PNG,
    JPEG or WebP), orientation applied, and nothing else of the original kept (no metadata,
    no ICC/EXIF/XMP, no text chunks, no bytes after the image), so a file that is also an HTML
    page or a script is not one any more."""
    checked = check_image(data, max_pixels)
    from PIL import ImageOps

    with Image.open(io.BytesIO(data), formats=list(IMAGE_FORMATS)) as src:
        img = ImageOps.exif_transpose(src)
        has_alpha = img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info)
        mode = "RGBA" if has_alpha and checked.ext != "jpg" else "RGB"
        pixels = Image.new(mode, img.size)
        pixels.paste(img.convert(mode))
    out = io.BytesIO()
    if checked.ext == "png":
        pixels.save(out, "PNG", compress_level=6)
    elif checked.ext == "jpg":
        pixels.save(out, "JPEG", quality=90, optimize=True)
    else:
        pixels.save(out, "WEBP", quality=90, method=4)
    width, height = pixels.size
    return out.getvalue(), CheckedImage(checked.ext, checked.content_type, width, height)


def check_image(data: bytes, max_pixels: int) -> CheckedImage:
    """Decodes the whole file: a renamed text file, a truncated file or a decompression bomb
    is a VALIDATION_ERROR (never an exception that would become a 500)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=list(IMAGE_FORMATS)) as img:
                fmt, (width, height) = img.format or "", img.size
                if width * height > max_pixels:
                    raise ValueError("too many pixels")
                img.verify()
            with Image.open(io.BytesIO(data), formats=list(IMAGE_FORMATS)) as img:
                img.load()
    except Exception:
        raise validation_error(
            [
                (
                    "file",
                    "must be a complete PNG, JPEG or WebP image of at most "
                    f"{max_pixels // 1_000_000} megapixels; re-export it from an image editor",
                )
            ]
        ) from None
    ext, content_type = IMAGE_FORMATS[fmt]
    return CheckedImage(ext, content_type, width, height)

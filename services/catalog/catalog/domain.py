"""The rules of an app: field bounds, defaults, slugs. No I/O.

Values arrive as plain Python values (from the proto); validate_* return the cleaned values or
raise one VALIDATION_ERROR naming every bad field.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from kit.errors import ServiceError, validation_error

STATUSES = ("ACTIVE", "ARCHIVED")
DESIGNS = ("classic", "inspo", "editorial-split", "brand-studio")
IMAGE_SOURCES = ("brand", "screenshots", "photos", "stock", "ai")

DEFAULTS: dict[str, Any] = {
    "language": "en",
    "status": "ACTIVE",
    "design": "classic",
    "image_source": "brand",
}

TEXT_FIELDS = ("target_audience", "description", "tagline")
URL_FIELDS = ("ios_url", "android_url", "website_url")
COLOR_FIELDS = ("brand_primary_color", "brand_secondary_color", "brand_accent_color")
LIST_FIELDS = ("screenshots", "photos", "value_props", "pain_points", "differentiators")
# Lists of image URLs (uploaded via POST /v0/api/v1/uploads/screenshots or hosted elsewhere).
URL_LIST_FIELDS = ("screenshots", "photos")
# Fields that always hold a value; an update may change them but never clear them.
REQUIRED_FIELDS = ("name", "slug", "niche", "language", "status", "design", "image_source")
# Every field a client may set (create or update).
WRITABLE_FIELDS = (
    "name",
    "slug",
    "niche",
    "language",
    "status",
    *TEXT_FIELDS,
    *URL_FIELDS,
    *COLOR_FIELDS,
    *LIST_FIELDS,
    "design",
    "image_source",
)

MAX_LIST_ITEMS = 12
# Lists allowed more items than MAX_LIST_ITEMS.
MAX_ITEMS = {"photos": 24}
MAX_ITEM_CHARS = 200
MAX_URL_CHARS = 2048
SLUG_MAX = 80

_LANGUAGE = re.compile(r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$")
_COLOR = re.compile(r"^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_APP_ID = re.compile(r"^app_[A-Za-z0-9]{1,64}$")
# Letters that Unicode decomposition does not reduce to ASCII.
_LETTERS = str.maketrans(
    {
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Ø": "O",
        "ø": "o",
        "ß": "ss",
        "Ð": "D",
        "ð": "d",
        "Þ": "TH",
        "þ": "th",
        "Ł": "L",
        "ł": "l",
        "Đ": "D",
        "đ": "d",
        "ı": "i",
    }
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _length(lo: int, hi: int) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        if not lo <= len(value) <= hi:
            return f"must be {lo}-{hi} characters long" if lo else f"must be at most {hi} characters long"
        return None

    return check


def _check_language(value: str) -> str | None:
    if not 2 <= len(value) <= 8 or not _LANGUAGE.match(value):
        return "must be an ISO language code of 2-8 characters (letters and hyphens), e.g. 'en' or 'pt-BR'"
    return None


def _check_url(value: str) -> str | None:
    if len(value) > MAX_URL_CHARS:
        return f"must be at most {MAX_URL_CHARS} characters long"
    try:
        parts = urlsplit(value)
    except ValueError:
        return "must be an http(s) URL"
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or any(c.isspace() for c in value):
        return "must be an http(s) URL"
    return None


def _check_color(value: str) -> str | None:
    return None if _COLOR.match(value) else "must be a hex color like #RGB or #RRGGBB"


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str | None]:
    def check(value: str) -> str | None:
        return None if value in choices else "must be one of " + ", ".join(choices)

    return check


def _check_slug(value: str) -> str | None:
    if not 1 <= len(value) <= SLUG_MAX or not _SLUG.match(value):
        return f"must be 1-{SLUG_MAX} lowercase letters, digits and single hyphens"
    return None


SCALAR_CHECKS: dict[str, Callable[[str], str | None]] = {
    "name": _length(2, 80),
    "slug": _check_slug,
    "niche": _length(2, 40),
    "language": _check_language,
    "status": _one_of(STATUSES),
    "target_audience": _length(0, 400),
    "description": _length(0, 4000),
    "tagline": _length(0, 200),
    "design": _one_of(DESIGNS),
    "image_source": _one_of(IMAGE_SOURCES),
    **{f: _check_url for f in URL_FIELDS},
    **{f: _check_color for f in COLOR_FIELDS},
}


def _clean_text(value: str) -> str:
    return value.strip()


def _check_list(field: str, items: Iterable[str], errors: list[tuple[str, str]]) -> list[str]:
    cleaned = [_clean_text(v) for v in items]
    most = MAX_ITEMS.get(field, MAX_LIST_ITEMS)
    if len(cleaned) > most:
        errors.append((field, f"must have at most {most} items"))
        return cleaned
    for i, item in enumerate(cleaned):
        problem = _control_problem(item)
        if problem is None and field in URL_LIST_FIELDS:
            problem = _check_url(item) if item else "must not be empty"
        elif problem is None and not 1 <= len(item) <= MAX_ITEM_CHARS:
            problem = f"must be 1-{MAX_ITEM_CHARS} characters long"
        if problem:
            errors.append((f"{field}[{i}]", problem))
    return cleaned


def _control_problem(value: str) -> str | None:
    if _CONTROL.search(value):
        return "must not contain control characters"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "must be valid Unicode text"
    return None


def _check_field(field: str, value: Any, errors: list[tuple[str, str]], *, clearable: bool) -> Any:
    if field in LIST_FIELDS:
        return _check_list(field, value, errors)
    text = _clean_text(value)
    problem = _control_problem(text)
    if problem is None and text == "":
        problem = "must not be empty" if not clearable else None
    elif problem is None:
        problem = SCALAR_CHECKS[field](text)
    if problem:
        errors.append((field, problem))
    return text


def validate_new(values: Mapping[str, Any]) -> dict[str, Any]:
    """Fields of a new app (absent optional fields become defaults); raises VALIDATION_ERROR."""
    errors: list[tuple[str, str]] = []
    cleaned: dict[str, Any] = {}
    for field in WRITABLE_FIELDS:
        value = values.get(field)
        if field in ("slug", "status") and not value:
            continue
        if field in DEFAULTS and not value:
            value = DEFAULTS[field]
        if field == "name" and not value:
            errors.append(("name", "is required"))
            continue
        if value is None:
            value = [] if field in LIST_FIELDS else ""
        cleaned[field] = _check_field(field, value, errors, clearable=field != "name")
    cleaned.setdefault("status", "ACTIVE")
    if errors:
        raise validation_error(errors)
    return cleaned


def validate_changes(values: Mapping[str, Any]) -> dict[str, Any]:
    """Only the given fields of an update; required fields may change but not be emptied."""
    errors: list[tuple[str, str]] = []
    cleaned: dict[str, Any] = {}
    for field, value in values.items():
        if field not in WRITABLE_FIELDS:
            errors.append((field, "is not an updatable field"))
            continue
        cleaned[field] = _check_field(field, value, errors, clearable=field not in REQUIRED_FIELDS)
    if errors:
        raise validation_error(errors)
    return cleaned


def slugify(name: str) -> str:
    """'Café Münster!' -> 'cafe-munster': ASCII transliteration, lowercase, hyphens."""
    ascii_text = (
        unicodedata.normalize("NFKD", name.translate(_LETTERS)).encode("ascii", "ignore").decode("ascii")
    )
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:SLUG_MAX].rstrip("-")


def slug_for(name: str, app_id: str) -> str:
    """The slug of a new app; names with no Latin letters fall back to one derived from the id."""
    return slugify(name) or f"app-{app_id.removeprefix('app_')[:10].lower()}"


def slug_taken(slug: str) -> ServiceError:
    return ServiceError(
        "SLUG_EXISTS",
        f"An app with the slug '{slug}' already exists in this organization; "
        "pass a unique slug (the 'slug' body field) or choose another name.",
        {"slug": slug},
    )


def app_not_found(app_id: str) -> ServiceError:
    return ServiceError("APP_NOT_FOUND", f"No app with id '{app_id}' in this organization.")


def is_app_id(value: str) -> bool:
    return bool(_APP_ID.match(value))


def page_window(page: int, limit: int) -> tuple[int, int]:
    """(page, limit) with defaults applied; out-of-range values are a VALIDATION_ERROR."""
    page = page or 1
    limit = limit or 50
    errors = []
    if page < 1:
        errors.append(("page", "must be at least 1"))
    if not 1 <= limit <= 100:
        errors.append(("limit", "must be between 1 and 100"))
    if errors:
        raise validation_error(errors)
    return page, limit


def status_filter(status: str) -> str:
    if status and status not in STATUSES:
        raise validation_error([("status", "must be ACTIVE or ARCHIVED")])
    return status


@dataclass(frozen=True, slots=True)
class App:
    """An app as stored (the store's reads return these); times in epoch microseconds. Frozen,
    lists as tuples: equal apps are the same version, so adapters may key caches by the value."""

    id: str
    organization_id: str
    name: str
    slug: str
    niche: str
    language: str
    status: str
    target_audience: str
    description: str
    ios_url: str
    android_url: str
    website_url: str
    brand_primary_color: str
    brand_secondary_color: str
    brand_accent_color: str
    screenshots: tuple[str, ...]
    value_props: tuple[str, ...]
    pain_points: tuple[str, ...]
    differentiators: tuple[str, ...]
    design: str
    tagline: str
    image_source: str
    photos: tuple[str, ...]
    created_us: int
    updated_us: int


# Domain events (the outbox messages of topic catalog.apps.v1 are built from them in events.py).
@dataclass(frozen=True, slots=True)
class AppCreated:
    app: App

    @property
    def organization_id(self) -> str:
        return self.app.organization_id


@dataclass(frozen=True, slots=True)
class AppUpdated:
    app: App

    @property
    def organization_id(self) -> str:
        return self.app.organization_id


@dataclass(frozen=True, slots=True)
class AppDeleted:
    organization_id: str
    app_id: str


AppEvent = AppCreated | AppUpdated | AppDeleted

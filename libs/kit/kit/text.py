"""Input hygiene for text that crosses the edge: control characters and bidi overrides.

NUL and the other C0/C1 control characters break storage (Postgres refuses NUL in text) and
logs; bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) make a name read
differently from what it is ("Trojan Source"). Tab and newline (and the CR of CRLF) are
allowed only in fields that hold multi-line text."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
LINE_BREAKS = frozenset("\t\n\r")

# Fields whose value is one line (a name, an address, an identifier): no tab or newline either.
SINGLE_LINE_FIELDS = frozenset(
    {
        "name",
        "app_name",
        "email",
        "password",
        "organization_name",
        "display_name",
        "open_id",
        "url",
        "slug",
        "niche",
        "language",
        "template_key",
        "design",
        "image_source",
        "kind",
        "plan",
        "platform",
        "mode",
        "privacy_level",
        "status",
        "app_id",
        "slideshow_id",
        "hook_id",
        "ios_url",
        "android_url",
        "website_url",
        "success_url",
        "cancel_url",
        "return_url",
        "redirect_after",
        "brand_primary_color",
        "brand_secondary_color",
        "brand_accent_color",
        "tagline",
        "filename",
        "token",
        "idempotency_key",
        "category",
        # Lists of URLs and of event names: each item is one line.
        "screenshots",
        "photos",
        "events",
    }
)


# The same rule as JSON Schema patterns (ECMA-262, also read alike by Python's re and Rust's
# regex), which the gateway's OpenAPI document puts on every string a request carries.
_REFUSED_ALWAYS = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
TEXT_PATTERN = rf"^[^{_REFUSED_ALWAYS}]*$"
LINE_PATTERN = r"^[^\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*$"


def pattern_for(field: str) -> str:
    """The JSON Schema pattern of a string field named `field` (a list's items: the list's name)."""
    return LINE_PATTERN if field in SINGLE_LINE_FIELDS else TEXT_PATTERN


def problem(value: str, multiline: bool = True) -> str | None:
    """What is wrong with `value` (a sentence saying what to fix), or None."""
    for position, ch in enumerate(value):
        if ch in BIDI_CONTROLS:
            return (
                f"must not contain bidirectional control character U+{ord(ch):04X} "
                f"(at position {position}); remove it"
            )
        if unicodedata.category(ch) == "Cc":
            if multiline and ch in LINE_BREAKS:
                continue
            what = "line breaks or tabs" if ch in LINE_BREAKS else "control characters"
            return f"must not contain {what} (U+{ord(ch):04X} at position {position}); remove it"
    return None


def _leaf(path: str) -> str:
    last = path.rsplit(".", 1)[-1]
    return last.split("[", 1)[0]


def walk(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(field path, problem) for every bad string in a JSON value, keys included."""
    if isinstance(value, str):
        found = problem(value, multiline=_leaf(path) not in SINGLE_LINE_FIELDS)
        if found:
            yield path or "body", found
    elif isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            if isinstance(key, str):
                found = problem(key, multiline=False)
                if found:
                    yield (path or "body"), f"has a key that {found}"
                    continue
            yield from walk(item, child)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}[{i}]" if path else f"[{i}]")


def pairs(
    items: Iterable[tuple[str, str]], container: str = "query", multiline: bool | None = None
) -> Iterator[tuple[str, str]]:
    """(field, problem) for every bad (name, value) pair of a query string or form body; a bad
    name is reported on `container`. `multiline` None: by the field's name (SINGLE_LINE_FIELDS)."""
    for name, value in items:
        found = problem(name, multiline=False)
        if found:
            yield container, f"has a field name that {found}"
            continue
        found = problem(value, multiline=name not in SINGLE_LINE_FIELDS if multiline is None else multiline)
        if found:
            yield name, found

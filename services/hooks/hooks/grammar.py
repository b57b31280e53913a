"""Template grammar of the built-in hook writer: one data file per language, `locales/<code>.json`
(reviewable by a translator, see locales/README.md), loaded once on first use.

Template syntax: `[a|b|c]` picks one alternative (may be empty: `[ today|]`); `{slot}` is filled
from the app: pain, value, diff, audience, niche, app, n (a small number from the file's
`numbers`). A capitalized slot name (`{Pain}`) capitalizes the first letter of the value.
Templates are written to tolerate slot values phrased as noun phrases or short clauses.
A file's `slots` hold the values used when the app leaves a field empty (`niche`: when it has none).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from hooks import domain

SLOT_NAMES = ("pain", "value", "diff", "audience", "niche")

Grammar = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Locale:
    language: str
    name: str
    direction: str
    templates: Grammar
    slots: dict[str, tuple[str, ...]]
    numbers: tuple[int, ...]


class LocaleError(ValueError):
    pass


@functools.cache
def load(language: str) -> Locale | None:
    """The grammar of one of domain.LANGUAGES (exact code, e.g. "zh-Hans"); None for any other."""
    if language not in domain.LANGUAGES:
        return None
    path = resources.files("hooks").joinpath("locales", f"{language}.json")
    return parse(language, json.loads(path.read_text(encoding="utf-8")))


def parse(language: str, data: object) -> Locale:
    """Checks the shape of one locale file (a broken file fails loudly, not with odd hooks)."""
    if not isinstance(data, dict) or data.get("language") != language:
        raise LocaleError(f"{language}.json: 'language' must be {language!r}")
    templates = data.get("templates")
    if not isinstance(templates, dict) or set(templates) != set(domain.CATEGORIES):
        raise LocaleError(f"{language}.json: 'templates' must hold exactly {', '.join(domain.CATEGORIES)}")
    slots = data.get("slots")
    if not isinstance(slots, dict) or set(slots) != set(SLOT_NAMES):
        raise LocaleError(f"{language}.json: 'slots' must hold exactly {', '.join(SLOT_NAMES)}")
    numbers = data.get("numbers")
    if not isinstance(numbers, list) or not numbers or not all(isinstance(n, int) for n in numbers):
        raise LocaleError(f"{language}.json: 'numbers' must be a non-empty list of integers")
    return Locale(
        language=language,
        name=str(data.get("name", language)),
        direction=str(data.get("direction", "ltr")),
        templates={c: _strings(language, c, templates[c]) for c in domain.CATEGORIES},
        slots={s: _strings(language, s, slots[s]) for s in SLOT_NAMES},
        numbers=tuple(numbers),
    )


def _strings(language: str, key: str, values: object) -> tuple[str, ...]:
    if not isinstance(values, list) or not values or not all(isinstance(v, str) and v for v in values):
        raise LocaleError(f"{language}.json: {key!r} must be a non-empty list of non-empty strings")
    return tuple(values)

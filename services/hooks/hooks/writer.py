"""The built-in hook writer: a deterministic template grammar (see grammar.py and locales/) filled
from an app's pain points, value props, differentiators, audience and niche.

Same brief + same seed = same hooks. Every hook obeys the short-video opener length rules,
and no two hooks of one call share a normalized text (nor match any text in `avoid`).
A brief whose language matches none of domain.LANGUAGES (Brief.language == "") gets no hooks:
no other language stands in for it. Without an app name, the parts of templates that name the
app are left out (no made-up name ends up in a niche's library).
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hooks import domain, grammar

_ALTERNATION = re.compile(r"\[([^\[\]]*)\]")
_SLOT = re.compile(r"\{(\w+)\}")
_APP_SLOT = re.compile(r"\{[Aa]pp\}")
_CLAUSE_SPLIT = re.compile(r"[.;:!?\n।。！？؟،、，]|,\s")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.!?،؟])")
_TRIM = " .;:!?。！？、।؟،"
# Chinese and Thai set a space between their script and a Latin word (an app name, an English niche).
_LATIN_NEXT_TO = {
    "zh": re.compile(r"(?<=[\u3400-\u9fff])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u3400-\u9fff])"),
    "th": re.compile(r"(?<=[\u0e00-\u0e7f])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u0e00-\u0e7f])"),
}
MISSES_PER_CATEGORY = 25


@dataclass(frozen=True)
class Brief:
    app_name: str
    niche: str
    # One of domain.LANGUAGES, or "" when the app's language matches none of them.
    language: str
    audience: str = ""
    pain_points: tuple[str, ...] = ()
    value_props: tuple[str, ...] = ()
    differentiators: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draft:
    text: str
    category: str
    language: str
    source: str = "generated"


def brief_for(
    *,
    app_name: str,
    niche: str,
    language: str,
    audience: str = "",
    pain_points: Iterable[str] = (),
    value_props: Iterable[str] = (),
    differentiators: Iterable[str] = (),
) -> Brief:
    return Brief(
        app_name=" ".join(app_name.split())[:40],
        niche=domain.norm_niche(niche).replace("-", " ").replace("_", " "),
        language=domain.norm_language(language) or "",
        audience=audience,
        pain_points=tuple(pain_points),
        value_props=tuple(value_props),
        differentiators=tuple(differentiators),
    )


def write(
    brief: Brief,
    count: int,
    categories: Sequence[str] = domain.CATEGORIES,
    seed: str = "",
    avoid: Iterable[str] = (),
    source: str = "generated",
) -> list[Draft]:
    """Up to `count` hooks spread round-robin over `categories` (none for an unsupported language)."""
    locale = grammar.load(brief.language) if brief.language else None
    if locale is None:
        return []
    rng = random.Random(f"{seed}|{brief.language}|{brief.niche}|{brief.app_name}")
    templates = _usable_templates(brief.language, has_app=bool(brief.app_name))
    categories = [c for c in categories if templates.get(c)]
    slots = _slots(brief, locale)
    seen = set(avoid)
    out: list[Draft] = []
    shift = misses = 0
    while len(out) < count and shift < len(categories):
        category = categories[(len(out) + shift) % len(categories)]
        text = _render(rng.choice(templates[category]), slots, rng, brief.language)
        key = domain.normalize(text)
        if key in seen or not domain.fits_length(text, brief.language) or domain.has_banned_words(text):
            misses += 1
            if misses >= MISSES_PER_CATEGORY:
                shift, misses = shift + 1, 0
            continue
        seen.add(key)
        misses = 0
        out.append(Draft(text=text, category=category, language=brief.language, source=source))
    return out


@functools.cache
def _usable_templates(language: str, has_app: bool) -> grammar.Grammar:
    locale = grammar.load(language)
    templates = locale.templates if locale is not None else {}
    if has_app:
        return templates
    return {c: tuple(t for t in (_without_app(t) for t in ts) if t) for c, ts in templates.items()}


def _without_app(template: str) -> str:
    """The template without the alternatives that name the app; "" when it cannot do without."""
    dropped = False

    def keep(m: re.Match[str]) -> str:
        nonlocal dropped
        kept = [a for a in m.group(1).split("|") if not _APP_SLOT.search(a)]
        if not kept:
            dropped = True
            return ""
        return "[" + "|".join(kept) + "]"

    rest = _ALTERNATION.sub(keep, template)
    return "" if dropped or _APP_SLOT.search(rest) else rest


def _render(template: str, slots: dict[str, tuple[str, ...]], rng: random.Random, language: str) -> str:
    expanded = _ALTERNATION.sub(lambda m: rng.choice(m.group(1).split("|")), template)

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        value = rng.choice(slots[name.lower()])
        return _capitalize(value, language) if name[0].isupper() else value

    text = _SLOT.sub(fill, expanded)
    boundary = _LATIN_NEXT_TO.get(language.split("-")[0])
    if boundary is not None:
        text = boundary.sub(" ", text)
    text = " ".join(text.split())
    if language != "fr":  # French sets a space before ? and !
        text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return _capitalize(text, language)


def _slots(brief: Brief, locale: grammar.Locale) -> dict[str, tuple[str, ...]]:
    lang = brief.language
    fallback = locale.slots
    niche = brief.niche.title() if lang == "de" else brief.niche
    return {
        "pain": _phrases(brief.pain_points, lang) or fallback["pain"],
        "value": _phrases(brief.value_props, lang) or fallback["value"],
        "diff": _phrases(brief.differentiators, lang, keep_case=True) or fallback["diff"],
        "audience": _phrases([_first_clause(brief.audience)], lang, max_words=5) or fallback["audience"],
        "niche": (niche,) if niche else fallback["niche"],
        "app": (brief.app_name,),
        "n": tuple(str(n) for n in locale.numbers),
    }


def _phrases(
    values: Iterable[str], language: str, max_words: int = 8, keep_case: bool = False
) -> tuple[str, ...]:
    """Short, clean slot values; long ones would break the length rules, so they are skipped."""
    max_chars = 20 if domain.without_spaces(language) else 48
    out = []
    for raw in values:
        value = " ".join(str(raw).split()).strip(_TRIM)
        if not value or domain.char_count(value) > max_chars or domain.word_count(value) > max_words:
            continue
        if not keep_case and language != "de":
            value = _lower_first(value, language)
        if value not in out:
            out.append(value)
    return tuple(out)


def _first_clause(text: str) -> str:
    return _CLAUSE_SPLIT.split(text.strip(), maxsplit=1)[0] if text.strip() else ""


def _lower_first(value: str, language: str = "") -> str:
    # Keep acronyms and brand-like words ("AI", "iPhone") as written.
    if len(value) > 1 and value[0].isupper() and value[1].islower():
        return _lower(value[0], language) + value[1:]
    return value


def _capitalize(value: str, language: str = "") -> str:
    """Upper-cases the first letter, past leading punctuation ("¿", "«"); a leading digit stays."""
    for i, ch in enumerate(value):
        if ch.isalnum():
            if not ch.islower():
                return value
            if language == "nl" and value[i : i + 2] == "ij":  # Dutch digraph: "ijs" -> "IJs"
                return value[:i] + "IJ" + value[i + 2 :]
            return value[:i] + _upper(ch, language) + value[i + 1 :]
    return value


def _upper(ch: str, language: str) -> str:
    if language == "tr":  # Turkish dotted and dotless i
        return {"i": "İ", "ı": "I"}.get(ch, ch.upper())
    upper = ch.upper()
    return upper if len(upper) == 1 else ch  # "ß" stays rather than turning into "SS"


def _lower(ch: str, language: str) -> str:
    if language == "tr":
        return {"İ": "i", "I": "ı"}.get(ch, ch.lower())
    lower = ch.lower()
    return lower if len(lower) == 1 else ch

"""The built-in hook writer: a deterministic template grammar (see grammar.py) filled from an
app's pain points, value props, differentiators, audience and niche.

Same brief + same seed = same hooks. Every hook obeys the short-video opener length rules,
and no two hooks of one call share a normalized text (nor match any text in `avoid`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hooks import domain
from hooks.grammar import FALLBACK_SLOTS, GRAMMARS, NUMBERS

_ALTERNATION = re.compile(r"\[([^\[\]]*)\]")
_SLOT = re.compile(r"\{(\w+)\}")
_CLAUSE_SPLIT = re.compile(r"[.;:!?\n]|,\s")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.!?])")
MISSES_PER_CATEGORY = 25


@dataclass(frozen=True)
class Brief:
    app_name: str
    niche: str
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
        app_name=" ".join(app_name.split())[:40] or "this app",
        niche=domain.norm_niche(niche).replace("-", " ").replace("_", " ") or "daily life",
        language=domain.norm_language(language),
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
    """Up to `count` hooks spread round-robin over `categories`."""
    rng = random.Random(f"{seed}|{brief.language}|{brief.niche}|{brief.app_name}")
    grammar = GRAMMARS[brief.language]
    slots = _slots(brief)
    seen = set(avoid)
    out: list[Draft] = []
    shift = misses = 0
    while len(out) < count and shift < len(categories):
        category = categories[(len(out) + shift) % len(categories)]
        text = _render(rng.choice(grammar[category]), slots, rng, brief.language)
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


def _render(template: str, slots: dict[str, tuple[str, ...]], rng: random.Random, language: str) -> str:
    expanded = _ALTERNATION.sub(lambda m: rng.choice(m.group(1).split("|")), template)

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        value = rng.choice(slots[name.lower()])
        return _capitalize(value) if name[0].isupper() else value

    text = _SLOT.sub(fill, expanded)
    text = " ".join(text.split())
    if language != "fr":  # French sets a space before ? and !
        text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return _capitalize(text)


def _slots(brief: Brief) -> dict[str, tuple[str, ...]]:
    lang = brief.language
    fallback = FALLBACK_SLOTS[lang]
    niche = brief.niche.title() if lang == "de" else brief.niche
    return {
        "pain": _phrases(brief.pain_points, lang) or fallback["pain"],
        "value": _phrases(brief.value_props, lang) or fallback["value"],
        "diff": _phrases(brief.differentiators, lang, keep_case=True) or fallback["diff"],
        "audience": _phrases([_first_clause(brief.audience)], lang, max_words=5) or fallback["audience"],
        "niche": (niche,),
        "app": (brief.app_name,),
        "n": tuple(str(n) for n in NUMBERS),
    }


def _phrases(
    values: Iterable[str], language: str, max_words: int = 8, keep_case: bool = False
) -> tuple[str, ...]:
    """Short, clean slot values; long ones would break the length rules, so they are skipped."""
    max_chars = 20 if language in domain.CJK_LANGUAGES else 48
    out = []
    for raw in values:
        value = " ".join(str(raw).split()).strip(" .;:!?。！？、")
        if not value or len(value) > max_chars or domain.word_count(value) > max_words:
            continue
        if not keep_case and language != "de":
            value = _lower_first(value)
        if value not in out:
            out.append(value)
    return tuple(out)


def _first_clause(text: str) -> str:
    return _CLAUSE_SPLIT.split(text.strip(), maxsplit=1)[0] if text.strip() else ""


def _lower_first(value: str) -> str:
    # Keep acronyms and brand-like words ("AI", "iPhone") as written.
    if len(value) > 1 and value[0].isupper() and value[1].islower():
        return value[0].lower() + value[1:]
    return value


def _capitalize(value: str) -> str:
    return value[:1].upper() + value[1:] if value else value

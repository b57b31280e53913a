"""The writing system of a character, as far as font choice and line breaking need it.

Unicode's Script property is not in Python's unicodedata; the ranges below cover the scripts the
renderer ships fonts for. Everything else is "Other" (drawn by whichever shipped font has it, or refused).
"""

from __future__ import annotations

import bisect
import unicodedata
from functools import lru_cache

COMMON = "Common"  # spaces, digits, punctuation, symbols: take the surrounding run's font
INHERITED = "Inherited"  # combining marks, joiners, variation selectors: belong to the previous character

# (first, last, script), sorted by first.
_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0041, 0x005A, "Latin"),
    (0x0061, 0x007A, "Latin"),
    (0x00AA, 0x00AA, "Latin"),
    (0x00BA, 0x00BA, "Latin"),
    (0x00C0, 0x00D6, "Latin"),
    (0x00D8, 0x00F6, "Latin"),
    (0x00F8, 0x024F, "Latin"),
    (0x0250, 0x02AF, "Latin"),
    (0x0370, 0x03FF, "Greek"),
    (0x0400, 0x052F, "Cyrillic"),
    (0x0590, 0x05FF, "Hebrew"),
    (0x0600, 0x06FF, "Arabic"),
    (0x0750, 0x077F, "Arabic"),
    (0x0900, 0x097F, "Devanagari"),
    (0x0E00, 0x0E7F, "Thai"),
    (0x1100, 0x11FF, "Hangul"),
    (0x1E00, 0x1EFF, "Latin"),
    (0x1F00, 0x1FFF, "Greek"),
    (0x2C60, 0x2C7F, "Latin"),
    (0x2DE0, 0x2DFF, "Cyrillic"),
    (0x2E80, 0x2FDF, "Han"),
    (0x3005, 0x3007, "Han"),
    (0x3021, 0x3029, "Han"),
    (0x3038, 0x303B, "Han"),
    (0x3041, 0x309F, "Hiragana"),
    (0x30A0, 0x30FF, "Katakana"),
    (0x3130, 0x318F, "Hangul"),
    (0x31F0, 0x31FF, "Katakana"),
    (0x3400, 0x4DBF, "Han"),
    (0x4E00, 0x9FFF, "Han"),
    (0xA640, 0xA69F, "Cyrillic"),
    (0xA720, 0xA7FF, "Latin"),
    (0xA8E0, 0xA8FF, "Devanagari"),
    (0xA960, 0xA97F, "Hangul"),
    (0xAB30, 0xAB6F, "Latin"),
    (0xAC00, 0xD7AF, "Hangul"),
    (0xD7B0, 0xD7FF, "Hangul"),
    (0xF900, 0xFAFF, "Han"),
    (0xFB00, 0xFB06, "Latin"),
    (0xFB1D, 0xFB4F, "Hebrew"),
    (0xFB50, 0xFDFF, "Arabic"),
    (0xFE70, 0xFEFF, "Arabic"),
    (0xFF21, 0xFF3A, "Latin"),
    (0xFF41, 0xFF5A, "Latin"),
    (0xFF66, 0xFF9F, "Katakana"),
    (0xFFA0, 0xFFDC, "Hangul"),
    (0x20000, 0x3134F, "Han"),
)
_STARTS = [r[0] for r in _RANGES]

# Scripts whose words are not separated by spaces: lines break between phrases (BudouX).
UNSPACED = frozenset({"Han", "Hiragana", "Katakana", "Thai"})
RTL_SCRIPTS = frozenset({"Arabic", "Hebrew"})


def is_emoji(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x1F300 <= cp <= 0x1FAFF
        or 0x2600 <= cp <= 0x27BF
        or 0x1F000 <= cp <= 0x1F2FF
        or 0x2B00 <= cp <= 0x2BFF
        or cp in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139, 0x231A, 0x231B, 0x2328, 0x23CF)
        or 0x23E9 <= cp <= 0x23FA
        or 0x1F1E6 <= cp <= 0x1F1FF
    )


def is_joiner(ch: str) -> bool:
    """Zero-width characters that shape with their neighbours and draw nothing themselves."""
    cp = ord(ch)
    return (
        cp in (0x200C, 0x200D)
        or 0xFE00 <= cp <= 0xFE0F
        or 0xE0020 <= cp <= 0xE007F
        or 0x1F3FB <= cp <= 0x1F3FF
    )


@lru_cache(maxsize=65536)
def of(ch: str) -> str:
    if is_joiner(ch):
        return INHERITED
    if is_emoji(ch) and not ch.isalnum():
        return "Emoji"
    cp = ord(ch)
    i = bisect.bisect_right(_STARTS, cp) - 1
    if i >= 0 and _RANGES[i][0] <= cp <= _RANGES[i][1]:
        return _RANGES[i][2]
    category = unicodedata.category(ch)
    if category in ("Mn", "Me", "Mc"):
        return INHERITED
    if category[0] in "NPSZ" or category == "Lm":
        return COMMON
    return "Other"


def is_rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def is_cjk(ch: str) -> bool:
    return of(ch) in ("Han", "Hiragana", "Katakana", "Hangul")


def dominant(text: str) -> str:
    """The script most letters of `text` are written in (Common when it has no letters)."""
    counts: dict[str, int] = {}
    for ch in text:
        s = of(ch)
        if s not in (COMMON, INHERITED, "Emoji"):
            counts[s] = counts.get(s, 0) + 1
    if not counts:
        return COMMON
    # Kana and Han count together as Japanese-style text.
    return max(counts, key=lambda k: counts[k])

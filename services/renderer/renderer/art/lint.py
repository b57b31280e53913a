"""The deck lint: checks a render's layout record (record.py) against what a postable deck needs.

Independent of the layout code on purpose: it reads each font's character map itself, finds words with
its own segmentation (spaces, pyphen's dictionary, BudouX phrases, jieba's Chinese words, a Vietnamese word list) and re-derives every rule from the
record alone, so a bug in text.py or breaking.py cannot hide from it.

Rules: boxes inside the safe zones (top 10 %, bottom 20 %, right 12 %); the hook is the largest text of
its deck; titles at least the design's minimum size, nothing under 44 px; at most ~6 words a line in spaced scripts; no break
inside a word except at a dictionary point (and only at the minimum size); no one-character CJK line; no
text shortened (ellipsis or dropped words); no glyph missing from the font used.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

import budoux
import pyphen

from renderer.art import breaking, fonts
from renderer.art.record import HOOK, TITLE, TextRecord

W, H = 1080, 1920
SAFE_TOP, SAFE_BOTTOM, SAFE_RIGHT = 0.10 * H, 0.80 * H, 0.88 * W
MAX_WORDS_PER_LINE = 7  # "about 6"
FLOOR = 44  # STYLE: "nothing below ~44 px", whatever the role
_UNSPACED = ("Han", "Hiragana", "Katakana", "Thai")


@dataclass(frozen=True)
class Violation:
    slide: int
    role: str
    rule: str
    detail: str

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    def __str__(self) -> str:
        return f"slide {self.slide + 1} {self.role}: {self.rule}: {self.detail}"


def check(records: list[TextRecord]) -> list[Violation]:
    out: list[Violation] = []
    for r in records:
        out += (
            _zones(r)
            + _sizes(r)
            + _words_per_line(r)
            + _breaks(r)
            + _cjk_orphans(r)
            + _complete(r)
            + _glyphs(r)
        )
    out += _hook_largest(records)
    return out


def _v(r: TextRecord, rule: str, detail: str) -> Violation:
    return Violation(r.slide, r.role, rule, detail)


def _zones(r: TextRecord) -> list[Violation]:
    x0, y0, x1, y1 = r.box
    bad = []
    if y0 < SAFE_TOP:
        bad.append(f"top {y0:.0f} < {SAFE_TOP:.0f}")
    if y1 > SAFE_BOTTOM:
        bad.append(f"bottom {y1:.0f} > {SAFE_BOTTOM:.0f}")
    if x1 > SAFE_RIGHT:
        bad.append(f"right {x1:.0f} > {SAFE_RIGHT:.0f}")
    if x0 < 0:
        bad.append(f"left {x0:.0f} < 0")
    return [_v(r, "safe-zone", "; ".join(bad))] if bad else []


def _sizes(r: TextRecord) -> list[Violation]:
    if r.role in (HOOK, TITLE) and r.size < r.min_size:
        return [_v(r, "min-size", f"{r.size}px < {r.min_size}px")]
    if r.size < FLOOR:
        return [_v(r, "too-small", f"{r.size}px < {FLOOR}px")]
    return []


def _hook_largest(records: list[TextRecord]) -> list[Violation]:
    hooks = [r for r in records if r.role == HOOK]
    if not hooks:
        return []
    top = max(h.size for h in hooks)
    return [
        _v(r, "hook-largest", f"{r.size}px > hook {top}px")
        for r in records
        if r.role != HOOK and r.size > top
    ]


def _script_of(ch: str) -> str:
    name = unicodedata.name(ch, "")
    for s, words in (
        ("Han", ("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH")),
        ("Hiragana", ("HIRAGANA",)),
        ("Katakana", ("KATAKANA",)),
        ("Thai", ("THAI",)),
        ("Hangul", ("HANGUL",)),
    ):
        if any(name.startswith(w) for w in words):
            return s
    return "Other"


def _unspaced(text: str) -> bool:
    return any(_script_of(c) in _UNSPACED for c in text)


def _words_per_line(r: TextRecord) -> list[Violation]:
    out = []
    for line in r.lines:
        if _unspaced(line):
            continue
        n = len(line.split())
        if n > MAX_WORDS_PER_LINE:
            out.append(_v(r, "words-per-line", f"{n} words: {line!r}"))
    return out


@lru_cache(maxsize=32)
def _dictionary(language: str) -> pyphen.Pyphen | None:
    lang = language.replace("-", "_")
    found = pyphen.language_fallback(lang) or pyphen.language_fallback(lang.split("_")[0])
    return pyphen.Pyphen(lang=found) if found else None


@lru_cache(maxsize=4)
def _phrases(model: str) -> budoux.Parser:
    loaders = {
        "ja": budoux.load_default_japanese_parser,
        "zh-Hans": budoux.load_default_simplified_chinese_parser,
        "zh-Hant": budoux.load_default_traditional_chinese_parser,
        "th": budoux.load_default_thai_parser,
    }
    return loaders[model]()


def _ends(pieces: list[str]) -> set[int]:
    out, p = set(), 0
    for piece in pieces:
        p += len(piece)
        out.add(p)
    return out


@lru_cache(maxsize=1)
def _vietnamese_dictionary() -> frozenset[str]:
    path = Path(__file__).resolve().parent.parent / "dictionaries" / "vi-words.txt"
    return frozenset(line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines())


def _vietnamese_joins(text: str) -> set[int]:
    """Offsets of the spaces inside Vietnamese words, by backward maximal matching (the layout matches
    forward: the two agree on unambiguous text and flag each other's mistakes)."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
    plain = [text[a:b].strip(".,!?;:…\"'“”‘’()").lower() for a, b in spans]
    joins: set[int] = set()
    j = len(spans)
    while j > 0:
        take = 1
        for n in range(min(4, j), 1, -1):
            if " ".join(plain[j - n : j]) in _vietnamese_dictionary() and all(
                text[b - 1].isalpha() for _, b in spans[j - n : j - 1]
            ):
                take = n
                break
        joins.update(spans[k][1] for k in range(j - take, j - 1))
        j -= take
    return joins


def _chinese_words(text: str) -> list[str]:
    """jieba's words (its dictionary is Simplified: Traditional text is looked up character for
    character in Simplified, the pieces keep their lengths)."""
    import rjieba  # jieba's dictionary and HMM, in Rust
    from hanziconv import HanziConv

    simplified = HanziConv.toSimplified(text)
    return list(rjieba.cut(simplified if len(simplified) == len(text) else text, hmm=True))


def _model(text: str, language: str) -> str:
    scripts = {_script_of(c) for c in text}
    if "Thai" in scripts:
        return "th"
    if scripts & {"Hiragana", "Katakana"} or language.startswith("ja"):
        return "ja"
    return "zh-Hant" if language.lower().startswith("zh-hant") else "zh-Hans"


def _breaks(r: TextRecord) -> list[Violation]:
    """Every line end must fall between words: at a space of the text, after a hyphen the text has, at a
    phrase boundary in unspaced scripts, or (hyphen added, minimum size only) at a dictionary point."""
    out = []
    if r.forced:
        out.append(_v(r, "word-cut", "a line was cut where no rule allows"))
    text = " ".join(r.text.split())
    pos = 0  # offset in text after the current line
    for i, line in enumerate(r.lines[:-1]):
        added = r.hyphenated[i] if i < len(r.hyphenated) else False
        body = line[:-1] if added else line
        pos = text.find(body, pos)
        if pos < 0:
            return out  # the lines do not spell the text: _complete reports it
        end = pos + len(body)
        pos = end
        before, after = text[end - 1 : end], text[end : end + 1]
        if added:
            left = text[:end].split()[-1] if text[:end].split() else ""
            word = left + text[end:].split()[0] if text[end:].split() else left
            dic = _dictionary(r.language)
            points = set(dic.positions(word)) if dic else set()
            if len(left) not in points:
                out.append(_v(r, "word-cut", f"{line!r} breaks {word!r} off a dictionary point"))
            elif r.size > r.min_size:
                out.append(
                    _v(r, "needless-hyphen", f"{word!r} hyphenated at {r.size}px (min {r.min_size}px)")
                )
            continue
        if after == " " and r.language.split("-")[0] == "vi" and end in _vietnamese_joins(text):
            out.append(_v(r, "word-cut", f"{line!r} / {r.lines[i + 1]!r} splits a Vietnamese word"))
            continue
        if after in (" ", "") or before in ("-", "‐", "/", "—", "–", " "):
            continue
        if _unspaced(before + after):
            model = _model(text, r.language)
            phrases = _phrases(model).parse(text)
            bounds = _ends(phrases)
            if model == "ja":
                bounds |= breaking.japanese_tails(phrases)  # "出かける / ことにした"
            if model.startswith("zh"):
                bounds &= _ends(_chinese_words(text))  # BudouX alone splits words such as 健|身
            if end in bounds:
                continue
            out.append(_v(r, "word-cut", f"{line!r} ends inside a phrase"))
            continue
        if unicodedata.category(before)[0] == "P" or unicodedata.category(after)[0] == "P":
            continue
        out.append(_v(r, "word-cut", f"{line!r} / {r.lines[i + 1]!r}"))
    return out


def _cjk_orphans(r: TextRecord) -> list[Violation]:
    if len(r.lines) < 2:
        return []
    out = []
    for line in r.lines:
        core = "".join(c for c in line if unicodedata.category(c)[0] not in "PZ")
        if len(core) == 1 and _script_of(core) in ("Han", "Hiragana", "Katakana", "Hangul"):
            out.append(_v(r, "cjk-orphan", f"line {line!r}"))
    return out


def _squash(text: str) -> str:
    return "".join(ch for ch in text if not ch.isspace())


def _complete(r: TextRecord) -> list[Violation]:
    """The drawn lines spell the whole text: nothing dropped, nothing replaced by an ellipsis."""
    drawn = "".join(
        line[:-1] if (r.hyphenated[i] if i < len(r.hyphenated) else False) else line
        for i, line in enumerate(r.lines)
    )
    if _squash(drawn) == _squash(r.text):
        return []
    if "…" in drawn and "…" not in r.text:
        return [_v(r, "ellipsis", f"{' / '.join(r.lines)!r} shortens {r.text!r}")]
    return [_v(r, "text-lost", f"drew {' / '.join(r.lines)!r} for {r.text!r}")]


def _ignorable(ch: str) -> bool:
    cp = ord(ch)
    return ch.isspace() or cp in (0x200C, 0x200D) or 0xFE00 <= cp <= 0xFE0F or 0xE0020 <= cp <= 0xE007F


def _glyphs(r: TextRecord) -> list[Violation]:
    out = []
    for line in r.runs:
        for run_text, face in line:
            cmap = _cmap(face)
            missing = sorted({c for c in run_text if not _ignorable(c) and ord(c) not in cmap})
            if missing:
                out.append(
                    _v(r, "missing-glyph", f"{face} lacks {' '.join(f'U+{ord(c):04X}' for c in missing)}")
                )
    return out


@lru_cache(maxsize=64)
def _cmap(face: str) -> frozenset[int]:
    if face not in fonts.FACES:
        return frozenset()
    try:
        path = fonts.locate(face)
    except fonts.MissingFont:
        return frozenset()
    with open(path, "rb") as fh:
        return fonts.parse_cmap(fh.read(), fonts.FACES[face].index)

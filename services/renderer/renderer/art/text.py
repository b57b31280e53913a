"""Text layout: shaping runs (one font per script, bidi order), line breaking (breaking.py), the largest
size that fits a box with balanced lines, and drawing (plain, outlined, boxed, color emoji).

A word is never cut: lines break only where breaking.py allows, a word too wide for the box at the
design's minimum size is hyphenated at a dictionary point, and only text that still cannot fit (a
400-letter "word") is broken by force, which the block records and the deck lint reports. Text that
no shipped font can draw raises UnsupportedText instead of being dropped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.art import breaking, fonts, script

Box = tuple[int, int, int, int]  # x0, y0, x1, y1
RGBA = tuple[int, ...]


class UnsupportedText(ValueError):
    """Characters that no shipped font can draw."""

    def __init__(self, chars: str) -> None:
        super().__init__(f"no font can draw {', '.join(f'U+{ord(c):04X}' for c in chars)}")
        self.chars = chars


@dataclass(frozen=True)
class Run:
    text: str
    face: str
    rtl: bool

    @property
    def emoji(self) -> bool:
        return self.face == "emoji"


@dataclass(frozen=True)
class Line:
    text: str  # logical order, as written
    runs: tuple[Run, ...]  # visual order, left to right
    width: float
    hyphenated: bool = False  # ends in a hyphen added at a dictionary point
    forced: bool = False  # broken inside a word where no rule allows it (last resort)


@dataclass(frozen=True)
class Spec:
    style: str = "title"  # display | title | text | serif (fonts.STYLES)
    max_size: int = 110
    min_size: int = 56
    max_lines: int = 6
    leading: float = 1.12
    align: str = "center"  # left | center | right | start (left, or right in RTL decks)
    valign: str = "center"  # top | center | bottom
    max_words: int = 6  # per line, in scripts that separate words with spaces


@dataclass(frozen=True)
class TextBlock:
    text: str
    lines: tuple[Line, ...]
    size: int
    pitch: float  # baseline to baseline
    ascent: float
    descent: float
    box: Box
    align: str
    rtl: bool  # the paragraph's direction
    top: float  # y of the first line's ascent
    spec: Spec = field(default_factory=Spec)

    @property
    def height(self) -> float:
        return block_height(len(self.lines), self.pitch, self.ascent, self.descent)

    def moved(self, top: float) -> TextBlock:
        from dataclasses import replace

        x0, _, x1, _ = self.box
        return replace(self, top=top, box=(x0, int(top), x1, int(top + self.height + 1)))

    def placements(self) -> list[tuple[Line, float, float]]:
        """(line, x of its left edge, baseline y) for each line."""
        x0, _, x1, _ = self.box
        out = []
        for i, line in enumerate(self.lines):
            align = self.align
            if align == "start":
                align = "right" if self.rtl else "left"
            if align == "left":
                x = float(x0)
            elif align == "right":
                x = x1 - line.width
            else:
                x = x0 + (x1 - x0 - line.width) / 2
            out.append((line, x, self.top + self.ascent + i * self.pitch))
        return out


def block_height(n: int, pitch: float, ascent: float, descent: float) -> float:
    return 0.0 if n == 0 else (n - 1) * pitch + ascent + descent


# -- runs ---------------------------------------------------------------------------------------------


def clean(text: str) -> str:
    """One line of text: whitespace collapsed, control and format characters (other than joiners and
    variation selectors, which shape emoji and Indic text) removed."""
    out = []
    for ch in text:
        if ch in "\n\t\r":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or (
            unicodedata.category(ch) == "Cf" and not script.is_joiner(ch)
        ):
            continue
        else:
            out.append(ch)
    return " ".join("".join(out).split())


def _strong(ch: str) -> str | None:
    bidi = unicodedata.bidirectional(ch)
    if bidi in ("R", "AL"):
        return "R"
    if bidi == "L" or script.of(ch) == "Emoji":
        return "L"
    if bidi in ("EN", "AN"):
        return "N"  # numbers: left-to-right inside, placed by their surroundings
    return None


def paragraph_rtl(text: str, language: str) -> bool:
    """Right-to-left when the deck's language is and the text holds right-to-left letters or no letters
    at all (a list label "1." reads ".1" in Arabic); otherwise by the first strong character (UBA P2-P3)."""
    rtl_language = fonts.main_script(language) in script.RTL_SCRIPTS
    if rtl_language and any(script.is_rtl_char(c) for c in text):
        return True
    if rtl_language and not any(_strong(c) in ("R", "L") for c in text):
        return True
    for ch in text:
        s = _strong(ch)
        if s in ("R", "L"):
            return s == "R"
    return False


def _levels(text: str, rtl_paragraph: bool) -> list[bool]:
    """Per character: drawn right-to-left? Neutrals take the direction of their neighbours when both
    agree, else the paragraph's (UBA N1-N2, two levels); digits always run left to right."""
    base = "R" if rtl_paragraph else "L"
    kinds = [_strong(ch) for ch in text]
    out: list[bool] = []
    for i, k in enumerate(kinds):
        if k in ("R", "L", "N"):
            out.append(k == "R")
            continue
        prev = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] in ("R", "L")), base)
        nxt = next((kinds[j] for j in range(i + 1, len(kinds)) if kinds[j] in ("R", "L")), base)
        out.append((prev if prev == nxt else base) == "R")
    return out


def _font_runs(text: str, style: str, language: str) -> list[tuple[str, str]]:
    """(text, face) pieces in logical order; raises UnsupportedText."""
    runs: list[list[str]] = []
    missing = []
    prev = ""
    for ch in text:
        face = fonts.face_for(ch, style, language, prev)
        if face is None:
            missing.append(ch)
            continue
        if runs and runs[-1][0] == face:
            runs[-1][1] += ch
        else:
            runs.append([face, ch])
        prev = face
    if missing:
        raise UnsupportedText("".join(dict.fromkeys(missing)))
    return [(t, f) for f, t in runs]


@lru_cache(maxsize=16384)
def shape(text: str, style: str, language: str, rtl_paragraph: bool) -> tuple[Run, ...]:
    """The runs of one line in visual order (left to right)."""
    if not text:
        return ()
    levels = _levels(text, rtl_paragraph)
    # Level runs: maximal stretches of one direction.
    groups: list[tuple[bool, str]] = []
    for ch, rtl in zip(text, levels, strict=True):
        if groups and groups[-1][0] == rtl:
            groups[-1] = (rtl, groups[-1][1] + ch)
        else:
            groups.append((rtl, ch))
    visual: list[Run] = []
    ordered = list(reversed(groups)) if rtl_paragraph else groups
    for rtl, piece in ordered:
        pieces = [Run(t, f, rtl) for t, f in _font_runs(piece, style, language)]
        visual.extend(reversed(pieces) if rtl else pieces)
    return tuple(visual)


def _emoji_scale(size: int) -> float:
    return size / 128.0  # the bitmap strike is 128 px tall at 109 ppem


@lru_cache(maxsize=32768)
def run_width(text: str, face: str, size: int, rtl: bool) -> float:
    if face == "emoji":
        return float(fonts.font("emoji", size).getlength(text)) * _emoji_scale(size)
    return float(fonts.font(face, size).getlength(text, direction="rtl" if rtl else "ltr"))


def measure(
    text: str, style: str, language: str, size: int, rtl_paragraph: bool
) -> tuple[tuple[Run, ...], float]:
    runs = shape(text, style, language, rtl_paragraph)
    return runs, sum(run_width(r.text, r.face, size, r.rtl) for r in runs)


# -- line breaking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Piece:
    text: str
    space_before: bool
    hyphen_after: bool = False  # a dictionary point: a hyphen is drawn if the line breaks here
    forced_after: bool = False  # an arbitrary cut (last resort)


def _join(pieces: list[_Piece]) -> tuple[str, bool, bool]:
    out = ""
    for i, p in enumerate(pieces):
        out += (" " if p.space_before and i else "") + p.text
    last = pieces[-1]
    if last.hyphen_after:
        out += "-"
    return out, last.hyphen_after, last.forced_after


class _Measurer:
    def __init__(self, style: str, language: str, size: int, rtl: bool) -> None:
        self.style, self.language, self.size, self.rtl = style, language, size, rtl
        self.space = measure(" ", style, language, size, rtl)[1] if size else 0.0

    def width(self, text: str) -> float:
        return measure(text, self.style, self.language, self.size, self.rtl)[1]


def _greedy(
    pieces: list[_Piece], m: _Measurer, width: float, limit: int, max_words: int = 1000
) -> list[list[_Piece]] | None:
    """First-fit lines; None when a piece alone is wider than the line or more than `limit` lines."""
    lines: list[list[_Piece]] = []
    current: list[_Piece] = []
    current_w = 0.0
    for p in pieces:
        w = m.width(p.text + ("-" if p.hyphen_after else ""))
        if not current:
            if w > width:
                return None
            current, current_w = [p], m.width(p.text)
            continue
        estimate = current_w + w + (m.space if p.space_before else 0.0)
        if p.space_before and 1 + sum(q.space_before for q in current[1:]) >= max_words:
            estimate = width + 1.0  # a full line of words: break here
        elif estimate > width * 0.97:
            estimate = m.width(_join([*current, p])[0])
        if estimate <= width:
            current.append(p)
            current_w = m.width(_join(current)[0]) if p.hyphen_after else estimate
            continue
        lines.append(current)
        if len(lines) >= limit:
            return None
        if w > width:
            return None
        current, current_w = [p], m.width(p.text)
    if current:
        lines.append(current)
    # Hyphen pieces only stay split where the line actually breaks.
    return lines


def _merge_unbroken(lines: list[list[_Piece]]) -> list[tuple[str, bool, bool]]:
    """Line strings; a hyphenation point or forced cut inside a line joins its pieces without a mark."""
    out = []
    for line in lines:
        text = ""
        for i, p in enumerate(line):
            text += (" " if p.space_before and i else "") + p.text
        last = line[-1]
        if last.hyphen_after:
            text += "-"
        out.append((text, last.hyphen_after, last.forced_after))
    return out


def _pieces(text: str, language: str, m: _Measurer, width: float, mode: str) -> list[_Piece]:
    """Units of the text; in mode "hyphen" units too wide for the line are split at dictionary points,
    in mode "force" also anywhere."""
    out: list[_Piece] = []
    for unit in breaking.units(text, language):
        if mode == "plain" or m.width(unit.text) <= width:
            out.append(_Piece(unit.text, unit.space_before))
            continue
        cuts = list(breaking.hyphen_points(unit.text, language))
        parts = _split_at(unit.text, cuts) if cuts else [unit.text]
        pieces = [
            _Piece(part, unit.space_before if i == 0 else False, i < len(parts) - 1)
            for i, part in enumerate(parts)
        ]
        if mode == "force":
            pieces = [q for p in pieces for q in _force(p, m, width)]
        out.extend(pieces)
    return out


def _split_at(word: str, cuts: list[int]) -> list[str]:
    parts, prev = [], 0
    for c in cuts:
        parts.append(word[prev:c])
        prev = c
    parts.append(word[prev:])
    return parts


def _force(p: _Piece, m: _Measurer, width: float) -> list[_Piece]:
    """Cut a piece that is still too wide into pieces that fit (grapheme-safe enough for this last resort:
    never between a base and its combining marks)."""
    if m.width(p.text + ("-" if p.hyphen_after else "")) <= width:
        return [p]
    out: list[_Piece] = []
    rest = p.text
    first = True
    while rest:
        lo, hi, best = 1, len(rest), 1
        while lo <= hi:
            mid = (lo + hi) // 2
            if m.width(rest[:mid]) <= width:
                best, lo = mid, mid + 1
            else:
                hi = mid - 1
        while best < len(rest) and script.of(rest[best]) == script.INHERITED:
            best += 1
        chunk, rest = rest[:best], rest[best:]
        out.append(
            _Piece(
                chunk, p.space_before if first else False, p.hyphen_after if not rest else False, bool(rest)
            )
        )
        first = False
    return out


# -- fitting ------------------------------------------------------------------------------------------


def _metrics(faces: set[str], size: int) -> tuple[float, float]:
    ascent = descent = 0.0
    for face in faces:
        if face == "emoji":
            a, d = size * 0.9, size * 0.2
        else:
            a, d = fonts.font(face, size).getmetrics()
        ascent, descent = max(ascent, a), max(descent, d)
    return ascent, descent


def _pitch(faces: set[str], size: int, leading: float) -> float:
    factor = leading
    if any(f.startswith(("cjk", "thai", "devanagari")) for f in faces):
        factor = max(factor, 1.25)
    if any(f.startswith("arabic") for f in faces):
        factor = max(factor, 1.4)
    return size * factor


@dataclass
class _Fit:
    lines: list[tuple[str, bool, bool]]
    size: int


def _try(text: str, language: str, spec: Spec, box: Box, size: int, mode: str, rtl: bool) -> _Fit | None:
    width = box[2] - box[0]
    m = _Measurer(spec.style, language, size, rtl)
    pieces = _pieces(text, language, m, width, mode)
    limit = spec.max_lines if mode != "force" else 1000
    lines = _greedy(pieces, m, width, limit, spec.max_words)
    if lines is None:
        return None
    joined = _merge_unbroken(lines)
    if any(m.width(t) > width for t, _, _ in joined):  # the sums of piece widths were estimates
        return None
    found = _Fit(joined, size)
    return found if _fits_height(found, language, spec, box, rtl) else None


def _search(
    text: str, language: str, spec: Spec, box: Box, mode: str, rtl: bool, low: int, high: int
) -> _Fit | None:
    lo, hi = low, high
    best = None
    while lo <= hi:
        mid = (lo + hi) // 2
        got = _try(text, language, spec, box, mid, mode, rtl)
        if got is not None:
            best, lo = got, mid + 1
        else:
            hi = mid - 1
    return best


def _is_orphan(line: str, kicker: bool = False) -> bool:
    """A line too thin to stand alone: one CJK character, or one short word (`kicker`: unless a colon
    ends it, see _is_kicker)."""
    core = line.strip(" .,!?。、！？")
    if not core:
        return True
    if kicker and _is_kicker(core):
        return False
    if len(core) == 1 and script.is_cjk(core) or script.of(core[0]) == "Thai" and len(core) <= 2:
        return True
    if not any(ch.isalpha() for ch in core):
        return True  # a number alone ("87 %" over "der Mitglieder sind ..."): what it counts is elsewhere
    return " " not in core and len(core) <= 7 and not _cjk_line(core)  # "once", "place" alone


def _is_kicker(line: str) -> bool:
    """A topic that a colon ends, alone on a hook's first line ("Reisen: / 3 Fehler, die ich ..."); in
    the middle ("рутина:") it is an orphan like any short word, and so is a title's label alone on its
    first line ("Fact:", "Morning:", "Mythos:": read as a stray word in rounds 25 and 26)."""
    core = line.strip()
    return core.endswith(":") and not _cjk_line(core)


def _cjk_line(core: str) -> bool:
    """Mostly CJK ("4週間、1日も" too, though it starts with a digit)."""
    return script.dominant(core) in ("Han", "Hiragana", "Katakana", "Hangul")


def _kicker_ok(spec: Spec, index: int) -> bool:
    """Whether line `index` of a block set by `spec` may be a kicker: a hook's (KICKER_MIN and up) first."""
    return index == 0 and spec.max_size >= KICKER_MIN


KICKER_MIN = 130  # a Spec this big sets a hook (titles go to 112)
LABEL_ALONE = 2.0  # the weight of a line that a colon ends, alone where it may not be a kicker
_SPACE_COLON = re.compile(r"\s+:")  # French sets a space (often a no-break one) before its colon


def _orphan_weight(line: str, kicker: bool = False, first: bool = False) -> float:
    """How much a line of a multi-line block hurts: a short word alone 1; a long word, two short words
    or two or three CJK characters alone half ("реальная" between "Моя" and "рутина:"; often
    unavoidable), else 0; with `kicker`, a line that a colon ends ("Reisen:") is none, without it a
    label alone on the `first` line ("Fact:", "पहले:") LABEL_ALONE: read as a stray word, worse than a
    split phrase (rounds 25 and 26)."""
    if kicker and _is_kicker(line):
        return 0.0
    if first and _is_kicker(line) and len(_SPACE_COLON.sub(":", line).split()) == 1:  # "Midi :" too
        return LABEL_ALONE
    if _is_orphan(line):
        return 1.0
    core = line.strip(" .,!?:;。、！？")
    if _cjk_line(core):
        # "全部" alone between full lines reads as a fragment (rounds 26 and 27); "続いた" less so
        return 1.0 if len(core) <= 2 else 0.5 if len(core) == 3 else 0.0
    if script.of(core[0]) == "Thai":
        return 0.0
    return 0.5 if " " not in core or len(core) <= 7 else 0.0  # "реальная" alone, "at once", "you can"


def _orphans(found: _Fit, spec: Spec) -> float:
    return (
        sum(_orphan_weight(t, _kicker_ok(spec, i), i == 0) for i, (t, _, _) in enumerate(found.lines))
        if len(found.lines) > 1
        else 0.0
    )


def _flaws(found: _Fit, language: str, spec: Spec) -> float:
    """Orphan lines, and phrases split across lines (SPLIT_COST each: "in / Minuten", "के / लिए")."""
    splits = sum(
        breaking.split_cost(a.split()[-1], b.split()[0], language)
        for (a, _, _), (b, _, _) in zip(found.lines, found.lines[1:], strict=False)
        if a.split() and b.split()
    )
    return _orphans(found, spec) + SPLIT_COST * splits


def _has_orphan(found: _Fit, spec: Spec) -> bool:
    """A line of one short word in a block of several ("2 ngộ nhận / về / tập luyện"), or a title's
    label alone on its first line (see _orphan_weight)."""
    return len(found.lines) > 1 and any(
        _orphan_weight(line, _kicker_ok(spec, i), i == 0) >= 1 for i, (line, _, _) in enumerate(found.lines)
    )


def _balance(text: str, language: str, spec: Spec, box: Box, found: _Fit, mode: str, rtl: bool) -> _Fit:
    """Same size and line count, the narrowest measure that still fits: lines of even length instead of a
    long line over a short one. Among measures that work, one without an orphan line is preferred."""
    n = len(found.lines)
    if n < 2:
        return found
    lo, hi = (box[2] - box[0]) * 0.45, float(box[2] - box[0])
    best = found
    for _ in range(7):
        mid = (lo + hi) / 2
        trial = _try(text, language, spec, (box[0], box[1], box[0] + int(mid), box[3]), found.size, mode, rtl)
        if (
            trial is not None
            and len(trial.lines) == n
            and not (_has_orphan(trial, spec) and not _has_orphan(best, spec))
        ):
            best, hi = trial, mid
        else:
            lo = mid
    return best


ORPHAN_COST = 0.15  # a one-word line counts like losing 15 % of the size
SPLIT_COST = 1.0  # a phrase split across lines ("in / Minuten") counts like an orphan: reviewers read both
_MAX_DP_PIECES = 40  # longer texts keep the greedy lines (the search is quadratic in pieces)


def _best_breaks(
    text: str, language: str, spec: Spec, box: Box, size: int, mode: str, rtl: bool, n: int
) -> tuple[_Fit, float] | None:
    """The `n` lines at `size` with the fewest orphan lines, then the most even lengths (least sum of
    squared slack), and their orphan count; None when the text cannot be set in `n` lines. Greedy
    filling decides the fewest lines; this decides where they break, so "2 мифа про / фитнес, / в
    которые / ..." can become "2 мифа / про фитнес, / в которые ты / ..."."""
    width = box[2] - box[0]
    m = _Measurer(spec.style, language, size, rtl)
    pieces = _pieces(text, language, m, width, mode)
    count = len(pieces)
    if count < n or count > _MAX_DP_PIECES:
        return None
    lines: dict[tuple[int, int], tuple[tuple[str, bool, bool], float] | None] = {}

    def line(i: int, j: int) -> tuple[tuple[str, bool, bool], float] | None:
        """Pieces i..j-1 as one line and its cost, None when wider than the box."""
        if (i, j) not in lines:
            joined = _merge_unbroken([pieces[i:j]])[0]
            w = m.width(joined[0])
            slack = ((width - w) / width) ** 2
            split = (
                SPLIT_COST * breaking.split_cost(pieces[j - 1].text, pieces[j].text, language)
                if j < count
                else 0
            )
            flaw = (n > 1) * _orphan_weight(joined[0], _kicker_ok(spec, i), i == 0) + split
            lines[i, j] = (joined, slack + flaw) if w <= width else None
        return lines[i, j]

    inf = float("inf")
    # cost[k][j]: the best way to set pieces[:j] in k lines; back[k][j]: where its last line starts.
    cost = [[inf] * (count + 1) for _ in range(n + 1)]
    back = [[0] * (count + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for k in range(1, n + 1):
        for j in range(k, count - (n - k) + 1):
            for i in range(j - 1, k - 2, -1):
                got = line(i, j)
                if got is None:
                    break  # a line starting further back is wider still
                if cost[k - 1][i] + got[1] < cost[k][j]:
                    cost[k][j], back[k][j] = cost[k - 1][i] + got[1], i
    if cost[n][count] == inf:
        return None
    out: list[tuple[str, bool, bool]] = []
    j = count
    for k in range(n, 0, -1):
        got = line(back[k][j], j)
        assert got is not None
        out.append(got[0])
        j = back[k][j]
    found = _Fit(out[::-1], size)
    return found, _flaws(found, language, spec)


def _without_orphan(
    text: str, language: str, spec: Spec, box: Box, found: _Fit, mode: str, rtl: bool
) -> _Fit:
    """A line of one short word ("Trying to change / everything at / once", "Моя / реальная / ...")
    is avoided by breaking the lines elsewhere, by one line more where the box has room, or at a
    smaller size; a phrase split across lines ("in / Minuten") the same way, at SPLIT_COST of an orphan.
    Each orphan line counts like ORPHAN_COST of the size: the layout of the best size x (1 - ORPHAN_COST
    x orphans) wins, so one orphan is worth a little size, a tower of them a lot."""
    orphans = _flaws(found, language, spec)
    if not orphans:
        return found
    best, best_score = found, _score(found.size, orphans)
    step = max(1, found.size // 48)
    for size in range(found.size, spec.min_size - 1, -step):
        if size <= best_score:
            break  # nothing smaller can score better
        trial = found if size == found.size else _try(text, language, spec, box, size, mode, rtl)
        if trial is None:
            continue
        n = len(trial.lines)
        for lines in (n, n + 1) if n + 1 <= spec.max_lines else (n,):
            got = _best_breaks(text, language, spec, box, size, mode, rtl, lines)
            if got is None or not _fits_height(got[0], language, spec, box, rtl):
                continue
            score = _score(size, got[1])
            if score > best_score:
                best, best_score = got[0], score
    return best


def _score(size: int, flaws: float) -> float:
    """A layout's worth: its size less ORPHAN_COST of it per flaw, never below a tenth of it (past that
    a smaller size would score higher for the same flaws)."""
    return size * max(0.1, 1 - ORPHAN_COST * flaws)


def _fits_height(found: _Fit, language: str, spec: Spec, box: Box, rtl: bool) -> bool:
    """Whether the block's lines, at their size and the pitch their fonts need, fit the box's height."""
    faces = {r.face for t, _, _ in found.lines for r in shape(t, spec.style, language, rtl)}
    ascent, descent = _metrics(faces, found.size)
    pitch = _pitch(faces, found.size, spec.leading)
    return block_height(len(found.lines), pitch, ascent, descent) <= box[3] - box[1]


def fit(text: str, language: str, box: Box, spec: Spec) -> TextBlock:
    """The largest size at which `text` fits `box` without breaking a word, lines balanced. Below the
    minimum size only a word that cannot fit at all is hyphenated (dictionary points), then, as a last
    resort, cut and marked `forced`."""
    text = clean(text)
    rtl = paragraph_rtl(text, language)
    found = None
    if text:
        for mode in ("plain", "hyphen", "force"):
            # Hyphenation is for a word that cannot fit at the minimum size: it stays at that size.
            low = spec.min_size if mode != "force" else 12
            high = spec.max_size if mode == "plain" else spec.min_size
            found = _search(text, language, spec, box, mode, rtl, low, high)
            if found is not None:
                found = _balance(text, language, spec, box, found, mode, rtl)
                found = _without_orphan(text, language, spec, box, found, mode, rtl)
                break
    if found is None:
        found = _Fit([], spec.min_size)
    size = found.size
    lines = []
    for line_text, hyphenated, forced in found.lines:
        runs, width = measure(line_text, spec.style, language, size, rtl)
        lines.append(Line(line_text, runs, width, hyphenated, forced))
    faces = {r.face for ln in lines for r in ln.runs}
    ascent, descent = _metrics(faces, size)
    pitch = _pitch(faces, size, spec.leading)
    height = block_height(len(lines), pitch, ascent, descent)
    if spec.valign == "top":
        top = float(box[1])
    elif spec.valign == "bottom":
        top = box[3] - height
    else:
        top = box[1] + (box[3] - box[1] - height) / 2
    return TextBlock(text, tuple(lines), size, pitch, ascent, descent, box, spec.align, rtl, top, spec)


def check_drawable(text: str, style: str, language: str) -> None:
    """Raises UnsupportedText when some character of `text` has no font."""
    text = clean(text)
    shape(text, style, language, paragraph_rtl(text, language))


# -- drawing ------------------------------------------------------------------------------------------


def run_positions(block: TextBlock) -> list[tuple[Run, float, float]]:
    """(run, x, baseline) of every run, in visual order."""
    out = []
    for line, x, baseline in block.placements():
        for run in line.runs:
            out.append((run, x, baseline))
            x += run_width(run.text, run.face, block.size, run.rtl)
    return out


@lru_cache(maxsize=256)
def emoji_image(text: str, size: int) -> Image.Image:
    f = fonts.font("emoji", size)
    w = max(1, int(f.getlength(text)) + 4)
    im = Image.new("RGBA", (w, 160), (0, 0, 0, 0))
    ImageDraw.Draw(im).text((0, 128), text, font=f, anchor="ls", embedded_color=True)
    scale = _emoji_scale(size)
    return im.resize((max(1, round(w * scale)), max(1, round(160 * scale))), Image.Resampling.LANCZOS)


def ink_boxes(block: TextBlock, stroke: int = 0) -> list[tuple[float, float, float, float]]:
    """The inked bounding box of every run as drawn (stroke included)."""
    out = []
    for run, x, baseline in run_positions(block):
        if run.emoji:
            em = emoji_image(run.text, block.size)
            top = baseline - 128 * _emoji_scale(block.size)
            out.append((x, top, x + em.width, top + em.height))
            continue
        f = fonts.font(run.face, block.size)
        left, t, r, b = f.getbbox(
            run.text, anchor="ls", direction="rtl" if run.rtl else "ltr", stroke_width=stroke
        )
        out.append((x + left, baseline + t, x + r, baseline + b))
    return out


def ink_box(block: TextBlock, stroke: int = 0) -> tuple[float, float, float, float] | None:
    boxes = ink_boxes(block, stroke)
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def draw(
    img: Image.Image,
    block: TextBlock,
    fill: RGBA,
    stroke: int = 0,
    stroke_fill: RGBA | None = None,
    emoji: bool = True,
    origin: tuple[int, int] = (0, 0),
) -> None:
    """The block's runs drawn on `img`, whose top-left corner is at `origin` in slide coordinates."""
    d = ImageDraw.Draw(img)
    for run, x, baseline in run_positions(block):
        x, baseline = x - origin[0], baseline - origin[1]
        if run.emoji:
            if not emoji:
                continue
            em = emoji_image(run.text, block.size)
            top = round(baseline - 128 * _emoji_scale(block.size))
            img.paste(em, (round(x), top), em)
            continue
        d.text(
            (x, baseline),
            run.text,
            font=fonts.font(run.face, block.size),
            fill=fill,
            anchor="ls",
            direction="rtl" if run.rtl else "ltr",
            stroke_width=stroke,
            stroke_fill=stroke_fill,
        )


def line_boxes(block: TextBlock, pad_x: float, pad_y: float) -> list[tuple[float, float, float, float]]:
    """One rectangle per line (highlight-box text): the line's width, and at least the height of capitals
    and descenders, so boxes of short words line up."""
    out = []
    for line, x, baseline in block.placements():
        top, bottom = baseline - block.size * 0.92, baseline + block.size * 0.26
        for run in line.runs:
            if run.emoji:
                continue
            _, t, _, b = fonts.font(run.face, block.size).getbbox(
                run.text, anchor="ls", direction="rtl" if run.rtl else "ltr"
            )
            top, bottom = min(top, baseline + t), max(bottom, baseline + b)
        out.append((x - pad_x, top - pad_y, x + line.width + pad_x, bottom + pad_y))
    return out

"""Text layout: font fallback runs, line breaking (words, CJK per character, hyphenated breaks inside
over-long words), binary-searched font size, and drawing. The same functions measure and draw, so
tests can check that every line stays inside its box."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from renderer.art import fonts

Box = tuple[int, int, int, int]  # x0, y0, x1, y1

# Characters that must not start a line (Japanese kinsoku) or end one.
_NO_START = set(
    "、。，．,.!?！？:;：；)]}）］｝」』】〉》〕ー〜…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・’”%％"
)
_NO_END = set("([{（［｛「『【〈《〔‘“")


@dataclass(frozen=True)
class Run:
    text: str
    face: str
    rtl: bool


@dataclass(frozen=True)
class Line:
    runs: tuple[Run, ...]
    width: float


@dataclass(frozen=True)
class TextBlock:
    lines: tuple[Line, ...]
    size: int
    pitch: float  # baseline to baseline
    ascent: float
    descent: float
    box: Box
    align: str  # left | center | right
    rtl: bool
    top: float  # y of the first line's ascent

    @property
    def height(self) -> float:
        return block_height(len(self.lines), self.pitch, self.ascent, self.descent)

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


def split_runs(text: str, style: str, language: str) -> tuple[Run, ...]:
    """Single-face runs: each character takes the first face of the chain that has it; spaces and
    neutral punctuation stay in the current run when that face has them."""
    faces = fonts.chain(style, language)
    runs: list[list[str]] = []  # [face, text]
    for ch in text:
        if runs and fonts.covers(runs[-1][0], ch) and (ch.isspace() or not ch.isalnum()):
            runs[-1][1] += ch
            continue
        face = _face_for(ch, faces)
        if face is None:
            continue
        if runs and runs[-1][0] == face:
            runs[-1][1] += ch
        else:
            runs.append([face, ch])
    return tuple(Run(t, f, any(fonts.is_rtl_char(c) for c in t)) for f, t in runs)


@lru_cache(maxsize=65536)
def _face_for(ch: str, faces: tuple[str, ...]) -> str | None:
    return next((f for f in faces if fonts.covers(f, ch)), None)


def paragraph_rtl(text: str) -> bool:
    for ch in text:
        if fonts.is_rtl_char(ch):
            return True
        if ch.isalpha():
            return False
    return False


@lru_cache(maxsize=8192)
def _run_width(text: str, face: str, size: int, rtl: bool) -> float:
    f = fonts.font(face, size)
    return float(f.getlength(text, direction="rtl" if rtl else "ltr"))


def measure(text: str, style: str, language: str, size: int) -> tuple[tuple[Run, ...], float]:
    runs = split_runs(text, style, language)
    return runs, sum(_run_width(r.text, r.face, size, r.rtl) for r in runs)


def tokens(text: str) -> list[tuple[str, bool]]:
    """(token, space before it). CJK characters are tokens of their own (with kinsoku: closing
    punctuation sticks to the previous token, opening punctuation to the next)."""
    out: list[tuple[str, bool]] = []
    space = False
    pending_open = ""
    buf = ""

    def flush(next_space: bool) -> None:
        nonlocal buf, space
        if buf:
            out.append((buf, space))
            buf = ""
            space = next_space

    for ch in text:
        if ch == " ":
            flush(True)
            space = True
            continue
        if ch in _NO_START and (buf or out):
            if buf:
                buf += ch
            else:
                tok, sp = out[-1]
                out[-1] = (tok + ch, sp)
            continue
        if ch in _NO_END:
            flush(False)
            pending_open += ch
            continue
        if fonts.is_cjk_char(ch):
            flush(False)
            out.append((pending_open + ch, space))
            pending_open = ""
            space = False
            continue
        if pending_open:
            buf += pending_open
            pending_open = ""
        buf += ch
        if ch in "-‐/" and len(buf) > 2:
            flush(False)  # a break opportunity inside "Trainingsplan-Motivation"
    if pending_open:
        buf += pending_open
    flush(False)
    return out


def _join(a: str, tok: str, space: bool) -> str:
    return f"{a} {tok}" if a and space else a + tok


def _break_word(word: str, style: str, language: str, size: int, width: float) -> list[str]:
    """Split an over-long token into pieces that fit, with a hyphen after each piece of a Latin word."""
    pieces: list[str] = []
    rest = word
    hyphen = (
        "-"
        if not paragraph_rtl(word) and any(c.isalpha() and c.isascii() or c in "äöüßéèàç" for c in word)
        else ""
    )
    while rest:
        if measure(rest, style, language, size)[1] <= width:
            pieces.append(rest)
            break
        lo, hi = 1, len(rest) - 1
        best = 1
        while lo <= hi:
            mid = (lo + hi) // 2
            if measure(rest[:mid] + hyphen, style, language, size)[1] <= width:
                best, lo = mid, mid + 1
            else:
                hi = mid - 1
        pieces.append(rest[:best] + (hyphen if best < len(rest) else ""))
        rest = rest[best:]
    return pieces


def wrap(
    text: str, style: str, language: str, size: int, width: float, allow_break: bool, max_lines: int = 1000
) -> list[str] | None:
    """Greedy line breaking. None when a token is wider than the line and allow_break is False.
    Stops after max_lines + 1 lines (the caller only needs to know that the text does not fit).
    Widths add up token by token; the exact shaped width is measured only near the limit."""
    lines: list[str] = []
    current, current_w = "", 0.0
    space_w = measure(" ", style, language, size)[1]
    for tok, space in tokens(text):
        if len(lines) > max_lines:
            break
        tok_w = measure(tok, style, language, size)[1]
        candidate = _join(current, tok, space)
        estimate = current_w + tok_w + (space_w if space and current else 0.0)
        if current and estimate > width * 0.97:
            estimate = measure(candidate, style, language, size)[1]
        if estimate <= width or not current and tok_w <= width:
            current, current_w = candidate, estimate
            continue
        if current:
            lines.append(current)
            current, current_w = "", 0.0
        if tok_w <= width:
            current, current_w = tok, tok_w
            continue
        if not allow_break:
            return None
        pieces = _break_word(tok, style, language, size, width)
        lines.extend(pieces[:-1])
        current = pieces[-1]
        current_w = measure(current, style, language, size)[1]
    if current:
        lines.append(current)
    return lines


@dataclass(frozen=True)
class Spec:
    style: str = "bold"
    max_size: int = 110
    min_size: int = 30
    max_lines: int = 6
    leading: float = 1.12
    align: str = "center"  # left | center | right | start (left, or right for RTL)
    valign: str = "center"  # top | center | bottom


def _metrics(faces: set[str], size: int) -> tuple[float, float]:
    ascent = descent = 0.0
    for face in faces:
        a, d = fonts.font(face, size).getmetrics()
        ascent, descent = max(ascent, a), max(descent, d)
    return ascent, descent


def _pitch(lines: list[tuple[tuple[Run, ...], float]], size: int, leading: float) -> float:
    faces = {r.face for runs, _ in lines for r in runs}
    factor = leading
    if any(f.startswith("cjk") for f in faces):
        factor = max(factor, 1.3)
    if any(f.startswith("arabic") for f in faces):
        factor = max(factor, 1.5)
    return size * factor


def _attempt(
    text: str, language: str, spec: Spec, box: Box, size: int, allow_break: bool
) -> tuple[list[tuple[tuple[Run, ...], float]], float, float, float] | None:
    width = box[2] - box[0]
    height = box[3] - box[1]
    lines = wrap(text, spec.style, language, size, width, allow_break, spec.max_lines)
    if lines is None or len(lines) > spec.max_lines:
        return None
    measured = [measure(line, spec.style, language, size) for line in lines]
    if any(w > width for _, w in measured):
        return None
    faces = {r.face for runs, _ in measured for r in runs}
    ascent, descent = _metrics(faces, size)
    pitch = _pitch(measured, size, spec.leading)
    if block_height(len(measured), pitch, ascent, descent) > height:
        return None
    return measured, pitch, ascent, descent


def _search(text: str, language: str, spec: Spec, box: Box, allow_break: bool):  # type: ignore[no-untyped-def]
    lo, hi = spec.min_size, spec.max_size
    best = None
    while lo <= hi:
        mid = (lo + hi) // 2
        got = _attempt(text, language, spec, box, mid, allow_break)
        if got is not None:
            best, lo = (mid, got), mid + 1
        else:
            hi = mid - 1
    return best


def _truncated(text: str, language: str, spec: Spec, box: Box):  # type: ignore[no-untyped-def]
    """At the minimum size, keep what fits and end the last kept line with an ellipsis."""
    size = spec.min_size
    width = box[2] - box[0]
    lines = (wrap(text, spec.style, language, size, width, True, spec.max_lines) or [""])[: spec.max_lines]
    while lines:
        kept = lines[:-1] + [_ellipsize(lines[-1], spec.style, language, size, width)]
        measured = [measure(line, spec.style, language, size) for line in kept]
        faces = {r.face for runs, _ in measured for r in runs}
        ascent, descent = _metrics(faces, size)
        pitch = _pitch(measured, size, spec.leading)
        if len(kept) <= spec.max_lines and block_height(len(kept), pitch, ascent, descent) <= box[3] - box[1]:
            return size, (measured, pitch, ascent, descent)
        lines = lines[:-1]
    return size, ([], float(size), 0.0, 0.0)


def _balanced(text: str, language: str, spec: Spec, box: Box, found):  # type: ignore[no-untyped-def]
    """Same size and line count, narrowest width: evens out a last line holding a single word."""
    size, got = found
    n = len(got[0])
    lo, hi = (box[2] - box[0]) * 0.55, float(box[2] - box[0])
    best = got
    for _ in range(6):
        mid = (lo + hi) / 2
        trial = _attempt(text, language, spec, (box[0], box[1], box[0] + int(mid), box[3]), size, True)
        if trial is not None and len(trial[0]) == n:
            best, hi = trial, mid
        else:
            lo = mid
    return size, best


def _ellipsize(line: str, style: str, language: str, size: int, width: float) -> str:
    line = line.rstrip("-")
    while line and measure(line + "…", style, language, size)[1] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def fit(text: str, language: str, box: Box, spec: Spec) -> TextBlock:
    """Largest size (binary search) at which `text` fits in `box`: without breaking words when that
    keeps the text reasonably large, else with hyphenated breaks, else truncated at min size."""
    text = fonts.renderable(text, spec.style, language)
    rtl = paragraph_rtl(text)
    found = _search(text, language, spec, box, allow_break=False)
    floor = spec.min_size + (spec.max_size - spec.min_size) * 0.35
    if found is None or found[0] < floor:
        broken = _search(text, language, spec, box, allow_break=True)
        if broken is not None and (found is None or broken[0] > found[0] * 1.15):
            found = broken
    if found is None:
        found = _truncated(text, language, spec, box)
    elif spec.align == "center" and len(found[1][0]) > 1:
        found = _balanced(text, language, spec, box, found)
    size, (measured, pitch, ascent, descent) = found
    lines = tuple(Line(runs, w) for runs, w in measured)
    height = block_height(len(lines), pitch, ascent, descent)
    if spec.valign == "top":
        top = float(box[1])
    elif spec.valign == "bottom":
        top = box[3] - height
    else:
        top = box[1] + (box[3] - box[1] - height) / 2
    return TextBlock(lines, size, pitch, ascent, descent, box, spec.align, rtl, top)


def _ordered(line: Line, rtl: bool) -> tuple[Run, ...]:
    return tuple(reversed(line.runs)) if rtl else line.runs


def run_boxes(block: TextBlock) -> list[tuple[Run, float, float]]:
    """(run, x, baseline) of every run, in visual order."""
    out = []
    for line, x, baseline in block.placements():
        for run in _ordered(line, block.rtl):
            out.append((run, x, baseline))
            x += _run_width(run.text, run.face, block.size, run.rtl)
    return out


def ink_boxes(block: TextBlock, stroke: int = 0) -> list[tuple[float, float, float, float]]:
    """The inked bounding box of every run as drawn (used by tests and by boxed-text backgrounds)."""
    out = []
    for run, x, baseline in run_boxes(block):
        f = fonts.font(run.face, block.size)
        left, t, r, b = f.getbbox(
            run.text, anchor="ls", direction="rtl" if run.rtl else "ltr", stroke_width=stroke
        )
        out.append((x + left, baseline + t, x + r, baseline + b))
    return out


def draw(
    d: ImageDraw.ImageDraw,
    block: TextBlock,
    fill: str | tuple[int, ...],
    stroke: int = 0,
    stroke_fill: str | tuple[int, ...] | None = None,
) -> None:
    for run, x, baseline in run_boxes(block):
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
    """One rectangle per line (for highlighted / boxed text): the line's ink, but at least the
    height of capitals and descenders so that boxes of short words line up."""
    out = []
    for line, x, baseline in block.placements():
        top, bottom = baseline - block.size * 0.95, baseline + block.size * 0.28
        for run in line.runs:
            _, t, _, b = fonts.font(run.face, block.size).getbbox(
                run.text, anchor="ls", direction="rtl" if run.rtl else "ltr"
            )
            top, bottom = min(top, baseline + t), max(bottom, baseline + b)
        out.append((x - pad_x, top - pad_y, x + line.width + pad_x, bottom + pad_y))
    return out

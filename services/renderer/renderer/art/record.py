"""The layout record of a render: every text box drawn on every slide, as plain data.

Designs fill it while they draw; the deck lint (lint.py) checks it; the render worker logs and counts
what the lint finds. Nothing here knows how text was laid out.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from renderer.art import script, text

# Roles of text on a slide. The hook is slide 1's title.
HOOK, TITLE, SUBTITLE, LABEL, CUE = "hook", "title", "subtitle", "label", "cue"


@dataclass(frozen=True)
class TextRecord:
    slide: int  # 0-based
    role: str
    text: str  # what the copy asked for (whitespace collapsed)
    language: str
    script: str  # dominant script of the text
    size: int
    min_size: int  # the design's minimum for this role
    lines: tuple[str, ...]
    runs: tuple[tuple[tuple[str, str], ...], ...]  # per line: (text, face) in visual order
    hyphenated: tuple[bool, ...]  # per line: ends in a hyphen the layout added
    forced: bool  # some line was cut where no rule allows
    box: tuple[float, float, float, float]  # ink bounds as drawn, stroke included

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def of_block(slide: int, role: str, block: text.TextBlock, language: str, stroke: int = 0) -> TextRecord:
    ink = text.ink_box(block, stroke) or (0.0, 0.0, 0.0, 0.0)
    return TextRecord(
        slide=slide,
        role=role,
        text=block.text,
        language=language,
        script=script.dominant(block.text),
        size=block.size,
        min_size=block.spec.min_size,
        lines=tuple(line.text for line in block.lines),
        runs=tuple(tuple((r.text, r.face) for r in line.runs) for line in block.lines),
        hyphenated=tuple(line.hyphenated for line in block.lines),
        forced=any(line.forced for line in block.lines),
        box=ink,
    )

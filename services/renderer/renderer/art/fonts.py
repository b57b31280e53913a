"""The shipped fonts, their character coverage (read from each font's cmap table) and the per-language
fallback chains used to split text into single-font runs."""

from __future__ import annotations

import struct
import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

FACES: dict[str, str] = {
    "sans_bold": "NotoSans-Bold.ttf",
    "sans": "NotoSans-Regular.ttf",
    "serif_bold": "NotoSerifDisplay-Bold.ttf",
    "serif_italic": "NotoSerifDisplay-Italic.ttf",
    "arabic_bold": "NotoSansArabic-Bold.ttf",
    "arabic": "NotoSansArabic-Regular.ttf",
    "cjk_bold": "NotoSansJP-Bold.otf",
    "cjk": "NotoSansJP-Regular.otf",
}

# Style -> (Latin face, Arabic face, CJK face); "bold" styles fall back to bold script faces.
STYLES: dict[str, tuple[str, str, str]] = {
    "bold": ("sans_bold", "arabic_bold", "cjk_bold"),
    "regular": ("sans", "arabic", "cjk"),
    "serif": ("serif_bold", "arabic_bold", "cjk_bold"),
    "serif_italic": ("serif_italic", "arabic", "cjk"),
}


def path(face: str) -> str:
    return str(FONT_DIR / FACES[face])


_local = threading.local()


def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """Cached per thread: a FreeType face must not be used by two threads at once, and the service may
    render decks in worker threads."""
    cache: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (face, max(1, int(size)))
    found = cache.get(key)
    if found is None:
        if len(cache) > 256:
            cache.clear()
        found = cache[key] = ImageFont.truetype(path(face), size=key[1], layout_engine=ImageFont.Layout.RAQM)
    return found


def _parse_cmap(data: bytes) -> frozenset[int]:
    """Code points mapped by the best Unicode subtable (format 12 or 4) of an sfnt file."""
    num_tables = struct.unpack(">H", data[4:6])[0]
    cmap_off = None
    for i in range(num_tables):
        tag, _, off, _ = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        if tag == b"cmap":
            cmap_off = off
    if cmap_off is None:
        return frozenset()
    n = struct.unpack(">H", data[cmap_off + 2 : cmap_off + 4])[0]
    subtables: dict[int, int] = {}
    for i in range(n):
        pid, eid, off = struct.unpack(">HHI", data[cmap_off + 4 + 8 * i : cmap_off + 12 + 8 * i])
        fmt = struct.unpack(">H", data[cmap_off + off : cmap_off + off + 2])[0]
        if (pid, eid) in ((3, 10), (0, 4), (0, 6)) and fmt == 12:
            subtables[12] = cmap_off + off
        elif (pid, eid) in ((3, 1), (0, 3), (0, 1)) and fmt == 4:
            subtables[4] = cmap_off + off
    if 12 in subtables:
        return _format12(data, subtables[12])
    if 4 in subtables:
        return _format4(data, subtables[4])
    return frozenset()


def _format12(data: bytes, off: int) -> frozenset[int]:
    n_groups = struct.unpack(">I", data[off + 12 : off + 16])[0]
    out: set[int] = set()
    for i in range(n_groups):
        start, end, glyph = struct.unpack(">III", data[off + 16 + 12 * i : off + 28 + 12 * i])
        if glyph or start:
            out.update(range(start, end + 1))
    return frozenset(out)


def _format4(data: bytes, off: int) -> frozenset[int]:
    seg_x2 = struct.unpack(">H", data[off + 6 : off + 8])[0]
    segs = seg_x2 // 2
    ends = struct.unpack(f">{segs}H", data[off + 14 : off + 14 + seg_x2])
    starts_off = off + 16 + seg_x2
    starts = struct.unpack(f">{segs}H", data[starts_off : starts_off + seg_x2])
    deltas = struct.unpack(f">{segs}h", data[starts_off + seg_x2 : starts_off + 2 * seg_x2])
    ro_off = starts_off + 2 * seg_x2
    range_offsets = struct.unpack(f">{segs}H", data[ro_off : ro_off + seg_x2])
    out: set[int] = set()
    for i in range(segs):
        for cp in range(starts[i], ends[i] + 1):
            if cp == 0xFFFF:
                continue
            if range_offsets[i] == 0:
                glyph = (cp + deltas[i]) & 0xFFFF
            else:
                addr = ro_off + 2 * i + range_offsets[i] + 2 * (cp - starts[i])
                glyph = struct.unpack(">H", data[addr : addr + 2])[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(cp)
    return frozenset(out)


@lru_cache(maxsize=16)
def coverage(face: str) -> frozenset[int]:
    return _parse_cmap(Path(path(face)).read_bytes())


def covers(face: str, ch: str) -> bool:
    return ord(ch) in coverage(face)


def chain(style: str, language: str) -> tuple[str, ...]:
    """Faces to try, in order, for a style and the deck's language."""
    latin, arabic, cjk = STYLES[style]
    lang = language.split("-")[0].lower()
    if lang in ("ja", "zh", "ko"):
        return (cjk, latin, arabic)
    if lang in ("ar", "fa", "ur", "he"):
        return (arabic, latin, cjk)
    return (latin, arabic, cjk)


def is_rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def is_cjk_char(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x3000 <= cp <= 0x30FF
        or 0x3400 <= cp <= 0x4DBF
        or 0x4E00 <= cp <= 0x9FFF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFF00 <= cp <= 0xFFEF
        or 0xAC00 <= cp <= 0xD7AF
    )


def renderable(text: str, style: str, language: str) -> str:
    """Drops characters no shipped face can draw (emoji, rare scripts) and control characters, so a
    slide never shows a .notdef box."""
    faces = chain(style, language)
    out = []
    for ch in text:
        if ch in "\n\t":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        elif ch == " " or any(covers(f, ch) for f in faces):
            out.append(ch)
    return " ".join("".join(out).split())

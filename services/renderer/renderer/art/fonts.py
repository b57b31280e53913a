"""The fonts slides are set in: which face draws which script in which deck language, what each face
covers (read from its cmap table), and loading (lazy, per thread, shared by every deck).

Faces come from two places (fonts/README.md): small OFL files committed under `renderer/fonts`, and the
big ones (Noto CJK, Noto Color Emoji) from Debian's `fonts-noto-cjk` / `fonts-noto-color-emoji`,
installed by `make` and the renderer's Dockerfile. RENDERER_FONT_DIRS (colon-separated) adds places.
"""

from __future__ import annotations

import os
import struct
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from renderer.art import script

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
SYSTEM_DIRS = ("/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/noto")
EMOJI_PX = 109  # the only pixel size the CBDT emoji font opens at


class MissingFont(RuntimeError):
    """A face the renderer needs is not installed (run `make install` or install the Debian fonts)."""


@dataclass(frozen=True)
class Face:
    file: str
    index: int = 0  # face inside a .ttc collection
    family: str = ""


FACES: dict[str, Face] = {
    # Latin, Cyrillic, Greek, Vietnamese: TikTok Sans, the app's own typeface (posts look native).
    "tiktok_black": Face("TikTokSans-900.ttf", family="TikTok Sans"),
    "tiktok_heavy": Face("TikTokSans-800.ttf", family="TikTok Sans"),
    "tiktok_bold": Face("TikTokSans-700.ttf", family="TikTok Sans"),
    "noto_bold": Face("NotoSans-Bold.ttf", family="Noto Sans"),
    "serif_bold": Face("NotoSerifDisplay-Bold.ttf", family="Noto Serif Display"),
    "serif_italic": Face("NotoSerifDisplay-Italic.ttf", family="Noto Serif Display"),
    "arabic_bold": Face("NotoSansArabic-Bold.ttf", family="Noto Sans Arabic"),
    "hebrew_bold": Face("NotoSansHebrew-Bold.ttf", family="Noto Sans Hebrew"),
    "devanagari_bold": Face("NotoSansDevanagari-Bold.ttf", family="Noto Sans Devanagari"),
    "thai_bold": Face("NotoSansThai-Bold.ttf", family="Noto Sans Thai"),
    # One collection, one face per region: Chinese is drawn with its own glyph forms.
    "cjk_jp_bold": Face("NotoSansCJK-Bold.ttc", 0, "Noto Sans CJK JP"),
    "cjk_kr_bold": Face("NotoSansCJK-Bold.ttc", 1, "Noto Sans CJK KR"),
    "cjk_sc_bold": Face("NotoSansCJK-Bold.ttc", 2, "Noto Sans CJK SC"),
    "cjk_tc_bold": Face("NotoSansCJK-Bold.ttc", 3, "Noto Sans CJK TC"),
    "emoji": Face("NotoColorEmoji.ttf", family="Noto Color Emoji"),
}

# Text styles -> Latin face. "display" is the hook, "title" titles, "text" subtitles and labels, "serif"
# the inspo design. Other scripts have one bold face each.
_LATIN = {"display": "tiktok_black", "title": "tiktok_heavy", "text": "tiktok_bold", "serif": "serif_bold"}
_LATIN_FALLBACK = {"display": "noto_bold", "title": "noto_bold", "text": "noto_bold", "serif": "noto_bold"}
STYLES = tuple(_LATIN)


def _cjk_region(language: str) -> str:
    lang = language.lower()
    if lang.startswith("ja"):
        return "jp"
    if lang.startswith("ko"):
        return "kr"
    if lang in ("zh-hant", "zh-tw", "zh-hk", "zh-mo") or lang.startswith("zh-hant"):
        return "tc"
    return "sc"


@lru_cache(maxsize=4096)
def faces_for(script_name: str, style: str, language: str) -> tuple[str, ...]:
    """Faces to try, best first, for characters of one script in a deck of `language`."""
    bold = "_bold"  # slides use bold weights only; TikTok Sans has its own three (see _LATIN)
    if script_name in ("Latin", "Cyrillic", "Greek"):
        style = latin_style(style, language)
        return (_LATIN.get(style, "tiktok_heavy"), _LATIN_FALLBACK.get(style, "noto_bold"))
    if script_name == "Arabic":
        return (f"arabic{bold}",)
    if script_name == "Hebrew":
        return (f"hebrew{bold}",)
    if script_name == "Devanagari":
        return (f"devanagari{bold}",)
    if script_name == "Thai":
        return (f"thai{bold}",)
    if script_name == "Hangul":
        return (f"cjk_kr{bold}",)
    if script_name in ("Hiragana", "Katakana"):
        return (f"cjk_jp{bold}",)
    if script_name == "Han":
        region = _cjk_region(language)
        return (f"cjk_{region}{bold}",)
    if script_name == "Emoji":
        return ("emoji",)
    # Common characters and unknown scripts: the deck's main face first, then everything we have.
    main = faces_for(main_script(language), style, language)
    if style == "serif" and main_script(language) not in ("Latin", "Cyrillic", "Greek"):
        style = "title"  # digits the Hebrew or Thai face lacks: sans like the words around them
    rest = (
        _LATIN.get(style, "tiktok_heavy"),
        "noto_bold",
        f"cjk_{_cjk_region(language)}{bold}",
        f"arabic{bold}",
        f"devanagari{bold}",
        f"thai{bold}",
        f"hebrew{bold}",
        "emoji",
    )
    return tuple(dict.fromkeys((*main, *rest)))


_MAIN_SCRIPT = {
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Devanagari",
    "th": "Thai",
    "ja": "Hiragana",
    "ko": "Hangul",
    "zh": "Han",
    "ru": "Cyrillic",
    "uk": "Cyrillic",
}


def latin_style(style: str, language: str) -> str:
    """The style Latin letters and digits take in a deck of `language`: a serif deck in Arabic or
    Japanese sets its words in sans, so a Latin name or number inside them does too (in serif it read
    as another font)."""
    if style == "serif" and main_script(language) not in ("Latin", "Cyrillic", "Greek"):
        return "title"
    return style


def main_script(language: str) -> str:
    return _MAIN_SCRIPT.get(language.split("-")[0].lower(), "Latin")


def locate(face: str) -> str:
    """The file of a face: committed fonts first, then RENDERER_FONT_DIRS, then the system's Noto dirs."""
    name = FACES[face].file
    extra = [d for d in os.environ.get("RENDERER_FONT_DIRS", "").split(":") if d]
    for folder in (str(FONT_DIR), *extra, *SYSTEM_DIRS):
        candidate = Path(folder) / name
        if candidate.is_file():
            return str(candidate)
    raise MissingFont(
        f"font file {name} not found (install Debian's fonts-noto-cjk and fonts-noto-color-emoji)"
    )


def available(face: str) -> bool:
    try:
        locate(face)
    except MissingFont:
        return False
    return True


_local = threading.local()


FONTS_PER_THREAD = 24  # a CJK face costs about 3.5 MB at each size: keep the sizes in use, not every size tried (24: 453 MB peak)


def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A FreeType face at a size, cached per thread (a face must not be used by two threads at once), the
    least recently used dropped first. Opening one costs under a millisecond. The emoji face exists at
    one size only; callers scale what it draws."""
    cache: OrderedDict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = OrderedDict()
    key = (face, EMOJI_PX if face == "emoji" else max(1, int(size)))
    found = cache.get(key)
    if found is None:
        while len(cache) >= FONTS_PER_THREAD:
            cache.popitem(last=False)
        found = cache[key] = ImageFont.truetype(
            locate(face), size=key[1], index=FACES[face].index, layout_engine=ImageFont.Layout.RAQM
        )
    else:
        cache.move_to_end(key)
    return found


# -- coverage -----------------------------------------------------------------------------------------


def _table_dir_offset(data: bytes, index: int) -> int:
    if data[:4] == b"ttcf":
        count = struct.unpack(">I", data[8:12])[0]
        if index >= count:
            raise ValueError("face index out of range")
        return int(struct.unpack(">I", data[12 + 4 * index : 16 + 4 * index])[0])
    return 0


def parse_cmap(data: bytes, index: int = 0) -> frozenset[int]:
    """Code points mapped by the best Unicode subtable (format 12 or 4) of an sfnt file or collection."""
    base = _table_dir_offset(data, index)
    num_tables = struct.unpack(">H", data[base + 4 : base + 6])[0]
    cmap_off = None
    for i in range(num_tables):
        rec = base + 12 + 16 * i
        tag, _, off, _ = struct.unpack(">4sIII", data[rec : rec + 16])
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


@lru_cache(maxsize=32)
def coverage(face: str) -> frozenset[int]:
    """Code points the face maps (empty when the face is not installed)."""
    try:
        path = locate(face)
    except MissingFont:
        return frozenset()
    with open(path, "rb") as fh:
        return parse_cmap(fh.read(), FACES[face].index)


def covers(face: str, ch: str) -> bool:
    return ord(ch) in coverage(face)


@lru_cache(maxsize=65536)
def face_for(ch: str, style: str, language: str, previous: str = "") -> str | None:
    """The face that draws `ch`: the previous run's face for neutral characters it has, else the first
    face of the character's script that covers it. None when no shipped face can draw it."""
    kind = script.of(ch)
    if (
        previous
        and kind in (script.COMMON, script.INHERITED)
        and (covers(previous, ch) or kind == script.INHERITED)
    ):
        return previous
    for face in faces_for(kind, style, language):
        if covers(face, ch):
            return face
    if kind == script.INHERITED:
        return previous or None
    return None

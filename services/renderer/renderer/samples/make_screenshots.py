"""Draws five sample app screenshots of the demo fitness app "FitPro" for the renderer's gallery.

Run from the repository root:

    .venv/bin/python services/renderer/renderer/samples/make_screenshots.py

    .venv/bin/python services/renderer/renderer/samples/make_screenshots.py de ja   # some languages

    .venv/bin/python services/renderer/renderer/samples/make_screenshots.py 05_recap.png   # one screen

It writes `screenshots/01_today.png`, `02_coach.png`, `03_workout_player.png`, `04_progress.png` and
`05_recap.png` (English) and the same under `screenshots/<lang>/` for every other language of STRINGS
(the renderer's locale codes). The first four follow the order of the app's value props in
samples/app.json (a deck shows a feature's screen on its slide); the last one, the monthly recap, is the
app's proof of results and has no feature of its own: a deck's result slide shows it, and its final
slide the top of a screen no earlier slide showed (the recap's headline card fills its top). They are
1170x2532 PNGs (an iPhone screen at @3x, 390x844 points), as the app would ship its localized App Store
screens: every UI string, date and number in that language, and for Arabic and Hebrew the layout
mirrored as an RTL app draws it (text right-aligned, tab, chart and calendar order reversed; media
controls, the clock and digits stay as they are).

Everything is drawn with Pillow from plain shapes and the renderer's fonts (TikTok Sans, Noto Sans,
Noto Sans Arabic/Hebrew/Devanagari/Thai, and Noto Sans CJK from Debian's fonts-noto-cjk), so the
output needs no network, photos or clip art. Each string is drawn in runs of the face that has its
characters (Latin names and digits inside Hindi or Hebrew text fall back to TikTok Sans), and a string
wider than its room is set smaller. Layout is written in iOS points; the canvas is drawn at 2x the
final size and scaled down, which anti-aliases the shapes.
"""

from __future__ import annotations

import math
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
FONTS = HERE.parent / "fonts"
OUT = HERE / "screenshots"

W_PT, H_PT = 390, 844  # iPhone 12/13/14 logical screen size
SCALE = 3  # @3x: 1170 x 2532 pixels
SS = 2  # supersampling factor for anti-aliased shapes
K = SCALE * SS  # canvas pixels per point

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Color = RGB | RGBA
Box = tuple[float, float, float, float]

# FitPro brand
PRIMARY: RGB = (255, 77, 46)  # #FF4D2E
SECONDARY: RGB = (26, 26, 46)  # #1A1A2E
ACCENT: RGB = (255, 210, 63)  # #FFD23F

BG: RGB = (246, 246, 250)
CARD: RGB = (255, 255, 255)
INK: RGB = SECONDARY
MUTED: RGB = (134, 134, 154)
HAIR: RGB = (228, 228, 236)
ON_DARK_MUTED: RGB = (160, 160, 184)
GREEN: RGB = (30, 160, 75)

FONT_FILES = {
    "bold": "TikTokSans-700.ttf",
    "heavy": "TikTokSans-800.ttf",
    "black": "TikTokSans-900.ttf",
    "text": "NotoSans-Regular.ttf",
    "text-bold": "NotoSans-Bold.ttf",
}


# Faces of the other scripts, per language: (file, face index in a collection). The script faces
# come in one bold weight, except CJK (regular for "text", bold for the rest).
CJK_INDEX = {"ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3}
SCRIPT_FILES = {
    "ar": "NotoSansArabic-Bold.ttf",
    "he": "NotoSansHebrew-Bold.ttf",
    "hi": "NotoSansDevanagari-Bold.ttf",
    "th": "NotoSansThai-Bold.ttf",
}
RTL = frozenset({"ar", "he"})
FONT_DIRS = (
    str(FONTS),
    *(d for d in os.environ.get("RENDERER_FONT_DIRS", "").split(":") if d),
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/truetype/noto",
)


def _locate(name: str) -> str:
    for folder in FONT_DIRS:
        if (Path(folder) / name).is_file():
            return str(Path(folder) / name)
    raise SystemExit(f"font {name} not found (install Debian's fonts-noto-cjk)")


def _script_face(lang: str, face: str) -> tuple[str, int] | None:
    if lang in CJK_INDEX:
        return (
            _locate("NotoSansCJK-Regular.ttc" if face == "text" else "NotoSansCJK-Bold.ttc"),
            CJK_INDEX[lang],
        )
    if lang in SCRIPT_FILES:
        return (_locate(SCRIPT_FILES[lang]), 0)
    return None


@cache
def _coverage(path: str, index: int) -> frozenset[int]:
    sys.path.insert(0, str(HERE.parent.parent))  # services/renderer: the renderer's cmap reader
    from renderer.art.fonts import parse_cmap

    with open(path, "rb") as fh:
        return parse_cmap(fh.read(), index)


@cache
def font(face: str, size_pt: float, lang: str = "en") -> ImageFont.FreeTypeFont:
    """The Latin face (TikTok Sans / Noto Sans) when lang is "en", else that language's script face."""
    px = max(1, round(size_pt * K))
    found = None if lang == "en" else _script_face(lang, face)
    if found is None:
        return ImageFont.truetype(str(FONTS / FONT_FILES[face]), px)
    return ImageFont.truetype(found[0], px, index=found[1], layout_engine=ImageFont.Layout.RAQM)


def _direction(lang: str, rtl: bool) -> str | None:
    """Raqm's direction for a run: given for script faces and RTL runs, left alone for Latin."""
    return ("rtl" if rtl else "ltr") if lang != "en" or rtl else None


def _strong(ch: str) -> str:
    """Bidi class, simplified: R (Hebrew/Arabic letters), L (other letters, digits, %), N (the rest)."""
    bidi = unicodedata.bidirectional(ch)
    if bidi in ("R", "AL"):
        return "R"
    if bidi in ("L", "EN", "AN") or ch in "%\u066a":
        return "L"
    return "N"


def runs(s: str, face: str, lang: str) -> list[tuple[str, str, bool]]:
    """(text, font language, right-to-left) runs of s in visual order, left to right. The language's
    script face draws what it covers, TikTok Sans / Noto Sans the rest; in Arabic and Hebrew, Latin and
    number runs keep their order inside the right-to-left line."""
    script = _script_face(lang, face)
    cov = _coverage(*script) if script else frozenset()

    def face_of(ch: str, prev: str) -> str:
        if prev and ch == " ":
            return prev
        return lang if ord(ch) in cov else "en"

    rtl = lang in RTL
    if rtl:
        kinds = [_strong(ch) for ch in s]
        for i, k in enumerate(kinds):  # neutrals between two L stay L, else they go with the line
            if k == "N":
                before = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] != "N"), "R")
                after = next((_strong(s[j]) for j in range(i + 1, len(s)) if _strong(s[j]) != "N"), "R")
                kinds[i] = "L" if before == after == "L" else "R"
    else:
        kinds = ["L"] * len(s)
    # direction runs, then font runs inside each
    out: list[tuple[str, str, bool]] = []
    dir_runs: list[tuple[str, str]] = []
    for ch, k in zip(s, kinds, strict=True):
        if dir_runs and dir_runs[-1][1] == k:
            dir_runs[-1] = (dir_runs[-1][0] + ch, k)
        else:
            dir_runs.append((ch, k))
    if rtl:
        dir_runs.reverse()
    for text, k in dir_runs:
        parts: list[tuple[str, str, bool]] = []
        for ch in text:
            f = face_of(ch, parts[-1][1] if parts else "")
            if parts and parts[-1][1] == f:
                parts[-1] = (parts[-1][0] + ch, f, k == "R")
            else:
                parts.append((ch, f, k == "R"))
        out.extend(reversed(parts) if k == "R" else parts)
    return out


def alpha(c: RGB, a: float) -> RGBA:
    return (c[0], c[1], c[2], round(255 * a))


def mix(c0: RGB, c1: RGB, t: float) -> RGB:
    return (
        round(c0[0] + (c1[0] - c0[0]) * t),
        round(c0[1] + (c1[1] - c0[1]) * t),
        round(c0[2] + (c1[2] - c0[2]) * t),
    )


def _px(v: float) -> int:
    return round(v * K)


def _box(b: Box) -> tuple[int, int, int, int]:
    return (_px(b[0]), _px(b[1]), _px(b[2]), _px(b[3]))


def _pts(points: Sequence[tuple[float, float]]) -> list[tuple[int, int]]:
    return [(_px(x), _px(y)) for x, y in points]


class Screen:
    """One phone screen, drawn in points on a supersampled canvas."""

    def __init__(self, t: dict[str, object], bg: RGB, dark: bool = False) -> None:
        self.img = Image.new("RGB", (W_PT * K, H_PT * K), bg)
        self.d = ImageDraw.Draw(self.img, "RGBA")
        self.dark = dark
        self.t = t
        self.lang = str(t["lang"])
        self.rtl = self.lang in RTL
        # Text is drawn last (after an RTL screen's shapes are flipped), at mirrored places in RTL.
        self.texts: list[tuple[float, float, str, str, float, Color, str, float]] = []
        self.deferred: list[Callable[[Callable[[float], float]], None]] = []

    def s(self, key: str) -> str:
        return str(self.t[key])

    # shapes -------------------------------------------------------------------------------------
    def rect(
        self, b: Box, fill: Color | None = None, r: float = 0, outline: Color | None = None, width: float = 0
    ) -> None:
        self.d.rounded_rectangle(_box(b), radius=_px(r), fill=fill, outline=outline, width=_px(width))

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: Color | None = None,
        outline: Color | None = None,
        width: float = 0,
    ) -> None:
        self.d.ellipse(_box((cx - r, cy - r, cx + r, cy + r)), fill=fill, outline=outline, width=_px(width))

    def polygon(self, points: Sequence[tuple[float, float]], fill: Color) -> None:
        self.d.polygon(_pts(points), fill=fill)

    def line(
        self, points: Sequence[tuple[float, float]], fill: Color, width: float, caps: bool = True
    ) -> None:
        self.d.line(_pts(points), fill=fill, width=_px(width), joint="curve")
        if caps:
            for x, y in (points[0], points[-1]):
                self.circle(x, y, width / 2, fill=fill)

    def ring(self, cx: float, cy: float, r: float, width: float, fill: Color) -> None:
        """A full circle stroke whose middle line has radius r."""
        o = r + width / 2
        self.d.ellipse(_box((cx - o, cy - o, cx + o, cy + o)), outline=fill, width=_px(width))

    def arc(
        self,
        cx: float,
        cy: float,
        r: float,
        start: float,
        end: float,
        width: float,
        c0: RGB,
        c1: RGB | None = None,
    ) -> None:
        """A stroke along a circle from start to end degrees (0 = 3 o'clock, clockwise), with round
        caps and a colour that runs from c0 to c1."""
        c1 = c1 or c0
        o = r + width / 2
        bb = _box((cx - o, cy - o, cx + o, cy + o))
        n = max(1, int(abs(end - start) / 1.5))
        for i in range(n):
            a0 = start + (end - start) * i / n
            a1 = start + (end - start) * (i + 1) / n + 0.6
            self.d.arc(bb, a0, min(a1, end), fill=mix(c0, c1, (i + 0.5) / n), width=_px(width))
        for ang, c in ((start, c0), (end, c1)):
            t = math.radians(ang)
            self.circle(cx + r * math.cos(t), cy + r * math.sin(t), width / 2, fill=c)

    def gradient(
        self, b: Box, stops: Sequence[RGB], r: float = 0, angle: float = 90, radial: bool = False
    ) -> None:
        """Fill a (rounded) box with a linear gradient along `angle` (degrees, 90 = top to bottom)
        or a radial one from the top-left corner."""
        x0, y0, x1, y1 = _box(b)
        w, h = x1 - x0, y1 - y0
        g = 64  # computed on a small grid, then scaled up smoothly
        small = Image.new("RGB", (g, g))
        ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        corners = [(u * ca + v * sa) for u in (0, 1) for v in (0, 1)]
        lo, hi = min(corners), max(corners)
        data = []
        for j in range(g):
            for i in range(g):
                u, v = i / (g - 1), j / (g - 1)
                t = math.hypot(u, v) / math.sqrt(2) if radial else ((u * ca + v * sa) - lo) / (hi - lo)
                data.append(_stops(stops, t))
        small.putdata(data)
        fill = small.resize((w, h), Image.Resampling.BICUBIC)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=_px(r), fill=255)
        self.img.paste(fill, (x0, y0), mask)

    def layer(self) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """A transparent layer to draw on; `paste_clipped` keeps what is inside a rounded box."""
        layer = Image.new("RGBA", self.img.size, (0, 0, 0, 0))
        return layer, ImageDraw.Draw(layer)

    def paste_clipped(self, layer: Image.Image, b: Box, r: float) -> None:
        mask = Image.new("L", self.img.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(_box(b), radius=_px(r), fill=255)
        a = layer.getchannel("A")
        layer.putalpha(ImageChops.multiply(a, mask))
        self.img.paste(layer, (0, 0), layer)

    # text ---------------------------------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        s: str,
        face: str,
        size: float,
        fill: Color,
        anchor: str = "ls",
        tracking: float = 0,
        max_w: float = 0,
    ) -> float:
        """Draw text at (x, y) points (in the left-to-right layout: mirrored for RTL languages); returns
        its advance width in points. Set smaller when wider than max_w."""
        if max_w:
            w = self.width(s, face, size, tracking)
            if w > max_w:
                size, tracking = size * max_w / w, tracking * max_w / w
        total = self.width(s, face, size, tracking)
        if self.rtl:
            x, anchor = W_PT - x, {"l": "r", "r": "l"}.get(anchor[0], anchor[0]) + anchor[1]
        self.texts.append((x, y, s, face, size, fill, anchor, tracking))
        return total

    def _draw_text(
        self, x: float, y: float, s: str, face: str, size: float, fill: Color, anchor: str, tracking: float
    ) -> None:
        parts = runs(s, face, self.lang)
        if len(parts) == 1 and parts[0][1] == "en" and not tracking:
            self.d.text((_px(x), _px(y)), s, font=font(face, size), fill=fill, anchor=anchor)
            return
        total = self.width(s, face, size, tracking)
        if anchor[0] == "m":
            x -= total / 2
        elif anchor[0] == "r":
            x -= total
        first = font(face, size, parts[0][1])
        if anchor[1] == "m":  # one baseline for every run: the first run's middle
            asc, desc = first.getmetrics()
            y += (asc - desc) / 2 / K
        elif anchor[1] != "s":
            raise ValueError(anchor)
        for text, lang, rtl in parts:
            f = font(face, size, lang)
            if tracking and lang == "en":
                for ch in reversed(text) if rtl else text:
                    self.d.text((_px(x), _px(y)), ch, font=f, fill=fill, anchor="ls")
                    x += f.getlength(ch) / K + tracking
                continue
            direction = _direction(lang, rtl)
            self.d.text((_px(x), _px(y)), text, font=f, fill=fill, anchor="ls", direction=direction)
            x += f.getlength(text, direction=direction) / K

    def width(self, s: str, face: str, size: float, tracking: float = 0) -> float:
        total = 0.0
        for text, lang, rtl in runs(s, face, self.lang):
            f = font(face, size, lang)
            if tracking and lang == "en":
                total += sum(f.getlength(ch) for ch in text) / K + tracking * len(text)
            else:
                total += f.getlength(text, direction=_direction(lang, rtl)) / K
        tracked = sum(len(text) for text, lang, _ in runs(s, face, self.lang) if lang == "en")
        return total - (tracking if tracking and tracked else 0)

    def later(self, draw: Callable[[Callable[[float], float]], None]) -> None:
        """Draw something that keeps its orientation in RTL (media controls, a clock, a play
        triangle): `draw` gets the x mapping (identity, or mirroring for RTL) and runs after the flip."""
        self.deferred.append(draw)

    def finish(self) -> None:
        if self.rtl:
            self.img = self.img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
            self.d = ImageDraw.Draw(self.img, "RGBA")
        m: Callable[[float], float] = (lambda x: W_PT - x) if self.rtl else (lambda x: x)
        for draw in self.deferred:
            draw(m)
        for op in self.texts:
            self._draw_text(*op)
        self.texts, self.deferred = [], []

    # chrome -------------------------------------------------------------------------------------
    def status_bar(self) -> None:
        ink = (255, 255, 255) if self.dark else (0, 0, 0)
        self.text(54, 24, "9:41", "bold", 17, ink, anchor="mm")
        # cellular signal
        x = 296.0
        for i, h in enumerate((4.0, 6.5, 9.0, 11.5)):
            self.rect((x + i * 4.8, 29.5 - h, x + i * 4.8 + 3.2, 29.5), fill=ink, r=1)
        # wi-fi: three nested wedges
        cx, cy = 325.5, 29.5
        for rr, wd in ((11.5, 2.3), (7.3, 2.3)):
            o = rr
            self.d.arc(_box((cx - o, cy - o, cx + o, cy + o)), 225, 315, fill=ink, width=_px(wd))
        self.d.pieslice(_box((cx - 3.6, cy - 3.6, cx + 3.6, cy + 3.6)), 225, 315, fill=ink)
        # battery
        bx, by = 341.0, 18.5
        self.rect((bx, by, bx + 25, by + 12), outline=alpha(ink, 0.4), r=3.8, width=1.1)
        self.rect((bx + 2.2, by + 2.2, bx + 19.5, by + 9.8), fill=ink, r=2)
        self.rect((bx + 26.2, by + 4, bx + 27.8, by + 8), fill=alpha(ink, 0.4), r=0.8)

    def tab_bar(self, active: int) -> None:
        top = 761.0
        if self.dark:
            bg, line, on, off, home = (21, 21, 38), (48, 48, 68), PRIMARY, (118, 118, 140), (255, 255, 255)
        else:
            bg, line, on, off, home = (255, 255, 255), HAIR, PRIMARY, (154, 154, 172), (0, 0, 0)
        self.rect((0, top, W_PT, H_PT), fill=bg)
        self.rect((0, top, W_PT, top + 0.5), fill=line)
        labels = self.t["tabs"]
        assert isinstance(labels, tuple)
        icons = (icon_home, icon_dumbbell, icon_chart, icon_profile)
        tw = W_PT / 4
        for i, (label, draw_icon) in enumerate(zip(labels, icons, strict=True)):
            c = on if i == active else off
            cx = tw * i + tw / 2
            draw_icon(self, cx, top + 21, c, bg)
            self.text(cx, top + 46, label, "bold", 10.5, c, anchor="ms", max_w=tw - 6)
        self.rect((W_PT / 2 - 67, H_PT - 13, W_PT / 2 + 67, H_PT - 8), fill=home, r=2.5)

    def save(self, path: Path) -> int:
        self.finish()
        out = self.img.resize((W_PT * SCALE, H_PT * SCALE), Image.Resampling.LANCZOS)
        path.parent.mkdir(parents=True, exist_ok=True)
        out.save(path, format="PNG", optimize=True)
        return path.stat().st_size


def _stops(stops: Sequence[RGB], t: float) -> RGB:
    t = min(1.0, max(0.0, t))
    if len(stops) == 1:
        return stops[0]
    seg = t * (len(stops) - 1)
    i = min(int(seg), len(stops) - 2)
    return mix(stops[i], stops[i + 1], seg - i)


# icons (all drawn from shapes, centred on cx, cy) ------------------------------------------------
def icon_home(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.polygon([(cx - 11, cy - 0.5), (cx, cy - 10.5), (cx + 11, cy - 0.5)], c)
    s.rect((cx - 8, cy - 2, cx + 8, cy + 10), fill=c, r=2)
    s.rect((cx - 2.6, cy + 3, cx + 2.6, cy + 10.5), fill=bg, r=1.2)


def icon_dumbbell(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.rect((cx - 7, cy - 1.6, cx + 7, cy + 1.6), fill=c, r=1)
    for sign in (-1, 1):
        s.rect(_span(cx + sign * 9.5, 2.6, cy, 8), fill=c, r=1.6)
        s.rect(_span(cx + sign * 13.2, 1.8, cy, 5), fill=c, r=1.2)


def icon_chart(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    for dx, h in ((-7.5, 9.0), (0.0, 15.0), (7.5, 21.0)):
        s.rect((cx + dx - 2.6, cy + 10.5 - h, cx + dx + 2.6, cy + 10.5), fill=c, r=2)


def icon_profile(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.circle(cx, cy - 4.5, 5.2, fill=c)
    s.d.chord(_box((cx - 10, cy + 2.5, cx + 10, cy + 20)), 180, 360, fill=c)


def _span(cx: float, half_w: float, cy: float, half_h: float) -> Box:
    return (cx - half_w, cy - half_h, cx + half_w, cy + half_h)


def icon_flame(s: Screen, cx: float, cy: float, h: float, outer: Color, inner: Color | None = None) -> None:
    def drop(cx: float, cy: float, h: float, c: Color) -> None:
        r = h * 0.34
        top = (cx + h * 0.06, cy - h / 2)
        ccx, ccy = cx, cy + h / 2 - r
        d = math.hypot(top[0] - ccx, top[1] - ccy)
        base = math.degrees(math.atan2(top[1] - ccy, top[0] - ccx))
        spread = math.degrees(math.acos(r / d))
        pts = [top]
        a0, a1 = base + spread, base - spread + 360
        for k in range(41):
            t = math.radians(a0 + (a1 - a0) * k / 40)
            pts.append((ccx + r * math.cos(t), ccy + r * math.sin(t)))
        s.polygon(pts, c)

    drop(cx, cy, h, outer)
    if inner is not None:
        drop(cx - h * 0.02, cy + h * 0.16, h * 0.55, inner)


def icon_play(s: Screen, cx: float, cy: float, size: float, c: Color) -> None:
    s.polygon(
        [(cx - size * 0.38, cy - size / 2), (cx + size * 0.55, cy), (cx - size * 0.38, cy + size / 2)], c
    )


def icon_skip(s: Screen, cx: float, cy: float, size: float, c: Color, forward: bool) -> None:
    sg = 1 if forward else -1
    s.polygon(
        [
            (cx - sg * size * 0.45, cy - size / 2),
            (cx + sg * size * 0.3, cy),
            (cx - sg * size * 0.45, cy + size / 2),
        ],
        c,
    )
    bx = cx + sg * size * 0.42
    s.rect((bx - size * 0.1, cy - size / 2, bx + size * 0.1, cy + size / 2), fill=c, r=size * 0.06)


def icon_clock(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.ring(cx, cy, 7.2, 2.2, c)
    s.line([(cx, cy - 4.2), (cx, cy), (cx + 3.2, cy + 1.8)], c, 2.0)


def icon_trend(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.line([(cx - 10, cy + 6), (cx - 3.5, cy - 0.5), (cx + 1, cy + 3.5), (cx + 9, cy - 5)], c, 3.0)
    s.polygon([(cx + 11.5, cy - 7.5), (cx + 11.5, cy + 0.5), (cx + 3.5, cy - 7.5)], c)


def icon_star(s: Screen, cx: float, cy: float, r: float, c: Color) -> None:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        t = math.radians(-90 + 36 * k)
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    s.polygon(pts, c)


def icon_calendar(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.rect((cx - 8, cy - 6.5, cx + 8, cy + 7.5), outline=c, r=2.5, width=1.8)
    s.rect((cx - 8, cy - 6.5, cx + 8, cy - 2), fill=c, r=2.5)
    s.rect((cx - 4.6, cy - 9, cx - 2.8, cy - 5), fill=c, r=0.9)
    s.rect((cx + 2.8, cy - 9, cx + 4.6, cy - 5), fill=c, r=0.9)
    for dx in (-3.8, 0.0, 3.8):
        s.circle(cx + dx, cy + 3, 1.1, fill=c)


def icon_sparkle(s: Screen, cx: float, cy: float, r: float, c: Color) -> None:
    """The AI coach's mark: a four-pointed star with a small one at its upper right."""
    for x, y, rr in ((cx - r * 0.12, cy + r * 0.1, r), (cx + r * 0.62, cy - r * 0.6, r * 0.42)):
        pts = []
        for k in range(8):
            t = math.radians(-90 + 45 * k)
            d = rr if k % 2 == 0 else rr * 0.3
            pts.append((x + d * math.cos(t), y + d * math.sin(t)))
        s.polygon(pts, c)


def icon_moon(s: Screen, cx: float, cy: float, r: float, c: Color, bg: Color) -> None:
    """A crescent (a rest day, a night's sleep), cut out of a disc with the background colour."""
    s.circle(cx, cy, r, fill=c)
    s.circle(cx + r * 0.5, cy - r * 0.38, r * 0.82, fill=bg)


def icon_check(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.line([(cx - 6.5, cy + 0.5), (cx - 2, cy + 5), (cx + 7, cy - 5)], c, 2.8)


def icon_share(s: Screen, cx: float, cy: float, c: Color) -> None:
    """iOS's share mark: a tray open at the top and an arrow out of it."""
    s.line([(cx - 3.5, cy - 2.5), (cx - 7.5, cy - 2.5), (cx - 7.5, cy + 9.5)], c, 2.0)
    s.line([(cx - 7.5, cy + 9.5), (cx + 7.5, cy + 9.5), (cx + 7.5, cy - 2.5), (cx + 3.5, cy - 2.5)], c, 2.0)
    s.line([(cx, cy - 10), (cx, cy + 3)], c, 2.2)
    s.line([(cx - 4.2, cy - 5.8), (cx, cy - 10), (cx + 4.2, cy - 5.8)], c, 2.2)


def icon_bolt(s: Screen, cx: float, cy: float, h: float, c: Color) -> None:
    """A lightning bolt (energy, kcal)."""
    u = h / 20
    s.polygon(
        [
            (cx + 2 * u, cy - 10 * u),
            (cx - 6.5 * u, cy + 1.5 * u),
            (cx - 0.5 * u, cy + 1.5 * u),
            (cx - 2 * u, cy + 10 * u),
            (cx + 6.5 * u, cy - 1.5 * u),
            (cx + 0.5 * u, cy - 1.5 * u),
        ],
        c,
    )


def chevron(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.line([(cx - 2.5, cy - 5.5), (cx + 2.5, cy), (cx - 2.5, cy + 5.5)], c, 2.2)


def pill(
    s: Screen,
    x: float,
    cy: float,
    label: str,
    bg: Color,
    fg: Color,
    size: float = 11.5,
    pad: float = 10,
    h: float = 24,
) -> float:
    """A rounded tag left-aligned at x; returns its right edge."""
    w = s.width(label, "heavy", size, 0.6) + 2 * pad
    s.rect((x, cy - h / 2, x + w, cy + h / 2), fill=bg, r=h / 2)
    s.text(x + pad, cy, label, "heavy", size, fg, anchor="lm", tracking=0.6)
    return x + w


# strings ----------------------------------------------------------------------------------------
# Every UI string the screens draw, per language (the renderer's locale codes). The screens show
# Tuesday, June 10, with the week's bars from Wednesday to Tuesday; the coach's plan is the week of
# Monday, June 9 to Sunday, June 15 (its days are "days" from Monday); the recap is May's, the month
# before (its calendar from Monday too). Upper-case labels are written out (scripts without case keep
# their normal form). "stronger" is two lines; "{...}" is the figure drawn in the accent colour; the
# coach's "message" is three lines; "recap_tiles" are (figure, unit, label). Missing keys fall back to
# English.
NBSP = "\u00a0"
STRINGS: dict[str, dict[str, object]] = {
    "en": {
        "date": "TUESDAY, JUNE 10",
        "greeting": "Good morning, Alex",
        "initials": "AM",
        "weekly_goal": "Weekly goal",
        "done": "5 of 7 workouts done",
        "streak": "12-day streak",
        "pct72": "72%",
        "of_goal": "of weekly goal",
        "stats": (("146", "active min"), ("1,240", "kcal burned"), ("5/7", "workouts")),
        "todays": "Today's workout",
        "see_all": "See all",
        "tag_min": "10 MIN",
        "tag_equip": "NO EQUIPMENT",
        "workout": "Full-Body Burn",
        "meta": "8 exercises  ·  Beginner  ·  90 kcal",
        "start": "Start",
        "tomorrow": "Tomorrow",
        "tomorrow_meta": "Core & Mobility  ·  12 min",
        "tabs": ("Today", "Workouts", "Progress", "Profile"),
        "exercise_n": "Exercise 3 of 8",
        "work": "WORK",
        "round": "ROUND 1 OF 2",
        "exercise": "Jump Squats",
        "cue": "Land softly, chest up, knees over toes",
        "seconds_left": "SECONDS LEFT",
        "up_next": "Up next",
        "left": "5 left",
        "next": ("Push-ups", "Mountain Climbers", "Plank Hold"),
        "periods": ("Week", "Month", "Year"),
        "chart_title": "Active minutes  ·  last 7 days",
        "min": "min",
        "vs_last": "18% vs last week",
        "goal": "Goal 30",
        "days": ("W", "T", "F", "S", "S", "M", "T"),
        "tiles": ("workouts", "minutes", "day streak"),
        "checkin": "MONTHLY CHECK-IN",
        "stronger": ("{12%} stronger", "than last month"),
        "pb_label": "New personal best",
        "pb": "Plank hold  ·  2:10",
        "new": "NEW",
        "coach_title": "Your coach",
        "coach_name": "FitPro Coach",
        "ai": "AI",
        "coach_time": "Today  ·  7:02 AM",
        "message": (
            "I moved leg day to Thursday and",
            "added a rest day — you slept badly",
            "twice this week.",
        ),
        "sleep": "2 short nights  ·  5h 40m average",
        "week_label": "THIS WEEK  ·  JUNE 9–15",
        "plan": "4 workouts  ·  38 min",
        "intensity": "Intensity",
        "pct82": "82%",
        "pct85": "85%",
        "legs": "Legs",
        "agree": "Sounds good",
        "adjust": "Adjust",
        "next_checkin": "Next check-in",
        "next_date": "Sunday, June 15",
        "recap_label": "MONTHLY RECAP",
        "recap_title": "Your May",
        "recap_best": "BEST MONTH YET",
        "recap_workouts": "Workouts completed",
        "recap_strength": "+12% strength",
        "recap_tiles": (
            ("512", "min", "total time"),
            ("9", "days", "longest streak"),
            ("4,380", "kcal", "burned"),
        ),
        "recap_days": "Workout days",
    },
    "de": {
        "date": "DIENSTAG, 10. JUNI",
        "greeting": "Guten Morgen, Alex",
        "weekly_goal": "Wochenziel",
        "done": "5 von 7 Workouts geschafft",
        "streak": "12 Tage in Folge",
        "pct72": f"72{NBSP}%",
        "of_goal": "des Wochenziels",
        "stats": (("146", "aktive Min."), ("1.240", "kcal verbrannt"), ("5/7", "Workouts")),
        "todays": "Workout für heute",
        "see_all": "Alle",
        "tag_min": "10 MIN.",
        "tag_equip": "OHNE GERÄTE",
        "workout": "Ganzkörper-Burn",
        "meta": "8 Übungen  ·  Anfänger  ·  90 kcal",
        "start": "Starten",
        "tomorrow": "Morgen",
        "tomorrow_meta": "Core & Mobilität  ·  12 Min.",
        "tabs": ("Heute", "Workouts", "Fortschritt", "Profil"),
        "exercise_n": "Übung 3 von 8",
        "work": "BELASTUNG",
        "round": "RUNDE 1 VON 2",
        "exercise": "Sprungkniebeugen",
        "cue": "Weich landen, Brust raus, Knie über den Zehen",
        "seconds_left": "SEKUNDEN ÜBRIG",
        "up_next": "Als Nächstes",
        "left": "noch 5",
        "next": ("Liegestütze", "Mountain Climbers", "Unterarmstütz"),
        "periods": ("Woche", "Monat", "Jahr"),
        "chart_title": "Aktive Minuten  ·  letzte 7 Tage",
        "min": "Min.",
        "vs_last": f"18{NBSP}% ggü. Vorwoche",
        "goal": "Ziel 30",
        "days": ("Mi", "Do", "Fr", "Sa", "So", "Mo", "Di"),
        "tiles": ("Workouts", "Minuten", "Tage in Folge"),
        "checkin": "MONATS-CHECK-IN",
        "stronger": (f"{{12{NBSP}%}} stärker", "als im Vormonat"),
        "pb_label": "Neue Bestleistung",
        "pb": "Unterarmstütz  ·  2:10",
        "new": "NEU",
        "coach_title": "Dein Coach",
        "coach_name": "FitPro Coach",
        "ai": "KI",
        "coach_time": "Heute  ·  7:02 Uhr",
        "message": (
            "Ich habe den Beintag auf Donnerstag gelegt",
            "und einen Ruhetag eingeplant – du hast",
            "diese Woche zweimal schlecht geschlafen.",
        ),
        "sleep": "2 kurze Nächte  ·  Ø 5 Std. 40 Min.",
        "week_label": "DIESE WOCHE  ·  9.–15. JUNI",
        "plan": "4 Workouts  ·  38 Min.",
        "intensity": "Intensität",
        "pct82": f"82{NBSP}%",
        "pct85": f"85{NBSP}%",
        "legs": "Beine",
        "agree": "Klingt gut",
        "adjust": "Anpassen",
        "next_checkin": "Nächster Check-in",
        "next_date": "Sonntag, 15. Juni",
        "recap_label": "MONATSRÜCKBLICK",
        "recap_title": "Dein Mai",
        "recap_best": "DEIN BESTER MONAT",
        "recap_workouts": "Abgeschlossene Workouts",
        "recap_strength": f"+12{NBSP}% Kraft",
        "recap_tiles": (
            ("512", "Min.", "Trainingszeit"),
            ("9", "Tage", "längste Serie"),
            ("4.380", "kcal", "verbrannt"),
        ),
        "recap_days": "Trainingstage",
    },
    "es": {
        "date": "MARTES, 10 DE JUNIO",
        "greeting": "Buenos días, Alex",
        "weekly_goal": "Objetivo semanal",
        "done": "5 de 7 entrenos hechos",
        "streak": "Racha de 12 días",
        "pct72": f"72{NBSP}%",
        "of_goal": "del objetivo semanal",
        "stats": (("146", "min activos"), ("1240", "kcal quemadas"), ("5/7", "entrenos")),
        "todays": "Entreno de hoy",
        "see_all": "Ver todo",
        "tag_min": "10 MIN",
        "tag_equip": "SIN MATERIAL",
        "workout": "Quema total",
        "meta": "8 ejercicios  ·  Principiante  ·  90 kcal",
        "start": "Empezar",
        "tomorrow": "Mañana",
        "tomorrow_meta": "Core y movilidad  ·  12 min",
        "tabs": ("Hoy", "Entrenos", "Progreso", "Perfil"),
        "exercise_n": "Ejercicio 3 de 8",
        "work": "TRABAJO",
        "round": "RONDA 1 DE 2",
        "exercise": "Sentadillas con salto",
        "cue": "Aterriza suave, pecho arriba, rodillas alineadas",
        "seconds_left": "SEGUNDOS RESTANTES",
        "up_next": "A continuación",
        "left": "Quedan 5",
        "next": ("Flexiones", "Escaladores", "Plancha"),
        "periods": ("Semana", "Mes", "Año"),
        "chart_title": "Minutos activos  ·  últimos 7 días",
        "vs_last": f"18{NBSP}% vs. semana pasada",
        "goal": "Meta 30",
        "days": ("X", "J", "V", "S", "D", "L", "M"),
        "tiles": ("entrenos", "minutos", "días de racha"),
        "checkin": "RESUMEN DEL MES",
        "stronger": (f"Un {{12{NBSP}%}} más fuerte", "que el mes pasado"),
        "pb_label": "Nuevo récord personal",
        "pb": "Plancha  ·  2:10",
        "new": "NUEVO",
        "coach_title": "Tu coach",
        "coach_name": "Coach FitPro",
        "ai": "IA",
        "coach_time": "Hoy  ·  7:02",
        "message": (
            "He pasado el día de pierna al jueves",
            "y añadido un día de descanso: esta semana",
            "has dormido mal dos veces.",
        ),
        "sleep": "2 noches cortas  ·  media de 5 h 40 min",
        "week_label": "ESTA SEMANA  ·  9–15 DE JUNIO",
        "plan": "4 entrenos  ·  38 min",
        "intensity": "Intensidad",
        "pct82": f"82{NBSP}%",
        "pct85": f"85{NBSP}%",
        "legs": "Pierna",
        "agree": "Me parece bien",
        "adjust": "Ajustar",
        "next_checkin": "Próxima revisión",
        "next_date": "Domingo, 15 de junio",
        "recap_label": "RESUMEN MENSUAL",
        "recap_title": "Tu mayo",
        "recap_best": "TU MEJOR MES",
        "recap_workouts": "Entrenos completados",
        "recap_strength": f"+12{NBSP}% de fuerza",
        "recap_tiles": (
            ("512", "min", "en total"),
            ("9", "días", "mejor racha"),
            ("4380", "kcal", "quemadas"),
        ),
        "recap_days": "Días de entreno",
    },
    "fr": {
        "date": "MARDI 10 JUIN",
        "greeting": "Bonjour Alex",
        "weekly_goal": "Objectif hebdo",
        "done": "5 séances sur 7 terminées",
        "streak": "12 jours d’affilée",
        "pct72": f"72{NBSP}%",
        "of_goal": "de l’objectif hebdo",
        "stats": (("146", "min actives"), (f"1{NBSP}240", "kcal brûlées"), ("5/7", "séances")),
        "todays": "Séance du jour",
        "see_all": "Tout voir",
        "tag_min": "10 MIN",
        "tag_equip": "SANS MATÉRIEL",
        "workout": "Full body intense",
        "meta": "8 exercices  ·  Débutant  ·  90 kcal",
        "start": "Démarrer",
        "tomorrow": "Demain",
        "tomorrow_meta": "Gainage et mobilité  ·  12 min",
        "tabs": ("Aujourd’hui", "Séances", "Progrès", "Profil"),
        "exercise_n": "Exercice 3 sur 8",
        "work": "EFFORT",
        "round": "TOUR 1 SUR 2",
        "exercise": "Squats sautés",
        "cue": "Réception souple, buste droit, genoux alignés",
        "seconds_left": "SECONDES RESTANTES",
        "up_next": "À suivre",
        "left": "Encore 5",
        "next": ("Pompes", "Mountain climbers", "Gainage"),
        "periods": ("Semaine", "Mois", "Année"),
        "chart_title": "Minutes actives  ·  7 derniers jours",
        "vs_last": f"18{NBSP}% vs sem. dernière",
        "goal": "Objectif 30",
        "days": ("M", "J", "V", "S", "D", "L", "M"),
        "tiles": ("séances", "minutes", "jours d’affilée"),
        "checkin": "BILAN DU MOIS",
        "stronger": (f"{{12{NBSP}%}} plus fort", "que le mois dernier"),
        "pb_label": "Nouveau record perso",
        "pb": "Gainage  ·  2:10",
        "new": "NOUVEAU",
        "coach_title": "Ton coach",
        "coach_name": "Coach FitPro",
        "ai": "IA",
        "coach_time": "Aujourd’hui  ·  7 h 02",
        "message": (
            "J’ai déplacé la séance jambes à jeudi",
            f"et ajouté un jour de repos{NBSP}: tu as mal",
            "dormi deux fois cette semaine.",
        ),
        "sleep": "2 nuits courtes  ·  moyenne 5 h 40",
        "week_label": "CETTE SEMAINE  ·  DU 9 AU 15 JUIN",
        "plan": "4 séances  ·  38 min",
        "intensity": "Intensité",
        "pct82": f"82{NBSP}%",
        "pct85": f"85{NBSP}%",
        "legs": "Jambes",
        "agree": "Ça me va",
        "adjust": "Modifier",
        "next_checkin": "Prochain bilan",
        "next_date": "Dimanche 15 juin",
        "recap_label": "BILAN MENSUEL",
        "recap_title": "Ton mois de mai",
        "recap_best": "TON MEILLEUR MOIS",
        "recap_workouts": "Séances terminées",
        "recap_strength": f"+12{NBSP}% de force",
        "recap_tiles": (
            ("512", "min", "au total"),
            ("9", "jours", "meilleure série"),
            (f"4{NBSP}380", "kcal", "brûlées"),
        ),
        "recap_days": "Jours d’entraînement",
    },
    "it": {
        "date": "MARTEDÌ 10 GIUGNO",
        "greeting": "Buongiorno, Alex",
        "weekly_goal": "Obiettivo settimanale",
        "done": "5 allenamenti su 7 fatti",
        "streak": "12 giorni di fila",
        "of_goal": "dell’obiettivo",
        "stats": (("146", "min attivi"), ("1.240", "kcal bruciate"), ("5/7", "allenamenti")),
        "todays": "Allenamento di oggi",
        "see_all": "Vedi tutti",
        "tag_equip": "SENZA ATTREZZI",
        "workout": "Total body intenso",
        "meta": "8 esercizi  ·  Principiante  ·  90 kcal",
        "start": "Inizia",
        "tomorrow": "Domani",
        "tomorrow_meta": "Core e mobilità  ·  12 min",
        "tabs": ("Oggi", "Allenamenti", "Progressi", "Profilo"),
        "exercise_n": "Esercizio 3 di 8",
        "work": "LAVORO",
        "round": "ROUND 1 DI 2",
        "exercise": "Squat jump",
        "cue": "Atterra morbido, petto in alto, ginocchia allineate",
        "seconds_left": "SECONDI RIMASTI",
        "up_next": "Prossimi",
        "left": "Ne restano 5",
        "next": ("Piegamenti", "Mountain climber", "Plank"),
        "periods": ("Settimana", "Mese", "Anno"),
        "chart_title": "Minuti attivi  ·  ultimi 7 giorni",
        "vs_last": "18% vs sett. scorsa",
        "goal": "Obiettivo 30",
        "days": ("M", "G", "V", "S", "D", "L", "M"),
        "tiles": ("allenamenti", "minuti", "giorni di fila"),
        "checkin": "BILANCIO DEL MESE",
        "stronger": ("{12%} più forte", "del mese scorso"),
        "pb_label": "Nuovo record personale",
        "pb": "Plank  ·  2:10",
        "new": "NUOVO",
        "coach_title": "Il tuo coach",
        "coach_name": "Coach FitPro",
        "ai": "AI",
        "coach_time": "Oggi  ·  7:02",
        "message": (
            "Ho spostato il giorno gambe a giovedì",
            "e aggiunto un giorno di riposo: questa",
            "settimana hai dormito male due volte.",
        ),
        "sleep": "2 notti brevi  ·  media 5 h 40 min",
        "week_label": "QUESTA SETTIMANA  ·  9–15 GIUGNO",
        "plan": "4 allenamenti  ·  38 min",
        "intensity": "Intensità",
        "legs": "Gambe",
        "agree": "Va bene",
        "adjust": "Modifica",
        "next_checkin": "Prossimo check-in",
        "next_date": "Domenica 15 giugno",
        "recap_label": "RIEPILOGO MENSILE",
        "recap_title": "Il tuo maggio",
        "recap_best": "IL TUO MESE MIGLIORE",
        "recap_workouts": "Allenamenti completati",
        "recap_strength": "+12% di forza",
        "recap_tiles": (
            ("512", "min", "in totale"),
            ("9", "giorni", "serie più lunga"),
            ("4.380", "kcal", "bruciate"),
        ),
        "recap_days": "Giorni di allenamento",
    },
    "pt": {
        "date": "TERÇA-FEIRA, 10 DE JUNHO",
        "greeting": "Bom dia, Alex",
        "weekly_goal": "Meta semanal",
        "done": "5 de 7 treinos feitos",
        "streak": "12 dias seguidos",
        "of_goal": "da meta semanal",
        "stats": (("146", "min ativos"), ("1.240", "kcal queimadas"), ("5/7", "treinos")),
        "todays": "Treino de hoje",
        "see_all": "Ver tudo",
        "tag_equip": "SEM EQUIPAMENTO",
        "workout": "Queima Total",
        "meta": "8 exercícios  ·  Iniciante  ·  90 kcal",
        "start": "Começar",
        "tomorrow": "Amanhã",
        "tomorrow_meta": "Core e mobilidade  ·  12 min",
        "tabs": ("Hoje", "Treinos", "Progresso", "Perfil"),
        "exercise_n": "Exercício 3 de 8",
        "work": "ESFORÇO",
        "round": "RODADA 1 DE 2",
        "exercise": "Agachamento com salto",
        "cue": "Aterrisse suave, peito aberto, joelhos alinhados",
        "seconds_left": "SEGUNDOS RESTANTES",
        "up_next": "A seguir",
        "left": "Faltam 5",
        "next": ("Flexões", "Escalador", "Prancha"),
        "periods": ("Semana", "Mês", "Ano"),
        "chart_title": "Minutos ativos  ·  últimos 7 dias",
        "vs_last": "18% vs semana passada",
        "goal": "Meta 30",
        "days": ("Q", "Q", "S", "S", "D", "S", "T"),
        "tiles": ("treinos", "minutos", "dias seguidos"),
        "checkin": "BALANÇO DO MÊS",
        "stronger": ("{12%} mais forte", "que no mês passado"),
        "pb_label": "Novo recorde pessoal",
        "pb": "Prancha  ·  2:10",
        "new": "NOVO",
        "coach_title": "Seu coach",
        "coach_name": "Coach FitPro",
        "ai": "IA",
        "coach_time": "Hoje  ·  7:02",
        "message": (
            "Mudei o treino de pernas para quinta",
            "e incluí um dia de descanso: você dormiu",
            "mal duas vezes esta semana.",
        ),
        "sleep": "2 noites curtas  ·  média de 5h40",
        "week_label": "ESTA SEMANA  ·  9 A 15 DE JUNHO",
        "plan": "4 treinos  ·  38 min",
        "intensity": "Intensidade",
        "legs": "Pernas",
        "agree": "Combinado",
        "adjust": "Ajustar",
        "next_checkin": "Próximo check-in",
        "next_date": "Domingo, 15 de junho",
        "recap_label": "RESUMO MENSAL",
        "recap_title": "Seu maio",
        "recap_best": "SEU MELHOR MÊS",
        "recap_workouts": "Treinos concluídos",
        "recap_strength": "+12% de força",
        "recap_tiles": (
            ("512", "min", "no total"),
            ("9", "dias", "maior sequência"),
            ("4.380", "kcal", "queimadas"),
        ),
        "recap_days": "Dias de treino",
    },
    "nl": {
        "date": "DINSDAG 10 JUNI",
        "greeting": "Goedemorgen, Alex",
        "weekly_goal": "Weekdoel",
        "done": "5 van 7 workouts gedaan",
        "streak": "12 dagen op rij",
        "of_goal": "van je weekdoel",
        "stats": (("146", "actieve min"), ("1.240", "kcal verbrand"), ("5/7", "workouts")),
        "todays": "Workout van vandaag",
        "see_all": "Alles",
        "tag_equip": "ZONDER MATERIAAL",
        "workout": "Full-body burn",
        "meta": "8 oefeningen  ·  Beginner  ·  90 kcal",
        "start": "Start",
        "tomorrow": "Morgen",
        "tomorrow_meta": "Core & mobiliteit  ·  12 min",
        "tabs": ("Vandaag", "Workouts", "Voortgang", "Profiel"),
        "exercise_n": "Oefening 3 van 8",
        "work": "ACTIEF",
        "round": "RONDE 1 VAN 2",
        "exercise": "Jump squats",
        "cue": "Land zacht, borst vooruit, knieën boven je tenen",
        "seconds_left": "SECONDEN OVER",
        "up_next": "Hierna",
        "left": "Nog 5",
        "next": ("Push-ups", "Mountain climbers", "Plank"),
        "periods": ("Week", "Maand", "Jaar"),
        "chart_title": "Actieve minuten  ·  afgelopen 7 dagen",
        "vs_last": "18% t.o.v. vorige week",
        "goal": "Doel 30",
        "days": ("W", "D", "V", "Z", "Z", "M", "D"),
        "tiles": ("workouts", "minuten", "dagen op rij"),
        "checkin": "MAANDOVERZICHT",
        "stronger": ("{12%} sterker", "dan vorige maand"),
        "pb_label": "Nieuw persoonlijk record",
        "pb": "Plank  ·  2:10",
        "new": "NIEUW",
        "coach_title": "Je coach",
        "coach_name": "FitPro Coach",
        "ai": "AI",
        "coach_time": "Vandaag  ·  07:02",
        "message": (
            "Ik heb de beendag naar donderdag verzet",
            "en een rustdag toegevoegd: je hebt deze",
            "week twee keer slecht geslapen.",
        ),
        "sleep": "2 korte nachten  ·  gem. 5 u 40 min",
        "week_label": "DEZE WEEK  ·  9–15 JUNI",
        "plan": "4 workouts  ·  38 min",
        "intensity": "Intensiteit",
        "legs": "Benen",
        "agree": "Klinkt goed",
        "adjust": "Aanpassen",
        "next_checkin": "Volgende check-in",
        "next_date": "Zondag 15 juni",
        "recap_label": "MAANDOVERZICHT",
        "recap_title": "Jouw mei",
        "recap_best": "JE BESTE MAAND",
        "recap_workouts": "Voltooide workouts",
        "recap_strength": "+12% kracht",
        "recap_tiles": (
            ("512", "min", "in totaal"),
            ("9", "dagen", "langste reeks"),
            ("4.380", "kcal", "verbrand"),
        ),
        "recap_days": "Trainingsdagen",
    },
    "pl": {
        "date": "WTOREK, 10 CZERWCA",
        "greeting": "Dzień dobry, Alex",
        "weekly_goal": "Cel tygodnia",
        "done": "5 z 7 treningów za tobą",
        "streak": "12 dni z rzędu",
        "of_goal": "celu tygodnia",
        "stats": (("146", "min aktywności"), ("1240", "spalone kcal"), ("5/7", "treningów")),
        "todays": "Dzisiejszy trening",
        "see_all": "Wszystkie",
        "tag_equip": "BEZ SPRZĘTU",
        "workout": "Spalanie całego ciała",
        "meta": "8 ćwiczeń  ·  Początkujący  ·  90 kcal",
        "start": "Start",
        "tomorrow": "Jutro",
        "tomorrow_meta": "Core i mobilność  ·  12 min",
        "tabs": ("Dziś", "Treningi", "Postępy", "Profil"),
        "exercise_n": "Ćwiczenie 3 z 8",
        "work": "PRACA",
        "round": "RUNDA 1 Z 2",
        "exercise": "Przysiady z wyskokiem",
        "cue": "Ląduj miękko, klatka w górę, kolana nad palcami",
        "seconds_left": "POZOSTAŁO SEKUND",
        "up_next": "Następne",
        "left": "Zostało 5",
        "next": ("Pompki", "Wspinaczka", "Deska"),
        "periods": ("Tydzień", "Miesiąc", "Rok"),
        "chart_title": "Aktywne minuty  ·  ostatnie 7 dni",
        "vs_last": "18% vs poprz. tydzień",
        "goal": "Cel 30",
        "days": ("Ś", "C", "P", "S", "N", "P", "W"),
        "tiles": ("treningów", "minut", "dni z rzędu"),
        "checkin": "PODSUMOWANIE MIESIĄCA",
        "stronger": ("Silniejszy o {12%}", "niż w zeszłym miesiącu"),
        "pb_label": "Nowy rekord życiowy",
        "pb": "Deska  ·  2:10",
        "new": "NOWE",
        "coach_title": "Twój trener",
        "coach_name": "Trener FitPro",
        "ai": "AI",
        "coach_time": "Dziś  ·  7:02",
        "message": (
            "Przenoszę dzień nóg na czwartek i dodaję",
            "dzień odpoczynku – w tym tygodniu dwa",
            "razy kiepsko ci się spało.",
        ),
        "sleep": "2 krótkie noce  ·  śr. 5 godz. 40 min",
        "week_label": "TEN TYDZIEŃ  ·  9–15 CZERWCA",
        "plan": "4 treningi  ·  38 min",
        "intensity": "Intensywność",
        "legs": "Nogi",
        "agree": "Pasuje",
        "adjust": "Zmień",
        "next_checkin": "Następne podsumowanie",
        "next_date": "Niedziela, 15 czerwca",
        "recap_label": "PODSUMOWANIE MIESIĄCA",
        "recap_title": "Twój maj",
        "recap_best": "TWÓJ NAJLEPSZY MIESIĄC",
        "recap_workouts": "Ukończone treningi",
        "recap_strength": "+12% siły",
        "recap_tiles": (
            ("512", "min", "łącznie"),
            ("9", "dni", "najdłuższa seria"),
            ("4380", "kcal", "spalone"),
        ),
        "recap_days": "Dni treningowe",
    },
    "tr": {
        "date": "10 HAZİRAN SALI",
        "greeting": "Günaydın, Alex",
        "weekly_goal": "Haftalık hedef",
        "done": "7 antrenmanın 5’i tamam",
        "streak": "12 günlük seri",
        "pct72": "%72",
        "of_goal": "haftalık hedefin",
        "stats": (("146", "aktif dk"), ("1.240", "yakılan kcal"), ("5/7", "antrenman")),
        "todays": "Bugünkü antrenman",
        "see_all": "Tümü",
        "tag_min": "10 DK",
        "tag_equip": "EKİPMANSIZ",
        "workout": "Tüm Vücut Yakımı",
        "meta": "8 egzersiz  ·  Başlangıç  ·  90 kcal",
        "start": "Başla",
        "tomorrow": "Yarın",
        "tomorrow_meta": "Core ve esneklik  ·  12 dk",
        "tabs": ("Bugün", "Antrenmanlar", "İlerleme", "Profil"),
        "exercise_n": "Egzersiz 3 / 8",
        "work": "ÇALIŞMA",
        "round": "TUR 1 / 2",
        "exercise": "Zıplamalı Squat",
        "cue": "Yumuşak in, göğüs dik, dizler parmak hizasında",
        "seconds_left": "SANİYE KALDI",
        "up_next": "Sıradaki",
        "left": "5 kaldı",
        "next": ("Şınav", "Mountain Climber", "Plank"),
        "periods": ("Hafta", "Ay", "Yıl"),
        "chart_title": "Aktif dakika  ·  son 7 gün",
        "min": "dk",
        "vs_last": "geçen haftaya göre %18",
        "goal": "Hedef 30",
        "days": ("Ç", "P", "C", "C", "P", "P", "S"),
        "tiles": ("antrenman", "dakika", "günlük seri"),
        "checkin": "AYLIK DEĞERLENDİRME",
        "stronger": ("Geçen aya göre", "{%12} daha güçlü"),
        "pb_label": "Yeni kişisel rekor",
        "pb": "Plank  ·  2:10",
        "new": "YENİ",
        "coach_title": "Koçun",
        "coach_name": "FitPro Koç",
        "ai": "YZ",
        "coach_time": "Bugün  ·  07.02",
        "message": (
            "Bacak gününü perşembeye aldım ve bir",
            "dinlenme günü ekledim; bu hafta iki",
            "gece kötü uyudun.",
        ),
        "sleep": "2 kısa gece  ·  ort. 5 sa 40 dk",
        "week_label": "BU HAFTA  ·  9–15 HAZİRAN",
        "plan": "4 antrenman  ·  38 dk",
        "intensity": "Yoğunluk",
        "pct82": "%82",
        "pct85": "%85",
        "legs": "Bacak",
        "agree": "Tamam",
        "adjust": "Düzenle",
        "next_checkin": "Sonraki değerlendirme",
        "next_date": "15 Haziran Pazar",
        "recap_label": "AYLIK ÖZET",
        "recap_title": "Mayıs ayın",
        "recap_best": "EN İYİ AYIN",
        "recap_workouts": "Tamamlanan antrenmanlar",
        "recap_strength": "+%12 güç",
        "recap_tiles": (
            ("512", "dk", "toplam süre"),
            ("9", "gün", "en uzun seri"),
            ("4.380", "kcal", "yakılan"),
        ),
        "recap_days": "Antrenman günleri",
    },
    "ru": {
        "date": "ВТОРНИК, 10 ИЮНЯ",
        "greeting": "Доброе утро, Алекс",
        "initials": "АМ",
        "weekly_goal": "Цель недели",
        "done": "Сделано 5 из 7 тренировок",
        "streak": "12 дней подряд",
        "of_goal": "недельной цели",
        "stats": (("146", "акт. мин"), (f"1{NBSP}240", "ккал сожжено"), ("5/7", "тренировок")),
        "todays": "Тренировка дня",
        "see_all": "Все",
        "tag_min": "10 МИН",
        "tag_equip": "БЕЗ ИНВЕНТАРЯ",
        "workout": "Интенсив на всё тело",
        "meta": "8 упражнений  ·  Новичок  ·  90 ккал",
        "start": "Начать",
        "tomorrow": "Завтра",
        "tomorrow_meta": "Кор и мобильность  ·  12 мин",
        "tabs": ("Сегодня", "Тренировки", "Прогресс", "Профиль"),
        "exercise_n": "Упражнение 3 из 8",
        "work": "РАБОТА",
        "round": "РАУНД 1 ИЗ 2",
        "exercise": "Приседания с прыжком",
        "cue": "Мягко приземляйтесь, колени над стопами",
        "seconds_left": "СЕКУНД ОСТАЛОСЬ",
        "up_next": "Далее",
        "left": "Ещё 5",
        "next": ("Отжимания", "Скалолаз", "Планка"),
        "periods": ("Неделя", "Месяц", "Год"),
        "chart_title": "Активные минуты  ·  7 дней",
        "min": "мин",
        "vs_last": "18% к прошлой неделе",
        "goal": "Цель 30",
        "days": ("Ср", "Чт", "Пт", "Сб", "Вс", "Пн", "Вт"),
        "tiles": ("тренировок", "минут", "дней подряд"),
        "checkin": "ИТОГИ МЕСЯЦА",
        "stronger": ("На {12%} сильнее,", "чем в прошлом месяце"),
        "pb_label": "Новый личный рекорд",
        "pb": "Планка  ·  2:10",
        "new": "НОВОЕ",
        "coach_title": "Ваш тренер",
        "coach_name": "Тренер FitPro",
        "ai": "ИИ",
        "coach_time": "Сегодня  ·  7:02",
        "message": (
            "Я перенёс день ног на четверг и добавил",
            "день отдыха: на этой неделе вы дважды",
            "плохо спали.",
        ),
        "sleep": "2 короткие ночи  ·  в среднем 5 ч 40 мин",
        "week_label": "ЭТА НЕДЕЛЯ  ·  9–15 ИЮНЯ",
        "plan": "4 тренировки  ·  38 мин",
        "intensity": "Интенсивность",
        "legs": "Ноги",
        "agree": "Подходит",
        "adjust": "Изменить",
        "next_checkin": "Следующий разбор",
        "next_date": "Воскресенье, 15 июня",
        "recap_label": "ИТОГИ МЕСЯЦА",
        "recap_title": "Ваш май",
        "recap_best": "ВАШ ЛУЧШИЙ МЕСЯЦ",
        "recap_workouts": "Завершённые тренировки",
        "recap_strength": "+12% к силе",
        "recap_tiles": (
            ("512", "мин", "всего"),
            ("9", "дней", "лучшая серия"),
            (f"4{NBSP}380", "ккал", "сожжено"),
        ),
        "recap_days": "Дни тренировок",
    },
    "uk": {
        "date": "ВІВТОРОК, 10 ЧЕРВНЯ",
        "greeting": "Доброго ранку, Алекс",
        "initials": "АМ",
        "weekly_goal": "Мета тижня",
        "done": "Виконано 5 із 7 тренувань",
        "streak": "12 днів поспіль",
        "of_goal": "тижневої мети",
        "stats": (("146", "акт. хв"), (f"1{NBSP}240", "ккал спалено"), ("5/7", "тренувань")),
        "todays": "Тренування дня",
        "see_all": "Усі",
        "tag_min": "10 ХВ",
        "tag_equip": "БЕЗ ІНВЕНТАРЮ",
        "workout": "Інтенсив на все тіло",
        "meta": "8 вправ  ·  Новачок  ·  90 ккал",
        "start": "Почати",
        "tomorrow": "Завтра",
        "tomorrow_meta": "Кор і мобільність  ·  12 хв",
        "tabs": ("Сьогодні", "Тренування", "Прогрес", "Профіль"),
        "exercise_n": "Вправа 3 з 8",
        "work": "РОБОТА",
        "round": "РАУНД 1 З 2",
        "exercise": "Присідання зі стрибком",
        "cue": "М’яко приземляйтеся, коліна над стопами",
        "seconds_left": "СЕКУНД ЗАЛИШИЛОСЯ",
        "up_next": "Далі",
        "left": "Ще 5",
        "next": ("Віджимання", "Скелелаз", "Планка"),
        "periods": ("Тиждень", "Місяць", "Рік"),
        "chart_title": "Активні хвилини  ·  7 днів",
        "min": "хв",
        "vs_last": "18% до минулого тижня",
        "goal": "Мета 30",
        "days": ("Ср", "Чт", "Пт", "Сб", "Нд", "Пн", "Вт"),
        "tiles": ("тренувань", "хвилин", "днів поспіль"),
        "checkin": "ПІДСУМКИ МІСЯЦЯ",
        "stronger": ("На {12%} сильніше,", "ніж минулого місяця"),
        "pb_label": "Новий особистий рекорд",
        "pb": "Планка  ·  2:10",
        "new": "НОВЕ",
        "coach_title": "Ваш тренер",
        "coach_name": "Тренер FitPro",
        "ai": "ШІ",
        "coach_time": "Сьогодні  ·  7:02",
        "message": (
            "Я переніс день ніг на четвер і додав",
            "день відпочинку: цього тижня ви двічі",
            "погано спали.",
        ),
        "sleep": "2 короткі ночі  ·  у середньому 5 год 40 хв",
        "week_label": "ЦЕЙ ТИЖДЕНЬ  ·  9–15 ЧЕРВНЯ",
        "plan": "4 тренування  ·  38 хв",
        "intensity": "Інтенсивність",
        "legs": "Ноги",
        "agree": "Підходить",
        "adjust": "Змінити",
        "next_checkin": "Наступний огляд",
        "next_date": "Неділя, 15 червня",
        "recap_label": "ПІДСУМКИ МІСЯЦЯ",
        "recap_title": "Ваш травень",
        "recap_best": "ВАШ НАЙКРАЩИЙ МІСЯЦЬ",
        "recap_workouts": "Завершені тренування",
        "recap_strength": "+12% до сили",
        "recap_tiles": (
            ("512", "хв", "загалом"),
            ("9", "днів", "найдовша серія"),
            (f"4{NBSP}380", "ккал", "спалено"),
        ),
        "recap_days": "Дні тренувань",
    },
    "ja": {
        "date": "6月10日（火）",
        "greeting": "おはよう、Alexさん",
        "weekly_goal": "今週の目標",
        "done": "7回中5回のワークアウト完了",
        "streak": "12日連続",
        "of_goal": "今週の目標達成率",
        "stats": (("146", "アクティブ分"), ("1,240", "消費kcal"), ("5/7", "ワークアウト")),
        "todays": "今日のワークアウト",
        "see_all": "すべて見る",
        "tag_min": "10分",
        "tag_equip": "器具なし",
        "workout": "全身燃焼トレーニング",
        "meta": "8種目  ·  初級  ·  90kcal",
        "start": "開始",
        "tomorrow": "明日",
        "tomorrow_meta": "体幹＆モビリティ  ·  12分",
        "tabs": ("今日", "ワークアウト", "記録", "プロフィール"),
        "exercise_n": "種目 3/8",
        "work": "運動",
        "round": "ラウンド 1/2",
        "exercise": "ジャンプスクワット",
        "cue": "胸を張り、ひざはつま先の上。やわらかく着地",
        "seconds_left": "残り秒数",
        "up_next": "次の種目",
        "left": "残り5種目",
        "next": ("腕立て伏せ", "マウンテンクライマー", "プランク"),
        "periods": ("週", "月", "年"),
        "chart_title": "アクティブ時間  ·  過去7日間",
        "min": "分",
        "vs_last": "先週比 18%",
        "goal": "目標 30",
        "days": ("水", "木", "金", "土", "日", "月", "火"),
        "tiles": ("ワークアウト", "分", "日連続"),
        "checkin": "今月のふりかえり",
        "stronger": ("先月より", "{12%} パワーアップ"),
        "pb_label": "自己ベスト更新",
        "pb": "プランク  ·  2:10",
        "new": "新記録",
        "coach_title": "AIコーチ",
        "coach_name": "FitProコーチ",
        "ai": "AI",
        "coach_time": "今日  ·  午前7:02",
        "message": (
            "今週は2回よく眠れなかったようなので、",
            "脚の日を木曜日に移して、",
            "休息日を1日追加しました。",
        ),
        "sleep": "睡眠不足 2日  ·  平均 5時間40分",
        "week_label": "今週  ·  6月9日〜15日",
        "plan": "ワークアウト4回  ·  38分",
        "intensity": "強度",
        "legs": "脚",
        "agree": "これでOK",
        "adjust": "調整する",
        "next_checkin": "次回のふりかえり",
        "next_date": "6月15日（日）",
        "recap_label": "月間レポート",
        "recap_title": "あなたの5月",
        "recap_best": "過去最高の1か月",
        "recap_workouts": "完了したワークアウト",
        "recap_strength": "筋力 +12%",
        "recap_tiles": (
            ("512", "分", "合計時間"),
            ("9", "日", "最長連続記録"),
            ("4,380", "kcal", "消費カロリー"),
        ),
        "recap_days": "トレーニングした日",
    },
    "ko": {
        "date": "6월 10일 화요일",
        "greeting": "좋은 아침이에요, Alex님",
        "weekly_goal": "주간 목표",
        "done": "7회 중 5회 운동 완료",
        "streak": "12일 연속",
        "of_goal": "주간 목표 달성",
        "stats": (("146", "활동 시간(분)"), ("1,240", "소모 kcal"), ("5/7", "운동 횟수")),
        "todays": "오늘의 운동",
        "see_all": "모두 보기",
        "tag_min": "10분",
        "tag_equip": "맨몸 운동",
        "workout": "전신 버닝",
        "meta": "8가지 동작  ·  초급  ·  90kcal",
        "start": "시작",
        "tomorrow": "내일",
        "tomorrow_meta": "코어 & 유연성  ·  12분",
        "tabs": ("오늘", "운동", "기록", "프로필"),
        "exercise_n": "동작 3/8",
        "work": "운동",
        "round": "라운드 1/2",
        "exercise": "점프 스쿼트",
        "cue": "가슴을 펴고, 무릎은 발끝 위로, 부드럽게 착지",
        "seconds_left": "남은 시간(초)",
        "up_next": "다음 동작",
        "left": "5개 남음",
        "next": ("푸시업", "마운틴 클라이머", "플랭크"),
        "periods": ("주", "월", "년"),
        "chart_title": "활동 시간  ·  최근 7일",
        "min": "분",
        "vs_last": "지난주 대비 18%",
        "goal": "목표 30",
        "days": ("수", "목", "금", "토", "일", "월", "화"),
        "tiles": ("운동", "분", "일 연속"),
        "checkin": "월간 리포트",
        "stronger": ("지난달보다", "{12%} 더 강해졌어요"),
        "pb_label": "개인 최고 기록 달성",
        "pb": "플랭크  ·  2:10",
        "new": "신기록",
        "coach_title": "나의 코치",
        "coach_name": "FitPro 코치",
        "ai": "AI",
        "coach_time": "오늘  ·  오전 7:02",
        "message": (
            "이번 주에 잠을 설친 날이 두 번 있어서",
            "하체 운동을 목요일로 옮기고",
            "휴식일을 하루 추가했어요.",
        ),
        "sleep": "수면 부족 2일  ·  평균 5시간 40분",
        "week_label": "이번 주  ·  6월 9일~15일",
        "plan": "운동 4회  ·  38분",
        "intensity": "강도",
        "legs": "하체",
        "agree": "좋아요",
        "adjust": "조정하기",
        "next_checkin": "다음 체크인",
        "next_date": "6월 15일 일요일",
        "recap_label": "월간 리포트",
        "recap_title": "나의 5월",
        "recap_best": "역대 최고의 한 달",
        "recap_workouts": "완료한 운동",
        "recap_strength": "근력 +12%",
        "recap_tiles": (
            ("512", "분", "총 운동 시간"),
            ("9", "일", "최장 연속 기록"),
            ("4,380", "kcal", "소모 칼로리"),
        ),
        "recap_days": "운동한 날",
    },
    "zh-Hans": {
        "date": "6月10日 星期二",
        "greeting": "早上好，Alex",
        "weekly_goal": "每周目标",
        "done": "已完成 5/7 次训练",
        "streak": "连续 12 天",
        "of_goal": "周目标完成度",
        "stats": (("146", "活动分钟"), ("1,240", "消耗千卡"), ("5/7", "次训练")),
        "todays": "今日训练",
        "see_all": "查看全部",
        "tag_min": "10 分钟",
        "tag_equip": "无需器械",
        "workout": "全身燃脂",
        "meta": "8 个动作  ·  入门  ·  90 千卡",
        "start": "开始",
        "tomorrow": "明天",
        "tomorrow_meta": "核心与灵活性  ·  12 分钟",
        "tabs": ("今日", "训练", "进度", "我的"),
        "exercise_n": "第 3/8 个动作",
        "work": "训练",
        "round": "第 1/2 轮",
        "exercise": "深蹲跳",
        "cue": "轻柔落地，挺胸，膝盖对准脚尖",
        "seconds_left": "剩余秒数",
        "up_next": "接下来",
        "left": "还剩 5 个",
        "next": ("俯卧撑", "登山跑", "平板支撑"),
        "periods": ("周", "月", "年"),
        "chart_title": "活动分钟数  ·  近 7 天",
        "min": "分钟",
        "vs_last": "比上周多 18%",
        "goal": "目标 30",
        "days": ("三", "四", "五", "六", "日", "一", "二"),
        "tiles": ("次训练", "分钟", "天连续"),
        "checkin": "月度回顾",
        "stronger": ("比上个月", "强了 {12%}"),
        "pb_label": "刷新个人纪录",
        "pb": "平板支撑  ·  2:10",
        "new": "新纪录",
        "coach_title": "我的教练",
        "coach_name": "FitPro 教练",
        "ai": "AI",
        "coach_time": "今天  ·  上午 7:02",
        "message": ("你这周有两晚没睡好，", "所以我把练腿日挪到了周四，", "还加了一个休息日。"),
        "sleep": "2 晚睡眠不足  ·  平均 5 小时 40 分",
        "week_label": "本周  ·  6月9日–15日",
        "plan": "4 次训练  ·  38 分钟",
        "intensity": "强度",
        "legs": "练腿",
        "agree": "好的",
        "adjust": "调整",
        "next_checkin": "下次复盘",
        "next_date": "6月15日 星期日",
        "recap_label": "月度报告",
        "recap_title": "你的5月",
        "recap_best": "史上最佳月份",
        "recap_workouts": "已完成训练",
        "recap_strength": "力量 +12%",
        "recap_tiles": (("512", "分钟", "总时长"), ("9", "天", "最长连续"), ("4,380", "千卡", "消耗热量")),
        "recap_days": "训练日",
    },
    "zh-Hant": {
        "date": "6月10日 星期二",
        "greeting": "早安，Alex",
        "weekly_goal": "每週目標",
        "done": "已完成 5/7 次訓練",
        "streak": "連續 12 天",
        "of_goal": "週目標完成度",
        "stats": (("146", "活動分鐘"), ("1,240", "消耗大卡"), ("5/7", "次訓練")),
        "todays": "今日訓練",
        "see_all": "查看全部",
        "tag_min": "10 分鐘",
        "tag_equip": "免器材",
        "workout": "全身燃脂",
        "meta": "8 個動作  ·  入門  ·  90 大卡",
        "start": "開始",
        "tomorrow": "明天",
        "tomorrow_meta": "核心與柔軟度  ·  12 分鐘",
        "tabs": ("今日", "訓練", "進度", "個人"),
        "exercise_n": "第 3/8 個動作",
        "work": "訓練",
        "round": "第 1/2 回合",
        "exercise": "深蹲跳",
        "cue": "輕柔落地、挺胸，膝蓋對準腳尖",
        "seconds_left": "剩餘秒數",
        "up_next": "接下來",
        "left": "還剩 5 個",
        "next": ("伏地挺身", "登山者", "棒式"),
        "periods": ("週", "月", "年"),
        "chart_title": "活動分鐘數  ·  近 7 天",
        "min": "分鐘",
        "vs_last": "比上週多 18%",
        "goal": "目標 30",
        "days": ("三", "四", "五", "六", "日", "一", "二"),
        "tiles": ("次訓練", "分鐘", "天連續"),
        "checkin": "每月回顧",
        "stronger": ("比上個月", "強了 {12%}"),
        "pb_label": "刷新個人紀錄",
        "pb": "棒式  ·  2:10",
        "new": "新紀錄",
        "coach_title": "我的教練",
        "coach_name": "FitPro 教練",
        "ai": "AI",
        "coach_time": "今天  ·  上午 7:02",
        "message": ("你這週有兩晚沒睡好，", "所以我把練腿日移到了週四，", "還加了一天休息日。"),
        "sleep": "2 晚睡眠不足  ·  平均 5 小時 40 分",
        "week_label": "本週  ·  6月9日–15日",
        "plan": "4 次訓練  ·  38 分鐘",
        "intensity": "強度",
        "legs": "練腿",
        "agree": "好的",
        "adjust": "調整",
        "next_checkin": "下次回顧",
        "next_date": "6月15日 星期日",
        "recap_label": "月度報告",
        "recap_title": "你的5月",
        "recap_best": "史上最佳月份",
        "recap_workouts": "已完成訓練",
        "recap_strength": "力量 +12%",
        "recap_tiles": (("512", "分鐘", "總時長"), ("9", "天", "最長連續"), ("4,380", "大卡", "消耗熱量")),
        "recap_days": "訓練日",
    },
    "ar": {
        "date": "الثلاثاء، 10 يونيو",
        "greeting": "صباح الخير، أليكس",
        "initials": "أ",
        "weekly_goal": "الهدف الأسبوعي",
        "done": "أنجزت 5 من 7 تمارين",
        "streak": "12 يومًا متتاليًا",
        "pct72": "72٪",
        "of_goal": "من الهدف الأسبوعي",
        "stats": (("146", "دقيقة نشاط"), ("1,240", "سعرة محروقة"), ("5/7", "تمارين")),
        "todays": "تمرين اليوم",
        "see_all": "عرض الكل",
        "tag_min": "10 دقائق",
        "tag_equip": "بدون معدات",
        "workout": "حرق الجسم بالكامل",
        "meta": "8 تمارين  ·  مبتدئ  ·  90 سعرة",
        "start": "ابدأ",
        "tomorrow": "غدًا",
        "tomorrow_meta": "الجذع والمرونة  ·  12 دقيقة",
        "tabs": ("اليوم", "التمارين", "التقدم", "الملف"),
        "exercise_n": "التمرين 3 من 8",
        "work": "تمرين",
        "round": "الجولة 1 من 2",
        "exercise": "قرفصاء بالقفز",
        "cue": "اهبط بلطف، صدرك مرفوع، ركبتاك فوق أصابعك",
        "seconds_left": "ثانية متبقية",
        "up_next": "التالي",
        "left": "5 متبقية",
        "next": ("الضغط", "متسلق الجبال", "تمرين اللوح"),
        "periods": ("أسبوع", "شهر", "سنة"),
        "chart_title": "دقائق النشاط  ·  آخر 7 أيام",
        "min": "دقيقة",
        "vs_last": "18٪ عن الأسبوع الماضي",
        "goal": "الهدف 30",
        "days": ("ر", "خ", "ج", "س", "ح", "ن", "ث"),
        "tiles": ("تمارين", "دقيقة", "يومًا متتاليًا"),
        "checkin": "ملخص الشهر",
        "stronger": ("تحسّن بنسبة {12٪}", "مقارنة بالشهر الماضي"),
        "pb_label": "رقم قياسي شخصي جديد",
        "pb": "اللوح  ·  2:10",
        "new": "جديد",
        "coach_title": "مدربك",
        "coach_name": "مدرب FitPro",
        "ai": "ذكاء اصطناعي",
        "coach_time": "اليوم  ·  7:02 ص",
        "message": ("نقلتُ يوم الساقين إلى الخميس وأضفتُ", "يوم راحة، فنومك لم يكن جيدًا", "مرتين هذا الأسبوع."),
        "sleep": "ليلتان بنوم قصير  ·  المعدل 5 س 40 د",
        "week_label": "هذا الأسبوع  ·  من 9 إلى 15 يونيو",
        "plan": "4 تمارين  ·  38 دقيقة",
        "intensity": "الشدة",
        "pct82": "82٪",
        "pct85": "85٪",
        "legs": "الساقان",
        "agree": "موافق",
        "adjust": "تعديل",
        "next_checkin": "المراجعة القادمة",
        "next_date": "الأحد، 15 يونيو",
        "recap_label": "الملخص الشهري",
        "recap_title": "حصاد مايو",
        "recap_best": "أفضل شهر لك",
        "recap_workouts": "التمارين المكتملة",
        "recap_strength": "قوة أكثر بنسبة 12٪",
        "recap_tiles": (
            ("512", "دقيقة", "إجمالي الوقت"),
            ("9", "أيام", "أطول سلسلة"),
            ("4,380", "سعرة", "محروقة"),
        ),
        "recap_days": "أيام التمرين",
    },
    "he": {
        "date": "יום שלישי, 10 ביוני",
        "greeting": "בוקר טוב, אלכס",
        "initials": "א",
        "weekly_goal": "יעד שבועי",
        "done": "5 מתוך 7 אימונים הושלמו",
        "streak": "רצף של 12 ימים",
        "of_goal": "מהיעד השבועי",
        "stats": (("146", "דקות פעילות"), ("1,240", "קלוריות נשרפו"), ("5/7", "אימונים")),
        "todays": "האימון של היום",
        "see_all": "הכול",
        "tag_min": "10 דק׳",
        "tag_equip": "בלי ציוד",
        "workout": "שריפה לכל הגוף",
        "meta": "8 תרגילים  ·  מתחילים  ·  90 קק״ל",
        "start": "התחלה",
        "tomorrow": "מחר",
        "tomorrow_meta": "ליבה וניידות  ·  12 דק׳",
        "tabs": ("היום", "אימונים", "התקדמות", "פרופיל"),
        "exercise_n": "תרגיל 3 מתוך 8",
        "work": "עבודה",
        "round": "סבב 1 מתוך 2",
        "exercise": "סקוואט קפיצה",
        "cue": "נחיתה רכה, חזה למעלה, ברכיים מעל האצבעות",
        "seconds_left": "שניות נותרו",
        "up_next": "הבא בתור",
        "left": "עוד 5",
        "next": ("שכיבות סמיכה", "מטפס הרים", "פלאנק"),
        "periods": ("שבוע", "חודש", "שנה"),
        "chart_title": "דקות פעילות  ·  7 הימים האחרונים",
        "min": "דק׳",
        "vs_last": "18% יותר משבוע שעבר",
        "goal": "יעד 30",
        "days": ("ד׳", "ה׳", "ו׳", "ש׳", "א׳", "ב׳", "ג׳"),
        "tiles": ("אימונים", "דקות", "ימי רצף"),
        "checkin": "סיכום חודשי",
        "stronger": ("שיפור של {12%}", "לעומת החודש שעבר"),
        "pb_label": "שיא אישי חדש",
        "pb": "פלאנק  ·  2:10",
        "new": "חדש",
        "coach_title": "המאמן שלך",
        "coach_name": "המאמן של FitPro",
        "ai": "AI",
        "coach_time": "היום  ·  7:02",
        "message": ("העברתי את יום הרגליים ליום חמישי", "והוספתי יום מנוחה – ישנת רע", "פעמיים השבוע."),
        "sleep": "2 לילות קצרים  ·  ממוצע 5:40 שע׳",
        "week_label": "השבוע  ·  9-15 ביוני",
        "plan": "4 אימונים  ·  38 דק׳",
        "intensity": "עצימות",
        "legs": "רגליים",
        "agree": "נשמע טוב",
        "adjust": "שינוי",
        "next_checkin": "הסיכום הבא",
        "next_date": "יום ראשון, 15 ביוני",
        "recap_label": "סיכום חודשי",
        "recap_title": "מאי במספרים",
        "recap_best": "החודש הכי טוב שלך",
        "recap_workouts": "אימונים שהושלמו",
        "recap_strength": "חזק יותר ב-12%",
        "recap_tiles": (("512", "דק׳", "זמן כולל"), ("9", "ימים", "הרצף הארוך"), ("4,380", "קק״ל", "נשרפו")),
        "recap_days": "ימי אימון",
    },
    "hi": {
        "date": "मंगलवार, 10 जून",
        "greeting": "सुप्रभात, एलेक्स",
        "initials": "ए",
        "weekly_goal": "साप्ताहिक लक्ष्य",
        "done": "7 में से 5 वर्कआउट पूरे",
        "streak": "12 दिन की स्ट्रीक",
        "of_goal": "साप्ताहिक लक्ष्य का",
        "stats": (("146", "सक्रिय मिनट"), ("1,240", "कैलोरी बर्न"), ("5/7", "वर्कआउट")),
        "todays": "आज का वर्कआउट",
        "see_all": "सभी देखें",
        "tag_min": "10 मिनट",
        "tag_equip": "बिना उपकरण",
        "workout": "फ़ुल-बॉडी बर्न",
        "meta": "8 एक्सरसाइज़  ·  शुरुआती  ·  90 kcal",
        "start": "शुरू करें",
        "tomorrow": "कल",
        "tomorrow_meta": "कोर और मोबिलिटी  ·  12 मिनट",
        "tabs": ("आज", "वर्कआउट", "प्रगति", "प्रोफ़ाइल"),
        "exercise_n": "एक्सरसाइज़ 3 / 8",
        "work": "वर्क",
        "round": "राउंड 1 / 2",
        "exercise": "जंप स्क्वैट",
        "cue": "धीरे से उतरें, सीना ऊपर, घुटने पंजों के ऊपर",
        "seconds_left": "सेकंड बाकी",
        "up_next": "अगला",
        "left": "5 बाकी",
        "next": ("पुश-अप", "माउंटेन क्लाइंबर", "प्लैंक होल्ड"),
        "periods": ("सप्ताह", "महीना", "साल"),
        "chart_title": "सक्रिय मिनट  ·  पिछले 7 दिन",
        "min": "मिनट",
        "vs_last": "पिछले हफ़्ते से 18%",
        "goal": "लक्ष्य 30",
        "days": ("बु", "गु", "शु", "श", "र", "सो", "मं"),
        "tiles": ("वर्कआउट", "मिनट", "दिन की स्ट्रीक"),
        "checkin": "मासिक चेक-इन",
        "stronger": ("पिछले महीने से", "{12%} ज़्यादा मज़बूत"),
        "pb_label": "नया पर्सनल बेस्ट",
        "pb": "प्लैंक  ·  2:10",
        "new": "नया",
        "coach_title": "आपका कोच",
        "coach_name": "FitPro कोच",
        "ai": "AI",
        "coach_time": "आज  ·  सुबह 7:02",
        "message": (
            "इस हफ़्ते दो बार आपकी नींद पूरी नहीं हुई,",
            "इसलिए मैंने लेग डे गुरुवार को कर दिया",
            "और एक रेस्ट डे जोड़ दिया।",
        ),
        "sleep": "2 रातें कम नींद  ·  औसत 5 घं 40 मि",
        "week_label": "इस हफ़्ते  ·  9–15 जून",
        "plan": "4 वर्कआउट  ·  38 मिनट",
        "intensity": "तीव्रता",
        "legs": "लेग डे",
        "agree": "ठीक है",
        "adjust": "बदलें",
        "next_checkin": "अगला चेक-इन",
        "next_date": "रविवार, 15 जून",
        "recap_label": "मासिक सारांश",
        "recap_title": "आपका मई",
        "recap_best": "अब तक का बेस्ट महीना",
        "recap_workouts": "पूरे किए गए वर्कआउट",
        "recap_strength": "+12% ताकत",
        "recap_tiles": (("512", "मिनट", "कुल समय"), ("9", "दिन", "सबसे लंबी स्ट्रीक"), ("4,380", "kcal", "बर्न")),
        "recap_days": "वर्कआउट के दिन",
    },
    "th": {
        "date": "วันอังคารที่ 10 มิถุนายน",
        "greeting": "อรุณสวัสดิ์ อเล็กซ์",
        "initials": "อ",
        "weekly_goal": "เป้าหมายรายสัปดาห์",
        "done": "ออกกำลังกายแล้ว 5 จาก 7 ครั้ง",
        "streak": "ต่อเนื่อง 12 วัน",
        "of_goal": "ของเป้าหมายสัปดาห์",
        "stats": (("146", "นาทีที่แอ็กทีฟ"), ("1,240", "kcal ที่เผาผลาญ"), ("5/7", "ครั้ง")),
        "todays": "เวิร์กเอาต์วันนี้",
        "see_all": "ดูทั้งหมด",
        "tag_min": "10 นาที",
        "tag_equip": "ไม่ใช้อุปกรณ์",
        "workout": "เบิร์นทั้งตัว",
        "meta": "8 ท่า  ·  มือใหม่  ·  90 kcal",
        "start": "เริ่ม",
        "tomorrow": "พรุ่งนี้",
        "tomorrow_meta": "แกนกลางลำตัวและความยืดหยุ่น  ·  12 นาที",
        "tabs": ("วันนี้", "เวิร์กเอาต์", "ความคืบหน้า", "โปรไฟล์"),
        "exercise_n": "ท่าที่ 3 จาก 8",
        "work": "ออกแรง",
        "round": "รอบที่ 1 จาก 2",
        "exercise": "จัมพ์สควอต",
        "cue": "ลงพื้นเบาๆ อกตั้ง เข่าอยู่เหนือปลายเท้า",
        "seconds_left": "วินาทีที่เหลือ",
        "up_next": "ท่าถัดไป",
        "left": "เหลือ 5 ท่า",
        "next": ("วิดพื้น", "เมาน์เทนไคลม์เบอร์", "แพลงก์"),
        "periods": ("สัปดาห์", "เดือน", "ปี"),
        "chart_title": "นาทีที่แอ็กทีฟ  ·  7 วันล่าสุด",
        "min": "นาที",
        "vs_last": "มากกว่าสัปดาห์ก่อน 18%",
        "goal": "เป้า 30",
        "days": ("พ", "พฤ", "ศ", "ส", "อา", "จ", "อ"),
        "tiles": ("ครั้ง", "นาที", "วันติดต่อกัน"),
        "checkin": "สรุปประจำเดือน",
        "stronger": ("แข็งแรงขึ้น {12%}", "จากเดือนที่แล้ว"),
        "pb_label": "สถิติส่วนตัวใหม่",
        "pb": "แพลงก์  ·  2:10",
        "new": "ใหม่",
        "coach_title": "โค้ชของคุณ",
        "coach_name": "โค้ช FitPro",
        "ai": "AI",
        "coach_time": "วันนี้  ·  07:02 น.",
        "message": ("สัปดาห์นี้คุณนอนไม่ค่อยหลับไปสองคืน", "เลยย้ายวันเล่นขาไปวันพฤหัสบดี", "และเพิ่มวันพักให้อีกหนึ่งวัน"),
        "sleep": "นอนน้อย 2 คืน  ·  เฉลี่ย 5 ชม. 40 นาที",
        "week_label": "สัปดาห์นี้  ·  9–15 มิ.ย.",
        "plan": "เวิร์กเอาต์ 4 ครั้ง  ·  38 นาที",
        "intensity": "ความหนัก",
        "legs": "เล่นขา",
        "agree": "โอเค",
        "adjust": "ปรับแผน",
        "next_checkin": "เช็กอินครั้งถัดไป",
        "next_date": "วันอาทิตย์ที่ 15 มิถุนายน",
        "recap_label": "สรุปรายเดือน",
        "recap_title": "เดือนพฤษภาคมของคุณ",
        "recap_best": "เดือนที่ดีที่สุดของคุณ",
        "recap_workouts": "เวิร์กเอาต์ที่ทำสำเร็จ",
        "recap_strength": "แข็งแรงขึ้น 12%",
        "recap_tiles": (("512", "นาที", "เวลารวม"), ("9", "วัน", "ต่อเนื่องนานสุด"), ("4,380", "kcal", "ที่เผาผลาญ")),
        "recap_days": "วันที่ออกกำลังกาย",
    },
    "vi": {
        "date": "THỨ BA, 10 THÁNG 6",
        "greeting": "Chào buổi sáng, Alex",
        "weekly_goal": "Mục tiêu tuần",
        "done": "Đã tập 5/7 buổi",
        "streak": "Chuỗi 12 ngày",
        "of_goal": "mục tiêu tuần",
        "stats": (("146", "phút vận động"), ("1.240", "kcal đã đốt"), ("5/7", "buổi tập")),
        "todays": "Bài tập hôm nay",
        "see_all": "Xem tất cả",
        "tag_min": "10 PHÚT",
        "tag_equip": "KHÔNG DỤNG CỤ",
        "workout": "Đốt mỡ toàn thân",
        "meta": "8 bài  ·  Người mới  ·  90 kcal",
        "start": "Bắt đầu",
        "tomorrow": "Ngày mai",
        "tomorrow_meta": "Cơ lõi & linh hoạt  ·  12 phút",
        "tabs": ("Hôm nay", "Bài tập", "Tiến độ", "Hồ sơ"),
        "exercise_n": "Bài 3/8",
        "work": "TẬP",
        "round": "HIỆP 1/2",
        "exercise": "Squat bật nhảy",
        "cue": "Tiếp đất nhẹ, ngực mở, gối thẳng mũi chân",
        "seconds_left": "GIÂY CÒN LẠI",
        "up_next": "Tiếp theo",
        "left": "Còn 5 bài",
        "next": ("Hít đất", "Leo núi", "Plank"),
        "periods": ("Tuần", "Tháng", "Năm"),
        "chart_title": "Phút vận động  ·  7 ngày qua",
        "min": "phút",
        "vs_last": "18% so với tuần trước",
        "goal": "Mục tiêu 30",
        "days": ("T4", "T5", "T6", "T7", "CN", "T2", "T3"),
        "tiles": ("buổi tập", "phút", "ngày liên tiếp"),
        "checkin": "TỔNG KẾT THÁNG",
        "stronger": ("Khỏe hơn {12%}", "so với tháng trước"),
        "pb_label": "Kỷ lục cá nhân mới",
        "pb": "Plank  ·  2:10",
        "new": "MỚI",
        "coach_title": "HLV của bạn",
        "coach_name": "HLV FitPro",
        "ai": "AI",
        "coach_time": "Hôm nay  ·  7:02",
        "message": (
            "Mình đã dời ngày tập chân sang thứ Năm",
            "và thêm một ngày nghỉ, vì tuần này bạn",
            "ngủ không ngon hai lần.",
        ),
        "sleep": "2 đêm ngủ ít  ·  TB 5 giờ 40 phút",
        "week_label": "TUẦN NÀY  ·  9–15 THÁNG 6",
        "plan": "4 buổi tập  ·  38 phút",
        "intensity": "Cường độ",
        "legs": "Chân",
        "agree": "Đồng ý",
        "adjust": "Điều chỉnh",
        "next_checkin": "Lần đánh giá tới",
        "next_date": "Chủ nhật, 15 tháng 6",
        "recap_label": "BÁO CÁO THÁNG",
        "recap_title": "Tháng 5 của bạn",
        "recap_best": "THÁNG TỐT NHẤT CỦA BẠN",
        "recap_workouts": "Buổi tập đã hoàn thành",
        "recap_strength": "+12% sức mạnh",
        "recap_tiles": (
            ("512", "phút", "tổng thời gian"),
            ("9", "ngày", "chuỗi dài nhất"),
            ("4.380", "kcal", "đã đốt"),
        ),
        "recap_days": "Ngày tập",
    },
    "id": {
        "date": "SELASA, 10 JUNI",
        "greeting": "Selamat pagi, Alex",
        "weekly_goal": "Target mingguan",
        "done": "5 dari 7 latihan selesai",
        "streak": "12 hari beruntun",
        "of_goal": "dari target mingguan",
        "stats": (("146", "menit aktif"), ("1.240", "kkal terbakar"), ("5/7", "latihan")),
        "todays": "Latihan hari ini",
        "see_all": "Lihat semua",
        "tag_min": "10 MNT",
        "tag_equip": "TANPA ALAT",
        "workout": "Bakar Seluruh Tubuh",
        "meta": "8 gerakan  ·  Pemula  ·  90 kkal",
        "start": "Mulai",
        "tomorrow": "Besok",
        "tomorrow_meta": "Core & Mobilitas  ·  12 mnt",
        "tabs": ("Hari ini", "Latihan", "Progres", "Profil"),
        "exercise_n": "Gerakan 3 dari 8",
        "work": "LATIHAN",
        "round": "RONDE 1 DARI 2",
        "exercise": "Jump Squat",
        "cue": "Mendarat lembut, dada tegak, lutut sejajar jari kaki",
        "seconds_left": "DETIK TERSISA",
        "up_next": "Berikutnya",
        "left": "Sisa 5",
        "next": ("Push-up", "Mountain Climber", "Plank"),
        "periods": ("Minggu", "Bulan", "Tahun"),
        "chart_title": "Menit aktif  ·  7 hari terakhir",
        "min": "mnt",
        "vs_last": "18% dari minggu lalu",
        "goal": "Target 30",
        "days": ("R", "K", "J", "S", "M", "S", "S"),
        "tiles": ("latihan", "menit", "hari beruntun"),
        "checkin": "RANGKUMAN BULANAN",
        "stronger": ("{12%} lebih kuat", "dari bulan lalu"),
        "pb_label": "Rekor pribadi baru",
        "pb": "Plank  ·  2:10",
        "new": "BARU",
        "coach_title": "Pelatihmu",
        "coach_name": "Pelatih FitPro",
        "ai": "AI",
        "coach_time": "Hari ini  ·  07.02",
        "message": (
            "Hari kaki kupindah ke Kamis dan kutambah",
            "satu hari istirahat — minggu ini kamu",
            "dua kali kurang tidur.",
        ),
        "sleep": "2 malam kurang tidur  ·  rata-rata 5 j 40 m",
        "week_label": "MINGGU INI  ·  9–15 JUNI",
        "plan": "4 latihan  ·  38 mnt",
        "intensity": "Intensitas",
        "legs": "Kaki",
        "agree": "Oke, setuju",
        "adjust": "Ubah",
        "next_checkin": "Check-in berikutnya",
        "next_date": "Minggu, 15 Juni",
        "recap_label": "RINGKASAN BULANAN",
        "recap_title": "Bulan Mei-mu",
        "recap_best": "BULAN TERBAIKMU",
        "recap_workouts": "Latihan selesai",
        "recap_strength": "+12% kekuatan",
        "recap_tiles": (
            ("512", "mnt", "total waktu"),
            ("9", "hari", "rekor beruntun"),
            ("4.380", "kkal", "terbakar"),
        ),
        "recap_days": "Hari latihan",
    },
}


# screens ----------------------------------------------------------------------------------------
def today(t: dict[str, object]) -> Screen:
    s = Screen(t, BG)
    s.status_bar()

    # header
    s.text(24, 72, s.s("date"), "text-bold", 12.5, MUTED, tracking=0.8, max_w=290)
    s.text(24, 104, s.s("greeting"), "heavy", 28, INK, max_w=284)
    s.gradient((320, 62, 366, 108), [PRIMARY, ACCENT], r=23, angle=45)
    s.text(343, 85.5, s.s("initials"), "heavy", 16, (255, 255, 255), anchor="mm")

    # weekly goal card with the progress ring
    top = 124.0
    s.rect((16, top, 374, top + 330), fill=SECONDARY, r=28)
    layer, ld = s.layer()
    ld.ellipse(_box((262, top - 70, 442, top + 110)), fill=alpha((255, 255, 255), 0.04))
    ld.ellipse(_box((-60, top + 230, 90, top + 380)), fill=alpha((255, 255, 255), 0.03))
    s.paste_clipped(layer, (16, top, 374, top + 330), 28)
    # streak counter
    label = s.s("streak")
    w = min(s.width(label, "heavy", 13), 150) + 44
    x1 = 354.0
    s.rect((x1 - w, top + 20, x1, top + 50), fill=ACCENT, r=15)
    icon_flame(s, x1 - w + 17, top + 34.5, 16, PRIMARY, ACCENT)
    s.text(x1 - 13, top + 35, label, "heavy", 13, SECONDARY, anchor="rm", max_w=w - 44)
    room = x1 - w - 10 - 36
    s.text(36, top + 38, s.s("weekly_goal"), "bold", 18, (255, 255, 255), max_w=room)
    s.text(36, top + 59, s.s("done"), "text", 13, ON_DARK_MUTED, max_w=room)

    cx, cy = 195.0, top + 164
    s.ring(cx, cy, 78, 20, (46, 46, 68))
    s.arc(cx, cy, 78, -90, -90 + 0.72 * 360, 20, PRIMARY, (255, 160, 50))
    s.text(cx, cy + 12, s.s("pct72"), "black", 48, (255, 255, 255), anchor="ms", max_w=120)
    s.text(cx, cy + 34, s.s("of_goal"), "text", 13, ON_DARK_MUTED, anchor="ms", max_w=100)

    stats = t["stats"]
    assert isinstance(stats, tuple)
    for x, (value, unit) in zip((76.0, 195.0, 314.0), stats, strict=True):
        s.text(x, top + 288, value, "heavy", 21, (255, 255, 255), anchor="ms", max_w=110)
        s.text(x, top + 308, unit, "text", 12, ON_DARK_MUTED, anchor="ms", max_w=110)
    for x in (135.5, 254.5):
        s.rect((x, top + 268, x + 1, top + 310), fill=(58, 58, 82))

    # today's workout
    see_all = s.text(366, 492, s.s("see_all"), "text-bold", 15, PRIMARY, anchor="rs", max_w=110)
    s.text(24, 492, s.s("todays"), "heavy", 20, INK, max_w=366 - see_all - 12 - 24)
    card = (16.0, 506.0, 374.0, 692.0)
    s.gradient(card, [(255, 98, 58), PRIMARY, (236, 58, 34)], r=28, angle=35)
    layer, ld = s.layer()
    for rr, a in ((118, 0.10), (84, 0.10), (50, 0.12)):
        ld.ellipse(_box((330 - rr, 560 - rr, 330 + rr, 560 + rr)), fill=alpha((255, 255, 255), a))
    ld.ellipse(_box((316, 632, 396, 712)), fill=alpha(ACCENT, 0.9))
    s.paste_clipped(layer, card, 28)
    x = pill(s, 36, 538, s.s("tag_min"), ACCENT, SECONDARY)
    pill(s, x + 8, 538, s.s("tag_equip"), alpha((255, 255, 255), 0.24), (255, 255, 255))
    s.text(36, 590, s.s("workout"), "black", 29, (255, 255, 255), max_w=318)
    s.text(36, 614, s.s("meta"), "text", 14, (255, 232, 224), max_w=318)
    start = s.s("start")
    bw = max(112.0, min(s.width(start, "heavy", 17), 150) + 66)
    s.rect((36, 632, 36 + bw, 674), fill=(255, 255, 255), r=21)
    s.later(lambda m: icon_play(s, m(62), 653, 13, PRIMARY))
    s.text(78, 653.5, start, "heavy", 17, PRIMARY, anchor="lm", max_w=bw - 54)

    # tomorrow
    row = (16.0, 704.0, 374.0, 750.0)
    s.rect(row, fill=CARD, r=18)
    s.rect((28, 713, 56, 741), fill=SECONDARY, r=9)
    icon_calendar(s, 42, 728, (255, 255, 255))
    s.text(68, 722.5, s.s("tomorrow"), "text", 11.5, MUTED, anchor="ls", max_w=270)
    s.text(68, 740, s.s("tomorrow_meta"), "bold", 15, INK, anchor="ls", max_w=270)
    chevron(s, 354, 727, (180, 180, 196))

    s.tab_bar(active=0)
    return s


def workout_player(t: dict[str, object]) -> Screen:
    s = Screen(t, SECONDARY, dark=True)
    s.status_bar()
    white: RGB = (255, 255, 255)

    # top bar
    s.circle(38, 76, 18, fill=alpha(white, 0.10))
    s.line([(32.5, 70.5), (43.5, 81.5)], white, 2.4)
    s.line([(43.5, 70.5), (32.5, 81.5)], white, 2.4)
    s.text(195, 72, s.s("workout"), "bold", 16, white, anchor="ms", max_w=250)
    s.text(195, 89, s.s("exercise_n"), "text", 12, ON_DARK_MUTED, anchor="ms", max_w=250)
    s.circle(352, 76, 18, fill=alpha(white, 0.10))
    for dx in (-6.0, 0.0, 6.0):
        s.circle(352 + dx, 76, 2, fill=white)

    # workout progress in 8 segments
    gap, x0, x1 = 4.0, 24.0, 366.0
    seg = (x1 - x0 - 7 * gap) / 8
    for i in range(8):
        a = x0 + i * (seg + gap)
        s.rect((a, 106, a + seg, 111), fill=alpha(white, 0.16), r=2.5)
        if i < 2:
            s.rect((a, 106, a + seg, 111), fill=PRIMARY, r=2.5)
        elif i == 2:
            s.rect((a, 106, a + seg * 0.3, 111), fill=PRIMARY, r=2.5)

    # illustration: gradient with abstract shapes
    ill = (16.0, 124.0, 374.0, 330.0)
    s.gradient(ill, [PRIMARY, (255, 132, 52), ACCENT], r=30, angle=40)
    layer, ld = s.layer()
    ld.ellipse(_box((236, 60, 456, 280)), fill=alpha(white, 0.16))
    ld.ellipse(_box((-70, 230, 120, 420)), fill=alpha(white, 0.12))
    cx, cy = 195.0, 227.0
    for rr, a in ((88, 0.18), (64, 0.28), (40, 0.42)):
        ld.ellipse(_box((cx - rr, cy - rr, cx + rr, cy + rr)), outline=alpha(white, a), width=_px(3))
    # pulse line across the picture
    pulse = [
        (0, cy),
        (118, cy),
        (136, cy - 10),
        (152, cy + 14),
        (170, cy - 46),
        (190, cy + 44),
        (208, cy - 20),
        (222, cy),
        (390, cy),
    ]
    ld.line(_pts(pulse), fill=alpha(SECONDARY, 0.85), width=_px(5), joint="curve")
    s.paste_clipped(layer, ill, 30)
    s.circle(222, cy, 7, fill=white)
    s.circle(222, cy, 3.5, fill=PRIMARY)
    pill(s, 32, 148, s.s("work"), alpha(SECONDARY, 0.85), white, size=11, h=24)
    pill(s, 32, 308, s.s("round"), alpha(white, 0.30), SECONDARY, size=11, h=24)

    # exercise and timer
    s.text(24, 374, s.s("exercise"), "black", 30, white, max_w=342)
    s.text(24, 398, s.s("cue"), "text", 14.5, ON_DARK_MUTED, max_w=342)
    s.text(195, 500, "00:45", "black", 92, white, anchor="ms")
    s.text(
        195, 524, s.s("seconds_left"), "text-bold", 11.5, ON_DARK_MUTED, anchor="ms", tracking=1.4, max_w=300
    )

    # controls (media controls keep their left-to-right order in RTL, as in iOS)
    cy2 = 576.0
    s.circle(121, cy2, 26, fill=alpha(white, 0.10))
    s.later(lambda m: icon_skip(s, 121, cy2, 15, white, forward=False))
    s.circle(195, cy2, 36, fill=PRIMARY)
    s.rect((184, cy2 - 12, 190.5, cy2 + 12), fill=white, r=2)
    s.rect((199.5, cy2 - 12, 206, cy2 + 12), fill=white, r=2)
    s.circle(269, cy2, 26, fill=alpha(white, 0.10))
    s.later(lambda m: icon_skip(s, 269, cy2, 15, white, forward=True))

    # up next
    left = s.text(366, 640, s.s("left"), "text", 13, ON_DARK_MUTED, anchor="rs", max_w=120)
    s.text(24, 640, s.s("up_next"), "heavy", 17, white, max_w=366 - left - 12 - 24)
    box = (16.0, 650.0, 374.0, 752.0)
    s.rect(box, fill=(36, 36, 60), r=20)
    names = t["next"]
    assert isinstance(names, tuple)
    nxt = (
        (names[0], "00:40", [(79, 70, 229), (140, 120, 255)]),
        (names[1], "00:45", [PRIMARY, ACCENT]),
        (names[2], "01:00", [(0, 168, 150), (120, 220, 170)]),
    )
    for i, (name, dur, cols) in enumerate(nxt):
        ry = 650 + 6 + i * 30
        s.gradient((30, ry + 4, 52, ry + 26), cols, r=7, angle=45)
        s.text(64, ry + 15.5, name, "bold", 14.5, white, anchor="lm", max_w=230)
        s.text(356, ry + 15.5, dur, "bold", 14, ON_DARK_MUTED, anchor="rm")
        if i < 2:
            s.rect((64, ry + 30, 374, ry + 30.5), fill=(54, 54, 80))

    s.tab_bar(active=1)
    return s


def _clock_at(s: Screen, cx: float, cy: float, c: Color) -> Callable[[Callable[[float], float]], None]:
    return lambda m: icon_clock(s, m(cx), cy, c)  # a clock runs clockwise in RTL too


def progress(t: dict[str, object]) -> Screen:
    s = Screen(t, BG)
    s.status_bar()
    tabs = t["tabs"]
    assert isinstance(tabs, tuple)

    s.text(24, 98, tabs[2], "black", 34, INK, max_w=290)
    s.circle(350, 86, 19, fill=CARD)
    icon_calendar(s, 350, 86.5, INK)

    # segmented control
    s.rect((16, 114, 374, 146), fill=(232, 232, 240), r=10)
    seg_w = (374 - 16 - 4) / 3
    s.rect((18, 116, 18 + seg_w, 144), fill=CARD, r=8)
    periods = t["periods"]
    assert isinstance(periods, tuple)
    for i, label in enumerate(periods):
        cx = 18 + seg_w * i + seg_w / 2
        s.text(cx, 130.5, label, "bold", 14, INK if i == 0 else MUTED, anchor="mm", max_w=seg_w - 12)

    # chart card
    c = (16.0, 160.0, 374.0, 428.0)
    s.rect(c, fill=CARD, r=24)
    s.text(36, 188, s.s("chart_title"), "text", 13, MUTED, max_w=318)
    chip = s.s("vs_last")
    cw = min(s.width(chip, "heavy", 12), 170) + 34
    w = s.text(36, 226, "146", "black", 34, INK)
    s.text(36 + w + 6, 226, s.s("min"), "bold", 16, MUTED, max_w=354 - cw - 8 - (36 + w + 6))
    s.rect((354 - cw, 198, 354, 222), fill=(224, 246, 231), r=12)
    tx = 354 - cw + 11
    s.polygon([(tx, 214), (tx + 9, 214), (tx + 4.5, 206)], GREEN)
    s.text(354 - 12, 210.5, chip, "heavy", 12, GREEN, anchor="rm", max_w=cw - 34)

    base, top, scale_max = 384.0, 248.0, 50.0
    for v in (0, 25, 50):
        y = base - (base - top) * v / scale_max
        s.rect((36, y, 354, y + 0.8), fill=HAIR)
    goal_y = base - (base - top) * 30 / scale_max
    for gx in range(36, 354, 8):
        s.rect((gx, goal_y - 0.8, gx + 4.5, goal_y + 0.8), fill=(236, 180, 20))

    days = t["days"]
    assert isinstance(days, tuple)
    vals = (22, 31, 0, 44, 0, 27, 22)
    slot = (354 - 36) / 7
    for i, (day, v) in enumerate(zip(days, vals, strict=True)):
        bx = 36 + slot * i + slot / 2
        today_bar = i == 6
        if v:
            y = base - (base - top) * v / scale_max
            s.rect((bx - 13, y, bx + 13, base), fill=PRIMARY if today_bar else SECONDARY, r=8)
        else:
            s.rect((bx - 13, base - 5, bx + 13, base), fill=HAIR, r=2.5)
        s.text(
            bx,
            410,
            day,
            "heavy" if today_bar else "bold",
            13,
            PRIMARY if today_bar else MUTED,
            anchor="ms",
            max_w=slot - 4,
        )
    # the goal's tag, before the second bar (the first one stays under the goal)
    gl = s.s("goal")
    gw = min(s.width(gl, "heavy", 10.5), 41) + 12
    s.rect((36, goal_y - 9, 36 + gw, goal_y + 9), fill=(255, 240, 196), r=9)
    s.text(36 + gw / 2, goal_y + 0.5, gl, "heavy", 10.5, (150, 105, 0), anchor="mm", max_w=41)
    # label over the best day
    bx = 36 + slot * 3 + slot / 2
    by = base - (base - top) * 44 / scale_max
    s.text(bx, by - 6, "44", "heavy", 12, INK, anchor="ms")

    # stats tiles
    labels = t["tiles"]
    assert isinstance(labels, tuple)
    tiles = (
        ("5", labels[0], PRIMARY, "dumbbell"),
        ("146", labels[1], (226, 164, 0), "clock"),
        ("12", labels[2], SECONDARY, "flame"),
    )
    tw = (358 - 2 * 10) / 3
    for i, (value, label, col, icon) in enumerate(tiles):
        x0 = 16 + i * (tw + 10)
        s.rect((x0, 442, x0 + tw, 552), fill=CARD, r=20)
        ix, iy = x0 + 30, 472.0
        s.circle(
            ix, iy, 16, fill=alpha(col if icon != "clock" else ACCENT, 0.16 if icon != "clock" else 0.35)
        )
        if icon == "dumbbell":
            icon_dumbbell(s, ix, iy, col, CARD)
        elif icon == "clock":
            s.later(_clock_at(s, ix, iy, col))
        else:
            icon_flame(s, ix, iy + 0.5, 17, PRIMARY, ACCENT)
        s.text(x0 + 14, 522, value, "black", 27, INK)
        s.text(x0 + 14, 540, label, "text", 12.5, MUTED, max_w=tw - 22)

    # monthly highlight: two lines, "{...}" marks the figure drawn in the accent colour
    h = (16.0, 566.0, 374.0, 682.0)
    s.rect(h, fill=SECONDARY, r=24)
    layer, ld = s.layer()
    ld.ellipse(_box((262, 520, 442, 700)), fill=alpha((255, 255, 255), 0.05))
    ld.ellipse(_box((290, 580, 410, 700)), fill=alpha((255, 255, 255), 0.05))
    s.paste_clipped(layer, h, 24)
    s.text(36, 594, s.s("checkin"), "heavy", 11, ACCENT, tracking=1.2, max_w=250)
    lines = t["stronger"]
    assert isinstance(lines, tuple)
    for y, line in zip((626.0, 654.0), lines, strict=True):
        parts = [p for p in line.replace("}", "{").split("{")]
        size = 22.0
        full = s.width("".join(parts), "heavy", size)
        if full > 262:
            size *= 262 / full
        x = 36.0
        for k, part in enumerate(parts):
            if part:
                x += s.text(x, y, part, "heavy", size, ACCENT if k % 2 else (255, 255, 255))
    s.circle(334, 624, 24, fill=ACCENT)
    icon_trend(s, 333, 625, SECONDARY)

    # personal best
    row = (16.0, 696.0, 374.0, 748.0)
    s.rect(row, fill=CARD, r=18)
    s.circle(46, 722, 16, fill=(255, 240, 196))
    icon_star(s, 46, 722.5, 9.5, (236, 168, 0))
    new = s.s("new")
    nw = s.width(new, "heavy", 11, 0.6) + 20
    px = min(304.0, 356 - nw)
    s.text(72, 716, s.s("pb_label"), "text", 12, MUTED, max_w=px - 80)
    s.text(72, 735, s.s("pb"), "bold", 15.5, INK, max_w=px - 80)
    pill(s, px, 722, new, PRIMARY, (255, 255, 255), size=11, pad=10, h=22)

    s.tab_bar(active=2)
    return s


def coach(t: dict[str, object]) -> Screen:
    """The AI coach's weekly check-in: its message (what it changed and why), the week's plan as it
    adapted it (the load, the intensity it raised, the day bars: a leg day moved, a rest day added),
    the answer buttons and the next check-in. Each is a block of its own between quiet rows (a deck
    frames one block of a screen): the lines of a block stand close, and bars are short enough that
    their sides count as detail."""
    s = Screen(t, BG)
    s.status_bar()
    white: RGB = (255, 255, 255)
    indigo: RGB = (92, 84, 214)
    lilac: RGB = (239, 238, 255)

    s.text(24, 98, s.s("coach_title"), "black", 34, INK, max_w=290)
    s.gradient((331, 67, 369, 105), [PRIMARY, ACCENT], r=19, angle=45)
    s.later(lambda m: icon_sparkle(s, m(350), 86, 10.5, white))  # marks and ticks keep their shape in RTL

    # the coach's message: a speech bubble (its first corner tight), who and when, three lines, and
    # the nights it read
    s.rect((16, 118, 374, 330), fill=CARD, r=24)
    s.rect((16, 118, 60, 160), fill=CARD, r=6)
    s.gradient((28, 132, 60, 164), [PRIMARY, ACCENT], r=16, angle=45)
    s.later(lambda m: icon_sparkle(s, m(44), 148, 8.5, white))
    name_w = s.text(72, 146, s.s("coach_name"), "bold", 15, INK, max_w=230)
    pill(s, 72 + name_w + 8, 141, s.s("ai"), alpha(PRIMARY, 0.12), PRIMARY, size=9.5, pad=7, h=18)
    s.text(72, 164, s.s("coach_time"), "text", 12, MUTED, max_w=280)
    lines = t["message"]
    assert isinstance(lines, tuple)
    size = 17.0
    widest = max(s.width(line, "text", size) for line in lines)
    if widest > 318:
        size *= 318 / widest
    for y, line in zip((208.0, 233.0, 258.0), lines, strict=True):
        s.text(36, y, line, "text", size, INK)
    sleep = s.s("sleep")
    cw = min(s.width(sleep, "bold", 12.5), 270) + 44
    s.rect((36, 278, 36 + cw, 306), fill=lilac, r=14)
    icon_moon(s, 54, 292, 7, indigo, lilac)
    s.text(70, 292.5, sleep, "bold", 12.5, indigo, anchor="lm", max_w=cw - 44)

    # the week as the coach planned it: what it adds up to (the ring: the intensity, last week's in
    # white, what the coach added in the accent colour; it spans the lines beside it, which makes
    # them one block), then the days
    top = 348.0
    card = (16.0, top, 374.0, top + 260)
    s.rect(card, fill=SECONDARY, r=28)
    layer, ld = s.layer()
    ld.ellipse(_box((270, top - 80, 450, top + 100)), fill=alpha(white, 0.04))
    s.paste_clipped(layer, card, 28)
    rx, ry = 322.0, top + 62
    s.ring(rx, ry, 29, 8, alpha(white, 0.14))
    s.arc(rx, ry, 29, -90, -90 + 0.82 * 360, 8, white)
    s.arc(rx, ry, 29, -90 + 0.82 * 360, -90 + 0.85 * 360, 8, ACCENT)
    s.later(lambda m: icon_sparkle(s, m(rx), ry, 10, ACCENT))
    s.text(36, top + 36, s.s("week_label"), "heavy", 11, ACCENT, tracking=1.2, max_w=236)
    s.text(36, top + 68, s.s("plan"), "black", 27, white, max_w=238)
    iy = top + 96
    x = 36 + s.text(36, iy, s.s("intensity"), "text", 14.5, ON_DARK_MUTED, max_w=110) + 10
    x += s.text(x, iy, s.s("pct82"), "heavy", 17, white) + 8
    s.line([(x, iy - 5.5), (x + 14, iy - 5.5)], ACCENT, 2.2)
    s.polygon([(x + 12, iy - 10.5), (x + 19, iy - 5.5), (x + 12, iy - 0.5)], ACCENT)
    s.text(x + 27, iy, s.s("pct85"), "heavy", 17, ACCENT)

    # the day bars, Monday to Sunday: done, planned, rest (a moon), the moved leg day
    days = t["days"]
    assert isinstance(days, tuple)
    week = (days[5], days[6], *days[:5])
    base, tall = top + 214, 60.0
    slot = (354 - 36) / 7
    loads = (0.6, 0.68, 0.0, 1.0, 0.0, 0.55, 0.0)  # Wednesday: the leg day's old place, now a rest
    xs = [36 + slot * i + slot / 2 for i in range(7)]
    s.rect((xs[2] - 12, base - tall, xs[2] + 12, base), outline=alpha(white, 0.3), r=9, width=1.4)
    for i, load in enumerate(loads):
        bx = xs[i]
        if i == 3:
            s.gradient((bx - 12, base - tall, bx + 12, base), [ACCENT, PRIMARY], r=9, angle=90)
        elif load:
            s.rect(
                (bx - 12, base - tall * load, bx + 12, base), fill=alpha(white, 0.9 if i < 2 else 0.3), r=9
            )
        elif i == 2:
            s.circle(bx, base - 13, 10.5, fill=ACCENT)
            icon_moon(s, bx, base - 13, 6, SECONDARY, ACCENT)
        else:
            icon_moon(s, bx, base - 13, 6.5, (96, 96, 124), SECONDARY)
        s.text(
            bx,
            base + 14.5,
            week[i],
            "heavy" if i == 3 else "bold",
            13,
            ACCENT if i == 3 else ON_DARK_MUTED,
            anchor="ms",
            max_w=slot - 4,
        )
    # the move, from Wednesday's place to Thursday, and what moved
    y0 = base - tall - 5
    pts = []
    for k in range(17):
        u = k / 16
        pts.append((xs[2] + (xs[3] - xs[2]) * u, y0 - 24 * 4 * u * (1 - u)))
    s.line(pts[:-2], ACCENT, 2.2)
    s.polygon([(xs[3] - 5, y0 - 8), (xs[3] + 4, y0 - 9), (xs[3], y0)], ACCENT)
    s.text(xs[3] + 16, y0 - 17, s.s("legs"), "heavy", 12, ACCENT, max_w=354 - xs[3] - 16)

    # the answer
    by = 626.0
    adjust = s.s("adjust")
    aw = max(104.0, min(s.width(adjust, "heavy", 16), 140) + 40)
    s.rect((16, by, 364 - aw, by + 50), fill=PRIMARY, r=25)
    agree = s.s("agree")
    gw = min(s.width(agree, "heavy", 16), 364 - aw - 16 - 74)
    gx = (16 + 364 - aw) / 2 - (gw + 26) / 2
    s.later(lambda m: icon_check(s, m(gx + 8), by + 25, white))
    s.text(gx + 26, by + 25.5, agree, "heavy", 16, white, anchor="lm", max_w=gw)
    s.rect((374 - aw, by, 374, by + 50), fill=CARD, r=25)
    s.text(374 - aw / 2, by + 25.5, adjust, "heavy", 16, INK, anchor="mm", max_w=aw - 40)

    # the next check-in
    s.rect((16, 694, 374, 740), fill=CARD, r=18)
    s.rect((28, 703, 56, 731), fill=SECONDARY, r=9)
    icon_calendar(s, 42, 718, white)
    s.text(68, 712.5, s.s("next_checkin"), "text", 11.5, MUTED, anchor="ls", max_w=270)
    s.text(68, 730, s.s("next_date"), "bold", 15, INK, anchor="ls", max_w=270)
    chevron(s, 354, 717, (180, 180, 196))

    s.tab_bar(active=0)
    return s


# May 2025 (June 10 is a Tuesday): May 1 is a Thursday, the days the member trained (18, the longest
# run May 12-20, 9 days; the streak the today screen counts started on May 30).
MAY_FIRST_WEEKDAY = 3  # Monday = 0
MAY_WORKOUTS = frozenset({2, 5, 7, 9, *range(12, 21), 23, 26, 28, 30, 31})
MAY_STREAK = range(12, 21)


def recap(t: dict[str, object]) -> Screen:
    """The month in review, the app's proof (a deck's result slide shows it): May, the month before
    the other screens' June 10, in its numbers. The headline card (the workouts, the 12% strength the
    progress screen's check-in reports and its rising curve) fills the top of the screen, which a
    deck's last slide shows; then the month's totals and its calendar, each a block of its own."""
    s = Screen(t, BG)
    s.status_bar()
    white: RGB = (255, 255, 255)

    # header
    s.text(24, 72, s.s("recap_label"), "text-bold", 12.5, MUTED, tracking=0.8, max_w=290)
    s.text(24, 104, s.s("recap_title"), "heavy", 28, INK, max_w=290)
    s.circle(350, 86, 19, fill=CARD)
    icon_share(s, 350, 86, INK)

    # the headline card: the month's workouts, the strength gained and its curve
    top, bottom = 122.0, 392.0
    card = (16.0, top, 374.0, bottom)
    s.gradient(card, [(255, 98, 58), PRIMARY, (236, 58, 34)], r=28, angle=35)
    layer, ld = s.layer()
    for rr, a in ((118, 0.10), (84, 0.10), (50, 0.12)):
        ld.ellipse(_box((340 - rr, top + 30 - rr, 340 + rr, top + 30 + rr)), fill=alpha(white, a))
    # strength over the month, rising 12%: a smooth curve through the weekly values
    vals = (0.02, 0.12, 0.08, 0.34, 0.42, 0.38, 0.66, 0.78, 1.0, 1.06)
    lo, hi = bottom - 26, bottom - 96
    pts = []
    n = 72
    for k in range(n + 1):
        u = k / n * (len(vals) - 1)
        i = min(int(u), len(vals) - 2)
        f = (1 - math.cos(math.pi * (u - i))) / 2
        v = vals[i] + (vals[i + 1] - vals[i]) * f
        pts.append((16 + 358 * k / n, lo + (hi - lo) * v))
    ld.polygon(_pts([*pts, (374, bottom), (16, bottom)]), fill=alpha(white, 0.16))
    ld.line(_pts(pts), fill=alpha(white, 0.92), width=_px(3), joint="curve")
    s.paste_clipped(layer, card, 28)
    dot = pts[round(n * 8 / 9)]
    s.circle(dot[0], dot[1], 8, fill=white)
    s.circle(dot[0], dot[1], 4, fill=ACCENT)

    best = s.s("recap_best")
    bw = min(s.width(best, "heavy", 11, 0.6), 260) + 40
    s.rect((36, top + 22, 36 + bw, top + 48), fill=ACCENT, r=13)
    icon_star(s, 51, top + 35, 7.5, PRIMARY)
    s.text(63, top + 35.5, best, "heavy", 11, SECONDARY, anchor="lm", tracking=0.6, max_w=bw - 40)
    s.text(36, top + 86, s.s("recap_workouts"), "bold", 16, (255, 232, 224), max_w=318)
    w = s.text(36, top + 170, "18", "black", 96, white)
    # the strength chip beside the figure
    cx0 = 36 + w + 16
    label = s.s("recap_strength")
    cw = min(s.width(label, "heavy", 16), 354 - cx0 - 50) + 50
    cy = top + 136
    s.rect((cx0, cy - 18, cx0 + cw, cy + 18), fill=white, r=18)
    icon_trend(s, cx0 + 20, cy + 1, PRIMARY)
    s.text(cx0 + 38, cy + 0.5, label, "heavy", 16, PRIMARY, anchor="lm", max_w=cw - 50)

    # the month's totals
    tiles = t["recap_tiles"]
    assert isinstance(tiles, tuple)
    looks = ((226, 164, 0), SECONDARY, PRIMARY)
    tw = (358 - 2 * 10) / 3
    for i, ((value, unit, label), col) in enumerate(zip(tiles, looks, strict=True)):
        x0 = 16 + i * (tw + 10)
        s.rect((x0, 406, x0 + tw, 502), fill=CARD, r=20)
        ix, iy = x0 + 29, 434.0
        if i == 0:
            s.circle(ix, iy, 15, fill=alpha(ACCENT, 0.35))
            s.later(_clock_at(s, ix, iy, col))
        elif i == 1:
            s.circle(ix, iy, 15, fill=alpha(col, 0.16))
            icon_flame(s, ix, iy + 0.5, 16, PRIMARY, ACCENT)
        else:
            s.circle(ix, iy, 15, fill=alpha(col, 0.16))

            def bolt(m: Callable[[float], float], x: float = ix, y: float = iy) -> None:
                icon_bolt(s, m(x), y, 17, PRIMARY)  # drawn last: a bolt keeps its shape

            s.later(bolt)
        fit = min(1.0, (tw - 28) / (s.width(value, "black", 24) + 3 + s.width(unit, "bold", 13)))
        vw = s.text(x0 + 14, 476, value, "black", 24 * fit, INK)
        s.text(x0 + 14 + vw + 3 * fit, 476, unit, "bold", 13 * fit, MUTED)
        s.text(x0 + 14, 492, label, "text", 12, MUTED, max_w=tw - 22)

    # the month's calendar, Monday first: the days trained, the longest run behind them
    cal = (16.0, 516.0, 374.0, 746.0)
    s.rect(cal, fill=CARD, r=24)
    count = "18/31"
    nw = s.width(count, "heavy", 13) + 20
    s.rect((354 - nw, 530, 354, 554), fill=alpha(PRIMARY, 0.12), r=12)
    s.text(354 - nw / 2, 542.5, count, "heavy", 13, PRIMARY, anchor="mm")
    s.text(36, 548, s.s("recap_days"), "heavy", 17, INK, max_w=354 - nw - 12 - 36)
    days = t["days"]
    assert isinstance(days, tuple)
    week = (days[5], days[6], *days[:5])
    slot = (354 - 36) / 7
    xs = [36 + slot * i + slot / 2 for i in range(7)]
    for x, day in zip(xs, week, strict=True):
        s.text(x, 578, day, "bold", 11.5, MUTED, anchor="ms", max_w=slot - 4)

    def place(d: int) -> tuple[float, float]:
        cell = MAY_FIRST_WEEKDAY + d - 1
        return xs[cell % 7], 598 + 30 * (cell // 7)

    rows: dict[float, list[float]] = {}
    for d in MAY_STREAK:
        x, y = place(d)
        rows.setdefault(y, []).append(x)
    for y, row in rows.items():
        s.rect((min(row) - 15, y - 14, max(row) + 15, y + 14), fill=alpha(PRIMARY, 0.12), r=14)
    for d in range(1, 32):
        x, y = place(d)
        if d in MAY_WORKOUTS:
            s.circle(x, y, 13, fill=PRIMARY)
            s.text(x, y + 0.5, str(d), "heavy", 12.5, white, anchor="mm")
        else:
            s.text(x, y + 0.5, str(d), "bold", 12.5, (170, 170, 188), anchor="mm")

    s.tab_bar(active=2)
    return s


SCREENS = (
    ("01_today.png", today),
    ("02_coach.png", coach),
    ("03_workout_player.png", workout_player),
    ("04_progress.png", progress),
    ("05_recap.png", recap),
)


def main(argv: list[str]) -> None:
    names = [a for a in argv if a.endswith(".png")]
    langs = [a for a in argv if not a.endswith(".png")] or list(STRINGS)
    assert all(n in dict(SCREENS) for n in names), names
    for lang in langs:
        t = {"lang": lang, **STRINGS["en"], **STRINGS[lang]}
        for name, build in SCREENS:
            if names and name not in names:
                continue
            path = OUT / name if lang == "en" else OUT / lang / name  # English: where callers look
            size = build(t).save(path)
            print(f"{path}: {size / 1024:.0f} KB")


if __name__ == "__main__":
    main(sys.argv[1:])

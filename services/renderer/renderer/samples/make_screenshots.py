"""Draws three sample app screenshots of the demo fitness app "FitPro" for the renderer's gallery.

Run from the repository root:

    .venv/bin/python services/renderer/renderer/samples/make_screenshots.py

It writes `screenshots/01_today.png`, `02_workout_player.png` and `03_progress.png` next to this
file: 1170x2532 PNGs (an iPhone screen at @3x, 390x844 points). Everything is drawn with Pillow
from plain shapes and the renderer's bundled fonts (TikTok Sans, Noto Sans), so the output is the
same on every machine and needs no network, photos or clip art. Layout is written in iOS points;
the canvas is drawn at 2x the final size and scaled down, which anti-aliases the shapes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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


@cache
def font(face: str, size_pt: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / FONT_FILES[face]), round(size_pt * K))


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

    def __init__(self, bg: RGB, dark: bool = False) -> None:
        self.img = Image.new("RGB", (W_PT * K, H_PT * K), bg)
        self.d = ImageDraw.Draw(self.img, "RGBA")
        self.dark = dark

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
    ) -> float:
        """Draw text at (x, y) points; returns its advance width in points."""
        f = font(face, size)
        if not tracking:
            self.d.text((_px(x), _px(y)), s, font=f, fill=fill, anchor=anchor)
            return f.getlength(s) / K
        total = sum(f.getlength(ch) for ch in s) / K + tracking * (len(s) - 1)
        if anchor[0] == "m":
            x -= total / 2
        elif anchor[0] == "r":
            x -= total
        for ch in s:
            self.d.text((_px(x), _px(y)), ch, font=f, fill=fill, anchor="l" + anchor[1])
            x += f.getlength(ch) / K + tracking
        return total

    @staticmethod
    def width(s: str, face: str, size: float) -> float:
        return font(face, size).getlength(s) / K

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
        labels = ("Today", "Workouts", "Progress", "Profile")
        icons = (icon_home, icon_dumbbell, icon_chart, icon_profile)
        tw = W_PT / 4
        for i, (label, draw_icon) in enumerate(zip(labels, icons, strict=True)):
            c = on if i == active else off
            cx = tw * i + tw / 2
            draw_icon(self, cx, top + 21, c, bg)
            self.text(cx, top + 46, label, "bold", 10.5, c, anchor="ms")
        self.rect((W_PT / 2 - 67, H_PT - 13, W_PT / 2 + 67, H_PT - 8), fill=home, r=2.5)

    def save(self, path: Path) -> int:
        out = self.img.resize((W_PT * SCALE, H_PT * SCALE), Image.Resampling.LANCZOS)
        path.parent.mkdir(parents=True, exist_ok=True)
        out.save(path, format="PNG", compress_level=9)
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
    w = s.width(label, "heavy", size) + 0.6 * (len(label) - 1) + 2 * pad
    s.rect((x, cy - h / 2, x + w, cy + h / 2), fill=bg, r=h / 2)
    s.text(x + pad, cy, label, "heavy", size, fg, anchor="lm", tracking=0.6)
    return x + w


# screens ----------------------------------------------------------------------------------------
def today() -> Screen:
    s = Screen(BG)
    s.status_bar()

    # header
    s.text(24, 72, "TUESDAY, JUNE 10", "text-bold", 12.5, MUTED, tracking=0.8)
    s.text(24, 104, "Good morning, Alex", "heavy", 28, INK)
    s.gradient((320, 62, 366, 108), [PRIMARY, ACCENT], r=23, angle=45)
    s.text(343, 85.5, "AM", "heavy", 16, (255, 255, 255), anchor="mm")

    # weekly goal card with the progress ring
    top = 124.0
    s.rect((16, top, 374, top + 330), fill=SECONDARY, r=28)
    layer, ld = s.layer()
    ld.ellipse(_box((262, top - 70, 442, top + 110)), fill=alpha((255, 255, 255), 0.04))
    ld.ellipse(_box((-60, top + 230, 90, top + 380)), fill=alpha((255, 255, 255), 0.03))
    s.paste_clipped(layer, (16, top, 374, top + 330), 28)
    s.text(36, top + 38, "Weekly goal", "bold", 18, (255, 255, 255))
    s.text(36, top + 59, "5 of 7 workouts done", "text", 13, ON_DARK_MUTED)
    # streak counter
    label = "12-day streak"
    w = s.width(label, "heavy", 13) + 44
    x1 = 354.0
    s.rect((x1 - w, top + 20, x1, top + 50), fill=ACCENT, r=15)
    icon_flame(s, x1 - w + 17, top + 34.5, 16, PRIMARY, ACCENT)
    s.text(x1 - 13, top + 35, label, "heavy", 13, SECONDARY, anchor="rm")

    cx, cy = 195.0, top + 164
    s.ring(cx, cy, 78, 20, (46, 46, 68))
    s.arc(cx, cy, 78, -90, -90 + 0.72 * 360, 20, PRIMARY, (255, 160, 50))
    s.text(cx, cy + 12, "72%", "black", 48, (255, 255, 255), anchor="ms")
    s.text(cx, cy + 34, "of weekly goal", "text", 13, ON_DARK_MUTED, anchor="ms")

    cols = ((76.0, "146", "active min"), (195.0, "1,240", "kcal burned"), (314.0, "5/7", "workouts"))
    for x, value, unit in cols:
        s.text(x, top + 288, value, "heavy", 21, (255, 255, 255), anchor="ms")
        s.text(x, top + 308, unit, "text", 12, ON_DARK_MUTED, anchor="ms")
    for x in (135.5, 254.5):
        s.rect((x, top + 268, x + 1, top + 310), fill=(58, 58, 82))

    # today's workout
    s.text(24, 492, "Today's workout", "heavy", 20, INK)
    s.text(366, 492, "See all", "text-bold", 15, PRIMARY, anchor="rs")
    card = (16.0, 506.0, 374.0, 692.0)
    s.gradient(card, [(255, 98, 58), PRIMARY, (236, 58, 34)], r=28, angle=35)
    layer, ld = s.layer()
    for rr, a in ((118, 0.10), (84, 0.10), (50, 0.12)):
        ld.ellipse(_box((330 - rr, 560 - rr, 330 + rr, 560 + rr)), fill=alpha((255, 255, 255), a))
    ld.ellipse(_box((316, 632, 396, 712)), fill=alpha(ACCENT, 0.9))
    s.paste_clipped(layer, card, 28)
    x = pill(s, 36, 538, "10 MIN", ACCENT, SECONDARY)
    pill(s, x + 8, 538, "NO EQUIPMENT", alpha((255, 255, 255), 0.24), (255, 255, 255))
    s.text(36, 590, "Full-Body Burn", "black", 29, (255, 255, 255))
    s.text(36, 614, "8 exercises  ·  Beginner  ·  90 kcal", "text", 14, (255, 232, 224))
    s.rect((36, 632, 148, 674), fill=(255, 255, 255), r=21)
    icon_play(s, 62, 653, 13, PRIMARY)
    s.text(78, 653.5, "Start", "heavy", 17, PRIMARY, anchor="lm")

    # tomorrow
    row = (16.0, 704.0, 374.0, 750.0)
    s.rect(row, fill=CARD, r=18)
    s.rect((28, 713, 56, 741), fill=SECONDARY, r=9)
    icon_calendar(s, 42, 728, (255, 255, 255))
    s.text(68, 722.5, "Tomorrow", "text", 11.5, MUTED, anchor="ls")
    s.text(68, 740, "Core & Mobility  ·  12 min", "bold", 15, INK, anchor="ls")
    chevron(s, 354, 727, (180, 180, 196))

    s.tab_bar(active=0)
    return s


def workout_player() -> Screen:
    s = Screen(SECONDARY, dark=True)
    s.status_bar()
    white: RGB = (255, 255, 255)

    # top bar
    s.circle(38, 76, 18, fill=alpha(white, 0.10))
    s.line([(32.5, 70.5), (43.5, 81.5)], white, 2.4)
    s.line([(43.5, 70.5), (32.5, 81.5)], white, 2.4)
    s.text(195, 72, "Full-Body Burn", "bold", 16, white, anchor="ms")
    s.text(195, 89, "Exercise 3 of 8", "text", 12, ON_DARK_MUTED, anchor="ms")
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
    pill(s, 32, 148, "WORK", alpha(SECONDARY, 0.85), white, size=11, h=24)
    pill(s, 32, 308, "ROUND 1 OF 2", alpha(white, 0.30), SECONDARY, size=11, h=24)

    # exercise and timer
    s.text(24, 374, "Jump Squats", "black", 30, white)
    s.text(24, 398, "Land softly, chest up, knees over toes", "text", 14.5, ON_DARK_MUTED)
    s.text(195, 500, "00:45", "black", 92, white, anchor="ms")
    s.text(195, 524, "SECONDS LEFT", "text-bold", 11.5, ON_DARK_MUTED, anchor="ms", tracking=1.4)

    # controls
    cy2 = 576.0
    s.circle(121, cy2, 26, fill=alpha(white, 0.10))
    icon_skip(s, 121, cy2, 15, white, forward=False)
    s.circle(195, cy2, 36, fill=PRIMARY)
    s.rect((184, cy2 - 12, 190.5, cy2 + 12), fill=white, r=2)
    s.rect((199.5, cy2 - 12, 206, cy2 + 12), fill=white, r=2)
    s.circle(269, cy2, 26, fill=alpha(white, 0.10))
    icon_skip(s, 269, cy2, 15, white, forward=True)

    # up next
    s.text(24, 640, "Up next", "heavy", 17, white)
    s.text(366, 640, "5 left", "text", 13, ON_DARK_MUTED, anchor="rs")
    box = (16.0, 650.0, 374.0, 752.0)
    s.rect(box, fill=(36, 36, 60), r=20)
    nxt = (
        ("Push-ups", "00:40", [(79, 70, 229), (140, 120, 255)]),
        ("Mountain Climbers", "00:45", [PRIMARY, ACCENT]),
        ("Plank Hold", "01:00", [(0, 168, 150), (120, 220, 170)]),
    )
    for i, (name, dur, cols) in enumerate(nxt):
        ry = 650 + 6 + i * 30
        s.gradient((30, ry + 4, 52, ry + 26), cols, r=7, angle=45)
        s.text(64, ry + 15.5, name, "bold", 14.5, white, anchor="lm")
        s.text(356, ry + 15.5, dur, "bold", 14, ON_DARK_MUTED, anchor="rm")
        if i < 2:
            s.rect((64, ry + 30, 374, ry + 30.5), fill=(54, 54, 80))

    s.tab_bar(active=1)
    return s


def progress() -> Screen:
    s = Screen(BG)
    s.status_bar()

    s.text(24, 98, "Progress", "black", 34, INK)
    s.circle(350, 86, 19, fill=CARD)
    icon_calendar(s, 350, 86.5, INK)

    # segmented control
    s.rect((16, 114, 374, 146), fill=(232, 232, 240), r=10)
    seg_w = (374 - 16 - 4) / 3
    s.rect((18, 116, 18 + seg_w, 144), fill=CARD, r=8)
    for i, label in enumerate(("Week", "Month", "Year")):
        cx = 18 + seg_w * i + seg_w / 2
        s.text(cx, 130.5, label, "bold", 14, INK if i == 0 else MUTED, anchor="mm")

    # chart card
    c = (16.0, 160.0, 374.0, 428.0)
    s.rect(c, fill=CARD, r=24)
    s.text(36, 188, "Active minutes  ·  last 7 days", "text", 13, MUTED)
    w = s.text(36, 226, "146", "black", 34, INK)
    s.text(36 + w + 6, 226, "min", "bold", 16, MUTED)
    chip = "18% vs last week"
    cw = s.width(chip, "heavy", 12) + 34
    s.rect((354 - cw, 198, 354, 222), fill=(224, 246, 231), r=12)
    tx = 354 - cw + 11
    s.polygon([(tx, 214), (tx + 9, 214), (tx + 4.5, 206)], GREEN)
    s.text(354 - 12, 210.5, chip, "heavy", 12, GREEN, anchor="rm")

    base, top, scale_max = 384.0, 248.0, 50.0
    for v in (0, 25, 50):
        y = base - (base - top) * v / scale_max
        s.rect((36, y, 354, y + 0.8), fill=HAIR)
    goal_y = base - (base - top) * 30 / scale_max
    for gx in range(36, 354, 8):
        s.rect((gx, goal_y - 0.8, gx + 4.5, goal_y + 0.8), fill=(236, 180, 20))
    gl = "Goal 30"
    gw = s.width(gl, "heavy", 10.5) + 12
    s.rect((36, goal_y - 9, 36 + gw, goal_y + 9), fill=(255, 240, 196), r=9)
    s.text(36 + gw / 2, goal_y + 0.5, gl, "heavy", 10.5, (150, 105, 0), anchor="mm")

    days = ("W", "T", "F", "S", "S", "M", "T")
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
            bx, 410, day, "heavy" if today_bar else "bold", 13, PRIMARY if today_bar else MUTED, anchor="ms"
        )
    # label over the best day
    bx = 36 + slot * 3 + slot / 2
    by = base - (base - top) * 44 / scale_max
    s.text(bx, by - 6, "44", "heavy", 12, INK, anchor="ms")

    # stats tiles
    tiles = (
        ("5", "workouts", PRIMARY, "dumbbell"),
        ("146", "minutes", (226, 164, 0), "clock"),
        ("12", "day streak", SECONDARY, "flame"),
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
            icon_clock(s, ix, iy, col)
        else:
            icon_flame(s, ix, iy + 0.5, 17, PRIMARY, ACCENT)
        s.text(x0 + 14, 522, value, "black", 27, INK)
        s.text(x0 + 14, 540, label, "text", 12.5, MUTED)

    # monthly highlight
    h = (16.0, 566.0, 374.0, 682.0)
    s.rect(h, fill=SECONDARY, r=24)
    layer, ld = s.layer()
    ld.ellipse(_box((262, 520, 442, 700)), fill=alpha((255, 255, 255), 0.05))
    ld.ellipse(_box((290, 580, 410, 700)), fill=alpha((255, 255, 255), 0.05))
    s.paste_clipped(layer, h, 24)
    s.text(36, 594, "MONTHLY CHECK-IN", "heavy", 11, ACCENT, tracking=1.2)
    x = 36 + s.text(36, 626, "Stronger than ", "heavy", 22, (255, 255, 255))
    x += s.text(x, 626, "83%", "heavy", 22, ACCENT)
    s.text(36, 654, "of last month", "heavy", 22, (255, 255, 255))
    s.circle(334, 624, 24, fill=ACCENT)
    icon_trend(s, 333, 625, SECONDARY)

    # personal best
    row = (16.0, 696.0, 374.0, 748.0)
    s.rect(row, fill=CARD, r=18)
    s.circle(46, 722, 16, fill=(255, 240, 196))
    icon_star(s, 46, 722.5, 9.5, (236, 168, 0))
    s.text(72, 716, "New personal best", "text", 12, MUTED)
    s.text(72, 735, "Plank hold  ·  2:10", "bold", 15.5, INK)
    pill(s, 304, 722, "NEW", PRIMARY, (255, 255, 255), size=11, pad=10, h=22)

    s.tab_bar(active=2)
    return s


SCREENS = (("01_today.png", today), ("02_workout_player.png", workout_player), ("03_progress.png", progress))


def main() -> None:
    for name, build in SCREENS:
        size = build().save(OUT / name)
        print(f"{OUT / name}: {size / 1024:.0f} KB")


if __name__ == "__main__":
    main()

"""Full-bleed pictures behind the text, one function per image source:

- brand: procedural "photographic" backdrops from the app's colors (a lit gradient, out-of-focus light,
  vignette, fine grain), different per slide but one look per deck;
- photos: the app's own photos cropped to 9:16 around their subject (edge-energy center of mass);
- screenshots: the app's real screens, as a full-bleed crop or a large tilted device with a callout.

Heavy work happens at quarter resolution and is scaled up once: smooth content is cheap to draw and to
encode. New sources (stock, generated) plug in beside these as functions returning an RGB image.
"""

from __future__ import annotations

import math
import random
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

from renderer.art import paint
from renderer.art.paint import RGB, H, Palette, W

SMALL = (W // 4, H // 4)
HALF = (W // 2, H // 2)


# -- brand --------------------------------------------------------------------------------------------


def brand(
    pal: Palette,
    r: random.Random,
    mood: str = "deep",
    light: str = "window",
    evening: bool = False,
    high: bool = False,
    band: tuple[float, float, float] | None = None,
) -> Image.Image:
    """A lit brand-color scene: a diagonal gradient, two or three soft light sources, a vignette and
    fine grain (the pastel mood also bokeh discs). `mood`: deep (the brand color lit in the dark; for
    white text), soft (light pastel; for dark or serif text), vivid (the brand color itself). `light`:
    how sunlight falls on the wall (one of LIGHTS: through a window or blinds);
    `high`: the light on the wall's upper part only, clear of words in the middle band (a hook's);
    `evening`: the low sun of a problem slide, high, longer and brighter (a scene whose light fell
    below the words, darkened, read as a bare gradient in round 27). `band`: a scrim (y0, y1,
    strength) behind the words, drawn before the scene is scaled up (a quarter of the work)."""
    if mood == "soft":
        stops = [paint.tint(pal.primary, 0.62), paint.tint(pal.accent, 0.55), paint.tint(pal.secondary, 0.6)]
        lights = [paint.tint(pal.accent, 0.45), (255, 255, 255), paint.tint(pal.primary, 0.55)]
    elif mood == "vivid":
        stops = [paint.tint(pal.primary, 0.08), pal.primary, paint.shade(pal.primary, 0.35)]
        lights = [paint.tint(pal.accent, 0.2), paint.tint(pal.primary, 0.35), pal.accent]
    else:  # the brand color lit in the dark: one hue, no second color muddying it
        stops = [
            paint.shade(pal.secondary, 0.5),
            paint.mix(paint.shade(pal.primary, 0.45), pal.secondary, 0.4),
            paint.shade(pal.primary, 0.35),
        ]
        lights = [pal.primary, paint.shade(pal.primary, 0.15)]
    if r.random() < 0.5:
        stops.reverse()
    small = paint.gradient(SMALL, stops, "diagonal")
    w, h = SMALL
    glow = Image.new("RGB", SMALL, (0, 0, 0))
    d = ImageDraw.Draw(glow)
    for i in range(3 if mood != "deep" else 2):
        if mood == "deep":  # two broad lights
            cx, cy, rad = r.uniform(0.1, 0.9) * w, r.uniform(0.05, 0.95) * h, r.uniform(0.45, 0.7) * w
        else:
            cx, cy, rad = r.uniform(-0.1, 1.1) * w, r.uniform(0.0, 1.0) * h, r.uniform(0.35, 0.6) * w
        d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=lights[i % len(lights)])
    glow = soften(glow, w * (0.18 if mood == "deep" else 0.14))
    strength = {"soft": 0.35, "deep": 0.5}.get(mood, 0.55)
    small = ImageChops.screen(small, Image.blend(Image.new("RGB", SMALL, (0, 0, 0)), glow, strength))
    if mood == "soft":  # a pastel scene keeps its out-of-focus lights; elsewhere they read as clip-art
        small = _bokeh(small, r, lights, mood)
    # Sunlight falls on the wall (window_light): what makes a plain backdrop read as a photograph.
    sun = Image.new("RGB", SMALL, paint.tint(pal.accent, 0.45 if mood != "soft" else 0.7))
    mask = window_light(SMALL, r, light, high or evening, evening)
    if evening:
        mask = mask.point(_EVENING_LIGHT)
    small = ImageChops.screen(small, Image.composite(sun, Image.new("RGB", SMALL), mask))
    small = _vignette(small, 0.5 if mood == "deep" else 0.22)
    half = grain(small.resize(HALF, Image.Resampling.BILINEAR), r.randrange(4))  # smooth: bilinear is enough
    if band is not None:
        scrim(half, *band)
    return half.resize((W, H), Image.Resampling.NEAREST)


WINDOW_LIGHT = 0.5  # how bright the window's light is on the wall, at its brightest
_EVENING_LIGHT = [min(255, round(v * 1.6)) for v in range(256)]  # the low sun's, before the dusk grade
# What the sun comes through before it falls on the wall, one a slide (STYLE: one motif at most; see
# designs.light_of). A plant's leaves in the light read as a maple leaf, on a red brand as a piece of a
# flag (blind A/B, 16 decks: window and blinds preferred 7 to 0, no preference in 9).
LIGHTS = ("window", "blinds")


def window_light(
    size: tuple[int, int], r: random.Random, kind: str = "window", high: bool = False, low_sun: bool = False
) -> Image.Image:
    """A mask of sunlight thrown onto a wall through a window of four panes or through blinds (a column
    of thin slats): soft-edged (the sun is no point), sheared (it comes in from the upper left), fading away from the
    window, above or below the middle band where the words go (`high`: above, for a slide whose words
    are there; `low_sun`: longer, the evening's). The window's shapes are drawn as the parallelograms
    they become on the wall."""
    w, h = size
    left = w * r.uniform(-0.4, 0.05)
    top = h * r.choice((r.uniform(-0.2, -0.05), r.uniform(0.45, 0.6)))
    shear, tilt = r.uniform(0.55, 0.9), r.uniform(-0.12, 0.0)
    if high:  # above the words
        top = h * r.uniform(-0.12, -0.02)
    if low_sun:  # the evening's light falls longer
        shear += 0.35
    # The window's plane (x, y) lands on the wall at (u, v) where x = u + shear * v - shift and
    # y = tilt * u + v: solved for (u, v) at each corner of a shape.
    shift = shear * h * 0.5

    def on_wall(x: float, y: float) -> tuple[float, float]:
        u = (x + shift - shear * y) / (1 - shear * tilt)
        return u, y - tilt * u

    light = Image.new("L", size, 0)
    d = ImageDraw.Draw(light)
    openings = _openings(kind, w, h, left, top)
    for x, y, pw, ph in openings:
        d.polygon([on_wall(*c) for c in ((x, y), (x + pw, y), (x + pw, y + ph), (x, y + ph))], fill=255)
    light = light.filter(ImageFilter.GaussianBlur(w * (0.011 if kind == "blinds" else 0.022)))
    return ImageChops.multiply(light, _fade(size))


def _openings(kind: str, w: int, h: int, left: float, top: float) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of each opening the light comes through, in the window's plane."""
    if kind == "blinds":  # eleven slats, the gaps between them as thin as the slats
        slat = h * 0.017
        return [(left, top + i * slat * 2, w * 1.05, slat) for i in range(11)]
    pane_w, pane_h, bar = w * 0.5, h * 0.2, w * 0.045
    return [
        (left + c * (pane_w + bar), top + r * (pane_h + bar), pane_w, pane_h)
        for c in range(2)
        for r in range(2)
    ]


@lru_cache(maxsize=2)
def _fade(size: tuple[int, int]) -> Image.Image:
    """The window's light fading down the wall, at WINDOW_LIGHT at its brightest."""
    return (
        Image.linear_gradient("L")
        .resize(size)
        .point(lambda v: round((1 - v / 255 * 0.6) * 255 * WINDOW_LIGHT))
    )


def _bokeh(small: Image.Image, r: random.Random, colors: list[RGB], mood: str) -> Image.Image:
    """Out-of-focus light discs in three depth layers (far: small and very soft; near: large, soft edge)."""
    w, h = small.size
    out = small
    for layer, (count, rad, blur, alpha) in enumerate(
        ((9, 0.03, 1.2, 0.35), (5, 0.06, 2.5, 0.3), (3, 0.12, 5.0, 0.22))
    ):
        disc = Image.new("RGB", small.size, (0, 0, 0))
        d = ImageDraw.Draw(disc)
        for i in range(count):
            cx, cy = r.uniform(0, 1) * w, r.uniform(0.05, 0.95) * h
            rr = rad * w * r.uniform(0.7, 1.3)
            c = colors[(i + layer) % len(colors)]
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=paint.tint(c, 0.35))
        disc = soften(disc, blur)
        out = ImageChops.screen(
            out,
            Image.blend(
                Image.new("RGB", small.size, (0, 0, 0)), disc, alpha if mood != "soft" else alpha * 0.7
            ),
        )
    return out


def soften(img: Image.Image, radius: float) -> Image.Image:
    """A Gaussian blur of `radius`; wide ones run at half or quarter size and are scaled back (the
    result of a wide blur has no detail a smaller copy would lose, and costs a fraction)."""
    factor = 4 if radius >= 4 else 2 if radius >= 1 else 1
    if factor == 1:
        return img.filter(ImageFilter.GaussianBlur(radius))
    small = img.reduce(factor).filter(ImageFilter.GaussianBlur(radius / factor))
    return small.resize(img.size, Image.Resampling.BILINEAR)


@lru_cache(maxsize=4)
def _vignette_mask(size: tuple[int, int]) -> Image.Image:
    w, h = size
    mask = Image.new("L", size, 0)
    d = ImageDraw.Draw(mask)
    steps = 24
    for i in range(steps):
        t = i / steps
        d.ellipse(
            (-w * 0.35 + t * w * 0.3, -h * 0.2 + t * h * 0.2, w * 1.35 - t * w * 0.3, h * 1.2 - t * h * 0.2),
            fill=round(255 * t),
        )
    return mask.filter(ImageFilter.GaussianBlur(w * 0.05))


def _vignette(img: Image.Image, strength: float) -> Image.Image:
    dark = Image.blend(img, Image.new("RGB", img.size, (0, 0, 0)), strength)
    return Image.composite(img, dark, _vignette_mask(img.size))


@lru_cache(maxsize=4)
def _grain_layers(seed: int) -> tuple[Image.Image, Image.Image]:
    """Sparse film grain: a few percent of the pixels a little lighter, as many a little darker. Sparse
    on purpose: dense noise would triple the PNG's size."""
    noise = paint.noise(HALF, 60, seed)
    light = noise.point(lambda v: 7 if v > 236 else 0)
    dark = noise.point(lambda v: 7 if v < 20 else 0)
    return Image.merge("RGB", (light, light, light)), Image.merge("RGB", (dark, dark, dark))


def grain(img: Image.Image, seed: int) -> Image.Image:
    light, dark = _grain_layers(seed)
    return ImageChops.subtract(ImageChops.add(img, light), dark)


# -- photos -------------------------------------------------------------------------------------------


def subject_center(img: Image.Image) -> tuple[float, float]:
    """Where the subject is, as fractions of width and height: the center of mass of edge energy (detail
    draws the eye; flat sky and walls do not), computed on a small grayscale copy."""
    small = img.resize(  # scaled down first: converting a full photo to gray costs more than the rest
        (96, max(1, round(96 * img.height / img.width))), Image.Resampling.BILINEAR, reducing_gap=2.0
    ).convert("L")
    edges = small.filter(ImageFilter.FIND_EDGES)
    ew, eh = edges.size
    if ew < 3 or eh < 3:
        return 0.5, 0.5
    weight = edges.crop((1, 1, ew - 1, eh - 1)).point(_POW)  # v ** 1.5: strong edges count more
    # Column and row means of the weights (box-resized to one row and one column) give both moments.
    cols = weight.resize((ew - 2, 1), Image.Resampling.BOX).tobytes()
    rows = weight.resize((1, eh - 2), Image.Resampling.BOX).tobytes()
    total = sum(cols)
    if total <= 0:
        return 0.5, 0.5
    sx = sum(v * (x + 1) for x, v in enumerate(cols)) / total
    sy = sum(v * (y + 1) for y, v in enumerate(rows)) / sum(rows)
    return sx / ew, sy / eh


_POW = [round(255 * (v / 255) ** 1.5) for v in range(256)]


def crop_around(img: Image.Image, size: tuple[int, int], center: tuple[float, float]) -> Image.Image:
    """Scale to cover `size` and crop so that `center` (fractions) sits as near the middle as the picture
    allows. The crop's info["subject"] says where `center` landed in it (fractions)."""
    scale = max(size[0] / img.width, size[1] / img.height)
    src_w, src_h = size[0] / scale, size[1] / scale
    left = min(max(center[0] * img.width - src_w / 2, 0), img.width - src_w)
    top = min(max(center[1] * img.height - src_h / 2, 0), img.height - src_h)
    out = img.resize(  # Hamming: bicubic's sharpness here (photos are scaled ~0.5-2x) at two thirds the cost
        size, Image.Resampling.HAMMING, box=(left, top, left + src_w, top + src_h), reducing_gap=2.0
    )
    out.info["subject"] = ((center[0] * img.width - left) / src_w, (center[1] * img.height - top) / src_h)
    return out


def photo(img: Image.Image, turn: int = 0) -> Image.Image:
    """A photo as a full-bleed 9:16 slide background, cropped around its subject. A photo shown again in
    a deck (fewer photos than slides) shows another part of it: the parts farthest from the subject
    first, along the photo's long side (a 9:16 crop of a landscape takes a third of its width)."""
    cx, cy = subject_center(img)
    if turn:
        wide = img.width / img.height > W / H
        at = cx if wide else cy
        others = sorted(PHOTO_STOPS, key=lambda stop: -abs(stop - at))
        at = others[(turn - 1) % len(others)]
        cx, cy = (at, cy) if wide else (cx, at)
    return crop_around(img, (W, H), (cx, cy))


OVERCAST_GREY = 0.5  # of the photo's color a problem slide's grade takes away
OVERCAST_TINT = (222, 230, 246)  # ... and the cool, darker light it multiplies by


def overcast(img: Image.Image) -> Image.Image:
    """A photo graded for a problem slide: most of its color gone, cooler and darker (the place on a
    grey day), so the pain does not look like the payoff slides' golden light."""
    grey = Image.blend(img, img.convert("L").convert("RGB"), OVERCAST_GREY)
    return tinted(grey, OVERCAST_TINT)


DUSK_TINT = (190, 194, 212)  # a problem slide's brand scene: the same hue, later in the day


def dusk(img: Image.Image) -> Image.Image:
    """A brand scene graded for a problem slide: darker and a little cooler, its color kept (drained
    to grey it read as 'disabled'), so the payoff slides after it look lit."""
    return tinted(img, DUSK_TINT)


def tinted(img: Image.Image, color: RGB) -> Image.Image:
    """`img` multiplied by a flat `color` (ImageChops.multiply's values) through a look-up table: a
    multiply of two slide-sized images cost 27 ms a slide."""
    return img.point(_multiply_table(color))


@lru_cache(maxsize=8)
def _multiply_table(color: RGB) -> list[int]:
    """ImageChops.multiply by `color` for every value of each channel, taken from a ramp it multiplied."""
    ramp = Image.frombytes("L", (256, 1), bytes(range(256))).convert("RGB")
    product = ImageChops.multiply(ramp, Image.new("RGB", ramp.size, color))
    return [v for band in product.split() for v in band.tobytes()]


PHOTO_STOPS = (0.12, 0.5, 0.88)  # where the crops of a photo shown again are centered


def calmest_top(img: Image.Image, x0: int, x1: int, lo: int, hi: int, height: int, prefer: int) -> int:
    """The top (slide pixels, between `lo` and `hi`) of the `height`-tall band between columns x0 and x1
    holding the least detail of `img`: words over sky, a wall or a blurred background, not over a face
    or the thing pictured. Ties (and near-ties) go to the band nearest `prefer`."""
    edges = memo(img, "detail", lambda: _edge_map(img).point(_POW))  # strong edges count more
    k = edges.height / img.height
    kx = edges.width / img.width
    cols = edges.crop((max(1, round(x0 * kx)), 0, min(edges.width - 1, round(x1 * kx)), edges.height))
    rows = list(cols.resize((1, edges.height), Image.Resampling.BOX).tobytes())  # detail per row
    rows[0], rows[-1] = rows[min(1, len(rows) - 1)], rows[max(0, len(rows) - 2)]  # the filter's border rows
    sums = [0]
    for v in rows:
        sums.append(sums[-1] + v)
    span = max(1, round(height * k))
    best, best_top = None, prefer
    for top in range(round(lo * k), max(round(lo * k), round(hi * k) - span) + 1):
        bottom = min(len(rows), top + span)
        detail = (sums[bottom] - sums[top]) / max(1, bottom - top)
        cost = detail + 40 * abs(top / k - prefer) / img.height  # moving 10 % costs 4 levels of detail
        if best is None or cost < best:
            best, best_top = cost, round(top / k)
    return min(max(best_top, lo), max(lo, hi - height))


def _edge_map(img: Image.Image) -> Image.Image:
    """Edge energy of a small grayscale copy (EDGE_W pixels wide)."""
    small = img.resize(
        (EDGE_W, max(1, round(EDGE_W * img.height / img.width))), Image.Resampling.BILINEAR, reducing_gap=2.0
    ).convert("L")
    return small.filter(ImageFilter.FIND_EDGES)


def scrim(img: Image.Image, y0: float, y1: float, strength: float, color: RGB = (0, 0, 0)) -> Image.Image:
    """A soft band of `color` behind text, strongest in its middle and fading out over half its
    height on each side (25-45 % for busy photos). Drawn into `img` over the band's rows only; `img`
    may be the slide at half size (a brand scene before it is scaled up), the band given in the
    slide's pixels either way."""
    band = _band_mask(round(y0), round(y1), round(strength * 255), W // img.width)
    if band is not None:
        top, mask = band
        img.paste(color, (0, top, img.width, top + mask.height), mask)
    return img


@lru_cache(maxsize=8)
def _band_mask(y0: int, y1: int, peak: int, factor: int = 1) -> tuple[int, Image.Image] | None:
    """The band's rows (its top and a mask of them as wide as the slide at 1/`factor` of its size),
    None when it has no strength: kept as the rows it covers only, as a slide-sized mask a band was 2
    MB of a worker's memory."""
    strip = Image.new("L", (1, H), 0)
    px = strip.load()
    assert px is not None
    fade = max(120, (y1 - y0) // 2)  # long and eased: no visible edge over a bright sky
    for y in range(H):
        if y0 <= y <= y1:
            v = 1.0
        elif y0 - fade < y < y0:
            v = (y - (y0 - fade)) / fade
        elif y1 < y < y1 + fade:
            v = ((y1 + fade) - y) / fade
        else:
            v = 0.0
        px[0, y] = round(peak * (0.5 - 0.5 * math.cos(math.pi * v)))
    box = strip.getbbox()
    if box is None:
        return None
    top, bottom = box[1] // factor, -(-box[3] // factor)
    rows = strip.resize((1, H // factor), Image.Resampling.BOX).crop((0, top, 1, bottom))
    return top, rows.resize((W // factor, bottom - top), Image.Resampling.NEAREST)


# -- screenshots --------------------------------------------------------------------------------------


EDGE_W = 96  # width of the edge map screens are judged on


def _edges(shot: Image.Image) -> Image.Image:
    """The screen's edge energy on a small grayscale copy (detail is where the eye goes)."""

    return memo(shot, "edges", lambda: _edge_map(shot))


def busiest_point(shot: Image.Image, top: float = 0.12, bottom: float = 0.7) -> tuple[float, float]:
    """The most detailed spot of a screen between `top` and `bottom` (fractions of its height): the
    center of the window, about a quarter of the screen wide, holding the most edge energy. That is
    where a callout circle goes when nothing else says what matters: on a number or a button, not in
    the gap between them (where a center of mass of several elements falls)."""
    edges = _edges(shot)
    w, h = edges.size
    reach = w // 8
    energy = edges.filter(ImageFilter.BoxBlur(reach))
    y0, y1 = max(round(h * top), reach), min(round(h * bottom), h - reach)
    if y1 <= y0:
        return 0.5, (top + bottom) / 2
    band = energy.crop((reach, y0, w - reach, y1))
    values = band.tobytes()
    first = values.index(max(values))  # the first window (reading order) holding the most detail
    x, y = first % band.width, first // band.width
    return (reach + x + 0.5) / w, (y0 + y + 0.5) / h


def quiet_top(
    shot: Image.Image,
    top: float,
    height: float,
    slack: float = 0.15,
    floor: float = 0.0,
    bottom_edge: bool = True,
    reach_up: float = 0.0,
) -> float:
    """`top` (source pixels, not above `floor`) moved by at most `slack` of `height` so that the crop's
    top edge (and its bottom edge, unless the slide's own edge hides it) runs through the quietest rows
    nearby: a crop edge through a line of text would cut it, and one through a chart's narrow bars (few
    edges, but drawn on: see _inked_rows and SHAPE_INK) would slice them. When every row in reach cuts something,
    the top may go up to `reach_up` of `height` higher instead (a crop whose bottom runs off the slide
    loses only hidden rows that way)."""
    edges = _edges(shot)
    w, h = edges.size
    k = h / shot.height
    detail = edges.crop((1, 0, w - 1, h)).resize((1, h), Image.Resampling.BOX).tobytes()  # row means
    inked = _inked_rows(shot).tobytes()
    rows = [d + (i if i <= SHAPE_INK else 0) for d, i in zip(detail, inked, strict=True)]  # see SHAPE_INK

    def row(y: float) -> int:
        return rows[min(h - 1, max(0, round(y * k)))]

    def cut(t: float) -> int:
        return row(t) + (row(t + height - 1) if bottom_edge else 0)

    step = max(1.0, 1 / k)
    lo = max(floor, top - slack * height)
    hi = max(lo, min(shot.height - height, top + slack * height))
    candidates = [lo + i * step for i in range(int((hi - lo) / step) + 1)] or [top]
    best = min(candidates, key=lambda t: (cut(t), abs(t - top)))
    if cut(best) <= QUIET_CUT or reach_up <= slack:
        return best
    further = max(floor, top - reach_up * height)
    higher = [further + i * step for i in range(max(0, int((lo - further) / step)))]
    # The nearest gap above between two parts of the screen (a run of quiet rows GAP_MIN tall: the
    # space between a line and its label is no gap), at its top, so what is under it keeps a margin;
    # else the nearest quiet row above.
    gaps: list[tuple[int, int]] = []
    for i, t in enumerate(higher):
        if cut(t) > QUIET_CUT:
            continue
        if gaps and gaps[-1][1] == i - 1:
            gaps[-1] = (gaps[-1][0], i)
        else:
            gaps.append((i, i))
    if not gaps:
        return best
    wide = [g for g in gaps if (g[1] - g[0] + 1) * step >= GAP_MIN]
    return higher[wide[-1][0]] if wide else higher[gaps[-1][1]]


REACH_UP = 0.35  # of its height, how much higher a rising card may start to clear a chart (quiet_top)
QUIET_CUT = 8  # a crop edge through rows holding this little (edges plus ink, of 255) cuts nothing
GAP_MIN = 40  # source pixels of quiet rows between two parts of a screen


def _inked_rows(shot: Image.Image) -> Image.Image:
    """_drawn_share of each row of a grayscale copy of the screen the size of its edge map (a row through
    the inside of a chart's bar has hardly any edges but is no gap between elements)."""
    size = _edges(shot).size
    return memo(shot, "inked", lambda: _drawn_share(shot.convert("L").resize(size, Image.Resampling.BOX)))


def _drawn_share(gray: Image.Image) -> Image.Image:
    """Per row of a small grayscale copy of a screen, the share (0-255) of its pixels drawn on: away
    from the background, the most common shade of its side margins (a crop mostly of one dark panel
    has the page around it, not the panel, as its background), a column one pixel wide."""
    sides = [gray.crop((0, 0, 2, gray.height)), gray.crop((gray.width - 2, 0, gray.width, gray.height))]
    counts = [a + b for a, b in zip(sides[0].histogram(), sides[1].histogram(), strict=True)]
    background = max(range(256), key=counts.__getitem__)
    drawn = gray.point(lambda v: 255 if abs(v - background) > INK_DIFFERENCE else 0)
    return drawn.resize((1, gray.height), Image.Resampling.BOX)


INK_DIFFERENCE = 24  # how far from the background shade a pixel is drawn on (cards a shade off are not)
TOP_OF_SCREEN = 2  # screen_card's turn that shows the top of a screen (greeting, summary)
BEZEL = 16  # the phone's dark edge around a card that rises from the slide's bottom edge
BEZEL_COLOR: RGB = (14, 14, 18)


def status_bar(shot: Image.Image) -> int:
    """Rows of a phone screenshot's status bar (clock, signal): never what a slide sells, so no card
    starts with it. A tall screen (a phone's) has one, about 5 % of its height."""
    return round(shot.height * 0.05) if shot.height / shot.width > 1.7 else 0


def screen_card(
    canvas: Image.Image,
    shot: Image.Image,
    box: tuple[int, int, int, int],
    frame: RGB | None = None,
    turn: int = 0,
    visible_bottom: int | None = None,
) -> Highlight | None:
    """The part of the screen that matters, large: a crop of `shot` the box's width, its busiest spot in
    the part of the card above `visible_bottom` (what TikTok does not cover), with rounded corners and a
    soft shadow. A box that reaches the canvas's bottom edge is a phone rising from it: a dark bezel
    around the top and sides, the screen running off the slide (no cut line shows). `frame` draws a
    ring around a floating card. The `turn`-th showing of a screen looks at another band of it. Returns
    the callout (a loop around one element that crosses nothing drawn on the screen), None when the
    card has no room for one."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    rising = y1 >= canvas.height
    seen_bottom = min(y1, visible_bottom or y1)
    card, top, scale = _card(shot, box, turn, seen_bottom, rising)
    radius = round(w * 0.06)
    bezel = BEZEL if rising else 0
    ring = (14, max(8, round(w * 0.014))) if frame is not None and not rising else None  # gap, width
    outline = (card.width + 2 * bezel, card.height + bezel + (0 if rising else bezel))
    # The shadow depends on the card's outline only: cards of one size share it.
    key = (outline, radius + bezel, ring)
    with _CARD_SHADOWS_LOCK:
        shadow = _CARD_SHADOWS.get(key)
    if shadow is None:
        shadow = _shadow_for(outline, radius + bezel, ring)
        with _CARD_SHADOWS_LOCK:
            _CARD_SHADOWS[key] = shadow
            while len(_CARD_SHADOWS) > 16:
                _CARD_SHADOWS.pop(next(iter(_CARD_SHADOWS)))
    at = (x0 - bezel - _PAD + 8, y0 - bezel - _PAD + 24)
    if bezel:
        # A phone covers its shadow's middle: only the shadow around it is blended in, and its body
        # is drawn, not pasted through a mask the slide's height (a third of a deck's CPU went there).
        _shadow_around(
            canvas,
            shadow,
            at,
            (x0 - bezel, y0 - bezel, x0 - bezel + outline[0], y0 - bezel + outline[1]),
            radius + bezel,
        )
        _phone_body(canvas, (x0 - bezel, y0 - bezel), outline, radius + bezel)
    else:
        canvas.paste((0, 0, 0), at, shadow)
    if frame is not None and ring is not None:
        gap, width = ring
        ImageDraw.Draw(canvas).rounded_rectangle(
            (x0 - gap, y0 - gap, x0 + w + gap, y0 + card.height + gap),
            radius=radius + gap,
            outline=frame,
            width=width,
        )
    if bezel:  # the card square, then the bezel's color back in its two top corners
        canvas.paste(card, (x0, y0))
        _round_top(canvas, (x0, y0, x0 + card.width), radius, BEZEL_COLOR)
    else:
        corners = paint.rounded_mask((card.width, card.height), radius)
        canvas.paste(card, (x0, y0), corners)
    # The highlight goes on rows below the card's top fifth (a screen's header, a greeting, is busy
    # but is not what the app sells) and above the covered zone.
    # A screen shown again brings another of its parts forward: the rows its earlier showings
    # (drawn in a box like this one) brought forward stay out.
    shown: list[tuple[float, float]] = []
    for earlier in range(turn):
        if earlier % len(BANDS) == TOP_OF_SCREEN:
            continue  # the top of a screen, on a CTA: no highlight
        before, before_top, _ = _card(shot, box, earlier, seen_bottom, rising)
        found = _rows_of(before, seen_bottom - y0, [], before_top <= status_bar(shot) + 1)
        if found is not None:
            shown.append((before_top + found[0] / scale, before_top + found[1] / scale))
    avoid = [(round((a - top) * scale), round((b - top) * scale)) for a, b in shown]
    rows = _rows_of(card, seen_bottom - y0, avoid, top <= status_bar(shot) + 1)
    if rows is None:
        return None
    source = (top + rows[0] / scale, top + rows[1] / scale)
    return Highlight((x0, y0, x0 + card.width, y0 + card.height), (y0 + rows[0], y0 + rows[1]), source)


BANDS = ((0.1, 0.9), (0.5, 0.95), (0.05, 0.5))  # the part of a screen each showing looks at


def _card(
    shot: Image.Image, box: tuple[int, int, int, int], turn: int, seen_bottom: int, rising: bool
) -> tuple[Image.Image, float, float]:
    """The crop of `shot` a card in `box` shows on its `turn`-th showing, scaled to the box's width,
    with the source row it starts at and the scale."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    skip = status_bar(shot)
    _, fy = busiest_point(shot, *BANDS[turn % len(BANDS)])
    scale = w / shot.width  # full screen width, so the crop keeps its layout readable
    src_h = min(shot.height - skip, h / scale)
    seen = min(src_h, (seen_bottom - y0) / scale)  # source rows above the covered zone
    if turn % len(BANDS) == TOP_OF_SCREEN:
        top = float(skip)
    else:
        want = min(max(fy * shot.height - seen / 2, skip), shot.height - src_h)
        top = quiet_top(
            shot, want, src_h, floor=skip, bottom_edge=not rising, reach_up=REACH_UP if rising else 0.0
        )
    # Cropped from the whole screen scaled to the card's width once (every showing of it is a crop).
    scaled = (  # a screen comes scaled to the card's width (art._screen); anything else is, once
        shot
        if shot.width == w
        else memo(
            shot,
            f"width{w}",
            lambda: shot.resize((w, round(shot.height * scale)), Image.Resampling.HAMMING),
        )
    )
    first = round(top * scale)
    card = scaled.crop((0, first, w, min(scaled.height, first + round(src_h * scale), first + h)))
    return card, first / scale, scale


def _rows_of(
    card: Image.Image, seen: int, avoid: list[tuple[int, int]], screen_top: bool
) -> tuple[int, int] | None:
    """The highlight's rows on a card of which `seen` rows are above the covered zone; on a card
    showing the top of the screen, below its top fifth (a screen's header, a greeting, is busy but is
    not what the app sells)."""
    visible = min(card.height, seen)
    return highlight_rows(card, (round(visible * 0.2) if screen_top else HIGHLIGHT_CLEAR, visible - 8), avoid)


ELEMENT_STEP = 4  # screens are judged on a copy this many times smaller
HIGHLIGHT_GAP = 3  # quiet rows (of the small copy) that end a block of the screen: ~12 px
HIGHLIGHT_MARGIN = 14  # card pixels the highlight reaches past its block, into the quiet rows
CAPTION_ROWS = 10  # rows (of the small copy) of faint print a block takes in above or below it
HIGHLIGHT_MARGIN_MAX = 26  # ... at most: half the quiet rows there, so the frame clears small print
QUIET_ROW = 3  # a row of the detail map holding at most this much (of 255) is quiet
EMPTY_ROW = 1  # ... and at most this much, empty (inside a panel: a ring's rows hold little, not nothing)
HIGHLIGHT_MIN = 96  # card pixels a highlighted block is tall at least
# A highlighted block starts this far below the card's top edge at least: its frame (a margin, the
# stroke and its dark edge) is drawn inside the card, not over the edge where the crop cut the screen.
HIGHLIGHT_CLEAR = 40
HIGHLIGHT_DIM = 0.4  # how much darker the rest of the screen goes (more, and the phone looks switched off)


@dataclass(frozen=True)
class Highlight:
    """A callout that brings one block of a screen forward: the card's box on the canvas and the rows
    (canvas pixels) of the block; the rest of the card is dimmed and the block framed."""

    card: tuple[int, int, int, int]
    rows: tuple[int, int]
    source: tuple[float, float] = (0.0, 0.0)  # the block's rows on the screenshot itself


def detail(card: Image.Image, faint: bool = False) -> Image.Image:
    """The card's edges at 1/ELEMENT_STEP size, black and white, without long straight lines: a
    panel's border is no content, and would join every row inside the panel into one block. `faint`:
    low-contrast edges too (small grey print under a number: its caption)."""

    def make() -> Image.Image:
        small = card.reduce(ELEMENT_STEP).convert("L").filter(ImageFilter.FIND_EDGES)
        cut = 16 if faint else 48
        lines = _without_runs(small.point(lambda v: 255 if v > cut else 0), round(small.width * 0.4))
        upright = _without_runs(lines.transpose(Image.Transpose.ROTATE_90), 36)
        return upright.transpose(Image.Transpose.ROTATE_270)

    return memo(card, "detail_faint" if faint else "detail", make)


def _without_runs(img: Image.Image, longest: int) -> Image.Image:
    """A black-and-white map without its rows' white runs of `longest` pixels or more."""
    w, h = img.size
    raw = bytearray(img.tobytes())
    long = b"\xff" * longest
    for y in range(h):
        x, end = y * w, (y + 1) * w
        while (a := raw.find(long, x, end)) >= 0:
            b = raw.find(b"\x00", a, end)
            b = end if b < 0 else b
            raw[a:b] = bytes(b - a)
            x = b
    return Image.frombytes("L", (w, h), bytes(raw))


def highlight_rows(
    card: Image.Image, region: tuple[int, int], avoid: list[tuple[int, int]] | None = None
) -> tuple[int, int] | None:
    """The rows (card pixels) of the block of the screen a highlight brings forward: the screen's rows
    in `region` split into blocks at HIGHLIGHT_GAP quiet rows (the gap between two cards, a list's
    rows), and of those the one with the most detail for its size, a block about a card tall
    (a chart, a timer, a stat with its caption) before a lone line or most of the screen; it reaches
    HIGHLIGHT_MARGIN into the quiet rows around it. With `avoid` (card rows an earlier showing of the
    screen brought forward) a block clear of them when there is one. None when the region shows no
    block at least HIGHLIGHT_MIN tall that it holds whole."""
    k = ELEMENT_STEP
    lines = detail(card)
    h = lines.height
    counts = list(lines.resize((1, h), Image.Resampling.BOX).tobytes())  # share of detail per row
    lo, hi = max(region[0] // k, 1), min(region[1] // k, h - 1)
    blocks: list[tuple[int, int]] = []
    start, quiet = None, 0
    for y in range(lo, hi):
        if counts[y] > QUIET_ROW:
            if start is None:
                start = y
            quiet = 0
        elif start is not None:
            quiet += 1
            if quiet >= HIGHLIGHT_GAP:
                blocks.append((start, y - quiet + 1))
                start, quiet = None, 0
    if start is not None:
        blocks.append((start, hi - quiet))
    whole = round((hi - lo) * 0.8)

    def cut_off(a: int, b: int) -> bool:  # the region's edge runs through the block: it goes on
        return (a <= lo and counts[lo - 1] > QUIET_ROW) or (b >= hi and counts[hi] > QUIET_ROW)

    candidates = [(a, b) for a, b in blocks if b - a <= whole and not cut_off(a, b)]
    panels = [(a, b) for a, b in blocks if (a, b) not in candidates]
    tall = round((hi - lo) * 0.45)
    for a, b in panels:  # their parts between empty rows (a ring, a row of stats), about a card tall
        candidates.extend(c for c in _parts(counts, a, b, tall) if not cut_off(*c))
    if not candidates:  # nothing whole in view: windows, cut where their rows hold the least
        for a, b in panels:
            for size in range(40, min(tall, b - a) + 1, 8):
                candidates.extend((t, t + size) for t in range(a, b - size + 1, 2))

    def score(c: tuple[int, int]) -> float:
        a, b = c
        fit = min(1.0, (b - a) * k / 160)  # card-sized, not a lone line
        cut = counts[a] + counts[b - 1] if (a, b) not in blocks else 0  # a window's edges cut its rows
        return sum(counts[a:b]) * fit - 12 * cut

    # A block, never a lone line (a section's header: framed, it reads as a mistake, and the screen
    # without a frame reads fine); on a later showing of the screen, another part than the rows
    # shown before (card pixels).
    candidates = [c for c in candidates if (c[1] - c[0]) * k >= HIGHLIGHT_MIN]
    if avoid:
        spans = [(a // k, -(-b // k)) for a, b in avoid]
        others = [c for c in candidates if all(c[1] <= a or c[0] >= b for a, b in spans)]
        candidates = others or candidates
    best = max(candidates, key=score, default=None)
    if best is None or score(best) <= 0:
        return None
    top, bottom = best
    # Faint print against the block (a number's caption, a chart's labels) belongs to it.
    faint = list(detail(card, True).resize((1, h), Image.Resampling.BOX).tobytes())
    reach = CAPTION_ROWS
    while top > 1 and faint[top - 1] > QUIET_ROW and reach:
        top, reach = top - 1, reach - 1
    reach = CAPTION_ROWS
    while bottom < h - 1 and faint[bottom] > QUIET_ROW and reach:
        bottom, reach = bottom + 1, reach - 1
    # So do the rows of a shape rising out of its top (a chart's tallest bar above its goal line: drawn
    # on, but without edges inside), and the faint print just above it (the bar's value). Not below:
    # a block's bottom edge through a shape (a thin arc under a card) was right where it was.
    drawn = _inked(card)

    def shape(y: int) -> bool:  # a narrow one: the inside of a dark panel is no bar running on
        return INK_ROW < drawn[y] <= SHAPE_INK and counts[y] <= QUIET_ROW

    start, reach = top, SHAPE_ROWS
    while top > lo and shape(top - 1) and reach:
        top, reach = top - 1, reach - 1
    reach = CAPTION_ROWS if top < start else 0
    while top > lo and faint[top - 1] > QUIET_ROW and reach:
        top, reach = top - 1, reach - 1

    def room(y: int, step: int) -> int:  # card pixels of quiet rows from y on, going by step
        n = 0
        while 0 <= y < h and faint[y] <= QUIET_ROW and n < 16:
            n, y = n + 1, y + step
        return n * k

    above, below = room(top - 1, -1), room(bottom, 1)
    up = max(HIGHLIGHT_MARGIN, min(HIGHLIGHT_MARGIN_MAX, above // 2))
    down = max(HIGHLIGHT_MARGIN, min(HIGHLIGHT_MARGIN_MAX, below // 2))
    return max(0, top * k - up), min(card.height, bottom * k + down)


SHAPE_ROWS = 32  # rows (of the small copy) a block takes in of a shape running on out of it
INK_ROW = 6  # a row of the small copy with more than this much (of 255) drawn on holds a shape
SHAPE_INK = 64  # ... and with at most this much, a narrow one (a bar), not the inside of a panel


def _inked(card: Image.Image) -> list[int]:
    """_drawn_share of each row of the card's small copy (1/ELEMENT_STEP)."""
    return list(
        memo(card, "inked-rows", lambda: _drawn_share(card.reduce(ELEMENT_STEP).convert("L"))).tobytes()
    )


def _parts(counts: list[int], a: int, b: int, tall: int) -> list[tuple[int, int]]:
    """The parts of the block in rows a..b between its empty rows, and runs of neighbouring parts, up
    to `tall` rows: what a highlight may frame without crossing a line of it."""
    cuts = [y for y in range(a + 1, b - 1) if counts[y] <= EMPTY_ROW]
    edges = [a, *(y for i, y in enumerate(cuts) if i == 0 or cuts[i - 1] != y - 1), b]
    spans = []
    for i in range(len(edges) - 1):
        top = edges[i] + (1 if i else 0)  # below the quiet row
        for j in range(i + 1, len(edges)):
            if edges[j] - top > tall:
                break
            if edges[j] - top >= 3:
                spans.append((top, edges[j]))
    return spans


_SS = 2  # frames are drawn 2x and box-reduced: PIL draws lines without antialiasing


def highlight(canvas: Image.Image, found: Highlight, color: RGB, dim: float = HIGHLIGHT_DIM) -> None:
    """The block brought forward: the rest of the card dimmed (its rounded corners kept), and the
    block framed in `color` (with a dark edge, readable on any screen) just outside the card's sides
    (or around the block when it is inset), its top and bottom edges in the quiet rows around it."""
    x0, y0, x1, y1 = found.card
    top, bottom = found.rows
    h = min(y1, canvas.height) - y0
    darker = [round(v * (1 - dim)) for v in range(256)] * 3
    radius = round((x1 - x0) * 0.06)
    corners = paint.rounded_mask((x1 - x0, h + radius), radius)  # the card's top corners
    for a, b in ((y0, top), (bottom, y0 + h)):  # the card above and below the block
        if b > a:
            strip = canvas.crop((x0, a, x1, b)).point(darker)
            canvas.paste(strip, (x0, a), corners.crop((0, a - y0, x1 - x0, b - y0)))
    # A block that is a panel (or words) inset on the screen's background is framed around itself,
    # the background beside it dimmed like the rest: framed edge to edge, the background showed as
    # two bright bars inside the frame.
    fx0, fx1 = x0 - 10, x1 + 10
    keep, rounding = (0, x1 - x0), FRAME_RADIUS
    inset = _inset(canvas.crop((x0, top, x1, bottom)))
    if inset is not None:  # as far out as FRAME_INSET, as the background beside the block allows
        a, b = inset
        gap = min(FRAME_INSET, a - 10, (x1 - x0) - b - 10)
        fx0, fx1 = x0 + a - gap - FRAME_OUT, x0 + b + gap + FRAME_OUT  # its lines outside the gap too
        # Bright up to the frame: kept bright only inside the block's edges, the first and last
        # glyphs of a message read as clipped.
        keep, rounding = (a - gap + 3, b + gap - 3), INSET_RADIUS
    # Beside the block, and in the corners the frame's rounding leaves, the card is dimmed too.
    outside = Image.new("L", (x1 - x0, bottom - top), 255)
    ImageDraw.Draw(outside).rounded_rectangle((keep[0], 0, keep[1], bottom - top), radius=rounding, fill=0)
    canvas.paste(canvas.crop((x0, top, x1, bottom)).point(darker), (x0, top), outside)
    # The frame's lines run over the edges of the bright rows, not inside them (drawn inside, a line
    # 20 px thick covered the top of a caption the margin left only 14 px above).
    m, stroke, out = 30, 12, FRAME_OUT
    left, up = fx0 - m, top - out - m
    size = (fx1 - fx0 + 2 * m, bottom - top + 2 * (m + out))
    for width, fill in ((stroke + 8, (20, 20, 28)), (stroke, color)):
        mask = Image.new("L", (size[0] * _SS, size[1] * _SS), 0)
        ImageDraw.Draw(mask).rounded_rectangle(
            (m * _SS, m * _SS, (size[0] - m) * _SS, (size[1] - m) * _SS),
            radius=FRAME_RADIUS * _SS,
            outline=255,
            width=width * _SS,
        )
        canvas.paste(fill, (left, up), mask.reduce(_SS))


FRAME_INSET, FRAME_INSET_MIN = 26, 16  # a frame around an inset block runs this far outside it
FRAME_RADIUS = 36
FRAME_OUT = 10  # rows the frame's lines reach above and below the bright block (half their width)
INSET_RADIUS = 20  # of the part of an inset block kept bright (a panel's own rounded corners)


def _inset(strip: Image.Image) -> tuple[int, int] | None:
    """The columns of the block's content when it stands on the screen's background (the color at
    the strip's left edge) with room on each side for a frame FRAME_INSET outside it; None for a
    block that runs (nearly) edge to edge."""
    bg = strip.getpixel((2, strip.height // 2))
    assert isinstance(bg, tuple)
    diff = ImageChops.difference(strip, Image.new("RGB", strip.size, bg[:3])).convert("L")
    box = diff.point(lambda v: 255 if v > 28 else 0).getbbox()
    if box is None or min(box[0], strip.width - box[2]) < FRAME_INSET_MIN + 10:
        return None
    return box[0], box[2]


_PAD = 96  # room for the whole soft shadow: a shadow cut at its layer's edge shows as a grey square
_CARD_SHADOWS: dict[tuple[object, ...], Image.Image] = {}  # render threads share it
_CARD_SHADOWS_LOCK = threading.Lock()


def _shadow_around(
    canvas: Image.Image,
    shadow: Image.Image,
    at: tuple[int, int],
    body: tuple[int, int, int, int],
    radius: int,
) -> None:
    """The shadow (its top-left corner at `at`) blended in everywhere but inside `body`'s box below
    its rounded top corners (the phone drawn next covers that)."""
    sx, sy = at
    bx0, by0, bx1, by1 = body
    x1, y1 = sx + shadow.width, sy + shadow.height
    for box in (
        (sx, sy, x1, by0 + radius),  # above the body, its top corners included
        (sx, by0 + radius, bx0, y1),  # left of it
        (bx1, by0 + radius, x1, y1),  # right of it
        (bx0, by1, bx1, y1),  # below it (a phone shorter than the slide)
    ):
        a, b, c, d = max(box[0], 0), max(box[1], 0), min(box[2], canvas.width), min(box[3], canvas.height)
        if c > a and d > b:
            canvas.paste((0, 0, 0), (a, b), shadow.crop((a - sx, b - sy, c - sx, d - sy)))


def _phone_body(canvas: Image.Image, at: tuple[int, int], size: tuple[int, int], radius: int) -> None:
    """The phone's dark body: rounded at the top, running off (or cut square at) its bottom."""
    x, y = at
    w, h = size
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle((x, y, x + w - 1, y + 2 * radius), radius=radius, fill=BEZEL_COLOR)
    if h > radius:
        d.rectangle((x, y + radius, x + w - 1, y + h - 1), fill=BEZEL_COLOR)


@lru_cache(maxsize=8)
def _corner(radius: int) -> Image.Image:
    """The part of a radius x radius square outside its rounded top-left corner (255 there)."""
    return ImageChops.invert(paint.rounded_mask((2 * radius + 1, 2 * radius + 1), radius)).crop(
        (0, 0, radius, radius)
    )


def _round_top(canvas: Image.Image, span: tuple[int, int, int], radius: int, color: RGB) -> None:
    """`color` in the two top corners of a square card (x0, y, x1) outside its rounding."""
    x0, y, x1 = span
    corner = _corner(radius)
    canvas.paste(color, (x0, y), corner)
    canvas.paste(color, (x1 - radius, y), corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT))


def _shadow_for(size: tuple[int, int], radius: int, ring: tuple[int, int] | None) -> Image.Image:
    """The soft shadow of a card of `size` (and of its callout ring), _PAD wider on every side."""
    w, h = size
    alpha = Image.new("L", (w + 2 * _PAD, h + 2 * _PAD), 0)
    d = ImageDraw.Draw(alpha)
    if ring is not None:
        gap, width = ring
        d.rounded_rectangle(
            (_PAD - gap, _PAD - gap, _PAD + w + gap, _PAD + h + gap),
            radius=radius + gap,
            outline=255,
            width=width,
        )
    alpha.paste(255, (_PAD, _PAD), paint.rounded_mask(size, radius))
    small = alpha.resize((alpha.width // 4, alpha.height // 4), Image.Resampling.BILINEAR)
    small = small.point(lambda v: v * 0.55).filter(ImageFilter.GaussianBlur(9))
    return small.resize(alpha.size, Image.Resampling.BILINEAR)


def memo(img: Image.Image, key: str, make: Callable[[], Image.Image]) -> Image.Image:
    """A picture derived from `img`, kept in the image's own info dict: decoded uploads are cached per
    deck (art.__init__), so every slide that blurs or crops the same screenshot does it once."""
    slot = f"_derived_{key}"
    found = img.info.get(slot)
    # Pillow copies `info` into every copy, crop and resize: an entry counts for the image it was
    # made from only. A weak reference, not id(): a derived image may be given a freed source's address.
    if isinstance(found, tuple) and found[0]() is img:
        return found[1]
    made = make()
    img.info[slot] = (weakref.ref(img), made)
    return made


def autocontrast(img: Image.Image) -> Image.Image:
    return ImageOps.autocontrast(img, cutoff=1)

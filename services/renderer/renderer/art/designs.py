"""The four designs. Each composes one slide into an RGB image and returns the text blocks it drew,
so tests can check them against the TikTok safe area."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.art import paint, text
from renderer.art.paint import RGB, H, Palette, W
from renderer.deck import DeckCopy, DeckStyle, SlideCopy

# TikTok safe area: nothing important in the top 10 %, the bottom 20 % (caption, music) or under the
# action buttons on the right.
SAFE: text.Box = (80, 192, W - 140, H - 384)
# Text boxes keep a margin inside it: glyphs with negative side bearings ink a few pixels outside.
INNER: text.Box = (SAFE[0] + 10, SAFE[1] + 10, SAFE[2] - 10, SAFE[3] - 10)


@dataclass(frozen=True)
class Placed:
    block: text.TextBlock
    stroke: int = 0


@dataclass
class Ctx:
    copy: DeckCopy
    style: DeckStyle
    index: int
    slide: SlideCopy
    pal: Palette
    shot: Image.Image | None
    lang: str
    placed: list[Placed]

    @property
    def total(self) -> int:
        return len(self.copy.slides)

    @property
    def is_hook(self) -> bool:
        return self.index == 0

    @property
    def is_cta(self) -> bool:
        return self.index == self.total - 1


def _fit(ctx: Ctx, value: str, box: text.Box, **spec: object) -> text.TextBlock:
    return text.fit(value[:600], ctx.lang, box, text.Spec(**spec))  # type: ignore[arg-type]


def _put(
    ctx: Ctx,
    d: ImageDraw.ImageDraw,
    block: text.TextBlock,
    fill: RGB,
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    text.draw(d, block, fill, stroke, stroke_fill)
    ctx.placed.append(Placed(block, stroke))


def _move(block: text.TextBlock, top: float) -> text.TextBlock:
    x0, _, x1, _ = block.box
    return dataclasses.replace(block, top=top, box=(x0, int(top), x1, int(top + block.height + 1)))


def _stack(
    blocks: list[text.TextBlock], area: text.Box, gap: int, valign: str = "center"
) -> list[text.TextBlock]:
    """Places blocks one under the other, the group aligned in `area` (the boxes were fitted to
    heights that add up to at most the area, so the group always fits)."""
    blocks = [b for b in blocks if b.lines]
    total = sum(b.height for b in blocks) + gap * max(0, len(blocks) - 1)
    if valign == "top":
        y = float(area[1])
    elif valign == "bottom":
        y = area[3] - total
    else:
        y = area[1] + (area[3] - area[1] - total) / 2
    out = []
    for b in blocks:
        out.append(_move(b, y))
        y += b.height + gap
    return out


def _chip(
    ctx: Ctx,
    d: ImageDraw.ImageDraw,
    label: str,
    x: int,
    y: int,
    bg: RGB,
    size: int = 34,
    max_w: int = 600,
    align: str = "left",
) -> int:
    """A pill with a one-line label; returns its right edge. `x` is the left edge (or right for align=right)."""
    if not label.strip():
        return x
    pad_x, pad_y = round(size * 0.7), round(size * 0.45)
    block = _fit(
        ctx,
        label,
        (x + pad_x, y + pad_y, x + max_w - pad_x, y + pad_y + round(size * 1.45)),
        style="bold",
        max_size=size,
        min_size=18,
        max_lines=1,
        leading=1.0,
        align="left",
    )
    if not block.lines:
        return x
    width = block.lines[0].width
    chip_w = round(width + 2 * pad_x)
    left = {"left": x, "right": x - chip_w}.get(align, x - chip_w // 2)
    block = dataclasses.replace(
        block, box=(left + pad_x, block.box[1], left + pad_x + round(width) + 1, block.box[3])
    )
    chip_h = round(block.height + 2 * pad_y)
    d.rounded_rectangle((left, y, left + chip_w, y + chip_h), radius=chip_h // 2, fill=bg)
    _put(ctx, d, _move(block, y + pad_y), paint.ink_for(bg))
    return left + chip_w


def _dots(d: ImageDraw.ImageDraw, ctx: Ctx, cx: int, y: int, on: RGB, off: RGB) -> None:
    n = ctx.total
    gap, r, active = 30, 7, 34
    width = (n - 1) * gap + active
    x = cx - width // 2
    for i in range(n):
        if i == ctx.index:
            d.rounded_rectangle((x, y - r, x + active, y + r), radius=r, fill=on)
            x += active + gap - 2 * r
        else:
            d.ellipse((x, y - r, x + 2 * r, y + r), fill=off)
            x += gap


def _title_spec(ctx: Ctx, style: str, align: str, big: int) -> dict[str, object]:
    size = big + 20 if ctx.is_hook else big
    return {"style": style, "max_size": size, "min_size": 34, "max_lines": 7, "align": align}


def _sub_spec(ctx: Ctx, align: str, size: int = 50) -> dict[str, object]:
    return {
        "style": "regular",
        "max_size": size,
        "min_size": 26,
        "max_lines": 4,
        "align": align,
        "leading": 1.25,
    }


def _button(ctx: Ctx, d: ImageDraw.ImageDraw, label: str, area: text.Box, bg: RGB) -> None:
    """The CTA's store line as a wide button, centered in `area`."""
    x0, y0, x1, y1 = area
    block = _fit(
        ctx,
        label,
        (x0 + 50, y0 + 26, x1 - 50, y1 - 26),
        style="bold",
        max_size=48,
        min_size=24,
        max_lines=2,
        align="center",
        leading=1.1,
    )
    h = round(block.height + 56)
    top = y0 + (y1 - y0 - h) // 2
    d.rounded_rectangle((x0, top, x1, top + h), radius=min(h // 2, 60), fill=bg)
    _put(ctx, d, _move(block, top + 28), paint.ink_for(bg))


# -- classic ----------------------------------------------------------------------------------------
def classic(ctx: Ctx) -> Image.Image:
    pal, r = ctx.pal, paint.rng(ctx.style.seed, "classic", ctx.style.niche, ctx.index)
    stops = [pal.primary, paint.mix(pal.primary, pal.secondary, 0.55), paint.shade(pal.secondary, 0.25)]
    if ctx.index % 2:
        stops.reverse()
    img = paint.backdrop(
        stops,
        "diagonal",
        [paint.mix(pal.accent, pal.primary, 0.5), pal.primary, paint.shade(pal.secondary, 0.3)],
        r,
        count=4,
    )
    d = ImageDraw.Draw(img)
    avg = paint.mix(pal.primary, pal.secondary, 0.5)
    ink = paint.ink_for(avg)
    outline = paint.shade(pal.secondary, 0.7) if ink[0] > 128 else (255, 255, 255)
    _dots(d, ctx, (INNER[0] + INNER[2]) // 2, INNER[1] + 20, ink, paint.mix(ink, avg, 0.6))
    if ctx.shot is not None:
        paint.phone(img, ctx.shot, (INNER[0], 860, INNER[2], 1640))
        area: text.Box = (INNER[0] + 30, INNER[1] + 110, INNER[2] - 30, 820)
    else:
        area = (INNER[0] + 40, INNER[1] + 110, INNER[2] - 40, INNER[3] - 40)
    _classic_text(ctx, img, area, ink, outline)
    return img


def _classic_text(ctx: Ctx, img: Image.Image, area: text.Box, ink: RGB, outline: RGB) -> None:
    x0, y0, x1, y1 = area
    d = ImageDraw.Draw(img)
    chip_h = 90 if ctx.slide.label and not ctx.is_cta else 0
    height = y1 - y0 - chip_h
    title_h = int(height * (0.6 if ctx.is_cta else 0.72))
    title = _fit(ctx, ctx.slide.title, (x0, 0, x1, title_h), **_title_spec(ctx, "bold", "center", 128))
    if ctx.is_cta:
        placed = _stack([title], (x0, y0, x1, y1 - 200), 0)
        _put(ctx, d, placed[0], ink, max(3, title.size // 16), outline)
        bottom = int(placed[0].top + placed[0].height) + 40
        _button(ctx, d, ctx.slide.subtitle, (x0, bottom, x1, bottom + 150), ctx.pal.accent)
        return
    blocks = [title]
    if ctx.slide.subtitle:
        blocks.append(
            _fit(
                ctx,
                ctx.slide.subtitle,
                (x0 + 30, 0, x1 - 30, height - title_h - 40),
                **_sub_spec(ctx, "center", 50),
            )
        )
    placed = _stack(blocks, (x0, y0 + chip_h, x1, y1), 44)
    if chip_h:
        _chip(
            ctx,
            d,
            ctx.slide.label.upper(),
            (x0 + x1) // 2,
            int(placed[0].top) - chip_h,
            ctx.pal.accent,
            36,
            max_w=x1 - x0,
            align="center",
        )
    _put(ctx, d, placed[0], ink, max(3, placed[0].size // 16), outline)
    for b in placed[1:]:
        boxes = text.line_boxes(b, 26, 12)
        scrim = paint.shade(ctx.pal.secondary, 0.55) if ink[0] > 128 else paint.tint(ctx.pal.primary, 0.8)
        paint.scrim(
            img, (min(x[0] for x in boxes), boxes[0][1], max(x[2] for x in boxes), boxes[-1][3]), scrim, 0.55
        )
        _put(ctx, d, b, ink)


# -- inspo ------------------------------------------------------------------------------------------
def inspo(ctx: Ctx) -> Image.Image:
    pal, r = ctx.pal, paint.rng(ctx.style.seed, "inspo", ctx.style.niche, ctx.index)
    top_c, bottom_c = paint.tint(pal.primary, 0.86), paint.tint(pal.secondary, 0.78)
    img = paint.backdrop(
        [top_c, paint.tint(pal.accent, 0.8), bottom_c],
        "vertical",
        [paint.tint(pal.accent, 0.55), paint.tint(pal.primary, 0.65), top_c],
        r,
        count=3,
        blur=26,
    )
    paint.speckle(img, r, 9000, paint.shade(top_c, 0.12), paint.tint(top_c, 0.6))
    d = ImageDraw.Draw(img)
    bg = paint.mix(top_c, bottom_c, 0.5)
    ink = paint.readable_on(paint.shade(pal.secondary, 0.55), bg, 7.0)
    accent = paint.readable_on(pal.primary, bg, 3.0)
    x0, y0, x1, y1 = INNER[0] + 20, INNER[1] + 40, INNER[2] - 10, INNER[3] - 80
    counter = _fit(
        ctx,
        f"{ctx.index + 1:02d} / {ctx.total:02d}",
        (x1 - 300, y0, x1, y0 + 60),
        style="regular",
        max_size=34,
        min_size=20,
        max_lines=1,
        align="right",
    )
    _put(ctx, d, counter, accent)
    if ctx.slide.label:
        _put(
            ctx,
            d,
            _fit(
                ctx,
                ctx.slide.label.upper(),
                (x0, y0, x1 - 320, y0 + 60),
                style="bold",
                max_size=34,
                min_size=20,
                max_lines=1,
                align="left",
            ),
            accent,
        )
    if ctx.shot is not None:
        paint.phone(img, ctx.shot, (x0, 930, x1, 1660), bezel=paint.shade(pal.secondary, 0.6))
        y1 = 880
    quote_size = 230 if ctx.shot is None else 160
    mark = text.fonts.font("serif_bold", quote_size)
    d.text((x0 - 6, y0 + 70), "“", font=mark, fill=paint.tint(accent, 0.35), anchor="lt")
    top = y0 + 70 + int(quote_size * 0.55)
    title_h = int((y1 - top) * 0.78)
    title = _fit(
        ctx,
        ctx.slide.title,
        (x0, top, x1, top + title_h),
        **_title_spec(ctx, "serif_italic", "start", 104),
        leading=1.15,
    )
    blocks = [title]
    sub = ctx.slide.subtitle
    if ctx.is_cta:
        sub = f"{ctx.slide.subtitle} · {ctx.slide.label}" if ctx.slide.label else ctx.slide.subtitle
    if sub:
        blocks.append(
            _fit(ctx, f"— {sub}", (x0, 0, x1, y1 - top - title_h - 40), **_sub_spec(ctx, "start", 46))
        )
    placed = _stack(blocks, (x0, top, x1, y1), 44, valign="center")
    _put(ctx, d, placed[0], ink)
    for b in placed[1:]:
        _put(ctx, d, b, accent)
    footer = _fit(
        ctx,
        ctx.style.app_name,
        (x0, INNER[3] - 60, x1, INNER[3]),
        style="bold",
        max_size=30,
        min_size=18,
        max_lines=1,
        align="start",
        valign="bottom",
    )
    if ctx.shot is None:
        _put(ctx, d, footer, paint.mix(ink, bg, 0.35))
    return img


# -- editorial split ------------------------------------------------------------------------------
def editorial(ctx: Ctx) -> Image.Image:
    pal, r = ctx.pal, paint.rng(ctx.style.seed, "editorial", ctx.style.niche, ctx.index)
    split = 800 if ctx.is_hook else 880
    stops = [pal.primary, paint.shade(pal.secondary, 0.2)]
    panel = paint.tint(pal.primary, 0.93)
    if ctx.shot is not None:
        img = paint.backdrop(stops, "diagonal", [pal.accent, pal.primary], r, count=2, blur=30)
        paint.phone(img, ctx.shot, (240, 110, 840, split + 60))
    else:
        img = paint.backdrop(stops, "diagonal", [], r, count=0)
        _editorial_shapes(ImageDraw.Draw(img), pal, r, split)
    d = ImageDraw.Draw(img)
    d.rectangle((0, split, W, H), fill=panel)
    ink = paint.readable_on(paint.shade(pal.secondary, 0.6), panel, 8.0)
    accent = paint.readable_on(pal.primary, panel, 3.5)
    d.rectangle((0, split, W, split + 12), fill=pal.accent)
    x0, x1 = INNER[0], INNER[2]
    chip_y = split + 50
    right = _chip(ctx, d, f"{ctx.index + 1:02d}/{ctx.total:02d}", x0, chip_y, ink, 34)
    if ctx.slide.label:
        _chip(ctx, d, ctx.slide.label.upper(), right + 16, chip_y, accent, 34, max_w=x1 - right - 16)
    top, bottom = chip_y + 120, INNER[3] - 10
    title_h = int((bottom - top) * (0.6 if ctx.is_cta else 0.7))
    title = _fit(
        ctx,
        ctx.slide.title,
        (x0, top, x1, top + title_h),
        **_title_spec(ctx, "bold", "start", 96),
        leading=1.08,
    )
    if ctx.is_cta:
        _put(ctx, d, _stack([title], (x0, top, x1, top + title_h), 0, "top")[0], ink)
        _button(ctx, d, ctx.slide.subtitle, (x0, top + title_h + 10, x1, bottom), accent)
        return img
    blocks = [title]
    if ctx.slide.subtitle:
        blocks.append(
            _fit(
                ctx,
                ctx.slide.subtitle,
                (x0, 0, x1, bottom - top - title_h - 30),
                **_sub_spec(ctx, "start", 44),
            )
        )
    placed = _stack(blocks, (x0, top, x1, bottom), 28, valign="top")
    _put(ctx, d, placed[0], ink)
    for b in placed[1:]:
        _put(ctx, d, b, paint.mix(ink, panel, 0.3))
    return img


def _editorial_shapes(d: ImageDraw.ImageDraw, pal: Palette, r: random.Random, split: int) -> None:
    cx, cy = r.randint(550, 900), r.randint(250, split - 250)
    rad = r.randint(260, 380)
    d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=pal.accent)
    ring = rad + 90
    d.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=paint.tint(pal.accent, 0.4), width=6)
    bx = r.randint(60, 300)
    d.rectangle((bx, split - 330, bx + 260, split - 70), fill=paint.tint(pal.primary, 0.25))
    for i in range(6):
        y = 140 + i * 36
        d.line((80, y, 300, y), fill=paint.tint(pal.primary, 0.5), width=4)


# -- brand studio ---------------------------------------------------------------------------------
def studio(ctx: Ctx) -> Image.Image:
    pal, r = ctx.pal, paint.rng(ctx.style.seed, "studio", ctx.style.niche, ctx.index)
    img = Image.new("RGB", (W, H), pal.primary)
    d = ImageDraw.Draw(img)
    _studio_shapes(d, pal, r, ctx.index)
    x0, x1 = INNER[0], INNER[2]
    y = INNER[1] + 30
    num_bg = pal.accent if paint.contrast(pal.accent, pal.primary) > 1.6 else paint.ink_for(pal.primary)
    d.ellipse((x0, y, x0 + 130, y + 130), fill=num_bg)
    num = _fit(
        ctx,
        f"{ctx.index + 1:02d}",
        (x0 + 15, y + 20, x0 + 115, y + 110),
        style="bold",
        max_size=60,
        min_size=30,
        max_lines=1,
    )
    _put(ctx, d, num, paint.ink_for(num_bg))
    if ctx.slide.label:
        _chip(
            ctx,
            d,
            ctx.slide.label.upper(),
            x0 + 160,
            y + 30,
            paint.shade(pal.secondary, 0.2),
            34,
            max_w=x1 - x0 - 160,
        )
    bottom = INNER[3] - 20
    if ctx.shot is not None:
        d.rounded_rectangle((x0 + 60, 980, x1 - 60, 1700), radius=40, fill=paint.shade(pal.secondary, 0.1))
        paint.phone(img, ctx.shot, (x0, 900, x1, 1640))
        bottom = 860
    top = y + 200
    box_bg = (255, 255, 255) if paint.luminance(pal.primary) < 0.5 else (17, 17, 17)
    box_ink = (
        pal.primary
        if paint.contrast(pal.primary, box_bg) >= 4.5
        else paint.readable_on(paint.shade(pal.primary, 0.35), box_bg, 7.0)
    )
    pad = 22
    title_h = int((bottom - top) * (0.6 if ctx.is_cta else 0.72))
    title = _fit(
        ctx,
        ctx.slide.title,
        (x0 + pad, top + pad, x1 - pad, top + title_h - pad),
        **_title_spec(ctx, "bold", "start", 92 if ctx.shot is not None else 116),
        leading=1.32,
    )
    blocks = [title]
    valign = "top" if ctx.shot is not None else "center"
    if ctx.is_cta:
        placed = _stack(blocks, (x0 + pad, top + pad, x1 - pad, bottom - 200), 0, valign)
    else:
        if ctx.slide.subtitle:
            blocks.append(
                _fit(
                    ctx,
                    ctx.slide.subtitle,
                    (x0, 0, x1, bottom - top - title_h - 90),
                    **_sub_spec(ctx, "start", 48),
                )
            )
        placed = _stack(blocks, (x0 + pad, top + pad, x1 - pad, bottom), 60, valign)
    for bx in text.line_boxes(placed[0], pad, 6):
        d.rounded_rectangle(bx, radius=14, fill=box_bg)
    _put(ctx, d, placed[0], box_ink)
    for b in placed[1:]:
        _put(ctx, d, b, paint.ink_for(pal.primary))
    if ctx.is_cta:
        below = int(placed[0].top + placed[0].height) + 50
        _button(ctx, d, ctx.slide.subtitle, (x0, below, x1, below + 150), num_bg)
    return img


def _studio_shapes(d: ImageDraw.ImageDraw, pal: Palette, r: random.Random, index: int) -> None:
    sec = pal.secondary if paint.contrast(pal.secondary, pal.primary) > 1.3 else paint.shade(pal.primary, 0.3)
    rad = r.randint(380, 520)
    cx = W - r.randint(-60, 140) if index % 2 == 0 else r.randint(-60, 200)
    d.ellipse((cx - rad, -rad // 2 - 80, cx + rad, rad + rad // 2 - 80), fill=sec)
    bx = r.randint(-100, 300)
    d.rectangle((bx, H - 460, bx + 520, H + 40), fill=paint.mix(pal.primary, pal.accent, 0.35))
    d.polygon([(W, H - 700), (W, H), (W - 520, H)], fill=paint.shade(pal.primary, 0.2))
    dot = (
        paint.tint(pal.primary, 0.3) if paint.luminance(pal.primary) < 0.5 else paint.shade(pal.primary, 0.25)
    )
    for i in range(5):
        for j in range(4):
            x, y = W - 120 - i * 34, H - 820 - j * 34
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=dot)


DESIGNS: dict[str, Callable[[Ctx], Image.Image]] = {
    "classic": classic,
    "inspo": inspo,
    "editorial-split": editorial,
    "brand-studio": studio,
}

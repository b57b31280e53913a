"""The four designs, native to TikTok photo mode: a full-bleed picture on every slide and big text in
the middle band, no counters, chips, quote marks or footers.

- classic: white heavy text with a dark outline over a deep picture, centered;
- inspo: a large serif on a soft, light picture, aligned to the reading side;
- editorial-split: the picture above, the words below on white highlight boxes;
- brand-studio: brand-colored highlight boxes over a brand-tinted picture, centered.

Within a deck the frame follows the slide's role (hook, problem, discovery, result, CTA): the hook is
the biggest text in the middle band, discovery and result slides show the app's screen when there is
one (with a callout ring), the CTA names the app above "link in bio".
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.art import imagery, paint, record, text
from renderer.art.paint import RGB, H, Palette, W
from renderer.deck import DeckCopy, DeckStyle, SlideCopy

# TikTok draws over the top 10 %, the bottom 20 % and the right 12 %: text stays inside SAFE.
# Text boxes keep 24 px inside it for outlines and highlight boxes.
SAFE: text.Box = (72, round(H * 0.10) + 24, round(W * 0.88) - 24, round(H * 0.80) - 24)

HOOK_MAX, HOOK_MIN = 150, 92
TITLE_MAX, TITLE_MIN = 92, 60
SUB_MAX, SUB_MIN = 58, 44
CUE_SIZE = 48

PROBLEM_ROLES = {"PROBLEM", "AGITATE", "BEFORE", "MYTH", "MISTAKE", "STRUGGLE", "SETUP", "MORNING"}
DISCOVERY_ROLES = {"SOLUTION", "TURNING_POINT", "DISCOVERY", "FEATURE", "FIX", "FACT", "POINT", "MIDDAY"}
RESULT_ROLES = {"PROOF", "RESULT", "AFTER", "BENEFIT", "REFLECTION", "EVENING"}


def role_kind(slide: SlideCopy, index: int, total: int) -> str:
    """hook | problem | discovery | result | cta, from the slide's role (custom roles by position)."""
    if index == 0:
        return "hook"
    if index == total - 1:
        return "cta"
    role = slide.role.upper()
    if role in PROBLEM_ROLES:
        return "problem"
    if role in DISCOVERY_ROLES:
        return "discovery"
    if role in RESULT_ROLES:
        return "result"
    return ("problem", "problem", "discovery", "result")[min(index - 1, 3)]


@dataclass
class Ctx:
    copy: DeckCopy
    style: DeckStyle
    index: int
    slide: SlideCopy
    kind: str
    pal: Palette
    lang: str
    rtl: bool
    shot: Image.Image | None  # this slide's screenshot (screenshots source)
    photo: Image.Image | None  # this slide's photo (photos source)
    cue: str  # the swipe prompt drawn under the hook
    records: list[record.TextRecord] = field(default_factory=list)

    @property
    def rng(self) -> random.Random:
        return paint.rng(self.style.seed, self.style.design, self.index)

    @property
    def start(self) -> str:
        return "right" if self.rtl else "left"


# -- text -------------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _fit(value: str, language: str, box: text.Box, spec: text.Spec) -> text.TextBlock:
    return text.fit(value, language, box, spec)


def hook_size(ctx: Ctx, style: str, width: int, height: int) -> int:
    """The size the deck's hook is drawn at: every other text of the deck stays below it."""
    hook = ctx.copy.slides[0].title
    spec = text.Spec(style=style, max_size=HOOK_MAX, min_size=HOOK_MIN, max_lines=6, leading=1.08)
    return _fit(hook, ctx.lang, (0, 0, width, height), spec).size


@dataclass(frozen=True)
class Group:
    """The words of one slide, fitted and stacked: label, title, subtitle or cue."""

    blocks: tuple[tuple[str, text.TextBlock], ...]  # (role, block) top to bottom


def group(ctx: Ctx, area: text.Box, title_style: str, align: str, sub_style: str = "text", gap: int = 34) -> Group:
    """Fits the slide's words into `area` and stacks them, centered vertically in it."""
    x0, y0, x1, y1 = area
    width, height = x1 - x0, y1 - y0
    is_hook = ctx.kind == "hook"
    cap = hook_size(ctx, title_style, width, int(height * 0.78))
    parts: list[tuple[str, str, text.Spec, int]] = []
    label = ctx.slide.label.strip()
    if label:
        parts.append((record.LABEL, label, text.Spec(sub_style, min(64, cap - 10), SUB_MIN, 1, 1.1, align), 110))
    if is_hook:
        spec = text.Spec(title_style, HOOK_MAX, HOOK_MIN, 6, 1.08, align)
        parts.append((record.HOOK, ctx.slide.title, spec, int(height * 0.78)))
    else:
        top = min(TITLE_MAX, cap - 8)
        spec = text.Spec(title_style, top, min(TITLE_MIN, top), 6, 1.1, align)
        parts.append((record.TITLE, ctx.slide.title, spec, int(height * 0.62)))
    second = ctx.cue if is_hook else ctx.slide.subtitle
    if second.strip():
        role = record.CUE if is_hook else record.SUBTITLE
        size = CUE_SIZE if is_hook else min(SUB_MAX, cap - 24)
        parts.append((role, second, text.Spec(sub_style, size, min(SUB_MIN, size), 3, 1.15, align), int(height * 0.28)))
    blocks = []
    for role, value, spec, h in parts:
        block = _fit(value, ctx.lang, (x0, 0, x1, h), spec)
        if block.lines:
            blocks.append((role, block))
    total = sum(b.height for _, b in blocks) + gap * max(0, len(blocks) - 1)
    y = y0 + (height - total) / 2
    placed = []
    for role, b in blocks:
        placed.append((role, b.moved(y)))
        y += b.height + gap
    return Group(tuple(placed))


def outlined(img: Image.Image, ctx: Ctx, g: Group, fill: RGB = (255, 255, 255), stroke_fill: RGB = (0, 0, 0), accent: RGB | None = None) -> None:
    """TikTok's classic caption: white heavy text with a dark stroke of about 13 % of the font size."""
    for role, block in g.blocks:
        stroke = max(3, round(block.size * 0.13))
        color = accent if role == record.LABEL and accent else fill
        text.draw(img, block, color, stroke, stroke_fill)
        ctx.records.append(record.of_block(ctx.index, role, block, ctx.lang, stroke))


def boxed(img: Image.Image, ctx: Ctx, g: Group, box_fill: RGB, ink: RGB, title_box: RGB | None = None, title_ink: RGB | None = None) -> None:
    """Highlight boxes: each line on its own rounded box that hugs the line (padding ~0.25 em)."""
    d = ImageDraw.Draw(img)
    for role, block in g.blocks:
        fill, color = (title_box, title_ink) if role in (record.HOOK, record.TITLE) and title_box and title_ink else (box_fill, ink)
        pad = round(block.size * 0.26)
        for bx in text.line_boxes(block, pad, round(block.size * 0.08)):
            d.rounded_rectangle(bx, radius=round(block.size * 0.2), fill=fill)
        text.draw(img, block, color)
        rec = record.of_block(ctx.index, role, block, ctx.lang)
        x0, y0, x1, y1 = rec.box
        ctx.records.append(_with_box(rec, (x0 - pad, y0 - pad, x1 + pad, y1 + pad)))


def plain(img: Image.Image, ctx: Ctx, g: Group, fill: RGB, sub_fill: RGB, shadow: bool = False) -> None:
    """Text without outline or box (the serif look), optionally with a soft drop shadow."""
    for role, block in g.blocks:
        color = fill if role in (record.HOOK, record.TITLE) else sub_fill
        if shadow:
            layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
            text.draw(layer, block.moved(block.top + 4), (0, 0, 0, 110))
            from PIL import ImageFilter

            img.paste(layer.filter(ImageFilter.GaussianBlur(6)), (0, 0), layer.filter(ImageFilter.GaussianBlur(6)))
        text.draw(img, block, color)
        ctx.records.append(record.of_block(ctx.index, role, block, ctx.lang))


def _with_box(rec: record.TextRecord, box: tuple[float, float, float, float]) -> record.TextRecord:
    from dataclasses import replace

    return replace(rec, box=box)


# -- pictures ---------------------------------------------------------------------------------------


def backdrop(ctx: Ctx, mood: str) -> Image.Image:
    """The slide's full-bleed picture for its image source."""
    if ctx.photo is not None:
        img = imagery.photo(ctx.photo)
        return img.copy()
    if ctx.shot is not None and ctx.kind in ("hook", "problem"):
        base = imagery.screen_fill(ctx.shot, 0.1) if ctx.kind == "hook" else imagery.blurred(ctx.shot, 28)
        return imagery.darken(base, 0.25 if mood == "soft" else 0.35)
    return imagery.brand(ctx.pal, ctx.rng, mood)


def shows_device(ctx: Ctx) -> bool:
    return ctx.shot is not None and ctx.kind in ("discovery", "result", "cta")


def place_device(img: Image.Image, ctx: Ctx, tilt: float, width: int, center_y: int, ring: RGB | None) -> None:
    assert ctx.shot is not None
    callout = ring if ctx.kind in ("discovery", "result") else None
    imagery.device(img, ctx.shot, (W // 2 - 30, center_y), width, tilt, callout=callout)


# -- classic ------------------------------------------------------------------------------------------


def classic(ctx: Ctx) -> Image.Image:
    img = backdrop(ctx, "deep")
    x0, y0, x1, y1 = SAFE
    if shows_device(ctx):
        tilt = (-5.0 if ctx.index % 2 else 5.0) * (-1 if ctx.rtl else 1)
        place_device(img, ctx, tilt, 600, 1330, ctx.pal.accent)
        area: text.Box = (x0, y0, x1, 700)
    else:
        area = (x0, round(H * 0.26), x1, round(H * 0.72))
    if ctx.photo is not None or ctx.shot is not None:
        img = imagery.scrim(img, area[1], area[3], 0.4)
    outlined(img, ctx, group(ctx, area, "display" if ctx.kind == "hook" else "title", "center"), accent=paint.readable_on(ctx.pal.accent, (0, 0, 0), 4.5))
    return img


# -- inspo --------------------------------------------------------------------------------------------


def inspo(ctx: Ctx) -> Image.Image:
    x0, y0, x1, y1 = SAFE
    soft = ctx.photo is None and ctx.shot is None
    img = backdrop(ctx, "soft")
    if shows_device(ctx):
        place_device(img, ctx, 0.0, 560, 1300, paint.tint(ctx.pal.primary, 0.2))
        area: text.Box = (x0 + 20, y0, x1, 680)
    else:
        area = (x0 + 20, round(H * 0.28), x1, round(H * 0.70))
    g = group(ctx, area, "serif", ctx.start, gap=40)
    if soft:
        bg = paint.tint(ctx.pal.primary, 0.78)
        ink = paint.readable_on(paint.shade(ctx.pal.secondary, 0.5), bg, 7.0)
        plain(img, ctx, g, ink, paint.readable_on(paint.shade(ctx.pal.primary, 0.45), bg, 4.5))
    else:
        img = imagery.scrim(img, area[1], area[3], 0.38)
        plain(img, ctx, g, (255, 255, 255), (245, 240, 232), shadow=True)
    return img


# -- editorial split ----------------------------------------------------------------------------------


def editorial(ctx: Ctx) -> Image.Image:
    x0, y0, x1, y1 = SAFE
    img = backdrop(ctx, "deep")
    if shows_device(ctx):
        place_device(img, ctx, -3.0 if not ctx.rtl else 3.0, 470, 700, ctx.pal.accent)
        area: text.Box = (x0 + 12, 1130, x1 - 12, y1)
    elif ctx.kind == "hook":
        area = (x0 + 12, round(H * 0.34), x1 - 12, round(H * 0.72))
    else:
        area = (x0 + 12, round(H * 0.42), x1 - 12, y1)
    g = group(ctx, area, "title" if ctx.kind != "hook" else "display", ctx.start, gap=40)
    boxed(img, ctx, g, (255, 255, 255), (17, 17, 17), paint.readable_on(ctx.pal.primary, (255, 255, 255), 1.0), (255, 255, 255) if ctx.kind in ("hook", "cta") else None)
    return img


# -- brand studio -------------------------------------------------------------------------------------


def studio(ctx: Ctx) -> Image.Image:
    x0, y0, x1, y1 = SAFE
    if ctx.photo is not None:
        img = _duotone(imagery.photo(ctx.photo), ctx.pal)
    else:
        img = backdrop(ctx, "vivid")
    if shows_device(ctx):
        place_device(img, ctx, 0.0, 580, 1320, (255, 255, 255))
        area: text.Box = (x0, y0, x1, 700)
    else:
        area = (x0, round(H * 0.28), x1, round(H * 0.72))
    g = group(ctx, area, "display" if ctx.kind == "hook" else "title", "center", gap=40)
    box = paint.shade(ctx.pal.secondary, 0.15)
    if paint.contrast(box, ctx.pal.primary) < 1.8:
        box = (17, 17, 17)
    hook_box = ctx.pal.accent if paint.contrast(ctx.pal.accent, ctx.pal.primary) > 1.4 else (255, 255, 255)
    if ctx.kind in ("hook", "cta"):
        boxed(img, ctx, g, box, (255, 255, 255), hook_box, paint.ink_for(hook_box))
    else:
        boxed(img, ctx, g, box, (255, 255, 255), (255, 255, 255), paint.readable_on(paint.shade(ctx.pal.primary, 0.3), (255, 255, 255), 4.5))
    return img


def _duotone(img: Image.Image, pal: Palette) -> Image.Image:
    from PIL import ImageOps

    gray = ImageOps.grayscale(img)
    return ImageOps.colorize(gray, black=paint.shade(pal.secondary, 0.4), white=paint.tint(pal.primary, 0.35), mid=pal.primary)


DESIGNS: dict[str, Callable[[Ctx], Image.Image]] = {
    "classic": classic,
    "inspo": inspo,
    "editorial-split": editorial,
    "brand-studio": studio,
}

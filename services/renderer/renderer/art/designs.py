"""The four designs, native to TikTok photo mode: a full-bleed picture on every slide and big text in
the middle band, no counters, chips, quote marks or footers.

- classic: white heavy text with a dark outline over a deep picture, centered;
- inspo: a large serif on a soft, light picture, aligned to the reading side;
- editorial-split: the picture above, the words below on white highlight boxes;
- brand-studio: brand-colored highlight boxes over a brand-tinted picture, centered.

Within a deck the frame follows the slide's role (hook, problem, discovery, result, CTA): the hook is
the biggest text in the middle band, discovery and result slides show the app's screen when there is
one (with a highlight), the CTA names the app above "link in bio" over its phone; a problem slide
without a picture sets its words bigger, on the brand scene at dusk.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from renderer.art import fonts, imagery, paint, record, script, text
from renderer.art.paint import RGB, H, Palette, W
from renderer.deck import DeckCopy, DeckStyle, SlideCopy, with_label

# TikTok draws over the top 10 %, the bottom 20 % and the right 12 %: text stays inside SAFE, with 2 %
# more on the right (words, and highlight boxes most, ending at the like/comment rail look crowded).
# Text boxes keep 24 px inside it for outlines and highlight boxes.
SAFE: text.Box = (72, round(H * 0.10) + 24, round(W * 0.86) - 24, round(H * 0.80) - 24)

HOOK_MAX, HOOK_MIN, HOOK_MIN_CJK = 150, 72, 64
TITLE_MAX, TITLE_MIN, TITLE_MIN_CJK = 92, 60, 52
HOOK_SHARE = 0.78  # of its area's height, the rest for the swipe cue
# Titles stay clearly smaller than the deck's hook (at 0.8 reviewers saw hooks "barely larger", at 0.75
# a myth's note "about 1.2x" under the hook).
TITLE_TO_HOOK = 0.7
# A problem slide's words with no picture beside them: the slide's only content, bigger, but clearly
# under the hook (at 0.85 round 27 read hooks "only 5-10 % larger" than a myth or a problem in 8 decks).
BARE_TITLE_MAX, BARE_TO_HOOK = 112, 0.75
# Discovery and result slides with a screen: the words above, a phone rising from the bottom edge.
DEVICE_TEXT_BOTTOM = 900  # words above the screen card
# Discovery and result slides show the screen 72 % of the slide wide, from under the words (CARD_GAP
# below them, never above CARD_TOP_MIN), running off the bottom edge; what matters sits above
# CARD_BOTTOM (the caption zone starts there).
CARD_W, CARD_TOP_MIN, CARD_GAP, CARD_BOTTOM = 780, 560, 64, 1500
SUB_MAX, SUB_MIN = 66, 50  # STYLE: body 64-90 px (round 29 read 58 as small), nothing below ~44 px
CTA_SUB = 72  # the CTA's "link in bio": the line the deck exists for
CUE_SIZE = 48
BOX_PAD = 28  # highlight boxes reach at most this far beyond their text (about 0.25 em)

PROBLEM_ROLES = {"PROBLEM", "AGITATE", "BEFORE", "MYTH", "MISTAKE", "STRUGGLE", "SETUP", "MORNING"}
DISCOVERY_ROLES = {"SOLUTION", "TURNING_POINT", "DISCOVERY", "FEATURE", "FIX", "FACT", "POINT", "MIDDAY"}
RESULT_ROLES = {"PROOF", "RESULT", "AFTER", "BENEFIT", "REFLECTION", "EVENING"}


def role_kind(slide: SlideCopy, index: int, total: int, screens: bool = False) -> str:
    """hook | problem | discovery | result | cta, from the slide's role (custom roles by position).
    With `screens` (the deck shows the app's screens, not photos) a problem slide whose words name the
    app's fix is a discovery: three mistakes in a row on text cards read as a deck without pictures."""
    if index == 0:
        return "hook"
    if index == total - 1:
        return "cta"
    if screens and slide.shows_app:
        return "discovery"
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
    shot_turn: int  # how many phone slides showed this screenshot before (each shows another part);
    # imagery.TOP_OF_SCREEN for a hook's teaser (the top of a screen no other slide shows)
    photo: Image.Image | None  # this slide's photo, already cropped to the slide (photos source)
    cue: str  # the swipe prompt drawn under the hook
    hook_phone: bool = False  # the deck's hook shows the app's phone under it (screenshots decks)
    title_cap: int = 0  # a list item's title at most this size (its siblings' smallest; 0: none)
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


def _cjk(value: str) -> bool:
    """CJK glyphs fill their em square: they read as large as Latin text about a fifth bigger."""
    return script.dominant(value) in ("Han", "Hiragana", "Katakana", "Hangul")


def _hook_spec(ctx: Ctx, style: str, align: str) -> text.Spec:
    low = HOOK_MIN_CJK if _cjk(ctx.copy.slides[0].title) else HOOK_MIN
    return text.Spec(style, HOOK_MAX, low, 7, 1.08, align)


def hook_size(ctx: Ctx, hook_area: text.Box, style: str, pad: int, gap: int = 0) -> int:
    """The size the deck's hook is drawn at (in the design's hook area, or above the phone, with the
    room its swipe cue and the `gap` over it take, as group() fits it): every other text stays below
    it."""
    if ctx.hook_phone:
        hook_area = over_phone(hook_area)
    x0, y0, x1, y1 = hook_area[0] + pad, hook_area[1] + pad, hook_area[2] - pad, hook_area[3] - pad
    room = (y1 - y0) - (gap if ctx.copy.slides[0].subtitle.strip() else 0)
    block = _fit(
        ctx.copy.slides[0].title,
        ctx.lang,
        (x0, 0, x1, int(room * HOOK_SHARE)),
        _hook_spec(ctx, style, "center"),
    )
    return block.size


@dataclass(frozen=True)
class Group:
    """The words of one slide, fitted and stacked: label, title, subtitle or cue."""

    blocks: tuple[tuple[str, text.TextBlock], ...]  # (role, block) top to bottom


# A result that opens with its number ("87 % der Mitglieder ...", "83% of members ..."): in classic the
# number is set on a line of its own, bigger than the title, in the label's place and color. Blind A/B
# (round 31d): preferred in classic's outlined words 6 of 6; in the boxed designs an unboxed number
# read as another style and pushed the phone down (old preferred 7 of 8), so they keep one block.
STAT = re.compile(r"^(\d{1,3}(?:[.,]\d+)?\s?[%٪％]|\d{1,3}(?:[.,]\d+)?\s?[x×])\s+(\S.*)$")
STAT_TO_HOOK = 0.9
STAT_TITLE = 0.6  # the words under the number, at most this much of its size


def group(
    ctx: Ctx,
    area: text.Box,
    hook_area: text.Box,
    title_style: str,
    align: str,
    sub_style: str = "text",
    gap: int = 34,
    pad: int = 0,
    inline_number: bool = False,
    stat_lead: bool = False,
) -> Group:
    """Fits the slide's words into `area` and stacks them, centered vertically in it; the title takes
    what the label and gaps leave, the subtitle what the title leaves, so the group always fits. `pad`
    is room kept around every block (highlight boxes reach that far beyond their text);
    `inline_number`: a list's number starts its title ("1. No time ...") instead of a line of its own;
    `stat_lead`: a result that opens with its number sets the number on a line of its own (STAT)."""
    x0, y0, x1, y1 = area[0] + pad, area[1] + pad, area[2] - pad, area[3] - pad
    gap += 2 * pad
    height = y1 - y0
    is_hook = ctx.kind == "hook"
    cap = hook_size(ctx, hook_area, "display" if title_style == "title" else title_style, pad, gap)
    label, headline = ctx.slide.label.strip(), ctx.slide.title
    if label and not label.strip(".").isdigit():
        # "Myth", "Before", "Morning" join their headline ("Myth: you need a gym"): a word set apart
        # over it reads as a template's chip. A list's number stays on its own line.
        label, headline = "", with_label(label, headline, ctx.lang)
    elif label and inline_number and label.endswith(".") and not _opens_with_a_number(ctx.copy):
        # "1. No time ..."; a right-to-left deck's number has no stop and, inline, read as part of
        # the line ("4 صور التقدم": "4 progress photos"): it keeps its own line, and so do the numbers
        # of a list with an item that opens with a number ("4. 83 %" read as "4.83 %").
        label, headline = "", f"{label} {headline}"
    second = ctx.cue if is_hook else ctx.slide.subtitle.strip()
    stat = STAT.match(headline) if stat_lead and ctx.kind == "result" and not label else None
    if stat:  # "87 %" big over "der Mitglieder sind ...": alone on a title's line it read as a fragment
        label, headline = stat.group(1), stat.group(2)

    def stack(number: int) -> list[tuple[str, text.TextBlock]]:
        return _stack(
            ctx,
            (x0, x1),
            height,
            gap,
            label,
            headline,
            second,
            cap,
            number,
            title_style,
            sub_style,
            align,
            stat is not None,
        )

    if not label:
        blocks = stack(0)
    else:
        # The label as big as it may be: fitted small first (the title's room), then from its largest
        # down until the title and the subtitle keep their minimums and no word is cut (above a phone,
        # in Arabic's tall lines; a Japanese subtitle was cut mid-word). A list's number goes up to
        # its title's size; a result's number (stat) up to STAT_TO_HOOK of the hook.
        blocks = stack(SUB_MIN)
        largest = round(cap * STAT_TO_HOOK) if stat else blocks[1][1].size
        for size in range(largest, SUB_MIN, -8):
            again = stack(size)
            if all(b.size >= b.spec.min_size and not any(ln.forced for ln in b.lines) for _, b in again[1:]):
                blocks = again
                break
    blocks = [(r, b) for r, b in blocks if b.lines]
    total = sum(b.height for _, b in blocks) + gap * max(0, len(blocks) - 1)
    y = y0 + (height - total) / 2
    placed = []
    for role, b in blocks:
        placed.append((role, b.moved(y)))
        y += b.height + gap
    return Group(tuple(placed))


def _opens_with_a_number(copy: DeckCopy) -> bool:
    """Whether an item of the deck's list opens with a number ("83 % der Mitglieder", "10-minute ...")."""
    return any(s.layout_type == "list" and s.title[:1].isdigit() for s in copy.slides)


def _stack(
    ctx: Ctx,
    cols: tuple[int, int],
    height: int,
    gap: int,
    label: str,
    headline: str,
    second: str,
    cap: int,
    number: int,
    title_style: str,
    sub_style: str,
    align: str,
    stat: bool = False,
) -> list[tuple[str, text.TextBlock]]:
    """The group's blocks fitted into `height`: the label (a list's number, or with `stat` a result's, at
    most `number` px), the title with what the label and gaps leave, the subtitle with what the title
    leaves."""
    x0, x1 = cols
    is_hook = ctx.kind == "hook"
    blocks: list[tuple[str, text.TextBlock]] = []
    room = height
    if label:
        # Part of the headline ("Myth", "1."), set like it in the accent color, not a chip. In Latin
        # metrics (below), so in the face a Latin word of this deck gets: a serif deck in Arabic or
        # Japanese sets its words in sans, and Latin serif numbers over them read as another font
        # (round 29).
        spec = text.Spec(
            fonts.latin_style(title_style if not is_hook else sub_style, ctx.lang),
            number,
            SUB_MIN,
            1,
            1.05,
            align,
        )
        # A number, set in Latin metrics: in Arabic's (lines twice the size tall) it came out a third
        # smaller than in English, or, given the room, left the title too little.
        block = _fit(label, "en", (x0, 0, x1, 2 * spec.max_size), spec)
        blocks.append((record.LABEL, block))
        room -= block.height + gap
    if second:
        room -= gap
    if is_hook:
        spec = _hook_spec(ctx, title_style, align)
        share = HOOK_SHARE
        role = record.HOOK
    else:
        if words_alone(ctx):
            top = min(BARE_TITLE_MAX, round(cap * BARE_TO_HOOK))
        else:
            top = min(TITLE_MAX, round(cap * TITLE_TO_HOOK))
        if ctx.title_cap:
            top = min(top, ctx.title_cap)
        low = TITLE_MIN_CJK if _cjk(ctx.slide.title) else TITLE_MIN
        if stat:  # the number is the slide's headline; what it counts reads under it, smaller
            top = max(low, min(top, round(number * STAT_TITLE)))
        spec = text.Spec(title_style, top, min(low, top), 6, 1.1, align)
        share = 0.7 if second else 1.0
        role = record.TITLE
    if second:
        size = CUE_SIZE if is_hook else min(CTA_SUB if ctx.kind == "cta" else SUB_MAX, cap - 24)
        sub_spec = text.Spec(sub_style, size, min(SUB_MIN, size), 3, 1.15, align)
        # The subtitle keeps the room it needs at its minimum size (Arabic's tall lines need twice
        # Latin's): squeezed by a 70 % share for the title, it came out at 32 px.
        least = _fit(second, ctx.lang, (x0, 0, x1, H), replace(sub_spec, max_size=sub_spec.min_size))
        share = max(0.5, min(share, 1 - least.height / max(room, 1)))
    title = _fit(headline, ctx.lang, (x0, 0, x1, int(room * share)), spec)
    blocks.append((role, title))
    room -= title.height
    if second:
        spec = sub_spec
        blocks.append(
            (
                record.CUE if is_hook else record.SUBTITLE,
                _fit(second, ctx.lang, (x0, 0, x1, max(int(room), 1)), spec),
            )
        )
    return blocks


def outlined(
    img: Image.Image,
    ctx: Ctx,
    g: Group,
    fill: RGB = (255, 255, 255),
    stroke_fill: RGB = (0, 0, 0),
    accent: RGB | None = None,
) -> None:
    """TikTok's classic caption: white heavy text with a dark stroke of about 13 % of the font size. The
    accent color marks the label, the outcome of a result slide and the CTA's "link in bio"."""
    numbered = any(role == record.LABEL for role, _ in g.blocks)  # a result's number is its mark then
    for role, block in g.blocks:
        stroke = max(3, round(block.size * 0.13))
        marked = (
            role == record.LABEL
            or (role == record.TITLE and ctx.kind == "result" and not numbered)
            or (role == record.SUBTITLE and ctx.kind == "cta")
        )
        color = accent if marked and accent else fill
        text.draw(img, block, color, stroke, stroke_fill)
        ctx.records.append(record.of_block(ctx.index, role, block, ctx.lang, stroke))


def boxed(
    img: Image.Image,
    ctx: Ctx,
    g: Group,
    box_fill: RGB,
    ink: RGB,
    title_box: RGB | None = None,
    title_ink: RGB | None = None,
) -> None:
    """Highlight boxes: each line on its own rounded box that hugs the line (padding ~0.25 em). A
    list's number ("1.") goes without a box (a number in a box reads as a page counter): in the title
    box's color, or white, with a dark outline."""
    d = ImageDraw.Draw(img)
    for role, block in g.blocks:
        if role == record.LABEL:
            stroke = max(3, round(block.size * 0.13))
            text.draw(img, block, title_box or (255, 255, 255), stroke, (17, 17, 17))
            ctx.records.append(record.of_block(ctx.index, role, block, ctx.lang, stroke))
            continue
        fill, color = (
            (title_box, title_ink)
            if role in (record.HOOK, record.TITLE, record.LABEL) and title_box and title_ink
            else (box_fill, ink)
        )
        pad = min(round(block.size * 0.26), BOX_PAD)
        for bx in text.line_boxes(block, pad, round(block.size * 0.08)):
            d.rounded_rectangle(bx, radius=round(block.size * 0.2), fill=fill)
        text.draw(img, block, color)
        rec = record.of_block(ctx.index, role, block, ctx.lang)
        x0, y0, x1, y1 = rec.box
        ctx.records.append(_with_box(rec, (x0 - pad, y0 - pad, x1 + pad, y1 + pad)))


def plain(
    img: Image.Image,
    ctx: Ctx,
    g: Group,
    fill: RGB,
    sub_fill: RGB,
    shadow: bool = False,
    shadow_strength: float = 0.5,
) -> None:
    """Text without outline or box (the serif look), optionally with a soft drop shadow."""
    for role, block in g.blocks:
        color = fill if role in (record.HOOK, record.TITLE) else sub_fill
        if shadow:
            soft_shadow(img, block, strength=shadow_strength)
        text.draw(img, block, color)
        ctx.records.append(record.of_block(ctx.index, role, block, ctx.lang))


def soft_shadow(img: Image.Image, block: text.TextBlock, offset: int = 5, strength: float = 0.5) -> None:
    """A blurred dark copy of the text under it; blurred at quarter size over the text's box only."""
    ink = text.ink_box(block)
    if ink is None:
        return
    m = 32
    x0, y0 = max(0, int(ink[0]) - m), max(0, int(ink[1]) - m + offset)
    x1, y1 = min(W, int(ink[2]) + m), min(H, int(ink[3]) + m + offset)
    region = Image.new("L", (x1 - x0, y1 - y0), 0)
    text.draw(region, block.moved(block.top + offset), (round(255 * strength),), emoji=False, origin=(x0, y0))
    small = region.resize((max(1, region.width // 4), max(1, region.height // 4)), Image.Resampling.BILINEAR)
    soft = small.filter(ImageFilter.GaussianBlur(2.5)).resize(region.size, Image.Resampling.BILINEAR)
    img.paste((0, 0, 0), (x0, y0), soft)


def _with_box(rec: record.TextRecord, box: tuple[float, float, float, float]) -> record.TextRecord:
    return replace(rec, box=box)


# -- pictures ---------------------------------------------------------------------------------------


def backdrop(ctx: Ctx, mood: str, band: tuple[float, float, float] | None = None) -> Image.Image:
    """The slide's full-bleed picture for its image source (a photo graded overcast on a problem
    slide), with a scrim over `band` (y0, y1, strength) when one is given."""
    if ctx.photo is not None:
        img = imagery.overcast(ctx.photo) if ctx.kind == "problem" else ctx.photo
    else:
        light = light_of(ctx.style.seed, ctx.index)
        if not bare(ctx):  # a hook's words in the middle band: the light above them
            return imagery.brand(ctx.pal, ctx.rng, mood, light, high=ctx.kind == "hook", band=band)
        # A problem slide's words alone: the brand color in the dark, at dusk (a light pastel scene,
        # for dark words, stays light and goes grey).
        if mood == "soft":
            img = imagery.overcast(imagery.brand(ctx.pal, ctx.rng, mood, light, evening=True))
        else:
            img = imagery.dusk(imagery.brand(ctx.pal, ctx.rng, "deep", light, evening=True))
    return img if band is None else imagery.scrim(img, *band)


def light_of(seed: int, index: int = 0) -> str:
    """Slide `index`'s light on the wall (imagery.LIGHTS): the deck's first picked by its seed, so
    decks of one app differ (round 24: every fitness deck stood in front of the same window), and
    each slide after it the next, as photos taken around one room (one light on every slide read as
    one photo used six times: blind A/B, 16 decks, 7 to 4)."""
    first = imagery.LIGHTS.index(paint.rng(seed, "light").choice(imagery.LIGHTS))
    return imagery.LIGHTS[(first + index) % len(imagery.LIGHTS)]


def settle(ctx: Ctx, g: Group, margin: int = 48) -> Group:
    """On a photo (not the hook, which keeps the middle band), the words move up or down to the calmest
    part of the picture their size allows: over sky or a wall, not over a face or the thing pictured."""
    if ctx.photo is None or ctx.kind == "hook" or not g.blocks:
        return g
    top, bottom = extent(g)
    height = bottom - top + 2 * margin
    x0, y0, x1, y1 = SAFE
    best = imagery.calmest_top(ctx.photo, x0, x1, y0 - margin, y1 + margin, height, top - margin)
    shift = best + margin - top
    return Group(tuple((role, b.moved(b.top + shift)) for role, b in g.blocks))


def _around(g: Group, margin: int = 40) -> text.Box:
    """The rows the group covers, `margin` beyond (where a scrim goes)."""
    top, bottom = extent(g)
    return (0, round(top) - margin, W, round(bottom) + margin)


def extent(g: Group) -> tuple[float, float]:
    """The top of the group's first block and the bottom of its last."""
    return g.blocks[0][1].top, max(b.top + b.height for _, b in g.blocks)


def bare(ctx: Ctx) -> bool:
    """A problem slide with neither photo nor phone: its words alone, set as the deck sets them, bigger,
    on the brand scene at dusk (a note card for them read as a second, template-like style: a blind
    comparison preferred this in 12 of 12 decks)."""
    return ctx.kind == "problem" and words_alone(ctx)


def words_alone(ctx: Ctx) -> bool:
    """A slide after the hook with neither photo nor phone (a brand deck of an app without screenshots):
    its words are its picture, set as big as a bare problem slide's, not at the size they take over a
    phone."""
    return ctx.kind != "hook" and ctx.photo is None and ctx.shot is None


# A problem slide's words alone carry one big emoji over them, the way a person's text-only slide does
# (rounds 28-29: "text alone on the brand scene"); the role picks it.
PAIN_MARKS = {"MYTH": "\u274c", "MISTAKE": "\U0001f926", "AGITATE": "\U0001f62e\u200d\U0001f4a8"}
PAIN_MARK, PAIN_MARK_PX, PAIN_MARK_GAP = "\U0001f629", 190, 36
PAIN_MARK_LOWEST = round(H * 0.72)


def pain_mark(img: Image.Image, ctx: Ctx, g: Group, area: text.Box, align: str = "center") -> Group:
    """On a bare problem slide, the role's emoji over the words (aligned as they are in `area`), the two
    centered together where the words were; other slides unchanged."""
    if not bare(ctx) or not g.blocks or ctx.slide.role.upper() in ("SETUP", "MORNING"):
        return g
    mark = text.emoji_image(PAIN_MARKS.get(ctx.slide.role.upper(), PAIN_MARK), PAIN_MARK_PX)
    mark = mark.crop(mark.getbbox() or (0, 0, mark.width, mark.height))
    # Down by half its room, not past the middle band's end (editorial's low words went to 78 %).
    shift = max(0.0, min((mark.height + PAIN_MARK_GAP) / 2, PAIN_MARK_LOWEST - extent(g)[1]))
    moved = Group(tuple((role, b.moved(b.top + shift)) for role, b in g.blocks))
    top = round(extent(moved)[0] - PAIN_MARK_GAP - mark.height)
    x0, x1 = area[0], area[2]
    left = {"left": x0, "right": x1 - mark.width}.get(align, (x0 + x1 - mark.width) // 2)
    img.paste(mark, (left, top), mark)
    return moved


DEVICE_KINDS = ("discovery", "result", "cta")  # slides that show the app's screen (and a screenshots hook)
# A screenshots deck's hook: the words in the upper middle band, the phone rising below them.
HOOK_PHONE_TOP, HOOK_PHONE_BOTTOM = round(H * 0.2), round(H * 0.58)


def shows_device(ctx: Ctx) -> bool:
    return ctx.shot is not None


HOOK_FLOOR = 100  # a hook that fits above the phone only smaller goes without it (STYLE: 100-150 px)


def hook_fits_over_phone(copy: DeckCopy, design: str = "classic", niche: str = "") -> bool:
    """Whether the deck's hook, as `design` sets it (its face, its hook area's width, the room its
    boxes keep), fits above a screenshots hook's phone at HOOK_FLOOR or more: a long hook squeezed
    there reads no bigger than the titles, so the hook slide keeps the whole middle band instead."""
    area, face, pad, gap = HOOK_LAYOUT.get(design, HOOK_LAYOUT["classic"])
    if design == "inspo":
        face = inspo_face(niche, True)
    hook = copy.slides[0]
    x0, x1 = area[0] + pad, area[2] - pad
    room = HOOK_PHONE_BOTTOM - HOOK_PHONE_TOP - 2 * pad - (gap + 2 * pad if hook.subtitle.strip() else 0)
    spec = text.Spec(face, HOOK_MAX, HOOK_MIN_CJK if _cjk(hook.title) else HOOK_MIN, 7, 1.08, "center")
    block = _fit(hook.title, copy.language, (x0, 0, x1, int(room * HOOK_SHARE)), spec)
    return block.size >= HOOK_FLOOR


def over_phone(hook_area: text.Box) -> text.Box:
    """A design's hook area moved above the phone of a screenshots hook."""
    return (hook_area[0], HOOK_PHONE_TOP, hook_area[2], HOOK_PHONE_BOTTOM)


def words_area(ctx: Ctx, area: text.Box, hook_area: text.Box) -> text.Box:
    """Where a slide's words go: `area` on a slide without the phone; above it otherwise (the hook in
    the middle band, other words at the top of the safe area)."""
    if not shows_device(ctx):
        return area
    if ctx.kind == "hook":
        return over_phone(hook_area)
    return (area[0], SAFE[1], area[2], DEVICE_TEXT_BOTTOM)


def words_up(ctx: Ctx, g: Group, pad: int = 0) -> Group:
    """Words over a phone go to the top of the safe area (a hook keeps its middle band)."""
    return top_words(g, pad) if shows_device(ctx) and ctx.kind != "hook" else g


def top_words(g: Group, pad: int = 0) -> Group:
    """The words moved to the top of the safe area (a slide with a screen: the card goes under them)."""
    if not g.blocks:
        return g
    shift = SAFE[1] + pad - extent(g)[0]
    return Group(tuple((role, b.moved(b.top + shift)) for role, b in g.blocks))


def place_device(img: Image.Image, ctx: Ctx, frame: RGB | None, g: Group, pad: int = 0) -> None:
    """The app's screen as a phone rising from the slide's bottom edge under the words `g` (at the top,
    see top_words): the part that matters in view above the caption zone, the rest running off the
    slide. Discovery and result screens get a highlight in `frame`'s color: one block of the screen
    brought forward, the rest dimmed; the CTA's phone shows the top of the app, or, when an earlier slide
    showed that screen, another part of it (its top again read as a rerun of that slide). Drawn after any
    scrim, so the screen keeps its own colors."""
    top = max(CARD_TOP_MIN, round(extent(g)[1]) + pad + CARD_GAP if g.blocks else CARD_TOP_MIN)
    assert ctx.shot is not None
    left = W // 2 - 30 - CARD_W // 2
    box = (left, top, left + CARD_W, H)
    turn = imagery.TOP_OF_SCREEN if ctx.kind == "cta" and not ctx.shot_turn else ctx.shot_turn
    found = imagery.screen_card(img, ctx.shot, box, None, turn, CARD_BOTTOM)
    if frame is not None and found is not None and ctx.kind not in ("cta", "hook"):
        imagery.highlight(img, found, frame)


# -- classic ------------------------------------------------------------------------------------------
CLASSIC_HOOK: text.Box = (SAFE[0], round(H * 0.26), SAFE[2], round(H * 0.74))


# classic's band behind outlined words on a photo (at 0.4, round 21 read 'outline alone on a busy photo').
CLASSIC_PHOTO_SCRIM = 0.5


def classic_words(ctx: Ctx) -> tuple[text.Box, Group]:
    x0, y0, x1, y1 = SAFE
    area = words_area(
        ctx, CLASSIC_HOOK if ctx.kind == "hook" else (x0, round(H * 0.28), x1, round(H * 0.72)), CLASSIC_HOOK
    )
    style = "display" if ctx.kind == "hook" else "title"
    return area, group(ctx, area, CLASSIC_HOOK, style, "center", stat_lead=True)


def classic(ctx: Ctx) -> Image.Image:
    img = backdrop(ctx, "deep")
    area, g = classic_words(ctx)
    g = words_up(ctx, settle(ctx, g))
    g = pain_mark(img, ctx, g, area)
    if ctx.photo is not None or (ctx.shot is not None and not shows_device(ctx)):  # a picture behind words
        band = area if ctx.photo is None else _around(g, 70)
        img = imagery.scrim(
            img,
            band[1],
            band[3],
            0.55 if ctx.kind == "hook" and ctx.shot is not None else CLASSIC_PHOTO_SCRIM,
        )
    if shows_device(ctx):
        place_device(img, ctx, ctx.pal.accent, g)
    outlined(img, ctx, g, accent=paint.readable_on(ctx.pal.accent, (0, 0, 0), 4.5))
    return img


# -- inspo --------------------------------------------------------------------------------------------
INSPO_HOOK: text.Box = (SAFE[0] + 20, round(H * 0.26), SAFE[2], round(H * 0.72))


# The light pastel look and the serif suit calm niches; elsewhere inspo sets a heavy sans in white on
# the deep brand scene (a quiet pastel, or a serif, reads low-energy for a workout or a game).
SOFT_NICHES = {"meditation", "health", "parenting", "food", "travel", "photo_editing", "music"}


def inspo_face(niche: str, hook: bool) -> str:
    """The serif in calm niches (STYLE: the aesthetic niches' treatment), else the heavy sans."""
    if niche in SOFT_NICHES:
        return "serif"
    return "display" if hook else "title"


# inspo's unoutlined serif on a photo: a band (at 0.6 with a light shadow reviewers read "thin text on a
# busy picture"; at 0.72 three rounds read the photos as murky, and a blind comparison preferred 0.55
# with a denser shadow in 5 of 5 decks, the words as readable) and a shadow of INSPO_PHOTO_SHADOW.
INSPO_PHOTO_SCRIM, INSPO_PHOTO_SHADOW = 0.55, 0.8
# ... on its own calm scene, a lighter one (at 0.55 over a deep scene, round 19: 'flat, muddy, dark').
INSPO_SCENE_SCRIM = 0.35


def inspo_words(ctx: Ctx) -> tuple[text.Box, Group]:
    x0, y0, x1, y1 = SAFE
    face = inspo_face(ctx.style.niche, ctx.kind == "hook")
    area = words_area(
        ctx, INSPO_HOOK if ctx.kind == "hook" else (x0 + 20, round(H * 0.28), x1, round(H * 0.70)), INSPO_HOOK
    )
    return area, group(ctx, area, INSPO_HOOK, face, ctx.start, gap=40)


def inspo(ctx: Ctx) -> Image.Image:
    calm = ctx.style.niche in SOFT_NICHES
    soft = calm and ctx.photo is None and (ctx.shot is None or shows_device(ctx))  # a light backdrop
    area, g = inspo_words(ctx)
    g = words_up(ctx, settle(ctx, g))
    scrim = None
    if not soft:
        # Its words have no outline: on a photo their band is darker and wider than an outlined
        # design's (rock and foliage behind thin strokes read as noise).
        band = area if ctx.photo is None else _around(g, 90)
        scrim = band[1], band[3], INSPO_SCENE_SCRIM if ctx.photo is None else INSPO_PHOTO_SCRIM
    img = backdrop(ctx, "soft" if calm else "deep", scrim)
    g = pain_mark(img, ctx, g, area, ctx.start)  # over the band: its emoji keeps its colors
    if shows_device(ctx):
        place_device(img, ctx, paint.shade(ctx.pal.primary, 0.1), g)
    if soft:
        bg = paint.tint(ctx.pal.primary, 0.62)
        ink = paint.readable_on(paint.shade(ctx.pal.secondary, 0.5), bg, 7.0)
        plain(img, ctx, g, ink, paint.readable_on(paint.shade(ctx.pal.primary, 0.45), bg, 4.5))
    else:
        strength = INSPO_PHOTO_SHADOW if ctx.photo is not None else 0.5
        plain(img, ctx, g, (255, 255, 255), (245, 240, 232), shadow=True, shadow_strength=strength)
    return img


# -- editorial split ----------------------------------------------------------------------------------
EDITORIAL_HOOK: text.Box = (SAFE[0], round(H * 0.22), SAFE[2], SAFE[3])


def editorial_words(ctx: Ctx) -> tuple[text.Box, Group]:
    x0, y0, x1, y1 = SAFE
    # Low on the slide, under the picture's subject; words with no picture take the middle band too.
    low = round(H * (0.28 if words_alone(ctx) else 0.40))
    area = words_area(ctx, EDITORIAL_HOOK if ctx.kind == "hook" else (x0, low, x1, y1), EDITORIAL_HOOK)
    style = "display" if ctx.kind == "hook" else "title"
    return area, group(ctx, area, EDITORIAL_HOOK, style, ctx.start, gap=12, pad=BOX_PAD)


def editorial(ctx: Ctx) -> Image.Image:
    """The picture fills the slide; the words sit low on white boxes, aligned to the reading side (with a
    screen, the words go above it)."""
    img = backdrop(ctx, "deep")
    area, g = editorial_words(ctx)
    g = words_up(ctx, g, BOX_PAD)
    g = pain_mark(img, ctx, g, area, ctx.start)
    if shows_device(ctx):
        place_device(img, ctx, ctx.pal.accent, g, BOX_PAD)
    # The hook and the CTA on the brand's accent when it stands out from the scene (lit in the primary
    # color), else on its primary color.
    if paint.contrast(ctx.pal.accent, ctx.pal.primary) > 1.4:
        brand_box = ctx.pal.accent
    else:
        brand_box = paint.readable_on(ctx.pal.primary, (255, 255, 255), 1.0)
    title_box = brand_box if ctx.kind in ("hook", "cta") else None
    boxed(
        img, ctx, g, (255, 255, 255), (17, 17, 17), title_box, paint.ink_for(brand_box) if title_box else None
    )
    return img


# -- brand studio -------------------------------------------------------------------------------------
STUDIO_HOOK: text.Box = (SAFE[0], round(H * 0.24), SAFE[2], round(H * 0.76))


def studio_words(ctx: Ctx) -> tuple[text.Box, Group]:
    x0, y0, x1, y1 = SAFE
    area = words_area(
        ctx, STUDIO_HOOK if ctx.kind == "hook" else (x0, round(H * 0.28), x1, round(H * 0.72)), STUDIO_HOOK
    )
    style = "display" if ctx.kind == "hook" else "title"
    # A list's number inside the title's box: on a line of its own, outlined, it made a third text style
    # beside the two boxes (round 21: 'reads as a template').
    return area, group(ctx, area, STUDIO_HOOK, style, "center", gap=12, pad=BOX_PAD, inline_number=True)


def studio(ctx: Ctx) -> Image.Image:
    img = backdrop(
        ctx, "vivid"
    )  # a photo as it is: the boxes carry the brand (a wash made photos look muddy)
    area, g = studio_words(ctx)
    g = settle(ctx, g, max(48, BOX_PAD))
    g = pain_mark(img, ctx, words_up(ctx, g, BOX_PAD), area)
    if shows_device(ctx):
        place_device(img, ctx, ctx.pal.accent, g, BOX_PAD)
    box = paint.shade(ctx.pal.secondary, 0.15)
    if paint.contrast(box, ctx.pal.primary) < 1.8:
        box = (17, 17, 17)
    hook_box = ctx.pal.accent if paint.contrast(ctx.pal.accent, ctx.pal.primary) > 1.4 else (255, 255, 255)
    if ctx.kind in ("hook", "cta"):
        boxed(img, ctx, g, box, (255, 255, 255), hook_box, paint.ink_for(hook_box))
    else:
        title_ink = paint.readable_on(paint.shade(ctx.pal.primary, 0.3), (255, 255, 255), 4.5)
        boxed(img, ctx, g, box, (255, 255, 255), (255, 255, 255), title_ink)
    return img


DESIGNS: dict[str, Callable[[Ctx], Image.Image]] = {
    "classic": classic,
    "inspo": inspo,
    "editorial-split": editorial,
    "brand-studio": studio,
}
# Each design's words as it fits them (sizes and places before any picture moves them).
WORDS: dict[str, Callable[[Ctx], tuple[text.Box, Group]]] = {
    "classic": classic_words,
    "inspo": inspo_words,
    "editorial-split": editorial_words,
    "brand-studio": studio_words,
}
# Each design's hook: its area, face, the room its boxes keep and the gap to its swipe cue (as the
# design calls group()).
HOOK_LAYOUT: dict[str, tuple[text.Box, str, int, int]] = {
    "classic": (CLASSIC_HOOK, "display", 0, 34),
    "inspo": (INSPO_HOOK, "serif", 0, 40),
    "editorial-split": (EDITORIAL_HOOK, "display", BOX_PAD, 12),
    "brand-studio": (STUDIO_HOOK, "display", BOX_PAD, 12),
}

"""Slide rendering: DeckCopy + DeckStyle -> six 1080x1920 PNGs. Pure (no I/O besides the shipped fonts).

PNGs are written by encode_png (Up filter + deflate level 1, ISA-L): a fraction of Pillow's default CPU cost for
files about twice as large (numbers in the renderer's report / `make bench`).
"""

from __future__ import annotations

import ctypes
import io
import struct
import zlib
from functools import lru_cache

import numpy as np
from isal import isal_zlib
from PIL import Image

from renderer.art import designs, fonts, imagery, paint, record, script
from renderer.deck import DeckCopy, DeckStyle

SIZE = (paint.W, paint.H)
PNG_COMPRESS_LEVEL = 1


def compose(copy: DeckCopy, index: int, style: DeckStyle) -> tuple[Image.Image, list[record.TextRecord]]:
    """The slide as an image plus the layout record of every text box drawn on it."""
    if not 0 <= index < len(copy.slides):
        raise IndexError(f"slide {index} out of range")
    ctx = _context(copy, index, style)
    ctx.title_cap = _title_caps(copy, style)[index]
    draw = designs.DESIGNS.get(style.design, designs.classic)
    img = draw(ctx)
    if ctx.photo is not None:
        # 6 bits a channel: invisible on photographic grain, and a third smaller as PNG.
        img = img.point(_SIX_BITS * 3)
    return img, ctx.records


def _context(copy: DeckCopy, index: int, style: DeckStyle, to_draw: bool = True) -> designs.Ctx:
    """What the design needs to draw slide `index`; without `to_draw`, to fit its words only (its photo
    is the kept crop, not a copy to draw on)."""
    lang = copy.language
    slide = copy.slides[index]
    total = len(copy.slides)
    screens = bool(style.screenshots) and style.image_source != "photos"  # a photo is picture enough
    kind = designs.role_kind(slide, index, total, screens)
    # A screenshots deck opens on the phone when its hook's screen decodes (decoding that one only)
    # and the hook fits above it at a hook's size.
    hook_phone = (
        style.image_source == "screenshots"
        and designs.hook_fits_over_phone(copy, style.design, style.niche)
        and _screen_for(copy, 0, style.screenshots, True)[0] is not None
    )
    # Results show the app's proof (its last screen: progress, a result) unless the deck has photos.
    results = style.image_source != "photos"
    shot, turn = (
        _screen_for(copy, index, style.screenshots, hook_phone, results)
        if hook_phone or kind in ("discovery", "cta") or (results and kind == "result")
        else (None, 0)
    )
    photo = None
    if style.image_source == "photos":
        photo = _photo(_in_deck_order(style.photos, style.seed), index, to_draw)
    return designs.Ctx(
        copy=copy,
        style=style,
        index=index,
        slide=slide,
        kind=kind,
        pal=paint.palette(style.primary, style.secondary, style.accent, style.niche),
        lang=lang,
        rtl=fonts.main_script(lang) in script.RTL_SCRIPTS,
        shot=shot,
        shot_turn=turn,
        photo=photo,
        cue=slide.subtitle if index == 0 else "",
        hook_phone=hook_phone,
    )


LIST_TITLE_SPREAD = 6  # px a list item's title may stand above its smallest sibling's


@lru_cache(maxsize=4)
def _title_caps(copy: DeckCopy, style: DeckStyle) -> tuple[int, ...]:
    """Each slide's title cap (0: none): a list's items set their titles at about one size, the smallest
    item's (within LIST_TITLE_SPREAD) among the items drawn alike (with a phone, on a photo, words
    alone); a short item at 92 px after a long one at 69 read as another style (round 29). A
    listicle's last item, which leads with the result (copy._listicle), is not one of them."""
    caps = [0] * len(copy.slides)
    items = [i for i, s in enumerate(copy.slides) if s.layout_type == "list" and 0 < i < len(copy.slides) - 1]
    if copy.slides[4].role == "POINT":  # a listicle's last item leads with the result: it is set as one
        items = [i for i in items if i != 4]
    if len(items) < 2:
        return tuple(caps)
    words = designs.WORDS.get(style.design, designs.classic_words)
    # Again with the caps until they hold: under its cap a title can come out smaller than it did
    # without one (another line break wins at the lower size), and the others must follow it. Caps only
    # go down, so this ends.
    for _ in range(4):
        sizes: dict[int, tuple[tuple[str, bool, bool], int]] = {}
        for i in items:
            ctx = _context(copy, i, style, to_draw=False)
            ctx.title_cap = caps[i]
            title = next((b for role, b in words(ctx)[1].blocks if role == record.TITLE), None)
            if title is not None:
                sizes[i] = ((ctx.kind, ctx.shot is not None, designs.bare(ctx)), title.size)
        capped = list(caps)
        for i, (alike, _) in sizes.items():
            capped[i] = min(size for other, size in sizes.values() if other == alike) + LIST_TITLE_SPREAD
        if capped == caps:
            break
        caps = capped
    return tuple(caps)


_SIX_BITS = [min(v + 2, 255) & 0xFC for v in range(256)]


def _screen_for(
    copy: DeckCopy, index: int, screenshots: tuple[bytes, ...], hook_phone: bool = False, results: bool = True
) -> tuple[Image.Image | None, int]:
    """The screenshot of slide `index` (see screen_plan) and how many slides showed it before (a
    screen shown again is cropped around another part of it); only the screens used are decoded, one
    that does not decode gives way to the next."""
    total = len(copy.slides)
    kinds = [designs.role_kind(s, i, total, bool(screenshots) and results) for i, s in enumerate(copy.slides)]
    features = [s.feature for s in copy.slides]
    planned = screen_plan(kinds, len(screenshots), hook_phone, results or hook_phone, results, features)[
        index
    ]
    if planned is None:
        return None, 0
    first, turn = planned
    for k in range(len(screenshots)):
        found = _screen(screenshots[(first + k) % len(screenshots)])
        if found is not None:
            return found, turn
    return None, 0


def screen_plan(
    kinds: list[str],
    count: int,
    every_slide: bool,
    results: bool | None = None,
    again: bool = True,
    features: list[int] | None = None,
) -> list[tuple[int, int] | None]:
    """Which of `count` screenshots each slide shows, and how many slides showed it before: (screen,
    turn), or None for a slide without the phone (the others stand on their backdrop: a blurred
    screen behind words reads as a page still loading). Discovery slides show the app's screens in
    turn from the first (the app's screens come in the order of its features); the deck's last result
    (its proof) shows the last screen (where the app leads: progress, a result), kept for it when
    there are three or more (an earlier result the next screen in turn); the CTA the top of a screen
    not shown yet if any, else another part of the least shown (see _cta_rank), as one big phone in every deck
    (two side by side read as small, three as a collage). With `every_slide` (a screenshots deck) the hook
    shows the top of a screen no other slide shows, if any; with
    `results` (default:
    `every_slide`; a brand deck too) results have the phone; elsewhere only discovery slides and the
    CTA do. Without `again` (a photos deck: its photo is picture enough) no screen is shown twice, and
    with three screens or more the last is kept for the CTA.
    `features`: which of the app's features each slide names (-1: none); a discovery slide naming one
    shows its screen (the screens come in the order of the features) when no slide showed it yet: a
    day's midday about the AI coach over the first screen, the day's goal ring, read as the wrong
    picture."""
    results = every_slide if results is None else results
    plan: list[tuple[int, int] | None] = [None] * len(kinds)
    if count == 0:
        return plan
    shown = [0] * count

    def take(screen: int) -> tuple[int, int] | None:
        if shown[screen] and not again:
            return None
        shown[screen] += 1
        return screen, shown[screen] - 1

    last = count - 1
    last_result = max((i for i, k in enumerate(kinds) if k == "result"), default=-1)
    # The last screen (the app's proof) is kept for the deck's last result, or, in a deck that shows
    # no screen twice, for its CTA (which would otherwise show one again: round 28).
    keep_last = count >= 3 and ((results and "result" in kinds) or (not again and "cta" in kinds))
    pool = [i for i in range(count) if not (keep_last and i == last)]
    step = 0
    named = features or [-1] * len(kinds)

    def in_turn(i: int) -> tuple[int, int] | None:
        """The screen of the feature slide i names, else the next in turn not shown yet (if any)."""
        nonlocal step
        if named[i] in pool and not shown[named[i]]:
            return take(named[i])
        order = pool[step % len(pool) :] + pool[: step % len(pool)]
        step += 1
        return take(next((s for s in order if not shown[s]), order[0]))

    for i, kind in enumerate(kinds):
        if i == 0:
            continue  # the hook's teaser is chosen last, from what the other slides leave
        if kind == "discovery":
            plan[i] = in_turn(i)
        elif kind == "result" and results:
            if i != last_result and len(pool) > 1:  # an earlier result: the next screen in turn
                plan[i] = in_turn(i)
            else:  # the deck's proof (its last result, where a number goes)
                plan[i] = take(last)
        elif kind == "cta":
            screen = (
                last
                if keep_last and not shown[last]
                else min(range(count), key=lambda s: _cta_rank(s, shown, plan, i))
            )
            shown[screen] += 1  # even in a photos deck: the deck ends on the app
            plan[i] = screen, shown[screen] - 1
    if every_slide and kinds:  # the top of a screen no other slide shows, no highlight: a teaser; none
        # when every screen is shown (a screen on slide 1 again on slide 5 or 6 read as a repeat).
        unused = [s for s in range(count) if not shown[s]]
        plan[0] = (max(unused), imagery.TOP_OF_SCREEN) if unused else None
    return plan


def _cta_rank(screen: int, shown: list[int], plan: list[tuple[int, int] | None], i: int) -> tuple[int, ...]:
    """The CTA's screen: one not shown yet, else the least shown, and not the slide before's (a bare
    CTA read as an unfinished slide; a screen seen twice in a row as a mistake). The hook's teaser
    is chosen after it, from what is left."""
    before = plan[i - 1] if i else None
    return (shown[screen], before is not None and before[0] == screen, screen)


# Caches of one deck's pictures, sized to what a deck shows (at most six screens or photos, each with the
# crops of its turns). render_with_layout clears the photos after each deck and the screens when a deck
# of other screenshots comes (see _keep_screens_of).
@lru_cache(maxsize=16)
def _screen(data: bytes) -> Image.Image | None:
    """A screenshot as the phone shows it: scaled to the phone card's width once (every slide that
    shows it crops it), and without the full-size copy (a phone screen at @3x is 9 MB decoded)."""
    img = paint.open_image(data) if data else None
    if img is None or img.width <= designs.CARD_W:
        return img
    # Box (area averaging): on a ~0.7x downscale of flat UI as crisp as Hamming, at half its cost.
    return img.resize((designs.CARD_W, round(img.height * designs.CARD_W / img.width)), Image.Resampling.BOX)


@lru_cache(maxsize=12)
def _decoded(data: bytes) -> Image.Image | None:
    return paint.open_image(data) if data else None


def _photo(photos: tuple[bytes, ...], index: int, to_draw: bool = True) -> Image.Image | None:
    """Slide i's photo, cropped to 9:16 around its subject; a photo shown again (fewer photos than
    slides) is cropped around another part of it, so no two slides look the same."""
    data = _photo_of(photos, index)
    if data is None:
        return None
    turn = sum(1 for j in range(index) if _photo_of(photos, j) == data)
    # Slides draw on it: a copy, so the kept crop stays clean for whatever render asks for it next.
    return _cropped(data, turn).copy() if to_draw else _cropped(data, turn)


def _in_deck_order(photos: tuple[bytes, ...], seed: int) -> tuple[bytes, ...]:
    """The app's photos starting at one picked by the deck's seed: decks of one app open on different
    pictures instead of showing the same ones in the same order."""
    if not photos:
        return photos
    start = seed % len(photos)
    return photos[start:] + photos[:start]


def _photo_of(photos: tuple[bytes, ...], index: int) -> bytes | None:
    """Photo i, or the next one that decodes (decoding only what is used)."""
    for k in range(len(photos)):
        data = photos[(index + k) % len(photos)]
        if _decoded(data) is not None:
            return data
    return None


@lru_cache(maxsize=12)
def _cropped(data: bytes, turn: int = 0) -> Image.Image:
    img = _decoded(data)
    assert img is not None
    return imagery.photo(img, turn)


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def encode_png(img: Image.Image) -> bytes:
    """8-bit RGB PNG with the "Up" filter on every row but the first, the residuals computed in one
    numpy subtraction straight into the filtered rows, then deflate level 1 by ISA-L (isal: the same
    zlib stream as zlib's level 1 and about the same size here, five times faster). Pillow's own
    encoder tries every filter on every row, which costs more than the compression itself on these
    smooth, vertically graded slides."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    pixels = np.asarray(img).reshape(h, w * 3)
    raw = np.empty((h, 1 + w * 3), np.uint8)  # each row: its filter type, then its bytes
    raw[:, 0] = 2  # Up
    raw[0, 0] = 0  # row 0 has no row above: None
    raw[0, 1:] = pixels[0]
    np.subtract(pixels[1:], pixels[:-1], out=raw[1:, 1:])  # uint8: modulo 256, as PNG wants
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", isal_zlib.compress(raw.data, PNG_COMPRESS_LEVEL))
        + _chunk(b"IEND", b"")
    )


def render_slide(copy: DeckCopy, index: int, style: DeckStyle) -> bytes:
    return encode_png(compose(copy, index, style)[0])


def render_deck(copy: DeckCopy, style: DeckStyle) -> list[bytes]:
    return render_with_layout(copy, style)[0]


def render_with_layout(
    copy: DeckCopy, style: DeckStyle, encode: bool = True
) -> tuple[list[bytes], list[record.TextRecord]]:
    """The six PNGs and the deck's layout record (for the lint); without `encode`, the record only."""
    pngs, records = [], []
    _keep_screens_of(style.screenshots)
    try:
        for i in range(len(copy.slides)):
            img, placed = compose(copy, i, style)
            if encode:
                pngs.append(encode_png(img))
            records.extend(placed)
    finally:
        # Decoded photos (and the crops kept on them) serve one deck: another deck's pictures are other
        # bytes, and a worker keeping them would grow by megabytes a picture.
        _decoded.cache_clear()
        _cropped.cache_clear()
        _title_caps.cache_clear()  # it holds the deck's copy and style, pictures included
        _return_freed_memory()
    return pngs, records


_LIBC = ctypes.CDLL(None)


def _return_freed_memory() -> None:
    """Hands the heap's free pages back to the system after a deck (glibc's malloc_trim; ~6 ms). A deck
    frees tens of megabytes of slide-sized images that glibc would otherwise keep in the heap, scattered
    between what stays: a worker then sat ~170 MB above what it held, and a photos deck's peak on top of
    that took it past 500 MB. A fixed mmap threshold returns them too, but at 40 % more CPU a deck."""
    trim = getattr(_LIBC, "malloc_trim", None)  # glibc only
    if trim is not None:
        trim(0)


_screens_of: int | None = None


def _keep_screens_of(screenshots: tuple[bytes, ...]) -> None:
    """Keeps the decoded screens of the last app for its next deck (decks of an app come in runs: a
    campaign, a batch of variants; decoding five screens again was half a screenshots deck's CPU) and
    drops them when another app's deck comes, so a worker holds one app's screens at most (~5 MB a
    screen at the phone's width). The hash only decides when to drop: the cache is keyed by the bytes."""
    global _screens_of
    if hash(screenshots) != _screens_of:
        _screen.cache_clear()
        _screens_of = hash(screenshots)


def to_jpeg(png: bytes, quality: int = 90) -> bytes:
    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
    buf = io.BytesIO()
    rgb.save(buf, format="JPEG", quality=quality, optimize=False, progressive=False)
    return buf.getvalue()

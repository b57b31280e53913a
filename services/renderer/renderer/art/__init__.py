"""Slide rendering: DeckCopy + DeckStyle -> six 1080x1920 PNGs. Pure (no I/O besides the shipped fonts).

PNGs are written by encode_png (Up filter + deflate level 1, ISA-L): a fraction of Pillow's default CPU cost for
files about twice as large (numbers in the renderer's report / `make bench`).
"""

from __future__ import annotations

import dataclasses
import io
import struct
import zlib
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImageChops

from renderer.art import designs, fonts, paint
from renderer.deck import DeckCopy, DeckStyle, SlideCopy

SIZE = (paint.W, paint.H)
PNG_COMPRESS_LEVEL = 1


def compose(copy: DeckCopy, index: int, style: DeckStyle) -> tuple[Image.Image, list[designs.Placed]]:
    """The slide as an image plus every text block drawn on it (for layout checks)."""
    if not 0 <= index < len(copy.slides):
        raise IndexError(f"slide {index} out of range")
    shots = (
        [im for im in (_shot(b) for b in style.screenshots) if im is not None]
        if style.image_source == "screenshots"
        else []
    )
    shot = shots[index % len(shots)] if shots else None
    lang = copy.language if copy.language != "en" else (style.language or "en")
    ctx = designs.Ctx(
        copy=copy,
        style=style,
        index=index,
        slide=_with_title(copy.slides[index], style.app_name, lang),
        pal=paint.palette(style.primary, style.secondary, style.accent, style.niche),
        shot=shot,
        lang=lang,
        placed=[],
    )
    draw = designs.DESIGNS.get(style.design, designs.classic)
    img = draw(ctx)
    return img, ctx.placed


def _with_title(slide: SlideCopy, app_name: str, lang: str) -> SlideCopy:
    """A slide whose title has nothing drawable (empty, emoji only) shows the app name instead."""
    for candidate in (slide.title, app_name, "•"):
        if fonts.renderable(candidate, "bold", lang):
            return slide if candidate == slide.title else dataclasses.replace(slide, title=candidate)
    return slide


@lru_cache(maxsize=8)
def _shot(data: bytes) -> Image.Image | None:
    return paint.open_image(data) if data else None


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def encode_png(img: Image.Image) -> bytes:
    """8-bit RGB PNG with the "Up" filter on every row but the first, the residuals computed in C by
    ImageChops, then deflate level 1 by ISA-L (isal: the same zlib stream as zlib's level 1 and
    about the same size here, five times faster). Pillow's own encoder tries every filter on every
    row, which costs more than the compression itself on these smooth, vertically graded slides."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    stride = w * 3
    residual = ImageChops.subtract_modulo(img, ImageChops.offset(img, 0, 1)).tobytes()
    first = img.crop((0, 0, w, 1)).tobytes()  # row 0 has no row above: filter type 0 (None)
    raw = (
        b"\x00"
        + first
        + b"".join(b"\x02" + residual[i : i + stride] for i in range(stride, len(residual), stride))
    )
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", isal_zlib.compress(raw, PNG_COMPRESS_LEVEL))
        + _chunk(b"IEND", b"")
    )


def render_slide(copy: DeckCopy, index: int, style: DeckStyle) -> bytes:
    return encode_png(compose(copy, index, style)[0])


def render_deck(copy: DeckCopy, style: DeckStyle) -> list[bytes]:
    return [render_slide(copy, i, style) for i in range(len(copy.slides))]


def to_jpeg(png: bytes, quality: int = 90) -> bytes:
    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
    buf = io.BytesIO()
    rgb.save(buf, format="JPEG", quality=quality, optimize=False, progressive=False)
    return buf.getvalue()

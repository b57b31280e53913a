"""Colors and imagery: palettes, gradients, soft shapes, texture, device frames. Everything heavy is
drawn at low resolution and scaled up (smooth content scales well and keeps PNG encoding cheap)."""

from __future__ import annotations

import io
import random
import re
import struct
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

import pyspng
from PIL import Image, ImageDraw, ImageFilter, ImageOps

from renderer import catalog

W, H = 1080, 1920
RGB = tuple[int, int, int]

NICHE_PALETTES: dict[str, tuple[str, str, str]] = {
    "fitness": ("#FF4D2E", "#1A1A2E", "#FFD23F"),
    "productivity": ("#4F46E5", "#0EA5E9", "#F59E0B"),
    "finance": ("#0F766E", "#064E3B", "#FBBF24"),
    "language_learning": ("#16A34A", "#0EA5E9", "#FACC15"),
    "meditation": ("#7C3AED", "#1E1B4B", "#F9A8D4"),
    "dating": ("#E11D48", "#FB7185", "#FDE68A"),
    "education": ("#2563EB", "#1E3A8A", "#F97316"),
    "games": ("#8B5CF6", "#111827", "#22D3EE"),
    "health": ("#10B981", "#0F172A", "#F472B6"),
    "travel": ("#0EA5E9", "#F97316", "#FDE047"),
    "food": ("#F97316", "#7C2D12", "#84CC16"),
    "photo_editing": ("#111827", "#F43F5E", "#A78BFA"),
    "music": ("#1DB954", "#121212", "#F472B6"),
    "parenting": ("#F59E0B", "#FB7185", "#60A5FA"),
    "shopping": ("#F43F5E", "#111827", "#FACC15"),
    "social": ("#3B82F6", "#9333EA", "#F472B6"),
}
DEFAULT_PALETTE = ("#6366F1", "#0F172A", "#F59E0B")
_HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


def parse_hex(value: str) -> RGB | None:
    m = _HEX.match((value or "").strip())
    if not m:
        return None
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


@dataclass(frozen=True)
class Palette:
    primary: RGB
    secondary: RGB
    accent: RGB


def palette(primary: str, secondary: str, accent: str, niche: str) -> Palette:
    """The app's brand colors; missing ones come from the niche's palette."""
    found = catalog.niche(niche)
    key = found.key if found else niche.strip().lower()
    fallback = [_must_hex(c) for c in NICHE_PALETTES.get(key, DEFAULT_PALETTE)]
    own = parse_hex(primary)
    p = own or fallback[0]
    s = parse_hex(secondary) or (shade(p, 0.45) if own else fallback[1])
    a = parse_hex(accent) or (tint(p, 0.6) if own else fallback[2])
    return Palette(p, s, a)


def _must_hex(value: str) -> RGB:
    rgb = parse_hex(value)
    assert rgb is not None, value
    return rgb


def luminance(c: RGB) -> float:
    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_for(bg: RGB) -> RGB:
    """White or near-black text, whichever contrasts more with the background."""
    white, black = (255, 255, 255), (17, 17, 17)
    return white if contrast(white, bg) >= contrast(black, bg) else black


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def shade(c: RGB, t: float) -> RGB:
    return mix(c, (0, 0, 0), t)


def tint(c: RGB, t: float) -> RGB:
    return mix(c, (255, 255, 255), t)


def readable_on(c: RGB, bg: RGB, minimum: float = 3.0) -> RGB:
    """`c`, darkened or lightened until it reaches `minimum` contrast against bg."""
    target = (0, 0, 0) if luminance(bg) > 0.3 else (255, 255, 255)
    for step in range(11):
        out = mix(c, target, step / 10)
        if contrast(out, bg) >= minimum:
            return out
    return target


def rng(seed: int, *parts: object) -> random.Random:
    return random.Random(f"{seed}:" + ":".join(str(p) for p in parts))


def gradient(size: tuple[int, int], stops: list[RGB], angle: str = "vertical") -> Image.Image:
    """Linear gradient through the stops (vertical, or diagonal at about 25 degrees); a new image
    each call, drawn once per size, stops and angle (a deck repeats its gradients)."""
    return _gradient(size, tuple(stops), angle).copy()


@lru_cache(maxsize=32)
def _gradient(size: tuple[int, int], stops: tuple[RGB, ...], angle: str) -> Image.Image:
    n = 256
    strip = Image.new("RGB", (1, n))
    px = strip.load()
    assert px is not None
    for i in range(n):
        t = i / (n - 1) * (len(stops) - 1)
        k = min(int(t), len(stops) - 2)
        px[0, i] = mix(stops[k], stops[k + 1], t - k)
    if angle != "diagonal":
        return strip.resize(size, Image.Resampling.BILINEAR)
    side = int((size[0] ** 2 + size[1] ** 2) ** 0.5) + 2
    sq = strip.resize((side, side), Image.Resampling.BILINEAR).rotate(-25, resample=Image.Resampling.BILINEAR)
    left, top = (side - size[0]) // 2, (side - size[1]) // 2
    return sq.crop((left, top, left + size[0], top + size[1]))


SMALL = (W // 4, H // 4)


def backdrop(
    stops: list[RGB],
    angle: str,
    blobs: list[RGB],
    r: random.Random,
    count: int = 4,
    blur: float = 18,
    grain: float = 0.0,
    seed: int = 0,
) -> Image.Image:
    """Gradient + blurred blobs (the "mesh gradient" look) + optional grain, composed at quarter
    resolution and scaled up once: smooth content costs little to draw and to encode."""
    w, h = SMALL
    small = gradient(SMALL, stops, angle)
    if count:
        d = ImageDraw.Draw(small)
        for i in range(count):
            cx, cy = r.uniform(-0.1, 1.1) * w, r.uniform(-0.05, 1.05) * h
            rad = r.uniform(0.25, 0.5) * w
            d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=blobs[i % len(blobs)])
        small = small.filter(ImageFilter.GaussianBlur(blur))
    if grain:
        noise = _grain(seed % 4, SMALL)
        small = Image.blend(small, Image.merge("RGB", (noise, noise, noise)), grain)
    return small.resize((W, H), Image.Resampling.BILINEAR)


@lru_cache(maxsize=8)
def _grain(seed: int, size: tuple[int, int]) -> Image.Image:
    return noise(size, 48 + seed, seed)


def noise(size: tuple[int, int], sigma: float, seed: int) -> Image.Image:
    """Gaussian noise about mid-grey ("L"), the same for the same arguments in any process. Not Pillow's
    effect_noise: it draws from C's rand(), whose state the whole process shares, so a deck's grain
    would depend on the decks drawn before it."""
    uniform = Image.frombytes("L", size, random.Random(seed).randbytes(size[0] * size[1]))
    return uniform.point(_gaussian_levels(sigma))


@lru_cache(maxsize=8)
def _gaussian_levels(sigma: float) -> list[int]:
    """The level of each of 256 equally likely bytes: the normal distribution's quantiles about 128."""
    normal = NormalDist(128, sigma)
    return [min(255, max(0, round(normal.inv_cdf((i + 0.5) / 256)))) for i in range(256)]


def speckle(img: Image.Image, r: random.Random, count: int, dark: RGB, light: RGB) -> None:
    """Paper texture: sparse tiny flecks. Unlike per-pixel grain, they keep the slide cheap to encode."""
    d = ImageDraw.Draw(img)
    w, h = img.size
    for i in range(count):
        x, y = r.randrange(w), r.randrange(h)
        size = 1 if i % 3 else 2
        d.rectangle((x, y, x + size - 1, y + size - 1), fill=dark if i % 2 else light)


def rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return mask


@lru_cache(maxsize=16)
def _shadow(size: tuple[int, int], radius: int, spread: int) -> Image.Image:
    """Blurred rounded-rectangle alpha, computed at quarter size and scaled up."""
    w, h = size[0] + 2 * spread, size[1] + 2 * spread
    q = 4
    small = Image.new("L", (w // q, h // q), 0)
    ImageDraw.Draw(small).rounded_rectangle(
        (spread // q, spread // q, (spread + size[0]) // q, (spread + size[1]) // q),
        radius=radius // q,
        fill=150,
    )
    return small.filter(ImageFilter.GaussianBlur(spread / q / 2.5)).resize((w, h), Image.Resampling.BILINEAR)


def scrim(img: Image.Image, box: tuple[float, float, float, float], color: RGB, alpha: float) -> None:
    """A translucent rounded panel behind text, blended only over its own region."""
    x0, y0, x1, y1 = (
        max(0, round(box[0])),
        max(0, round(box[1])),
        min(img.width, round(box[2])),
        min(img.height, round(box[3])),
    )
    if x1 <= x0 or y1 <= y0:
        return
    region = img.crop((x0, y0, x1, y1))
    tinted = Image.blend(region, Image.new("RGB", region.size, color), alpha)
    img.paste(tinted, (x0, y0), rounded_mask(region.size, min(28, (y1 - y0) // 2)))


MAX_PIXELS = 40_000_000


def open_image(data: bytes) -> Image.Image | None:
    """Decodes an uploaded screenshot (any size, EXIF rotation applied); None when undecodable."""
    if data.startswith(_PNG) and b"eXIf" not in data:
        img = _open_png(data)
        if img is not None:
            return img
    try:
        img = Image.open(io.BytesIO(data))
        if img.width * img.height > MAX_PIXELS:
            return None
        img.draft("RGB", (1200, 2400))
        img.load()
        ImageOps.exif_transpose(img, in_place=True)  # turned upright without a copy (most need no turn)
        return img if img.mode == "RGB" else img.convert("RGB")
    except Exception:  # noqa: BLE001 - any decoder error means "not a usable image"
        return None


_PNG = b"\x89PNG\r\n\x1a\n"


def _open_png(data: bytes) -> Image.Image | None:
    """A PNG without EXIF (a screenshot's usual form) decoded by libspng, in half the time Pillow's
    decoder takes (a deck's five screens cost 0.17 s of CPU cold); None sends it to Pillow, which says
    whether it decodes at all."""
    width, height = struct.unpack(">II", data[16:24]) if len(data) >= 24 else (0, 0)
    if not 0 < width * height <= MAX_PIXELS:
        return None
    try:
        return Image.fromarray(pyspng.load(data, format="RGB"))
    except Exception:  # noqa: BLE001 - libspng refused it: Pillow decides
        return None


def cover(img: Image.Image, size: tuple[int, int], focus_y: float = 0.0) -> Image.Image:
    """Scale to cover `size`, cropping the overflow (keeping the top of tall screenshots by default).
    Crops in source coordinates first, so a 4000x10 strip never becomes a 280000-pixel-wide image."""
    scale = max(size[0] / img.width, size[1] / img.height)
    src_w, src_h = size[0] / scale, size[1] / scale
    left = (img.width - src_w) / 2
    top = (img.height - src_h) * focus_y
    return img.resize(
        size, Image.Resampling.BILINEAR, box=(left, top, left + src_w, top + src_h), reducing_gap=2.0
    )


def phone(
    canvas: Image.Image, shot: Image.Image, box: tuple[int, int, int, int], bezel: RGB = (18, 18, 22)
) -> None:
    """A device-like frame (rounded bezel, screen, notch, shadow) holding `shot`, fitted in `box`."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    w = min(x1 - x0, round(h / 2.05))
    h = round(w * 2.05)
    x = x0 + (x1 - x0 - w) // 2
    y = y0 + (y1 - y0 - h) // 2
    radius = round(w * 0.14)
    spread = 40
    shadow = _shadow((w, h), radius, spread)
    canvas.paste((0, 0, 0), (x - spread + 8, y - spread + 24), shadow)
    d = ImageDraw.Draw(canvas)
    d.rounded_rectangle((x, y, x + w, y + h), radius=radius, fill=bezel)
    border = max(8, round(w * 0.035))
    sw, sh = w - 2 * border, h - 2 * border
    screen = cover(shot, (sw, sh))
    canvas.paste(screen, (x + border, y + border), rounded_mask((sw, sh), radius - border))
    notch_w = round(w * 0.3)
    d.rounded_rectangle(
        (x + (w - notch_w) // 2, y + border + 10, x + (w + notch_w) // 2, y + border + 10 + round(w * 0.06)),
        radius=round(w * 0.03),
        fill=bezel,
    )

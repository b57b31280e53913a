"""Rendering: PNG format and size, designs that differ, image sources, JPEG copies, palettes."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat
from renderer import art, catalog
from renderer.art import imagery, paint
from renderer.copy import write_deck
from renderer.deck import AppInfo, DeckCopy, DeckStyle, SlideCopy

APP = AppInfo(
    name="FitPro",
    niche="fitness",
    value_props=("10-minute workouts", "AI coach"),
    pain_points=("No time for the gym",),
    ios_url="https://apps.apple.com/app/id1",
)


def _copy(lang: str = "en") -> DeckCopy:
    t = catalog.template("fitness", "problem_solution")
    assert t is not None
    return write_deck(APP, t, "I stopped paying for the gym", lang, {}, seed=2)


def _style(design: str = "classic", **kw: object) -> DeckStyle:
    base: dict[str, object] = {
        "design": design,
        "niche": "fitness",
        "language": "en",
        "primary": "#FF4D2E",
        "secondary": "#1A1A2E",
        "accent": "#FFD23F",
        "app_name": "FitPro",
        "seed": 2,
    }
    base.update(kw)
    return DeckStyle(**base)  # type: ignore[arg-type]


def _image_bytes(
    size: tuple[int, int], fmt: str = "PNG", color: tuple[int, int, int] = (30, 140, 240)
) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, fmt)
    return buf.getvalue()


def _open(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


@pytest.mark.parametrize("design", [d.key for d in catalog.DESIGNS])
def test_each_design_renders_a_1080x1920_png(design: str) -> None:
    png = art.render_slide(_copy(), 1, _style(design))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    img = _open(png)
    assert img.size == (1080, 1920)
    assert ImageStat.Stat(img).stddev[0] > 5  # not a blank canvas


def test_render_deck_gives_six_distinct_slides() -> None:
    slides = art.render_deck(_copy("ja"), _style("brand-studio", language="ja"))
    assert len(slides) == 6
    assert len(set(slides)) == 6
    assert all(_open(s).size == (1080, 1920) for s in slides)


def _diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_designs_look_clearly_different() -> None:
    imgs = {d.key: art.compose(_copy(), 2, _style(d.key))[0] for d in catalog.DESIGNS}
    keys = list(imgs)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert _diff(imgs[a], imgs[b]) > 20, (a, b)


def test_brand_colors_are_used() -> None:
    red = art.compose(_copy(), 1, _style("brand-studio", primary="#E02020"))[0]
    blue = art.compose(_copy(), 1, _style("brand-studio", primary="#2040E0"))[0]
    r, _, b = ImageStat.Stat(red).mean
    r2, _, b2 = ImageStat.Stat(blue).mean
    assert r > b and b2 > r2


def test_missing_brand_colors_fall_back_to_the_niche_palette() -> None:
    pal = paint.palette("", "", "", "finance")
    assert pal.primary == paint.parse_hex(paint.NICHE_PALETTES["finance"][0])
    assert paint.palette("not-a-color", "", "", "unknown").primary == paint.parse_hex(
        paint.DEFAULT_PALETTE[0]
    )


@pytest.mark.parametrize("bg", [(255, 255, 255), (0, 0, 0), (255, 230, 0), (20, 30, 120), (128, 128, 128)])
def test_text_color_contrasts_with_its_background(bg: tuple[int, int, int]) -> None:
    assert paint.contrast(paint.ink_for(bg), bg) >= 4.5
    assert paint.contrast(paint.readable_on((250, 80, 40), bg, 3.0), bg) >= 3.0


def test_screenshots_source_places_the_screenshot() -> None:
    shot = _image_bytes((1170, 2532), "JPEG", (0, 255, 0))
    brand = art.compose(_copy(), 3, _style("classic"))[0]  # slide 4: the discovery, shown on a phone
    shots = art.compose(_copy(), 3, _style("classic", image_source="screenshots", screenshots=(shot,)))[0]
    assert _diff(brand, shots) > 5
    px = shots.resize((108, 192)).tobytes()
    green = sum(1 for i in range(0, len(px), 3) if px[i + 1] > 200 and px[i] < 60 and px[i + 2] < 60)
    assert green > 200  # the screenshot's pixels are on the slide


@pytest.mark.parametrize(
    "data", [b"not an image", b"", _image_bytes((5, 3000)), _image_bytes((4000, 10), "WEBP")]
)
def test_odd_or_broken_screenshots_never_fail(data: bytes) -> None:
    img, _ = art.compose(
        _copy(), 0, _style("editorial-split", image_source="screenshots", screenshots=(data,))
    )
    assert img.size == (1080, 1920)


def _png(img: Image.Image, **params: object) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", **params)
    return buf.getvalue()


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "P", "L"])
@pytest.mark.parametrize("interlace", [0, 1])
def test_uploaded_pngs_decode_as_pillow_reads_them(mode: str, interlace: int) -> None:
    """Screenshots decode through libspng: every 8-bit PNG form gives the pixels Pillow gives."""
    source = Image.effect_noise((41, 23), 80).convert("RGB").convert(mode)
    data = _png(source, interlace=interlace)
    expected = Image.open(io.BytesIO(data)).convert("RGB")
    img = paint.open_image(data)
    assert img is not None and img.mode == "RGB"
    assert ImageChops.difference(img, expected).getbbox() is None


def test_a_16_bit_png_keeps_its_tones() -> None:
    """(Pillow's own conversion clips 16-bit gray at 255: a dark screenshot came out white.)"""
    gray = Image.effect_noise((41, 23), 80)
    img = paint.open_image(_png(gray.point(lambda v: v * 257, "I").convert("I;16")))
    assert img is not None and ImageChops.difference(img, gray.convert("RGB")).getbbox() is None


def test_a_png_with_exif_orientation_is_turned_upright() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to view
    img = paint.open_image(_png(Image.new("RGB", (40, 10), (200, 10, 10)), exif=exif))
    assert img is not None and img.size == (10, 40)


@pytest.mark.parametrize(
    "data",
    [
        _image_bytes((300, 600))[:400],  # cut off in its pixels
        _image_bytes((300, 600))[:20],  # cut off in its header
        _image_bytes((300, 600))[:16]
        + (50_000).to_bytes(4, "big") * 2
        + _image_bytes((300, 600))[24:],  # claims 2.5 GP
    ],
)
def test_broken_or_oversized_pngs_are_not_images(data: bytes) -> None:
    assert paint.open_image(data) is None


def test_png_encoder_is_lossless() -> None:
    img = art.compose(_copy(), 3, _style("inspo"))[0]
    back = _open(art.encode_png(img))
    assert ImageChops.difference(back, img).getbbox() is None


def test_to_jpeg() -> None:
    png = art.encode_png(Image.new("RGB", (1080, 1920), (200, 10, 10)))
    jpg = art.to_jpeg(png, quality=85)
    img = Image.open(io.BytesIO(jpg))
    assert img.format == "JPEG" and img.size == (1080, 1920)


def test_rendering_is_deterministic() -> None:
    assert art.render_slide(_copy(), 4, _style("inspo")) == art.render_slide(_copy(), 4, _style("inspo"))


def _forget_drawn_pictures() -> None:
    """Empty every cache of the art package, as in a new process."""
    for module in (art, art.breaking, art.designs, art.fonts, art.imagery, art.paint, art.text):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def test_a_slide_does_not_depend_on_what_the_process_drew_before() -> None:
    # Grain comes from the deck's seed. Pillow's effect_noise draws from C's rand(), whose state the
    # process shares: a deck's slides changed with the decks rendered before it.
    designs = [d.key for d in catalog.DESIGNS]
    first = [art.render_slide(_copy(), 0, _style(d)) for d in designs]
    Image.effect_noise((64, 64), 30)  # what drawing another picture in the process may do
    _forget_drawn_pictures()
    assert [art.render_slide(_copy(), 0, _style(d)) for d in designs] == first


def test_a_picture_derived_from_a_freed_one_gets_its_own_memo() -> None:
    source = Image.new("RGB", (8, 8))
    imagery.memo(source, "blurred", lambda: Image.new("RGB", (1, 1), "red"))
    child, freed = source.copy(), id(source)  # the copy carries the source's info, its memo included
    del source
    for _ in range(1000):  # CPython soon hands the freed address to a new image of the same size
        grandchild = child.copy()
        if id(grandchild) == freed:
            break
    made = imagery.memo(grandchild, "blurred", lambda: Image.new("RGB", (1, 1), "blue"))
    assert made.getpixel((0, 0)) == (0, 0, 255)


def test_slide_index_out_of_range() -> None:
    with pytest.raises(IndexError):
        art.render_slide(_copy(), 6, _style())


@pytest.mark.parametrize("design", [d.key for d in catalog.DESIGNS])
def test_undrawable_or_empty_copy_still_renders(design: str) -> None:
    slides = tuple(
        SlideCopy(role="HOOK", layout_type="headline", title=t, subtitle=t, label=t)
        for t in ("💪🔥", "", "\u200b", " ", "x", "✨")
    )
    deck = DeckCopy(
        language="en", requested_language="en", slides=slides, caption="", hashtags=(), ctas=("x",)
    )
    for index in (0, 5):
        img, placed = art.compose(deck, index, _style(design))
        assert img.size == (1080, 1920)
        assert placed  # at least the fallback title was drawn


def test_gradients_are_drawn_once_and_handed_out_as_new_images() -> None:
    stops = [(255, 0, 0), (0, 0, 255)]
    first = paint.gradient((40, 60), stops, "diagonal")
    first.paste((0, 255, 0), (0, 0, 40, 60))  # designs draw on what they get
    second = paint.gradient((40, 60), stops, "diagonal")
    assert second is not first and second.getpixel((20, 30)) != (0, 255, 0)
    assert ImageChops.difference(second, paint.gradient((40, 60), stops, "diagonal")).getbbox() is None

"""Text layout: every line stays inside its box and the TikTok safe area, in every script, with
no glyph missing (checked against each font's cmap)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw, ImageFont
from renderer import art, catalog
from renderer.art import designs, fonts, text
from renderer.copy import write_deck
from renderer.deck import AppInfo, DeckStyle

CASES = {
    "de_compound": (
        "de",
        "Donaudampfschifffahrtsgesellschaftskapitänsmützenhersteller "
        "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
    ),
    "ja": (
        "ja",
        "忙しい毎日でも、たった10分で続けられる新しいトレーニング習慣を手に入れよう。「今日から」始めよう！",
    ),
    "ar": ("ar", "توقفت عن دفع اشتراك النادي الرياضي وأصبحت أقوى مع FitPro في عشرة أيام فقط"),
    "long": ("en", "lorem ipsum dolor sit amet " * 150),
    "one_word": ("en", "x" * 400),
    "emoji": ("en", "Get fit 💪🔥 in ten minutes"),
}
BOX = (80, 192, 940, 900)


def _inside(inner: tuple[float, float, float, float], outer: tuple[float, float, float, float]) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


def _assert_glyphs(block: text.TextBlock) -> None:
    for line in block.lines:
        for run in line.runs:
            cover = fonts.coverage(run.face)
            missing = [ch for ch in run.text if not ch.isspace() and ord(ch) not in cover]
            assert not missing, (run.face, missing)


@pytest.mark.parametrize("case", CASES, ids=str)
@pytest.mark.parametrize("style", ["bold", "serif_italic"])
def test_fit_keeps_every_line_in_its_box(case: str, style: str) -> None:
    lang, value = CASES[case]
    block = text.fit(value, lang, BOX, text.Spec(style=style, max_size=120, min_size=30, max_lines=6))
    assert block.lines
    assert len(block.lines) <= 6
    assert block.top >= BOX[1] and block.top + block.height <= BOX[3] + 0.5
    for ink in text.ink_boxes(block, stroke=0):
        assert _inside(ink, BOX), (case, ink)
    for line in block.lines:
        assert line.width <= BOX[2] - BOX[0] + 0.5
    _assert_glyphs(block)


def test_long_german_words_are_hyphenated_not_cut() -> None:
    lang, value = CASES["de_compound"]
    block = text.fit(value, lang, BOX, text.Spec(max_size=120, min_size=30))
    lines = ["".join(r.text for r in line.runs) for line in block.lines]
    assert any(line.endswith("-") for line in lines)
    assert "".join(line.removesuffix("-") for line in lines).replace(" ", "") == value.replace(" ", "")


def test_cjk_breaks_per_character_and_keeps_kinsoku() -> None:
    lang, value = CASES["ja"]
    block = text.fit(value, lang, (80, 192, 600, 1500), text.Spec(max_size=90, min_size=30))
    lines = ["".join(r.text for r in line.runs) for line in block.lines]
    assert len(lines) > 1 and "".join(lines) == value
    assert not any(line[0] in "、。」！" for line in lines)


def test_arabic_is_laid_out_right_to_left() -> None:
    lang, value = CASES["ar"]
    block = text.fit(value, lang, BOX, text.Spec(align="start"))
    assert block.rtl
    faces = {r.face for line in block.lines for r in line.runs}
    assert faces & {"arabic_bold"} and "sans_bold" in faces  # the Latin app name uses the Latin face
    right_edges = [x + line.width for line, x, _ in block.placements()]
    assert all(abs(r - BOX[2]) < 1 for r in right_edges)


def test_unrenderable_characters_are_dropped() -> None:
    block = text.fit(CASES["emoji"][1], "en", BOX, text.Spec())
    assert "💪" not in "".join(r.text for line in block.lines for r in line.runs)


def test_no_notdef_by_measurement() -> None:
    """Each run's glyphs differ from the font's .notdef glyph (a private-use code point is absent)."""
    for lang, value in (CASES["ja"], CASES["ar"], ("de", "Größenänderung ÄÖÜß")):
        block = text.fit(value, lang, BOX, text.Spec())
        for line in block.lines:
            for run in line.runs:
                f: ImageFont.FreeTypeFont = fonts.font(run.face, 40)
                notdef = _glyph(f, "\ue000")
                for ch in set(run.text) - {" "}:
                    assert _glyph(f, ch) != notdef, (run.face, ch)


def _glyph(f: ImageFont.FreeTypeFont, ch: str) -> bytes:
    img = Image.new("L", (90, 90))
    ImageDraw.Draw(img).text((10, 10), ch, font=f, fill=255)
    return img.tobytes()


APP = AppInfo(
    name="Ü" * 40 + " Superlanger App-Name mit Überlänge" + "x" * 6,  # 80 characters
    niche="fitness",
    description="d" * 4000,
    value_props=("Kraftausdauertrainingsplanungsassistent " * 10,),
    pain_points=("Rückenschmerzen " * 30,),
    ios_url="https://apps.apple.com/app/id1",
)


@pytest.mark.parametrize("design", [d.key for d in catalog.DESIGNS])
@pytest.mark.parametrize("lang,source", [("de", "brand"), ("ja", "screenshots"), ("ar", "brand")])
def test_slides_keep_text_in_the_safe_area(design: str, lang: str, source: str) -> None:
    t = catalog.template("fitness", "problem_solution")
    assert t is not None
    hook = {"ja": "ジムに行かずに体が変わった" * 8, "ar": "توقفت عن دفع اشتراك النادي " * 6}.get(
        lang, "Hook " * 60
    )
    copy = write_deck(APP, t, hook, lang, {}, seed=1)
    shots = (_png((300, 900)),) if source == "screenshots" else ()
    style = DeckStyle(
        design=design,
        niche="fitness",
        language=lang,
        primary="#ffffff",
        secondary="",
        accent="#000",
        app_name=APP.name,
        image_source=source,
        screenshots=shots,
    )
    for index in (0, 1, 5):
        img, placed = art.compose(copy, index, style)
        assert img.size == (1080, 1920)
        assert placed
        for p in placed:
            for ink in text.ink_boxes(p.block, p.stroke):
                assert _inside(ink, designs.SAFE), (design, lang, index, ink)
            _assert_glyphs(p.block)


def _png(size: tuple[int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (10, 200, 90)).save(buf, "PNG")
    return buf.getvalue()

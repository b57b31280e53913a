"""Screenshots and worker memory: the callout lands on a detailed spot, crops avoid cutting a line of
text, card shadows fade out inside their layer, pictures are kept for one deck only and fonts in a
bounded cache."""

from __future__ import annotations

import io
import threading

from PIL import Image, ImageChops, ImageDraw
from renderer import art, gallery
from renderer.art import designs, fonts, imagery


def _screen() -> Image.Image:
    """A 600x1200 screen with two equally detailed blocks (stripes) centered at (140, 300) and (460, 300)."""
    img = Image.new("RGB", (600, 1200), (245, 245, 245))
    d = ImageDraw.Draw(img)
    for cx in (140, 460):
        for i in range(12):
            d.line((cx - 60, 240 + 10 * i, cx + 60, 240 + 10 * i), fill=(0, 0, 0), width=3)
    return img


def test_callout_lands_on_a_detailed_spot_not_between_elements() -> None:
    fx, fy = imagery.busiest_point(_screen(), 0.05, 0.95)
    # The edge center of mass of the two blocks is (300, 300), where nothing is drawn.
    assert min(abs(fx * 600 - 140), abs(fx * 600 - 460)) < 50 and abs(fy * 1200 - 300) < 60, (fx, fy)


def test_crop_edges_move_to_quiet_rows() -> None:
    img = Image.new("RGB", (600, 1200), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for y in range(100, 1200, 200):  # "lines of text" 60 px tall every 200 px
        d.rectangle((40, y, 560, y + 60), fill=(20, 20, 20))
        for x in range(40, 560, 12):
            d.line((x, y, x, y + 60), fill=(250, 250, 250), width=2)
    top = imagery.quiet_top(img, 110, 400)  # an edge through the line at 100-160
    for edge in (top, top + 399):
        band = (edge - 100) % 200
        assert not (0 <= band <= 60), (top, edge)
    assert abs(top - 110) <= 0.15 * 400


def test_card_shadow_fades_out_inside_its_layer() -> None:
    canvas = Image.new("RGB", (1080, 1920), (250, 250, 250))
    imagery.screen_card(canvas, _screen(), (160, 920, 920, 1500))
    # Left of the card and below it the shadow fades smoothly to the background: a shadow cut at its
    # layer's edge shows as a step of tens of levels (a grey square around the card).
    row = [canvas.getpixel((x, 1100))[0] for x in range(0, 160)]
    column = [canvas.getpixel((500, y))[0] for y in range(1500, 1700)]
    for line in (row, column):
        assert max(abs(a - b) for a, b in zip(line, line[1:], strict=False)) <= 3, line
    assert row[0] == 250 and column[-1] == 250


def test_pictures_are_kept_for_one_deck_only() -> None:
    deck = gallery.plan(["classic"], ["en"], ["fitness"], [], ["screenshots"])[0]
    gallery.render(deck, gallery.sample_files("screenshots"), gallery.sample_files("photos"))
    assert art._decoded.cache_info().currsize == 0 and art._cropped.cache_info().currsize == 0


def test_font_cache_is_bounded_per_thread() -> None:
    sizes: list[int] = []

    def work() -> None:
        for size in range(40, 40 + 3 * fonts.FONTS_PER_THREAD):
            fonts.font("cjk_sc_bold", size)
        sizes.append(len(fonts._local.fonts))

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert sizes == [fonts.FONTS_PER_THREAD]


def test_latin_words_in_serif_decks_of_other_scripts_are_set_in_sans() -> None:
    assert fonts.faces_for("Latin", "serif", "en")[0] == "serif_bold"
    assert fonts.faces_for("Latin", "serif", "ru")[0] == "serif_bold"
    for lang in ("ar", "ja", "hi", "zh-Hans", "th"):
        assert fonts.faces_for("Latin", "serif", lang)[0] != "serif_bold", lang


def test_digits_in_serif_decks_of_other_scripts_are_set_in_sans() -> None:
    """Hebrew and Thai faces have no digits: a '4' among Hebrew words in the serif design is set in
    the sans the words around it match, not in the Latin serif (a review saw serif digits there)."""
    for lang, deck in (("he", "inspo"), ("th", "inspo")):
        plan = gallery.plan([deck], [lang], ["fitness"], ["listicle"], ["brand"])[0]
        seen = []
        orig = art.render_with_layout

        def grab(copy, style, seen=seen, orig=orig):
            pngs, records = orig(copy, style)
            seen.extend(records)
            return pngs, records

        art.render_with_layout = grab
        try:
            gallery.render(plan, (), ())
        finally:
            art.render_with_layout = orig
        digit_runs = [(t, f) for r in seen for line in r.runs for t, f in line if any(c.isdigit() for c in t)]
        assert digit_runs, lang
        assert all(not f.startswith("serif") for _, f in digit_runs), (lang, digit_runs)


def _sky_over_busy_ground() -> bytes:
    """A 1080x1920 photo: flat sky down to 40 % of its height, dense detail (a mosaic of 16 px tiles) below."""
    import io
    import random

    rnd = random.Random(1)
    img = Image.new("RGB", (1080, 1920), (120, 170, 220))
    tiles = Image.frombytes("RGB", (68, 72), bytes(rnd.randrange(256) for _ in range(68 * 72 * 3)))
    ground = tiles.resize((1088, 1152), Image.Resampling.NEAREST)
    img.paste(ground, (0, 768))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=90)
    return buf.getvalue()


def test_words_on_a_photo_sit_on_its_calm_part() -> None:
    """Slides after the hook move their words to the least detailed band of the photo their size
    allows (sky, not the busy ground where faces and the pictured thing are)."""
    from renderer import copy
    from renderer.deck import AppInfo, DeckStyle

    app = AppInfo(name="FitPro", niche="fitness", value_props=("10-minute workouts", "AI coach"))
    tpl = gallery.catalog.template("fitness", "problem_solution")
    assert tpl is not None
    deck = copy.write_deck(app, tpl, "I stopped paying for a gym", "en", {}, seed=1)
    photo = _sky_over_busy_ground()
    for design in ("classic", "inspo", "brand-studio"):
        style = DeckStyle(
            design, "fitness", "en", "#E4572E", "#17BEBB", "#FFC914", "FitPro", "photos", photos=(photo,)
        )
        _, records = art.render_with_layout(deck, style)
        later = [r for r in records if r.slide in (1, 2, 3, 4)]
        assert later
        for r in later:
            assert r.box[3] <= 0.42 * 1920, (design, r.slide, r.role, r.box)


def test_the_callout_circles_the_element_at_the_busiest_spot() -> None:
    canvas = Image.new("RGB", (1080, 1920), (250, 250, 250))
    screen = Image.new("RGB", (600, 1200), (245, 245, 245))
    d = ImageDraw.Draw(screen)
    for i in range(6):  # one detailed block, 120 x 60 around (420, 665), well below the screen's header
        d.line((360, 640 + 10 * i, 480, 640 + 10 * i), fill=(0, 0, 0), width=3)
    box = (160, 560, 920, 1500)
    callout = imagery.screen_card(canvas, screen, box)
    assert callout is not None
    element = callout.element
    scale = 760 / 600
    # The bounds found hold the block, with at most the margin its glyphs are joined by (~40 px).
    left, right = 160 + 360 * scale, 160 + 480 * scale
    assert left - 40 < element[0] <= left and right <= element[2] < right + 40, (element, left, right)
    assert element[3] - element[1] < 140, element
    imagery.circle_callout(canvas, callout, box, (255, 210, 63))
    # The ring passes left and right of the block, clear of it.
    mid = round((element[1] + element[3]) / 2)
    ring = [x for x in range(box[0], box[2]) if canvas.getpixel((x, mid))[:3] == (255, 210, 63)]
    assert ring and min(ring) < element[0] - 10 and max(ring) > element[2] + 10, (ring, element)


def test_discovery_and_result_slides_circle_a_spot_of_the_screen() -> None:
    deck = gallery.plan(["classic"], ["en"], ["fitness"], ["before_after"], ["screenshots"])[0]
    slides, _, _, written = gallery.render(deck, gallery.sample_files("screenshots"), ())
    accent = (0xFF, 0xD2, 0x3F)  # the demo app's accent: classic draws its callout in it
    circled = []
    for i, png in enumerate(slides):
        img = Image.open(io.BytesIO(png)).convert("RGB").crop((100, 700, 950, 1500)).reduce(4)
        raw = img.tobytes()
        pixels = zip(raw[0::3], raw[1::3], raw[2::3], strict=True)
        ring = sum(1 for px in pixels if max(abs(a - b) for a, b in zip(px, accent, strict=True)) < 16)
        if designs.role_kind(written.slides[i], i, len(slides)) in ("discovery", "result"):
            circled.append(ring)
            assert ring > 30, (i, ring)  # the callout's circle on the card
    assert circled


def test_a_photo_shown_twice_is_cropped_around_another_part() -> None:
    landscape = Image.new("RGB", (1600, 900), (90, 140, 200))
    d = ImageDraw.Draw(landscape)
    d.rectangle((0, 0, 500, 900), fill=(30, 90, 30))  # a dark wood on the left
    first, second = imagery.photo(landscape, 0), imagery.photo(landscape, 1)
    assert first.size == second.size == (1080, 1920)
    assert first.tobytes() != second.tobytes()
    deck = gallery.plan(["classic"], ["en"], ["fitness"], ["before_after"], ["photos"])[0]
    photos = gallery.sample_files("photos")[:2]  # two photos for six slides: each shown three times
    slides, _, _, _ = gallery.render(deck, (), photos)
    tops = [Image.open(io.BytesIO(png)).convert("RGB").crop((0, 0, 1080, 150)).tobytes() for png in slides]
    assert len(set(tops)) == len(tops)  # no two slides show the same part of a photo


def test_word_labels_join_their_headline_and_list_numbers_stay_apart() -> None:
    from renderer import copy
    from renderer.art import record
    from renderer.deck import AppInfo, DeckStyle

    app = AppInfo(name="FitPro", niche="fitness", value_props=("10-minute workouts", "AI coach"))
    for fmt, language, joined in (
        ("myth_vs_fact", "en", "Myth: "),
        ("myth_vs_fact", "ja", "："),
        ("listicle", "en", ""),
    ):
        tpl = gallery.catalog.template("fitness", fmt)
        assert tpl is not None
        deck = copy.write_deck(app, tpl, "", language, {}, seed=3)
        style = DeckStyle("classic", "fitness", language, "#E4572E", "#17BEBB", "#FFC914", "FitPro")
        _, records = art.render_with_layout(deck, style)
        labels = [r for r in records if r.role == record.LABEL]
        if joined:
            assert not labels, labels  # no word set apart over a headline
            myth = next(r for r in records if r.slide == 1 and r.role == record.TITLE)
            assert joined in myth.text and myth.text.endswith(deck.slides[1].title), myth.text
        else:
            assert [r.text for r in labels] == ["1.", "2.", "3.", "4."], labels


def test_inspo_keeps_its_pastel_look_for_calm_niches_only() -> None:
    from renderer import copy
    from renderer.deck import AppInfo, DeckStyle

    def mean_light(niche: str) -> float:
        app = AppInfo(name="FitPro", niche=niche)
        tpl = gallery.catalog.template(niche, "problem_solution")
        assert tpl is not None
        deck = copy.write_deck(app, tpl, "", "en", {}, seed=3)
        style = DeckStyle("inspo", niche, "en", "#E4572E", "#17BEBB", "#FFC914", "FitPro")
        png = art.render_slide(deck, 1, style)
        gray = Image.open(io.BytesIO(png)).convert("L").reduce(8)
        return sum(gray.tobytes()) / (gray.width * gray.height)

    assert mean_light("meditation") > 150 > mean_light("fitness")


def test_the_callout_crosses_nothing_the_screen_draws() -> None:
    """Of the elements near the busiest spot, the loop goes around one whose loop crosses no words: a
    heading right above a block would be struck through by a loop around the block."""
    screen = Image.new("RGB", (600, 1300), (245, 245, 245))
    d = ImageDraw.Draw(screen)
    for i in range(5):  # a heading line just above a busy block of four lines
        d.line((60, 560 + 6 * i, 540, 560 + 6 * i), fill=(0, 0, 0), width=2)
    for i in range(8):
        d.line((200, 610 + 9 * i, 400, 610 + 9 * i), fill=(0, 0, 0), width=3)
    d.rounded_rectangle((180, 860, 420, 940), 30, fill=(230, 80, 40))  # a button, alone in space
    canvas = Image.new("RGB", (1080, 1920), (120, 40, 30))
    callout = imagery.screen_card(canvas, screen, (150, 400, 930, 1920), None, 0, 1500)
    assert callout is not None
    assert callout.crossing == 0, callout
    before = canvas.copy()
    imagery.circle_callout(canvas, callout, (150, 400, 930, 1920), (255, 210, 63))
    changed = ImageChops.difference(before, canvas).convert("L").point(lambda v: 255 if v else 0)
    scale = 780 / 600
    heading = (150 + 60 * scale, 400 + (560 - 65) * scale, 150 + 540 * scale, 400 + (584 - 65) * scale)
    assert changed.crop(tuple(round(v) for v in heading)).getbbox() is None, callout


def test_a_phone_rises_from_the_bottom_edge_without_a_cut_line() -> None:
    """A card reaching the slide's bottom edge is a phone: its dark bezel on the sides, the screen
    running off the slide (no rounded bottom corners), and no status bar at its top."""
    screen = Image.new("RGB", (600, 1300), (245, 245, 245))
    ImageDraw.Draw(screen).rectangle((0, 0, 600, 60), fill=(0, 0, 255))  # a status bar
    canvas = Image.new("RGB", (1080, 1920), (120, 40, 30))
    imagery.screen_card(canvas, screen, (150, 600, 930, 1920), None, imagery.TOP_OF_SCREEN, 1500)
    assert canvas.getpixel((150 - 8, 1200)) == imagery.BEZEL_COLOR
    assert canvas.getpixel((152, 1919)) == (245, 245, 245)  # the screen's corner is off the slide
    top_rows = canvas.crop((200, 602, 880, 700))
    assert (0, 0, 255) not in [c for _, c in top_rows.getcolors(1 << 16) or []]

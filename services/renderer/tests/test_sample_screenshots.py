"""The demo app's sample screenshots ship in every deck language (samples/make_screenshots.py), and the
gallery shows a deck the screens of its language."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from renderer import art, copy, gallery
from renderer.art import designs

SHOTS = Path(gallery.__file__).resolve().parent / "samples" / "screenshots"
# In the order of the demo app's value props (app.json): a feature's slide shows its screen; the last
# one, the monthly recap, is the app's proof (a deck's result slide shows it) and has no feature.
NAMES = ["01_today.png", "02_coach.png", "03_workout_player.png", "04_progress.png", "05_recap.png"]


@pytest.mark.parametrize("lang", copy.languages())
def test_every_language_has_its_screens(lang: str) -> None:
    folder = SHOTS if lang == "en" else SHOTS / lang
    assert sorted(p.name for p in folder.glob("*.png")) == NAMES
    for name in NAMES:
        path = folder / name
        assert path.stat().st_size < 500_000, path
        with Image.open(path) as im:
            assert im.format == "PNG" and im.size == (1170, 2532)


def test_the_demo_apps_features_line_up_with_its_screens() -> None:
    """A deck shows a feature's screen on its slide: a value prop a screen, in the same order (today,
    the AI coach, the bodyweight workout, progress), and one screen more, the last, the recap: the
    app's proof, no feature of its own (so a list deck's closing slide has a screen no feature slide
    showed). The measured claim has no screen of its own either."""
    assert NAMES[-1] == "05_recap.png" and NAMES == sorted(NAMES)  # the gallery's order is the names'
    for lang, app in json.loads((SHOTS.parent / "app.json").read_text(encoding="utf-8")).items():
        assert len(app["value_props"]) == len(NAMES) - 1 and len(app["differentiators"]) == 1, lang


def test_sample_files_pick_the_language() -> None:
    english = gallery.sample_files("screenshots")
    assert len(english) == len(NAMES) == 5 and gallery.sample_files("screenshots", "en") == english
    assert english == tuple((SHOTS / name).read_bytes() for name in NAMES)  # in the screens' order
    german = gallery.sample_files("screenshots", "de")
    assert len(german) == 5 and german != english
    assert german[-1] == (SHOTS / "de" / "05_recap.png").read_bytes() != english[-1]
    assert gallery.sample_files("screenshots", "pt-BR") == gallery.sample_files("screenshots", "pt")
    assert gallery.sample_files("screenshots", "zh-TW") == gallery.sample_files("screenshots", "zh-Hant")
    assert gallery.sample_files("screenshots", "xx") == english  # no such language: English
    assert gallery.sample_files("photos", "de") == gallery.sample_files("photos")
    for png in german:
        with Image.open(io.BytesIO(png)) as im:
            assert im.size == (1170, 2532)


def test_render_shows_the_decks_language(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    def fake(written, style, encode=True):  # type: ignore[no-untyped-def]
        seen.append(style.screenshots)
        return [], []

    monkeypatch.setattr(gallery.art, "render_with_layout", fake)
    deck = gallery.plan(["classic"], ["ja"], ["fitness"], [], ["screenshots"])[0]
    gallery.render(deck)
    gallery.render(deck, gallery.sample_files("screenshots"), ())
    assert seen == [gallery.sample_files("screenshots", "ja"), gallery.sample_files("screenshots")]


def test_the_photos_demo_app_shows_its_own_screens_in_the_decks_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = []

    def fake(written, style, encode=True):  # type: ignore[no-untyped-def]
        seen.append(style.screenshots)
        return [], []

    monkeypatch.setattr(gallery.art, "render_with_layout", fake)
    deck = gallery.plan(["classic"], ["de"], ["fitness"], [], ["photos"], gallery.PHOTO_NICHE)[0]
    gallery.render(deck, None, gallery.sample_files("photos"))
    trail = gallery.sample_files("trail_screenshots", "de")
    assert seen == [trail] and len(trail) == 4
    assert trail != gallery.sample_files("trail_screenshots") and not set(trail) & set(
        gallery.sample_files("screenshots", "de")
    )


@pytest.mark.parametrize(
    "kind,niche,fmt,source",
    [
        ("screenshots", "fitness", "listicle", "screenshots"),
        ("screenshots", "fitness", "listicle", "brand"),
        ("trail_screenshots", gallery.PHOTO_NICHE, "feature_showcase", "photos"),
    ],
)
def test_the_demo_apps_list_decks_end_on_a_screen_no_item_showed(
    kind: str, niche: str, fmt: str, source: str
) -> None:
    """Each item of a list deck shows its feature's screen; the demo apps have one screen more (their
    recap), so the CTA shows a screen of its own instead of an item's again (round 26: the CTA repeated
    a screen in every listicle and feature showcase)."""
    shots = gallery.sample_files(kind)
    written = gallery.render(gallery.Deck("classic", "en", source, niche, fmt), (), ())[3]
    total = len(written.slides)
    screens = source != "photos"
    kinds = [designs.role_kind(s, i, total, screens) for i, s in enumerate(written.slides)]
    features = [s.feature for s in written.slides]
    plan = art.screen_plan(kinds, len(shots), source == "screenshots", screens, screens, features)
    cta = plan[-1]
    assert cta == (len(shots) - 1, 0), plan
    assert all(p is None or p[0] != cta[0] for p in plan[:-1]), plan

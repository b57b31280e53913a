"""The demo app's sample screenshots ship in every deck language (samples/make_screenshots.py), and the
gallery shows a deck the screens of its language."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from renderer import copy, gallery

SHOTS = Path(gallery.__file__).resolve().parent / "samples" / "screenshots"
# In the order of the demo app's value props (app.json): a feature's slide shows its screen.
NAMES = ["01_today.png", "02_coach.png", "03_workout_player.png", "04_progress.png"]


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
    the AI coach, the bodyweight workout, progress); the measured claim has none of its own."""
    for lang, app in json.loads((SHOTS.parent / "app.json").read_text(encoding="utf-8")).items():
        assert len(app["value_props"]) == len(NAMES) and len(app["differentiators"]) == 1, lang


def test_sample_files_pick_the_language() -> None:
    english = gallery.sample_files("screenshots")
    assert len(english) == 4 and gallery.sample_files("screenshots", "en") == english
    german = gallery.sample_files("screenshots", "de")
    assert len(german) == 4 and german != english
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
    assert seen == [trail] and len(trail) == 3
    assert trail != gallery.sample_files("trail_screenshots") and not set(trail) & set(
        gallery.sample_files("screenshots", "de")
    )

"""The photos demo app's (TrailMate's) sample screenshots ship in every deck language
(samples/make_trail_screenshots.py), and the script draws them again byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from renderer import copy
from renderer.samples import make_trail_screenshots as trail

SHOTS = trail.OUT
# In the order of the app's value props (travel_app.json), then the season's log, which a deck's last slide
# can show when the others have shown the first three.
NAMES = ["01_nearby.png", "02_weekend_plan.png", "03_trail_map.png", "04_season.png"]


def test_the_script_draws_these_screens() -> None:
    assert [name for name, _, _ in trail.SCREENS] == NAMES


def test_the_apps_features_line_up_with_its_screens() -> None:
    """A deck shows a feature's screen on its slide: a value prop a screen, in the same order (trails
    nearby, the weekend plan, the offline map); the last screen, the season's log, is the app's proof of
    results and no feature's own (the differentiators: a line of the weekend plan's, and the members'
    measured outcome the result slides say)."""
    app = json.loads((trail.HERE / "travel_app.json").read_text(encoding="utf-8"))
    assert sorted(app) == sorted(trail.STRINGS)
    for lang, table in app.items():
        assert len(table["value_props"]) == len(NAMES) - 1 and len(table["differentiators"]) == 2, lang


def test_the_script_draws_every_deck_language() -> None:
    assert sorted(trail.STRINGS) == sorted(copy.languages())


@pytest.mark.parametrize("lang", copy.languages())
def test_every_language_has_its_screens(lang: str) -> None:
    folder = SHOTS if lang == "en" else SHOTS / lang
    assert sorted(p.name for p in folder.glob("*.png")) == NAMES
    for name in NAMES:
        path = folder / name
        assert path.stat().st_size < 400_000, path
        with Image.open(path) as im:
            assert im.format == "PNG" and im.size == (780, 1688)


def test_every_language_has_its_own_words() -> None:
    keys = set(trail.STRINGS["en"])
    for lang, table in trail.STRINGS.items():
        assert set(table) <= keys, lang
        for key in ("title", "search", "weekend", "start_trip", "tabs", "days", "season", "recent"):
            assert lang == "en" or table[key] != trail.STRINGS["en"][key], (lang, key)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_regenerating_a_language_gives_the_same_bytes(lang: str, tmp_path: Path) -> None:
    trail.main([lang], tmp_path)
    folder = SHOTS if lang == "en" else SHOTS / lang
    made = tmp_path if lang == "en" else tmp_path / lang
    for name in NAMES:
        assert (made / name).read_bytes() == (folder / name).read_bytes(), name

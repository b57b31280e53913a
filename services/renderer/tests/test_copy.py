"""Deck copy: six slides, hook first, caption and hashtag limits, CTA with the store link, languages."""

from __future__ import annotations

import re

import pytest
from renderer import catalog
from renderer.copy import write_deck
from renderer.deck import AppInfo

APP = AppInfo(
    name="FitPro",
    niche="fitness",
    target_audience="busy parents",
    value_props=("10-minute workouts", "AI coach"),
    pain_points=("No time for the gym",),
    differentiators=("No equipment",),
    ios_url="https://apps.apple.com/app/id1",
    android_url="https://play.google.com/store/apps/details?id=x",
)
HASHTAG = re.compile(r"^#\w+$", re.UNICODE)


def _template(key: str = "problem_solution") -> catalog.Template:
    t = catalog.template("fitness", key)
    assert t is not None
    return t


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de", "pt", "it", "ja"])
def test_every_copy_language(lang: str) -> None:
    deck = write_deck(APP, _template(), "Hook text here", lang, {}, seed=3)
    assert deck.language == lang and deck.requested_language == lang
    assert len(deck.slides) == 6
    assert [s.role for s in deck.slides] == list(_template().slide_roles)
    assert deck.slides[0].title == "Hook text here"
    assert all(s.title.strip() for s in deck.slides)
    assert 0 < len(deck.caption) <= 2200 and deck.caption.startswith("Hook text here")
    assert 1 <= len(deck.hashtags) <= 5 and all(HASHTAG.match(h) for h in deck.hashtags)
    assert any("https://apps.apple.com/app/id1" in c for c in deck.ctas)
    assert "https://apps.apple.com/app/id1" in deck.caption


def test_languages_differ_and_ja_hashtags_are_japanese() -> None:
    en = write_deck(APP, _template(), "h", "en", {}, seed=1)
    de = write_deck(APP, _template(), "h", "de", {}, seed=1)
    ja = write_deck(APP, _template(), "h", "ja", {}, seed=1)
    assert en.slides[-1].title != de.slides[-1].title
    assert "#フィットネス" in ja.hashtags


@pytest.mark.parametrize("lang", ["ar", "zh-TW", "xx", ""])
def test_unsupported_language_falls_back_to_english(lang: str) -> None:
    deck = write_deck(APP, _template(), "hook", lang, {}, seed=0)
    assert deck.language == "en"
    assert deck.requested_language == (lang or "en")
    assert len(deck.slides) == 6


def test_regional_variant_uses_the_base_language() -> None:
    deck = write_deck(APP, _template(), "hook", "pt-BR", {}, seed=0)
    assert deck.language == "pt" and deck.requested_language == "pt-BR"


def test_overrides_win_over_app_data() -> None:
    deck = write_deck(
        APP, _template(), "hook", "en", {"problem": "Gyms are far away", "cta": "Go now"}, seed=0
    )
    assert deck.slides[1].title == "Gyms are far away"
    assert deck.slides[-1].title == "Go now"
    assert "Gyms are far away" in deck.caption


def test_deterministic_for_a_seed() -> None:
    a = write_deck(APP, _template("listicle"), "hook", "fr", {}, seed=42)
    b = write_deck(APP, _template("listicle"), "hook", "fr", {}, seed=42)
    assert a == b


@pytest.mark.parametrize("fmt", [f.key for f in catalog.FORMATS])
def test_every_format_with_an_empty_app(fmt: str) -> None:
    app = AppInfo(name="Zed", niche="unknown_niche")
    t = catalog.Template(fmt, fmt, "", fmt, catalog.format_(fmt).slide_roles, ())  # type: ignore[union-attr]
    deck = write_deck(app, t, "", "de", {}, seed=0)
    assert len(deck.slides) == 6 and all(s.title for s in deck.slides)
    assert deck.ctas and deck.hashtags


def test_huge_inputs_stay_within_limits() -> None:
    long = "word " * 900
    app = AppInfo(
        name="N" * 80,
        niche="finance",
        description=long,
        value_props=(long,) * 12,
        pain_points=(long,) * 12,
        differentiators=(long,) * 12,
        website_url="https://example.com/x",
    )
    t = catalog.template("finance", "problem_solution")
    assert t is not None
    deck = write_deck(app, t, long, "en", {"result": long}, seed=0)
    assert len(deck.caption) <= 2200
    assert all(len(s.title) <= 140 and len(s.subtitle) <= 200 for s in deck.slides)
    assert len(deck.hashtags) <= 5
    assert "https://example.com/x" in deck.ctas[0]

"""The built-in writer: every language and category, length rules, uniqueness, determinism."""

from __future__ import annotations

import pytest
from hooks import domain, writer
from hooks.grammar import GRAMMARS

APP = {
    "app_name": "FitFlow",
    "niche": "fitness",
    "audience": "busy parents, who want to train at home",
    "pain_points": ["Skipping workouts", "No time to plan meals"],
    "value_props": ["10-minute workouts"],
    "differentiators": ["No equipment needed"],
}


def brief(language: str, **overrides) -> writer.Brief:
    return writer.brief_for(**{**APP, "language": language, **overrides})


def test_every_language_has_every_category() -> None:
    assert set(GRAMMARS) >= set(domain.LANGUAGES)
    for language, grammar in GRAMMARS.items():
        assert set(grammar) == set(domain.CATEGORIES), language
        for category, templates in grammar.items():
            assert len(templates) >= 5, (language, category)


@pytest.mark.parametrize("language", domain.LANGUAGES)
@pytest.mark.parametrize("category", domain.CATEGORIES)
def test_writes_each_category_in_each_language(language: str, category: str) -> None:
    drafts = writer.write(brief(language), 6, categories=[category], seed="s1")
    assert len(drafts) == 6
    for d in drafts:
        assert d.category == category and d.language == language and d.source == "generated"
        assert domain.fits_length(d.text, language), d.text
        assert not domain.has_banned_words(d.text)
        assert "{" not in d.text and "[" not in d.text and "|" not in d.text, d.text
        assert d.text[0] == d.text[0].upper()


@pytest.mark.parametrize("language", domain.LANGUAGES)
def test_no_two_hooks_of_one_call_are_the_same(language: str) -> None:
    drafts = writer.write(brief(language), 60, seed="big")
    keys = [domain.normalize(d.text) for d in drafts]
    assert len(drafts) >= 40
    assert len(set(keys)) == len(keys)


def test_round_robin_over_categories() -> None:
    drafts = writer.write(brief("en"), 12, seed="rr")
    assert [d.category for d in drafts[:6]] == list(domain.CATEGORIES)
    assert {d.category for d in drafts} == set(domain.CATEGORIES)


def test_same_seed_same_hooks_other_seed_other_hooks() -> None:
    a = writer.write(brief("es"), 12, seed="job_1")
    b = writer.write(brief("es"), 12, seed="job_1")
    c = writer.write(brief("es"), 12, seed="job_2")
    assert a == b
    assert [d.text for d in a] != [d.text for d in c]


def test_avoid_skips_known_texts() -> None:
    first = writer.write(brief("fr"), 12, seed="x")
    again = writer.write(brief("fr"), 12, seed="x", avoid={domain.normalize(d.text) for d in first})
    assert not {d.text for d in first} & {d.text for d in again}
    assert len(again) == 12


def test_slots_come_from_the_app() -> None:
    texts = " ".join(d.text for d in writer.write(brief("en"), 40, seed="slots"))
    assert "FitFlow" in texts
    assert "skipping workouts" in texts.lower() or "no time to plan meals" in texts.lower()
    assert "busy parents" in texts.lower()
    assert "fitness" in texts.lower()


def test_long_slot_values_are_skipped_for_fallbacks() -> None:
    long_pain = "I never find the time to go to the gym because my job eats every evening of the week"
    drafts = writer.write(brief("en", pain_points=[long_pain]), 30, seed="long")
    assert all(long_pain.lower() not in d.text.lower() for d in drafts)
    assert all(domain.fits_length(d.text, "en") for d in drafts)


def test_empty_app_still_gets_hooks() -> None:
    empty = writer.brief_for(app_name="", niche="", language="de")
    drafts = writer.write(empty, 12, seed="e")
    assert len(drafts) == 12 and all(d.language == "de" for d in drafts)


def test_japanese_length_is_counted_in_characters() -> None:
    drafts = writer.write(
        brief("ja", pain_points=["やる気が続かない"], app_name="フィットフロー"), 30, seed="j"
    )
    assert drafts and all(len(d.text) <= domain.MAX_CHARS_CJK for d in drafts)
    assert any("やる気が続かない" in d.text for d in drafts)


def test_unsupported_language_falls_back_to_english_and_regions_are_folded() -> None:
    assert writer.brief_for(app_name="A", niche="x", language="ko").language == "en"
    assert writer.brief_for(app_name="A", niche="x", language="pt-BR").language == "pt"


def test_seed_source_is_kept() -> None:
    assert {d.source for d in writer.write(brief("it"), 6, seed="s", source="seed")} == {"seed"}

"""The built-in writer: every language and category, length rules, uniqueness, determinism."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest
from hooks import domain, grammar, writer

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


# Keys of the renderer's niche catalog: the niches apps are filed under.
NICHES = (
    "fitness",
    "productivity",
    "finance",
    "language_learning",
    "meditation",
    "dating",
    "education",
    "games",
    "health",
    "travel",
    "food",
    "photo_editing",
    "music",
    "parenting",
    "shopping",
    "social",
    "",
)
_ALTERNATION = re.compile(r"\[([^\[\]]*)\]")
_SLOT = re.compile(r"\{(\w+)\}")


def locale_files() -> dict[str, dict]:
    folder = resources.files("hooks").joinpath("locales")
    return {
        f.name.removesuffix(".json"): json.loads(f.read_text(encoding="utf-8"))
        for f in folder.iterdir()
        if f.name.endswith(".json")
    }


def test_one_locale_file_per_language_with_the_same_categories_and_slots() -> None:
    files = locale_files()
    assert set(files) == set(domain.LANGUAGES)
    english = files["en"]
    for language, data in files.items():
        assert data["language"] == language
        assert set(data["templates"]) == set(english["templates"]) == set(domain.CATEGORIES), language
        assert set(data["slots"]) == set(english["slots"]) == set(grammar.SLOT_NAMES), language
        for category, templates in data["templates"].items():
            assert len(templates) >= 4, (language, category)
            assert len(set(templates)) == len(templates), (language, category)
        loaded = grammar.load(language)
        assert loaded is not None and loaded.language == language


def test_locales_are_loaded_once() -> None:
    assert grammar.load("de") is grammar.load("de")
    assert grammar.load("xx") is None and grammar.load("zh") is None


def test_a_broken_locale_file_fails_loudly() -> None:
    good = locale_files()["en"]
    for broken in (
        {**good, "language": "fr"},
        {**good, "templates": {k: v for k, v in good["templates"].items() if k != "story"}},
        {**good, "slots": {**good["slots"], "pain": []}},
        {**good, "numbers": []},
    ):
        with pytest.raises(grammar.LocaleError):
            grammar.parse("en", broken)


@pytest.mark.parametrize("language", domain.LANGUAGES)
def test_templates_are_well_formed(language: str) -> None:
    """Brackets balanced and never nested, only known slots, no stray braces after expansion."""
    locale = grammar.load(language)
    assert locale is not None
    known = {"pain", "value", "diff", "audience", "niche", "app", "n"}
    for templates in locale.templates.values():
        for template in templates:
            flat = _ALTERNATION.sub("", template)
            assert "[" not in flat and "]" not in flat and "|" not in flat, (language, template)
            names = {n.lower() for n in _SLOT.findall(template)}
            assert names <= known, (language, template)
            rest = _SLOT.sub("", _ALTERNATION.sub(lambda m: m.group(1), template))
            assert "{" not in rest and "}" not in rest, (language, template)


@pytest.mark.parametrize("language", ["ru", "uk", "ar", "he", "hi", "ja", "ko", "zh-Hans", "zh-Hant", "th"])
def test_templates_in_other_scripts_hold_no_latin_words_but_pov(language: str) -> None:
    """Only slot values (an app name, an English niche key) and "POV" are written in Latin letters."""
    locale = grammar.load(language)
    assert locale is not None
    lines = [t for ts in locale.templates.values() for t in ts] + [
        v for vs in locale.slots.values() for v in vs
    ]
    for line in lines:
        assert set(re.findall(r"[A-Za-z]+", _SLOT.sub(" ", line))) <= {"POV"}, (language, line)


@pytest.mark.parametrize("language", domain.LANGUAGES)
@pytest.mark.parametrize("niche", NICHES)
def test_seeded_hooks_pass_moderation_in_every_language_and_niche(language: str, niche: str) -> None:
    b = writer.brief_for(app_name="Calma", niche=niche, language=language)
    drafts = writer.write(b, 18, seed="app_123", source="seed")
    assert len(drafts) == 18
    assert {d.category for d in drafts} == set(domain.CATEGORIES)
    for d in drafts:
        assert domain.moderate(d.text, language, d.source) == "APPROVED", d.text
        assert "{" not in d.text and "}" not in d.text and "[" not in d.text and "]" not in d.text, d.text
        assert "|" not in d.text, d.text


@pytest.mark.parametrize("language", domain.LANGUAGES)
def test_every_template_fits_the_length_rules_with_default_slots(language: str) -> None:
    """No dead template: each one, with every alternative, fits with the file's own slot values."""
    locale = grammar.load(language)
    assert locale is not None
    slots = {
        **{k: v[:1] for k, v in locale.slots.items()},
        "app": ("FitFlow",),
        "n": (str(max(locale.numbers)),),
    }
    for templates in locale.templates.values():
        for template in templates:
            for i in range(max(len(g.split("|")) for g in _ALTERNATION.findall(template) or ["x"])):

                def pick(m: re.Match[str], i: int = i) -> str:
                    alternatives = m.group(1).split("|")
                    return alternatives[min(i, len(alternatives) - 1)]

                text = _SLOT.sub(lambda m: slots[m.group(1).lower()][0], _ALTERNATION.sub(pick, template))
                text = " ".join(text.split())
                assert domain.fits_length(text, language), (language, text)


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


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("pt-BR", "pt"),
        ("en-US", "en"),
        ("zh", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("ko", "ko"),
        ("KO-kr", "ko"),
        ("th-TH", "th"),
    ],
)
def test_regions_and_scripts_are_matched_by_lookup(tag: str, code: str) -> None:
    b = writer.brief_for(app_name="A", niche="x", language=tag)
    assert b.language == code
    drafts = writer.write(b, 6, seed="t")
    assert len(drafts) == 6 and {d.language for d in drafts} == {code}


@pytest.mark.parametrize("tag", ["sw", "xx-YY", "zz", "", "e\x01", "english"])
def test_an_unsupported_language_gets_no_hooks_not_english(tag: str) -> None:
    b = writer.brief_for(app_name="FitFlow", niche="fitness", language=tag)
    assert b.language == ""
    assert writer.write(b, 12, seed="u") == []


@pytest.mark.parametrize("language", domain.LANGUAGES)
def test_an_app_without_a_name_or_niche_gets_hooks_in_its_language(language: str) -> None:
    """Nothing names a made-up app, and the niche falls back to the file's own word."""
    empty = writer.brief_for(app_name="", niche="", language=language)
    drafts = writer.write(empty, 18, seed="e")
    assert len(drafts) == 18 and {d.category for d in drafts} == set(domain.CATEGORIES)
    for d in drafts:
        assert "this app" not in d.text.lower(), d.text
        assert language == "en" or "daily life" not in d.text.lower(), d.text
        assert "{" not in d.text and "[" not in d.text, d.text


def test_the_app_name_is_left_out_only_without_a_name() -> None:
    assert writer._without_app("Why {audience} love {app}") == ""
    assert writer._without_app("[It's {app}|Here's my secret]!") == "[Here's my secret]!"
    assert writer._without_app("[{App}|{app} rocks]") == ""
    assert writer._without_app("No app at all") == "No app at all"


def test_capitalization_follows_the_language() -> None:
    assert writer._capitalize("işe geç kalmak", "tr") == "İşe geç kalmak"
    assert writer._capitalize("ıspanak", "tr") == "Ispanak"
    assert writer._lower_first("İşe geç kalmak", "tr") == "işe geç kalmak"
    assert writer._capitalize("ijsberen", "nl") == "IJsberen"
    assert writer._capitalize("¿sigues así?", "es") == "¿Sigues así?"
    assert writer._capitalize("3 ways", "en") == "3 ways"
    assert writer._capitalize("straße", "de") == "Straße"


def test_latin_words_are_spaced_from_chinese_and_thai() -> None:
    zh = writer.write(writer.brief_for(app_name="FitFlow", niche="fitness", language="zh-CN"), 30, seed="z")
    th = writer.write(writer.brief_for(app_name="FitFlow", niche="fitness", language="th"), 30, seed="t")
    for d in zh + th:
        assert not re.search(
            r"[A-Za-z][\u3400-\u9fff\u0e00-\u0e7f]|[\u3400-\u9fff\u0e00-\u0e7f][A-Za-z]", d.text
        )


def test_seed_source_is_kept() -> None:
    assert {d.source for d in writer.write(brief("it"), 6, seed="s", source="seed")} == {"seed"}

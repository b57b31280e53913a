"""Rules of the library: normalization, moderation, scores, list validation."""

from __future__ import annotations

import pytest
from hooks import domain
from kit.errors import ServiceError


def test_normalize_ignores_case_punctuation_and_spacing() -> None:
    assert domain.normalize("Stop  scrolling!!") == domain.normalize("stop, SCROLLING")
    assert domain.normalize("Ｆｕｌｌwidth") == "fullwidth"
    assert domain.normalize("¿Sigues así?") == "sigues así"


def test_niche_keys_match_the_renderer_catalog() -> None:
    assert domain.norm_niche(" Fitness & Health ") == "fitness_and_health"
    assert (
        domain.norm_niche("language-learning")
        == domain.norm_niche("Language Learning")
        == "language_learning"
    )
    assert domain.niche_key("  ") == "general"


def test_length_rules() -> None:
    assert domain.fits_length("Short and sweet opener", "en")
    assert not domain.fits_length("word " * 15, "en")
    assert not domain.fits_length("x" * 91, "en")
    assert domain.fits_length("あ" * 40, "ja")
    assert not domain.fits_length("あ" * 41, "ja")
    assert not domain.fits_length("", "en")


@pytest.mark.parametrize("language", ["ja", "zh-Hans", "zh-Hant", "th", "zh"])
def test_languages_without_spaces_count_characters_only(language: str) -> None:
    assert domain.without_spaces(language)
    assert domain.fits_length("字 " * 13 + "字", language)  # 14 "words" but 27 characters
    assert domain.fits_length("字" * 40, language)
    assert not domain.fits_length("字" * 41, language)


def test_thai_marks_ride_on_their_character() -> None:
    word = "ที่"  # consonant + vowel mark + tone mark: one character as seen
    assert len(word) == 3 and domain.char_count(word) == 1
    assert domain.fits_length(word * 40, "th") and not domain.fits_length(word * 41, "th")


def test_korean_and_other_spaced_languages_count_words() -> None:
    assert not domain.without_spaces("ko")
    assert domain.fits_length("아직도 운동 빼먹어? 이거 봐", "ko")
    assert not domain.fits_length("운동 " * 15, "ko")
    assert not domain.fits_length("слово " * 15, "ru")
    assert domain.fits_length("ما زلت تعاني من إضاعة الوقت؟ إليك الحل", "ar")


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("pt-BR", "pt"),
        ("zh", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hans", "zh-Hans"),
        ("en-US", "en"),
        ("EN", "en"),
        ("de_AT", "de"),
        ("he-IL", "he"),
        ("id", "id"),
        ("sw", None),
        ("xx-YY", None),
        ("", None),
        ("no tag", None),
    ],
)
def test_languages_are_matched_by_rfc4647_lookup(tag: str, code: str | None) -> None:
    assert domain.norm_language(tag) == code


def test_a_language_without_copy_is_refused_where_hooks_must_be_written() -> None:
    assert domain.require_language("zh-TW") == "zh-Hant"
    with pytest.raises(ServiceError) as err:
        domain.require_language("sw")
    assert err.value.code == "VALIDATION_ERROR"
    assert err.value.details["fields"][0]["field"] == "language"
    assert "zh-Hant" in err.value.details["fields"][0]["message"]


@pytest.mark.parametrize(
    ("given", "filtered"),
    [("zh-CN", "zh-Hans"), ("zh-hant", "zh-Hant"), ("pt-BR", "pt"), ("EN", "en"), ("XX", "xx"), ("  ", "")],
)
def test_the_language_filter_finds_hooks_filed_under_the_matched_code(given: str, filtered: str) -> None:
    assert domain.list_filters(0, 0, "", given, "", "", "", "").language == filtered


@pytest.mark.parametrize(
    ("text", "source", "status"),
    [
        ("Three habits that changed my mornings", "generated", "APPROVED"),
        ("Three habits that changed my mornings", "seed", "APPROVED"),
        ("Three habits that changed my mornings", "llm", "PENDING"),
        ("Guaranteed results in a week", "generated", "REJECTED"),
        ("This MIRACLE app fixes everything", "llm", "REJECTED"),
        ("Get rich quick with this one app", "llm", "REJECTED"),
        (
            "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen",
            "llm",
            "REJECTED",
        ),
    ],
)
def test_moderation(text: str, source: str, status: str) -> None:
    assert domain.moderate(text, "en", source) == status


def test_banned_words_match_whole_words_only() -> None:
    assert not domain.has_banned_words("Secure your mornings")
    assert domain.has_banned_words("the cure for lazy days")


def test_banned_words_in_the_new_languages() -> None:
    assert domain.has_banned_words("Hasil dijamin dalam seminggu")
    assert domain.has_banned_words("效果保證有效，快來試")
    assert not domain.has_banned_words("Ini rahasiaku")


def test_initial_score_counts_characters_where_words_have_no_spaces() -> None:
    for text, language in (
        ("用了 FitFlow 30天，结果出乎意料", "zh-Hans"),
        ("ลองใช้ FitFlow 7 วัน ผลเกินคาด", "th"),
    ):
        score = domain.initial_score(text, "curiosity", "generated", language)
        assert 45 <= score <= 75


def test_initial_score_range_and_llm_penalty() -> None:
    text = "Stop wasting your evenings"
    for category in domain.CATEGORIES:
        score = domain.initial_score(text, category, "generated")
        assert 45 <= score <= 75
    assert domain.initial_score(text, "story", "llm") == domain.initial_score(text, "story", "generated") - 5
    assert domain.clamp_score(130) == 100 and domain.clamp_score(-3) == 0


def test_plan_order() -> None:
    assert not domain.plan_at_least("free", "starter")
    assert all(domain.plan_at_least(p, "starter") for p in ("starter", "pro", "business", "PRO"))
    assert not domain.plan_at_least("", "starter")


def test_retry_after() -> None:
    assert domain.retry_after_seconds(0.2, 3600) == 3600
    assert domain.retry_after_seconds(3599.5, 3600) == 1
    assert domain.retry_after_seconds(4000, 3600) == 1


def test_list_filters_defaults_and_normalization() -> None:
    f = domain.list_filters(0, 0, " Fitness ", "EN", "", "", "  x ", "")
    assert (f.page, f.limit, f.niche, f.language, f.q) == (1, 50, "fitness", "en", "x")


@pytest.mark.parametrize(("given", "key"), [("!!", "general"), ("-", "general"), ("", ""), ("  ", "")])
def test_a_niche_without_letters_filters_like_the_hooks_of_such_an_app(given: str, key: str) -> None:
    """An app with such a niche files its hooks under "general"; only a blank niche is no filter."""
    assert domain.list_filters(0, 0, given, "", "", "", "", "").niche == key
    if key:
        assert domain.niche_key(given) == key


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"limit": 201}, "limit"),
        ({"page": -1}, "page"),
        ({"category": "funny"}, "category"),
        ({"status": "approved"}, "status"),
        ({"sort": "oldest"}, "sort"),
        ({"q": "x" * 201}, "q"),
        ({"q": "a\x00b"}, "q"),
        ({"language": "e\x01"}, "language"),
        ({"niche": "fit\nness"}, "niche"),
    ],
)
def test_list_filters_refuse_bad_values(kwargs: dict, field: str) -> None:
    args = {
        "page": 1,
        "limit": 50,
        "niche": "",
        "language": "",
        "category": "",
        "status": "",
        "q": "",
        "sort": "",
    }
    with pytest.raises(ServiceError) as err:
        domain.list_filters(**{**args, **kwargs})
    assert err.value.code == "VALIDATION_ERROR"
    assert [f["field"] for f in err.value.details["fields"]] == [field]


def test_app_ids() -> None:
    assert domain.valid_app_id("app_abcDEF123")
    for bad in ("", "app_", "hk_abc", "app_a b", "app_\x00", "app_" + "a" * 65, "app_é"):
        assert not domain.valid_app_id(bad)


def test_like_pattern_escapes_wildcards() -> None:
    assert domain.like_pattern("50%_Off\\") == "%50\\%\\_off\\\\%"


def test_generate_arguments() -> None:
    assert domain.generate_count(0) == 10
    assert domain.check_category("") == domain.CATEGORIES
    assert domain.check_category("story") == ("story",)
    for bad in (lambda: domain.generate_count(51), lambda: domain.check_category("nope")):
        with pytest.raises(ServiceError):
            bad()

"""The deck lint flags each known defect when fed a record that has it, and passes a clean one."""

from __future__ import annotations

from dataclasses import replace

import pytest
from renderer.art import lint, record

GOOD = record.TextRecord(
    slide=1,
    role=record.TITLE,
    text="No equipment needed, ever",
    language="en",
    script="Latin",
    size=80,
    min_size=60,
    lines=("No equipment", "needed, ever"),
    runs=((("No equipment", "tiktok_heavy"),), (("needed, ever", "tiktok_heavy"),)),
    hyphenated=(False, False),
    forced=False,
    box=(200.0, 700.0, 880.0, 900.0),
)
HOOK = replace(
    GOOD,
    slide=0,
    role=record.HOOK,
    text="I stopped paying",
    size=120,
    min_size=92,
    lines=("I stopped paying",),
    runs=((("I stopped paying", "tiktok_black"),),),
    hyphenated=(False,),
)


def _rules(*records: record.TextRecord) -> set[str]:
    return {v.rule for v in lint.check(list(records))}


def test_a_clean_deck_passes() -> None:
    assert lint.check([HOOK, GOOD]) == []


@pytest.mark.parametrize(
    "bad,rule",
    [
        # A word cut where no dictionary allows it: "equipme-" / "nt".
        (replace(GOOD, lines=("No equipme-", "nt needed, ever"), hyphenated=(True, False)), "word-cut"),
        # A dictionary point, but hyphenated at a size where shrinking would have kept the word whole.
        (
            replace(GOOD, lines=("No equip-", "ment needed, ever"), hyphenated=(True, False)),
            "needless-hyphen",
        ),
        # A cut without any hyphen in the middle of a word.
        (replace(GOOD, lines=("No equipm", "ent needed, ever"), hyphenated=(False, False)), "word-cut"),
        # A glyph the font does not have (tofu): Hangul in the Latin face.
        (
            replace(
                GOOD,
                text="운동 time",
                lines=("운동 time",),
                runs=((("운동 time", "tiktok_heavy"),),),
                hyphenated=(False,),
            ),
            "missing-glyph",
        ),
        # A lone katakana on its own line.
        (
            replace(
                GOOD,
                text="ダウンロード",
                language="ja",
                lines=("ダウンロー", "ド"),
                runs=((("ダウンロー", "cjk_jp_bold"),), (("ド", "cjk_jp_bold"),)),
            ),
            "cjk-orphan",
        ),
        # A box in TikTok's right rail.
        (replace(GOOD, box=(200.0, 700.0, 1000.0, 900.0)), "safe-zone"),
        # A box under the caption area.
        (replace(GOOD, box=(200.0, 1500.0, 880.0, 1700.0)), "safe-zone"),
        # Shortened with an ellipsis ("Link i…").
        (
            replace(
                GOOD,
                text="Link in bio",
                lines=("Link i…",),
                runs=((("Link i…", "tiktok_heavy"),),),
                hyphenated=(False,),
            ),
            "ellipsis",
        ),
        # Words dropped.
        (
            replace(
                GOOD,
                lines=("No equipment",),
                runs=((("No equipment", "tiktok_heavy"),),),
                hyphenated=(False,),
            ),
            "text-lost",
        ),
        # A title below the design's minimum.
        (replace(GOOD, size=40), "min-size"),
        # A subtitle under STYLE's floor (about 44 px), whatever its own minimum.
        (replace(GOOD, role=record.SUBTITLE, size=32, min_size=30), "too-small"),
        # Eight words on one line.
        (
            replace(
                GOOD,
                text="one two three four five six seven eight",
                lines=("one two three four five six seven eight",),
                runs=((("x", "tiktok_heavy"),),),
                hyphenated=(False,),
            ),
            "words-per-line",
        ),
        # A forced cut.
        (replace(GOOD, forced=True), "word-cut"),
    ],
)
def test_each_defect_is_flagged(bad: record.TextRecord, rule: str) -> None:
    assert rule in _rules(HOOK, bad)


def test_a_title_bigger_than_the_hook_is_flagged() -> None:
    assert "hook-largest" in _rules(HOOK, replace(GOOD, size=130))


def test_cjk_break_inside_a_phrase_is_flagged() -> None:
    bad = replace(
        GOOD,
        text="フィットネスアプリ",
        language="ja",
        lines=("フィット", "ネスアプリ"),
        runs=((("フィット", "cjk_jp_bold"),), (("ネスアプリ", "cjk_jp_bold"),)),
    )
    assert "word-cut" in _rules(HOOK, bad)


@pytest.mark.parametrize(
    ("lang", "first", "rest"),
    [
        ("zh-Hans", "我不再花钱办健", "身卡"),  # BudouX alone allows 健|身
        ("zh-Hans", "我踩了好", "几年的坑"),
        ("zh-Hant", "不再繳健身", "房月費"),
        ("zh-Hant", "我犯了好", "幾年的3個健身錯誤"),  # the dictionary is Simplified: 好幾年 = 好几年
    ],
)
def test_chinese_break_inside_a_word_is_flagged(lang: str, first: str, rest: str) -> None:
    face = "cjk_sc_bold" if lang == "zh-Hans" else "cjk_tc_bold"
    bad = replace(
        GOOD,
        text=first + rest,
        language=lang,
        lines=(first, rest),
        runs=(((first, face),), ((rest, face),)),
    )
    assert "word-cut" in _rules(HOOK, bad)


def test_vietnamese_break_inside_a_word_is_flagged() -> None:
    bad = replace(
        GOOD,
        text="Huấn luyện viên AI điều chỉnh",
        language="vi",
        lines=("Huấn luyện", "viên AI điều chỉnh"),
        runs=((("Huấn luyện", "tiktok_heavy"),), (("viên AI điều chỉnh", "tiktok_heavy"),)),
    )
    assert "word-cut" in _rules(HOOK, bad)
    good = replace(bad, lines=("Huấn luyện viên", "AI điều chỉnh"))
    assert "word-cut" not in _rules(HOOK, good)

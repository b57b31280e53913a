"""Text layout: lines break only where each script allows, every glyph comes from a font that has it,
right-to-left text keeps its order and spaces, and text no font can draw is refused, never dropped."""

from __future__ import annotations

import re

import pytest
from renderer.art import breaking, fonts, lint, record, text

BOX = (80, 192, 940, 1100)


def _lines(block: text.TextBlock) -> list[str]:
    return [line.text for line in block.lines]


def _faces(block: text.TextBlock) -> set[str]:
    return {r.face for line in block.lines for r in line.runs}


def _assert_clean(block: text.TextBlock, lang: str) -> None:
    """The independent lint finds nothing in the block (cut words, missing glyphs, lost text)."""
    rec = record.of_block(1, record.TITLE, block, lang)
    problems = [v for v in lint.check([rec]) if v.rule != "safe-zone"]
    assert not problems, problems


def test_every_font_is_installed() -> None:
    missing = [face for face in fonts.FACES if not fonts.available(face)]
    assert not missing, f"run `make install` (Debian fonts-noto-cjk, fonts-noto-color-emoji): {missing}"


@pytest.mark.parametrize(
    "lang,value",
    [
        ("en", "No equipment needed, ever"),
        ("de", "Warum deine Trainingsplan-Motivationsstrategie nach zwei Wochen scheitert"),
        (
            "ja",
            "忙しい毎日でも、たった10分で続けられる新しいトレーニング習慣を手に入れよう。「今日から」始めよう！",
        ),
        ("zh-Hans", "我不去健身房也变强了，每天只要十分钟"),
        ("ko", "운동 계획이 너무 어려워요 이제 그만"),
        ("th", "ฉันเลิกจ่ายค่ายิม แล้วแข็งแรงขึ้นกว่าเดิม"),
        ("ar", "توقفت عن دفع اشتراك النادي وأصبحت أقوى مع FitPro في عشرة أيام"),
        ("he", "הפסקתי לשלם על חדר כושר ונהייתי חזק יותר"),
        ("hi", "मैंने जिम की फ़ीस भरना बंद किया और ज़्यादा मज़बूत हो गया"),
        ("ru", "Я перестал платить за зал и стал сильнее"),
        ("vi", "Tôi thôi đóng tiền phòng gym mà lại khỏe hơn"),
        ("en", "Get fit 💪🔥 in ten minutes"),
    ],
)
@pytest.mark.parametrize("width", [860, 520])
def test_fit_breaks_only_where_the_script_allows(lang: str, value: str, width: int) -> None:
    box = (80, 192, 80 + width, 1400)
    low = 44 if lang in ("ja", "zh-Hans") else 60  # the designs' CJK minimum is lower: the glyphs are fuller
    block = text.fit(value, lang, box, text.Spec(style="display", max_size=140, min_size=low, max_lines=8))
    assert block.lines and len(block.lines) <= 8
    assert block.top >= box[1] - 0.5 and block.top + block.height <= box[3] + 0.5
    for line in block.lines:
        assert line.width <= width + 0.5
        assert not line.forced
    _assert_clean(block, lang)


def test_no_word_is_cut_for_a_bigger_font() -> None:
    """The old fitter drew "No / equipme- / nt needed": shrinking keeps the word whole."""
    block = text.fit(
        "No equipment needed, ever", "en", (0, 0, 420, 900), text.Spec(max_size=150, min_size=40)
    )
    assert all("equipme-" not in line for line in _lines(block))
    assert any("equipment" in line for line in _lines(block))


def test_hyphenation_only_at_a_dictionary_point_and_only_at_the_minimum_size() -> None:
    block = text.fit(
        "Motivationsstrategie", "de", (0, 0, 400, 900), text.Spec(max_size=140, min_size=70, max_lines=4)
    )
    assert block.size == 70
    assert any(line.hyphenated for line in block.lines)
    joined = "".join(line.text.removesuffix("-") for line in block.lines)
    assert joined == "Motivationsstrategie"
    _assert_clean(block, "de")


def test_a_word_without_dictionary_points_is_forced_and_flagged() -> None:
    value = "1234567890" * 12
    block = text.fit(value, "en", (0, 0, 400, 1400), text.Spec(max_size=100, min_size=60))
    assert any(line.forced for line in block.lines)
    assert "".join(_lines(block)) == value  # nothing lost
    assert any(v.rule == "word-cut" for v in lint.check([record.of_block(1, record.TITLE, block, "en")]))


def test_cjk_breaks_between_phrases_with_no_lone_character() -> None:
    value = "フィットネスアプリをダウンロードしよう"
    block = text.fit(value, "ja", (0, 0, 620, 900), text.Spec(max_size=120, min_size=40))
    assert "".join(_lines(block)) == value
    assert len(block.lines) > 1
    phrases = set()
    pos = 0
    for unit in breaking.units(value, "ja"):
        pos += len(unit.text)
        phrases.add(pos)
    ends, pos = [], 0
    for line in block.lines[:-1]:
        pos += len(line.text)
        ends.append(pos)
    assert set(ends) <= phrases  # never "フィット/ネス" or "ダウ/ンロード"
    assert all(len(line.text) > 1 for line in block.lines)


def test_korean_breaks_between_words_only() -> None:
    units = [u.text for u in breaking.units("운동 계획이 너무 어려워요", "ko")]
    assert units == ["운동", "계획이", "너무", "어려워요"]
    assert [u.text for u in breaking.units("운동 습관 4가지", "ko")] == ["운동", "습관", "4가지"]


def test_uax14_keeps_short_hyphenated_prefixes() -> None:
    assert [u.text for u in breaking.units("10-minute workouts", "en")] == ["10-minute", "workouts"]
    assert [u.text for u in breaking.units("Trainingsplan-Motivation", "de")] == [
        "Trainingsplan-",
        "Motivation",
    ]


@pytest.mark.parametrize(
    "lang,face",
    [("ja", "cjk_jp_bold"), ("zh-Hans", "cjk_sc_bold"), ("zh-Hant", "cjk_tc_bold"), ("ko", "cjk_kr_bold")],
)
def test_han_characters_take_the_glyph_forms_of_the_deck_language(lang: str, face: str) -> None:
    runs = text.shape("健身房 運動", "title", lang, False)
    assert {r.face for r in runs if r.text.strip()} == {face}


def test_mixed_arabic_and_latin_keeps_spaces_and_order() -> None:
    value = "جربت FitPro لمدة أسبوع"
    block = text.fit(value, "ar", BOX, text.Spec(align="right", max_size=60, min_size=40))
    assert block.rtl and len(block.lines) == 1
    runs = block.lines[0].runs
    assert {"arabic_bold", "tiktok_heavy"} <= {r.face for r in runs}
    visual = "".join(r.text for r in runs)
    assert "FitPro" in visual and visual.count(" ") == value.count(" ")
    # Visual order of an RTL paragraph: the last Arabic words are drawn leftmost, "جربت" rightmost.
    assert runs[-1].text.strip().endswith("جربت") or runs[-1].text.strip() == "جربت"
    line, x, _ = block.placements()[0]
    assert abs(x + line.width - BOX[2]) < 1  # right-aligned


def test_latin_line_in_an_arabic_deck_stays_left_to_right() -> None:
    block = text.fit("FitPro 2.0 is here", "ar", BOX, text.Spec(max_size=90, min_size=40))
    assert not block.rtl
    assert "".join(r.text for r in block.lines[0].runs) == "FitPro 2.0 is here"


@pytest.mark.parametrize(
    "lang,value,face",
    [
        ("hi", "मज़बूत", "devanagari_bold"),
        ("th", "แข็งแรง", "thai_bold"),
        ("he", "חזק", "hebrew_bold"),
        ("en", "💪", "emoji"),
    ],
)
def test_each_script_is_drawn_by_its_own_font(lang: str, value: str, face: str) -> None:
    block = text.fit(value, lang, BOX, text.Spec(max_size=90, min_size=40))
    assert face in _faces(block)
    _assert_clean(block, lang)


def test_emoji_are_drawn_not_dropped() -> None:
    from PIL import Image

    block = text.fit("Go 💪", "en", (0, 0, 900, 300), text.Spec(max_size=120, min_size=40))
    img = Image.new("RGB", (900, 300), (255, 255, 255))
    text.draw(img, block, (0, 0, 0))
    colored = sum(1 for r, g, b in img.get_flattened_data() if max(r, g, b) - min(r, g, b) > 60)
    assert colored > 200  # the emoji's own colors are on the image


def test_text_no_font_can_draw_is_refused() -> None:
    with pytest.raises(text.UnsupportedText) as err:
        text.fit("Pharaoh \U00013000 mode", "en", BOX, text.Spec())
    assert "U+13000" in str(err.value)


def test_the_fast_uax14_path_agrees_with_uniseg_on_every_copy_line() -> None:
    """Plain text skips uniseg (milliseconds a text) for two rules; both give the same breaks on every
    line of every language file and the demo app's fields."""
    import json
    from pathlib import Path

    from uniseg.linebreak import line_break_units

    root = Path(breaking.__file__).resolve().parents[1]
    texts: set[str] = {"10-minute workouts", "Trainingsplan-Motivation", "Ça te parle ?", "בחינם ב-App Store"}

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.add(value)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for path in [*(root / "locales").glob("*.json"), root / "samples" / "app.json"]:
        walk(json.loads(path.read_text(encoding="utf-8")))
    checked = 0
    for value in texts:
        if not breaking._plain(value):
            continue
        expected, pos = set(), 0
        for unit in line_break_units(value):
            pos += len(unit)
            expected.add(pos)
        expected.discard(len(value))
        assert breaking._uax14(value) == expected, value
        checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    ("lang", "value", "words"),
    [
        ("zh-Hans", "我不再花钱办健身卡，反而变得更强壮", ("健身卡", "不再", "强壮")),
        ("zh-Hans", "我离不开FitPro的4个理由", ("离不开",)),
        ("zh-Hans", "3个我踩了好几年的健身坑", ("好几年", "健身")),
        ("zh-Hant", "不再繳健身房月費，我反而變得更強壯", ("健身房", "月費", "強壯")),
    ],
)
def test_chinese_lines_never_split_a_word(lang: str, value: str, words: tuple[str, ...]) -> None:
    allowed = breaking._allowed(value, lang)
    for word in words:
        start = value.index(word)
        assert not any(start < i < start + len(word) for i in allowed), (word, sorted(allowed))
    for width in (420, 560, 700):
        block = text.fit(value, lang, (0, 0, width, 1200), text.Spec(max_size=120, min_size=60))
        lines = [line.text for line in block.lines]
        assert "".join(lines) == value
        for word in words:
            assert any(word in line for line in lines), (word, lines)


def test_indonesian_reduplicated_words_stay_whole() -> None:
    value = "3 kesalahan yang kulakukan bertahun-tahun"
    allowed = breaking._allowed(value, "id")
    hyphen = value.index("-")
    assert hyphen + 1 not in allowed
    german = "Deine Trainingsplan-Motivationsstrategie"
    assert german.index("-") + 1 in breaking._allowed(german, "de")  # elsewhere a hyphen still breaks


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("Huấn luyện viên AI điều chỉnh theo bạn mỗi tuần", ("Huấn luyện viên", "điều chỉnh")),
        ("2 ngộ nhận về thể hình bạn vẫn tin", ("ngộ nhận", "thể hình")),
    ],
)
def test_vietnamese_lines_never_split_a_word(value: str, words: tuple[str, ...]) -> None:
    for width in (560, 700, 850):
        block = text.fit(value, "vi", (0, 0, width, 1400), text.Spec(max_size=120, min_size=60))
        lines = [line.text for line in block.lines]
        assert " ".join(lines) == value
        for word in words:
            assert any(word in line for line in lines), (word, lines)


def test_traditional_chinese_words_are_found_in_simplified_and_kept_whole() -> None:
    value = "我犯了好幾年的3個健身錯誤"
    assert "好幾年" in breaking.chinese_words(value)
    start = value.index("好幾年")
    assert not {start + 1, start + 2} & breaking._allowed(value, "zh-Hant")


def test_a_lone_short_word_in_the_middle_costs_some_size_before_it_stands_alone() -> None:
    block = text.fit(
        "2 ngộ nhận về tập luyện bạn vẫn tin", "vi", (92, 0, 906, 880), text.Spec("display", 150, 72, 7, 1.08)
    )
    assert [line.text for line in block.lines] == ["2 ngộ nhận", "về tập luyện", "bạn vẫn tin"]


def test_thai_negation_stays_with_its_word() -> None:
    value = "เลิกงานแล้วไม่มีเวลาไปฟิตเนส"
    allowed = breaking._allowed(value, "th")
    assert value.index("ไม่") + len("ไม่") not in allowed  # never "ไม่ / มีเวลา"
    assert value.index("ไม่") in allowed  # "เลิกงานแล้ว / ไม่มีเวลา" is fine


def test_a_thai_fee_stays_with_what_it_pays_for() -> None:
    units = [u.text for u in breaking.units("ฉันเลิกจ่ายค่าฟิตเนสแล้ว", "th")]
    assert "ค่าฟิตเนส" in units  # never "ค่า / ฟิตเนส" (fee / fitness)


HOOK = text.Spec("display", 150, 72, 7, 1.08, "center")


def test_a_tower_of_one_word_lines_becomes_fewer_fuller_lines() -> None:
    """At 150 px only one word fits a line ("Моя / реальная / рутина: / фитнес от / и до"); a few pixels
    less sets the hook in lines of two words."""
    block = text.fit("Моя реальная рутина: фитнес от и до", "ru", (92, 0, 906, 880), HOOK)
    assert _lines(block) == ["Моя реальная", "рутина: фитнес", "от и до"]


def test_lines_break_elsewhere_before_a_short_word_stands_alone() -> None:
    """Greedy filling leaves "фитнес," and "веришь" alone; the same lines broken elsewhere do not."""
    block = text.fit("2 мифа про фитнес, в которые ты ещё веришь", "ru", (92, 0, 906, 880), HOOK)
    assert len(block.lines) == 4
    assert all(" " in line for line in _lines(block)), _lines(block)


def test_one_orphan_is_not_worth_a_much_smaller_title() -> None:
    """Two lines without "FitPro" alone would need 71 px: the 92 px title keeps it."""
    block = text.fit(
        "Начни сегодня с приложением FitPro",
        "ru",
        (0, 0, 760, 600),
        text.Spec("title", 92, 60, 6, 1.1, "center"),
    )
    assert block.size == 92
    assert _lines(block) == ["Начни сегодня", "с приложением", "FitPro"]


def test_a_number_never_stands_alone_over_what_it_counts() -> None:
    """At 80 px in inspo's column the words take four lines; "87 %" stood alone over "der Mitglieder
    sind" (read as a fragment) rather than leave "draußen" alone: a number alone is no better."""
    block = text.fit(
        "87 % der Mitglieder sind nach einem Monat öfter draußen",
        "de",
        (92, 0, 905, 536),
        text.Spec("serif", 80, 60, 6, 1.1, "left"),
    )
    assert all(any(ch.isalpha() for ch in line) for line in _lines(block)), _lines(block)
    assert _lines(block)[0] == "87 % der Mitglieder"


def test_a_spaced_dash_ends_a_line_and_never_starts_one() -> None:
    assert [u.text for u in breaking.units("Коротко и регулярно — эффективнее", "ru")] == [
        "Коротко",
        "и регулярно —",
        "эффективнее",
    ]
    assert [u.text for u in breaking.units("Short — and often", "en")][0] == "Short —"


def test_a_hebrew_gym_is_one_word_on_a_slide() -> None:
    units = [u.text for u in breaking.units("אין זמן ללכת לחדר כושר אחרי העבודה", "he")]
    assert "לחדר כושר" in units  # never "לחדר / כושר" (room / fitness)


@pytest.mark.parametrize(
    "lang,value,unit",
    [
        ("ru", "Нет времени на зал после работы", "на зал"),
        ("pl", "Brak czasu na siłownię po pracy", "na siłownię"),
        ("uk", "Почни сьогодні із застосунком FitPro", "із застосунком"),
    ],
)
def test_a_short_slavic_preposition_never_ends_a_line(lang: str, value: str, unit: str) -> None:
    assert unit in [u.text for u in breaking.units(value, lang)]


def test_a_chinese_count_stays_with_what_it_counts() -> None:
    assert "4個地方" in [u.text for u in breaking.units("我超愛FitPro的4個地方", "zh-Hant")]


def test_a_japanese_line_of_three_characters_under_a_full_one_is_rebalanced() -> None:
    block = text.fit(
        "4週間、1日も休まず続いた", "ja", (0, 0, 900, 600), text.Spec("title", 92, 52, 6, 1.1, "center")
    )
    assert _lines(block) == ["4週間、1日も", "休まず続いた"]


def test_a_list_label_in_an_arabic_deck_reads_right_to_left() -> None:
    block = text.fit("1.", "ar", (0, 0, 500, 200), text.Spec("title", 90, 60, 1, 1.1, "right"))
    assert [r.text for r in block.lines[0].runs] == [".", "1"]  # drawn ".1": the stop follows the digit
    assert not text.fit("1.", "en", (0, 0, 500, 200), text.Spec("title", 90, 60, 1, 1.1)).rtl


TITLE = text.Spec("title", 92, 60, 6, 1.1, "center")


@pytest.mark.parametrize(
    "lang,value,together",
    [
        ("de", "Reiseplanung in Minuten statt Stunden", "in Minuten"),  # not "in / Minuten"
        ("ar", "لا وقت للنادي بعد العمل؟ انتهى ذلك", "بعد العمل؟"),  # after / work
        ("hi", "इस ऐप ने मेरी ज़िंदगी बदल दिया", "बदल दिया"),  # a compound verb
        ("en", "10-minute workouts you can do anywhere", "can do"),
    ],
)
def test_a_line_does_not_split_a_phrase_where_another_break_works(
    lang: str, value: str, together: str
) -> None:
    """A preposition or article keeps its word, a Hindi postposition or auxiliary its word before:
    the layout with the phrase on one line wins over an equally large one that splits it."""
    block = text.fit(value, lang, (72, 0, 860, 600), TITLE)
    assert any(together in line for line in _lines(block)), _lines(block)
    assert block.size == TITLE.max_size


def test_a_phrase_split_costs_only_where_the_phrase_goes_on() -> None:
    assert breaking.split_cost("in", "Minuten", "de") == 1.0
    assert breaking.split_cost("सालों", "तक", "hi") == 1.0
    assert breaking.split_cost("done.", "The", "en") == 0.0  # a sentence ends there
    assert breaking.split_cost("Minuten", "statt", "de") == 0.0


def test_a_hindi_compound_postposition_stays_whole_when_a_break_is_needed_nearby() -> None:
    """In two lines either break splits something ("दिन / के" or "के / लिए"): the one outside the
    compound postposition "के लिए" wins."""
    assert breaking.split_cost("के", "लिए", "hi") > breaking.split_cost("दिन", "के", "hi")


@pytest.mark.parametrize(
    "before,after,lang",
    [
        ("ونهاية", "الأسبوع", "ar"),  # "and the end of / the weekend": the prefix "و" written onto the word
        ("بالذكاء", "الاصطناعي", "ar"),  # "with artificial / intelligence"
        ("deiner", "Nähe", "de"),
        ("景色の", "良さで", "ja"),
    ],
)
def test_round_19s_phrase_splits_cost(before: str, after: str, lang: str) -> None:
    assert breaking.split_cost(before, after, lang) > 0


def test_a_long_japanese_phrase_breaks_before_its_auxiliary_when_that_buys_size() -> None:
    """BudouX keeps "出かけることにした" whole: nine characters capped the hook at 86 px in a 777 px
    column. A break before a formal noun or auxiliary ("こと", "しまった") is a phrase boundary too."""
    assert [u.text for u in breaking.units("旅の計画をやめて、出かけることにした", "ja")][-2:] == [
        "出かける",
        "ことにした",
    ]
    hook = text.Spec("display", 150, 64, 7, 1.08, "center")
    block = text.fit("旅の計画をやめて、出かけることにした", "ja", (100, 0, 877, 680), hook)
    assert block.size >= 120, (block.size, _lines(block))
    # Where the whole phrase fits at the same size, it stays whole.
    title = text.fit("過ごしてしまった", "ja", (0, 0, 900, 400), TITLE)
    assert _lines(title) == ["過ごしてしまった"]
    assert breaking.split_cost("出かける", "ことにした", "ja") > 0
    # "過ごして / しまった", "続く / ようになった": readers saw these as splits; never a break there.
    assert "過ごしてしまった" in [u.text for u in breaking.units("また週末をソファで過ごしてしまった", "ja")]


def test_a_topic_that_a_colon_ends_may_stand_alone_on_the_first_line() -> None:
    """ "Reisen:" alone counted as an orphan: the hook kept "Reisen: 3 Fehler," together at 91 px in
    three lines instead of 117 px in four."""
    hook = text.Spec("display", 150, 72, 7, 1.08, "center")
    block = text.fit("Reisen: 3 Fehler, die ich jahrelang gemacht hab", "de", (100, 0, 877, 682), hook)
    assert _lines(block)[0] == "Reisen:"
    assert block.size >= 110, (block.size, _lines(block))


@pytest.mark.parametrize(
    "title,lang",
    [
        ("Fact: Short, consistent sessions beat long ones", "en"),
        ("Morning: At the trailhead by sunrise, with TrailMate", "en"),  # an earlier copy
        ("Mythos: Längere Workouts bringen mehr", "de"),
        ("पहले: ऑफ़िस के बाद जिम का समय नहीं", "hi"),
    ],
)
def test_a_titles_label_never_stands_alone_on_its_first_line(title: str, lang: str) -> None:
    """ "Fact:", "Morning:", "Mythos:", "पहले:" alone over the rest of their title read as stray words
    (rounds 25 and 26); only a hook's topic may stand alone as its kicker (above)."""
    spec = text.Spec("title", 110, 56, 6, 1.1, "center")
    block = text.fit(title, lang, (100, 0, 860, 700), spec)
    assert len(_lines(block)[0].split()) > 1, _lines(block)


@pytest.mark.parametrize(
    "before,after,lang",
    [
        ("وزن", "الجسم", "ar"),  # bodyweight: a construct (idafa)
        ("ونهاية", "الأسبوع", "ar"),
        ("جلسة", "التمرين", "ar"),  # a feminine noun heads a construct
        ("की", "फ़ीस", "hi"),  # "जिम की / फ़ीस": the genitive joins its nouns
        ("楽しみに", "なった", "ja"),
        ("どこでも", "できる", "ja"),
        # round 23
        ("ज़्यादा", "मज़बूत", "hi"),  # "और ज़्यादा / मज़बूत": "more / strong"
        ("सबसे", "अच्छा", "hi"),
        ("समय", "नहीं?", "hi"),
        ("immer", "noch", "de"),
        ("Sport-", "Glow-up", "de"),  # inside a hyphenated compound
        ("たった", "1日の外出に、", "ja"),
        # round 24
        ("इस", "साल", "hi"),
        ("दिन", "भर", "hi"),
        ("viel", "zu", "de"),
        ("أن", "يستيقظ", "ar"),  # "قبل أن / يستيقظ": "before / he wakes"
        ("まず", "TrailMate", "ja"),
        # round 26
        ("صعبة", "جدًا؟", "ar"),  # "very" follows its adjective
        ("جلسات", "قصيرة", "ar"),  # a noun and its indefinite adjective
        ("تمارين", "وزن", "ar"),
        ("رحلات", "اليوم", "ar"),  # a plural heads a construct
        ("وجلسات", "قصيرة", "ar"),  # "and" written onto the noun
        ("صعبة", "جداً", "ar"),
    ],
)
def test_round_22s_phrase_splits_cost(before: str, after: str, lang: str) -> None:
    assert breaking.split_cost(before, after, lang) > 0


def test_an_arabic_verb_ending_like_a_plural_heads_no_construct() -> None:
    assert breaking.split_cost("فات", "الأوان", "ar") == 0  # "it is too late": a verb and its subject


@pytest.mark.parametrize(
    "title",
    ["Midi : une pause entre deux réunions", "Réalité : le repos compte", "Midi\u00a0: une pause au parc"],
)
def test_a_french_label_alone_counts_as_one(title: str) -> None:
    """French sets a space before its colon ("Midi :"): still one label, never alone on its line."""
    block = text.fit(title, "fr", (100, 0, 860, 700), text.Spec("title", 110, 56, 6, 1.1, "center"))
    assert len(re.sub(r"\s+:", ":", _lines(block)[0]).split()) > 1, _lines(block)


@pytest.mark.parametrize(
    "before,after,lang", [("الأسبوع،", "نخططها", "ar"), ("कहूँ?", "इस", "hi"), ("week,", "the", "en")]
)
def test_a_break_after_a_phrases_punctuation_splits_nothing(before: str, after: str, lang: str) -> None:
    assert breaking.split_cost(before, after, lang) == 0


@pytest.mark.parametrize(
    "value,lang", [("Workouts, die in deinen Tag passen", "de"), ("सच कहूँ? इस साल का सबसे अच्छा फैसला", "hi")]
)
def test_a_split_phrase_weighs_like_an_orphan(value: str, lang: str) -> None:
    """Round 26 read 50 decks with a phrase split across lines ("Workouts, die in / deinen Tag passen",
    "इस साल का / सबसे अच्छा फैसला"): at the same size, lines that keep the phrase win."""
    block = text.fit(value, lang, (100, 0, 900, 600), text.Spec("body", 58, 44, 3, 1.15, "center"))
    lines = _lines(block)
    assert len(lines) > 1 and block.size == 58, lines
    assert all(
        breaking.split_cost(a.split()[-1], b.split()[0], lang) < 1
        for a, b in zip(lines, lines[1:], strict=False)
    ), lines


def test_a_hindi_weekend_trip_is_one_word_on_a_slide() -> None:
    assert "वीकेंड ट्रिप" in [u.text for u in breaking.units("हर वीकेंड ट्रिप प्लान", "hi")]


def test_two_cjk_characters_never_stand_alone_between_a_hooks_lines() -> None:
    """ "私の1日、/ 全部 / 見せます": "全部" alone read as a fragment (rounds 26 and 27); two lines a
    little smaller win."""
    from renderer.art import designs

    area, _, pad, _ = designs.HOOK_LAYOUT["classic"]
    box = (area[0] + pad, area[1], area[2] - pad, area[1] + int((area[3] - area[1]) * designs.HOOK_SHARE))
    spec = text.Spec("display", designs.HOOK_MAX, designs.HOOK_MIN_CJK, 7, 1.08, "center")
    lines = _lines(text.fit("私の1日、全部見せます", "ja", box, spec))
    assert len(lines) > 1 and all(len(line.strip("、。")) > 2 for line in lines), lines

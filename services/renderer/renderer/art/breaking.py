"""Where a line may break, by the rules of each script.

- Spaced scripts: Unicode line breaking (UAX #14, `uniseg`), minus a break after a hyphen that would leave
  a fragment of under four characters on the line ("10-" / "minute"), after a number ("10 / minutes")
  and, in Slavic languages, after a one-letter word ("z", "в").
- Japanese and Chinese: between BudouX phrases only ("フィットネスアプリを / ダウンロード"), for Chinese
  only where a dictionary (jieba) also ends a word; Thai between dictionary words (PyThaiNLP); never inside them, with closing punctuation and particles kept on the line.
- Korean: between words (spaces), like CSS `word-break: keep-all`; never between two syllables.
- Vietnamese: at spaces between words only, words found in a dictionary (dictionaries/vi-words.txt):
  its spaces separate syllables, so "huấn luyện viên" stays on one line.
- Hyphenation is separate (`hyphen_points`): dictionary points from pyphen, used by the layout only when
  a word does not fit at the design's minimum size.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import budoux
import pyphen
from uniseg.linebreak import line_break_units

from renderer.art import script

# Characters that must not start a line (kinsoku) or end one.
NO_START = frozenset("、。，．,.!?！？:;：；)]}）］｝」』】〉》〕〜…‥・’”%％ーๆ了的着过吗呢吧啊")
NO_END = frozenset("([{（［｛「『【〈《〔‘“")


_THAI_LEANING = ("ไม่", "ค่า")  # never at a Thai line end: negation and "fee of" (ค่า|ฟิตเนส) lean on their word
# Compounds written with a space that read as one word: no line breaks inside them ("gym" = room + fitness).
_KEEP_TOGETHER = {"he": ("חדר כושר",), "ar": ("اللياقة البدنية",), "hi": ("वीकेंड ट्रिप",)}
# Arabic nouns that head a construct without the feminine ending the rule looks for ("وزن الجسم").
_ARABIC_CONSTRUCT = frozenset("وزن صور جمال طول يوم نوع".split())
# Japanese verbs that lean on the phrase before them: "楽しみに / なった", "どこでも / できる".
_JA_LEANING_BACK = ("なった", "なる", "なり", "なれ", "できる", "できた", "でき")
# Japanese adverbs that lean on the phrase after them: "たった / 1日の", "また / 週末を".
_JA_LEANING_FORWARD = frozenset({"たった", "また", "もっと", "ずっと", "すぐ", "もう", "まず"})
_REDUPLICATING = frozenset({"id", "ms"})  # the hyphen joins a reduplicated word
_ONE_LETTER_GLUE = frozenset({"pl", "cs", "sk", "ru", "uk", "be", "bg", "sl", "hr", "sr"})
# Short prepositions that Slavic typesetting keeps off a line end too ("Нет времени на / зал").
_SHORT_PREPOSITIONS = {
    "ru": frozenset("на за по из от до об со во ко не без для про при над под".split()),
    "uk": frozenset("на за по із зі від до об не без для про при над під".split()),
    "pl": frozenset("na za po do od ze we ku nie bez dla pod nad przy".split()),
}

# Words that lean on the next one: a line ending on them splits a phrase ("in / Minuten", "بعد /
# العمل", "for / you"). Not forbidden (a narrow box may need the break), but a layout that keeps them
# with their word is preferred (text.SPLIT_COST).
_LEANING = {
    "en": "a an the to of in on at for with by from into onto your my our their his her its no i can "
    "can't will would could should don't you're i'm",
    "de": "der die das den dem des ein eine einen einem einer eines kein keine keinen mein meine meinen "
    "dein deine deinen deiner deinem deines meiner meinem meines sein seine seiner seinem ihre ihrer ihrem "
    "unsere unserer unserem in im ins am an auf aus bei beim für mit nach ohne seit um über unter "
    "von vom vor zu zum zur durch gegen bis immer viel",
    "fr": "le la les l' un une des du de d' à au aux en pour par sur sans avec dans ton ta tes mon ma mes "
    "votre vos notre nos ne",
    "es": "el la los las un una unos unas de del a al en con sin por para tu tus mi mis su sus no",
    "it": "il lo la i gli le un uno una di del della a al in nel nella con per su tra fra senza da non "
    "tuo tua mio mia",
    "pt": "o a os as um uma de do da dos das em no na nos nas com sem por para pelo pela seu sua meu "
    "minha não",
    "nl": "de het een in op met voor van naar zonder om je jouw mijn",
    "ar": "في من على إلى عن مع بلا دون بدون بعد قبل كل حتى عند منذ خلال لكل أي بين ضد نحو لا لم لن قد ما "
    "نهاية بداية عطلة وقت صباح مساء أن",
    # Hindi's genitive joins its two nouns ("जिम की / फ़ीस" splits "the gym's fee", and "जिम / की" too);
    # "more", "most", "very", "any", "one", "and", "this", "that" lean on the next word ("और ज़्यादा /
    # मज़बूत", "इस / साल").
    "hi": "का की के ज़्यादा सबसे बहुत किसी कोई एक और इस उस",
}
# Words that lean on the one before: a line starting with them splits a phrase (Hindi postpositions
# and auxiliaries: "सालों / तक", "के / लिए", "बदल / दिया").
_TRAILING = {
    "hi": "के की का को में से पर तक लिए ने है हैं था थी थे हो हूँ दिया दी दिए लिया ली लिए गया गई गए "
    "रहा रही रहे सकते सकता सकती जाता जाती जाते वाला वाली वाले भी ही साथ बाद बिना तरह बारे पास नहीं भर किनारे "
    "होना होने होता होती होते करना करने करता करती करते",
    "ar": "جدًا جداً جدا",  # "very" follows its adjective: "صعبة / جدًا"
}
# Phrases the rules above miss, where a break splits what reads as one term (an Arabic noun and its
# indefinite adjective, a construct without an article): costed like a leaning word, not forbidden.
_PHRASES = {"ar": ("جلسات قصيرة", "تمارين وزن الجسم", "تمارين منزلية", "قوة حقيقية")}


@lru_cache(maxsize=64)
def _phrase_pairs(language: str) -> frozenset[tuple[str, str]]:
    """Every two neighbouring words of the language's _PHRASES."""
    return frozenset(
        pair
        for phrase in _PHRASES.get(language, ())
        for pair in zip(phrase.split(), phrase.split()[1:], strict=False)
    )


@lru_cache(maxsize=64)
def _word_set(table: str, language: str) -> frozenset[str]:
    source = _LEANING if table == "leaning" else _TRAILING
    return frozenset(source.get(language.split("-")[0], "").split())


def split_cost(before: str, after: str, language: str) -> float:
    """How much a line break between the words `before` and `after` splits a phrase: 1 after a word
    that leans on the next (a preposition, an article) or before one that leans on the previous (a
    Hindi postposition), 2 between two of those, 1 between an Arabic noun and its adjective
    ("اليوم / الواحد"), a construct ("نهاية / الأسبوع") or inside a phrase of _PHRASES ("جلسات / قصيرة"),
    0 after a phrase's punctuation (Latin, Arabic, Devanagari), 0.6 after a Japanese modifier's "の" or before
    a verb that completes its phrase ("楽しみに / なった"), 0.4 before a Japanese formal noun or
    auxiliary that BudouX kept with its verb ("出かける / ことにした"), else 0."""
    lang = language.split("-")[0]
    last = before.strip(_PUNCT).lower()
    first = after.strip(_PUNCT).lower()
    if before[-1:] in ".,!?;:…—–؟،؛।":
        return 0.0  # the phrase ends there anyway
    trailing = _word_set("trailing", lang)
    if first in trailing and last in trailing:
        return 2.0  # inside a compound postposition: "के / लिए" (better "दिन / के लिए")
    if lang == "ar":  # "و" (and), "ب" (with), "ل" (for) ... are written onto the word: "ونهاية"
        last, first = _arabic_bare(last), _arabic_bare(first)
    pairs = _phrase_pairs(lang)
    if (last, first) in pairs or (lang == "ar" and last[:1] in "وفبلك" and (last[1:], first) in pairs):
        return 1.0  # "جلسات / قصيرة", "وجلسات / قصيرة"
    if lang == "ar":
        if last.startswith("ال") and first.startswith("ال"):
            return 1.0  # a noun and its adjective: "بالذكاء / الاصطناعي"
        if first.startswith("ال") and (
            last.endswith("ة") or (last.endswith("ات") and len(last) > 3) or last in _ARABIC_CONSTRUCT
        ):
            # A construct (idafa): "نهاية / الأسبوع", "رحلات / اليوم", "وزن / الجسم". No verb ends in "ة";
            # the plural "ات" on a noun of four letters or more ("فات", "مات" are verbs).
            return 1.0
    if last in _word_set("leaning", lang) or first in trailing:
        return 1.0
    if lang == "ja" and before.endswith("の"):
        return 0.6  # "景色の / 良さ": the modifier goes with its noun
    if before.endswith("-"):
        return 0.6  # inside a hyphenated compound: "Sport- / Glow-up"
    if lang == "ja" and before in _JA_LEANING_FORWARD:
        return 0.6  # "たった / 1日の外出に": an adverb alone on its line
    if lang == "ja" and after.startswith(_JA_LEANING_BACK):
        return 0.6  # "楽しみに / なった", "どこでも / できる": the verb completes the phrase before it
    if lang == "ja" and after.startswith(_JA_TAILS):
        return 0.4  # a break inside a BudouX phrase: fine when it buys size, else keep the phrase
    return 0.0


def _arabic_bare(word: str) -> str:
    """An Arabic word without a one-letter prefix written onto it (و ف ب ل ك), where the rest is a word
    of its own: "ونهاية" -> "نهاية", "بالذكاء" -> "الذكاء"."""
    if (
        len(word) > 3
        and word[0] in "وفبلك"
        and (word[1:].startswith("ال") or word[1:] in _word_set("leaning", "ar"))
    ):
        return word[1:]
    return word


@dataclass(frozen=True)
class Unit:
    """A piece of text no line break may split (a word with its punctuation, a CJK phrase)."""

    text: str
    space_before: bool  # a space separates it from the previous unit (dropped at a line break)


@lru_cache(maxsize=4)
def _budoux(kind: str) -> budoux.Parser:
    return {
        "ja": budoux.load_default_japanese_parser,
        "zh-Hans": budoux.load_default_simplified_chinese_parser,
        "zh-Hant": budoux.load_default_traditional_chinese_parser,
        "th": budoux.load_default_thai_parser,
    }[kind]()


def _phrase_model(text: str, language: str) -> str | None:
    """Which BudouX model segments this text: by what the text is written in, then the deck language."""
    kinds = {script.of(ch) for ch in text}
    if "Thai" in kinds:
        return "th"
    if kinds & {"Hiragana", "Katakana"}:
        return "ja"
    if "Han" in kinds:
        lang = language.lower()
        if lang.startswith("ja"):
            return "ja"
        if lang.startswith("zh-hant"):
            return "zh-Hant"
        return "zh-Hans"
    return None


def _unspaced(ch: str) -> bool:
    """Japanese, Chinese or Thai, or CJK punctuation: phrase boundaries decide the breaks around it."""
    cp = ord(ch)
    return script.of(ch) in script.UNSPACED or 0x3000 <= cp <= 0x303F or 0xFF00 <= cp <= 0xFFEF


def _plain(text: str, phrases: bool = False) -> bool:
    """Text whose UAX #14 breaks follow from two rules: letters (any script but the unspaced ones and
    Hangul), digits, spaces and everyday punctuation. With `phrases` (the caller replaces every break
    next to Japanese, Chinese or Thai by phrase boundaries) those scripts and CJK punctuation pass too."""
    for ch in text:
        kind = script.of(ch)
        if phrases and _unspaced(ch):
            continue
        if ch.isalnum():
            if kind in script.UNSPACED or kind == "Hangul":
                return False
        elif ch not in _PLAIN_PUNCT and unicodedata.category(ch) not in ("Mn", "Mc"):
            return False
    return True


_PLAIN_PUNCT = frozenset(" .,!?;:'’-")


def _uax14(text: str, phrases: bool = False) -> set[int]:
    """Positions (string offsets) where UAX #14 allows a break. Plain text takes a fast path with the
    same answer (after a space, LB18, but not before closing punctuation, LB13; after a hyphen before a
    letter, LB21, LB21a and LB25); anything else goes
    through uniseg's full implementation, which costs milliseconds a text."""
    if _plain(text, phrases):
        return {
            i
            for i in range(1, len(text))
            if (text[i - 1] == " " and text[i] not in " !?;:,.")  # LB13: no break before "?" etc.
            or (
                text[i - 1] == "-"
                and text[i].isalpha()
                and i > 1
                and text[i - 2] != " "
                and script.of(text[i - 2]) != "Hebrew"  # LB21a
            )
        }
    out, pos = set(), 0
    for unit in line_break_units(text):
        pos += len(unit)
        out.add(pos)
    out.discard(len(text))
    return out


def _phrase_breaks(text: str, model: str) -> set[int]:
    """Boundaries between phrases (BudouX) or, for Thai, between dictionary words (PyThaiNLP's newmm:
    BudouX's Thai model splits compounds such as "ออก|กำลังกาย"). Only boundaries that touch an unspaced
    script count: "FitPro" inside Chinese text stays whole."""
    phrases = _budoux(model).parse(text)
    out = _boundaries(text, phrases)
    if model == "ja":
        out |= japanese_tails(phrases)
    if model in ("zh-Hans", "zh-Hant"):
        # BudouX's Chinese models split words ("健|身卡", "好|几|年", "离|不|开"): keep only the
        # boundaries that a dictionary segmenter (jieba) also sees.
        out &= _boundaries(text, chinese_words(text))
    if model == "th":
        from pythainlp.tokenize import word_tokenize  # lazily: its dictionary loads in about 3 s, once

        # Only where both agree: BudouX alone splits compounds, the dictionary alone can split a word
        # that BudouX keeps (context).
        out &= _boundaries(text, word_tokenize(text, engine="newmm", keep_whitespace=True))
    return out


# Words that start a phrase of their own (bunsetsu) inside a long BudouX phrase: a formal noun after a
# verb ("出かける / ことにした"). BudouX keeps them with the verb, and a nine-character phrase capped a
# hook at 86 px in a 780 px column. Not "ように" or "しまう": readers saw "続く / ようになった" and
# "過ごして / しまった" as splits.
_JA_TAILS = tuple("こと もの ところ".split())
_JA_LONG = 6  # characters: a shorter phrase always fits a line


def japanese_tails(phrases: list[str]) -> set[int]:
    """Offsets, in the whole text, where a long phrase may break before one of _JA_TAILS."""
    out, pos = set(), 0
    for phrase in phrases:
        if len(phrase) >= _JA_LONG:
            for i in range(2, len(phrase) - 1):
                if phrase.startswith(_JA_TAILS, i) and script.of(phrase[i - 1]) in ("Hiragana", "Han"):
                    out.add(pos + i)
        pos += len(phrase)
    return out


DICTIONARIES = Path(__file__).resolve().parent.parent / "dictionaries"
_VI_LONGEST = 4  # syllables in the longest words worth matching


@lru_cache(maxsize=1)
def _vietnamese_words() -> frozenset[str]:
    lines = (DICTIONARIES / "vi-words.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip().lower() for w in lines if " " in w.strip())


def vietnamese_word_insides(text: str) -> set[int]:
    """Offsets of the syllables that continue a Vietnamese word (longest dictionary match first): a line
    must not start there."""
    words = _vietnamese_words()
    tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
    inside: set[int] = set()
    i = 0
    while i < len(tokens):
        take = 1
        for n in range(min(_VI_LONGEST, len(tokens) - i), 1, -1):
            span = [t for _, t in tokens[i : i + n]]
            if any(not t[-1].isalpha() for t in span[:-1]):
                continue  # a comma or full stop ends a word
            if " ".join(t.strip(_PUNCT) for t in span).lower() in words:
                take = n
                break
        inside.update(start for start, _ in tokens[i + 1 : i + take])
        i += take
    return inside


_PUNCT = ".,!?;:…\"'“”‘’()[]؟،؛।"  # Arabic question mark, comma, semicolon; the Devanagari full stop


@lru_cache(maxsize=1)
def _jieba() -> Any:
    import rjieba  # jieba's dictionary in Rust: about 35 MB resident, loaded once per process

    for word in _CHINESE_WORDS:
        rjieba.add_word(word, None, None)
    return rjieba


# Verb + complement pairs the dictionary lacks, which it would otherwise split as "我用|上".
_CHINESE_WORDS = ("用上", "用了", "爱上", "坚持", "堅持", "练出", "練出")


def chinese_words(text: str) -> list[str]:
    """Chinese words by jieba's dictionary. The dictionary is Simplified: Traditional text is
    segmented in Simplified characters (converted one character for one, so the pieces keep their
    lengths) and the pieces are cut from the original text ("好幾年" stays whole)."""
    from hanziconv import HanziConv

    simplified = HanziConv.toSimplified(text)
    if len(simplified) != len(text):
        simplified = text
    out, pos = [], 0
    for piece in _jieba().cut(simplified, hmm=True):
        out.append(text[pos : pos + len(piece)])
        pos += len(piece)
    return out


def _boundaries(text: str, pieces: list[str]) -> set[int]:
    out, pos = set(), 0
    for piece in pieces:
        pos += len(piece)
        if 0 < pos < len(text) and (_unspaced(text[pos - 1]) or _unspaced(text[pos])):
            out.add(pos)
    return out


def _allowed(text: str, language: str) -> set[int]:
    model = _phrase_model(text, language)
    breaks = _uax14(text, phrases=model is not None)
    if model is not None:
        unspaced = {i for i in range(1, len(text)) if _unspaced(text[i - 1]) or _unspaced(text[i])}
        breaks = (breaks - unspaced) | _phrase_breaks(text, model)
    if "Hangul" in {script.of(ch) for ch in text}:
        breaks = {
            i
            for i in breaks
            if text[i - 1].isspace() or "Hangul" not in (script.of(text[i - 1]), script.of(text[i]))
        }
    inside = vietnamese_word_insides(text) if language.split("-")[0] == "vi" else set()
    for phrase in _KEEP_TOGETHER.get(language.split("-")[0], ()):
        start = text.find(phrase)
        while start >= 0:
            inside |= set(range(start + 1, start + len(phrase)))
            start = text.find(phrase, start + 1)
    out = set()
    for i in breaks:
        if text[i] in NO_START or text[i - 1] in NO_END:
            continue
        if _emojiish(text[i - 1]) and _emojiish(text[i]):
            continue  # "💪🔥" stays together
        before = text[:i].split()[-1] if text[:i].split() else ""
        if (before.isdigit() and text[i - 1] == " ") or (text[i - 1].isdigit() and _unspaced(text[i])):
            continue  # "10 / minutes", "10 / 分钟": a number stays with what it counts
        if len(before) == 1 and before.isalpha() and language.split("-")[0] in _ONE_LETTER_GLUE:
            continue  # Polish, Czech, Russian, Ukrainian: no one-letter word at a line end ("z", "в")
        if before.lower() in _SHORT_PREPOSITIONS.get(language.split("-")[0], ()):
            continue  # "на / зал", "za / siłownię"
        if _counted(text, i):
            continue  # "4個 / 地方": a number and its measure word stay with what they count
        if text[i] in "—–" and text[i - 1] == " ":
            continue  # a spaced dash ends its line, never starts one ("и регулярно — / эффективнее")
        if i in inside:
            continue  # inside one Vietnamese word ("huấn luyện / viên") or a spaced compound ("חדר / כושר")
        if text[:i].endswith(_THAI_LEANING) and script.of(text[i]) == "Thai":
            continue  # "ไม่ / มี"
        if text[i - 1] in "-‐" and not text[i].isspace():
            if language.split("-")[0] in _REDUPLICATING:
                continue  # "bertahun-tahun", "kura-kura": one word, never split at its hyphen
            start = max(text.rfind(" ", 0, i - 1), 0)
            if i - 1 - start < 4:
                continue
        out.add(i)
    return out


def _counted(text: str, i: int) -> bool:
    """A break at `i` right after a number and one CJK measure word, before more CJK ("4個|地方")."""
    return i >= 2 and text[i - 2].isdigit() and script.is_cjk(text[i - 1]) and script.is_cjk(text[i])


@lru_cache(maxsize=4096)
def _emojiish(ch: str) -> bool:
    return script.of(ch) == "Emoji" or script.is_joiner(ch)


def units(text: str, language: str) -> tuple[Unit, ...]:
    """The text cut at every allowed break, spaces removed and remembered."""
    text = " ".join(text.split())
    if not text:
        return ()
    cuts = sorted(_allowed(text, language))
    out: list[Unit] = []
    prev = 0
    space = False
    for cut in [*cuts, len(text)]:
        piece = text[prev:cut]
        stripped = piece.strip(" ")
        if stripped:
            out.append(Unit(stripped, space or piece.startswith(" ")))
        space = piece.endswith(" ")
        prev = cut
    return tuple(out)


@lru_cache(maxsize=32)
def _dictionary(language: str) -> pyphen.Pyphen | None:
    lang = language.replace("-", "_")
    found = pyphen.language_fallback(lang) or pyphen.language_fallback(lang.split("_")[0])
    return pyphen.Pyphen(lang=found) if found else None


def hyphen_points(word: str, language: str) -> tuple[int, ...]:
    """Offsets inside `word` where the language's dictionary allows a hyphenated break (none for words
    the dictionary does not know how to split, and none for non-alphabetic tokens)."""
    core = word.strip(".,!?;:…\"'()“”«»")
    if len(core) < 5 or not core.isalpha():
        return ()
    dic = _dictionary(language)
    if dic is None:
        return ()
    lead = word.find(core)
    return tuple(lead + p for p in dic.positions(core) if 2 <= p <= len(core) - 2)

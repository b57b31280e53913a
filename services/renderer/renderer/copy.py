"""Deck copywriting: template + app positioning + hook + overrides -> DeckCopy, in the deck's language.

The service's own words come from `locales/<language>.json` (one file per language, reviewable by a
translator); the app's fields (pain points, value props, name, audience) are used verbatim, in whatever
language the customer wrote them. One idea per slide, no line twice in a deck, results as outcomes.
Pure and deterministic for a seed (variants picked with a seeded PRNG, never Python's salted hash).
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from kit import langtag

from renderer.catalog import Template, normalize_key
from renderer.catalog import niche as catalog_niche
from renderer.deck import AppInfo, DeckCopy, SlideCopy, with_label

LOCALE_DIR = Path(__file__).resolve().parent / "locales"
CAPTION_MAX = 2200
MAX_HASHTAGS = 5
MAX_EMOJI = 3
# How many items each numbered format delivers (its hook must promise exactly that many).
LIST_COUNTS = {"listicle": 4, "myth_vs_fact": 2, "common_mistakes": 3, "feature_showcase": 3}
_FORMAT_HOOK = {
    "listicle": "hook_listicle",
    "myth_vs_fact": "hook_myth",
    "common_mistakes": "hook_mistakes",
    "feature_showcase": "hook_features",
    "before_after": "hook_before_after",
    "day_in_the_life": "hook_day",
    "pov_story": "hook_pov",
}
# A share or a multiple: 83%, 83 %, ٨٣٪, 3x, 3×.
_MEASURED = re.compile(r"\d\s?[%٪％]|[%٪％]\s?\d|\d\s?[x×](?!\w)")
_NUMBER = re.compile(r"(?<![\w.])(\d{1,2})(?![\d.,:%])")
# STYLE.md: 3-12 words a slide. A line under a title that takes a slide past them is a second message
# (round 30: a feature under a stat, "No time for the gym? Not anymore." under a feature): it goes.
MAX_SLIDE_WORDS = 12
# About how many letters make a word in a script written without spaces between words (Thai spaces
# its phrases, not its words).
_LETTERS_PER_WORD = {"ja": 2.2, "zh-Hans": 1.2, "zh-Hant": 1.2, "th": 3.0}
_LATIN_WORD = re.compile(r"[A-Za-z0-9]+(?:[.,][0-9]+)?")


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """Languages with copy, from the files present."""
    return tuple(sorted(p.stem for p in LOCALE_DIR.glob("*.json")))


@lru_cache(maxsize=64)
def table(language: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOCALE_DIR / f"{language}.json").read_text(encoding="utf-8"))
    return data


def resolve_language(tag: str) -> str | None:
    """The copy language for an app's language tag (RFC 4647 lookup: pt-BR -> pt, zh-TW -> zh-Hant),
    None when there is none."""
    return langtag.lookup(tag or "en", languages())


def sentence_case(text: str) -> str:
    """'no time to train' -> 'No time to train' (app fields are often typed in lower case)."""
    text = " ".join(text.split())
    return text[:1].upper() + text[1:]


def hashtag(text: str, joiner: str = "") -> str:
    """'Photo editing' -> '#photoediting'; keeps letters, digits, marks and underscores of any script.
    `joiner` joins words instead ("_" in Arabic and Hebrew, where tags are written #اللياقة_البدنية)."""
    text = joiner.join(text.split()) if joiner else text
    body = "".join(ch for ch in text if ch.isalnum() or ch == "_" or _is_mark(ch))
    body = body.lower() if body.isascii() else body
    return f"#{body[:40]}" if body else ""


def _is_mark(ch: str) -> bool:
    import unicodedata

    return unicodedata.category(ch) in ("Mn", "Mc")


def _norm(line: str) -> str:
    return re.sub(r"[\W_]+", "", line.casefold())


def _bare(word: str) -> str:
    """A word without the punctuation and symbols around it (its vowel signs and other marks kept)."""
    import unicodedata

    start, end = 0, len(word)
    while start < end and unicodedata.category(word[start])[0] in "PS":
        start += 1
    while end > start and unicodedata.category(word[end - 1])[0] in "PS":
        end -= 1
    return word[start:end]


def word_count(text: str, language: str) -> int:
    """How many words a line says, as a reader counts them: tokens with a letter or digit; in a
    script without spaces between words its letters over the script's letters a word, each Latin
    word or number in it ("FitPro", "83") one word."""
    per = _LETTERS_PER_WORD.get(language)
    if per is None:
        return sum(1 for w in text.split() if any(ch.isalnum() for ch in w))
    rest = _LATIN_WORD.sub(" ", text)
    letters = sum(1 for ch in rest if ch.isalpha() and not _is_mark(ch))
    return len(_LATIN_WORD.findall(text)) + round(letters / per)


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")  # kana, Han (Thai spaces its phrases)


def _phrases(line: str, app_name: str) -> set[str]:
    """What makes a line's phrasing recognizable, the app's name aside: its pairs of adjacent words
    of which one has four letters or more ("for years"), or in a script written without spaces its
    runs of four characters."""
    text = line.casefold().replace(app_name.casefold(), " ") if app_name.strip() else line.casefold()
    if _UNSPACED.search(text):
        chars = re.sub(r"[\W\d_]+", "", text)
        return {chars[i : i + 4] for i in range(len(chars) - 3)}
    words = [w for w in (_bare(x) for x in text.split()) if w]
    return {f"{a} {b}" for a, b in zip(words, words[1:], strict=False) if max(len(a), len(b)) >= 4}


class _Writer:
    def __init__(
        self,
        app: AppInfo,
        template: Template,
        hook_text: str,
        language: str,
        overrides: dict[str, str],
        seed: int,
    ) -> None:
        found = resolve_language(language)
        if found is None:
            raise ValueError(f"no copy for language {language!r}")
        self.lang = found
        self.t = table(found)
        self.app = app
        self.template = template
        self.rng = random.Random(zlib.crc32(f"{seed}:{app.name}:{template.key}:{found}".encode()))
        niche = catalog_niche(app.niche)
        key = niche.key if niche else normalize_key(app.niche)
        self.niche: dict[str, Any] = self.t["niches"].get(key) or self.t["niches"]["general"]
        self.topic = str(self.niche["topic"])
        self.hook = " ".join((hook_text or "").split())
        self.over = {
            k: " ".join(v.split()) for k, v in (overrides or {}).items() if isinstance(v, str) and v.strip()
        }
        self.used: set[str] = set()
        self.said: list[set[str]] = []  # each line's phrases (see _phrases)
        pains = [sentence_case(s) for s in app.pain_points if s.strip()]
        props = [sentence_case(s) for s in app.value_props if s.strip()]
        diffs = [sentence_case(s) for s in app.differentiators if s.strip()]
        self.pains = _distinct(pains)
        # A line of the app's with a measured outcome ("83% of members feel stronger within 4 weeks")
        # is its result, with the app's own number; the others describe the product.
        self.claims = [x for x in _distinct(diffs + props) if _MEASURED.search(x)]
        self.features = [x for x in _distinct(props + diffs) if x not in self.claims]
        self.listed = props + diffs  # the app's lines in its order, claims too: its screens' order
        self.felt = self.shuffled(self.niche["outcomes"])  # outcomes as a user feels them
        self.outcomes = [*self.claims, *self.felt]
        # One order of the "pain is over" forms per deck: the i-th pain takes the i-th form, so two
        # items of a list never end alike ("...? Not anymore." twice).
        self.pain_forms: list[str] = self.shuffled(self.phrase("pain_gone"))
        self.fix_form: str = self.rng.choice(self.phrase("fix_sub"))  # one label for the list

    # -- phrases --------------------------------------------------------------------------------------
    def fill(self, text: str, **extra: str) -> str:
        persona = self.var("persona") or self.app.target_audience.strip() or self.t["persona_default"]
        topic = self.var("topic") or self.topic
        values = {
            "app": self.app.name.strip(),
            "topic": topic,
            "persona": persona,
            "n": "",
            "store": "",
            "link": "",
            "moment": "",
            "pain": "",
            "feature": "",
        }
        values.update(extra)
        out = text.format_map(values)
        # Lines are written capitalized; one that opens with the topic word is capitalized here.
        return sentence_case(out) if text.startswith("{topic}") else out

    def phrase(self, key: str) -> Any:
        """The niche's own version of a phrase when its table has one (a hiking day starts at the
        trailhead, not before the first coffee), else the language's."""
        return self.niche.get(key, self.t[key])

    def variants(self, key: str, **extra: str) -> list[str]:
        value = self.phrase(key)
        items = value if isinstance(value, list) else [value]
        return [self.fill(v, **extra) for v in self.shuffled(items)]

    def shuffled(self, items: list[Any]) -> list[Any]:
        out = list(items)
        self.rng.shuffle(out)
        return out

    def unique(self, *candidates: str, echo: bool = False) -> str:
        """The first candidate that repeats no line of the deck so far, not even inside a longer one
        ("I use this every day" under a hook ending "...I use every day"); marks it used."""
        for c in candidates:
            if c and not self.repeats(c, echo):
                self.mark(c)
                return c
        return ""

    def repeats(self, line: str, echo: bool = False) -> bool:
        """Whether the line says again what a line of the deck said: the same words, or one inside the
        other; with `echo` (a slide's second line) also an echo of its phrasing ("I did this for
        years" under "3 mistakes I made for years")."""
        n = _norm(line)
        if n in self.used or (len(n) >= 6 and any(n in u or (len(u) >= 6 and u in n) for u in self.used)):
            return True
        mine = _phrases(line, self.app.name) if echo else set()
        return bool(mine) and any(mine & p for p in self.said)

    def mark(self, line: str) -> None:
        self.used.add(_norm(line))
        self.said.append(_phrases(line, self.app.name))

    def forget(self, line: str) -> None:
        """A marked line that was not used after all: a later slide may say it."""
        self.used.discard(_norm(line))
        phrases = _phrases(line, self.app.name)
        if phrases in self.said:
            self.said.remove(phrases)

    def line(self, key: str, *before: str, **extra: str) -> str:
        """`before` candidates (app fields, overrides) first, then the phrase's variants. A second
        line ("..._sub") must not echo another line's phrasing either."""
        return self.unique(*before, *self.variants(key, **extra), echo=key.endswith("_sub"))

    def number(self, i: int) -> str:
        """A list item's label: "1." (in a right-to-left deck the digit alone: its stop, drawn on the
        reading side as ".1", reads as a typo to many viewers)."""
        return str(i) if self.t.get("direction") == "rtl" else f"{i}."

    def var(self, name: str) -> str:
        return self.over.get(name, "")

    # -- slides ---------------------------------------------------------------------------------------
    def slide(
        self, role: str, layout: str, title: str, subtitle: str = "", label: str = "", shows_app: bool = False
    ) -> SlideCopy:
        duration = 3.5 if role in ("HOOK", "CTA") else 3.0
        return SlideCopy(role, layout, title, subtitle, label, duration, shows_app)

    def words(self, text: str) -> int:
        return word_count(text, self.lang)

    def fits(self, title: str, line: str) -> bool:
        return self.words(f"{title} {line}") <= MAX_SLIDE_WORDS

    def aside(self, title: str, *lines: str, key: str = "") -> str:
        """A line under `title` that adds colour, not news (a pain said again as over, "Honestly? Best
        decision this year"): the first of `lines`, then of the phrase `key`'s variants, that keeps the
        slide within MAX_SLIDE_WORDS and repeats nothing; none when none does. Past the budget such a
        line read as a second message (blind A/B, round 31); an outcome, a feature or a fix under a
        title did not (dropped, they were missed), so those are not asides."""
        fitting = [x for x in lines if self.fits(title, x)]
        variants = [x for x in self.variants(key) if self.fits(title, x)] if key else []
        return self.unique(*fitting) or self.unique(*variants, echo=True)

    def pain(self, i: int, name: str) -> str:
        return self.unique(
            self.var(name),
            *self.pains[i:],
            *self.variants("problem_default"),
            *self.variants("mistakes_default"),
        )

    def feature(self, name: str) -> str:
        return self.unique(self.var(name), *self.features, *self.variants("features_default"))

    def outcome(self, name: str = "result") -> str:
        return self.unique(self.var(name), *self.outcomes, *self.variants("features_default"))

    def ended(self, i: int) -> list[str]:
        """The app's i-th pain point as one that is over ("No time for the gym after work? Not
        anymore."), in the language's variants; none when the app lists fewer pains."""
        if i >= len(self.pains):
            return []
        n = len(self.pain_forms)
        return [self.fill(self.pain_forms[(i + k) % n], pain=self.pains[i]) for k in range(n)]

    def feature_sub(self, i: int, result: bool = False) -> str:
        """The line under a list's i-th feature (from 0): what it does for the viewer, never filler
        ("Game changer, honestly"). The pain it ends: the app's pain point of the same rank (a
        customer lists value props and pain points in the same order); on the list's last item the
        result instead (the app's measured outcome first); else the app's own tagline; else nothing
        (a short line or none beats filler)."""
        if result and (line := self.unique(*self.outcomes, echo=True)):
            return line
        # The app's own pain, in its own words: its phrasing may share words with another line of the
        # app's (two pains both "lost" something); only a line said twice is refused.
        tagline = sentence_case(self.app.tagline) if self.app.tagline.strip() else ""
        return self.unique(*self.ended(i)) or self.unique(tagline, echo=True)

    def hook_line(self) -> str:
        """The picked hook when it fits the format; else the format's own opener."""
        fmt = self.template.format
        if self.hook and fits_format(self.hook, fmt):
            return self.hook
        options = _format_hooks(self.t, fmt, self.niche)
        return self.fill(self.rng.choice(options), n=str(LIST_COUNTS.get(fmt) or ""))

    def cta(self) -> SlideCopy:
        # The app's name and "link in bio", nothing more: a store line over them reads as an ad.
        title = self.unique(self.var("cta"), *self.variants("cta_title"))
        return self.slide("CTA", "cta", title, self.t["link_in_bio"])

    def slides(self) -> tuple[SlideCopy, ...]:
        hook = self.hook_line()  # first: every later line is chosen not to repeat it
        self.mark(hook)
        middle = _BUILDERS.get(self.template.format, _problem_solution)(self)[:4]
        cta = self.cta()
        swipe = self.variants("swipe")[0]
        out = [self.slide("HOOK", "headline", hook, swipe), *middle, cta]
        roles = self.template.slide_roles  # the template's roles are authoritative
        return tuple(
            SlideCopy(
                roles[i] if i < len(roles) else s.role,
                s.layout_type,
                s.title,
                s.subtitle,
                s.label,
                s.duration,
                s.shows_app,
                self.feature_named(s) if 0 < i < len(out) - 1 else -1,
            )
            for i, s in enumerate(out)
        )

    def feature_named(self, slide: SlideCopy) -> int:
        """Where the app's feature the slide's title or line names stands among its value props and
        differentiators, in the app's order (-1: none): a measured claim before it still counts."""
        words = (slide.title.casefold(), slide.subtitle.casefold())
        named = next((f for f in self.features if any(f.casefold() in w for w in words)), None)
        return -1 if named is None else self.listed.index(named)

    # -- marketing assets -----------------------------------------------------------------------------
    def ctas(self) -> tuple[str, ...]:
        app = self.app
        bio = self.t["link_in_bio"]
        links = [u.strip() for u in (app.ios_url, app.android_url, app.website_url) if u.strip()]
        if not links:
            return (f"{self.fill(self.t['cta_text_nolink'])} · {bio}",)
        return tuple(f"{self.fill(self.t['cta_text'], link=link)} · {bio}" for link in links)

    def caption(self, slides: tuple[SlideCopy, ...]) -> str:
        """Hook, problem, discovery, result, "link in bio": short lines, at most three emoji, no URL. A
        list format's caption names its first items instead (a "that" with nothing to point at reads
        as a template) and ends on the result, a day its moments; a list of mistakes names the first one, the
        app that fixed them and the result."""
        pointer = "👈" if self.t.get("direction") == "rtl" else "👉"  # toward the words, in reading order
        bio = f"{pointer} {self.t['link_in_bio']}"
        fmt = self.template.format
        discovery = self.variants("caption_discovery")[0]
        found = self.fill(self.t["caption_discovery"][0])  # "Then I found {app}": needs no pain before it
        if fmt == "myth_vs_fact":
            body = [
                with_label(self.t["myth_label"], slides[1].title, self.lang),
                with_label(self.t["fact_label"], slides[2].title, self.lang),
                found,
            ]
        elif fmt == "common_mistakes":  # the first mistake, the app that fixed them, the result
            body = [slides[1].title, slides[4].title, slides[4].subtitle]
        elif fmt in LIST_COUNTS:  # two items, then what they add up to (a listicle's last item leads with it)
            body = [slides[1].title, slides[2].title, slides[4].title]
        elif fmt == "day_in_the_life":  # moments of the day, not a pain the app "changed"
            body = [with_label(s.label, s.title, self.lang) if s.label else s.title for s in slides[1:3]]
            body.append(slides[4].title)
        else:  # the pain (a story's struggle, after its setup), the app, the result
            pain = slides[2] if fmt == "pov_story" else slides[1]
            body = [pain.title, discovery, slides[4].title]
        lines = [slides[0].title, *body, bio]
        text = "\n".join(_strip_urls(x) for x in lines if x)
        return _limit_emoji(text, MAX_EMOJI)[:CAPTION_MAX]

    def hashtags(self) -> tuple[str, ...]:
        """The niche's topic as the broad tag (#fitness, not #fyp: a tag for everything describes
        nothing); then up to two tags for what the app says it is about (a travel app that speaks of
        hikes and weekends: #hiking #weekendtrip, from the niche's `tags_by_word`, so never a tag the
        app's own words don't support), the niche's own tags, and the app's name last; at most five."""
        said = " ".join(
            [self.app.tagline, self.app.target_audience, *self.app.value_props, *self.app.differentiators]
        ).casefold()
        words: dict[str, list[str]] = self.niche.get("tags_by_word") or {}
        own = [tag for tag, stems in words.items() if any(s.casefold() in said for s in stems)][:2]
        tags: list[str] = []
        joiner = "_" if self.t.get("direction") == "rtl" else ""
        for c in [self.topic, *own, *self.niche["tags"]]:
            tag = hashtag(c, joiner)
            if tag and tag.lower() not in (t.lower() for t in tags):
                tags.append(tag)
        name = hashtag(self.app.name)
        tags = [t for t in tags if t.lower() != name.lower()][: MAX_HASHTAGS - 1 if name else MAX_HASHTAGS]
        return tuple([*tags, name] if name else tags)


# Which kinds of hook (the hooks library's categories) open which format: a day in the life opens
# with a story, not with "Why your plan fails"; a list with a listicle hook of its count.
FORMAT_CATEGORIES: dict[str, frozenset[str]] = {
    "problem_solution": frozenset({"problem", "curiosity", "contrarian", "social_proof"}),
    "pov_story": frozenset({"story", "problem", "curiosity"}),
    "before_after": frozenset({"social_proof", "story"}),
    "day_in_the_life": frozenset({"story"}),
    "myth_vs_fact": frozenset({"contrarian", "listicle"}),
    "listicle": frozenset({"listicle"}),
    "common_mistakes": frozenset({"listicle", "problem"}),
    "feature_showcase": frozenset({"listicle"}),
}


def fits_format(hook: str, fmt: str, category: str = "") -> bool:
    """A numbered hook ("7 fitness hacks") only opens a list of that many items; a list format's hook
    says its count; other formats open without a count. A hook of a known category opens only the
    formats that category suits."""
    numbers = [int(n) for n in _NUMBER.findall(hook)]
    count = LIST_COUNTS.get(fmt)
    if category and fmt in FORMAT_CATEGORIES and category not in FORMAT_CATEGORIES[fmt]:
        return False
    return numbers == [count] if count else not numbers


def builtin_hook(language: str, fmt: str, niche_key: str, app_name: str, seed: int) -> tuple[str, str]:
    """(hook id, text) of the built-in opener for a format, in the deck's language: used when the hooks
    service has nothing fitting (empty library, service down, a hook promising another list)."""
    lang = resolve_language(language) or "en"
    t = table(lang)
    niche = t["niches"].get(niche_key) or t["niches"]["general"]
    options = _format_hooks(t, fmt, niche)
    i = seed % len(options)
    text = options[i].format_map(
        {"topic": niche["topic"], "n": str(LIST_COUNTS.get(fmt) or ""), "app": app_name.strip()}
    )
    code = re.sub(r"[^A-Za-z0-9]", "", lang)
    return f"hk_builtin{fmt[:8]}{code}{i}", sentence_case(text) if options[i].startswith("{topic}") else text


def _format_hooks(t: dict[str, Any], fmt: str, niche: dict[str, Any] | None = None) -> list[str]:
    """The format's own openers, the niche's when its table has them ("4 things that finally made me
    work out" for fitness); a list format's are those that say the count. A list's opener promises
    an outcome or a secret, never the brand: "4 things I love about FitPro" reads as an ad."""
    key = _FORMAT_HOOK.get(fmt, "hook_default")
    value = (niche or {}).get(key, t[key])
    options = value if isinstance(value, list) else [value]
    if fmt in LIST_COUNTS:
        options = [o for o in options if "{n}" in o] or options
    return options


def _distinct(items: list[str]) -> list[str]:
    seen, out = set(), []
    for item in items:
        if _norm(item) and _norm(item) not in seen:
            seen.add(_norm(item))
            out.append(item)
    return out


_URL = re.compile(r"(https?://|www\.)\S+", re.IGNORECASE)


def _strip_urls(line: str) -> str:
    return " ".join(_URL.sub("", line).split())


def _limit_emoji(text: str, limit: int) -> str:
    from renderer.art.script import is_emoji

    out, count = [], 0
    for ch in text:
        if is_emoji(ch) and not ch.isalnum():
            count += 1
            if count > limit:
                continue
        out.append(ch)
    return "".join(out)


# -- formats ------------------------------------------------------------------------------------------


def _problem_solution(w: _Writer) -> list[SlideCopy]:
    pain = w.pain(0, "problem")
    problem = w.slide("PROBLEM", "statement", pain, w.aside(pain, key="problem_sub"))
    worse = w.unique(w.var("agitation"), *w.pains[1:], *w.variants("agitation_default"))
    agitate = w.slide("AGITATE", "statement", worse, w.aside(worse, key="agitation_sub"))
    solution = w.slide("SOLUTION", "headline", w.line("solution_title"), w.feature("solution"))
    result = w.outcome()
    return [
        problem,
        agitate,
        solution,
        w.slide("PROOF", "statement", result, w.aside(result, key="result_sub")),
    ]


def _listicle(w: _Writer) -> list[SlideCopy]:
    """Four features, each with the pain it ends under it; the last one leads with the result, the
    feature under it, so the list ends on an outcome (the app's number when it gives one): under a
    fourth feature the number read as buried (round 31, two reviews: 13 and 24 decks)."""
    out = []
    for i in range(1, 5):
        title = w.feature(f"point_{i}")
        sub = w.feature_sub(i - 1, result=i == 4)
        if i == 4 and sub in w.outcomes:
            title, sub = sub, title
        out.append(w.slide("POINT", "list", title, sub, w.number(i)))
    return out


def _before_after(w: _Writer) -> list[SlideCopy]:
    pain = w.pain(0, "before")
    before = w.slide("BEFORE", "split", pain, w.aside(pain, key="before_sub"), w.t["before_label"])
    turn = w.line("turning_title", w.var("turning_point"))
    turning = w.slide("TURNING_POINT", "headline", turn, w.feature("solution"))
    # After: how life feels now; the proof then, with the app's own number when it gives one.
    now = w.unique(w.var("after"), *w.felt)
    after = w.slide("AFTER", "split", now, w.aside(now, key="after_sub"), w.t["after_label"])
    result = w.outcome("result")
    return [before, turning, after, w.slide("PROOF", "statement", result, w.aside(result, key="result_sub"))]


def _myth_vs_fact(w: _Writer) -> list[SlideCopy]:
    """Myth, then the fact that answers it (the niche's own pair); a custom myth (override) gets the
    app's feature as its answer. Under the first fact the app comes in ("FitPro made this click for
    me"), under the second the result (the app's number when it gives one): the deck ends on an
    outcome, not on a second fact."""
    niche = w.niche
    pairs = w.shuffled(list(zip(niche["myths"], niche.get("facts") or [], strict=False)))
    out = []
    for i in (1, 2):
        myth = fact = ""
        if w.var(f"myth_{i}"):
            myth = w.unique(w.var(f"myth_{i}"))
        else:
            for m, f in pairs:
                if not w.repeats(m) and not w.repeats(f):
                    myth, fact = w.unique(m), w.unique(f)
                    break
            myth = myth or w.unique(*w.shuffled(niche["myths"]))
        out.append(w.slide("MYTH", "quote", myth, "", w.t["myth_label"]))
        title = fact if fact and not w.var(f"fact_{i}") else w.feature(f"fact_{i}")
        # Under a fact a line of the story, not a feature of the app: the screen shows the app.
        first = w.line("fact_app_sub") if i == 1 else w.unique(*w.outcomes, echo=True)
        under = first or w.aside(title, key="fact_sub")
        out.append(w.slide("FACT", "statement", title, under, w.t["fact_label"]))
    return out


def _day_in_the_life(w: _Writer) -> list[SlideCopy]:
    """Three moments of the narrator's day, each over what the app does then; the first moment names
    the app (a routine shown without its app reads as an ad that forgot the product). The moments
    are the niche's own when its table has them (a day outdoors is no office day), else the
    language's everyday ones. The day ends on its result, with the pain it ended under it."""
    parts = [("MORNING", "morning"), ("MIDDAY", "midday"), ("EVENING", "evening")]
    slides = []
    for role, key in parts:
        moment = w.line(f"{key}_sub")
        names_app = key == "morning" and bool(moment)
        if names_app:
            moment = w.fill(w.phrase("moment_with_app"), moment=moment)
        feature = w.feature(key)
        # The moment is the slide's line ("Midday: Squeezed into my lunch break"), what the app does
        # then under it: a time slot holding a feature ("Midday: An AI coach that adapts every
        # week") read as a feature list, not a day (round 22).
        title, sub = (moment, feature) if moment else (feature, "")
        if sub and not w.fits(title, sub):  # a feature bolted onto a moment: the day reads as a list
            w.forget(sub)
            sub = ""
        label = w.t[f"{key}_label"]
        if label.casefold() in title.casefold():
            label = ""  # the moment names its time itself: "दोपहर: दोपहर में थोड़ा पसीना" says it twice
        # The moment that names the app shows it (round 32: "named, not shown" in every day deck).
        slides.append(w.slide(role, "statement", title, sub, label, shows_app=names_app))
    result = w.outcome("reflection")
    sub = w.aside(result, *w.ended(0), key="result_sub")
    return [*slides, w.slide("REFLECTION", "statement", result, sub)]


def _feature_showcase(w: _Writer) -> list[SlideCopy]:
    slides = [
        w.slide("FEATURE", "list", w.feature(f"feature_{i}"), w.feature_sub(i - 1), w.number(i))
        for i in range(1, 4)
    ]
    # Under what the features add up to, the app's measured outcome or its own promise (tagline)
    # before a line any app could say ("Everything in one place").
    benefit = w.outcome("benefit")
    tagline = sentence_case(w.app.tagline) if w.app.tagline.strip() else ""
    # Not a line ending on the benefit's own last word: "Die ganze Reise an einem Abend geplant" over
    # "Wochenendabenteuer, in Minuten geplant" read as one claim contradicting the other.
    fitting = [c for c in (*w.claims, tagline) if not _ends_alike(c, benefit)]
    # Then an outcome as a user feels it: "Everything in one place" under a result restated a feature
    # (round 27).
    felt = [c for c in w.felt if not _ends_alike(c, benefit)]
    under = w.unique(*fitting, echo=True) or w.unique(*felt) or w.line("benefit_sub")
    return [*slides, w.slide("BENEFIT", "headline", benefit, under)]


def _ends_alike(a: str, b: str) -> bool:
    """Whether two lines end on the same word of five letters or more."""
    last = [_bare(x.split()[-1].casefold()) if x.split() else "" for x in (a, b)]
    return len(last[0]) >= 5 and last[0] == last[1]


def _common_mistakes(w: _Writer) -> list[SlideCopy]:
    """Three mistakes, each of the app's own with its fix under it (the value prop of the same rank,
    labelled as the fix on the first only; such a slide shows the app's screen for it where the deck
    has screens); then the app that fixed them, with the result under it (not one more feature)."""
    slides = []
    for i in range(1, 4):
        title = w.unique(
            w.var(f"mistake_{i}"),
            *w.pains[i - 1 :],
            *w.variants("mistakes_default"),
            *w.variants("problem_default"),
        )
        own = i <= len(w.pains) and title == w.pains[i - 1] and i <= len(w.features)
        form = w.fix_form if i == 1 else "{feature}"  # the label once: three in a row read as a template
        fix = w.unique(w.fill(form, feature=w.features[i - 1])) if own else ""
        under = fix or w.aside(title, key="mistake_sub")
        slides.append(w.slide("MISTAKE", "list", title, under, w.number(i), bool(fix)))
    fixed = w.line("fix_title", w.var("fix"))
    return [*slides, w.slide("FIX", "headline", fixed, w.unique(*w.outcomes, echo=True))]


def _pov_story(w: _Writer) -> list[SlideCopy]:
    setup = w.slide("SETUP", "quote", w.line("setup_default", w.var("setup")), "")
    pain = w.pain(0, "struggle")
    struggle = w.slide("STRUGGLE", "statement", pain, w.aside(pain, key="problem_sub"))
    found = w.line("discovery_title", w.var("discovery"))
    discovery = w.slide("DISCOVERY", "headline", found, w.feature("solution"))
    result = w.outcome()
    return [
        setup,
        struggle,
        discovery,
        w.slide("RESULT", "statement", result, w.aside(result, key="result_sub")),
    ]


_BUILDERS: dict[str, Callable[[_Writer], list[SlideCopy]]] = {
    "problem_solution": _problem_solution,
    "listicle": _listicle,
    "before_after": _before_after,
    "myth_vs_fact": _myth_vs_fact,
    "day_in_the_life": _day_in_the_life,
    "feature_showcase": _feature_showcase,
    "common_mistakes": _common_mistakes,
    "pov_story": _pov_story,
}


def write_deck(
    app: AppInfo, template: Template, hook_text: str, language: str, overrides: dict[str, str], seed: int = 0
) -> DeckCopy:
    """Raises ValueError for a language without copy (the service refuses those before queueing)."""
    w = _Writer(app, template, hook_text, language, overrides, seed)
    slides = w.slides()
    return DeckCopy(
        language=w.lang,
        requested_language=language or w.lang,
        slides=slides,
        caption=w.caption(slides),
        hashtags=w.hashtags(),
        ctas=w.ctas(),
    )

"""Deck copywriting: template + app positioning + hook + overrides -> DeckCopy. Pure and deterministic
for a given seed (variants are picked with a seeded PRNG, never with Python's salted hash)."""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Callable
from urllib.parse import urlparse

from renderer.catalog import Template, normalize_key
from renderer.catalog import niche as catalog_niche
from renderer.copy_phrases import PHRASES, TOPICS, Phrase
from renderer.deck import AppInfo, DeckCopy, SlideCopy

CAPTION_MAX = 2200
MAX_HASHTAGS = 5
TITLE_MAX = 140
SUBTITLE_MAX = 200


def copy_language(language: str) -> str:
    """'pt-BR' -> 'pt'; a language without real copy -> 'en'."""
    base = re.split(r"[-_]", (language or "").strip().lower(), maxsplit=1)[0]
    return base if base in PHRASES else "en"


def clamp(text: str, limit: int) -> str:
    """Trim to `limit` characters, at a word boundary when there is one near the end."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit * 0.6:
        cut = cut[:space]
    return cut.rstrip(" ,.;:-–") + "…"


def sentence_case(text: str) -> str:
    """'no time to train' -> 'No time to train' (app fields are often typed in lower case)."""
    text = text.strip()
    return text[:1].upper() + text[1:]


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
        self.app = app
        self.template = template
        self.lang = copy_language(language)
        self.table = PHRASES[self.lang]
        found = catalog_niche(app.niche)
        niche_key = found.key if found else normalize_key(app.niche)
        self.topic = TOPICS.get(niche_key, {}).get(self.lang) or app.niche.replace("_", " ").strip().title()
        self.rng = random.Random(zlib.crc32(f"{seed}:{app.name}:{template.key}:{self.lang}".encode()))
        self.hook = " ".join((hook_text or "").split())
        self.overrides = {
            k: " ".join(str(v).split())
            for k, v in (overrides or {}).items()
            if isinstance(v, str) and v.strip()
        }
        self.vars: dict[str, str] = {}
        defaults = self._defaults()
        self.vars = {**defaults, **self.overrides}

    # -- phrases and variables -------------------------------------------------------------
    def p(self, key: str, **extra: str) -> str:
        value: Phrase = self.table.get(key) or PHRASES["en"][key]
        text = self.rng.choice(value) if isinstance(value, tuple) else value
        return self.fill(text, **extra)

    def fill(self, text: str, **extra: str) -> str:
        values = {"persona": "", "problem": "", "solution": "", "result": "", "n": "", "store": ""}
        values.update({k: v for k, v in self.vars.items() if k in values})
        values.update({"app": self.app.name.strip(), "topic": self.topic})
        values.update(extra)
        return text.format_map(values)

    def _pick(self, items: list[str], i: int) -> str:
        return items[i] if i < len(items) else ""

    def _defaults(self) -> dict[str, str]:
        app = self.app
        t = self.table
        props = [sentence_case(s) for s in app.value_props if s.strip()]
        pains = [sentence_case(s) for s in app.pain_points if s.strip()]
        diffs = [sentence_case(s) for s in app.differentiators if s.strip()]
        generic = list(t["features_default"]) if isinstance(t["features_default"], tuple) else []
        features = (props + diffs + generic)[:4] + generic
        mistakes = pains[1:] + (
            list(t["mistakes_default"]) if isinstance(t["mistakes_default"], tuple) else []
        )
        problem = pains[0] if pains else self.p("problem_default")
        result = diffs[0] if diffs else (props[1] if len(props) > 1 else self.p("result_default"))
        persona = app.target_audience.strip() or self.p("persona_default")
        solution = props[0] if props else features[0]
        v = {
            "persona": clamp(persona, 80),
            "problem": problem,
            "agitation": pains[1] if len(pains) > 1 else self.p("agitation_default"),
            "solution": solution,
            "result": result,
            "topic": self.p("topic_default"),
            "before": problem,
            "turning_point": "",
            "after": solution,
            "myth_1": self.p("myth_1_default"),
            "fact_1": features[0],
            "myth_2": self.p("myth_2_default"),
            "fact_2": diffs[0] if diffs else features[1],
            "morning": features[0],
            "midday": features[1],
            "evening": features[2],
            "reflection": result,
            "benefit": diffs[0] if diffs else result,
            "fix": solution,
            "setup": "",
            "struggle": problem,
            "discovery": "",
            "cta": "",
        }
        for i in range(4):
            v[f"point_{i + 1}"] = features[i]
        for i in range(3):
            v[f"feature_{i + 1}"] = features[i]
            v[f"mistake_{i + 1}"] = self._pick(mistakes, i) or features[i]
        return v

    def var(self, name: str, fallback_phrase: str = "") -> str:
        value = self.vars.get(name, "")
        return value or (self.p(fallback_phrase) if fallback_phrase else "")

    # -- slides ----------------------------------------------------------------------------
    def slide(self, role: str, layout: str, title: str, subtitle: str = "", label: str = "") -> SlideCopy:
        duration = 3.5 if role in ("HOOK", "CTA") else 3.0
        return SlideCopy(
            role=role,
            layout_type=layout,
            title=clamp(title, TITLE_MAX),
            subtitle=clamp(subtitle, SUBTITLE_MAX),
            label=clamp(label, 40),
            duration=duration,
        )

    def hook_slide(self) -> SlideCopy:
        return self.slide("HOOK", "headline", self.hook or self.p("hook_default"), self.p("swipe"))

    def store(self) -> tuple[str, str]:
        """(store line for the CTA slide, link) in order of preference iOS, Android, website."""
        app = self.app
        if app.ios_url.strip():
            return self.p("store_ios"), app.ios_url.strip()
        if app.android_url.strip():
            return self.p("store_android"), app.android_url.strip()
        if app.website_url.strip():
            host = urlparse(app.website_url.strip()).netloc or app.website_url.strip()
            return self.p("store_web", store=host.removeprefix("www.")), app.website_url.strip()
        return self.p("store_none"), ""

    def cta_slide(self) -> SlideCopy:
        line, _ = self.store()
        return self.slide("CTA", "cta", self.var("cta", "cta_default"), line, self.p("cta_link"))

    def middle(self) -> list[SlideCopy]:
        return _BUILDERS.get(self.template.format, _problem_solution)(self)

    def slides(self) -> tuple[SlideCopy, ...]:
        middle = self.middle()
        roles = self.template.slide_roles
        out = [self.hook_slide(), *middle[:4], self.cta_slide()]
        # The template's roles are authoritative (a custom template may rename them).
        return tuple(
            SlideCopy(
                roles[i] if i < len(roles) else s.role,
                s.layout_type,
                s.title,
                s.subtitle,
                s.label,
                s.duration,
            )
            for i, s in enumerate(out)
        )

    # -- marketing assets ------------------------------------------------------------------
    def ctas(self) -> tuple[str, ...]:
        app = self.app
        links = [u.strip() for u in (app.ios_url, app.android_url, app.website_url) if u.strip()]
        if not links:
            return (self.p("cta_text_nolink"),)
        return tuple(self.p("cta_text", link=link) for link in links)

    def caption(self) -> str:
        hook = clamp(self.hook or self.p("hook_default"), 300)
        problem = clamp(self.p("cap_problem", problem=self.vars["problem"].rstrip(".。!?！？")), 500)
        discovery = clamp(self.p("cap_discovery"), 300)
        result = clamp(self.p("cap_result", result=self.vars["result"].rstrip(".。!?！？")), 500)
        cta = clamp(self.ctas()[0], 400)
        text = f"{hook}\n\n{problem}\n{discovery}\n{result}\n\n{cta}"
        return clamp_block(text, CAPTION_MAX)

    def hashtags(self) -> tuple[str, ...]:
        generic = self.table["generic_tags"]
        candidates = [self.topic, self.app.name, *(generic if isinstance(generic, tuple) else ())]
        tags: list[str] = []
        for c in candidates:
            tag = hashtag(c)
            if tag and tag.lower() not in (t.lower() for t in tags):
                tags.append(tag)
        return tuple(tags[:MAX_HASHTAGS])


def clamp_block(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def hashtag(text: str) -> str:
    """'Photo editing' -> '#photoediting'; keeps letters/digits/underscore of any script."""
    body = "".join(ch for ch in text if ch.isalnum() or ch == "_")
    body = body.lower() if body.isascii() else body
    return f"#{body[:40]}" if body else ""


def _problem_solution(w: _Writer) -> list[SlideCopy]:
    return [
        w.slide("PROBLEM", "statement", w.var("problem"), w.p("problem_sub"), w.p("problem")),
        w.slide("AGITATE", "statement", w.var("agitation"), w.p("agitation_sub")),
        w.slide("SOLUTION", "headline", w.p("solution_title"), w.var("solution"), w.p("solution")),
        w.slide("PROOF", "statement", w.var("result"), w.p("proof_sub"), w.p("result")),
    ]


def _listicle(w: _Writer) -> list[SlideCopy]:
    return [w.slide("POINT", "list", w.var(f"point_{i}"), w.p("point_sub"), f"{i:02d}") for i in range(1, 5)]


def _before_after(w: _Writer) -> list[SlideCopy]:
    return [
        w.slide("BEFORE", "split", w.var("before"), w.p("before_sub"), w.p("before")),
        w.slide("TURNING_POINT", "headline", w.var("turning_point", "turning_default"), w.var("solution")),
        w.slide("AFTER", "split", w.var("after"), w.p("after_sub"), w.p("after")),
        w.slide("PROOF", "statement", w.var("result"), w.p("proof_sub"), w.p("result")),
    ]


def _myth_vs_fact(w: _Writer) -> list[SlideCopy]:
    return [
        w.slide("MYTH", "quote", w.var("myth_1"), "", w.p("myth")),
        w.slide("FACT", "statement", w.var("fact_1"), w.app.name, w.p("fact")),
        w.slide("MYTH", "quote", w.var("myth_2"), "", w.p("myth")),
        w.slide("FACT", "statement", w.var("fact_2"), w.app.name, w.p("fact")),
    ]


def _day_in_the_life(w: _Writer) -> list[SlideCopy]:
    return [
        w.slide("MORNING", "statement", w.var("morning"), w.p("morning_sub"), w.p("morning")),
        w.slide("MIDDAY", "statement", w.var("midday"), w.p("midday_sub"), w.p("midday")),
        w.slide("EVENING", "statement", w.var("evening"), w.p("evening_sub"), w.p("evening")),
        w.slide("REFLECTION", "quote", w.var("reflection"), w.p("reflection_sub"), w.p("reflection")),
    ]


def _feature_showcase(w: _Writer) -> list[SlideCopy]:
    slides = [
        w.slide("FEATURE", "list", w.var(f"feature_{i}"), "", w.p("feature", n=str(i))) for i in range(1, 4)
    ]
    return [*slides, w.slide("BENEFIT", "headline", w.var("benefit"), w.p("benefit_sub"), w.p("benefit"))]


def _common_mistakes(w: _Writer) -> list[SlideCopy]:
    slides = [
        w.slide("MISTAKE", "list", w.var(f"mistake_{i}"), w.p("mistake_sub"), w.p("mistake", n=str(i)))
        for i in range(1, 4)
    ]
    return [*slides, w.slide("FIX", "headline", w.var("fix"), w.p("fix_sub"), w.p("fix"))]


def _pov_story(w: _Writer) -> list[SlideCopy]:
    return [
        w.slide("SETUP", "quote", w.var("setup", "setup_default"), w.var("persona"), w.p("pov")),
        w.slide("STRUGGLE", "statement", w.var("struggle"), w.p("problem_sub"), w.p("struggle")),
        w.slide(
            "DISCOVERY",
            "headline",
            w.var("discovery", "discovery_default"),
            w.var("solution"),
            w.p("discovery"),
        ),
        w.slide("RESULT", "statement", w.var("result"), w.p("proof_sub"), w.p("result")),
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
    w = _Writer(app, template, hook_text, language, overrides, seed)
    return DeckCopy(
        language=w.lang,
        requested_language=language or w.lang,
        slides=w.slides(),
        caption=w.caption(),
        hashtags=w.hashtags(),
        ctas=w.ctas(),
    )

"""The rules of the hook library. No I/O.

Documented values
- source: "seed" (written by the built-in engine when an app is created, or on the fly when a
  deck needs an opener and the library is empty), "generated" (built-in engine during a
  refresh), "llm" (the OpenAI-compatible provider during a refresh), "manual" (reserved for
  hooks added by an operator).
- status: a hook that breaks the opener rules (too long, banned words) is REJECTED; a hook that
  passes is APPROVED when the built-in engine wrote it and PENDING when an LLM wrote it (a
  person reviews model output before it opens a deck). Only APPROVED hooks open decks.
- performance_score: 0-100. A new hook starts from an opener heuristic (category prior plus a
  brevity bonus, about 45-70; LLM hooks start 5 points lower, unproven). Every time a hook
  opens a deck its score drops by USE_DECAY (creative fatigue), never below 0 nor above 100,
  so the picker rotates through the library instead of wearing one opener out.
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from kit import langtag
from kit.errors import ServiceError, validation_error

CATEGORIES = ("problem", "curiosity", "social_proof", "listicle", "contrarian", "story")
STATUSES = ("APPROVED", "PENDING", "REJECTED")
SOURCES = ("seed", "generated", "llm", "manual")
# Languages the built-in writer has copy for (hooks/locales/<code>.json); "pt" is written in pt-BR wording.
LANGUAGES = (
    "en",
    "es",
    "fr",
    "de",
    "it",
    "pt",
    "nl",
    "pl",
    "tr",
    "ru",
    "uk",
    "ar",
    "he",
    "hi",
    "ja",
    "ko",
    "zh-Hans",
    "zh-Hant",
    "th",
    "vi",
    "id",
)
SORTS = ("", "recent", "performance_score")
PLANS = ("free", "starter", "pro", "business")

DEFAULT_LIMIT = 50
MAX_LIMIT = 200
MAX_PAGE = 1_000_000

# Short-video opener rules: read in about two seconds. Characters are counted as seen (combining
# marks such as Thai vowel and tone marks are not counted on their own).
MAX_CHARS = 90
MAX_WORDS = 14
MAX_CHARS_CJK = 40
# Written without spaces between words (primary subtags): only the character limit MAX_CHARS_CJK
# applies. Korean separates words with spaces, so it follows MAX_CHARS and MAX_WORDS.
NO_SPACE_LANGUAGES = ("ja", "zh", "th")

USE_DECAY = 2.0
SCORE_MIN = 0.0
SCORE_MAX = 100.0
PICK_POOL = 5

BANNED_WORDS = frozenset(
    {
        "guaranteed",
        "miracle",
        "cure",
        "scam",
        "fuck",
        "shit",
        "bitch",
        "nsfw",
        "garantizado",
        "milagro",
        "garanti",
        "garantiert",
        "wunder",
        "garantido",
        "milagre",
        "garantito",
        "miracolo",
        "gegarandeerd",
        "gwarantowane",
        "garantili",
        "mucize",
        "гарантированно",
        "гарантовано",
        "مضمونة",
        "معجزة",
        "מובטח",
        "चमत्कार",
        "dijamin",
    }
)
BANNED_PHRASES = (
    "get rich quick",
    "100% free",
    "lose weight fast",
    "確実に儲かる",
    "絶対に痩せる",
    "保证有效",
    "保證有效",
    "효과 보장",
    "รับประกันผล",
)

_CATEGORY_PRIOR = {
    "problem": 8.0,
    "curiosity": 7.0,
    "listicle": 6.0,
    "social_proof": 5.0,
    "story": 4.0,
    "contrarian": 3.0,
}


@dataclass(frozen=True)
class ListFilters:
    page: int
    limit: int
    niche: str
    language: str
    category: str
    status: str
    q: str
    sort: str


def normalize(text: str) -> str:
    """Case-, accent-width- and punctuation-insensitive form used to detect duplicates."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    kept = "".join(ch if (ch.isalnum() or ch.isspace()) else " " for ch in folded)
    return " ".join(kept.split())


def norm_niche(niche: str) -> str:
    """The same key the renderer's niche catalog uses: ' Fitness & Health ' -> 'fitness_and_health'."""
    key = niche.strip().lower().replace("&", " and ")
    return re.sub(r"[^\w]+", "_", key, flags=re.UNICODE).strip("_")[:60]


def niche_key(niche: str) -> str:
    """The niche a hook is filed under (apps without a niche share "general")."""
    return norm_niche(niche) or "general"


def norm_language(language: str) -> str | None:
    """The code of LANGUAGES an app's language tag matches by RFC 4647 lookup ("pt-BR" -> "pt",
    "zh-CN" -> "zh-Hans", "zh-TW" -> "zh-Hant"), or None: there is no copy for it, and no other
    language stands in for it."""
    return langtag.lookup(language.strip(), LANGUAGES)


def require_language(language: str) -> str:
    """norm_language, or VALIDATION_ERROR naming `language` (listing the supported codes)."""
    code = norm_language(language)
    if code is None:
        shown = language.strip()[:20] if printable(language) else "?"
        raise validation_error(
            [("language", f"no hook copy for {shown!r}; supported: {', '.join(LANGUAGES)}")],
            f"Hooks cannot be written in {shown!r}: supported languages are {', '.join(LANGUAGES)}.",
        )
    return code


def word_count(text: str) -> int:
    return len(text.split())


def char_count(text: str) -> int:
    """Characters as seen: combining marks (Thai vowels and tones, accents in NFD text) ride on the
    character before them."""
    return sum(1 for ch in text if unicodedata.category(ch) not in ("Mn", "Me"))


def without_spaces(language: str) -> bool:
    """True for languages written without spaces between words (ja, zh-*, th)."""
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0] in NO_SPACE_LANGUAGES


def fits_length(text: str, language: str) -> bool:
    if without_spaces(language):
        return 0 < char_count(text) <= MAX_CHARS_CJK
    return 0 < char_count(text) <= MAX_CHARS and word_count(text) <= MAX_WORDS


def has_banned_words(text: str) -> bool:
    folded = normalize(text)
    if any(word in BANNED_WORDS for word in folded.split()):
        return True
    lowered = text.casefold()
    return any(phrase in lowered for phrase in BANNED_PHRASES)


def moderate(text: str, language: str, source: str) -> str:
    """Status of a new hook (see the module docstring)."""
    if not fits_length(text, language) or has_banned_words(text):
        return "REJECTED"
    return "PENDING" if source == "llm" else "APPROVED"


def initial_score(text: str, category: str, source: str, language: str = "") -> float:
    if without_spaces(language) or (not text.isascii() and " " not in text):
        words = char_count(text) / 4
    else:
        words = word_count(text)
    brevity = max(0.0, 14 - words) * 0.8
    jitter = int(hashlib.sha256(text.encode()).hexdigest()[:4], 16) % 30 / 10
    score = 50.0 + _CATEGORY_PRIOR.get(category, 0.0) + brevity + jitter
    if source == "llm":
        score -= 5.0
    return clamp_score(score)


def clamp_score(score: float) -> float:
    return round(min(SCORE_MAX, max(SCORE_MIN, score)), 1)


def plan_at_least(plan: str, minimum: str) -> bool:
    p = plan.lower()
    return p in PLANS and PLANS.index(p) >= PLANS.index(minimum)


def retry_after_seconds(elapsed_seconds: float, interval_seconds: int) -> int:
    """Seconds until the next refresh is allowed, within 1..interval (clocks may disagree a little)."""
    return min(interval_seconds, max(1, math.ceil(interval_seconds - max(0.0, elapsed_seconds))))


def list_filters(
    page: int, limit: int, niche: str, language: str, category: str, status: str, q: str, sort: str
) -> ListFilters:
    """Validate and normalize the list query; 0 means "default" for page and limit."""
    bad: list[tuple[str, str]] = []
    page = page or 1
    limit = limit or DEFAULT_LIMIT
    if not 1 <= page <= MAX_PAGE:
        bad.append(("page", f"must be between 1 and {MAX_PAGE}"))
    if not 1 <= limit <= MAX_LIMIT:
        bad.append(("limit", f"must be between 1 and {MAX_LIMIT}"))
    if category and category not in CATEGORIES:
        bad.append(("category", "must be one of " + ", ".join(CATEGORIES)))
    if status and status not in STATUSES:
        bad.append(("status", "must be one of " + ", ".join(STATUSES)))
    if sort not in SORTS:
        bad.append(("sort", "must be 'recent' or 'performance_score'"))
    if len(q) > 200:
        bad.append(("q", "at most 200 characters"))
    if len(niche) > 40:
        bad.append(("niche", "at most 40 characters"))
    if len(language) > 8:
        bad.append(("language", "at most 8 characters"))
    for name, value in (("niche", niche), ("language", language), ("q", q)):
        if not printable(value):
            bad.append((name, "must not contain control characters"))
    if bad:
        raise validation_error(bad)
    return ListFilters(
        page=page,
        limit=limit,
        # Filed under the same key as the hooks of an app with this niche ("!!" -> "general").
        niche=niche_key(niche) if niche.strip() else "",
        language=language_filter(language),
        category=category,
        status=status,
        q=q.strip(),
        sort=sort,
    )


def language_filter(language: str) -> str:
    """The code hooks are filed under ("zh-CN" -> "zh-Hans", "EN" -> "en"); a tag that matches no
    language with copy is compared as given, lower-cased; blank means no filter."""
    if not language.strip():
        return ""
    return norm_language(language) or language.strip().lower()


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_APP_ID = re.compile(r"^app_[A-Za-z0-9]{1,64}$")


def printable(value: str) -> bool:
    return _CONTROL.search(value) is None


def valid_app_id(value: str) -> bool:
    return bool(_APP_ID.match(value))


def like_pattern(q: str) -> str:
    """Case-insensitive substring pattern with LIKE wildcards escaped (escape char: backslash)."""
    escaped = q.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def generate_count(count: int) -> int:
    count = count or 10
    if not 1 <= count <= 50:
        raise validation_error([("count", "must be between 1 and 50")])
    return count


def check_category(category: str) -> tuple[str, ...]:
    if not category:
        return CATEGORIES
    if category not in CATEGORIES:
        raise validation_error([("category", "must be one of " + ", ".join(CATEGORIES))])
    return (category,)


def require_org(organization_id: str) -> None:
    if not organization_id.startswith("org_"):
        raise ServiceError("VALIDATION_ERROR", "organization_id is required.")


REVIEW_STATUSES = ("APPROVED", "REJECTED")


def review_status(status: str) -> str:
    """The status a person may give a hook: APPROVED (it may open decks) or REJECTED (never)."""
    if status not in REVIEW_STATUSES:
        raise validation_error([("status", "must be APPROVED or REJECTED")])
    return status


# ---- values at the edges (the store's rows and the other services' answers become these) ----


@dataclass(frozen=True, slots=True)
class Hook:
    """A hook of the library as stored (the store's reads return these). GenerateHooks answers
    hooks that are not stored: their id is "" and created_at the time they were written."""

    id: str
    organization_id: str
    text: str
    category: str
    language: str
    niche: str
    source: str
    status: str
    performance_score: float
    created_at: datetime | None
    use_count: int = 0


@dataclass(frozen=True, slots=True)
class JobRef:
    """A refresh job: one app of one organization to write new hooks for."""

    id: str
    app_id: str


@dataclass(frozen=True, slots=True)
class App:
    """Hooks' view of a catalog app: what a brief and a refresh need. updated_at orders the
    local view of the apps (None when unknown)."""

    id: str
    organization_id: str
    name: str = ""
    niche: str = ""
    language: str = ""
    status: str = ""
    target_audience: str = ""
    pain_points: tuple[str, ...] = ()
    value_props: tuple[str, ...] = ()
    differentiators: tuple[str, ...] = ()
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Organization:
    """An organization billing lists for the daily refresh, with its plan."""

    id: str
    plan: str


# Domain events (the outbox messages of topic hooks.jobs.v1 are built from them in events.py).
@dataclass(frozen=True, slots=True)
class RefreshRequested:
    organization_id: str
    job_id: str
    app_id: str
    trigger: str  # "manual" | "daily"

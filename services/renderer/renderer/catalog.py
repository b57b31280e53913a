"""The renderer's catalogs: app niches, narrative formats (templates) and visual designs.

Pure data. A template's key is its format's key (API.md: the same `template_key` works in REST
and MCP); the niche decides which formats it offers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# Languages with copy: one file each under locales/ (see copy.py).
COPY_LANGUAGES: tuple[str, ...] = tuple(
    sorted(p.stem for p in (Path(__file__).resolve().parent / "locales").glob("*.json"))
)


@dataclass(frozen=True)
class Variable:
    name: str
    description: str
    required: bool = False


@dataclass(frozen=True)
class Format:
    key: str
    name: str
    description: str
    slide_roles: tuple[str, ...]
    variables: tuple[Variable, ...]


@dataclass(frozen=True)
class Template:
    key: str
    name: str
    description: str
    format: str
    slide_roles: tuple[str, ...]
    variables: tuple[Variable, ...]


@dataclass(frozen=True)
class Niche:
    key: str
    name: str
    languages: tuple[str, ...]
    templates: tuple[Template, ...]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Design:
    key: str
    name: str
    description: str


def _v(name: str, description: str) -> Variable:
    # Every variable has an automatic value (from the app's positioning or the niche), so none is
    # required: the spec says missing overrides "are chosen automatically".
    return Variable(name=name, description=description, required=False)


_CTA = _v("cta", "Call to action on the last slide (default: download line with the store link).")
_PERSONA = _v("persona", "Who the story is about (default: the app's target audience).")

FORMATS: tuple[Format, ...] = (
    Format(
        "problem_solution",
        "Problem → Solution",
        "Name a pain, make it hurt, then show the app as the way out.",
        ("HOOK", "PROBLEM", "AGITATE", "SOLUTION", "PROOF", "CTA"),
        (
            _PERSONA,
            _v("problem", "The pain point (default: the app's first pain point)."),
            _v("agitation", "Why the problem gets worse if ignored."),
            _v("solution", "How the app solves it (default: the first value prop)."),
            _v("result", "The outcome the user gets (default: first differentiator or value prop)."),
            _CTA,
        ),
    ),
    Format(
        "listicle",
        "Listicle",
        "A numbered list of reasons, tips or features, one per slide.",
        ("HOOK", "POINT", "POINT", "POINT", "POINT", "CTA"),
        (
            _v("topic", "What the list is about (default: the niche)."),
            _v("point_1", "First list item (default: value props, then differentiators)."),
            _v("point_2", "Second list item."),
            _v("point_3", "Third list item."),
            _v("point_4", "Fourth list item."),
            _CTA,
        ),
    ),
    Format(
        "before_after",
        "Before / After",
        "Life before the app, the turning point, life after.",
        ("HOOK", "BEFORE", "TURNING_POINT", "AFTER", "PROOF", "CTA"),
        (
            _v("before", "The situation before (default: the first pain point)."),
            _v("turning_point", "The moment the app comes in."),
            _v("after", "The situation after (default: the first value prop)."),
            _v("result", "A concrete result or proof."),
            _CTA,
        ),
    ),
    Format(
        "myth_vs_fact",
        "Myth vs Fact",
        "Bust two common myths of the niche; the app is the fact that wins.",
        ("HOOK", "MYTH", "FACT", "MYTH", "FACT", "CTA"),
        (
            _v("myth_1", "First myth (default: a pain point phrased as a belief)."),
            _v("fact_1", "The truth against the first myth (default: a value prop)."),
            _v("myth_2", "Second myth."),
            _v("fact_2", "The truth against the second myth (default: a differentiator)."),
            _CTA,
        ),
    ),
    Format(
        "day_in_the_life",
        "Day in the life",
        "Morning, midday, evening of a user, with the app woven in.",
        ("HOOK", "MORNING", "MIDDAY", "EVENING", "REFLECTION", "CTA"),
        (
            _PERSONA,
            _v("morning", "The morning moment."),
            _v("midday", "The midday moment."),
            _v("evening", "The evening moment."),
            _v("reflection", "The takeaway of the day."),
            _CTA,
        ),
    ),
    Format(
        "feature_showcase",
        "Feature showcase",
        "Three features, the benefit they add up to, and the download.",
        ("HOOK", "FEATURE", "FEATURE", "FEATURE", "BENEFIT", "CTA"),
        (
            _v("feature_1", "First feature (default: first value prop)."),
            _v("feature_2", "Second feature."),
            _v("feature_3", "Third feature."),
            _v("benefit", "What the features add up to (default: a differentiator)."),
            _CTA,
        ),
    ),
    Format(
        "common_mistakes",
        "Common mistakes",
        "Three mistakes people in the niche make, then the fix.",
        ("HOOK", "MISTAKE", "MISTAKE", "MISTAKE", "FIX", "CTA"),
        (
            _v("mistake_1", "First mistake (default: from the pain points)."),
            _v("mistake_2", "Second mistake."),
            _v("mistake_3", "Third mistake."),
            _v("fix", "The fix (default: the app's first value prop)."),
            _CTA,
        ),
    ),
    Format(
        "pov_story",
        "POV story",
        "A first-person story: setup, struggle, discovery, result.",
        ("HOOK", "SETUP", "STRUGGLE", "DISCOVERY", "RESULT", "CTA"),
        (
            _PERSONA,
            _v("setup", "Where the story starts."),
            _v("struggle", "The struggle (default: the first pain point)."),
            _v("discovery", "Finding the app."),
            _v("result", "What changed."),
            _CTA,
        ),
    ),
)

_FORMATS_BY_KEY = {f.key: f for f in FORMATS}

# (key, display name, aliases, format keys)
_NICHE_ROWS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "fitness",
        "Fitness",
        ("workout", "gym", "fitness_and_health", "fitness_health", "sport", "sports"),
        (
            "problem_solution",
            "listicle",
            "before_after",
            "myth_vs_fact",
            "day_in_the_life",
            "common_mistakes",
        ),
    ),
    (
        "productivity",
        "Productivity",
        ("todo", "tasks", "focus", "productivity_tools"),
        ("problem_solution", "listicle", "day_in_the_life", "feature_showcase", "common_mistakes"),
    ),
    (
        "finance",
        "Finance",
        ("personal_finance", "money", "budgeting", "fintech", "investing"),
        ("problem_solution", "listicle", "myth_vs_fact", "before_after", "common_mistakes"),
    ),
    (
        "language_learning",
        "Language learning",
        ("languages", "language", "language_learning_app"),
        ("problem_solution", "listicle", "myth_vs_fact", "day_in_the_life", "pov_story"),
    ),
    (
        "meditation",
        "Meditation",
        ("mindfulness", "sleep", "mental_health", "wellbeing", "wellness"),
        ("problem_solution", "before_after", "day_in_the_life", "myth_vs_fact", "pov_story"),
    ),
    (
        "dating",
        "Dating",
        ("relationships", "love", "dating_apps"),
        ("problem_solution", "listicle", "common_mistakes", "pov_story", "myth_vs_fact"),
    ),
    (
        "education",
        "Education",
        ("learning", "edtech", "study", "studying", "school"),
        ("problem_solution", "listicle", "feature_showcase", "myth_vs_fact", "day_in_the_life"),
    ),
    (
        "games",
        "Games",
        ("gaming", "game", "mobile_games"),
        ("listicle", "feature_showcase", "pov_story", "before_after"),
    ),
    (
        "health",
        "Health",
        ("healthcare", "nutrition", "health_and_fitness", "health_fitness", "medical"),
        ("problem_solution", "listicle", "myth_vs_fact", "before_after", "common_mistakes"),
    ),
    (
        "travel",
        "Travel",
        ("trips", "travel_planning", "tourism"),
        ("listicle", "problem_solution", "day_in_the_life", "feature_showcase", "common_mistakes"),
    ),
    (
        "food",
        "Food",
        ("cooking", "recipes", "food_and_drink", "meal_planning"),
        ("listicle", "problem_solution", "before_after", "day_in_the_life", "feature_showcase"),
    ),
    (
        "photo_editing",
        "Photo editing",
        ("photo", "photography", "photo_video", "camera", "editing"),
        ("before_after", "feature_showcase", "listicle", "common_mistakes", "problem_solution"),
    ),
    (
        "music",
        "Music",
        ("audio", "music_and_audio", "podcasts"),
        ("listicle", "feature_showcase", "pov_story", "day_in_the_life"),
    ),
    (
        "parenting",
        "Parenting",
        ("family", "kids", "baby"),
        ("problem_solution", "listicle", "day_in_the_life", "myth_vs_fact"),
    ),
    (
        "shopping",
        "Shopping",
        ("ecommerce", "deals", "retail"),
        ("listicle", "feature_showcase", "problem_solution", "before_after"),
    ),
    (
        "social",
        "Social",
        ("social_networking", "community", "messaging"),
        ("feature_showcase", "pov_story", "listicle", "problem_solution"),
    ),
)


def _template(niche_name: str, fmt: Format) -> Template:
    return Template(
        key=fmt.key,
        name=fmt.name,
        description=f"{niche_name}: {fmt.description}",
        format=fmt.key,
        slide_roles=fmt.slide_roles,
        variables=fmt.variables,
    )


NICHES: tuple[Niche, ...] = tuple(
    Niche(
        key=key,
        name=name,
        languages=COPY_LANGUAGES,
        templates=tuple(_template(name, _FORMATS_BY_KEY[f]) for f in fmts),
        aliases=aliases,
    )
    for key, name, aliases, fmts in _NICHE_ROWS
)

DESIGNS: tuple[Design, ...] = (
    Design("classic", "Classic", "Bold centered headline on a brand gradient, outlined text, progress dots."),
    Design("inspo", "Inspo", "Big serif quote over a soft textured background, quiet and aesthetic."),
    Design(
        "editorial-split",
        "Editorial split",
        "Magazine layout: image on top, text panel below with label chips.",
    ),
    Design(
        "brand-studio",
        "Brand studio",
        "Solid brand color blocks, geometric shapes, numbered chips and boxed text.",
    ),
)


def normalize_key(value: str) -> str:
    """'Language Learning' / 'language-learning' / ' Fitness & Health ' -> snake_case key."""
    s = value.strip().lower().replace("&", " and ")
    s = re.sub(r"[^\w]+", "_", s, flags=re.UNICODE)
    return s.strip("_")


def _index() -> dict[str, Niche]:
    out: dict[str, Niche] = {}
    for n in NICHES:
        for name in (n.key, n.name, *n.aliases):
            out.setdefault(normalize_key(name), n)
    return out


_NICHE_INDEX = _index()


def niche(key: str) -> Niche | None:
    if not isinstance(key, str):
        return None
    return _NICHE_INDEX.get(normalize_key(key))


def template(niche_key: str, template_key: str) -> Template | None:
    n = niche(niche_key)
    if n is None or not isinstance(template_key, str):
        return None
    wanted = template_key.strip().lower()
    return next((t for t in n.templates if t.key == wanted), None)


def formats_for(niche_key: str) -> list[Format]:
    n = niche(niche_key)
    if n is None:
        return []
    return [_FORMATS_BY_KEY[t.format] for t in n.templates]


def format_(key: str) -> Format | None:
    return _FORMATS_BY_KEY.get(key.strip().lower()) if isinstance(key, str) else None


def design(key: str) -> Design | None:
    if not isinstance(key, str):
        return None
    wanted = key.strip().lower().replace("_", "-").replace(" ", "-")
    return next((d for d in DESIGNS if d.key == wanted), None)

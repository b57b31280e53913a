"""Catalog invariants: niches, templates, roles, variables, designs, lookups."""

from __future__ import annotations

import pytest
from renderer import catalog

REQUIRED_NICHES = (
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
)


def test_at_least_twelve_niches_including_the_required_ones() -> None:
    keys = {n.key for n in catalog.NICHES}
    assert len(keys) == len(catalog.NICHES) >= 12
    assert set(REQUIRED_NICHES) <= keys


@pytest.mark.parametrize("niche", catalog.NICHES, ids=lambda n: n.key)
def test_every_niche_has_four_templates_of_six_roles(niche: catalog.Niche) -> None:
    assert len(niche.templates) >= 4
    assert len({t.key for t in niche.templates}) == len(niche.templates)
    assert "en" in niche.languages
    for t in niche.templates:
        assert t.key == t.format
        assert catalog.format_(t.format) is not None
        assert len(t.slide_roles) == 6
        assert t.slide_roles[0] == "HOOK" and t.slide_roles[-1] == "CTA"
        assert t.variables, t.key
        names = [v.name for v in t.variables]
        assert len(names) == len(set(names))
        assert all(v.description and v.name.isidentifier() for v in t.variables)


def test_formats_cover_the_named_narratives() -> None:
    keys = {f.key for f in catalog.FORMATS}
    assert {
        "problem_solution",
        "listicle",
        "before_after",
        "myth_vs_fact",
        "day_in_the_life",
        "feature_showcase",
    } <= keys


def test_designs_present() -> None:
    keys = [d.key for d in catalog.DESIGNS]
    assert {"classic", "inspo", "editorial-split", "brand-studio"} <= set(keys)
    assert catalog.design("Editorial-Split") is not None
    assert catalog.design("brand_studio") is not None
    assert catalog.design("nope") is None


@pytest.mark.parametrize(
    "alias,key",
    [
        ("Fitness", "fitness"),
        ("language learning", "language_learning"),
        ("Language-Learning", "language_learning"),
        ("Photo Editing", "photo_editing"),
        ("Fitness & Health", "fitness"),
        ("  FOOD ", "food"),
    ],
)
def test_niche_lookup_accepts_display_names_and_aliases(alias: str, key: str) -> None:
    found = catalog.niche(alias)
    assert found is not None and found.key == key


def test_unknown_niche_and_template() -> None:
    assert catalog.niche("underwater basket weaving") is None
    assert catalog.template("underwater", "listicle") is None
    assert catalog.template("games", "myth_vs_fact") is None  # the niche lacks that format
    assert catalog.formats_for("nope") == []
    t = catalog.template("Fitness", "LISTICLE")
    assert t is not None and t.key == "listicle"
    assert [f.key for f in catalog.formats_for("fitness")] == [
        t.key for t in catalog.niche("fitness").templates
    ]

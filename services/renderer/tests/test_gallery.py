"""The deck lint over the gallery's matrix: every design x every language x every image source renders
lint-clean (no cut word, no missing glyph, nothing in TikTok's covered zones, the hook the largest text)
within the size budget of a slide."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from renderer import catalog, copy, gallery

SHOTS = gallery.sample_files("screenshots")
PHOTOS = gallery.sample_files("photos")
LIMIT = {"brand": 1_000_000, "screenshots": 1_000_000, "photos": 2_500_000}


def test_samples_are_bundled() -> None:
    assert len(SHOTS) >= 3 and len(PHOTOS) >= 4  # the demo app's photos (outdoor), shown six times


# The suite's longest test, kept inside `make test`'s time: the files themselves (size, format) are
# checked in one language of each kind of script (encoding is a third of a deck's time), and photos
# decks (the dearest, their words set by the same fitting as the others, moved to the photo's calm
# part) in those and the gallery's languages; brand and screenshots decks are linted in every language.
ENCODED = {"en", "ja", "ar", "hi", "th"}
PHOTO_LANGUAGES = ENCODED | {"de"}


@pytest.mark.parametrize("lang", copy.languages())
@pytest.mark.parametrize("design", [d.key for d in catalog.DESIGNS])
def test_gallery_decks_are_lint_clean(design: str, lang: str) -> None:
    sources = ["brand", "screenshots", "photos"] if lang in PHOTO_LANGUAGES else ["brand", "screenshots"]
    decks = gallery.plan([design], [lang], ["fitness"], [], sources)
    assert len(decks) == len(sources)
    for deck in decks:
        pngs, violations, _, written = gallery.render(deck, SHOTS, PHOTOS, encode=lang in ENCODED)
        assert not violations, (deck.name, [str(v) for v in violations])
        assert written.language == lang and len(pngs) == (6 if lang in ENCODED else 0)
        for png in pngs:
            assert len(png) < LIMIT[deck.source], (deck.name, len(png))
            with Image.open(io.BytesIO(png)) as im:
                assert im.format == "PNG" and im.size == (1080, 1920)

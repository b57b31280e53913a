"""The data a deck is made of, shared by copywriting (copy.py), drawing (art/) and the service.

Plain dataclasses, no I/O: the service fills AppInfo from the catalog, copy.write_deck()
turns it into DeckCopy, art.render_deck() turns DeckCopy + DeckStyle into six PNGs.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class AppInfo:
    name: str
    niche: str
    language: str = "en"
    tagline: str = ""
    target_audience: str = ""
    description: str = ""
    value_props: tuple[str, ...] = ()
    pain_points: tuple[str, ...] = ()
    differentiators: tuple[str, ...] = ()
    ios_url: str = ""
    android_url: str = ""
    website_url: str = ""
    brand_primary_color: str = ""
    brand_secondary_color: str = ""
    brand_accent_color: str = ""


@dataclass(frozen=True)
class SlideCopy:
    role: str  # HOOK, PROBLEM, POINT, PROOF, SOLUTION, CTA, ...
    layout_type: str  # e.g. "headline", "split", "list", "quote", "cta"
    title: str
    subtitle: str = ""
    label: str = ""
    duration: float = 3.0
    # Its words name what the app does about the slide's problem (a mistake with its fix under it):
    # where the deck shows the app's screens, this slide shows one.
    shows_app: bool = False
    # Which of the app's features (value props, then differentiators, in the app's order) its words
    # name, -1 for none: where the deck shows the app's screens, which come in the order of its
    # features, this slide shows that feature's screen.
    feature: int = -1


@dataclass(frozen=True)
class DeckCopy:
    language: str  # the language actually written (falls back to "en")
    requested_language: str
    slides: tuple[SlideCopy, ...]  # exactly 6
    caption: str  # <= 2200 chars
    hashtags: tuple[str, ...]  # <= 5, each starting with "#"
    ctas: tuple[str, ...]  # >= 1


@dataclass(frozen=True)
class DeckStyle:
    design: str  # classic | inspo | editorial-split | brand-studio
    niche: str
    language: str
    primary: str  # "#RRGGBB"
    secondary: str
    accent: str
    app_name: str
    image_source: str = "brand"  # brand | screenshots | photos
    # Decodable image files (PNG/JPEG/WebP): the screen slides of a `screenshots` deck show them, the
    # discovery slide of every other deck too (the app, shown).
    screenshots: tuple[bytes, ...] = field(default=())
    photos: tuple[bytes, ...] = field(default=())
    seed: int = 0  # deterministic variation per deck


LABEL_COLONS = {"ja": "：", "zh-Hans": "：", "zh-Hant": "：", "fr": " : "}  # a label's colon, by typography


def with_label(label: str, line: str, language: str) -> str:
    """ "Myth: you need a gym": a label joined to its line with the language's colon."""
    return f"{label}{LABEL_COLONS.get(language, ': ')}{line}"

"""`python -m renderer.gallery OUTDIR [options]`: renders decks of the demo app for every design x language
x image source (by default), writes one contact sheet PNG per deck, an index.html to browse them and the
deck lint's report (lint.json); prints CPU time and size per deck. Exit status 1 when the lint finds
anything.

Options (comma-separated lists): --designs, --languages, --niches, --formats, --sources.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
import time
import zlib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

from renderer import art, catalog, copy
from renderer.art import fonts, lint
from renderer.deck import AppInfo, DeckCopy, DeckStyle

SAMPLES = Path(__file__).resolve().parent / "samples"
DEMO_PHOTOS = "outdoor_"  # the photos demo app's own pictures among the samples
SAMPLE_HOOK_CATEGORY = "problem"  # the kind of the sample apps' hooks in samples/app.json

APP = AppInfo(
    name="FitPro",
    niche="fitness",
    ios_url="https://apps.apple.com/app/fitpro/id123456",
    brand_primary_color="#FF4D2E",
    brand_secondary_color="#1A1A2E",
    brand_accent_color="#FFD23F",
)


# The photos demo: an app whose own photos these are (a hiking and weekend-trip app with trail
# pictures); FitPro's photos would be workouts, and no open-licensed ones ship in a package.
PHOTO_APP = AppInfo(
    name="TrailMate",
    niche="travel",
    ios_url="https://apps.apple.com/app/trailmate/id654321",
    brand_primary_color="#2F9E6E",
    brand_secondary_color="#0E2A22",
    brand_accent_color="#F4C542",
)
PHOTO_NICHE = PHOTO_APP.niche


def localized_app(language: str, niche: str) -> tuple[AppInfo, str]:
    """The demo app as a customer writing in `language` fills it in (samples/app.json; the photos
    demo's samples/travel_app.json), and its hook as the hooks service would pick it."""
    base, name = (PHOTO_APP, "travel_app.json") if niche == PHOTO_NICHE else (APP, "app.json")
    fields = json.loads((SAMPLES / name).read_text(encoding="utf-8"))[language]
    app = replace(
        base,
        niche=niche,
        language=language,
        tagline=fields["tagline"],
        target_audience=fields["target_audience"],
        value_props=tuple(fields["value_props"]),
        pain_points=tuple(fields["pain_points"]),
        differentiators=tuple(fields["differentiators"]),
    )
    return app, fields["hook"]


@dataclass(frozen=True)
class Deck:
    design: str
    language: str
    source: str
    niche: str
    format: str

    @property
    def name(self) -> str:
        return f"{self.design}_{self.language}_{self.source}_{self.niche}_{self.format}"


def sample_files(kind: str, language: str = "en") -> tuple[bytes, ...]:
    """The bundled samples of a kind. Screenshots are the demo app's screens as it ships them in
    `language` (samples/screenshots/<lang>/, drawn by samples/make_screenshots.py), the English ones
    (samples/screenshots/*.png) for English and for a language without its own; "trail_screenshots"
    the photos demo app's (samples/make_trail_screenshots.py), in the same way."""
    screens = kind.endswith("screenshots")
    lang = (copy.resolve_language(language) or "en") if screens else "en"
    return _sample_files(kind, lang)


@cache
def _sample_files(kind: str, language: str) -> tuple[bytes, ...]:
    folder = SAMPLES / kind
    screens = kind.endswith("screenshots")
    if screens and language != "en" and any((folder / language).glob("*.png")):
        folder = folder / language
    pattern = ("*.png",) if screens else ("*.jpg", "*.jpeg", "*.png")
    files = sorted(p for pat in pattern for p in folder.glob(pat))
    if kind == "photos":
        # What the photos demo app (TrailMate, hiking and weekend trips) uploads: its trail pictures, the
        # largest first. The other samples (food, dogs, a portrait) serve the tests of other apps.
        files = sorted((p for p in files if p.name.startswith(DEMO_PHOTOS)), key=lambda p: -_pixels(p))
    return tuple(p.read_bytes() for p in files)


def _pixels(path: Path) -> int:
    with Image.open(path) as im:
        return im.width * im.height


def plan(
    designs: list[str],
    languages: list[str],
    niches: list[str],
    formats: list[str],
    sources: list[str],
    photo_niche: str = "",
) -> list[Deck]:
    """Every combination; when formats is empty each deck takes one of its niche's formats, picked by a
    stable checksum of its name, so a run over many decks covers them all. `photo_niche`: the niche
    of the photos decks instead (the photos demo app's)."""
    out: list[Deck] = []
    for wanted in niches:
        for design in designs:
            for lang in languages:
                for source in sources:
                    niche = photo_niche if source == "photos" and photo_niche else wanted
                    offered = [f.key for f in catalog.formats_for(niche)]
                    pick = offered[zlib.crc32(f"{design}/{lang}/{source}".encode()) % len(offered)]
                    fmts = [f for f in formats if f in offered] if formats else [pick]
                    out.extend(Deck(design, lang, source, niche, f) for f in fmts)
    return out


def render(
    deck: Deck, shots: tuple[bytes, ...] | None = None, photos: tuple[bytes, ...] = (), encode: bool = True
) -> tuple[list[bytes], list[lint.Violation], float, DeckCopy]:
    """One deck; `shots` None: the demo app's screenshots in the deck's language; without `encode`, its
    layout and lint only (no PNGs)."""
    tpl = catalog.template(deck.niche, deck.format)
    assert tpl is not None, deck
    lang = copy.resolve_language(deck.language)
    assert lang is not None, deck.language
    if shots is None:  # the demo app's screens (the photos demo app's own)
        shots = sample_files("trail_screenshots" if deck.niche == PHOTO_NICHE else "screenshots", lang)
    app, hook = localized_app(lang, deck.niche)
    if not copy.fits_format(hook, deck.format, SAMPLE_HOOK_CATEGORY):  # as the generate use case does
        hook = copy.builtin_hook(lang, deck.format, deck.niche, app.name, 7)[1]
    written = copy.write_deck(app, tpl, hook, lang, {}, seed=7)
    style = DeckStyle(
        design=deck.design,
        niche=deck.niche,
        language=written.language,
        primary=app.brand_primary_color,
        secondary=app.brand_secondary_color,
        accent=app.brand_accent_color,
        app_name=app.name,
        image_source=deck.source,
        screenshots=shots,  # every deck shows the app on its discovery slide
        photos=photos if deck.source == "photos" else (),
        seed=zlib.crc32(f"{deck.language}/{deck.source}/{deck.format}".encode())
        % 10_000,  # decks vary, as in use
    )
    t0 = time.process_time()
    pngs, records = art.render_with_layout(written, style, encode)
    cpu = time.process_time() - t0
    return pngs, lint.check(records), cpu, written


def contact_sheet(pngs: list[bytes], title: str) -> Image.Image:
    """Six slides side by side at 270x480 with the deck's name above."""
    import io

    w, h, gap, head = 270, 480, 12, 44
    sheet = Image.new("RGB", (6 * w + 7 * gap, h + head + gap), (24, 24, 28))
    d = ImageDraw.Draw(sheet)
    d.text((gap, 10), title, font=fonts.font("tiktok_bold", 24), fill=(235, 235, 240))
    for i, png in enumerate(pngs):
        with Image.open(io.BytesIO(png)) as im:
            sheet.paste(
                im.convert("RGB").resize((w, h), Image.Resampling.LANCZOS), (gap + i * (w + gap), head)
            )
    return sheet


def main(argv: list[str]) -> int:
    all_designs = [d.key for d in catalog.DESIGNS]
    p = argparse.ArgumentParser(prog="python -m renderer.gallery")
    p.add_argument("outdir", nargs="?", default="out/gallery")
    p.add_argument("--designs", default=",".join(all_designs))
    p.add_argument("--languages", default=",".join(copy.languages()))
    p.add_argument("--niches", default="fitness")
    p.add_argument("--formats", default="")
    p.add_argument("--sources", default="brand,screenshots,photos")
    p.add_argument("--photo-niche", default=PHOTO_NICHE, help="the photos decks' niche ('' for --niches)")
    p.add_argument("--slides", action="store_true", help="also write each slide's PNG")
    args = p.parse_args(argv[1:])
    split = lambda v: [x for x in v.split(",") if x]  # noqa: E731
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    shots, photos = sample_files("screenshots"), sample_files("photos")
    sources = [s for s in split(args.sources) if s == "brand" or (shots if s == "screenshots" else photos)]
    decks = plan(
        split(args.designs),
        split(args.languages),
        split(args.niches),
        split(args.formats),
        sources,
        args.photo_niche,
    )
    report: dict[str, object] = {}
    rows = []
    bad = 0
    for deck in decks:
        pngs, violations, cpu, written = render(deck, None, photos)  # screenshots in the deck's language
        contact_sheet(pngs, f"{deck.name}  ({written.language})").save(
            outdir / f"{deck.name}.png", optimize=False
        )
        if args.slides:
            for i, png in enumerate(pngs):
                (outdir / f"{deck.name}_{i + 1}.png").write_bytes(png)
        size = sum(len(x) for x in pngs)
        bad += len(violations)
        report[deck.name] = [v.as_dict() for v in violations]
        flag = f"  LINT {len(violations)}" if violations else ""
        print(
            f"{deck.name:60s} cpu {cpu:5.2f}s  {size / 1e6:5.2f} MB  max {max(len(x) for x in pngs) / 1e6:4.2f} MB{flag}"
        )
        for v in violations:
            print(f"    {v}")
        rows.append((deck, written))
    (outdir / "lint.json").write_text(json.dumps(report, ensure_ascii=False, indent=1))
    page = "".join(
        f'<figure><figcaption>{html.escape(d.name)}</figcaption><img src="{html.escape(d.name)}.png" width="100%" '
        f'alt="{html.escape(d.name)}"><pre>{html.escape(w.caption)}\n{html.escape(" ".join(w.hashtags))}</pre></figure>'
        for d, w in rows
    )
    (outdir / "index.html").write_text(
        f"<!doctype html><meta charset=utf-8><title>Gallery</title><body style='background:#111;color:#eee;font-family:sans-serif'>{page}</body>",
        encoding="utf-8",
    )
    print(f"wrote {len(rows)} decks to {outdir}; lint: {bad} violation(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

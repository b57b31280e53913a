"""`python -m renderer.gallery OUTDIR`: renders one deck per design, language and image source into
OUTDIR (PNG files plus an index.html contact sheet), and prints render time and size per deck."""

from __future__ import annotations

import html
import io
import sys
import time
from pathlib import Path

from PIL import Image, ImageDraw

from renderer import art, catalog
from renderer.copy import write_deck
from renderer.deck import AppInfo, DeckStyle

HOOKS = {
    "en": "I stopped paying for a gym and got stronger",
    "de": "Warum deine Trainingsplan-Motivationsstrategie nach zwei Wochen scheitert",
    "ja": "ジムに行かずに、1日10分で体が変わった話",
    "ar": "توقفت عن دفع اشتراك النادي وأصبحت أقوى",
    "es": "Dejé de pagar el gimnasio y esto pasó",
}

APP = AppInfo(
    name="FitPro",
    niche="fitness",
    tagline="Workouts that fit your day",
    target_audience="busy professionals",
    value_props=(
        "10-minute workouts you can do anywhere",
        "An AI coach that adapts every week",
        "Progress photos and stats in one place",
    ),
    pain_points=("No time for the gym after work", "Workout plans that are way too hard"),
    differentiators=("No equipment needed, ever",),
    ios_url="https://apps.apple.com/app/fitpro/id123456",
    brand_primary_color="#FF4D2E",
    brand_secondary_color="#1A1A2E",
    brand_accent_color="#FFD23F",
)


def demo_screenshot(seed: int, size: tuple[int, int] = (1170, 2532)) -> bytes:
    """A fake app screen (cards, a chart, a tab bar) so the screenshots source can be shown offline."""
    img = Image.new("RGB", size, (245, 246, 250))
    d = ImageDraw.Draw(img)
    w, h = size
    d.rectangle((0, 0, w, int(h * 0.22)), fill=(255, 77, 46) if seed % 2 == 0 else (79, 70, 229))
    for i in range(4):
        y = int(h * (0.26 + i * 0.15))
        d.rounded_rectangle((60, y, w - 60, y + int(h * 0.12)), radius=40, fill=(255, 255, 255))
        d.rounded_rectangle(
            (100, y + 40, 100 + int(w * (0.3 + 0.1 * ((i + seed) % 4))), y + 90), radius=20, fill=(26, 26, 46)
        )
        d.ellipse((w - 240, y + 40, w - 110, y + 170), fill=(255, 210, 63))
    d.rectangle((0, h - 220, w, h), fill=(255, 255, 255))
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def decks() -> list[tuple[str, str, str, str]]:
    """(design, language, image source, template) combinations of the gallery."""
    fmts = ["problem_solution", "listicle", "myth_vs_fact", "before_after"]
    out = []
    for i, d in enumerate(catalog.DESIGNS):
        for j, lang in enumerate(("en", "de", "ja", "ar")):
            out.append((d.key, lang, "brand", fmts[(i + j) % len(fmts)]))
        out.append((d.key, "en", "screenshots", fmts[i % len(fmts)]))
        out.append((d.key, "es", "screenshots", "day_in_the_life"))
    return out


def render_one(outdir: Path, design: str, lang: str, source: str, tkey: str) -> tuple[str, float, int]:
    tpl = catalog.template("fitness", tkey)
    assert tpl is not None
    copy = write_deck(APP, tpl, HOOKS.get(lang, HOOKS["en"]), lang, {}, seed=7)
    shots = (demo_screenshot(0), demo_screenshot(1, (1080, 1920))) if source == "screenshots" else ()
    style = DeckStyle(
        design=design,
        niche=APP.niche,
        language=lang,
        primary=APP.brand_primary_color,
        secondary=APP.brand_secondary_color,
        accent=APP.brand_accent_color,
        app_name=APP.name,
        image_source=source,
        screenshots=shots,
        seed=7,
    )
    t0 = time.process_time()
    pngs = art.render_deck(copy, style)
    cpu = time.process_time() - t0
    name = f"{design}_{lang}_{source}"
    for i, png in enumerate(pngs):
        (outdir / f"{name}_{i + 1}.png").write_bytes(png)
    return name, cpu, sum(len(p) for p in pngs)


def main(argv: list[str]) -> int:
    outdir = Path(argv[1] if len(argv) > 1 else "out/gallery")
    outdir.mkdir(parents=True, exist_ok=True)
    rows = []
    for design, lang, source, tkey in decks():
        name, cpu, size = render_one(outdir, design, lang, source, tkey)
        print(f"{name:34s} {tkey:18s} cpu {cpu:5.2f}s  {size / 1e6:5.1f} MB")
        rows.append(name)
    page = "".join(
        f"<h3>{html.escape(n)}</h3><div>"
        + "".join(f'<img src="{html.escape(n)}_{i}.png" width="216">' for i in range(1, 7))
        + "</div>"
        for n in rows
    )
    (outdir / "index.html").write_text(f"<!doctype html><meta charset=utf-8><body>{page}</body>")
    print(f"wrote {len(rows)} decks to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

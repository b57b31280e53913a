"""A problem slide with no picture, as people post one: the words typed on a note (a phone's notes
page, as a screenshot) over the backdrop, not floating on an empty wall.

The note has no words of its own (its header is drawn: a back chevron and three dots), so it reads the
same in every language; each design brings its own paper and inks (`Paper`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from renderer.art import text
from renderer.art.paint import RGB, H

# The note: centered on the part of the slide the like/comment rail leaves free (as the phones are),
# the words inside PAD_X and PAD_Y of its edges, under a HEADER of icons.
CARD_X0, CARD_X1 = 60, 960
PAD_X, PAD_Y, HEADER = 60, 64, 88
RADIUS = 44
SHADOW = 40  # how far its soft shadow reaches
BAND = (round(H * 0.28), round(H * 0.72))  # the rows the note's words may take (the middle band)
_SS = 2  # the card is drawn at twice the size and reduced: PIL draws rounded corners without antialiasing


@dataclass(frozen=True)
class Paper:
    paper: RGB
    ink: RGB  # the title
    sub: RGB  # the subtitle
    mark: RGB  # the header's icons and a list's number


def words_area() -> text.Box:
    """Where the note's words are fitted (they decide the note's height)."""
    return (CARD_X0 + PAD_X, BAND[0] + HEADER, CARD_X1 - PAD_X, BAND[1])


def draw(img: Image.Image, top: float, bottom: float, paper: Paper, rtl: bool) -> text.Box:
    """The note behind words spanning rows top..bottom: a rounded card with a soft shadow and its
    header of icons (the chevron on the reading side). Returns the card's box."""
    box = (CARD_X0, round(top) - PAD_Y - HEADER, CARD_X1, round(bottom) + PAD_Y)
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    _shadow(img, box)
    mask = Image.new("L", (w * _SS, h * _SS), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w * _SS - 1, h * _SS - 1), RADIUS * _SS, fill=255)
    img.paste(paper.paper, (x0, y0), mask.resize((w, h), Image.Resampling.BOX))
    _header(img, box, paper.mark, rtl)
    return box


def _shadow(img: Image.Image, box: text.Box) -> None:
    x0, y0, x1, y1 = box
    q = 4
    w, h = (x1 - x0 + 2 * SHADOW) // q, (y1 - y0 + 2 * SHADOW) // q
    small = Image.new("L", (w, h), 0)
    ImageDraw.Draw(small).rounded_rectangle(
        (SHADOW // q, SHADOW // q + 3, w - SHADOW // q, h - SHADOW // q + 3), RADIUS // q, fill=110
    )
    alpha = small.filter(ImageFilter.GaussianBlur(SHADOW / q / 2.5)).resize(
        (w * q, h * q), Image.Resampling.BILINEAR
    )
    img.paste((0, 0, 0), (x0 - SHADOW, y0 - SHADOW), alpha)


def _header(img: Image.Image, box: text.Box, color: RGB, rtl: bool) -> None:
    """A back chevron on the reading side, three dots on the other: drawn at 2x for smooth strokes."""
    x0, y0, x1, _ = box
    w, h = x1 - x0, HEADER + PAD_Y // 2
    layer = Image.new("L", (w * _SS, h * _SS), 0)
    d = ImageDraw.Draw(layer)
    cy = (PAD_Y // 2 + HEADER // 2) * _SS
    arm, stroke = 20 * _SS, 7 * _SS
    near, far = PAD_X * _SS, (w - PAD_X) * _SS
    tip, back = (near, near + arm) if not rtl else (far, far - arm)
    d.line([(back, cy - arm), (tip, cy), (back, cy + arm)], fill=255, width=stroke, joint="curve")
    for end in ((back, cy - arm), (tip, cy), (back, cy + arm)):
        d.ellipse(
            (end[0] - stroke / 2, end[1] - stroke / 2, end[0] + stroke / 2, end[1] + stroke / 2), fill=255
        )
    r, step = 6 * _SS, 22 * _SS
    first = far - 2 * step if not rtl else near
    for i in range(3):
        cx = first + i * step
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    img.paste(color, (x0, y0), layer.resize((w, h), Image.Resampling.BOX))

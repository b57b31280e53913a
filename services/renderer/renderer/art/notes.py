"""A problem slide with no picture, as people post one: the words on a note card over the backdrop,
not floating on an empty wall. Nothing on the note but the words (app chrome drawn on it, a back
arrow or a menu, reads as a fake screenshot); each design brings its own paper and inks (`Paper`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from renderer.art import text
from renderer.art.paint import RGB, H

# The note: centered on the part of the slide the like/comment rail leaves free (as the phones are),
# clear of the rail (at 960 its edge ran 1 % into it), the words inside PAD_X and PAD_Y of its edges.
CARD_X0, CARD_X1 = 80, 900
PAD_X, PAD_Y = 60, 64
RADIUS = 44
SHADOW = 40  # how far its soft shadow reaches
BAND = (round(H * 0.28), round(H * 0.72))  # the rows the note's words may take (the middle band)
_SS = 2  # the card is drawn at twice the size and reduced: PIL draws rounded corners without antialiasing


@dataclass(frozen=True)
class Paper:
    paper: RGB
    ink: RGB  # the title
    sub: RGB  # the subtitle
    mark: RGB  # a list's number


def words_area() -> text.Box:
    """Where the note's words are fitted (they decide the note's height)."""
    return (CARD_X0 + PAD_X, BAND[0], CARD_X1 - PAD_X, BAND[1])


def draw(img: Image.Image, top: float, bottom: float, paper: Paper) -> text.Box:
    """The note behind words spanning rows top..bottom: a rounded card with a soft shadow. Returns the
    card's box."""
    box = (CARD_X0, round(top) - PAD_Y, CARD_X1, round(bottom) + PAD_Y)
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    _shadow(img, box)
    mask = Image.new("L", (w * _SS, h * _SS), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w * _SS - 1, h * _SS - 1), RADIUS * _SS, fill=255)
    img.paste(paper.paper, (x0, y0), mask.resize((w, h), Image.Resampling.BOX))
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

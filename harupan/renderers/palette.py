"""The colours every drawing shares (print sheets, tile and card art, rule-page figures), once."""

from __future__ import annotations

INK = "#1A1A1A"  # text and strong lines
MUTED = "#5F5A50"  # a sheet's secondary text
RULE = "#B9B1A0"  # a sheet's rules and empty boxes
ACCENT = "#B03A2E"  # the site's red: titles of note, the answer key's step numbers
PAPER = "#FBF8F1"  # the board's and the hand's background

IVORY = "#FAF6EA"  # a tile's or card's face
EDGE = "#CDBF9E"  # its thickness, lower right
OUTLINE = "#6F6552"

FIGURE_MUTED = "#6B6558"  # a rule-page figure's labels
FIGURE_PATH = "#D1495B"  # what a figure points at: the path, the pair, the break
FIGURE_PAPER = "#FFFFFF"


def text_colour_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lum = 0.2126 * r ** 2.2 + 0.7152 * g ** 2.2 + 0.0722 * b ** 2.2
    return INK if lum > 0.3 else "#FFFFFF"

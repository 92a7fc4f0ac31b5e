"""A subset of the sans font as WOFF, holding just the characters a set of pages uses, so pages
show Korean from a local file: no font from elsewhere, a few hundred kilobytes at most."""

from __future__ import annotations

import io

from .fonts import font_path


def subset_woff(text: str, role: str = "sans") -> bytes:
    from fontTools import subset  # 90 ms to import (bench/startup.py): only a run that makes the subset
    from fontTools.ttLib import TTFont

    chars = sorted({c for c in text if not c.isspace()} | set("0123456789 .,:;!?()[]-–·%+×/"))
    options = subset.Options()
    options.flavor = "woff"  # zlib, needs nothing beyond fontTools
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    # The full font's bounding box is kept (a little larger than the subset needs, harmless):
    # recomputing it walked every outline and took a third of the time.
    font = TTFont(str(font_path(role)), recalcTimestamp=False, recalcBBoxes=False)
    sub = subset.Subsetter(options)
    sub.populate(text="".join(chars))
    sub.subset(font)
    # fixed timestamps so the same text gives the same bytes
    font["head"].created = font["head"].modified = 0
    out = io.BytesIO()
    font.flavor = "woff"
    font.save(out, reorderTables=True)
    return out.getvalue()

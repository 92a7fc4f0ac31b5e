"""Every character harupan draws has a glyph in the bundled fonts: each registered game's art, its
fixed strings, and its print pages of an archived day, in both roles (sans, serif)."""

import json
from pathlib import Path

import pytest

from harupan.generator.daily import DayBundle
from harupan.renderers.fonts import ROLES, missing_glyphs
from harupan.renderers.games import print_set, views
from harupan.renderers.model import Text, expand
from harupan.renderers.sheets import frame_text

DAY = Path(__file__).resolve().parent / "golden" / "day" / "2026-12-01-quick-three-games.json"


def drawn(items) -> dict[str, str]:
    """Every character the primitives draw, by the font role that draws it."""
    out: dict[str, str] = {}
    for p in expand(items):
        if isinstance(p, Text):
            out[p.font] = out.get(p.font, "") + p.text
    return out


@pytest.mark.parametrize("view", views(), ids=lambda v: v.name)
def test_the_fonts_have_every_glyph_a_game_draws(view):
    by_role: dict[str, str] = {"sans": view.vocabulary() + frame_text()}
    for art in view.art().values():
        for role, text in drawn(art.items).items():
            by_role[role] = by_role.get(role, "") + text
    bundle = DayBundle.from_json(json.loads(DAY.read_bytes()))
    if view.name in bundle.parts:
        for paper in ("a4", "letter"):
            for _, page in print_set(bundle.date, {view.name: bundle.parts[view.name]}, paper, True):
                for role, text in drawn(page.items).items():
                    by_role[role] = by_role.get(role, "") + text
    assert by_role["sans"]
    for role, text in by_role.items():
        assert role in ROLES and missing_glyphs(text, role) == [], (view.name, role)

"""Issue 15: a game is found through the registry. A toy game, defined here and registered only
for these tests, goes into a whole day (its bundle, its image, its print page, its section of the
day page and its browser module) without a line changed anywhere else in harupan."""

import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from harupan.engine.errors import CheckFailed, InputError
from harupan.engine.rng import Rng
from harupan.generator import games
from harupan.generator.daily import DayBundle, bundle_json, day_bundle, verify_bundle
from harupan.publish import site as publish
from harupan.publish.config import load_config
from harupan.renderers import games as views
from harupan.renderers.model import Drawing, RoundRect, Text

from conftest import registered

TOY = Path(__file__).resolve().parent / "data" / "toy"  # the toy's template and browser module
DATE = dt.date(2026, 12, 1)
EASY = games.Settings({"shisen": {"difficulties": ("easy",)}}, light=True)  # one quick level, no par
# The tests that make a day take `remembered_layouts`: the toy game is their subject, not the
# Shisen-sho dealing (each layout is dealt once a test run, tests/shared_layouts.py).


# ---- the rules side: what generator/games/<name>.py would hold

@dataclass(frozen=True)
class CoinPart:
    number: int  # 1..6, from the date


def coin(date: dt.date) -> int:
    return 1 + Rng(f"harupan:toy:{date.isoformat()}").below(6)


class Toy:
    name = "toy"
    script = "toy.js"
    script_folder = str(TOY)  # a game kept outside the package brings its own module
    piece_kinds = ("toy",)
    part_type = CoinPart
    options = ()
    file_format = None  # no file of its own for `harupan render`

    def read_file(self, text, data, source):
        raise InputError(f"{source}: the toy has no files")

    def pieces(self, date, settings):
        return [("toy", date.isoformat())]

    def piece_cost(self, piece):
        return 0.0

    def make_piece(self, piece):
        return {"number": coin(dt.date.fromisoformat(piece[1]))}

    def slow_pieces(self, date, settings):
        return []

    def kept_fault(self, piece, made):
        return "nothing is kept"

    def assemble(self, date, settings, made):
        return self.part_from_json(made[("toy", date.isoformat())], date)

    def verify(self, date, part):
        if part.number != coin(date):
            raise CheckFailed(f"{date} toy: the number is not the day's")

    def part_to_json(self, part):
        return {"number": part.number}

    def part_from_json(self, data, date):
        if not isinstance(data, dict) or not isinstance(data.get("number"), int):
            raise InputError(f"{date} toy: expected {{number: n}}")
        return CoinPart(data["number"])


# ---- the drawing side: what renderers/games/<name>.py would hold

def coin_drawing(bundle):
    n = bundle["toy"]["number"]
    return Drawing(200, 200, (RoundRect(20, 20, 160, 160, 80, fill="#E8C547"), Text(100, 100, str(n), 80, "#1A1A1A")),
                   background="#FFFFFF")


class ToyView:
    name = "toy"
    title = "윷놀이 수"
    files = ("toy.png",)
    page_image = None
    template = "day_toy.html"
    head_template = None
    rules = None
    template_folder = str(TOY)

    def lead(self, bundle, variant):
        return "펭귄이 고른 수"

    def file_pages(self, data, paper, easy, answers, share):
        raise AssertionError("the toy has no files")

    def variants(self, bundle):
        return []

    def render_file(self, name, bundle):
        from harupan.renderers.raster import png_bytes, render_image

        return png_bytes(render_image(coin_drawing(bundle)))

    def sheets(self, bundle, paper, easy):
        return [("윷", coin_drawing(bundle))], []

    def page_context(self, bundle):
        return {"toy_number": f"펭귄이 고른 수 {bundle['toy']['number']}"}

    def play_data(self, bundle):
        return {"number": bundle["toy"]["number"]}

    def art(self):
        return {}

    def labels(self, bundle):
        return {}

    def vocabulary(self):
        return "펭귄이 고른 수 0123456789"


@pytest.fixture
def toy_game():
    with registered(Toy(), ToyView()):
        yield


def test_the_built_in_games_come_through_the_registry():
    assert [g.name for g in games.games()] == ["shisen", "zodiac", "cards"]
    assert [v.name for v in views.views()] == [g.name for g in games.games()]  # every game has its drawing half
    assert [g.script for g in games.games()] == ["shisen.js", "zodiac.js", "cards.js"]
    keys = [o.key for g in games.games() for o in g.options]
    assert len(keys) == len(set(keys)) and {"difficulties", "par"} <= set(keys)


def shared_pages():
    """The home page, the archive's first page and a month's page, with the settings a site gets
    (the default tagline included)."""
    from harupan.renderers import site as pages

    cfg = load_config()
    site = {"title": cfg.title, "tagline": cfg.tagline, "base_url": cfg.base_url}
    return {"home": pages.home_page(None, site, None, []), "archive": pages.archive_index([DATE], site),
            "month": pages.archive_page(2026, 12, [1], site)}


@pytest.mark.parametrize("title, particle", [(None, "가"), ("윷놀이 수", "가"), ("윷놀이 판", "이")])
def test_the_shared_copy_names_every_registered_game(title, particle):
    """The home lead, the archive lead, every page's footer and its rule links name the games
    from the registry: a game registered later is named with no edit to site.yaml or a template,
    with the particle after the list fitting its last name (맞추기가, 수가, 판이)."""
    import contextlib

    view = type("TitledToyView", (ToyView,), {"title": title})() if title else None
    with registered(Toy(), view) if view else contextlib.nullcontext():
        names = "사천성, 십이지 머지" + (f", 사색패 손패 맞추기와 {title}" if title else "와 사색패 손패 맞추기")
        pages = shared_pages()
        for name, html in pages.items():
            footer = html[html.index('<footer class="site">'):]
            assert f"하루 판 · 매일 새로 열리는 {names} · " in footer, name
            header = html[html.index('<header class="site">'):html.index("</header>")]
            for v in views.views():
                if v.rules:
                    # the link's name says it is the rules (the "규칙" before the list is not read out)
                    assert f'{v.rules[0]}">{v.rules[1]}<span class="vh"> 규칙</span></a>' in header, (name, v.name)
        assert f'<p class="lead">매일 새로 열리는 {names}. ' in pages["home"]
        for name in ("archive", "month"):
            assert f"그날의 {names}{particle} 열립니다" in pages[name]
    assert {v.name for v in views.views() if v.rules} == {"shisen", "zodiac", "cards"}


def test_an_empty_tagline_stays_empty(tmp_path):
    """Left out, the tagline names every game; written as '', the pages have none (as before the
    default named the games)."""
    yaml_file = tmp_path / "site.yaml"
    yaml_file.write_text('base_url: https://harupan.example\ntagline: ""\n', encoding="utf-8")
    assert load_config(yaml_file, env={}).tagline == ""
    yaml_file.write_text("base_url: https://harupan.example\n", encoding="utf-8")
    assert load_config(yaml_file, env={}).tagline.startswith("매일 새로 열리는 사천성")


def test_a_name_is_registered_once(toy_game):
    with pytest.raises(InputError, match="registered already"):
        games.register(Toy())
    with pytest.raises(InputError, match="registered already"):
        views.register_view(ToyView())


def test_a_toy_game_goes_into_the_days_bundle(toy_game, remembered_layouts):
    bundle = day_bundle(DATE, EASY)
    assert list(bundle.parts) == [g.name for g in games.games()][:-1] + ["toy"]  # page order: registration order
    assert bundle.part("toy") == CoinPart(coin(DATE))
    data = bundle_json(bundle)
    assert json.loads(data)["toy"] == {"number": coin(DATE)}
    assert bundle_json(DayBundle.from_json(json.loads(data))) == data
    verify_bundle(bundle)
    wrong = DayBundle(bundle.date, bundle.weekday, bundle.generator, {**bundle.parts, "toy": CoinPart(7)})
    with pytest.raises(CheckFailed, match="toy: the number is not the day's"):
        verify_bundle(wrong)


def test_a_day_with_the_toy_game_is_published_whole(toy_game, tmp_path, monkeypatch, remembered_layouts):
    """Its part in puzzle.json, its image in the day folder, its page in the print set, its
    section on the day page, its module in harupan.js: all from the registry."""
    monkeypatch.setenv("HARUPAN_PAR", "quick")
    monkeypatch.setenv("HARUPAN_DIFFICULTIES", "normal")
    site = tmp_path / "site"
    assert publish.build(site, [DATE], load_config(), jobs=1) == {"written": 1, "unchanged": 0, "skipped": 0}
    day = site / "2026" / "12" / "01"
    assert json.loads((day / "puzzle.json").read_bytes())["toy"] == {"number": coin(DATE)}
    assert (day / "toy.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    page = (day / "index.html").read_text(encoding="utf-8")
    assert f'<p class="facts" id="toy-number">펭귄이 고른 수 {coin(DATE)}</p>' in page
    sections = [page.index(f'id="{g.name}-h"') for g in games.games()]
    assert sections == sorted(sections) and sections[-1] == page.index('id="toy-h"')
    assert f'"toy":{{"number":{coin(DATE)}}}' in page  # the data the browser module gets
    pdf = (day / "sheet-a4.pdf").read_bytes()
    titles = [t for t, _ in views.print_set(json.loads((day / "puzzle.json").read_bytes()), "a4")]
    assert "윷" in titles and len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == len(titles)
    script = (site / "static" / "js" / "harupan.js").read_text(encoding="utf-8")
    assert "// ---- toy.js\n" in script and "function toyNumber(day)" in script
    assert script.index("// ---- shisen.js") < script.index("// ---- toy.js") < script.index("// ---- stats.js")
    assert 'import { Rng } from "./rng.js";' not in script
    from fontTools.ttLib import TTFont

    cmap = TTFont(site / "static" / "fonts" / "sans.woff").getBestCmap()
    assert ord("윷") in cmap and ord("펭") in cmap  # from its template and its own strings; no other page has them


def test_a_game_without_a_drawing_side_fails_the_run_and_publishes_nothing(tmp_path, monkeypatch, remembered_layouts):
    monkeypatch.setenv("HARUPAN_PAR", "quick")
    monkeypatch.setenv("HARUPAN_DIFFICULTIES", "normal")
    games.register(Toy())
    try:
        with pytest.raises(InputError, match="no view registered for the game 'toy'"):
            publish.build(tmp_path / "site", [DATE], load_config(), jobs=1)
    finally:
        games.unregister("toy")
    assert not (tmp_path / "site" / "2026").exists() and not (tmp_path / "site" / "index.html").exists()

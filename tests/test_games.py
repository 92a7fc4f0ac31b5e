"""A game is one name in each layer, found through the registry (issue 31). The toy game of
tests/toy_game (불 끄기), registered in this process or copied into a package of its own with its
name added to the catalog, goes into a whole day (its bundle, its image, its print page, its
section of the day page, its browser module and stylesheet, its rule page) and through every
command, with no line changed anywhere else in harupan."""

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import toy
from conftest import ROOT, SHARED_LAYOUTS_ENV, _SHARED_LAYOUTS, registered

from harupan.engine.catalog import GAMES, TOPICS
from harupan.engine.errors import CheckFailed, InputError
from harupan.generator import games
from harupan.generator.daily import DayBundle, bundle_json, day_bundle, verify_bundle
from harupan.publish import site as publish
from harupan.publish.config import load_config
from harupan.renderers import games as views
from harupan.renderers.ko import join_ko

DATE = dt.date(2026, 12, 1)
# one quick level of the first game, no slow extras: the toy is the subject, not the others' work
LIGHT = games.Settings(light=True)
# In a checkout where the toy has been added for real (its files in the package, its name in the
# catalog: how the brief's "a fourth game breaks no shared test" is measured) these tests, which
# add it themselves, have nothing to add.
pytestmark = pytest.mark.skipif(toy.NAME in GAMES, reason="the toy game is in the catalog already")
# The tests that make a day take `remembered_layouts`: the toy game is their subject, not the
# Shisen-sho dealing (each layout is dealt once a test run, tests/shared_layouts.py).


@pytest.fixture
def toy_game():
    game, view = toy.load()
    with registered(game, view):
        yield game, view


def test_the_built_in_games_come_through_the_registry():
    """The catalog's names, in its order; every game has its drawing half and keeps its settings
    to itself; the rule topics register their figures the same way."""
    assert [g.name for g in games.games()] == list(GAMES)
    assert [v.name for v in views.views()] == list(GAMES)  # every game has its drawing half
    assert [t.name for t in games.topics()] == [*GAMES, *TOPICS]
    keys = [o.key for g in games.games() for o in g.options]
    assert len(keys) == len(set(keys))
    kinds = [k.name for t in games.topics() for k in t.figures]
    assert len(kinds) == len(set(kinds)) and set(kinds) == set(views.figure_drawings())


def shared_pages():
    """The home page, the archive's first page and a month's page, with the settings a site gets
    (the default tagline included)."""
    from harupan.renderers import site as pages

    info = load_config().info
    return {"home": pages.home_page(None, None, info, None, []), "archive": pages.archive_index([DATE], info),
            "month": pages.archive_page(2026, 12, [1], info)}


@pytest.mark.parametrize("title, particle", [(None, None), ("윷놀이 수", "가"), ("윷놀이 판", "이")])
def test_the_shared_copy_names_every_registered_game(title, particle):
    """The home lead, the archive lead, every page's footer and its rule links name the games
    from the registry: a game registered later is named with no edit to site.yaml or a template,
    with the particle after the list fitting its last name (수가, 판이)."""
    import contextlib

    if title:
        game, view = toy.load()
        view = type("TitledView", (type(view),), {"title": title})()
    with registered(game, view) if title else contextlib.nullcontext():
        titles = [v.title for v in views.views()]
        names = join_ko(titles)
        if particle is None:  # the package's own games: whatever the last one's name takes
            from harupan.renderers.ko import particle as after

            particle = after(names, "이/가")[len(names):]
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
    assert [v.name for v in views.views()] == list(GAMES)  # the toy is gone again


def test_an_empty_tagline_stays_empty(tmp_path):
    """Left out, the tagline names every game; written as '', the pages have none (as before the
    default named the games)."""
    yaml_file = tmp_path / "site.yaml"
    yaml_file.write_text('base_url: https://harupan.example\ntagline: ""\n', encoding="utf-8")
    assert load_config(yaml_file, env={}).tagline == ""
    yaml_file.write_text("base_url: https://harupan.example\n", encoding="utf-8")
    assert load_config(yaml_file, env={}).tagline == f"매일 새로 열리는 {join_ko([v.title for v in views.views()])}"


def test_a_name_is_registered_once(toy_game):
    game, view = toy_game
    with pytest.raises(InputError, match="registered already"):
        games.register(game)
    with pytest.raises(InputError, match="registered already"):
        views.register_view(view)


def test_the_toy_implements_only_what_it_has(toy_game):
    """The base classes give every default: the toy writes its part, its check, its JSON form and
    its page, and no stub."""
    game, view = toy_game
    def methods(cls):
        return {name for name, value in vars(cls).items() if callable(value) and not isinstance(value, type)}

    assert methods(type(game)) == {"make", "verify", "part_to_json", "part_from_json"}
    assert methods(type(view)) == {
        "page_context", "panels", "play_data", "render_file", "sheets", "vocabulary"}
    assert game.pieces(DATE, LIGHT) == [games.Piece("lights", DATE)] and game.slow_pieces(DATE, LIGHT) == []


def test_a_toy_game_goes_into_the_days_bundle(toy_game, remembered_layouts):
    from harupan.engine.lights import LightsPart, day_part

    bundle = day_bundle(DATE, LIGHT)
    assert list(bundle.parts) == [*GAMES, "lights"]  # page order: registration order
    assert bundle.part("lights") == day_part(DATE)
    data = bundle_json(bundle)
    assert json.loads(data)["lights"] == {"lights": list(day_part(DATE).lights), "presses": list(day_part(DATE).presses)}
    assert bundle_json(DayBundle.from_json(json.loads(data))) == data
    verify_bundle(bundle)
    wrong = DayBundle(bundle.date, bundle.weekday, bundle.generator,
                      {**bundle.parts, "lights": LightsPart((1,) * 9, ())})
    with pytest.raises(CheckFailed, match="lights: the board or its presses are not the day's"):
        verify_bundle(wrong)


def test_a_day_with_the_toy_game_is_published_whole(toy_game, tmp_path, monkeypatch, remembered_layouts):
    """Its part in puzzle.json, its image in the day folder, its page in the print set, its
    section on the day page, its module in harupan.js and its rules in site.css: all from the
    registry."""
    from fontTools.ttLib import TTFont

    from harupan.engine.lights import day_part

    monkeypatch.setenv("HARUPAN_PAR", "quick")
    monkeypatch.setenv("HARUPAN_DIFFICULTIES", "normal")
    site = tmp_path / "site"
    assert publish.build(site, [DATE], load_config(), jobs=1) == {"written": 1, "unchanged": 0, "skipped": 0}
    day = site / "2026" / "12" / "01"
    part = day_part(DATE)
    assert json.loads((day / "puzzle.json").read_bytes())["lights"]["lights"] == list(part.lights)
    assert (day / "lights.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    page = (day / "index.html").read_text(encoding="utf-8")
    assert f'<p class="facts" id="lights-count">켜진 불 {sum(part.lights)}개</p>' in page
    sections = [page.index(f'id="{g.name}-h"') for g in games.games()]
    assert sections == sorted(sections) and sections[-1] == page.index('id="lights-h"')
    assert f'"lights":{{"lights":{json.dumps(list(part.lights), separators=(",", ":"))}}}' in page  # its play data
    assert '"presses"' not in page.split('id="harupan-day"')[1].split("</script>")[0]  # no answer in the play data
    pdf = (day / "sheet-a4.pdf").read_bytes()
    parts = DayBundle.from_json(json.loads((day / "puzzle.json").read_bytes())).parts
    titles = [t for t, _ in views.print_set(DATE, parts, "a4")]
    assert "불 끄기" in titles and len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == len(titles)
    script = (site / "static" / "js" / "harupan.js").read_text(encoding="utf-8")
    assert "// ---- lights.js\n" in script and "function lightsLit(day)" in script
    first = views.views()[0].script
    assert script.index(f"// ---- {first}") < script.index("// ---- lights.js") < script.index("// ---- stats.js")
    assert 'import { registerGame } from "./game.js";' not in script
    css = (site / "static" / "site.css").read_text(encoding="utf-8")
    assert css.rstrip().endswith(".lights-board > svg { width: 100%; height: auto; display: block; }")
    cmap = TTFont(site / "static" / "fonts" / "sans.woff").getBestCmap()
    assert ord("켜") in cmap and ord("끄") in cmap  # from its template and its own strings


def test_a_game_without_a_drawing_side_fails_the_run_and_publishes_nothing(tmp_path, monkeypatch, remembered_layouts):
    monkeypatch.setenv("HARUPAN_PAR", "quick")
    monkeypatch.setenv("HARUPAN_DIFFICULTIES", "normal")
    game, _ = toy.load()
    games.register(game)
    try:
        with pytest.raises(InputError, match="no view registered for the game 'lights'"):
            publish.build(tmp_path / "site", [DATE], load_config(), jobs=1)
    finally:
        games.unregister("lights")
    assert not (tmp_path / "site" / "2026").exists() and not (tmp_path / "site" / "index.html").exists()


# ------------------------------------------------------------------ the toy as a newcomer adds it

def harupan_in(code, *args, env=None, check=True):
    """``harupan ARGS`` with the package in ``code`` (tests/shared_layouts.py shares the dealt layouts)."""
    e = dict(os.environ, PYTHONPATH=f"{code}{os.pathsep}{ROOT / 'tests'}", HARUPAN_PAR="quick",
             HARUPAN_DIFFICULTIES="normal", HARUPAN_TODAY="2026-12-02", **{SHARED_LAYOUTS_ENV: str(_SHARED_LAYOUTS[0])},
             **(env or {}))
    r = subprocess.run([sys.executable, str(ROOT / "tests" / "shared_layouts.py"), *map(str, args)], cwd=code,
                       env=e, capture_output=True, text=True, timeout=600)
    if check:
        assert r.returncode == 0, f"harupan {' '.join(map(str, args))}: {r.stderr}"
    return r


@pytest.mark.slow
def test_the_toy_copied_into_the_package_goes_through_every_command(tmp_path, remembered_layouts):
    """The newcomer's change: the toy's files in their places and its name on the catalog's line,
    nothing else. Then the nightly run, a forced rebuild, the print set, the rule pages, the site
    check and an upgrade of a site the previous release published all take the fourth game."""
    code = toy.package_with_toy(tmp_path / "code")

    def tree(root):
        return {p.relative_to(root): p.read_bytes() for p in root.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".so", ".pyd")}

    mine, theirs = tree(ROOT / "harupan"), tree(code / "harupan")
    assert sorted(set(theirs) - set(mine)) == toy.files()  # the toy's own files, in its places
    assert not set(mine) - set(theirs)
    assert [p.as_posix() for p in mine if mine[p] != theirs[p]] == [toy.CATALOG]  # and the one line
    site = tmp_path / "site"
    harupan_in(code, "daily", "--date", "2026-12-01", "--site", site, "--jobs", 1)
    day = site / "2026" / "12" / "01"
    assert json.loads((day / "puzzle.json").read_text())["lights"]["lights"]
    assert (day / "lights.png").is_file() and 'data-game="lights"' in (day / "index.html").read_text(encoding="utf-8")
    assert (site / "rules" / "lights" / "index.html").is_file()
    assert 'href="../../../rules/lights/index.html"' in (day / "index.html").read_text(encoding="utf-8")
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file() and not p.name.startswith(".")}
    harupan_in(code, "site", "build", "--from", "2026-12-01", "--site", site, "--force", "--jobs", 1)
    after = {p: p.read_bytes() for p in site.rglob("*") if p.is_file() and not p.name.startswith(".")}
    assert [p for p in before if before[p] != after.get(p)] == []  # the rebuild changes no byte
    sheet, without = tmp_path / "set.pdf", tmp_path / "without.pdf"
    harupan_in(code, "sheet", "--date", "2026-12-01", "-o", sheet)
    harupan_in(ROOT, "sheet", "--date", "2026-12-01", "-o", without)
    pages = [len(re.findall(rb"/Type\s*/Page(?![a-z])", f.read_bytes())) for f in (sheet, without)]
    assert pages[0] == pages[1] + 1  # the toy's print page, in the print set
    harupan_in(code, "sheet", "--date", "2026-12-01", "--split", tmp_path / "split", "--width", "80")
    assert (tmp_path / "split" / "2026-12-01-lights.pdf").is_file()  # its panel, at a newspaper's width
    part = tmp_path / "part.json"  # `render` still finds each game's file with a fourth game registered
    for name, data in json.loads((day / "puzzle.json").read_text()).items():
        if isinstance(data, dict) and "format" in data:
            part.write_text(json.dumps(data))
            harupan_in(code, "render", part, "--format", "png", "-o", tmp_path / f"{name}.png")
            assert (tmp_path / f"{name}.png").read_bytes().startswith(b"\x89PNG")
    rules = tmp_path / "rules"
    harupan_in(code, "rules", "build", "-o", rules)
    assert "불 끄기 규칙" in (rules / "lights" / "index.html").read_text(encoding="utf-8")
    r = harupan_in(code, "site", "check", "--site", site, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    old = tmp_path / "old"
    shutil.copytree(ROOT / "tests" / "data" / "site_prev" / "site", old, symlinks=True)
    old_days = {p: p.read_bytes() for p in old.glob("2026/*/*/*") if p.is_file()}
    harupan_in(code, "daily", "--date", "2026-12-01", "--site", old, "--jobs", 1)
    # the upgrade as docs/operating.md says: the old days' pages made again (their tagline names every game)
    harupan_in(code, "site", "build", "--from", "2026-11-29", "--to", "2026-11-30", "--site", old, "--jobs", 1)
    assert all(p.read_bytes() == b for p, b in old_days.items() if p.name == "puzzle.json")
    assert not any(old.glob("2026/11/*/lights.png"))  # a day keeps the games it was made with
    assert (old / "2026" / "12" / "01" / "lights.png").is_file()  # a new day has the fourth game
    r = harupan_in(code, "site", "check", "--site", old, check=False)
    assert r.returncode == 0, r.stdout + r.stderr


def test_an_install_carries_every_file_a_view_reads():
    """A plain ``pip install .`` copies only the package data pyproject.toml names: each view's page
    section, <head> part, scripts, stylesheet and the files its scripts load (the Shisen-sho search's
    WebAssembly module among them) must match its globs, or the installed site has no game."""
    import fnmatch
    import tomllib

    from harupan.renderers.games import views as registry

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]["harupan"]
    package = ROOT / "harupan"
    for v in registry():
        names = [v.template, v.head_template, v.script, *v.modules, v.stylesheet]
        names += [p.name for p in v.folder.iterdir() if p.suffix == ".wasm"]
        for name in names:
            if name is None:
                continue
            path = (v.folder / name).relative_to(package).as_posix()
            assert any(fnmatch.fnmatch(path, g) for g in globs), f"{path} is not package data (pyproject.toml)"

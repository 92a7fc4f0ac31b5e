"""axe-core (npm, pinned) on every kind of page, at a desktop and a phone width, light and dark: no violations."""

import json

import pytest
from conftest import npm_tool
from pagecheck import GAME_READY

WIDTHS = {"desktop": {"width": 1280, "height": 1000}, "phone": {"width": 360, "height": 780}}
pytestmark = pytest.mark.slow


DAY = "2026/11/29/index.html"
SCREENS = ("shisen", "zodiac", "cards")  # the day page's screens besides its menu (the games of the test's day)


def pages(site):
    """Every kind of page; the day page once for its menu and once for each game's screen."""
    found = ["index.html", DAY, *(f"{DAY}#{g}" for g in SCREENS), "archive/index.html", "404.html", "offline.html"]
    found += sorted(str(p.relative_to(site)) for p in (site / "rules").glob("*/index.html"))
    return found


@pytest.fixture(scope="module")
def axe_script():
    return npm_tool("axe-core").read_text(encoding="utf-8")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_axe_finds_no_violations(browser_site, browser, axe_script, width, scheme):
    assert len(pages(browser_site)) >= 9  # home, day, archive, 404, offline and the four rule pages
    ctx = browser.new_context(viewport=WIDTHS[width], is_mobile=width == "phone", has_touch=width == "phone",
                              color_scheme=scheme)
    found = {}
    try:
        pg = ctx.new_page()
        for name in pages(browser_site):
            path, _, screen = name.partition("#")
            pg.goto((browser_site / path).as_uri() + (f"#{screen}" if screen else ""))
            if screen:
                pg.wait_for_selector(GAME_READY[screen])
            pg.add_script_tag(content=axe_script)
            result = pg.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
            bad = [f"{v['id']} ({v['impact']}) on {len(v['nodes'])} nodes: "
                   + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else json.dumps(n["target"])
                               for n in v["nodes"][:3]) for v in result["violations"]]
            if bad:
                found[name] = bad
    finally:
        ctx.close()
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)


def axe_violations(pg, axe_script) -> list[str]:
    if not pg.evaluate("typeof axe !== 'undefined'"):
        pg.add_script_tag(content=axe_script)
    result = pg.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}) on {len(v['nodes'])} nodes: "
            + "; ".join(json.dumps(n["target"]) for n in v["nodes"][:3]) for v in result["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_axe_finds_no_violations_with_a_how_to_or_a_disclosure_open(browser_site, browser, axe_script, width, scheme):
    """The day page with each game's how-to open (static/js/howto.js, from its "?"), then with every
    <details> open (the 난이도 measures, the answers)."""
    ctx = browser.new_context(viewport=WIDTHS[width], is_mobile=width == "phone", has_touch=width == "phone",
                              color_scheme=scheme)
    found = {}
    try:
        pg = ctx.new_page()
        for screen in SCREENS:  # each game's screen: its how-to from its "?", then every <details> open
            pg.goto((browser_site / DAY).as_uri() + f"#{screen}")
            pg.wait_for_selector(GAME_READY[screen])
            pg.click(f".screen#{screen} button.howto-open")
            pg.wait_for_selector("dialog.howto[open]")
            pg.wait_for_timeout(100)
            if bad := axe_violations(pg, axe_script):
                found[pg.evaluate("document.querySelector('dialog.howto').dataset.howto")] = bad
            pg.keyboard.press("Escape")
            pg.wait_for_selector("dialog.howto", state="detached")
            pg.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            if bad := axe_violations(pg, axe_script):
                found[f"{screen}: details open"] = bad
    finally:
        ctx.close()
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)

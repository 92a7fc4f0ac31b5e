"""axe-core (npm, pinned) on every kind of page, at a desktop and a phone width, light and dark: no violations."""

import json

import pytest
from conftest import npm_tool

WIDTHS = {"desktop": {"width": 1280, "height": 1000}, "phone": {"width": 360, "height": 780}}
pytestmark = pytest.mark.slow


def pages(site):
    found = ["index.html", "2026/11/29/index.html", "archive/index.html", "404.html", "offline.html"]
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
            pg.goto((browser_site / name).as_uri())
            if name.startswith("2026/"):
                pg.wait_for_selector("#shisen-app .sgrid .tile")
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
        pg.goto((browser_site / "2026/11/29/index.html").as_uri())
        pg.wait_for_selector("#shisen-app .sgrid .tile")
        buttons = pg.locator("button.howto-open")
        assert buttons.count() >= 1
        for i in range(buttons.count()):
            buttons.nth(i).click()
            pg.wait_for_selector("dialog.howto[open]")
            pg.wait_for_timeout(100)
            if bad := axe_violations(pg, axe_script):
                found[pg.evaluate("document.querySelector('dialog.howto').dataset.howto")] = bad
            pg.keyboard.press("Escape")
            pg.wait_for_selector("dialog.howto", state="detached")
        pg.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        if bad := axe_violations(pg, axe_script):
            found["details open"] = bad
    finally:
        ctx.close()
    assert found == {}, json.dumps(found, ensure_ascii=False, indent=1)

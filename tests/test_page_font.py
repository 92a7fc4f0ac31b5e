"""The site's own Korean face is the one a page opened from the disk draws with, on its first visit.

A page opened from file:// could not preload the font, and with font-display: optional it missed the
first paint's wait: on a machine without a Korean font of its own (this one) every Korean letter was
a box. Chromium's DevTools protocol tells which font each node was really drawn with. (Over http
the font is preloaded and optional: a phone that misses its moment draws with its own Korean font,
and tests/test_pages.py measures that such a visit does not jump.)
"""

import pytest

pytestmark = pytest.mark.slow

PAGES = ("index.html", "2026/11/29/index.html", "archive/index.html", "rules/shisen/index.html", "404.html")


def faces_used(browser, url: str) -> dict[str, list[str]]:
    """For the heading and first paragraph of a fresh, cold page: the faces Chromium drew them with."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    try:
        pg = ctx.new_page()
        pg.goto(url)
        pg.wait_for_load_state("load")
        pg.evaluate("document.fonts.ready.then(() => true)")
        cdp = ctx.new_cdp_session(pg)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        used = {}
        for selector in ("h1", "main p"):
            node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
            assert node, f"{url}: no {selector}"
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            used[selector] = [f["familyName"] + (" (web)" if f["isCustomFont"] else "") for f in fonts]
        return used
    finally:
        ctx.close()


def assert_own_face(used: dict[str, list[str]], url: str) -> None:
    for selector, faces in used.items():
        assert faces and all(face.endswith("(web)") for face in faces), \
            f"{url}: {selector} drawn with {faces}, not the site's web font"


@pytest.mark.parametrize("page", PAGES)
def test_a_page_opened_from_the_disk_draws_with_the_web_font(browser_site, browser, page):
    url = (browser_site / page).as_uri()
    assert_own_face(faces_used(browser, url), url)

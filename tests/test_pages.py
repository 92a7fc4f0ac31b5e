"""What every page shares, and what the day page weighs: the size and element budgets, one nav and
a favicon everywhere, the colour scheme, the 404 and offline pages at any address, and the start
page offline after one visit."""

import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from conftest import artifact
from pagecheck import day_url, open_day, served, watched_page

HTML_BUDGET = 120_000  # bytes, uncompressed
DOM_BUDGET = 800  # elements, once the page is ready to play
WIDTHS = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}


def site_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_the_day_page_weighs_at_most_120_kb(browser_site):
    day = browser_site / "2026" / "11" / "29" / "index.html"
    size = len(day.read_bytes())
    assert size <= HTML_BUDGET, f"the day page is {size:,} bytes"
    # each tile kind is drawn once, on the art sheet, not on the page
    assert len(list((browser_site / "static").glob("art-*.svg"))) == 1
    assert day.read_text(encoding="utf-8").count("<circle") == 0


@pytest.mark.slow
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_day_page_has_at_most_800_elements_before_play(browser_site, browser, width):
    html = (browser_site / "2026" / "11" / "29" / "index.html").read_text(encoding="utf-8")
    with watched_page(browser, viewport=WIDTHS[width]) as pg:
        open_day(pg, day_url(browser_site))
        ready = pg.evaluate("document.querySelectorAll('*').length")
        # the page as served, before its script builds the games
        served_count = pg.evaluate("h => new DOMParser().parseFromString(h, 'text/html').querySelectorAll('*').length", html)
        tiles = pg.locator("#shisen-app .tile:not(.empty)").count()
    assert served_count <= DOM_BUDGET and ready <= DOM_BUDGET, (served_count, ready)
    assert tiles == 144


SHIFTS = """window.__cls = 0; new PerformanceObserver(l => { for (const e of l.getEntries())
  if (!e.hadRecentInput) window.__cls += e.value; }).observe({type: "layout-shift", buffered: true});"""


@pytest.mark.slow
@pytest.mark.parametrize("path", ["2026/11/29/index.html", "index.html"])
def test_a_cold_visit_does_not_jump_when_the_font_arrives(browser_site, browser, path):
    """An empty cache, no service worker, a slow phone network: the layout shifts by less than
    0.05 in all (issue 33), and the site's own font is still the one the text is set in."""
    with served(browser_site) as base, watched_page(browser, viewport=WIDTHS["phone"], is_mobile=True,
                                                    service_workers="block") as pg:
        cdp = pg.context.new_cdp_session(pg)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions",
                 {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 90_000})
        pg.add_init_script(SHIFTS)
        pg.goto(base + path)
        pg.evaluate("document.fonts.ready")
        pg.wait_for_timeout(1500)
        assert pg.locator('link[rel=preload][as=font]').count() == 1
        cls = pg.evaluate("window.__cls")
        used = pg.evaluate("[...document.fonts].some(f => f.family === 'Harupan Sans' && f.status === 'loaded')")
    assert cls < 0.05, cls
    assert used


@pytest.mark.slow
def test_a_page_from_the_disk_asks_no_font_preload(browser_site, browser):
    """file:// may not fetch a font in CORS mode (a console error); the stylesheet's own load is enough there."""
    with watched_page(browser, viewport=WIDTHS["phone"]) as pg:
        pg.goto((browser_site / "index.html").as_uri())
        pg.evaluate("document.fonts.ready")
        assert pg.locator('link[rel=preload][as=font]').count() == 0
        assert pg.evaluate("[...document.fonts].some(f => f.family === 'Harupan Sans' && f.status === 'loaded')")


def nav_targets(page: Path, site: Path) -> list[str]:
    """The site nav's links of ``page``, as paths from the site's root."""
    text = page.read_text(encoding="utf-8")
    nav = re.search(r'<header class="site">.*?</header>', text, re.S)
    assert nav, page
    links = re.findall(r'href="([^"]+)"', nav.group(0))
    base = page.relative_to(site).as_posix()
    return [urljoin("/" + base, link) for link in links]


def test_one_nav_and_a_favicon_on_every_page(browser_site):
    pages = site_pages(browser_site)
    assert {"404.html", "offline.html", "rules/shisen/index.html", "archive/index.html", "index.html"} <= {
        p.relative_to(browser_site).as_posix() for p in pages}
    navs = {p.relative_to(browser_site).as_posix(): nav_targets(p, browser_site) for p in pages}
    home = navs["index.html"]
    assert "/archive/index.html" in home and "/rules/shisen/index.html" in home
    assert {k: v for k, v in navs.items() if v != home} == {}
    for p in pages:
        text = p.read_text(encoding="utf-8")
        icons = re.findall(r'<link rel="icon"[^>]*href="([^"]+)"', text)
        assert icons, p
        for icon in icons:
            assert (p.parent / icon).resolve().is_file(), (p, icon)
        assert '<meta name="color-scheme" content="light dark">' in text, p


def test_the_404_page_links_within_the_site_not_to_base_url(browser_site):
    text = (browser_site / "404.html").read_text(encoding="utf-8")
    assert "harupan.example" not in text and "https://" not in text
    assert 'href="index.html"' in text and 'href="archive/index.html"' in text


@pytest.mark.slow
def test_form_controls_follow_the_dark_scheme(browser_site, browser):
    with watched_page(browser, viewport=WIDTHS["phone"], color_scheme="dark") as pg:
        open_day(pg, day_url(browser_site))
        assert pg.evaluate("getComputedStyle(document.querySelector('#easy-view')).colorScheme") == "light dark"
        background = pg.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(27, 26, 23)"


@pytest.mark.slow
def test_404_at_a_missing_address_is_the_site_s_page_and_stays_on_the_site(browser_site, browser):
    with served(browser_site) as base, watched_page(browser, viewport=WIDTHS["phone"]) as pg:
        responses = []
        pg.on("response", lambda r: responses.append((r.status, r.url)))
        pg.goto(f"{base}2031/01/01/index.html")
        pg.errors.clear()  # the browser logs the page's own 404
        assert pg.text_content("h1") == "페이지를 찾을 수 없습니다"
        assert pg.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 248, 241)"
        assert pg.evaluate("getComputedStyle(document.body).wordBreak") == "keep-all"
        assert pg.locator("header.site nav a").count() >= 3
        hrefs = pg.eval_on_selector_all("a:not(.skip)", "els => els.map(a => a.href)")
        assert hrefs and all(h.startswith(base) and "/2031/" not in h for h in hrefs), hrefs
        # the skip link alone stays on this page: to its own <main>, not to the root's
        assert pg.get_attribute("a.skip", "href") == f"{base}2031/01/01/index.html#main"
        assert [r for r in responses if r[0] != 200 and not r[1].endswith("/2031/01/01/index.html")] == []
        pg.click("text=오늘의 판으로 가기")
        pg.wait_for_url(f"{base}index.html")  # the click may return once the address changes, before the title is parsed
        assert pg.url == f"{base}index.html" and pg.title().startswith("하루 판")
        pg.screenshot(path=str(artifact("404-missing-address.png")))


@pytest.mark.slow
def test_the_start_page_and_an_offline_notice_after_one_visit(browser_site, browser):
    """An installed app opened offline at its start page: one visit to a day page was enough."""
    ctx = browser.new_context(viewport=WIDTHS["phone"], is_mobile=True, has_touch=True)
    try:
        with served(browser_site) as base:
            pg = ctx.new_page()
            open_day(pg, f"{base}2026/11/29/index.html")
            pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15000)
            pg.wait_for_function("caches.open('harupan-pages').then(c => c.match('/index.html')).then(Boolean)",
                                 timeout=15000)
        ctx.set_offline(True)
        pg.goto(f"{base}index.html")  # the manifest's start URL, never opened
        assert pg.text_content("h1") == "하루 판"
        assert pg.locator(".board svg svg").count() >= 144  # the day's picture, its tiles from the art sheet
        # both art files (the vector sheet and Shisen-sho's bitmap copy), from the worker's cache
        art = pg.evaluate("Promise.all([...document.querySelectorAll('svg > image[id^=art]')].map("
                          "i => fetch(new URL(i.getAttribute('href'), location.href)).then(r => [i.id, r.ok])))")
        assert sorted(art) == [["art", True], ["art-px", True]], art
        pg.goto(f"{base}rules/zodiac/index.html")  # never opened: the site's own offline page
        assert pg.text_content("h1") == "인터넷에 연결되어 있지 않습니다"
        assert pg.locator("header.site nav a").count() >= 3
        assert pg.evaluate("getComputedStyle(document.body).wordBreak") == "keep-all"
        assert pg.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 248, 241)"
        hrefs = pg.eval_on_selector_all("a", "els => els.map(a => a.href)")
        assert all(h.startswith(base) and "/rules/zodiac/rules/" not in h for h in hrefs), hrefs
        pg.screenshot(path=str(artifact("offline-notice.png")))
        pg.click("text=오늘의 판으로 가기")
        assert pg.text_content("h1") == "하루 판"
    finally:
        ctx.close()

"""Cumulative layout shift on a cold visit: the day page (its menu), each game's screen and home as a
phone meets them the first time, with no cached font and no service worker.

    python bench/cls.py [--runs 3] [--baseline REF]

Builds one day (2026-11-29, all three levels, quick par), serves it with ``harupan site serve`` and
opens each page in a fresh browser context (an empty cache; service workers blocked) of Debian's
chromium, headless, at 360 x 780 with touch, CDP's CPU throttling at 4x and a slow network (150 ms
round trip, 1.6 Mbit/s down: Lighthouse's slow 4G). A PerformanceObserver sums every layout shift
(``layout-shift`` entries without recent input) from the first paint until the fonts are settled
and two more seconds have passed. Also says whether the page's own font was used in the end (with
``font-display: optional`` a font that comes late is left for the next visit). With --baseline REF
the same pages of the same day built by the source at git REF are measured in the same run.

Target (issue 33): CLS < 0.05 on every run of every page.
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results
from lighthouse import build, checkout, chromium, serving

PAGES = {"day": "2026/11/29/index.html", "home": "index.html", "shisen screen": "2026/11/29/index.html#shisen",
         "zodiac screen": "2026/11/29/index.html#zodiac", "cards screen": "2026/11/29/index.html#cards"}
VIEWPORT = {"width": 360, "height": 780}
SLOWDOWN = 4
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
OBSERVER = """
window.__cls = 0; window.__shifts = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) {
  window.__cls += e.value; window.__shifts.push(Math.round(e.startTime)); } })
  .observe({type: "layout-shift", buffered: true});
"""


def cold_cls(browser, url: str) -> tuple[float, bool]:
    ctx = browser.new_context(viewport=VIEWPORT, is_mobile=True, has_touch=True, device_scale_factor=2,
                              service_workers="block")
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        page.add_init_script(OBSERVER)
        page.goto(url, wait_until="load", timeout=120_000)
        page.evaluate("document.fonts.ready")
        page.wait_for_timeout(2000)
        cls = page.evaluate("window.__cls")
        used = page.evaluate("[...document.fonts].some(f => f.family.includes('Harupan') && f.status === 'loaded')")
        return float(cls), bool(used)
    finally:
        ctx.close()


def measure(browser, name: str, url: str, runs: int) -> None:
    got = [cold_cls(browser, url) for _ in range(runs)]
    values = [c for c, _ in got]
    verdict = "met" if max(values) < 0.05 else "MISSED"
    print(f"{name:20} CLS median {statistics.median(values):.3f}  max {max(values):.3f}  runs "
          f"{[round(v, 3) for v in values]}  font used {[u for _, u in got]}  target < 0.05: {verdict}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", help="a git ref whose pages are measured too (before and after)")
    args = ap.parse_args()
    print(f"cold cache, no service worker, {VIEWPORT['width']}x{VIEWPORT['height']}, CPU {SLOWDOWN}x, "
          f"network {NETWORK['latency']} ms RTT {NETWORK['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = chromium(p)
        sites = [("", Path(tmp) / "site", results.ROOT)]
        if args.baseline:
            sites.append((f" at {args.baseline}", Path(tmp) / "baseline-site", checkout(args.baseline, Path(tmp) / "baseline")))
        for label, site, source in sites:
            build(site, source)
            with serving(site, source) as base:
                for name, path in PAGES.items():
                    measure(browser, name + label, base + path, args.runs)
        browser.close()


if __name__ == "__main__":
    with results.report("cls", sys.argv[1:], __doc__):
        main()

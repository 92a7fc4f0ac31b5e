"""Tap to paint on Shisen-sho's screen: how long a tile tap takes to show its selection or the pair's
removal, as a phone slowed 4x meets it.

    python bench/tap.py [--pairs 20] [--baseline REF]

Builds one day (2026-11-29, all three levels, quick par), serves it, and opens Shisen-sho's screen
in a fresh context of Debian's chromium, headless, at 360 x 780 with touch, CDP's CPU throttling at
4x. Once the rules have loaded (they load at the first touch; the first tap is not counted, as a
player's first press starts that load), it taps the first ``--pairs`` pairs of the layout's own
solution, each tile a real tap. The Event Timing API (a PerformanceObserver of ``event`` entries,
16 ms threshold, the browser's own measure from input to the next paint) gives each tap's duration:
the pointerup/click that selects a tile, the one that removes a pair. With --baseline REF the same
taps on the day page built by the source at git REF (its board on the one long page, #shisen-app).

Target (issue 33): median <= 100 ms and max <= 200 ms.
"""

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results
from lighthouse import build, checkout, chromium, serving

VIEWPORT = {"width": 360, "height": 780}
SLOWDOWN = 4
OBSERVER = """
window.__taps = [];
new PerformanceObserver(list => { for (const e of list.getEntries())
  if (["pointerup", "click", "pointerdown"].includes(e.name)) window.__taps.push([e.name, e.interactionId, e.duration]); })
  .observe({type: "event", durationThreshold: 16, buffered: true});
"""


def taps(browser, url: str, steps: list, pairs: int) -> list[float]:
    ctx = browser.new_context(viewport=VIEWPORT, is_mobile=True, has_touch=True, device_scale_factor=2,
                              service_workers="block")
    try:
        page = ctx.new_page()
        page.add_init_script("localStorage.setItem('harupan:howto', JSON.stringify(['shisen', 'zodiac', 'cards']))")
        page.add_init_script(OBSERVER)
        page.goto(url, wait_until="load")
        page.wait_for_selector("#shisen-app .sgrid .tile")
        page.evaluate("() => window.harupanShisen.rules()")
        level = page.evaluate("window.harupanShisen.level")
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        page.evaluate("window.__taps = []")
        for a, b in steps[level][:pairs]:
            for x, y in (a, b):
                page.locator(f'#shisen-app .tile[data-x="{x}"][data-y="{y}"]').tap()
                page.wait_for_timeout(150)  # a player's pace, and time for the entry to arrive
        got = page.evaluate("window.__taps")
        by_interaction: dict[int, float] = {}
        for _, ident, duration in got:  # one figure a tap: its slowest event
            by_interaction[ident] = max(by_interaction.get(ident, 0.0), duration)
        return sorted(by_interaction.values())
    finally:
        ctx.close()


def report(name: str, values: list[float], pairs: int) -> None:
    if not values:
        print(f"{name:16} no tap took 16 ms or more ({2 * pairs} taps): median and max under 16 ms, target met")
        return
    # taps quicker than the 16 ms threshold leave no entry: count them as 16 ms (an upper bound)
    full = values + [16.0] * max(0, 2 * pairs - len(values))
    med, top = statistics.median(full), max(full)
    verdict = "met" if med <= 100 and top <= 200 else "MISSED"
    print(f"{name:16} {2 * pairs} taps, {len(values)} of 16 ms or more: median {med:.0f} ms  max {top:.0f} ms  "
          f"(target median <= 100, max <= 200: {verdict})")


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--baseline", help="a git ref whose day page is measured too (before and after)")
    args = ap.parse_args()
    print(f"{VIEWPORT['width']}x{VIEWPORT['height']} touch, CPU {SLOWDOWN}x, Event Timing durations (input to next paint)")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = chromium(p)
        sites = [("shisen screen", Path(tmp) / "site", results.ROOT, "#shisen")]
        if args.baseline:
            sites.append((f"day at {args.baseline}", Path(tmp) / "baseline-site",
                          checkout(args.baseline, Path(tmp) / "baseline"), ""))
        for name, site, source, fragment in sites:
            build(site, source)
            steps = {lv: part["solution"] for lv, part in
                     json.loads((site / "2026/11/29/puzzle.json").read_text())["shisen"].items()}
            with serving(site, source) as base:
                report(name, taps(browser, f"{base}2026/11/29/index.html{fragment}", steps, args.pairs), args.pairs)
        browser.close()


if __name__ == "__main__":
    with results.report("tap", sys.argv[1:], __doc__):
        main()

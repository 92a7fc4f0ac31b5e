"""Lighthouse on the built site, as a phone on a slow network sees it, in one run.

    python bench/lighthouse.py [--runs 3] [--lighthouse PATH]

Builds one day (2026-11-29, all three levels, quick par) into a temporary folder, serves it with
``harupan site serve`` (plain files, no compression: harsher than a static host that gzips) and
runs Lighthouse's mobile preset (simulated throttling: a mid-range phone, 4x CPU slowdown, slow
4G) on Debian's chromium, headless, ``--runs`` times a page. Prints the median performance and
accessibility scores and the metrics behind them for the day page and the home page. Baseline, in
the same run: the archive page, a page of the same site with no game (the floor the game pages
can reach on this machine).

Targets (issue 19): the day page's performance >= 90 and accessibility = 100.

Lighthouse is not a test tool and is not installed by tests/setup_tools.py; install it outside the
source tree, for example into the tools cache:

    npm install --prefix ~/.cache/harupan-tools/lighthouse-12.2.3 lighthouse@12.2.3

(node 20). ``CHROME_PATH`` defaults to /usr/bin/chromium.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent
TOOLS = Path(os.environ.get("HARUPAN_TOOLS", Path.home() / ".cache" / "harupan-tools"))
DEFAULT_LH = TOOLS / "lighthouse-12.2.3" / "node_modules" / ".bin" / "lighthouse"
PAGES = {"day": "2026/11/29/index.html", "home": "index.html", "baseline: archive": "archive/index.html"}
METRICS = {"first-contentful-paint": "FCP s", "largest-contentful-paint": "LCP s", "total-blocking-time": "TBT ms",
           "cumulative-layout-shift": "CLS", "speed-index": "SI s"}


def build(site: Path) -> None:
    env = dict(os.environ, HARUPAN_PAR="quick", HARUPAN_DIFFICULTIES="easy,normal,hard", PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "harupan", "daily", "--date", "2026-11-29", "--site", str(site)],
                       cwd=ROOT, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise SystemExit(f"the site build failed: {r.stderr}")


def lighthouse(lh: Path, url: str, out: Path) -> dict:
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    r = subprocess.run([str(lh), url, "--quiet", "--output=json", f"--output-path={out}",
                        "--only-categories=performance,accessibility", "--form-factor=mobile",
                        "--throttling-method=simulate", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                       capture_output=True, text=True, env=env, timeout=300)
    if r.returncode != 0 or not out.is_file():
        raise SystemExit(f"lighthouse failed on {url}: {r.stderr[-800:]}")
    report = json.loads(out.read_text())
    figures = {"performance": round(report["categories"]["performance"]["score"] * 100),
               "accessibility": round(report["categories"]["accessibility"]["score"] * 100)}
    for audit, name in METRICS.items():
        value = report["audits"][audit]["numericValue"]
        figures[name] = value / 1000 if name.endswith(" s") else value
    figures["DOM"] = report["audits"].get("dom-size", {}).get("numericValue")
    failed = [a["id"] for a in report["audits"].values()
              if a.get("score") == 0 and a["id"] in {r["id"] for r in report["categories"]["accessibility"]["auditRefs"]}]
    figures["a11y failures"] = failed
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--lighthouse", type=Path, default=DEFAULT_LH, help=f"the lighthouse CLI (default {DEFAULT_LH})")
    args = ap.parse_args()
    if not args.lighthouse.is_file():
        raise SystemExit(f"no lighthouse at {args.lighthouse}: see this script's docstring to install it")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build(site)
        size = (site / PAGES["day"]).stat().st_size
        server = subprocess.Popen([sys.executable, "-m", "harupan", "site", "serve", "--site", str(site), "--port", "0"],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  env=dict(os.environ, PYTHONPATH=str(ROOT)))
        try:
            base = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
            print(f"lighthouse {args.lighthouse}, mobile preset, simulated throttling, {args.runs} runs a page, medians")
            print(f"day page: {size:,} bytes of HTML")
            for name, path in PAGES.items():
                runs = [lighthouse(args.lighthouse, base + path, Path(tmp) / f"lh-{i}.json") for i in range(args.runs)]
                median = {k: statistics.median(r[k] for r in runs) for k in runs[0] if k not in ("a11y failures", "DOM")}
                shown = "  ".join(f"{k} {v:.2f}" if isinstance(v, float) and v < 10 else f"{k} {v:.0f}"
                                  for k, v in median.items())
                perf = [r["performance"] for r in runs]
                print(f"{name:18} {shown}  DOM {runs[0]['DOM']:.0f}  (performance runs {perf})")
                failures = sorted({f for r in runs for f in r["a11y failures"]})
                if failures:
                    print(f"{'':18} accessibility audits failed: {', '.join(failures)}")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    with results.report("lighthouse", sys.argv[1:], __doc__):
        main()

"""The day page's first hint on hard Shisen-sho positions, in Chromium at 4x CPU slowdown: the
WebAssembly search against the JavaScript port it replaced, in the same run.

    python bench/browser_hint.py [--port-ref ad1b454] [--rounds 3] [POSITIONS.json]

Each position (default tests/data/shisen_browser_positions.json: day starts, mid-games and traps of
18x8 boards, with the command line's verdicts) gets its first hint in a fresh page of its own
(Debian's chromium, headless, a 360 x 780 phone screen, CDP's CPU throttling at 4x), as a player who
opens the day and asks for a hint meets it:

* the module: loading it (its script, decoding, compiling: the page loads it at the first move,
  hint or shuffle) and then the hint (game.hint, the command line's budget, settings.py), each timed;
* the port: the solver in shisen.js at --port-ref (main before issue 32, with the modules it
  imports; data.js from the engine's tables now, whose search settings are the same), with the
  node budget the page gave it (600), the hint alone (it came with the page's script).

Figures are wall milliseconds in the page (performance.now), the median of --rounds fresh pages a
position. Targets (issue 32): every first hint within 250 ms (the module's load included), the
median at least 5x faster than the port's, and every position decided as the command line decides it.
"""

import argparse
import contextlib
import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import results  # noqa: E402

from harupan.renderers.bundle import data_module  # noqa: E402
from harupan.renderers.games.shisen import VIEW  # noqa: E402

POSITIONS = ROOT / "tests" / "data" / "shisen_browser_positions.json"
PORT_FILES = {"shisen.js": "harupan/renderers/games/shisen/shisen.js",
              **{n: f"harupan/renderers/static/js/{n}" for n in ("rng.js", "game.js", "stats.js", "ko.js")}}
PORT_BUDGET = 600  # the port's HINT_BUDGET on the page
SLOWDOWN = 4
PAGE = """<!doctype html><meta charset="utf-8"><title>bench</title>
<script src="{module}"></script>
<script type="module">
  import {{ Board }} from "./now/shisen-board.js";
  import {{ shisenSolver }} from "./now/shisen-solver.js";
  import * as port from "./port/shisen.js";
  window.bench = {{
    async module(cells) {{
      const t0 = performance.now();
      const solver = await shisenSolver();
      const t1 = performance.now();
      const h = solver.hint(Board.fromRows(cells));
      const t2 = performance.now();
      return {{ load: t1 - t0, hint: t2 - t1, kind: h === null ? "none" : h.lost ? "lost" : h.undecided ? "undecided" : "pair" }};
    }},
    port(cells) {{
      const t0 = performance.now();
      const h = port.hint(port.Board.fromRows(cells), null, {budget});
      const t1 = performance.now();
      return {{ hint: t1 - t0, kind: h === null ? "none" : h.lost ? "lost" : h.undecided ? "undecided" : "pair" }};
    }},
  }};
  document.title = "ready";
</script>"""


def harness(folder: Path, ref: str) -> None:
    """The page, the module's files as the site ships them, the port's files from git at ``ref``."""
    (folder / "now").mkdir()
    (folder / "port").mkdir()
    data = data_module()
    for name in ("shisen-board.js", "shisen-solver.js"):
        (folder / "now" / name).write_text((VIEW.folder / name).read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "now" / "data.js").write_text(data, encoding="utf-8")
    (folder / "port" / "data.js").write_text(data, encoding="utf-8")  # the port reads the same settings
    for name, path in PORT_FILES.items():
        text = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        (folder / "port" / name).write_text(text, encoding="utf-8")
    # the module's script sits beside the page's script on the site; here, the page resolves it
    # against the document (no joined script), so it goes beside the page
    (name, text), = VIEW.scripts().items()
    (folder / name).write_bytes(text)
    (folder / "index.html").write_text(PAGE.format(module="", budget=PORT_BUDGET), encoding="utf-8")


@contextlib.contextmanager
def serve(folder: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def first_hint(browser, url: str, which: str, cells) -> dict:
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("document.title === 'ready'")
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        return page.evaluate(f"(cells) => window.bench.{which}(cells)", cells)
    finally:
        ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("positions", nargs="?", type=Path, default=POSITIONS)
    ap.add_argument("--port-ref", default="ad1b454", help="the commit whose shisen.js holds the port")
    ap.add_argument("--rounds", type=int, default=3, help="fresh pages a position and solver (the median is shown)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    positions = json.loads(args.positions.read_text())
    print(f"{len(positions)} positions ({args.positions.name}); Chromium {SLOWDOWN}x CPU slowdown, 360x780, "
          f"a fresh page each, median of {args.rounds}; load average {os.getloadavg()[0]:.2f}")
    print(f"{'position':22} {'CLI':10} | {'port (600 nodes)':26} | {'module: load + hint = first hint':40} | speed-up")
    rows = []
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp)) as base, sync_playwright() as p:
        harness(Path(tmp), args.port_ref)
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"])
        try:
            for pos in positions:
                port = [first_hint(browser, base, "port", pos["cells"]) for _ in range(args.rounds)]
                mod = [first_hint(browser, base, "module", pos["cells"]) for _ in range(args.rounds)]
                port_ms = statistics.median(r["hint"] for r in port)
                load = statistics.median(r["load"] for r in mod)
                hint = statistics.median(r["hint"] for r in mod)
                first = statistics.median(r["load"] + r["hint"] for r in mod)
                cli = pos.get("python")
                verdict = {"solved": "pair", "unsolvable": "lost"}.get(cli, "undecided")
                row = {"name": pos["name"], "cli": cli, "port": port_ms, "port_kind": port[0]["kind"], "load": load,
                       "hint": hint, "first": first, "kind": mod[0]["kind"], "agrees": mod[0]["kind"] == verdict}
                rows.append(row)
                print(f"{pos['name']:22} {cli:10} | {port_ms:8.0f} ms {row['port_kind']:>14} | "
                      f"{load:6.0f} + {hint:6.0f} = {first:6.0f} ms {row['kind']:>13}{'' if row['agrees'] else '*'} | "
                      f"{port_ms / hint:5.1f}x")
        finally:
            browser.close()
    firsts, hints, ports = [r["first"] for r in rows], [r["hint"] for r in rows], [r["port"] for r in rows]
    decided_port = sum(r["port_kind"] in ("pair", "lost") for r in rows)
    print(f"port: median {statistics.median(ports):.0f} ms, max {max(ports):.0f} ms; decided {decided_port}/{len(rows)}")
    print(f"module: first hint median {statistics.median(firsts):.0f} ms, max {max(firsts):.0f} ms (the load "
          f"{statistics.median(r['load'] for r in rows):.0f} ms of it); the hint alone median "
          f"{statistics.median(hints):.0f} ms, max {max(hints):.0f} ms; as the CLI decides {sum(r['agrees'] for r in rows)}/{len(rows)}")
    speed = statistics.median(ports) / statistics.median(hints)
    print(f"median speed-up of the hint: {speed:.1f}x (with the module's load in: "
          f"{statistics.median(ports) / statistics.median(firsts):.1f}x)")
    print(f"target every first hint <= 250 ms (load included): {'met' if max(firsts) <= 250 else 'MISSED'}; "
          f"median >= 5x faster: {'met' if speed >= 5 else 'MISSED'}; every position as the CLI decides it: "
          f"{'met' if all(r['agrees'] for r in rows) else 'MISSED'}")


if __name__ == "__main__":
    with results.report("browser_hint", sys.argv[1:], __doc__):
        main()

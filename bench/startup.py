"""Start-up: what a command costs before it does anything, and what each import the code defers
(a function-local import) would cost every process that does not need it.

    python bench/startup.py [--runs 7]

1. Each deferred import, in a fresh process that has already imported the site's modules (the
   nightly run's): the median over --runs processes. These are the figures the import's comment
   quotes; an import that costs little belongs at the top of its module.
2. ``harupan --help``, ``harupan zodiac verify`` of one claim and ``harupan shisen solve`` of a
   small board, wall time, median over --runs, against ``python -c pass`` in the same run (the
   interpreter's own start-up: the baseline).
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent
SITE_MODULES = "harupan.publish.site, harupan.cli.daily, harupan.renderers.fonts"  # the nightly run's
DEFERRED = {  # module -> (what the process has imported already, where the code imports it late)
    "harupan.generator.games.zodiac.bot": ("harupan.cli.games.zodiac", "cli/games/zodiac.py par_cmd: every game's "
                                           "rules half comes with it"),
    "harupan.publish.serve": (SITE_MODULES, "cli/daily.py serve_cmd"),
    "harupan.renderers.markdown": (SITE_MODULES, "renderers/rules.py rule_page_html"),
    "fontTools.subset": (SITE_MODULES, "renderers/webfont.py subset_woff"),
    "fontTools.ttLib": (SITE_MODULES, "renderers/fonts.py, a font its own reader cannot read"),
    "concurrent.futures.process": (SITE_MODULES, "publish/pool.py, a run with worker processes"),
}


def import_cost(module: str, before: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        code = f"import {before}\nimport time\nt = time.perf_counter()\nimport {module}\nprint(time.perf_counter() - t)"
        r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
        times.append(float(r.stdout.strip()))
    return statistics.median(times)


def wall(args: list[str], runs: int, stdin: str | None = None) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, cwd=ROOT, input=stdin, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    # the package's bytecode compiled first, as `pip install` leaves it (this machine may set
    # PYTHONDONTWRITEBYTECODE, and every process would compile the modules from source)
    compileall.compile_dir(str(ROOT / "harupan"), quiet=1)
    print(f"deferred imports, each after what its process has imported already ({args.runs} processes, median):")
    for module, (before, where) in DEFERRED.items():
        print(f"  {module}: {import_cost(module, before, args.runs) * 1e3:.1f} ms ({where})")
    py = [sys.executable]
    base = wall([*py, "-c", "pass"], args.runs)
    with tempfile.TemporaryDirectory() as tmp:
        board = Path(tmp) / "board.txt"
        board.write_text("1m 2p 2p 1m\n3s 1z 1z 3s\n")
        claim = '{"date": "2026-11-29", "moves": "LURD", "score": 0}\n'
        for label, cmd, stdin in (("harupan --help", ["--help"], None),
                                  ("harupan zodiac verify (one claim)", ["zodiac", "verify", "-"], claim),
                                  ("harupan shisen solve (a 4x2 board)", ["shisen", "solve", str(board)], None)):
            t = wall([*py, "-m", "harupan", *cmd], args.runs, stdin)
            print(f"{label}: {t * 1e3:.0f} ms wall; the interpreter alone (python -c pass): {base * 1e3:.0f} ms")


if __name__ == "__main__":
    with results.report("startup", sys.argv[1:], __doc__):
        main()

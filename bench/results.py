"""Where the benches' figures go: each run writes what it printed into ``bench/results/`` with the
date, the commit and the machine it ran on, and ``docs/benchmarks.md`` is made again from every
results file. Figures live there and nowhere else: not typed into prose or comments, which would
go stale (docs/testing.md).

    python bench/results.py            # make docs/benchmarks.md again from bench/results/*.json

A bench script wraps its run::

    with results.report("render", sys.argv[1:], __doc__):
        main()
"""

from __future__ import annotations

import contextlib
import datetime
import io
import json
import os
import platform
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PAGE = ROOT / "docs" / "benchmarks.md"


def machine() -> dict[str, object]:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "system": platform.system()}


def commit() -> str:
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    return (r.stdout.strip() or "unknown") + ("+changes" if dirty else "")


class _Tee(io.TextIOBase):
    def __init__(self, out: io.TextIOBase) -> None:
        self.out, self.text = out, io.StringIO()

    def write(self, s: str) -> int:
        self.out.write(s)
        self.text.write(s)
        return len(s)

    def flush(self) -> None:
        self.out.flush()


def slug(args: list[str]) -> str:
    return re.sub(r"[^a-z0-9]+", "-", " ".join(args).lower()).strip("-")


@contextlib.contextmanager
def report(bench: str, args: list[str], doc: str | None) -> Iterator[None]:
    """Run the block with what it prints kept, then write the results file and the page."""
    tee = _Tee(sys.stdout)  # type: ignore[arg-type]
    started = datetime.datetime.now(datetime.UTC)
    old, sys.stdout = sys.stdout, tee  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout = old
    record = {"bench": bench, "args": args, "command": " ".join(["python", f"bench/{bench}.py", *args]),
              "about": (doc or "").strip().split("\n\n")[0], "date": started.date().isoformat(),
              "seconds": round((datetime.datetime.now(datetime.UTC) - started).total_seconds(), 1),
              "commit": commit(), "machine": machine(),
              "lines": [ln for ln in tee.text.getvalue().splitlines() if ln.strip()]}
    RESULTS.mkdir(exist_ok=True)
    name = bench + (f"--{slug(args)}" if args else "")
    (RESULTS / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    write_page()


def write_page() -> None:
    """docs/benchmarks.md from every results file, one section a bench run."""
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RESULTS.glob("*.json"))]
    out = ["# Benchmarks", "",
           "Made by `bench/results.py` from `bench/results/*.json`, which each bench script writes when it",
           "runs: do not edit this page; run the bench again. Each section is one run: the command, when and",
           "where it ran, and what it printed, each figure beside its target or its baseline measured in the",
           "same run. How to run them and what they measure: [testing](testing.md).", ""]
    for r in records:
        m = r["machine"]
        out += [f"## `{r['command']}`", "", r["about"], "",
                f"Ran {r['date']} at commit `{r['commit']}` on {m['cpu']} ({m['cores']} cores), Python "
                f"{m['python']}, in {r['seconds']} s.", "", "```", *r["lines"], "```", ""]
    PAGE.write_text("\n".join(out).rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_page()
    print(f"wrote {PAGE.relative_to(ROOT)} from {len(list(RESULTS.glob('*.json')))} results files")

"""Same output as a release before: every published byte for a month of days, checked.

    python bench/same_output.py record [--code DIR] [--out FILE]   # write a manifest of hashes
    python bench/same_output.py check [--against FILE]               # compare this checkout with one

What is built (the code of ``--code``, default this checkout, run as ``python -m harupan`` with
``PYTHONPATH`` set to it):

* a site of 30 days (2026-11-01..30, every level, the quick par bot), listed as on 2026-12-01;
* a site of two days made with the full par bot (2027-03-01, 2028-02-29);
* ``harupan sheet`` for two days, on A4 and Letter, plain and easy, PDF and HTML;
* ``harupan render`` of one file per game, in every format;
* ``harupan rules build``.

The manifest maps each file (by its path in those folders) to the SHA-256 of its bytes. Files
named by their content (``static/art-<hash>.svg``, ``harupan-<hash>.js``) are compared by their
role: their names are replaced by ``-HASH`` in the paths and in every HTML page before hashing,
so a stylesheet or script that changed shows up as its own line, not as a change to every page.
Dot files (build marks, locks, kept pieces) are the runs' own and left out.

``check`` prints every path that was added, lost or changed, and exits 1 if any was. The
manifest made from main before issue 31 is ``bench/data/same-output-58540d4.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "bench" / "data" / "same-output-58540d4.json"
HASHED = re.compile(rb"-[0-9a-f]{12}(\.(?:js|css|svg|woff2?|json|png|wasm))")
HASHED_NAME = re.compile(r"-[0-9a-f]{12}(\.(?:js|css|svg|woff2?|json|png|wasm))$")

# One file of each game for `harupan render`: made by the commands themselves below.
RENDER_FORMATS = ("png", "pdf", "html", "svg")


def run(code: Path, *args: str, env: dict[str, str] | None = None, out: Path | None = None) -> None:
    e = dict(os.environ, PYTHONPATH=str(code), HARUPAN_TODAY="2026-12-01", **(env or {}))
    e.pop("HARUPAN_PAR", None)
    r = subprocess.run([sys.executable, "-m", "harupan", *args], cwd=code, env=e, capture_output=True)
    if r.returncode != 0:
        raise SystemExit(f"harupan {' '.join(args)} failed ({r.returncode}): {r.stderr.decode(errors='replace')}")
    if out is not None:
        out.write_bytes(r.stdout)


def build(code: Path, tmp: Path) -> None:
    month = tmp / "month"
    run(code, "site", "build", "--from", "2026-11-01", "--to", "2026-11-30", "--site", str(month), "--par", "quick",
        "--quiet")
    full = tmp / "full-par"
    for day in ("2027-03-01", "2028-02-29"):
        run(code, "site", "build", "--from", day, "--site", str(full), "--par", "full", "--quiet", "--allow-future")
    sheets = tmp / "sheets"
    sheets.mkdir()
    for day in ("2026-11-29", "2027-06-15"):
        for paper in ("a4", "letter"):
            for easy in ((), ("--easy",)):
                name = f"{day}-{paper}{'-easy' if easy else ''}"
                run(code, "sheet", "--date", day, "--paper", paper, *easy, "-o", str(sheets / f"{name}.pdf"))
                run(code, "sheet", "--date", day, "--paper", paper, *easy, "-o", str(sheets / f"{name}.html"))
    renders = tmp / "renders"
    renders.mkdir()
    # one standalone file per game, taken from a published day's puzzle.json
    bundle = json.loads((month / "2026" / "11" / "29" / "puzzle.json").read_text(encoding="utf-8"))
    files = {}
    for key, part in bundle.items():
        if isinstance(part, dict) and "normal" in part:  # a game with levels: its featured layout
            part = part["normal"]
        if isinstance(part, dict) and "format" in part:
            files[key] = renders / f"{key}.json"
            files[key].write_text(json.dumps(dict(part, date=bundle["date"]), ensure_ascii=False), encoding="utf-8")
    for key, path in sorted(files.items()):
        for fmt in RENDER_FORMATS:
            for extra in ((), ("--answers",), ("--share",), ("--easy", "--answers")):
                tag = "".join(x.strip("-")[0] for x in extra)
                run(code, "render", str(path), "--format", fmt, *extra, "-o", str(renders / f"{key}{tag}.{fmt}"))
    run(code, "rules", "build", "-o", str(tmp / "rules"))


def manifest(tmp: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted(tmp.rglob("*")):
        rel = path.relative_to(tmp)
        if not path.is_file() or any(p.startswith(".") for p in rel.parts) or rel.parts[0] == "in":
            continue
        data = path.read_bytes()
        if path.suffix in (".html", ".xml", ".js", ".webmanifest", ".json"):
            data = HASHED.sub(rb"-HASH\1", data)
        out[HASHED_NAME.sub(r"-HASH\1", str(rel))] = hashlib.sha256(data).hexdigest()
    return out


def made(code: Path) -> tuple[dict[str, str], float]:
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="same-output-") as tmp:
        build(code, Path(tmp))
        return manifest(Path(tmp)), time.perf_counter() - t0


def commit_of(code: Path) -> str:
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=code, capture_output=True, text=True)
    return r.stdout.strip() or "unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("record", "check"))
    ap.add_argument("--code", type=Path, default=ROOT, help="the checkout whose code builds (default: this one)")
    ap.add_argument("--out", type=Path, default=None, help="record: the manifest to write")
    ap.add_argument("--against", type=Path, default=DEFAULT, help="check: the manifest to compare with")
    args = ap.parse_args()
    files, seconds = made(args.code.resolve())
    if args.what == "record":
        out = args.out or ROOT / "bench" / "data" / f"same-output-{commit_of(args.code)}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"commit": commit_of(args.code), "files": files}, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(files)} files in {out} ({seconds:.0f} s)")
        return 0
    want = json.loads(args.against.read_text())
    before = want["files"]
    lost = sorted(set(before) - set(files))
    added = sorted(set(files) - set(before))
    changed = sorted(k for k in set(before) & set(files) if before[k] != files[k])
    for label, paths in (("lost", lost), ("added", added), ("changed", changed)):
        for p in paths:
            print(f"{label}: {p}")
    same = len(set(before) & set(files)) - len(changed)
    print(f"{same} of {len(before)} files byte-identical to {want['commit']}; {len(changed)} changed, "
          f"{len(lost)} lost, {len(added)} added ({seconds:.0f} s)")
    return 1 if lost or added or changed else 0


if __name__ == "__main__":
    with results.report("same_output", sys.argv[1:], __doc__):
        code = main()
    sys.exit(code)

"""Lines of Shisen-sho rule and search code, in every language, now against a git ref.

    python bench/lines.py [--baseline ad1b454]

What counts: the engine's rules and search in Python (the reference: board, paths, solver,
playouts, the build and the game's moves, hint and shuffle), in C (the compiled search and its
bindings) and in JavaScript (the browser's rules: before issue 32 the port inside the game's
script, from its "geometry" section to "the game on the day page"; since, the module's API,
shisen-solver.js). Physical lines, as a reader meets them. The target (issue 32): each rule once,
so the JavaScript holds no search.
"""

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "harupan/engine/shisen"
PYTHON = [f"{ENGINE}/{n}.py" for n in ("board", "paths", "solver", "playout", "build", "game")]
C_FILES = [f"{ENGINE}/{n}" for n in ("_csolver.c", "solver_core.c", "solver_core.h", "solver_wasm.c")]
JS_FILES = ["harupan/renderers/games/shisen/shisen-solver.js", "harupan/renderers/games/shisen/shisen-rules.js"]
PORT_IN = ["harupan/renderers/games/shisen/shisen.js", "harupan/renderers/static/js/shisen.js"]  # the port, before
PORT_TO = "the game on the day page"  # the section after the port


def text_at(ref: str | None, path: str) -> str | None:
    if ref is None:
        p = ROOT / path
        return p.read_text(encoding="utf-8") if p.is_file() else None
    r = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=ROOT, capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def port_lines(text: str) -> int:
    """The port's section of a game script that held the rules and the page together (0 if none)."""
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.startswith("// ---") and ln.endswith(" geometry")), None)
    end = next((i for i, ln in enumerate(lines) if ln.startswith("// ---") and ln.endswith(PORT_TO)), None)
    return end - start if start is not None and end is not None else 0


def count(ref: str | None) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {"Python": {}, "C": {}, "JavaScript": {}}
    for lang, paths in (("Python", PYTHON), ("C", C_FILES), ("JavaScript", JS_FILES)):
        for path in paths:
            text = text_at(ref, path)
            if text is not None:
                out[lang][Path(path).name] = len(text.splitlines())
    for path in PORT_IN:
        text = text_at(ref, path)
        if text is not None and port_lines(text):
            out["JavaScript"][f"{Path(path).name} (its rules and search)"] = port_lines(text)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="ad1b454", help="the git ref to count against (default: before issue 32)")
    args = ap.parse_args()
    then, now = count(args.baseline), count(None)
    print(f"lines of Shisen-sho rule and search code: at {args.baseline} and now")
    for lang in ("Python", "C", "JavaScript"):
        names = sorted(set(then[lang]) | set(now[lang]))
        print(f"{lang}: {sum(then[lang].values())} -> {sum(now[lang].values())}")
        for name in names:
            print(f"  {name:40} {then[lang].get(name, 0):6} -> {now[lang].get(name, 0):6}")
    total_then, total_now = (sum(sum(v.values()) for v in c.values()) for c in (then, now))
    print(f"all languages: {total_then} -> {total_now}; the search in JavaScript: "
          f"{then['JavaScript'].get('shisen.js (its rules and search)', 0)} -> "
          f"{sum(v for k, v in now['JavaScript'].items() if 'rules and search' in k or k == 'shisen-rules.js')}")


if __name__ == "__main__":
    with results.report("lines", sys.argv[1:], __doc__):
        main()

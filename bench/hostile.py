"""Special files and oversized files where a site, its kept parts or its content expect regular
files: each case run as an operator's cron would meet it, against the same cases on a baseline
tree in the same run (a git ref checked out beside this one).

    python bench/hostile.py [--baseline 8a4c2da]

Each case plants one file (a FIFO, a character device like /dev/zero, a 50 MB file, a link to
/dev/zero) in a copy of one published day's site, runs one command in a fresh process under a
1 GB address-space limit and a 30 s timeout, and prints its exit code, wall time, peak memory
and the last line it wrote to stderr. Needs root for the device (mknod); without it that case
is left out and says so.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent
DAY = "2027-01-05"
NEXT = "2027-01-06"
FOLDER = "2027/01/05"
LIMIT = 1 << 30
TIMEOUT = 30.0


def fifo(path: Path) -> None:
    os.mkfifo(path)


def device(path: Path) -> None:
    os.mknod(path, 0o644 | 0o020000, os.makedev(1, 5))  # the kind of /dev/zero


def big(path: Path) -> None:
    with open(path, "wb") as f:
        f.truncate(50 << 20)


def zero_link(path: Path) -> None:
    os.symlink("/dev/zero", path)


def plant(site: Path, name: str, make: Callable[[Path], None]) -> None:
    path = site / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    make(path)


# (label, file planted under the site or under a copy of content/, how, command)
CASES: list[tuple[str, str, Callable[[Path], None], list[str]]] = [
    ("FIFO at .pars/NEXT.json, daily NEXT", f".pars/{NEXT}.json", fifo, ["daily", "--date", NEXT, "--allow-future"]),
    ("FIFO at .pars/NEXT.json, site check", f".pars/{NEXT}.json", fifo, ["site", "check"]),
    ("FIFO at rules/.key.json, daily DAY", "rules/.key.json", fifo, ["daily", "--date", DAY, "--allow-future"]),
    ("FIFO at rules/.key.json, site check", "rules/.key.json", fifo, ["site", "check"]),
    ("FIFO at DAY/puzzle.json, daily DAY", f"{FOLDER}/puzzle.json", fifo, ["daily", "--date", DAY, "--allow-future"]),
    ("FIFO at DAY/.built, daily DAY", f"{FOLDER}/.built", fifo, ["daily", "--date", DAY, "--allow-future"]),
    ("device at DAY/puzzle.json, daily DAY", f"{FOLDER}/puzzle.json", device,
     ["daily", "--date", DAY, "--allow-future"]),
    ("device at DAY/.built, daily DAY", f"{FOLDER}/.built", device, ["daily", "--date", DAY, "--allow-future"]),
    ("device at DAY/.built, site check", f"{FOLDER}/.built", device, ["site", "check"]),
    ("50 MB file at DAY/puzzle.json, daily DAY", f"{FOLDER}/puzzle.json", big,
     ["daily", "--date", DAY, "--allow-future"]),
    ("FIFO as content rules/x.yaml, rules check", "CONTENT/rules/x.yaml", fifo, ["rules", "check"]),
    ("link to /dev/zero as rules/x.yaml, rules check", "CONTENT/rules/x.yaml", zero_link, ["rules", "check"]),
]


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def run(tree: Path, args: list[str], cwd: Path, named: str) -> tuple[str, float, float, str]:
    """(exit code or 'hung', seconds, peak MB, last stderr line) of ``harupan ARGS`` from ``tree``;
    for a command that lists problems on stdout, whether one of them names ``named``."""
    env = dict(os.environ, PYTHONPATH=str(tree), LANG="C.UTF-8")
    err_path, out_path = cwd / "stderr.txt", cwd / "stdout.txt"
    start = time.perf_counter()
    with open(err_path, "wb") as err, open(out_path, "wb") as out:
        p = subprocess.Popen([sys.executable, "-m", "harupan", *args], cwd=cwd, env=env, stdout=out,
                             stderr=err, preexec_fn=limit_memory, start_new_session=True)
        code, peak = "hung", 0.0
        while time.perf_counter() - start < TIMEOUT:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                code, peak = str(os.waitstatus_to_exitcode(status)), usage.ru_maxrss / 1024
                break
            time.sleep(0.02)
        else:
            os.killpg(p.pid, 9)
            _, _, usage = os.wait4(p.pid, 0)
            peak = usage.ru_maxrss / 1024
        p.returncode = 0  # reaped above
    seconds = time.perf_counter() - start
    lines = err_path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    last = lines[-1] if lines else ""
    if len(lines) > 1:
        last = f"[{len(lines)} lines] " + last
    if args[:2] == ["site", "check"] and code != "hung":
        listed = out_path.read_text(encoding="utf-8", errors="replace")
        last = ("names it; " if named in listed else "does not name it; ") + last
    return code, seconds, peak, last[:150]


def case(tree: Path, template: Path, work: Path, label: str, name: str,
         make: Callable[[Path], None], args: list[str]) -> tuple[str, float, float, str] | None:
    site = work / "site"
    content = work / "content"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(template, site, symlinks=True)
    shutil.copytree(tree / "harupan" / "content", content)
    target = name.replace("CONTENT/", "") if name.startswith("CONTENT/") else name
    base = content if name.startswith("CONTENT/") else site
    try:
        plant(base, target, make)
    except PermissionError:
        return None
    extra = ["--content", str(content)] if args[0] == "rules" else ["--site", str(site)]
    return run(tree, [*args, *extra], work, target)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="8a4c2da")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        base = t / "baseline"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), a.baseline], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=base, check=True,
                           capture_output=True)
            template = t / "template"
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            subprocess.run([sys.executable, "-m", "harupan", "daily", "--date", DAY, "--allow-future", "--site",
                            str(template)], env=env, check=True, capture_output=True)
            print(f"each case: one file planted in a copy of a site holding {DAY}; 1 GB memory limit, "
                  f"{TIMEOUT:.0f} s timeout; before = {a.baseline}, after = this tree")
            for label, name, make, args in CASES:
                rows = []
                for side, tree in (("before", base), ("after", ROOT)):
                    r = case(tree, template, t / "work", label, name, make, args)
                    rows.append((side, r))
                print(label)
                for side, r in rows:
                    if r is None:
                        print(f"  {side:6}  left out: planting it needs root")
                        continue
                    code, seconds, peak, last = r
                    print(f"  {side:6}  exit {code:>4}  {seconds:5.1f} s  peak {peak:5.0f} MB  {last}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, capture_output=True)


if __name__ == "__main__":
    with results.report("hostile", sys.argv[1:], __doc__):
        main()

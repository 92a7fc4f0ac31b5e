"""Install the programs the tests drive, once, before pytest runs (the README's test command runs
this). The tests themselves install nothing: a test whose tool is missing fails and names it.

    python tests/setup_tools.py          # install what is missing (Debian packages need root)
    python tests/setup_tools.py --check  # only say what is missing; exit 1 if anything is

* Debian packages, with apt-get: Chromium (the page tests, through Playwright), poppler's
  ``pdftoppm`` (the PDF is compared with the PNG), a Java runtime (the Nu HTML checker),
  Node.js with npm (the JS engine tests; npm fetches the two tools below), gcc (the Shisen-sho
  hold-up test compiles its independent player, tests/shisen_player.c), and clang 14 with lld 14
  and wasi-libc (tests/test_shisen_wasm.py rebuilds the page's WebAssembly search with
  build_wasm.py and compares it byte for byte with the one shipped).
* npm packages, pinned here and nowhere else: the Nu HTML checker (``vnu-jar``) and axe-core.
  They go into a cache folder outside the source tree, ``$HARUPAN_TOOLS`` (default
  ``~/.cache/harupan-tools``), one folder per package and version, so a clone stays clean and a
  second run installs nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

# program on PATH -> the Debian package that provides it
DEBIAN = {
    "chromium": "chromium",
    "pdftoppm": "poppler-utils",
    "pdftotext": "poppler-utils",
    "pdffonts": "poppler-utils",
    "java": "default-jre-headless",
    "node": "nodejs",
    "npm": "npm",
    "gcc": "gcc",
    "clang-14": "clang-14",
    "wasm-ld-14": "lld-14",
}
# a file the tests need that no program on PATH stands for -> the Debian package that provides it
DEBIAN_FILES = {
    "/usr/lib/wasm32-wasi/libc.a": "wasi-libc",
}
# npm package -> (pinned version, the file inside the package the tests use)
NPM = {
    "vnu-jar": ("26.9.27", "build/dist/vnu.jar"),
    "axe-core": ("4.14.1", "axe.min.js"),
}
TOOLS = Path(os.environ.get("HARUPAN_TOOLS", Path.home() / ".cache" / "harupan-tools"))


def npm_path(package: str) -> Path:
    """Where the pinned ``package``'s file lives once installed."""
    version, file = NPM[package]
    return TOOLS / f"{package}-{version}" / "node_modules" / package / file


def npm_installed(package: str) -> bool:
    version, _ = NPM[package]
    meta = TOOLS / f"{package}-{version}" / "node_modules" / package / "package.json"
    try:
        return npm_path(package).is_file() and json.loads(meta.read_text())["version"] == version
    except (OSError, ValueError, KeyError):
        return False


def missing() -> tuple[list[str], list[str]]:
    """(programs missing from PATH and files missing, npm packages not in the cache)."""
    return ([p for p in DEBIAN if not shutil.which(p)] + [f for f in DEBIAN_FILES if not Path(f).is_file()],
            [p for p in NPM if not npm_installed(p)])


def install_debian(programs: list[str]) -> None:
    packages = sorted({DEBIAN.get(p) or DEBIAN_FILES[p] for p in programs})
    if not shutil.which("apt-get") or os.geteuid() != 0:
        sys.exit(f"setup_tools: missing {', '.join(programs)}; install the Debian packages "
                 f"{' '.join(packages)} (apt-get needs root)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    print(f"setup_tools: apt-get install {' '.join(packages)}", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-qq"], check=True, timeout=900, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages],
                   check=True, timeout=1800, env=env)


def install_npm(packages: list[str]) -> None:
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("setup_tools: npm is missing (Debian package npm)")
    for package in packages:
        version, _ = NPM[package]
        folder = TOOLS / f"{package}-{version}"
        folder.mkdir(parents=True, exist_ok=True)
        print(f"setup_tools: npm install {package}@{version} into {folder}", file=sys.stderr)
        r = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--silent", "--prefix",
                            str(folder), f"{package}@{version}"], capture_output=True, text=True, timeout=900)
        if r.returncode != 0 or not npm_installed(package):
            sys.exit(f"setup_tools: cannot install {package}@{version} from npm: {r.stderr.strip()[-500:]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only report what is missing")
    args = ap.parse_args()
    programs, packages = missing()
    if args.check:
        for p in programs:
            print(f"missing: {p} (Debian package {DEBIAN.get(p) or DEBIAN_FILES[p]})")
        for p in packages:
            print(f"missing: {p}@{NPM[p][0]} (npm, into {TOOLS})")
        return 1 if programs or packages else 0
    if programs:
        install_debian(programs)
    if packages:
        install_npm(packages)
    programs, packages = missing()
    if programs or packages:
        sys.exit(f"setup_tools: still missing {', '.join(programs + packages)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

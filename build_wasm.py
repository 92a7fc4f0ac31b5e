"""The build's other compiled part: the Shisen-sho search as a WebAssembly module for the day page.

    python build_wasm.py           # rebuild harupan/renderers/games/shisen/shisen-solver.wasm
    python build_wasm.py --check   # rebuild into a temporary file; exit 1 if it differs from the one shipped
    python build_wasm.py --out F   # rebuild into F

The module is the C search (harupan/engine/shisen/solver_core.c, with its WebAssembly binding
solver_wasm.c), the same code the CPython twin runs. It ships inside the package, ready-made, so
an install needs no WebAssembly toolchain; run this after changing any file that
``csource.MODULE`` names, and commit the result (tests/test_shisen_wasm.py rebuilds it and fails
when the bytes or the stamped source digest differ from what ships).

The toolchain is Debian's, from its package registry (tests/setup_tools.py installs it): clang 14
for ``--target=wasm32-wasi``, its linker (lld's wasm-ld) and wasi-libc for malloc, qsort and the
string functions. Chosen over emscripten (a larger install that adds a JavaScript runtime of its own
the page does not need) and over a compiler from PyPI (none there builds to wasm32 with a libc):
with no start files and no default libraries, these give a module that imports nothing, and the
same bytes on every rebuild. The custom sections the linker writes are dropped and one is added,
``harupan.source-sha256``: the digest of the sources it was built from (as the twin's
SOURCE_SHA256), which the test compares with the files beside it."""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SOURCES = ROOT / "harupan" / "engine" / "shisen"
TARGET = ROOT / "harupan" / "renderers" / "games" / "shisen" / "shisen-solver.wasm"
CLANG = "clang-14"  # Debian's clang-14 package; its wasm-ld comes with lld-14, its libc with wasi-libc
DIGEST_SECTION = "harupan.source-sha256"
# -O3 as the twin; -ffp-contract=off: the work counter is summed exactly as Python sums it. A 2 MB
# stack holds the search's deepest recursion (a frame a branch level, with pair buffers of the
# core's fixed sizes). No start files or default libraries: the module is a library the page calls,
# and libc is linked by name, so nothing is imported.
FLAGS = ["--target=wasm32-wasi", "-O3", "-ffp-contract=off", "-std=c11", "-Wall", "-Wextra", "-Werror",
         "-nostartfiles", "-nodefaultlibs", "-Wl,--no-entry", "-Wl,--strip-all", "-Wl,-z,stack-size=2097152"]


def _csource():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("csource", SOURCES / "csource.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _leb(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def _uleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def sections(data: bytes) -> list[tuple[int, str, bytes]]:
    """The module's sections: (id, custom section's name or "", the section's payload)."""
    if data[:8] != b"\0asm\x01\0\0\0":
        raise ValueError("not a WebAssembly module (version 1)")
    out, i = [], 8
    while i < len(data):
        sid = data[i]
        size, j = _leb(data, i + 1)
        payload = data[j:j + size]
        name = ""
        if sid == 0:
            n, k = _leb(payload, 0)
            name = payload[k:k + n].decode("utf-8")
        out.append((sid, name, payload))
        i = j + size
    return out


def stamped_digest(data: bytes) -> str | None:
    """The source digest a module carries, or None."""
    for sid, name, payload in sections(data):
        if sid == 0 and name == DIGEST_SECTION:
            n, k = _leb(payload, 0)
            return payload[k + n:].decode("ascii")
    return None


def imports(data: bytes) -> int:
    """How many imports the module has (the page gives it none)."""
    for sid, _, payload in sections(data):
        if sid == 2:
            return _leb(payload, 0)[0]
    return 0


def stamp(data: bytes, digest: str) -> bytes:
    """The module without its custom sections, and with the digest's."""
    out = bytearray(data[:8])
    for sid, _, payload in sections(data):
        if sid != 0:
            out += bytes([sid]) + _uleb(len(payload)) + payload
    name = DIGEST_SECTION.encode()
    custom = _uleb(len(name)) + name + digest.encode("ascii")
    out += b"\0" + _uleb(len(custom)) + custom
    return bytes(out)


def build(out: Path) -> None:
    clang = shutil.which(CLANG)
    if clang is None:
        sys.exit(f"build_wasm: {CLANG} is missing (Debian packages clang-14, lld-14, wasi-libc; "
                 "python tests/setup_tools.py installs them)")
    csource = _csource()
    c_files = [str(SOURCES / n) for n in csource.MODULE if n.endswith(".c")]
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.wasm"
        r = subprocess.run([clang, *FLAGS, "-o", str(raw), *c_files, "-lc"], capture_output=True, text=True,
                           env=dict(os.environ, LC_ALL="C"))
        if r.returncode != 0:
            sys.exit(f"build_wasm: {CLANG} failed:\n{r.stderr.strip()}")
        data = raw.read_bytes()
    if imports(data):
        sys.exit("build_wasm: the module imports from its host; the page gives it nothing (a libc function "
                 "that needs the system crept in)")
    out.write_bytes(stamp(data, csource.digest(csource.MODULE, SOURCES)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="rebuild into a temporary file and compare with the shipped one")
    ap.add_argument("--out", type=Path, help=f"where to write the module (default {TARGET.relative_to(ROOT)})")
    args = ap.parse_args()
    if not args.check:
        build(args.out or TARGET)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.wasm"
        build(fresh)
        if fresh.read_bytes() != TARGET.read_bytes():
            print(f"build_wasm: {TARGET.relative_to(ROOT)} differs from a rebuild of its sources: "
                  "run `python build_wasm.py` and commit it", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

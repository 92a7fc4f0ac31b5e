"""Issue 14: random bytes and random JSON to every command that reads a file. Whatever comes in,
the answer is an exit code with at most one line on stderr: never a traceback, and memory
bounded by the input limits (measured with tracemalloc)."""

import json
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harupan.cli.main import cli

pytestmark = pytest.mark.slow  # fuzzing: hundreds of inputs a command (issue 22's fast tier leaves it out)

MEMORY_LIMIT = 64 << 20  # bytes a command may allocate on a fuzz input of a few kilobytes

# What the file-reading commands look for, so random JSON gets past the first checks now and then.
KEYS = ["format", "date", "seed", "start", "cells", "width", "height", "solution", "difficulty", "moves", "score",
        "slug", "title", "summary", "updated", "sections", "heading", "body", "figures", "kind", "caption", "faq",
        "related", "tiles", "board"]
FORMATS = ["harupan/shisen@1", "harupan/zodiac@1", "harupan/day@1"]
scalars = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
           | st.sampled_from(["1m", "2p", "7z", "..", "2026-11-29", "2026-02-30", "LURD", ""] + FORMATS)
           | st.text(max_size=20))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=8)
                           | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), inner, max_size=8),
                           max_leaves=40)
documents = (json_values.map(lambda v: json.dumps(v).encode())
             | json_values.map(lambda v: json.dumps(v, indent=1).encode() + b"\n" + json.dumps(v).encode())
             | st.binary(max_size=3000)
             | st.text(alphabet=st.sampled_from(list("1mpsz234567. \n\t{}[]\":,.LURD")), max_size=400).map(str.encode))

COMMANDS = {
    "shisen solve": lambda f, out: ["shisen", "solve", f],
    "shisen hint": lambda f, out: ["shisen", "hint", f],
    "shisen shuffle": lambda f, out: ["shisen", "shuffle", f, "--seed", "fuzz"],
    "zodiac verify": lambda f, out: ["zodiac", "verify", f],
    "render": lambda f, out: ["render", f, "--format", "svg", "-o", out],
    "rules check": None,  # a content folder holding the file as a rule page
}


def run_one(tmp: Path, command: str, data: bytes):
    f = tmp / "input"
    f.write_bytes(data)
    if command == "rules check":
        rules = tmp / "content" / "rules"
        rules.mkdir(parents=True, exist_ok=True)
        (rules / "page.yaml").write_bytes(data)
        args = ["rules", "check", "--content", str(tmp / "content")]
    else:
        args = COMMANDS[command](str(f), str(tmp / "out.svg"))
    tracemalloc.start()
    try:
        r = CliRunner().invoke(cli, args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return r, peak


@pytest.mark.parametrize("command", sorted(COMMANDS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=documents)
def test_random_input_gets_an_exit_code_and_one_line(tmp_path, command, data):
    r, peak = run_one(tmp_path, command, data)
    assert r.exception is None or isinstance(r.exception, SystemExit), (command, data[:200], r.exc_info)
    assert "Traceback" not in r.output
    assert r.exit_code in (0, 1, 2, 3), (command, r.exit_code, r.output)
    lines = r.stderr.strip().splitlines()
    if r.exit_code == 2:
        assert command == "rules check" or len(lines) == 1, (command, data[:200], r.stderr)
        assert all(line.startswith("harupan: ") and len(line) < 2000 for line in lines), r.stderr
    else:
        assert lines == [], (command, r.exit_code, r.stderr)
    assert peak < MEMORY_LIMIT, (command, peak)

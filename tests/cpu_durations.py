"""``--cpu-durations=FILE``: where the suite's CPU time goes, for tuning it on a shared machine.

Wall time on a machine shared with other jobs says more about the other jobs than about a
test, so this records CPU seconds instead: this process's own plus the children it has waited
for (``RUSAGE_SELF + RUSAGE_CHILDREN``), for each test's setup, call and teardown and for each
fixture's setup. A child still running (the page tests' browser, kept for the session) is
counted when it ends, so its CPU lands on the test that ends it. Under pytest-xdist each worker
writes ``FILE.<worker>``. Read it with ``python tests/cpu_durations.py FILE...``.

    python -m pytest --cpu-durations=/tmp/cpu.jsonl
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict

import pytest


def _cpu() -> float:
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def pytest_addoption(parser):
    parser.addoption("--cpu-durations", metavar="FILE", default=None,
                     help="write each test's and each fixture setup's CPU seconds to FILE (JSON lines)")


class _Recorder:
    def __init__(self, path: str):
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        self.out = open(f"{path}.{worker}" if worker else path, "w", encoding="utf-8")

    def write(self, **row) -> None:
        self.out.write(json.dumps(row) + "\n")
        self.out.flush()

    def _phase(self, item, phase):
        c0, w0 = _cpu(), time.perf_counter()
        yield
        self.write(kind="test", id=item.nodeid, phase=phase, cpu=round(_cpu() - c0, 3),
                   wall=round(time.perf_counter() - w0, 3))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        yield from self._phase(item, "setup")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        yield from self._phase(item, "call")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item):
        yield from self._phase(item, "teardown")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        c0, w0 = _cpu(), time.perf_counter()
        yield
        self.write(kind="fixture", id=f"{fixturedef.baseid}::{fixturedef.argname}", scope=fixturedef.scope,
                   cpu=round(_cpu() - c0, 3), wall=round(time.perf_counter() - w0, 3))


def pytest_configure(config):
    path = config.getoption("--cpu-durations")
    if path:
        config.pluginmanager.register(_Recorder(path), "cpu-durations-recorder")


def main(paths: list[str], top: int = 25) -> None:
    tests: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    fixtures: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row["kind"] == "test":
                    tests[row["id"]][0] += row["cpu"]
                    tests[row["id"]][1] += row["wall"]
                else:
                    fixtures[row["id"]][0] += row["cpu"]
                    fixtures[row["id"]][1] += row["wall"]
                    fixtures[row["id"]][2] += 1
    print(f"{len(tests)} tests: {sum(v[0] for v in tests.values()):.0f} s CPU, "
          f"{sum(v[1] for v in tests.values()):.0f} s wall (setup + call + teardown)")
    print(f"\nslowest {top} tests (CPU s, wall s; setup includes fixtures built for it):")
    for name, (cpu, wall) in sorted(tests.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{cpu:8.1f} {wall:8.1f}  {name[:140]}")
    print(f"\ncostliest {top} fixtures (CPU s, wall s, times set up):")
    for name, (cpu, wall, n) in sorted(fixtures.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{cpu:8.1f} {wall:8.1f} {n:4d}  {name[:140]}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""The suite's own sharing (tests/conftest.py, tests/shared_layouts.py): what is built once a test
run is built once, and no test can change what another one reads."""

import pickle

from conftest import built_once
from shared_layouts import sharing


def test_a_layout_is_dealt_once_and_handed_out_whole(tmp_path):
    calls = []

    def real(date, size, level):
        calls.append((date, size, level))
        return {"date": date, "size": size, "level": level, "cells": [[1, 2], [2, 1]]}

    generate = sharing(tmp_path, real)
    first = generate("2026-11-29", "18x8", "normal")
    first["cells"][0][0] = 99  # a caller changing what it got
    again = generate("2026-11-29", "18x8", "normal")
    assert calls == [("2026-11-29", "18x8", "normal")]
    assert again == {"date": "2026-11-29", "size": "18x8", "level": "normal", "cells": [[1, 2], [2, 1]]}
    assert generate("2026-11-30", "18x8", "normal")["date"] == "2026-11-30" and len(calls) == 2
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["2026-11-29_18x8_normal.pickle", "2026-11-30_18x8_normal.pickle"]  # no temporaries left
    assert pickle.loads((tmp_path / kept[0]).read_bytes())["cells"] == [[1, 2], [2, 1]]


def test_built_once_builds_once_and_gives_each_caller_its_own_copy(tmp_path_factory):
    builds = []

    def build(folder):
        builds.append(folder)
        (folder / "site").mkdir()
        (folder / "site" / "index.html").write_text("home")

    a = built_once(tmp_path_factory, "sharing-test", build)
    (a / "site" / "index.html").write_text("changed by a test")
    b = built_once(tmp_path_factory, "sharing-test", build)
    assert len(builds) == 1 and a != b
    assert (b / "site" / "index.html").read_text() == "home"

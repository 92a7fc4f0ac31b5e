"""Issue 20, item 2: no write follows a link harupan did not make. A symlink planted in the site
(a folder or a file, before the run or while it runs), in ``.pars/`` or in a rule pages folder
ends the run with exit 2 naming it, and nothing is written through it."""

import hashlib
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from harupan.cli.main import cli
from harupan.publish import atomic, days


pytestmark = pytest.mark.usefixtures("fast_site", "remembered_layouts")  # links are tested here, not the dealing


def tree(folder: Path) -> dict[str, str]:
    """Every path under ``folder`` (not following links) with its bytes' digest or its link text."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root) / name
            rel = str(p.relative_to(folder))
            if p.is_symlink():
                out[rel] = "-> " + os.readlink(p)
            elif p.is_dir():
                out[rel] = "dir"
            elif name != ".harupan.lock":
                out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


@pytest.fixture(scope="module")
def base_site(fast_day_factory):
    return fast_day_factory()  # harupan daily --date 2026-11-29, made once per test run


@pytest.fixture
def elsewhere(tmp_path):
    """A folder outside the site, on a tmpfs of its own where one can be mounted (another file
    system, as a planted link would usually lead to), else beside the site."""
    where = tmp_path / f"elsewhere-{uuid.uuid4().hex[:8]}"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(where)],
                             capture_output=True).returncode == 0
    try:
        yield where
    finally:
        if mounted:
            subprocess.run(["umount", str(where)], check=True)


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def plant(site: Path, rel: str, elsewhere: Path) -> Path:
    """Replace ``site/rel`` with a link to a copy of it (or to an empty folder) in ``elsewhere``."""
    path = site / rel
    target = elsewhere / rel.replace("/", "_")
    if path.is_dir():
        shutil.copytree(path, target)
        shutil.rmtree(path)
    elif path.is_file():
        shutil.copy2(path, target)
        path.unlink()
    else:
        target.mkdir()
        path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    return path


def refused(r, link: Path) -> None:
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1, r.stderr
    assert repr(str(link)) in lines[0] and "symbolic link" in lines[0] and "harupan did not make" in lines[0], lines[0]
    assert "Traceback" not in r.output


@pytest.mark.parametrize("rel", ["archive", "2026", "2026/11", "static", "rules/shisen", "index.html",
                                 "2026/11/29", "2026/11/29/puzzle.json", ".harupan.lock", "2026/11/.30.new"])
def test_a_planted_link_in_the_site_is_refused_before_anything_is_written(base_site, tmp_path, elsewhere, rel):
    site = tmp_path / "site"
    shutil.copytree(base_site, site, symlinks=True)
    link = plant(site, rel, elsewhere)
    before, outside = tree(site), tree(elsewhere)
    r = invoke("daily", "--date", "2026-11-30", "--site", site, "--jobs", "1")
    refused(r, link)
    assert tree(site) == before
    assert tree(elsewhere) == outside


def test_a_planted_pars_link_is_refused_by_prepare_and_by_daily(base_site, tmp_path, elsewhere):
    site = tmp_path / "site"
    shutil.copytree(base_site, site, symlinks=True)
    link = plant(site, ".pars", elsewhere)
    before, outside = tree(site), tree(elsewhere)
    refused(invoke("prepare", "--from", "2026-12-05", "--days", "1", "--site", site, "--jobs", "1"), link)
    refused(invoke("daily", "--date", "2026-11-30", "--site", site, "--jobs", "1"), link)
    assert tree(site) == before and tree(elsewhere) == outside == {".pars": "dir"}


def test_a_link_planted_while_the_run_writes_is_refused_and_the_run_put_back(base_site, tmp_path, elsewhere,
                                                                              monkeypatch):
    """The check before the run is not the only guard: ``archive`` swapped for a link after the
    new day's first file is written (a race with the check) is refused when the run reaches it,
    nothing is written through it, and the day the run had put in place is taken out again."""
    site = tmp_path / "site"
    shutil.copytree(base_site, site, symlinks=True)
    real = atomic.put_bytes
    swapped: list[Path] = []

    def put(path, data, **kw):
        if not swapped:
            swapped.append(plant(site, "archive", elsewhere))
        return real(path, data, **kw)

    monkeypatch.setattr(atomic, "put_bytes", put)
    monkeypatch.setattr(days, "put_bytes", put)
    outside = None
    r = invoke("daily", "--date", "2026-11-30", "--site", site, "--jobs", "1")
    outside = tree(elsewhere)
    refused(r, site / "archive")
    archive = {k: v for k, v in tree(base_site).items() if k == "archive" or k.startswith("archive/")}
    assert outside == archive  # the archive as it was (index, month pages), nothing written through the link
    assert not (site / "2026" / "11" / "30").exists()
    assert not (site / "2026" / "11" / ".30.new").exists()


def test_a_prepare_writes_no_record_through_a_link_planted_as_it_runs(tmp_path, elsewhere, monkeypatch):
    """``.pars`` swapped for a link after the check: the record is not written there."""
    from harupan.publish import owner, site as publish

    site = tmp_path / "site"
    real = owner.refuse_planted_links

    def check_then_swap(folder, **kw):
        real(folder, **kw)
        (site / ".pars").symlink_to(elsewhere)

    monkeypatch.setattr(publish, "refuse_planted_links", check_then_swap)
    r = invoke("prepare", "--from", "2026-12-05", "--days", "1", "--site", site, "--jobs", "1")
    refused(r, site / ".pars")
    assert tree(elsewhere) == {}


def test_rules_build_refuses_a_planted_link(tmp_path, elsewhere, rules_factory):
    out = tmp_path / "rules"
    shutil.copytree(rules_factory(), out, symlinks=True)  # what 'harupan rules build -o OUT' wrote
    link = plant(out, "shisen", elsewhere)
    outside = tree(elsewhere)
    refused(invoke("rules", "build", "-o", out), link)
    assert tree(elsewhere) == outside
    link.unlink()
    link = plant(out, "fonts/sans.woff", elsewhere)
    outside = tree(elsewhere)
    refused(invoke("rules", "build", "-o", out), link)
    assert tree(elsewhere) == outside


@pytest.mark.parametrize("rel", ["archive/.index.html.tmp", ".index.html.old", "2026/11/29/.puzzle.json.tmp"])
def test_a_link_at_a_temporary_name_is_removed_never_followed(base_site, tmp_path, elsewhere, rel):
    """harupan's own temporary names are removed by name and never opened, so a link found there
    is not refused: it goes, and what it pointed to keeps its bytes."""
    site = tmp_path / "site"
    shutil.copytree(base_site, site, symlinks=True)
    precious = elsewhere / "precious"
    precious.write_text("mine")
    (site / rel).symlink_to(precious)
    r = invoke("daily", "--date", "2026-11-29", "--site", site, "--jobs", "1")
    assert r.exit_code == 0, r.stderr
    assert precious.read_text() == "mine"
    if rel.startswith("2026"):  # a day already current is not touched at all; its leftover stays, harmless
        assert (site / rel).is_symlink()
    else:
        assert not os.path.lexists(site / rel)

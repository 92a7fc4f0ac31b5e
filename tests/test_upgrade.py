"""Issue 22: old days survive a new game. ``tests/data/site_prev/site`` is a site the previous
release published (two games, two nights; its README says how). After an upgrade that adds the
사색패 game, the next night's run must keep every old day listed (home, archive, feed, sitemap)
and served, never rewrite its ``puzzle.json``, ``site build`` must refresh the old days whose
tagline changed, and ``site build --force`` must draw an old day again with the games it has."""

import json
import re
import shutil
import socket
import threading
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from harupan.cli.main import cli
from harupan.renderers.games import views
from harupan.renderers.ko import join_ko
from harupan.renderers.raster import BITMAP_SCALE

from conftest import DATA, FAST, sitemap_entries

PREV = DATA / "site_prev" / "site"
OLD = ("2026/11/29", "2026/11/30")
NEW = "2026/12/01"


def run(*args: str, today: str) -> tuple[int, str]:
    """``harupan ARGS`` in this process (so the registry is this test's), with FAST settings."""
    env = {**FAST, "HARUPAN_TODAY": today}
    r = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    return r.exit_code, r.output


def art_sheet_of(page: Path) -> tuple[Path, str, str]:
    """The art sheet a page names, and the width and height the page draws it at."""
    m = re.search(r'<image id="art" href="([^"]+)" width="([^"]+)" height="([^"]+)"', page.read_text(encoding="utf-8"))
    assert m, page
    return (page.parent / m[1]).resolve(), m[2], m[3]


def get(port: int, path: str) -> int:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET /{path} HTTP/1.0\r\nHost: x\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return int(data.split(b"\r\n", 1)[0].split()[1])


def test_a_site_from_the_previous_release_upgrades_with_every_old_day(cards_game, tmp_path, remembered_layouts):
    # (the new day's layout is dealt once a test run: the upgrade is tested here, not the dealing)
    site = tmp_path / "site"
    shutil.copytree(PREV, site, symlinks=True)
    before = {d: (site / d / "puzzle.json").read_bytes() for d in OLD}
    assert all("cards" not in json.loads(b) for b in before.values())  # the fixture is the old release's

    code, out = run("daily", "--date", "2026-12-01", "--site", str(site), "--jobs", "1", today="2026-12-01")
    assert code == 0, out
    assert "cards" in json.loads((site / NEW / "puzzle.json").read_bytes())
    assert (site / NEW / "cards.png").is_file()
    for d in OLD:
        assert (site / d / "puzzle.json").read_bytes() == before[d], f"{d}: puzzle.json was rewritten"
        assert not (site / d / "cards.png").exists()

    listed = OLD + (NEW,)
    archive = (site / "archive" / "2026" / "11" / "index.html").read_text(encoding="utf-8")
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    sitemap = [loc for loc, _ in sitemap_entries(site)]
    for d in listed:
        assert f"https://harupan.example/{d}/index.html" in sitemap, d
        assert f"https://harupan.example/{d}/index.html" in feed, d
    for d in OLD:
        assert f"{d}/index.html" in archive, d
    assert f"{NEW}/index.html" in (site / "index.html").read_text(encoding="utf-8")  # the home page: the newest

    # The old days' pages were made with the old tagline, which named two games; the default one
    # now names every registered game, so their marks say they were made with other settings until
    # `site build` over their dates (no --force) makes their pages again from their own puzzle.json.
    code, out = run("site", "check", "--site", str(site), today="2026-12-01")
    assert code == 1 and out.count("does not match puzzle.json and the settings") == len(OLD), out
    assert all(f"{d}/.built" in out for d in OLD), out
    assert (site / "static" / "art.svg").read_bytes() == (PREV / "static" / "art.svg").read_bytes()
    for d in listed:  # each page frames its tiles on the sheet it names, drawn as the page expects
        sheet, width, height = art_sheet_of(site / d / "index.html")
        assert sheet.is_file(), d
        assert re.search(rf'<svg [^>]*width="{width}" height="{height}"', sheet.read_text()[:300]), (d, sheet.name)
    assert art_sheet_of(site / OLD[0] / "index.html")[0].name == "art.svg"

    from harupan.publish.serve import server

    srv = server(site, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        port = srv.server_address[1]
        for d in listed:
            for name in ("index.html", "puzzle.json", "sheet-a4.pdf"):
                assert get(port, f"{d}/{name}") == 200, f"{d}/{name}"
    finally:
        srv.shutdown()
        srv.server_close()

    (site / OLD[0] / "index.html").unlink()  # --force draws it again, whatever is there
    code, out = run("site", "build", "--from", "2026-11-29", "--to", "2026-11-29", "--site", str(site), "--force",
                    "--jobs", "1", "--quiet", today="2026-12-01")
    assert code == 0, out
    day = site / OLD[0]
    assert (day / "puzzle.json").read_bytes() == before[OLD[0]]
    page = (day / "index.html").read_text(encoding="utf-8")
    assert 'id="shisen-h"' in page and 'id="zodiac-h"' in page
    assert 'id="cards-h"' not in page  # drawn with the games it has: two
    assert '"cards"' not in page.split('id="harupan-day"')[1].split("</script>")[0]
    sheet, width, height = art_sheet_of(day / "index.html")  # drawn again: on this release's sheet
    assert sheet.name != "art.svg" and re.search(rf'<svg [^>]*width="{width}" height="{height}"', sheet.read_text()[:300])
    # and its board's tiles on the sheet's bitmap copy, there at its scale
    m = re.search(r'<image id="art-px" href="([^"]+)" width="([^"]+)" height="([^"]+)"', page)
    assert m and (m[2], m[3]) == (width, height), page[:2000]
    with Image.open(day / m[1]) as copy:
        assert copy.format == "WEBP" and copy.size == (BITMAP_SCALE * int(width), BITMAP_SCALE * int(height))
    code, out = run("site", "build", "--from", OLD[0].replace("/", "-"), "--to", OLD[-1].replace("/", "-"), "--site",
                    str(site), "--jobs", "1", "--quiet", today="2026-12-01")  # no --force: the day still marked old
    assert code == 0, out
    for d in OLD:
        assert (site / d / "puzzle.json").read_bytes() == before[d], f"{d}: puzzle.json was rewritten"
        assert not (site / d / "cards.png").exists()
        page = (site / d / "index.html").read_text(encoding="utf-8")
        assert 'id="cards-h"' not in page and f"{join_ko([v.title for v in views()])} · " in page
    code, out = run("site", "check", "--site", str(site), today="2026-12-01")
    assert code == 0, out

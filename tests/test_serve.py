"""Issue 20, item 6: ``harupan site serve`` serves only the regular files inside the folder (never
a symlink, never outside), answers malformed paths with 400 or 404, and never prints a
traceback."""

import os
import re
import socket
import subprocess
import sys

import pytest

from conftest import FAST, ROOT


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A folder with pages, a planted link to a folder and one to a file outside it, served by
    ``harupan site serve`` in a process of its own; yields (port, site) and the server's stderr
    is checked after."""
    tmp_path = tmp_path_factory.mktemp("serve")
    site = tmp_path / "site"
    (site / "2026" / "12" / "01").mkdir(parents=True)
    (site / "index.html").write_text("<p>home</p>")
    (site / "404.html").write_text("<p>not here</p>")
    (site / "2026" / "12" / "01" / "index.html").write_text("<p>day</p>")
    (site / "static" / "js").mkdir(parents=True)
    (site / "static" / "site.css").write_text("p { color: red; }\n" * 200)
    (site / "static" / "js" / "solver-0123456789ab.js").write_text("let x = 1;\n" * 300)
    (site / "_headers").write_text("/*\n  X: y\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("secret")
    (outside / "index.html").write_text("secret page")
    (site / "etcl").symlink_to("/etc")
    (site / "out").symlink_to(outside)
    (site / "secret.txt").symlink_to(outside / "secret.txt")
    (site / "2026" / "12" / "02").symlink_to(outside)
    (site / "fifo").mkdir()
    os.mkfifo(site / "fifo" / "index.html")
    proc = subprocess.Popen([sys.executable, "-m", "harupan", "site", "serve", "--site", str(site), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env=dict(os.environ, **FAST, PYTHONPATH=str(ROOT)))
    line = proc.stdout.readline()
    port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
    try:
        yield port, site
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
        assert "Traceback" not in err, err


def request(port: int, target: bytes, headers: bytes = b"") -> tuple[int, bytes]:
    """The status and body of ``GET target`` sent as raw bytes (no client tidying the path)."""
    status, _, body = exchange(port, target, headers)
    return status, body


def exchange(port: int, target: bytes, headers: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    """The status, headers (lower-case names) and body of ``GET target`` with extra ``headers``
    (raw lines, each ending in CRLF)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET " + target + b" HTTP/1.0\r\nHost: x\r\n" + headers + b"\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    assert data, f"an empty reply to {target!r}"
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = dict((k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:]))
    return int(lines[0].split()[1]), fields, body


def test_text_is_gzipped_for_a_client_that_takes_it(served):
    """As a static host does (issue 33): gzip when asked, the same bytes once unzipped, never for a
    client that does not take it (nor one that refuses it with q=0), nor for a file too small to gain."""
    import gzip

    port, site = served
    css = (site / "static" / "site.css").read_bytes()
    status, head, body = exchange(port, b"/static/site.css", b"Accept-Encoding: br, gzip;q=0.8\r\n")
    assert status == 200 and head["content-encoding"] == "gzip" and "accept-encoding" in head["vary"].lower()
    assert gzip.decompress(body) == css and len(body) < len(css) / 5 and int(head["content-length"]) == len(body)
    for asked in (b"", b"Accept-Encoding: br\r\n", b"Accept-Encoding: gzip;q=0\r\n", b"Accept-Encoding: *;q=0.5, gzip;Q=0\r\n",
                  b"Accept-Encoding: gzip;q=x\r\n"):
        status, head, body = exchange(port, b"/static/site.css", asked)
        assert (status, body, "content-encoding" in head) == (200, css, False), asked
    assert exchange(port, b"/static/site.css", b"Accept-Encoding: identity, *\r\n")[1]["content-encoding"] == "gzip"
    status, head, body = exchange(port, b"/", b"Accept-Encoding: gzip\r\n")
    assert (body, "content-encoding" in head) == (b"<p>home</p>", False)  # 11 bytes: sent as they are


def test_cache_headers_keep_hashed_names_and_check_the_rest(served):
    """A name carrying its content's hash is kept a year; a page or site.css is checked again each
    visit, and an unchanged one answers 304 to its ETag (gzipped and plain are different tags)."""
    port, _ = served
    _, head, _ = exchange(port, b"/static/js/solver-0123456789ab.js")
    assert head["cache-control"] == "public, max-age=31536000, immutable"
    for target in (b"/", b"/2026/12/01/", b"/static/site.css"):
        _, head, _ = exchange(port, target, b"Accept-Encoding: gzip\r\n")
        assert head["cache-control"] == "no-cache", target
        status, again, body = exchange(port, target, b"Accept-Encoding: gzip\r\nIf-None-Match: " + head["etag"].encode() + b"\r\n")
        assert (status, body, again["etag"]) == (304, b"", head["etag"]), target
    _, zipped, _ = exchange(port, b"/static/site.css", b"Accept-Encoding: gzip\r\n")
    _, plain, _ = exchange(port, b"/static/site.css")
    assert zipped["etag"] != plain["etag"]
    assert exchange(port, b"/static/site.css", b"If-None-Match: " + zipped["etag"].encode() + b"\r\n")[0] == 200
    for asked in (b"*", b"W/" + plain["etag"].encode(), b'"other", ' + plain["etag"].encode()):
        assert exchange(port, b"/static/site.css", b"If-None-Match: " + asked + b"\r\n")[0] == 304, asked


def test_head_says_what_get_would_send(served):
    """HEAD: the headers GET sends (the gzipped length included), no body."""
    port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"HEAD /static/site.css HTTP/1.0\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    _, got, zipped = exchange(port, b"/static/site.css", b"Accept-Encoding: gzip\r\n")
    assert body == b"" and b"Content-Encoding: gzip" in head
    assert f"Content-Length: {len(zipped)}".encode() in head and f'ETag: {got["etag"]}'.encode() in head


def test_the_hosts_headers_file_is_not_served(served):
    port, _ = served
    assert request(port, b"/_headers") == (404, b"<p>not here</p>")


def test_operating_docs_give_the_servers_own_headers():
    """docs/operating.md's nginx lines are publish/headers.py's (one fact, checked here)."""
    from harupan.publish.headers import nginx_config

    text = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```nginx\n(.*?)```", text, re.S)
    assert blocks == [nginx_config() + "\n"], blocks


def test_the_sites_headers_file_covers_every_hashed_name():
    """The ``_headers`` file a build writes gives every file named by its hash a glob of its own
    family, and no glob that takes in a file without a hash."""
    from fnmatch import fnmatchcase

    from harupan.publish.assets import static_files
    from harupan.publish.headers import CACHE_RULES, headers_file

    names = static_files()
    globs = [line for line in headers_file(names).splitlines() if line.startswith("/")]
    hashed = re.compile(CACHE_RULES[0][1])
    assert globs and any(hashed.search(name) for name in names)  # something to check
    for name in names:
        assert any(fnmatchcase("/" + name, g) for g in globs) == bool(hashed.search(name)), name


def test_pages_are_served(served):
    port, _ = served
    assert request(port, b"/") == (200, b"<p>home</p>")
    assert request(port, b"/2026/12/01/") == (200, b"<p>day</p>")
    assert request(port, b"/2026/12/01/index.html?x=1") == (200, b"<p>day</p>")
    assert request(port, b"/2026/12/01")[0] == 301


@pytest.mark.parametrize("target", [b"/etcl/passwd", b"/etcl/", b"/out/secret.txt", b"/out/", b"/secret.txt",
                                    b"/2026/12/02/", b"/2026/12/02/index.html", b"/../../../../etc/passwd",
                                    b"/%2e%2e/%2e%2e/etc/passwd", b"/2026/..%2f..%2f..%2fetc/passwd",
                                    b"/fifo/", b"/fifo/index.html", b"/nothing"])
def test_links_fifos_and_the_world_outside_answer_404(served, target):
    port, _ = served
    status, body = request(port, target)
    assert (status, body) == (404, b"<p>not here</p>"), target


@pytest.mark.parametrize("target", [b"/%00", b"/index.html%00.png", b"/%zz", b"/%", b"/a%2", b"/%ff%fe",
                                    b"/" + b"a" * 5000, b"/%5c..%5cetc"], ids=lambda t: t[:20].decode())
def test_malformed_paths_answer_400(served, target):
    port, _ = served
    status, body = request(port, target)
    assert status == 400, (target, status)
    assert b"secret" not in body


def test_a_planted_404_page_link_is_not_read(tmp_path):
    """Even the site's 404 page is read through no link."""
    import threading

    from harupan.publish.serve import server

    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("home")
    (tmp_path / "secret").write_text("secret")
    (site / "404.html").symlink_to(tmp_path / "secret")
    httpd = server(site, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        status, body = request(httpd.server_address[1], b"/nothing")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert status == 404 and b"secret" not in body



def test_two_hundred_clients_at_once_are_all_answered(served):
    """200 connections opened together, each sending its request only once all are open (a
    page's burst from many phones): every one is answered (the listen queue held 5 before)."""
    import threading

    port, _ = served
    n = 200
    ready = threading.Barrier(n, timeout=60)
    answers: list[int] = []

    def client() -> None:
        # the kernel completes a connection the listen queue has room for at once; past the queue
        # a client waits for SYN retries (1 s, 3 s ...), which 2 s does not cover
        with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
            s.settimeout(60)
            ready.wait(timeout=60)
            s.sendall(b"GET / HTTP/1.0\r\nHost: x\r\n\r\n")
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        answers.append(int(data.split()[1]))

    threads = [threading.Thread(target=client) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=90)
    assert answers.count(200) == n, f"{answers.count(200)} of {n} answered 200"
    # and none of them had to wait for a place in the queue: the listening socket's backlog (what
    # ss shows as Send-Q of a listener) holds them all (it was 5: the rest were dropped and retried)
    ss = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True, check=True).stdout
    assert int(ss.split()[2]) >= n, ss


def test_every_file_type_of_the_site_is_named_without_the_machines_tables(monkeypatch):
    """The types `site serve` sends come from Python and the server, not from /etc/mime.types
    (a slim container has none): the WebP art and the WOFF font included."""
    import mimetypes

    from harupan.publish.serve import SiteHandler

    monkeypatch.setattr(mimetypes, "_db", mimetypes.MimeTypes())  # Python's own table only, as on such a machine
    handler = object.__new__(SiteHandler)
    kinds = {name: handler.guess_type(name) for name in (
        "index.html", "site.css", "harupan.js", "puzzle.json", "feed.xml", "sheet-a4.pdf", "shisen.png",
        "art-0123456789ab.svg", "art-0123456789ab.webp", "sans.woff", "manifest.webmanifest", "shisen-solver.wasm")}
    assert kinds["art-0123456789ab.webp"] == "image/webp" and kinds["sans.woff"] == "font/woff"
    assert not [n for n, k in kinds.items() if k == "application/octet-stream"], kinds

"""A local preview server for a built site: ``harupan site serve``.

It serves what a static host would: the site's files, with the site's own 404 page for anything
else. Dot files and dot folders (the lock, the build marks, the kept pars, a day being staged)
are not part of the site and answer 404 like a missing file; so do folders without an
index.html (no listings).

It serves nothing but the regular files inside the folder: the path is walked a name at a time
from the site's folder, each name opened relative to its parent without following links, so a
symlink anywhere in the site (``etc -> /etc``) answers 404 like a missing file, and ``..`` never
leaves the folder. A malformed path (a NUL, a bad or non-UTF-8 percent-escape, more than 2,048
characters) answers 400. A request that fails in any other way is one line in the log, never a
traceback.

It sends the headers a well-set static host sends (publish/headers.py), so a page measured
through it (bench/lighthouse.py) loads as it will for players: text gzipped for a client that
takes it, a file whose name carries its content's hash kept for a year, everything else checked
again on each visit (an ETag answers 304 when it has not changed).
"""

from __future__ import annotations

import email.utils
import errno
import functools
import gzip
import http.server
import io
import os
import re
import stat
import sys
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

from .atomic import open_below
from .headers import COMPRESSED, HOST_FILE, MAX_COMPRESSED, MIN_COMPRESSED, cache_control

MAX_PATH = 2048  # characters of a request's path: far more than any page of the site needs
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


class BadPath(Exception):
    """A request path that is not a path (answered with 400)."""


def request_parts(target: str) -> list[str]:
    """The names of a request target's path, decoded; :class:`BadPath` when it is malformed."""
    if len(target) > MAX_PATH:
        raise BadPath("the path is too long")
    raw = urlsplit(target).path
    if _BAD_ESCAPE.search(raw):
        raise BadPath("a bad percent-escape")
    try:
        text = unquote(raw, errors="strict")
    except UnicodeDecodeError:
        raise BadPath("a percent-escape that is not UTF-8") from None
    if "\0" in text or "\\" in text:
        raise BadPath("a NUL or a backslash")
    return [p for p in text.split("/") if p]


def open_in(root: str | int, parts: list[str]) -> tuple[int, os.stat_result] | None:
    """A descriptor of the regular file or folder ``parts`` names under ``root`` (a path, or an
    open folder's descriptor) and its status, reached through no link and no dot name; None if
    there is no such thing."""
    if any(p.startswith(".") for p in parts) or parts == [HOST_FILE]:
        return None  # dot files, '.', '..', the host's headers file: not part of the site
    try:
        fd = open_below(root, parts)
    except OSError as e:
        if e.errno in (errno.ENOENT, errno.ELOOP, errno.ENOTDIR, errno.EACCES, errno.ENAMETOOLONG):
            return None
        raise
    st = os.fstat(fd)
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
        os.close(fd)
        return None  # a FIFO or a device is never read
    return fd, st


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    timeout = 30  # seconds a client may leave a request half-sent before its connection is closed
    # the site's types that Python's own table lacks, which it would otherwise take from the
    # machine's /etc/mime.types, when there is one (a slim container has none)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webp": "image/webp", ".woff": "font/woff"}

    def send_head(self) -> BinaryIO | None:
        try:
            parts = request_parts(self.path)
        except BadPath as e:
            self.send_error(400, str(e))
            return None
        found = open_in(self.directory, parts)
        if found is not None and stat.S_ISDIR(found[1].st_mode):
            folder = found[0]
            if not urlsplit(self.path).path.endswith("/"):
                os.close(folder)
                split = urlsplit(self.path)
                self.send_response(301)
                self.send_header("Location", split.path + "/" + (f"?{split.query}" if split.query else ""))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            try:
                found = open_in(folder, ["index.html"])
            finally:
                os.close(folder)
            if found is not None and not stat.S_ISREG(found[1].st_mode):
                os.close(found[0])
                found = None
            parts = [*parts, "index.html"]
        if found is None:
            self.send_error(404)
            return None
        fd, st = found
        f = os.fdopen(fd, "rb")
        kind = self.guess_type(parts[-1] if parts else "index.html")
        zipped = (kind.split(";")[0] in COMPRESSED and MIN_COMPRESSED <= st.st_size <= MAX_COMPRESSED
                  and self.takes_gzip())
        tag = f'"{st.st_mtime_ns:x}-{st.st_size:x}{"-gz" if zipped else ""}"'
        asked = [t.strip().removeprefix("W/") for t in self.headers.get("If-None-Match", "").split(",")]
        if tag in asked or "*" in asked:
            f.close()
            self.send_response(304)
            self.common_headers("/".join(parts), tag)
            self.end_headers()
            return None
        body: BinaryIO = f
        size = st.st_size
        if zipped:
            with f:
                data = gzip.compress(f.read(MAX_COMPRESSED + 1), compresslevel=6, mtime=0)
            body, size = io.BytesIO(data), len(data)
        self.send_response(200)
        self.send_header("Content-type", kind)
        self.send_header("Content-Length", str(size))
        if zipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        self.common_headers("/".join(parts), tag)
        self.end_headers()
        return body

    def takes_gzip(self) -> bool:
        """Whether the client's Accept-Encoding takes gzip: its own q-value, else that of ``*``,
        above 0 (RFC 9110 12.5.3); a malformed q-value counts as a refusal."""
        weights: dict[str, float] = {}
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, *params = (p.strip() for p in item.split(";"))
            q = 1.0
            for p in params:
                key, _, value = p.partition("=")
                if key.strip().lower() == "q":
                    try:
                        q = float(value)
                    except ValueError:
                        q = 0.0
            if name:
                weights[name.lower()] = q
        return weights.get("gzip", weights.get("*", 0.0)) > 0

    def common_headers(self, path: str, tag: str) -> None:
        self.send_header("ETag", tag)
        self.send_header("Cache-Control", cache_control("/" + path))
        self.send_header("Vary", "Accept-Encoding")

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404)
        return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        found = open_in(self.directory, ["404.html"]) if code == 404 else None
        if found is None or not stat.S_ISREG(found[1].st_mode):
            if found is not None:
                os.close(found[0])
            return super().send_error(code, message, explain)
        with os.fdopen(found[0], "rb") as f:
            body = f.read(1 << 20)
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class SiteServer(http.server.ThreadingHTTPServer):
    """A thread a request, a listen queue deep enough for a page's burst of parallel fetches
    from many clients (the socketserver default, 5, dropped connections past it), threads that
    never hold up Ctrl-C, and a client that stops sending is let go (the handler's timeout)."""

    request_queue_size = 256
    daemon_threads = True

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """One line for a request that failed, never a traceback."""
        kind, value = sys.exc_info()[:2]
        sys.stderr.write(f"harupan: a request from {client_address[0]} failed: "
                         f"{getattr(kind, '__name__', kind)}: {value}\n")


def server(site: str | os.PathLike[str], port: int) -> SiteServer:
    handler = functools.partial(SiteHandler, directory=os.fspath(site))
    return SiteServer(("127.0.0.1", port), handler)

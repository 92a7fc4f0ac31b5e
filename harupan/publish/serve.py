"""A local preview server for a built site: ``harupan site serve``.

It serves what a static host would: the site's files, with the site's own 404 page for anything
else. Dot files and dot folders (the lock, the build marks, the kept pars, a day being staged)
are not part of the site and answer 404 like a missing file; so do folders without an
index.html (no listings).
"""

from __future__ import annotations

import functools
import http.server
import os
import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    def _hidden(self) -> bool:
        path = posixpath.normpath(unquote(urlsplit(self.path).path))
        return any(part.startswith(".") for part in path.split("/") if part)

    def send_head(self):
        if self._hidden():
            self.send_error(404)
            return None
        return super().send_head()

    def list_directory(self, path):
        self.send_error(404)
        return None

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def server(site: Path, port: int) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler, directory=os.fspath(site))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)

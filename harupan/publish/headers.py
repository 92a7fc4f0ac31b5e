"""The HTTP headers the site wants from its host, one place: ``harupan site serve`` sends them,
the build writes them as a ``_headers`` file (Netlify, Cloudflare Pages), and docs/operating.md
shows them for nginx (:func:`nginx_config`; tests/test_serve.py checks the page's copy)."""

from __future__ import annotations

import re
from collections.abc import Iterable

# What a static host should send: (what the rule is for, a regular expression on the path, the
# Cache-Control value), the first match wins. A name with a 12-digit hash (static/art-1b99219485a2.svg,
# static/js/shisen-solver-1c3c63c06c3a.js) changes whenever its content does, so a browser keeps it;
# anything else (pages, site.css, harupan.js, the font, sw.js, puzzle.json) keeps its name across
# releases and is checked again each time.
CACHE_RULES: tuple[tuple[str, str, str], ...] = (
    ("a file named by its content's hash", r"-[0-9a-f]{12}\.[a-z0-9]+$", "public, max-age=31536000, immutable"),
    ("everything else", r".", "no-cache"),
)
# the types sent gzipped (text; the font, pictures and PDFs are compressed already)
COMPRESSED = ("text/html", "text/css", "text/javascript", "application/javascript", "application/json",
              "application/manifest+json", "application/xml", "text/xml", "application/rss+xml", "application/atom+xml",
              "image/svg+xml", "text/plain")
MIN_COMPRESSED = 1024  # bytes: below this gzip saves less than its own header costs a round trip
MAX_COMPRESSED = 8 << 20  # bytes read to compress a file at most; a larger one is sent as it is


def named_by_content(path: str) -> bool:
    """Whether ``path``'s name carries a hash of its content (the first of :data:`CACHE_RULES`)."""
    return re.search(CACHE_RULES[0][1], path) is not None


def cache_control(path: str) -> str:
    """The Cache-Control value for a request path (see :data:`CACHE_RULES`)."""
    return next(value for _, pattern, value in CACHE_RULES if re.search(pattern, path))


def nginx_config() -> str:
    """The same headers for nginx (docs/operating.md): a ``map`` for the ``http`` block and lines
    for the site's ``server`` block. No ``location`` of its own, so it neither clashes with the
    operator's ``location /`` nor hides headers they add at the server level (an ``add_header``
    in a location drops every inherited one)."""
    lines = ["# in the http block", "map $uri $harupan_cache_control {"]
    for what, pattern, value in CACHE_RULES:
        key = "default" if pattern == "." else f'"~{pattern}"'
        lines.append(f'    {key} "{value}";  # {what}')
    lines += ["}", "", "# in the site's server block", "gzip on;", "gzip_vary on;", f"gzip_min_length {MIN_COMPRESSED};",
              "gzip_types " + " ".join(t for t in COMPRESSED if t != "text/html") + ";  # text/html always",
              "add_header Cache-Control $harupan_cache_control;"]
    return "\n".join(lines)


HOST_FILE = "_headers"  # the headers file of Netlify and Cloudflare Pages, which those hosts never serve


def headers_file(names: Iterable[str]) -> str:
    """The same cache headers as a ``_headers`` file for a host that reads one (Netlify,
    Cloudflare Pages), for the site files ``names``: its paths are globs with a trailing ``*``,
    so each family of hashed names (``static/art-``) gets one; such hosts compress text and send
    a revalidating Cache-Control for everything else by themselves."""
    hashed = re.compile(CACHE_RULES[0][1])
    families = sorted({name[:m.start() + 1] for name in names if (m := hashed.search(name))})
    lines = ["# harupan's cache headers (publish/headers.py CACHE_RULES): a file named by its content's hash is kept"]
    for family in families:
        lines += [f"/{family}*", f"  Cache-Control: {CACHE_RULES[0][2]}"]
    return "\n".join(lines) + "\n"

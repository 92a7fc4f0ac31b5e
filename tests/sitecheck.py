"""Checks a built site as a visitor's browser and a validator would."""

import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

IGNORED = (".harupan.lock",)


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.ids = set()
        self.text = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "style", "svg"):
            self.skip += 1
        for key in ("href", "src"):
            if key in a and a[key] is not None:
                self.links.append(a[key])
        if "id" in a:
            self.ids.add(a["id"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "svg"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.text.append(data)


def parse(path: Path) -> Links:
    p = Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def broken_links(site: Path) -> list[str]:
    """Every relative href/src in every HTML page must name a file in the site."""
    bad = []
    for page in site.rglob("*.html"):
        for link in parse(page).links:
            u = urlparse(link)
            if u.scheme in ("http", "https", "mailto", "data") or link.startswith("#"):
                continue
            if link.startswith("/"):
                bad.append(f"{page}: absolute path {link}")
                continue
            target = (page.parent / unquote(u.path)).resolve()
            if not target.is_file():
                bad.append(f"{page.relative_to(site)}: {link}")
    return bad


def snapshot(site: Path) -> dict[str, str]:
    """The site's files and their digests, without a run's own temporaries: ``.NAME.tmp``,
    ``.NAME.old`` and a day being staged in ``YYYY/MM/.DD.new/``."""
    out = {}
    for p in sorted(site.rglob("*")):
        if p.parent.name.startswith(".") and p.parent.name.endswith(".new"):
            continue
        if p.is_file() and p.name not in IGNORED and not re.match(r"^\..*\.(tmp|old)$", p.name):
            out[str(p.relative_to(site))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def page_text(path: Path) -> str:
    return "".join(parse(path).text)

"""The site's shared files: static files, the joined browser script, the font subset and the rule pages."""

from __future__ import annotations

import hashlib
import io
import json
import re
from collections.abc import Callable
from dataclasses import asdict
from functools import lru_cache
from importlib import resources
from pathlib import Path

import fontTools
import jinja2
import PIL
from PIL import Image

from ..files import Kind, read_capped, read_fd
from ..renderers import site as pages
from ..renderers.bundle import joined_script, stylesheet
from ..renderers.fonts import font_path
from ..renderers.games import site_art, views
from ..renderers.model import texts
from ..renderers.raster import pixels_digest
from ..renderers.webfont import subset_woff
from . import rules
from .atomic import open_below
from .config import SiteConfig
from .days import RENDER_VERSION
from .howto import howto_files

Write = Callable[[Path, bytes], object]


def static_files() -> dict[str, bytes]:
    """The files under ``static/`` that this version ships (site path -> bytes): the stylesheet
    and the script joined from the shared files and every game's own (renderers/bundle.py), the
    files the games' scripts load themselves, and the art sheet, named by its content (old pages
    keep theirs)."""
    base = resources.files("harupan.renderers").joinpath("static")
    out = {}
    for item in sorted(base.iterdir(), key=lambda p: p.name):
        if item.is_file() and not item.name.startswith(".") and item.name != "site.css":
            out[f"static/{item.name}"] = item.read_bytes()
    out["static/site.css"] = stylesheet()
    out["static/js/harupan.js"] = joined_script()
    for v in views():
        out.update({f"static/js/{name}": data for name, data in v.scripts().items()})
    out[pages.art_path()] = site_art().svg.encode("utf-8")
    bitmap, drawn = pages.art_bitmap_path(), site_art().bitmap_file
    if bitmap and drawn:
        out[bitmap] = drawn[1]
    out.update(howto_files())
    return out


def _template_text() -> str:
    """Every template's text: the shared ones, then each game's own (its page section, <head> and how-to)."""
    base = resources.files("harupan.renderers").joinpath("templates")
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(base.iterdir(), key=lambda p: p.name)
                   if p.is_file())
    for v in views():
        for name in (v.template, v.head_template, v.howto_template):
            if name is not None:
                text += (v.folder / name).read_text(encoding="utf-8")
    return text


def font_text(cfg: SiteConfig, checked: rules.Checked) -> str:
    """Every string a page or its script can show, for the font subset: the templates, the rule
    pages with their captions and their figures' words, the pages' fixed strings (each game's
    vocabulary), the joined script (what the games say, with the engine's tables of names) and
    the site's title."""
    text = _template_text() + "".join(rules.page_text(p) for p in checked.pages) + pages.vocabulary()
    text += "".join(checked.captions.values())  # figure captions carry the engine's counts
    text += "".join(texts(d.items) for d in checked.drawings.values())  # the figures' own words, inline SVG
    text += joined_script().decode("utf-8")  # what the games say
    return text + cfg.title + cfg.tagline


def write_font_subset(site: Path, text: str, write: Write) -> None:
    """The font subset for every page, made again only when its characters change (making it
    is the slowest part of a nightly run). The key beside it names the characters it holds."""
    font = site / "static" / "fonts" / "sans.woff"
    key_file = site / "static" / "fonts" / ".sans.key"
    key = hashlib.sha256(("".join(sorted(set(text))) + str(RENDER_VERSION)).encode()).hexdigest() + "\n"
    try:
        if font.is_file() and read_capped(key_file, Kind.MARK, follow_links=False) == key.encode():
            return
    except OSError:
        pass
    write(font, subset_woff(text))
    write(key_file, key.encode())


SOURCE_SUFFIXES = {".py", ".html", ".xml", ".css", ".js", ".yaml"}


def _shared_key(cfg: SiteConfig) -> str:
    """What the rule pages and the font subset are made from: this package's code, templates and
    content, the fonts, and the site's title. Hashing the sources (about 100 small files, a few
    milliseconds) rather than trusting a version number means any change makes them again."""
    h = hashlib.sha256(json.dumps([RENDER_VERSION, cfg.title, cfg.tagline]).encode())
    h.update(_sources_digest())
    for role in ("sans", "serif"):
        font = Path(font_path(role))
        h.update(f"{font.name}:{font.stat().st_size}".encode())
    return h.hexdigest()


@lru_cache(maxsize=1)
def _sources_digest() -> bytes:
    """The package's sources hashed (see :func:`_shared_key`), once a process: a run asks twice."""
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent
    for p in sorted(root.rglob("*")):
        if p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts and p.is_file():
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes())
    return h.digest()


def shared_key(cfg: SiteConfig) -> str:
    """What every page's shell is made from (see :func:`_shared_key`), for other pages kept across runs."""
    return _shared_key(cfg)


def write_shared_pages(site: Path, cfg: SiteConfig, write: Write) -> list[dict[str, str]]:
    """The rule pages and the font subset, made again only when what they are made from changed
    (they are the same every night; making them was most of the listings' time). Returns the
    rule pages' slugs and titles for the other pages to link."""
    key_file = site / "rules" / ".key.json"
    key = _shared_key(cfg)
    try:
        stored = json.loads(read_capped(key_file, Kind.RECORD, follow_links=False))
        if (stored["key"] == key and (site / "static" / "fonts" / "sans.woff").is_file()
                and all((site / "rules" / r["slug"] / "index.html").is_file() for r in stored["pages"])):
            return list(stored["pages"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    checked = rules.check()
    rule_list = [{"slug": p.slug, "title": p.title} for p in sorted(checked.pages, key=lambda p: p.slug)]
    write_font_subset(site, font_text(cfg, checked), write)
    rules.build(site / "rules", font_url="../../static/fonts/sans.woff", home_url="../../index.html", write_font=False,
                checked=checked, write=write, site=cfg.info)
    write(key_file, json.dumps({"key": key, "pages": rule_list}, ensure_ascii=False).encode("utf-8"))
    return rule_list


FILES_RECORD = "static/.files.json"  # what the shared files were made from, and each one's hash
SHARED_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*")


def _files_key(cfg: SiteConfig) -> str:
    """What the static and web app files are made from: the package's sources and fonts (as for
    the rule pages), every setting, and the libraries that draw and fill them."""
    settings = json.dumps(asdict(cfg), sort_keys=True, ensure_ascii=False, default=repr)
    versions = [PIL.__version__, fontTools.version, jinja2.__version__]
    return hashlib.sha256(json.dumps([_shared_key(cfg), settings, versions]).encode()).hexdigest()


def _read_regular(site: Path, name: str) -> bytes | None:
    """The bytes of the regular file ``name`` (a site path), opened through no link; None when
    it is not there, not a regular file, or too big to be ours."""
    try:
        fd = open_below(str(site), name.split("/"))
    except OSError:
        return None
    return read_fd(fd, site / name, Kind.PAGE)  # a FIFO or a device: refused, exit 2 (harupan/files.py)


def kept_shared_files(site: Path, cfg: SiteConfig) -> bool:
    """Whether the site holds this version's static and web app files already, each as it was
    written: the record beside them names what they were made from (:func:`_files_key`), each
    file's hash and which is the art sheet, and every file is read back and hashed (a few
    milliseconds). Then a run need not make them again: the art sheet and the icons are drawn
    from the tile art, a tenth of a prepared night. The art sheet read back stands in for drawing
    it, for the pages that name it. Anything missing, changed or made from something else: False,
    and the run makes and writes them all, as before."""
    data = _read_regular(site, FILES_RECORD)
    try:
        record = json.loads(data) if data is not None else None
    except ValueError:
        return False
    if (not isinstance(record, dict) or record.get("key") != _files_key(cfg) or not isinstance(record.get("files"), dict)
            or not isinstance(record.get("art"), str) or record["art"] not in record["files"]):
        return False
    held: dict[str, bytes] = {}
    for name, digest in record["files"].items():
        if not SHARED_NAME.fullmatch(name):  # a site path of ours: no dot file, no '..'
            return False
        content = _read_regular(site, name)
        if content is None or hashlib.sha256(content).hexdigest() != digest:
            return False
        held[name] = content
    art = held[record["art"]]
    if record["art"] != pages.sheet_name(art):
        return False
    bitmap = record.get("bitmap")
    if bitmap is not None:
        if not isinstance(bitmap, str) or bitmap not in held:
            return False
        digest = _bitmap_digest(held[bitmap])
        if digest is None or bitmap != pages.bitmap_name(digest):
            return False
    elif site_art().bitmap:
        return False
    site_art().adopt(art.decode("utf-8"))
    if bitmap is not None and digest is not None:
        site_art().adopt_bitmap(digest, held[bitmap])
    return True


def _bitmap_digest(data: bytes) -> str | None:
    """The hash of the pixels of a kept bitmap copy of the art sheet; None when it does not decode."""
    try:
        with Image.open(io.BytesIO(data)) as img:
            img.load()
            return pixels_digest(img)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None


def shared_files_record(files: dict[str, bytes], cfg: SiteConfig) -> bytes:
    """The record :func:`kept_shared_files` reads, for ``files`` (site path -> bytes) just made."""
    record = {"key": _files_key(cfg), "art": pages.art_path(), "bitmap": pages.art_bitmap_path(),
              "files": {n: hashlib.sha256(b).hexdigest() for n, b in files.items()}}
    return json.dumps(record, sort_keys=True, indent=1).encode() + b"\n"

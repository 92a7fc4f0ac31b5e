"""Which folders are ours to write: an output folder is harupan's only when it is new, empty, or
holds harupan's marker file. Anything else is refused (exit 2), so ``--site /`` or a folder of
someone's notes is never filled or cleaned.

A folder published by a version of harupan older than the marker is recognised once, by reading
(never changing) what is in it: every entry must be one harupan writes (the listing pages, the
``YYYY/MM/DD`` day folders holding only a day's files, ...) and at least one day must carry its
build mark and a ``puzzle.json`` in harupan's format. Then the marker is written and a note goes
to stderr. One foreign file anywhere in that structure and the folder is refused, naming it.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path

from ..files import FileRefused, Kind, read_capped
from ..engine.errors import InputError
from .atomic import put_bytes, refuse_link, write_error
from .days import MARK
from .days import day_names as current_day_names
from .notes import note

SITE_MARKER = ".harupan-site"
RULES_MARKER = ".harupan-rules"
MARKER_TEXT = ("This folder is written by harupan (하루 판), the daily puzzle publisher.\n"
               "harupan writes and removes only the files it made, by name. Do not put other files here.\n")

TOP_FILES = {"index.html", "404.html", "feed.xml", "sitemap.xml", ".harupan.lock",
             "manifest.webmanifest", "sw.js", "offline.html",  # these three: the web app's (publish/app.py)
             "_headers"}  # the hosts' headers file (publish/headers.py)
TOP_FOLDERS = {"archive", "rules", "static", ".pars", "icons"}
# Temporary files of older versions: '.NAME.XXXXXXXX.tmp' beside the file NAME (tempfile.mkstemp).
OLD_TEMP = re.compile(r"^\.(?P<name>[^/]+)\.[A-Za-z0-9_]{8}\.tmp$")


# What an older harupan wrote inside its other folders (paths relative to the folder).
SUB_PATTERNS = {
    "archive": r"index\.html|\.months\.json|sitemap\.xml|\d{4}|\d{4}/sitemap\.xml|\d{4}/\d\d|\d{4}/\d\d/index\.html",  # month pages, sitemaps
    "static": None,  # the files this version ships (publish/assets.py), below
    "rules": r"\.key\.json|[a-z0-9-]+|[a-z0-9-]+/(index\.html|figure-\d+-\d+\.png)",
    ".pars": r"\d{4}-\d\d-\d\d\.json",
    "icons": r"(icon-\d+|icon-maskable-\d+|apple-touch-icon)\.png",
}


def _static_pattern(shipped: Iterable[str]) -> str:
    """The names an older harupan may have left under ``static/``: those this version ships
    (``shipped``, site paths from publish/assets.py) and the font subset with its key."""
    names = {n.removeprefix("static/") for n in shipped} | {"fonts/sans.woff", "fonts/.sans.key", ".files.json"}
    names.add("art.svg")  # the art sheet before it was named by its content (renderers/site.py art_path)
    names |= {n.rsplit("/", 1)[0] for n in names if "/" in n}
    return "|".join(re.escape(n) for n in sorted(names))


def _undecorated(name: str) -> str:
    """A file's name without the temporary or kept-old decoration harupan puts on it."""
    m = OLD_TEMP.match(name)
    if m:
        return m["name"]
    if name.startswith(".") and name.endswith((".tmp", ".old")) and name.count(".") >= 2:
        return name[1:-4]
    return name


def _foreign_below(folder: Path, pattern: str) -> str | None:
    for root, dirs, files in os.walk(folder):
        rel = Path(root).relative_to(folder)
        for name in sorted(dirs + files):
            path = Path(root) / name
            shown = (rel / name).as_posix()
            if path.is_symlink() or not re.fullmatch(pattern, (rel / _undecorated(name)).as_posix()):
                return shown
    return None


class NotOurs(InputError):
    """A folder harupan will not write into."""


def has_marker(folder: Path, marker: str) -> bool:
    try:
        return stat.S_ISREG(os.lstat(folder / marker).st_mode)
    except OSError:
        return False


def _write_marker(folder: Path, marker: str) -> None:
    try:
        put_bytes(folder / marker, MARKER_TEXT.encode(), exclusive=True)
    except FileExistsError:
        pass  # another run wrote it first
    except OSError as e:
        raise write_error(folder / marker, e) from None


def _listing(folder: Path) -> list[str]:
    try:
        return sorted(os.listdir(folder))
    except OSError as e:
        raise InputError(f"cannot read folder {str(folder)!r}: {e.strerror or e}") from None


def _ours_or_temp(name: str, names: set[str]) -> bool:
    return name in names or _undecorated(name) in names


def foreign_in_old_site(site: Path, shipped: Callable[[], Iterable[str]]) -> tuple[str | None, int]:
    """The first path in ``site`` that an older harupan would not have written (None if there is
    none), and how many published days were found. ``shipped`` gives the static files' site paths
    (asked only when there is a ``static/`` folder to look at)."""
    day_names = set(current_day_names())
    days = 0
    for name in _listing(site):
        p = site / name
        if p.is_symlink():
            return name, days
        if re.fullmatch(r"\d{4}", name) and p.is_dir():
            for month in _listing(p):
                mp = p / month
                if not (re.fullmatch(r"\d\d", month) and mp.is_dir() and not mp.is_symlink()):
                    return f"{name}/{month}", days
                for day in _listing(mp):
                    dp = mp / day
                    if not (re.fullmatch(r"\d\d", day) and dp.is_dir() and not dp.is_symlink()):
                        return f"{name}/{month}/{day}", days
                    for f in _listing(dp):
                        if not _ours_or_temp(f, day_names) or not (dp / f).is_file() or (dp / f).is_symlink():
                            return f"{name}/{month}/{day}/{f}", days
                    if (dp / MARK).is_file() and _our_bundle(dp / "puzzle.json"):
                        days += 1
        elif name in TOP_FOLDERS:
            if not p.is_dir() or p.is_symlink():
                return name, days
            bad = _foreign_below(p, SUB_PATTERNS[name] or _static_pattern(shipped()))
            if bad is not None:
                return f"{name}/{bad}", days
        elif not (_ours_or_temp(name, TOP_FILES) and p.is_file()):
            return name, days
    return None, days


def _our_bundle(path: Path) -> bool:
    try:  # a regular file within its cap (harupan/files.py); a FIFO or a device is no bundle of ours
        data = json.loads(read_capped(path, Kind.DAY, follow_links=False))
    except (OSError, ValueError, FileRefused):
        return False
    return isinstance(data, dict) and str(data.get("format", "")).startswith("harupan/") and "date" in data


def claim_site(site: Path, shipped: Callable[[], Iterable[str]]) -> None:
    """Make sure ``site`` is ours (see the module's docstring), creating it if it is new.
    ``shipped`` gives the site paths of the static files this version writes (the caller's
    ``publish.assets.static_files``): passed in, because assets builds on the rule pages, which
    build on this module."""
    _claim(site, SITE_MARKER, "site", lambda folder: _recognise_site(folder, shipped))


def _recognise_site(site: Path, shipped: Callable[[], Iterable[str]]) -> str | None:
    """None if ``site`` is a site written by an older harupan, else why not."""
    foreign, days = foreign_in_old_site(site, shipped)
    if foreign is not None:
        return f"it holds {foreign!r}, which harupan did not write"
    if set(_listing(site)) <= {".pars", ".harupan.lock"}:
        return None  # only pars kept by 'harupan prepare' (checked above against their file names)
    if days == 0 or not (site / "index.html").is_file():
        return "it holds no published harupan day"
    return None


def claim_rules_folder(out: Path, slugs: set[str]) -> None:
    """``harupan rules build -o OUT``: the same rule as a site, for the rule pages' folder."""

    def recognise(folder: Path) -> str | None:
        for name in _listing(folder):
            p = folder / name
            if p.is_symlink() or not p.is_dir() or (name != "fonts" and name not in slugs):
                return f"it holds {name!r}, which harupan did not write"
            for f in _listing(p):
                if not re.fullmatch(r"(index\.html|figure-\d+-\d+\.png|sans\.woff)", f):
                    return f"it holds {name + '/' + f!r}, which harupan did not write"
        return None

    _claim(out, RULES_MARKER, "rule pages folder", recognise)


def _removed_unopened(name: str) -> bool:
    """A temporary or kept-old name (``.NAME.tmp``, ``.NAME.old``): harupan removes whatever is
    there by name and never opens it, so a link there leads nowhere."""
    return name.startswith(".") and name.endswith((".tmp", ".old")) and _undecorated(name) != name


def _links_below(folder: Path, shown: str) -> str | None:
    """The first symbolic link in the tree under ``folder`` (not followed), as ``shown/...``."""
    for root, dirs, files in os.walk(folder):
        rel = Path(shown) / Path(root).relative_to(folder)
        for name in sorted(dirs + files):
            if os.path.islink(os.path.join(root, name)) and not _removed_unopened(name):
                return (rel / name).as_posix()
    return None


def _scan(path: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(path) as entries:
            return sorted(entries, key=lambda e: e.name)
    except OSError as e:
        raise InputError(f"cannot read folder {path!r}: {e.strerror or e}") from None


def planted_link(site: Path) -> str | None:
    """The first symbolic link (relative to ``site``) among the paths harupan writes or lists in a
    site: its own top-level files and folders, everything under ``archive/``, ``rules/``,
    ``static/``, ``icons/`` and ``.pars/``, and every year, month and day folder and day file
    (temporary names aside: they are removed, never opened). None when there is none. Looked at
    before a run writes anything (with ``scandir``, whose entries tell a link without a call
    each: bench/site.py --only ten-years times it); the writes themselves go through no link either
    (publish/atomic.py), so a link planted later is refused too."""
    site = Path(site)
    for top in _scan(str(site)):
        name = top.name
        year = re.fullmatch(r"\d{4}", name) is not None
        if not (year or name in TOP_FOLDERS or _ours_or_temp(name, TOP_FILES) or name == SITE_MARKER):
            continue
        if top.is_symlink():
            if _removed_unopened(name):
                continue
            return name
        if name in TOP_FOLDERS and top.is_dir():
            bad = _links_below(site / name, name)
            if bad:
                return bad
        elif year and top.is_dir():
            for month in _scan(top.path):
                if month.is_symlink():
                    return f"{name}/{month.name}"
                if not month.is_dir():
                    continue
                for day in _scan(month.path):
                    if day.is_symlink():
                        if _removed_unopened(day.name):
                            continue
                        return f"{name}/{month.name}/{day.name}"
                    if not day.is_dir():
                        continue
                    for f in _scan(day.path):
                        if f.is_symlink() and not _removed_unopened(f.name):
                            return f"{name}/{month.name}/{day.name}/{f.name}"
    return None


def refuse_planted_links(folder: Path, *, whole_tree: bool = False) -> None:
    """Exit 2 naming the first link harupan did not make where it writes (see :func:`planted_link`;
    ``whole_tree`` for a rule pages folder, every path in it)."""
    folder = Path(folder)
    bad = _links_below(folder, ".") if whole_tree else planted_link(folder)
    if bad is not None:
        raise refuse_link(folder / bad)


def _claim(folder: Path, marker: str, what: str, recognise: Callable[[Path], str | None]) -> None:
    folder = Path(folder)
    try:
        st = os.stat(folder)
    except (FileNotFoundError, NotADirectoryError):
        st = None
    except OSError as e:
        raise InputError(f"cannot use {what} {str(folder)!r}: {e.strerror or e}") from None
    if st is None:
        try:
            folder.mkdir(parents=True)
        except FileExistsError:
            pass  # made by another run just now: checked below like any other
        except OSError as e:
            raise InputError(f"cannot create output folder {str(folder)!r}: {e.strerror or e}") from None
    elif not stat.S_ISDIR(st.st_mode):
        raise InputError(f"{what} {str(folder)!r} is a file")
    if has_marker(folder, marker):
        return
    names = _listing(folder)
    if not names:
        _write_marker(folder, marker)
        return
    why = recognise(folder)
    if has_marker(folder, marker):  # another run claimed it while we looked
        return
    if why is not None:
        raise NotOurs(f"{what} {str(folder)!r} is not harupan's: {why}; give a new or empty folder "
                      f"(harupan marks its folders with a {marker} file)")
    _write_marker(folder, marker)
    note(f"{str(folder)!r} was written by an earlier harupan; marked it as ours ({marker})")

"""The web app's files at the site's root: the manifest, the icons, the service worker and the
hosts' headers file.

Kept apart from publish/site.py, whose build calls :func:`with_app_files` once, where it writes the
static files: these go out with them, before any page that links them."""

from __future__ import annotations

from ..renderers import webapp
from ..renderers.site import offline_page
from .config import SiteConfig
from .headers import HOST_FILE, headers_file, named_by_content

FONT = "static/fonts/sans.woff"  # written later in the build (its subset depends on the pages)


def with_app_files(static: dict[str, bytes], cfg: SiteConfig) -> dict[str, bytes]:
    """``static`` (site path -> bytes) and the app's files. The service worker fetches the static
    files, the icons and the manifest when it is installed; it is written last, after them."""
    files = dict(static)
    files.update(webapp.icons())
    files[webapp.OFFLINE] = offline_page(cfg.info).encode("utf-8")
    files["manifest.webmanifest"] = webapp.manifest(cfg.info).encode("utf-8")
    # the worker's version follows what it fetches: a file named by its content by its name alone
    # (the art's bitmap copy is named by its pixels, and another machine's encoder may write them
    # in other bytes; the worker must not differ for that)
    precache = {name: b"" if named_by_content(name) else data for name, data in files.items()}
    precache[FONT] = b""  # fetched too; its bytes change with the pages' text, not the worker's
    files[HOST_FILE] = headers_file(files).encode("utf-8")  # for a host that reads one; never fetched by the pages
    files["sw.js"] = webapp.service_worker(precache).encode("utf-8")
    return files

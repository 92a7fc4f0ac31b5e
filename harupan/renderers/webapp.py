"""What makes the site an installable web app: the icons (drawn from the tile art), the web app
manifest and the service worker that keeps visited pages for offline play."""

from __future__ import annotations

import hashlib
import json
import math

from .games import site_icon
from .html import environment
from .model import Drawing, RoundRect, Use
from .palette import ACCENT, PAPER
from .raster import png_bytes, render_image
from .site import SiteInfo

BACKGROUND = ACCENT  # the site's accent colour
# name: (pixels, maskable). 192 and 512 are what Chromium asks of a manifest; the maskable one
# keeps its art inside the safe circle that Android's launchers crop to; iOS takes a 180 px
# apple-touch-icon and rounds its corners itself.
ICONS = {
    "icons/icon-32.png": (32, False),  # the browser tab's icon, on every page
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/icon-maskable-512.png": (512, True),
    "icons/apple-touch-icon.png": (180, False),
}
START_URL = "./index.html"  # the manifest's start URL, the home page
OFFLINE = "offline.html"  # shown for a page never opened, with no network


def icon_drawing(maskable: bool) -> Drawing:
    """Two matching pieces of the first game's art (renderers/games ``site_icon``) side by side on
    the accent colour, in a 100 x 100 box. A maskable icon's art fits inside the centre circle of
    radius 40 (the safe zone); the others fill more."""
    tile = site_icon()
    w, h, gap = 59.5, 79.5, 5.0  # a tile with its thickness, and the gap between the two
    box_w, box_h = 2 * w + gap, h
    if maskable:
        s = 2 * 38 / math.hypot(box_w, box_h)  # the box's corners just inside the circle
    else:
        s = 84 / box_w
    x0, y0 = 50 - s * box_w / 2, 50 - s * box_h / 2
    items = (RoundRect(0, 0, 100, 100, 0, fill=BACKGROUND),
             Use(tile, x0, y0, s), Use(tile, x0 + s * (w + gap), y0, s))
    return Drawing(100, 100, items, background=BACKGROUND)


def icon_png(size: int, maskable: bool) -> bytes:
    return png_bytes(render_image(icon_drawing(maskable), size / 100))


def icons() -> dict[str, bytes]:
    return {name: icon_png(px, mask) for name, (px, mask) in ICONS.items()}


def manifest(site: SiteInfo) -> str:
    """The web app manifest; paths are relative to it (it sits at the site's root)."""
    icons = [{"src": name, "sizes": f"{px}x{px}", "type": "image/png", "purpose": "maskable" if mask else "any"}
             for name, (px, mask) in ICONS.items() if name != "icons/apple-touch-icon.png"]
    data = {"name": site.title, "short_name": site.title, "description": site.tagline, "lang": "ko",
            "dir": "ltr", "start_url": START_URL, "scope": "./", "display": "standalone",
            "background_color": PAPER, "theme_color": BACKGROUND, "icons": icons}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def service_worker(precache: dict[str, bytes]) -> str:
    """The service worker: ``precache`` (path -> bytes) is what it fetches on install, and the
    start page too (the home page, kept with the pages, so an installed app opens offline at its
    start after one visit to any page); its version is their hash, so a new build with other
    static files makes browsers take the new worker."""
    h = hashlib.sha256()
    for name in sorted(precache):
        h.update(name.encode() + b"\0" + hashlib.sha256(precache[name]).digest())
    return environment().get_template("sw.js").render(version=h.hexdigest()[:16],
                                                      precache=json.dumps(sorted(precache)),
                                                      start=json.dumps(START_URL), offline=json.dumps(OFFLINE))

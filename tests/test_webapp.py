"""The web app's files: icons at the sizes browsers ask for, the manifest, the service worker."""

import io
import json
import math

from PIL import Image

from harupan.publish.app import FONT, with_app_files
from harupan.publish.config import load_config
from harupan.renderers import webapp


def test_icons_are_squares_of_the_asked_sizes_and_the_same_every_time():
    icons = webapp.icons()
    sizes = {name: Image.open(io.BytesIO(data)).size for name, data in icons.items()}
    assert sizes == {"icons/icon-32.png": (32, 32), "icons/icon-192.png": (192, 192), "icons/icon-512.png": (512, 512),
                     "icons/icon-maskable-512.png": (512, 512), "icons/apple-touch-icon.png": (180, 180)}
    assert webapp.icons() == icons


def test_the_maskable_icon_keeps_its_art_inside_the_safe_circle():
    img = Image.open(io.BytesIO(webapp.icon_png(512, True))).convert("RGB")
    bg = tuple(int(webapp.BACKGROUND[i:i + 2], 16) for i in (1, 3, 5))
    outside = [(x, y) for x in range(0, 512, 4) for y in range(0, 512, 4)
               if math.hypot(x - 256, y - 256) > 0.4 * 512 and img.getpixel((x, y)) != bg]
    assert outside == []
    inside = sum(img.getpixel((x, y)) != bg for x in range(0, 512, 4) for y in range(0, 512, 4))
    assert inside > 1000  # and there is art


def test_manifest_and_service_worker():
    cfg = load_config()
    files = with_app_files({"static/site.css": b"body{}", "static/js/harupan.js": b"//"}, cfg)
    manifest = json.loads(files["manifest.webmanifest"])
    assert manifest["name"] == cfg.title and manifest["lang"] == "ko" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        assert icon["src"] in files and icon["sizes"] == "{0}x{0}".format(webapp.ICONS[icon["src"]][0])
    assert list(files)[-1] == "sw.js"  # written after what it fetches
    sw = files["sw.js"].decode()
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";", 1)[0])
    assert set(precache) == (set(files) - {"sw.js", "_headers"}) | {FONT}  # the hosts' file is never fetched
    other = with_app_files({"static/site.css": b"body{color:red}", "static/js/harupan.js": b"//"}, cfg)
    assert other["sw.js"] != files["sw.js"]  # new static files: a new worker for the browsers to take
    assert with_app_files({"static/site.css": b"body{}", "static/js/harupan.js": b"//"}, cfg) == files
    # a file named by its content: its name is the worker's version, not its bytes (the art's
    # bitmap copy, named by its pixels, is written in other bytes by another machine's encoder)
    art = {"static/site.css": b"body{}", "static/art-0123456789ab.webp": b"RIFF one encoder"}
    same = with_app_files(art, cfg)["sw.js"]
    assert with_app_files({**art, "static/art-0123456789ab.webp": b"RIFF another"}, cfg)["sw.js"] == same
    renamed = {"static/site.css": b"body{}", "static/art-ba9876543210.webp": b"RIFF one encoder"}
    assert with_app_files(renamed, cfg)["sw.js"] != same

"""The days of a print pack, as the site publishes them: an archived day as it was published, a day
not yet published as ``daily`` will make it (the site's settings, the parts ``harupan prepare``
kept), proved like a day about to be published. Read only: no lock, nothing written.

Each day is the bundle read back from its ``puzzle.json`` bytes, as ``daily`` draws its sheets, so
a pack made a week ahead prints the same pages ``daily`` later publishes.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

from ..generator.daily import DayBundle, bundle_json, day_bundle, load_bundle_json, verify_bundle
from .config import SiteConfig
from .days import load_bundle
from .pool import map_days


def pack_day(args: tuple[_dt.date, str | None, SiteConfig]) -> tuple[_dt.date, bytes]:
    """One day's ``puzzle.json`` bytes (module level, for a worker pool): from the site as ``daily``
    takes it (publish/days.py ``load_bundle``), or made here; proved either way, as ``daily`` does."""
    date, site, cfg = args
    if site is None:
        bundle = day_bundle(date, cfg.settings)
        data = bundle_json(bundle)
    else:
        bundle, data = load_bundle(Path(site), date, cfg)
    verify_bundle(bundle)
    return date, data


def pack_days(site: Path | None, dates: list[_dt.date], cfg: SiteConfig, jobs: int = 1
              ) -> list[tuple[DayBundle, bytes]]:
    """Each of ``dates``' bundle and ``puzzle.json`` bytes, in date order, made ``jobs`` days at a time."""
    found: dict[_dt.date, bytes] = {}
    map_days(pack_day, [(d, None if site is None else str(site), cfg) for d in dates], jobs,
             found.__setitem__)
    return [(load_bundle_json(found[d], f"{d}/puzzle.json"), found[d]) for d in dates]

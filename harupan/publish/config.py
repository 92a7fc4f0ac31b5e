"""Site configuration: ``content/site.yaml``, then ``HARUPAN_*`` environment variables, then
command options, each overriding the one before."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib import resources
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from ..engine.errors import InputError
from ..files import Kind, read_capped
from ..generator.games import Settings, SettingValue, options
from ..renderers.site import SiteInfo, default_tagline
from .content import _Problem, load_limited

SITE_KEYS = ("title", "tagline", "base_url", "timezone")  # the site's own; each game adds its options


def zone(name: str) -> ZoneInfo:
    """The time zone ``name`` (an IANA name such as Asia/Seoul), or :class:`InputError`."""
    try:
        if not name or name != name.strip():
            raise ValueError
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: 'Asia' is a folder of zones
        raise InputError(f"unknown time zone {name!r} (expected e.g. Asia/Seoul)") from None


@dataclass(frozen=True)
class SiteConfig:
    title: str
    tagline: str
    base_url: str
    timezone: str
    settings: Settings  # each game's options (generator/games), checked by the game's Option

    @property
    def info(self) -> SiteInfo:
        """What the pages say about the site (renderers/site.py)."""
        return SiteInfo(self.title, self.tagline, self.base_url)

    def check(self) -> SiteConfig:
        if not self.base_url.startswith(("http://", "https://")):
            raise InputError(f"base_url {self.base_url!r} must start with http:// or https://")
        zone(self.timezone)
        return replace(self, base_url=self.base_url.rstrip("/") + "/")


def load_config(path: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None,
                options_given: dict[str, object] | None = None, **overrides: object) -> SiteConfig:
    """The settings: the site's own (``SITE_KEYS``) and every registered game's options, each from
    site.yaml, then ``HARUPAN_<KEY>``, then ``overrides`` (the site's) or ``options_given`` (a
    game option's flag, such as ``--par``); None leaves a value as it was."""
    env = os.environ if env is None else env
    source = str(path) if path else "content/site.yaml"
    try:
        if path:  # a regular file within its cap (harupan/files.py)
            text = read_capped(path, Kind.CONTENT).decode("utf-8")
        else:
            text = resources.files("harupan").joinpath("content", "site.yaml").read_text(encoding="utf-8")
        data = load_limited(text) or {}
    except OSError as e:
        raise InputError(f"cannot read {source!r}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise InputError(f"{source}: not UTF-8 text") from None
    except _Problem as p:
        raise InputError(f"{source}:{p.line}: {p.message}") from None
    except RecursionError:
        raise InputError(f"{source}:1: malformed YAML: nested too deeply") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise InputError(f"{source}:{mark.line + 1 if mark else 1}: malformed YAML") from None
    if not isinstance(data, dict):
        raise InputError(f"{source}: expected a mapping of settings")
    game_options = options()
    for key in SITE_KEYS:
        if data.get(key) is not None and not isinstance(data[key], (str, int, float)):
            raise InputError(f"{source}: {key} must be text")
    known = set(SITE_KEYS) | set(game_options)
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError(f"{source}: unknown setting {unknown[0]!r} (known: {', '.join(sorted(known))})")
    values = {k: data.get(k) for k in SITE_KEYS}
    for key, var in (("title", "HARUPAN_TITLE"), ("base_url", "HARUPAN_BASE_URL"), ("timezone", "HARUPAN_TZ")):
        if env.get(var):
            values[key] = env[var]
    for key, value in overrides.items():
        if value is not None:
            values[key] = value
    by_game: dict[str, dict[str, SettingValue]] = {}
    for key, (game_name, opt) in game_options.items():
        given, where = data.get(key), source
        if env.get(f"HARUPAN_{key.upper()}"):
            given, where = env[f"HARUPAN_{key.upper()}"], f"HARUPAN_{key.upper()}"
        if (options_given or {}).get(key) is not None:
            given, where = (options_given or {})[key], f"--{key}"
        by_game.setdefault(game_name, {})[key] = opt.default if given is None else opt.parse(given, where)
    zone = values.get("timezone")  # '' (say, --tz '') is a bad zone, not "the default"
    tagline = values.get("tagline")  # '' keeps the pages without one; left out, it names every game
    cfg = SiteConfig(str(values.get("title") or "하루 판"), default_tagline() if tagline is None else str(tagline),
                     str(values.get("base_url") or ""), "Asia/Seoul" if zone is None else str(zone),
                     Settings(by_game))
    return cfg.check()

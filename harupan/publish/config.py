"""Site configuration: ``content/site.yaml``, then ``HARUPAN_*`` environment variables, then
command options, each overriding the one before."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from importlib import resources
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from ..engine.errors import InputError
from ..generator.shisen import DIFFICULTIES

PAR_MODES = ("full", "quick")


@dataclass(frozen=True)
class SiteConfig:
    title: str
    tagline: str
    base_url: str
    timezone: str
    difficulties: tuple[str, ...]
    par: str

    def check(self) -> "SiteConfig":
        if not self.base_url.startswith(("http://", "https://")):
            raise InputError(f"base_url {self.base_url!r} must start with http:// or https://")
        try:
            ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise InputError(f"unknown time zone {self.timezone!r} (expected e.g. Asia/Seoul)") from None
        bad = [d for d in self.difficulties if d not in DIFFICULTIES]
        if bad or not self.difficulties:
            raise InputError(f"difficulties {list(self.difficulties)!r}: choose from {', '.join(DIFFICULTIES)}")
        if self.par not in PAR_MODES:
            raise InputError(f"par {self.par!r}: choose full or quick")
        return replace(self, base_url=self.base_url.rstrip("/") + "/")


def load_config(path=None, env=None, **overrides) -> SiteConfig:
    env = os.environ if env is None else env
    source = str(path) if path else "content/site.yaml"
    try:
        text = (open(path, encoding="utf-8").read() if path
                else resources.files("harupan").joinpath("content", "site.yaml").read_text(encoding="utf-8"))
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise InputError(f"{source}:{mark.line + 1 if mark else 1}: malformed YAML") from None
    known = {"title", "tagline", "base_url", "timezone", "difficulties", "par"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise InputError(f"{source}: unknown setting {unknown[0]!r} (known: {', '.join(sorted(known))})")
    values = {k: data.get(k) for k in known}
    for key, var in (("title", "HARUPAN_TITLE"), ("base_url", "HARUPAN_BASE_URL"), ("timezone", "HARUPAN_TZ"),
                     ("difficulties", "HARUPAN_DIFFICULTIES"), ("par", "HARUPAN_PAR")):
        if env.get(var):
            values[key] = env[var].split(",") if key == "difficulties" else env[var]
    for key, value in overrides.items():
        if value is not None:
            values[key] = value
    diffs = values.get("difficulties") or list(DIFFICULTIES)
    cfg = SiteConfig(str(values.get("title") or "하루 판"), str(values.get("tagline") or ""),
                     str(values.get("base_url") or ""), str(values.get("timezone") or "Asia/Seoul"),
                     tuple(str(d).strip() for d in diffs), str(values.get("par") or "full"))
    return cfg.check()

"""``harupan site check``: read a published site back and list what is wrong with it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..publish.check import check_site, require_site
from ..publish.check import repair_listings as rewrite_listings
from ..publish.config import load_config
from ..publish.progress import reporter
from ..publish.when import today_in
from .base import counted


@click.command("check")
@click.option("--site", "site", default="site", show_default=True, type=click.Path(file_okay=False),
              help="The site folder to check.")
@click.option("--tz", default=None, help="Time zone that decides 'today' (default: site.yaml, Asia/Seoul).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes checking days side by side (default: the processor count, at most 4).")
@click.option("--repair-listings", is_flag=True,
              help="Write the home page, archive, feed and sitemap again first (under the site's lock).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def check_cmd(site: str, tz: str | None, jobs: int | None, repair_listings: bool, quiet: bool) -> None:
    """Check every day (its files, build mark, puzzle.json and a replay of its puzzles through the
    engine), every link on every listing page, the feed and the sitemap. One line per problem on
    stdout; exit 0 none, 1 problems found, 2 not a harupan site. Writes nothing unless
    --repair-listings is given."""
    cfg = load_config(timezone=tz)
    today = today_in(cfg.timezone)
    root = Path(site)
    extra: list[str] = []
    if repair_listings:
        require_site(root)  # a folder that is not a site is refused before anything is written
        extra = rewrite_listings(root, cfg, today)
        click.echo("listings written again", err=True)
    # a live line on a terminal only: a log gets the problems, not a line per day checked
    with reporter(quiet or not sys.stderr.isatty(), (), what="days checked") as progress:
        count, problems = check_site(root, cfg, today, jobs=jobs or max(1, min(4, os.cpu_count() or 1)),
                                     progress=progress)
    problems = list(dict.fromkeys(problems + extra))
    for line in problems:
        click.echo(line)
    click.echo(f"{counted(count, 'day')} checked, {counted(len(problems), 'problem')}", err=True)
    if problems:
        sys.exit(1)

"""``harupan rules check|build``: validate the rule pages' content and build the pages."""

from __future__ import annotations

from pathlib import Path

import click

from ..publish import rules


@click.group("rules")
def rules_group() -> None:
    """Rule pages (규칙 안내) from content/rules/*.yaml."""


@rules_group.command("check")
@click.option("--content", "content", default=None, type=click.Path(file_okay=False, exists=True),
              help="Another content folder (holding rules/*.yaml).")
def check_cmd(content: str | None) -> None:
    """Validate every page and figure; exit 2 listing every problem with its file and line."""
    checked = rules.check(Path(content) if content else None)
    n = sum(len(s.figures) for p in checked.pages for s in p.sections)
    click.echo(f"ok: {len(checked.pages)} pages, {n} figures checked by the engine, "
               f"{len(checked.examples)} worked example(s) filled in")


@rules_group.command("build")
@click.option("-o", "--output", "out", required=True, type=click.Path(file_okay=False),
              help="The folder to write the pages into.")
@click.option("--content", "content", default=None, type=click.Path(file_okay=False, exists=True),
              help="Another content folder (holding rules/*.yaml).")
def build_cmd(out: str, content: str | None) -> None:
    """Write the rule pages (HTML with inline SVG figures, PNG figures, the font subset)."""
    written = rules.build(Path(out), Path(content) if content else None)
    click.echo(f"built {len(written)} files in {out}")

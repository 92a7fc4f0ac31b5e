"""Rule pages: check the content (schema and figures) and build the pages into a folder.

Layout of the output: ``OUT/<slug>/index.html`` with its figures inlined as SVG and also saved as
``OUT/<slug>/figure-N.png`` for sharing, and ``OUT/fonts/sans.woff``, a subset of the sans font
holding every character the pages use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.errors import InputError
from ..engine.figures import FigureProblem
from ..generator.games import example_kinds, figure_kinds
from ..renderers.fonts import missing_glyphs
from ..renderers.games import example_writers, figure_drawings
from ..renderers.model import Drawing, Text, texts
from ..renderers.raster import png_bytes, render_image
from ..renderers.rules import rule_page_html
from ..renderers.site import SiteInfo
from ..renderers.webfont import subset_woff
from .atomic import Transaction
from .owner import claim_rules_folder, refuse_planted_links
from . import examples
from .content import ContentError, Figure, Page, load_pages


def default_content() -> Path:
    return Path(str(resources.files("harupan").joinpath("content")))


@dataclass(frozen=True)
class Checked:
    pages: list[Page]
    drawings: dict[tuple[str, int, int], Drawing]  # (slug, section index, figure index) → Drawing
    captions: dict[tuple[str, int, int], str]  # the same keys → the caption shown (with the engine's counts where a figure has them)
    # (slug, section index, example name) → the example's fields as shown in the section's body
    examples: dict[tuple[str, int, str], Mapping[str, str]]


def kinds() -> tuple[dict[str, tuple[set[str], set[str]]], dict[str, tuple[set[str], set[str]]]]:
    """The figure and example kinds a page may declare (every game's and topic's,
    generator/games), each with its required and optional keys."""
    def keys(made: dict[str, Any]) -> dict[str, tuple[set[str], set[str]]]:  # Any: the kinds' makers, of any figure type
        return {name: (set(k.required), set(k.optional)) for name, k in made.items()}

    return keys(figure_kinds()), keys(example_kinds())


def caption(fig: Figure, data: object) -> str:
    """The caption shown: the page's words, then whatever the engine counted for the figure (a
    figure's data may carry a ``note``: the Shanghai walls' tiles per player)."""
    note = getattr(data, "note", None)
    return f"{fig.caption} {note}" if note else fig.caption


def check(content: Path | None = None) -> Checked:
    """Load and validate every rule page, compute every figure and fill in every worked example
    (the pages returned carry the bodies as shown); raise :class:`ContentError` listing every
    problem at once."""
    folder = (content or default_content()) / "rules"
    figure_keys, example_keys = kinds()
    makers, drawers = figure_kinds(), figure_drawings()
    unpaired = sorted(set(makers) - set(drawers)) + sorted(set(example_kinds()) - set(example_writers()))
    if unpaired:
        raise InputError(f"the kind {unpaired[0]!r} is declared by a game but drawn by no view (renderers/games)")
    loaded, problems = load_pages(folder, figure_keys, example_keys)
    drawings, captions = {}, {}
    shown_examples: dict[tuple[str, int, str], Mapping[str, str]] = {}
    pages = []
    for page in loaded:
        page = _fill_examples(page, shown_examples, problems)
        pages.append(page)
        for si, section in enumerate(page.sections):
            for fi, fig in enumerate(section.figures):
                try:
                    data = makers[fig.kind].make(fig.spec)
                    drawings[(page.slug, si, fi)] = drawers[fig.kind].drawing(data)
                    captions[(page.slug, si, fi)] = caption(fig, data)
                except FigureProblem as p:
                    line = fig.spec["_lines"].get(p.key, fig.line)
                    key = f"sections[{si}].figures[{fi}]" + (f".{p.key}" if p.key else "")
                    problems.append(f"{page.source}:{line}: {key}: {p.message}")
        shown = "".join(c for (slug, _, _), c in captions.items() if slug == page.slug)
        missing = set(missing_glyphs(page_text(page) + shown, "sans"))
        for (slug, _, _), d in drawings.items():
            if slug == page.slug:
                for item in d.items:
                    if isinstance(item, Text):
                        missing |= set(missing_glyphs(item.text, item.font))
        if missing:
            problems.append(f"{page.source}:1: the fonts have no glyph for {''.join(sorted(missing))!r}")
    if problems:
        raise ContentError(problems)
    return Checked(pages, drawings, captions, shown_examples)


def _fill_examples(page: Page, shown: dict[tuple[str, int, str], Mapping[str, str]], problems: list[str]) -> Page:
    """``page`` with each section's ``{{name.field}}`` filled in from its examples
    (publish/examples.py); what goes wrong is added to ``problems`` with its file and line."""
    sections = []
    checks, writers = example_kinds(), example_writers()
    for si, section in enumerate(page.sections):
        values: dict[str, Mapping[str, str] | None] = {}
        for ex in section.examples:
            if not ex.kind:  # already reported as it was read
                values[ex.name] = None
                continue
            try:
                values[ex.name] = writers[ex.kind].fields(checks[ex.kind].make(ex.spec))
            except FigureProblem as p:
                line = ex.spec["_lines"].get(p.key, ex.line)
                key = f"sections[{si}].examples.{ex.name}" + (f".{p.key}" if p.key else "")
                problems.append(f"{page.source}:{line}: {key}: {p.message}")
                values[ex.name] = None
        body, found, used = examples.fill(section.body, values)
        where = f"{page.source}:{page.lines.get(f'sections[{si}].body', 1)}: sections[{si}].body"
        problems += [f"{where}: {p}" for p in found]
        for ex in section.examples:
            if ex.name not in used:
                problems.append(f"{page.source}:{ex.line}: sections[{si}].examples.{ex.name}: "
                                f"declared but never shown (write {{{{{ex.name}.FIELD}}}} in the body)")
            fields = values[ex.name]
            if fields is not None:
                shown[(page.slug, si, ex.name)] = fields
        sections.append(replace(section, body=body) if body != section.body else section)
    return replace(page, sections=tuple(sections))


def page_text(page: Page) -> str:
    parts = [page.title, page.summary]
    for s in page.sections:
        parts += [s.heading, s.body] + [f.caption for f in s.figures]
    for q, a in page.faq:
        parts += [q, a]
    return "".join(parts)


def page_dict(page: Page) -> dict[str, Any]:  # Any: a page's plain fields, as the template reads them
    return {"slug": page.slug, "title": page.title, "summary": page.summary, "updated": page.updated,
            "sections": [{"heading": s.heading, "body": s.body} for s in page.sections],
            "faq": list(page.faq), "related": list(page.related)}


SITE_TEXT = "하루 판 규칙 안내 목차 자주 묻는 질문 함께 읽기 최종 수정 년월일 그림 파일 이 사이트의 엔진이 그림과 예시를 직접 계산해 만듭니다"


def build(out: Path, content: Path | None = None, *, home_url: str = "../../index.html",
          font_url: str = "../fonts/sans.woff", write_font: bool = True, checked: Checked | None = None,
          write: Callable[[Path, bytes], object] | None = None, site: SiteInfo | None = None) -> list[Path]:
    """Write every rule page into ``out``; returns the files written or already current.
    The site build shares one font subset (``write_font=False`` and its own ``font_url``) and
    passes its transaction's ``write``. On its own, ``out`` must be new, empty or already marked
    as harupan's rule pages folder (publish/owner.py), and a failed write puts back what was
    replaced. The site build gives ``site`` (title, tagline): its pages then wear the site's
    header and nav (renderers/rules.py)."""
    checked = checked or check(content)  # the site build has checked already
    if write is None:
        claim_rules_folder(out, {p.slug for p in checked.pages})
        refuse_planted_links(out, whole_tree=True)
        with Transaction(out) as tx:
            return build(out, content, home_url=home_url, font_url=font_url, write_font=write_font,
                         checked=checked, write=tx.write)
    ordered = sorted(checked.pages, key=lambda p: p.slug)
    all_pages = [{"slug": p.slug, "title": p.title, "summary": p.summary} for p in ordered]
    written = []
    alltext = SITE_TEXT + "".join(page_text(p) + p.title for p in ordered) + "".join(checked.captions.values())
    alltext += "".join(texts(d.items) for d in checked.drawings.values())  # the figures' words (inline SVG)
    if write_font:
        font_file = out / "fonts" / "sans.woff"
        write(font_file, subset_woff(alltext))
        written.append(font_file)
    for page in ordered:
        figures = []
        for si, section in enumerate(page.sections):
            figs = []
            for fi in range(len(section.figures)):
                drawing: Drawing = checked.drawings[(page.slug, si, fi)]
                name = f"figure-{si + 1}-{fi + 1}.png"
                path = out / page.slug / name
                write(path, png_bytes(render_image(drawing, 2.0)))
                written.append(path)
                figs.append({"drawing": drawing, "caption": checked.captions[(page.slug, si, fi)], "png": name})
            figures.append(figs)
        html = rule_page_html(page_dict(page), figures, all_pages, font_url=font_url, home_url=home_url, site=site)
        path = out / page.slug / "index.html"
        write(path, html.encode("utf-8"))
        written.append(path)
    return written


__all__ = ["check", "build", "ContentError"]

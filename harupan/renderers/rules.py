"""Rule pages as HTML, from plain data: the page's text, and drawings for its figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from .html import environment
from .sheets import day_ko
from .site import SiteInfo
from .svg import render_svg


def rule_page_html(page: Mapping[str, Any], figures: list[list[dict[str, Any]]], all_pages: list[dict[str, str]], *,
                   font_url: str, home_url: str, site: SiteInfo | None = None) -> str:  # Any: a page's plain
    # fields (text, a date, lists of sections and questions) as the template reads them
    """``page``: slug, title, summary, updated (a ``datetime.date``), sections (heading, body), faq, related.
    ``figures[i]``: the figures of section i, each {"drawing", "caption", "png"}. With ``site``
    (title, tagline) the page is one of the site's, two folders below its root: the site's
    header, nav, stylesheet and footer; without, it stands alone (``harupan rules build``)."""
    from .markdown import render_markdown  # markdown-it: 20 ms to import (bench/startup.py); a night rarely makes rule pages

    sections = []
    for si, (s, figs) in enumerate(zip(page["sections"], figures)):
        sections.append({
            "heading": s["heading"],
            "body": render_markdown(s["body"]),
            "figures": [{"svg": Markup(render_svg(f["drawing"], title=f["caption"], id_prefix=f"f{si}-{fi}-")),
                         "caption": f["caption"], "png": f["png"]} for fi, f in enumerate(figs)],
        })
    by_slug = {p["slug"]: p for p in all_pages}
    template = "rule.html" if site is not None else "rule_standalone.html"
    return environment().get_template(template).render(site=site, root="../../",
        page=page, sections=sections, faq=[(q, render_markdown(a)) for q, a in page["faq"]],
        related=[by_slug[r] for r in page["related"] if r in by_slug], all_pages=all_pages,
        updated_ko=day_ko(page["updated"], weekday=False), font_url=font_url, home_url=home_url)

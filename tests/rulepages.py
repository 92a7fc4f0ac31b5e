"""What the rule-page tests share: the pages as a reader sees them, and finding a page or a section."""

from html.parser import HTMLParser

from harupan.publish import rules

SLUGS = tuple(sorted(p.stem for p in (rules.default_content() / "rules").glob("*.yaml")))  # a page a file, named for its slug


class _Visible(HTMLParser):
    """The text a reader sees: everything but <style>, <script> and tags' insides."""

    def __init__(self):
        super().__init__()
        self.skip = 0
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def visible(html: str) -> str:
    p = _Visible()
    p.feed(html)
    return "".join(p.parts)


def page(checked, slug):
    return next(p for p in checked.pages if p.slug == slug)


def section(checked, slug, heading_start):
    return next(s for s in page(checked, slug).sections if s.heading.startswith(heading_start))

"""Worked examples in the rule pages' prose: a section declares them by name and kind, and its
body refers to their fields as ``{{name.field}}``; the builder fills the fields in from the
record the kind's check made (each game declares its example kinds: generator/games, checked
there; its view writes the fields: renderers/games), never typed into the sentence. A problem is
reported as ``FILE:LINE: key.path: what is wrong`` like the rest of the content.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

REFERENCE = re.compile(r"\{\{(.*?)\}\}", re.S)

_MARKDOWN = re.compile(r"([\\`*_\[\]<>#|~!])")


def fill(body: str, values: Mapping[str, Mapping[str, str] | None]) -> tuple[str, list[str], set[str]]:
    """``body`` with every ``{{name.field}}`` replaced by that example's field (Markdown's own
    characters escaped, so a figure is shown as text); also the problems found and the names used.
    An example whose record failed its check (None) is left unfilled, its problem told already."""
    problems: list[str] = []
    used: set[str] = set()

    def one(m: re.Match[str]) -> str:
        ref = m.group(1).strip()
        name, _, field = ref.partition(".")
        if name not in values:
            known = ", ".join(sorted(values)) or "none declared in this section's examples"
            problems.append(f"{{{{{ref}}}}} names no example (known: {known})")
            return m.group(0)
        used.add(name)
        fields = values[name]
        if fields is None:
            return m.group(0)
        if field not in fields:
            problems.append(f"{{{{{ref}}}}}: {name!r} has no field {field!r} (fields: {', '.join(fields)})")
            return m.group(0)
        return _MARKDOWN.sub(r"\\\1", fields[field])

    text = REFERENCE.sub(one, body)
    if "{{" in REFERENCE.sub("", body):
        problems.append("an unclosed '{{' (a reference is written {{name.field}})")
    return text, problems, used

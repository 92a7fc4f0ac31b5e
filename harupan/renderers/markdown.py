"""Markdown for content, with raw HTML off: content can never inject markup.

CommonMark decides whether ``**`` opens or closes emphasis from the characters on either side,
written for languages that put a space after a word. Korean puts a particle straight after it:
in ``**왕패(王牌)**는`` the closing ``**`` sits between ``)`` and ``는`` and, by the plain rule,
closes nothing, so the reader would see the asterisks. We parse with the CJK-friendly amendment
(as markdown-cjk-friendly does): a Hangul, kana or CJK character beside a delimiter run counts as
a word boundary for the flanking test, the way a space or punctuation mark already does.
"""

from __future__ import annotations

from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.parser_inline import ParserInline
from markdown_it.rules_inline.state_inline import Scanned, StateInline
from markdown_it.common.utils import isMdAsciiPunct, isPunctChar, isWhiteSpace
from markdown_it.token import Token
from markdown_it.utils import EnvType
from markupsafe import Markup

_CJK = ((0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF),
        (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF),
        (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return any(lo <= o <= hi for lo, hi in _CJK)


class _CjkState(StateInline):
    def scanDelims(self, start: int, canSplitWord: bool) -> Scanned:
        marker = self.src[start]
        pos = start
        while pos < self.posMax and self.src[pos] == marker:
            pos += 1
        last = self.src[start - 1] if start > 0 else " "
        nxt = self.src[pos] if pos < self.posMax else " "
        last_punct = isMdAsciiPunct(ord(last)) or isPunctChar(last)
        next_punct = isMdAsciiPunct(ord(nxt)) or isPunctChar(nxt)
        last_space, next_space = isWhiteSpace(ord(last)), isWhiteSpace(ord(nxt))
        left = not (next_space or (next_punct and not (last_space or last_punct or is_cjk(last))))
        right = not (last_space or (last_punct and not (next_space or next_punct or is_cjk(nxt))))
        can_open = left and (canSplitWord or not right or last_punct)
        can_close = right and (canSplitWord or not left or next_punct)
        return Scanned(can_open, can_close, pos - start)


class _CjkInline(ParserInline):
    def parse(self, src: str, md: MarkdownIt, env: EnvType, tokens: list[Token]) -> list[Token]:
        state = _CjkState(src, md, env, tokens)
        self.tokenize(state)
        for rule in self.ruler2.getRules(""):
            rule(state)
        return state.tokens


@lru_cache(maxsize=1)
def _md() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    inline = _CjkInline()
    inline.ruler, inline.ruler2 = md.inline.ruler, md.inline.ruler2
    md.inline = inline
    return md


def render_markdown(text: str) -> Markup:
    return Markup(_md().render(text))

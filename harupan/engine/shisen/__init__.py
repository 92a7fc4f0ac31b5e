"""Shisen-sho (사천성): tiles, boards, paths, the solver, hint and shuffle. Pure, no I/O."""

from .board import Board, Layout, format_json, format_text, parse_any, parse_json, parse_text
from .game import Hint, State, apply, hint, legal_pairs, path_between, replay, shuffle, start, undo
from .solver import SOLVED, UNDECIDED, UNSOLVABLE, SolveResult, decide, solve

__all__ = [
    "Board", "Layout", "format_json", "format_text", "parse_any", "parse_json", "parse_text",
    "Hint", "State", "apply", "hint", "legal_pairs", "path_between", "replay", "shuffle", "start", "undo",
    "SOLVED", "UNDECIDED", "UNSOLVABLE", "SolveResult", "decide", "solve",
]

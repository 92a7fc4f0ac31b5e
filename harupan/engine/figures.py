"""Rule-page figures and worked examples as the engine computes them: a kind is declared once, by
the game (or rule topic) it belongs to, and checked against what the page says it shows.

A figure in ``content/rules/*.yaml`` names its ``kind`` and gives that kind's keys; the kind's
``compute`` turns them into the figure's plain data (a value its game's view draws) after checking
its ``expect`` against the engine, and raises :class:`FigureProblem` naming the key that is wrong.
An example (``{{name.field}}`` in a section's body) is the same with a ``check`` that returns the
record the view writes its fields from (publish/content.py reads both; docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from .errors import InputError

T = TypeVar("T", covariant=True)
Spec = Mapping[str, object]  # a figure's or example's own keys, as plain YAML values


class FigureProblem(InputError):
    """What is wrong with one figure or example: ``key`` is the key to blame ("" for the whole)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key
        self.message = message


@dataclass(frozen=True)
class FigureKind(Generic[T]):
    """A kind of figure: the keys a figure of it must and may have, and how the engine computes it."""

    name: str
    required: frozenset[str]
    optional: frozenset[str]
    compute: Callable[[Spec], T]

    def make(self, spec: Spec) -> object:
        """The figure's data from its keys; :class:`FigureProblem` (an engine error names no key)."""
        try:
            return self.compute(spec)
        except FigureProblem:
            raise
        except InputError as e:
            raise FigureProblem("", str(e)) from None


ExampleKind = FigureKind  # an example kind has the same shape: its keys, and the record its check makes

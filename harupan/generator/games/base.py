"""What a game gives a day (the :class:`Game` protocol) and the registry of games, in page order."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ...engine.errors import InputError

Piece = tuple[str, ...]  # one independent, picklable piece of work; piece[0] names its kind


@dataclass(frozen=True)
class Settings:
    """The day's options, as the operator set them (content/site.yaml, the environment, flags)."""

    size: str
    difficulties: tuple[str, ...]
    par: str | None = None  # the zodiac par bot: "full", "quick", or None for no par


@runtime_checkable
class Game(Protocol):
    """One game of the day. A game is a module that defines one of these and registers it.

    ``name`` is its key in ``puzzle.json``; ``script`` the browser module (in
    ``renderers/static/js``) that plays it; ``piece_kinds`` the first elements of the pieces it
    makes. The drawing side (files, sheets, page section) lives in ``renderers/games`` under the
    same name, because the renderers may not import this layer (docs/adding-a-game.md).
    """

    name: str
    script: str
    piece_kinds: tuple[str, ...]

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        """The independent pieces of work the day's part needs (run side by side in a pool)."""
        ...

    def piece_cost(self, piece: Piece) -> float:
        """Rough seconds a piece takes; the slowest start first."""
        ...

    def make_piece(self, piece: Piece) -> Any:
        """One piece's result, as JSON-ready data (it may travel between processes)."""
        ...

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Any]) -> Any:
        """The game's typed part of the day from its pieces' results."""
        ...

    def verify(self, date: _dt.date, part: Any) -> None:
        """Prove the part again from scratch; raise ``CheckFailed`` on the first failure."""
        ...

    def part_to_json(self, part: Any) -> Any:
        ...

    def part_from_json(self, data: Any, date: _dt.date) -> Any:
        """The typed part from its JSON form; ``InputError`` when it is not one."""
        ...


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the day, after the games already registered (its place on the page)."""
    if game.name in _GAMES:
        raise InputError(f"a game named {game.name!r} is registered already")
    taken = {k for g in _GAMES.values() for k in g.piece_kinds}
    if taken & set(game.piece_kinds):
        raise InputError(f"game {game.name!r}: piece kind {min(taken & set(game.piece_kinds))!r} is taken")
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game (for tests that register a game of their own)."""
    _GAMES.pop(name, None)


def games() -> tuple[Game, ...]:
    """Every registered game, in page order."""
    return tuple(_GAMES.values())


def game(name: str) -> Game:
    try:
        return _GAMES[name]
    except KeyError:
        raise InputError(f"no game named {name!r} (known: {', '.join(_GAMES)})") from None


def game_for_piece(piece: Piece) -> Game:
    for g in _GAMES.values():
        if piece[0] in g.piece_kinds:
            return g
    raise InputError(f"no game makes pieces of kind {piece[0]!r}")

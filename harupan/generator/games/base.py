"""What a game gives a day (the :class:`Game` protocol) and the registry of games, in page order."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from ...engine.errors import InputError

Piece = tuple[str, ...]  # one independent, picklable piece of work; piece[0] names its kind
Json = object  # JSON-ready data (dicts, lists, str, int, float, bool, None): what crosses processes and files;
# each game checks what it reads
SettingValue = str | tuple[str, ...]
PartT = TypeVar("PartT")


@dataclass(frozen=True)
class Option:
    """One setting a game takes, by the operator: ``key`` in ``content/site.yaml``,
    ``HARUPAN_<KEY>`` in the environment (a list comma-separated), and perhaps a command flag."""

    key: str
    default: SettingValue  # the operator's default
    choices: tuple[str, ...]  # the values allowed (for a list: each item)
    many: bool = False  # a list of choices, at least one, no repeats
    off: str | None = None  # the value asking least work, for a day that is only drawn (Settings.light)

    def parse(self, value: object, source: str) -> SettingValue:
        """The setting from site.yaml, the environment or a flag; :class:`InputError` quoting it."""
        if self.many:
            items = value.split(",") if isinstance(value, str) else value
            if not isinstance(items, (list, tuple)) or not all(isinstance(v, str) for v in items):
                raise InputError(f"{source}: {self.key} must be a list of names")
            names = tuple(v.strip() for v in items)
            bad = [v for v in names if v not in self.choices]
            if bad or not names or len(set(names)) != len(names):
                raise InputError(f"{self.key} {list(names)!r}: choose from {', '.join(self.choices)}")
            return names
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise InputError(f"{source}: {self.key} must be text")
        if str(value) not in self.choices:
            raise InputError(f"{self.key} {str(value)!r}: choose {' or '.join(self.choices)}")
        return str(value)


@dataclass(frozen=True)
class Settings:
    """The day's options, game by game (game name -> option key -> value), as the operator set
    them (content/site.yaml, the environment, flags). A game or option not named here takes the
    default its game declares (:attr:`Game.options`)."""

    by_game: Mapping[str, Mapping[str, SettingValue]] = field(default_factory=dict)
    light: bool = False  # an option not named takes its ``off`` value where it has one (a sheet, a sample)

    def value(self, game_name: str, key: str) -> SettingValue:
        given = self.by_game.get(game_name, {})
        if key in given:
            return given[key]
        for opt in game(game_name).options:
            if opt.key == key:
                return opt.off if self.light and opt.off is not None else opt.default
        raise InputError(f"game {game_name!r} has no setting {key!r}")

    def text(self, game_name: str, key: str) -> str:
        v = self.value(game_name, key)
        return v if isinstance(v, str) else ",".join(v)

    def items(self, game_name: str, key: str) -> tuple[str, ...]:
        v = self.value(game_name, key)
        return (v,) if isinstance(v, str) else v

    def of(self, game_name: str) -> dict[str, SettingValue]:
        """Every option of one game, defaults filled in."""
        return {o.key: self.value(game_name, o.key) for o in game(game_name).options}


class GameInfo(Protocol):
    """What the pipeline asks of a game apart from its part: its names, settings and pieces."""

    name: str
    script: str
    piece_kinds: tuple[str, ...]
    options: tuple[Option, ...]
    file_format: str | None  # the "format" of its standalone JSON file (harupan render FILE), if it has one

    def read_file(self, text: str, data: Json | None, source: str) -> Json:
        """A standalone file (``harupan render FILE``) as the plain data its view draws:
        ``data`` is the file parsed as JSON (None when it is not JSON). A file whose format is
        no game's ``file_format`` goes to the first registered game. ``InputError`` when it is
        not one, naming ``source``."""
        ...

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        """The independent pieces of work the day's part needs (run side by side in a pool)."""
        ...

    def piece_cost(self, piece: Piece) -> float:
        """Rough seconds a piece takes; the slowest start first."""
        ...

    def make_piece(self, piece: Piece) -> Json:
        """One piece's result, as JSON-ready data (it may travel between processes)."""
        ...

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        """The pieces worth making ahead of their day (``harupan prepare`` keeps their results);
        [] for a game that is quick."""
        ...

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        """Why a result kept ahead cannot stand in for making ``piece`` now (it is made again), or
        None when it can. Called only for pieces of :meth:`slow_pieces`."""
        ...


class Game(GameInfo, Protocol[PartT]):
    """One game of the day, over its typed part ``PartT`` (a frozen dataclass). A game is a module
    that defines one of these and registers it.

    ``name`` is its key in ``puzzle.json``; ``script`` the browser module (in
    ``renderers/static/js``) that plays it; ``piece_kinds`` the first elements of the pieces it
    makes; ``options`` the settings it takes (their keys unique across games); ``part_type`` the
    class of its part. The drawing side (files, sheets, page section) lives in ``renderers/games``
    under the same name, because the renderers may not import this layer (docs/adding-a-game.md).
    """

    part_type: type[PartT]

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> PartT:
        """The game's typed part of the day from its pieces' results."""
        ...

    def verify(self, date: _dt.date, part: PartT) -> None:
        """Prove the part again from scratch; raise ``CheckFailed`` on the first failure."""
        ...

    def part_to_json(self, part: PartT) -> Json:
        ...

    def part_from_json(self, data: Json, date: _dt.date) -> PartT:
        """The typed part from its JSON form; ``InputError`` when it is not one."""
        ...


class DayGame(GameInfo, Protocol):
    """A registered game as the pipeline holds it, beside games of other part types: the same
    methods, each part checked against the game's ``part_type`` where it comes in."""

    script_folder: str | None

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> object: ...

    def verify(self, date: _dt.date, part: object) -> None: ...

    def part_to_json(self, part: object) -> Json: ...

    def part_from_json(self, data: Json, date: _dt.date) -> object: ...


class Registered(Generic[PartT]):
    """A :class:`Game` wrapped for the registry (see :class:`DayGame`)."""

    def __init__(self, g: Game[PartT]) -> None:
        self.game = g
        self.name, self.script, self.piece_kinds, self.options = g.name, g.script, g.piece_kinds, g.options
        self.file_format = g.file_format
        folder = getattr(g, "script_folder", None)  # a game kept outside the package brings its module
        self.script_folder: str | None = str(folder) if folder else None

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def read_file(self, text: str, data: Json | None, source: str) -> Json:
        return self.game.read_file(text, data, source)

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return self.game.pieces(date, settings)

    def piece_cost(self, piece: Piece) -> float:
        return self.game.piece_cost(piece)

    def make_piece(self, piece: Piece) -> Json:
        return self.game.make_piece(piece)

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return self.game.slow_pieces(date, settings)

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        return self.game.kept_fault(piece, made)

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> PartT:
        return self.game.assemble(date, settings, made)

    def _own(self, part: object) -> PartT:
        if not isinstance(part, self.game.part_type):
            raise TypeError(f"game {self.name!r}: a part of type {type(part).__name__}, "
                            f"not {self.game.part_type.__name__}")
        return part

    def verify(self, date: _dt.date, part: object) -> None:
        self.game.verify(date, self._own(part))

    def part_to_json(self, part: object) -> Json:
        return self.game.part_to_json(self._own(part))

    def part_from_json(self, data: Json, date: _dt.date) -> PartT:
        return self.game.part_from_json(data, date)


_GAMES: dict[str, DayGame] = {}


def register(g: Game[PartT]) -> Game[PartT]:
    """Add ``g`` to the day, after the games already registered (its place on the page)."""
    if g.name in _GAMES:
        raise InputError(f"a game named {g.name!r} is registered already")
    taken = {k for other in _GAMES.values() for k in other.piece_kinds}
    if taken & set(g.piece_kinds):
        raise InputError(f"game {g.name!r}: piece kind {min(taken & set(g.piece_kinds))!r} is taken")
    keys = {o.key for other in _GAMES.values() for o in other.options}
    if keys & {o.key for o in g.options}:
        raise InputError(f"game {g.name!r}: setting {min(keys & {o.key for o in g.options})!r} is taken")
    entry: Registered[PartT] = Registered(g)
    _GAMES[g.name] = entry
    return g


def unregister(name: str) -> None:
    """Remove a game (for tests that register a game of their own)."""
    _GAMES.pop(name, None)


def games() -> tuple[DayGame, ...]:
    """Every registered game, in page order."""
    return tuple(_GAMES.values())


def game(name: str) -> DayGame:
    try:
        return _GAMES[name]
    except KeyError:
        raise InputError(f"no game named {name!r} (known: {', '.join(_GAMES)})") from None


def game_for_piece(piece: Piece) -> DayGame:
    for g in _GAMES.values():
        if piece[0] in g.piece_kinds:
            return g
    raise InputError(f"no game makes pieces of kind {piece[0]!r}")


def game_for_file(data: Json | None) -> DayGame:
    """The game whose standalone file ``data`` is (parsed JSON, None for text): the one whose
    ``file_format`` it names, else the first registered game."""
    fmt = data.get("format") if isinstance(data, dict) else None
    first = next(iter(_GAMES.values()), None)
    if first is None:
        raise InputError("no game is registered")
    return next((g for g in _GAMES.values() if g.file_format is not None and g.file_format == fmt), first)


def options() -> dict[str, tuple[str, Option]]:
    """Every registered game's settings by key: key -> (game name, option)."""
    return {o.key: (g.name, o) for g in _GAMES.values() for o in g.options}

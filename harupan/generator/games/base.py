"""What a game gives a day (:class:`Game`, with defaults for what a game does not have), what a
rule topic gives its page (:class:`Topic`), and the registry of both, in page order.

A game implements only what it has: a quick game writes :meth:`Game.make` and its JSON form and
inherits one piece of work a day, nothing kept ahead, no settings and no standalone file
(docs/adding-a-game.md has the worked example).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Generic, Protocol, TypeVar

from ...engine.errors import InputError

Json = object  # JSON-ready data (dicts, lists, str, int, float, bool, None): what crosses processes and files;
# each game checks what it reads
SettingValue = str | tuple[str, ...]
PartT = TypeVar("PartT")
FileT = TypeVar("FileT")


@dataclass(frozen=True, order=True)
class Piece:
    """One independent piece of a day's work, picklable (a pool makes pieces side by side): its
    ``kind`` names the game that makes it, then its day and the game's own arguments."""

    kind: str
    day: _dt.date
    args: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """Its name in a record of pieces kept ahead: ``par/2026-12-01/full``."""
        return "/".join((self.kind, self.day.isoformat(), *self.args))


@dataclass(frozen=True)
class Option:
    """One setting a game takes, by the operator: ``key`` in ``content/site.yaml``,
    ``HARUPAN_<KEY>`` in the environment (a list comma-separated) and, with ``flag``, an option
    ``--<key>`` of the publishing commands (``daily``, ``prepare``, ``site build``)."""

    key: str
    default: SettingValue  # the operator's default
    choices: tuple[str, ...]  # the values allowed (for a list: each item)
    many: bool = False  # a list of choices, at least one, no repeats
    off: str | None = None  # the value asking least work, for a day that is only drawn (Settings.light)
    flag: bool = False  # offered as --<key> by the publishing commands
    help: str = ""  # what it sets, for --help

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


class FigureMaker(Protocol):
    """A figure or example kind as the registry holds it (engine/figures.py ``FigureKind``)."""

    @property
    def name(self) -> str: ...

    @property
    def required(self) -> frozenset[str]: ...

    @property
    def optional(self) -> frozenset[str]: ...

    def make(self, spec: Mapping[str, object]) -> object: ...


class Topic:
    """What a rule page's subject gives it: the kinds of figure (and of worked example) its YAML
    may declare, each computed and checked by the engine. Every game is a topic; a subject that
    is not a game of the day (Shanghai's deal) is a topic alone."""

    name: str
    figures: tuple[FigureMaker, ...] = ()
    examples: tuple[FigureMaker, ...] = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class Game(Topic, Generic[PartT, FileT]):
    """One game of the day, over its typed part ``PartT`` (a frozen dataclass, in the engine so
    that its view can draw it) and, if it has one, the value of its standalone file ``FileT``.

    Required: ``name`` (its key in ``puzzle.json`` and its place in every layer), ``part_type``,
    :meth:`make` (or :meth:`make_piece` and :meth:`assemble` for a day made of several pieces),
    :meth:`verify`, :meth:`part_to_json` and :meth:`part_from_json`. The rest has defaults."""

    part_type: type[PartT]
    version: int = 1  # the game's generator version: bump it when a date's part changes; a piece kept
    # ahead by another version is made again
    options: tuple[Option, ...] = ()
    file_format: str | None = None  # the "format" of its standalone JSON file (harupan render FILE), if any
    piece_kinds: ClassVar[tuple[str, ...]] = ()  # the kinds of its pieces; () means its name alone

    def kinds(self) -> tuple[str, ...]:
        return self.piece_kinds or (self.name,)

    def make(self, date: _dt.date) -> PartT:
        """The day's part, made in one piece (a quick game's whole work)."""
        raise NotImplementedError(f"game {self.name!r} has neither make() nor make_piece()")

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        """The independent pieces of work the day's part needs (run side by side in a pool)."""
        return [Piece(self.kinds()[0], date)]

    def piece_cost(self, piece: Piece) -> float:
        """Rough seconds a piece takes; the slowest start first, and a day whose pieces add up to
        less than a second is made without workers."""
        return 0.01

    def make_piece(self, piece: Piece) -> Json:
        """One piece's result, as JSON-ready data (it may travel between processes)."""
        return self.part_to_json(self.make(piece.day))

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        """The pieces worth making ahead of their day (``harupan prepare`` keeps their results)."""
        return []

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        """Why a result kept ahead cannot stand in for making ``piece`` now (it is made again), or
        None when it can. Called only for pieces of :meth:`slow_pieces`."""
        return "nothing is kept ahead"

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> PartT:
        """The game's typed part of the day from its pieces' results."""
        return self.part_from_json(made[self.pieces(date, settings)[0]], date)

    def verify(self, date: _dt.date, part: PartT) -> None:
        """Prove the part again from scratch; raise ``CheckFailed`` (exit 1) on the first failure."""
        raise NotImplementedError

    def part_to_json(self, part: PartT) -> Json:
        raise NotImplementedError

    def part_from_json(self, data: Json, date: _dt.date) -> PartT:
        """The typed part from its JSON form; ``InputError`` when it is not one."""
        raise NotImplementedError

    def read_file(self, text: str, data: Json | None, source: str) -> FileT:
        """A standalone file (``harupan render FILE``) as the value its view draws: ``data`` is
        the file parsed as JSON (None when it is not JSON). ``InputError`` naming ``source``."""
        raise InputError(f"{source}: the game {self.name!r} reads no file of its own")


class DayGame(Protocol):
    """A registered game as the pipeline holds it, beside games of other part types: the same
    methods, each part checked against the game's ``part_type`` where it comes in."""

    name: str
    version: int
    part_type: type
    options: tuple[Option, ...]
    file_format: str | None
    figures: tuple[FigureMaker, ...]
    examples: tuple[FigureMaker, ...]

    def kinds(self) -> tuple[str, ...]: ...

    def read_file(self, text: str, data: Json | None, source: str) -> object: ...

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]: ...

    def piece_cost(self, piece: Piece) -> float: ...

    def make_piece(self, piece: Piece) -> Json: ...

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]: ...

    def kept_fault(self, piece: Piece, made: Json) -> str | None: ...

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> object: ...

    def verify(self, date: _dt.date, part: object) -> None: ...

    def part_to_json(self, part: object) -> Json: ...

    def part_from_json(self, data: Json, date: _dt.date) -> object: ...


class Registered(Generic[PartT, FileT]):
    """A :class:`Game` wrapped for the registry (see :class:`DayGame`)."""

    def __init__(self, g: Game[PartT, FileT]) -> None:
        self.game = g
        self.name, self.version, self.options, self.file_format = g.name, g.version, g.options, g.file_format
        self.part_type: type = g.part_type
        self.figures: tuple[FigureMaker, ...] = tuple(g.figures)
        self.examples: tuple[FigureMaker, ...] = tuple(g.examples)

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    def kinds(self) -> tuple[str, ...]:
        return self.game.kinds()

    def read_file(self, text: str, data: Json | None, source: str) -> FileT:
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
_TOPICS: dict[str, Topic] = {}


def _taken(kinds: set[str], own: str) -> str | None:
    """A figure or example kind of ``kinds`` another topic or game declared already."""
    every: list[DayGame | Topic] = [*_GAMES.values(), *_TOPICS.values()]
    other = {k.name for t in every if t.name != own for k in (*t.figures, *t.examples)}
    return min(kinds & other) if kinds & other else None


def register(g: Game[PartT, FileT]) -> Game[PartT, FileT]:
    """Add ``g`` to the day, after the games already registered (its place on the page)."""
    if g.name in _GAMES or g.name in _TOPICS:
        raise InputError(f"a game named {g.name!r} is registered already")
    taken = {k for other in _GAMES.values() for k in other.kinds()}
    if taken & set(g.kinds()):
        raise InputError(f"game {g.name!r}: piece kind {min(taken & set(g.kinds()))!r} is taken")
    keys = {o.key for other in _GAMES.values() for o in other.options}
    if keys & {o.key for o in g.options}:
        raise InputError(f"game {g.name!r}: setting {min(keys & {o.key for o in g.options})!r} is taken")
    kind = _taken({k.name for k in (*g.figures, *g.examples)}, g.name)
    if kind is not None:
        raise InputError(f"game {g.name!r}: figure or example kind {kind!r} is taken")
    entry: Registered[PartT, FileT] = Registered(g)
    _GAMES[g.name] = entry
    return g


def register_topic(t: Topic) -> Topic:
    """Add a rule topic that is not a game of the day (its figure and example kinds)."""
    if t.name in _GAMES or t.name in _TOPICS:
        raise InputError(f"a game or topic named {t.name!r} is registered already")
    kind = _taken({k.name for k in (*t.figures, *t.examples)}, t.name)
    if kind is not None:
        raise InputError(f"topic {t.name!r}: figure or example kind {kind!r} is taken")
    _TOPICS[t.name] = t
    return t


def unregister(name: str) -> None:
    """Remove a game or topic (for tests that register one of their own)."""
    _GAMES.pop(name, None)
    _TOPICS.pop(name, None)


def games() -> tuple[DayGame, ...]:
    """Every registered game, in page order."""
    return tuple(_GAMES.values())


def topics() -> tuple[DayGame | Topic, ...]:
    """Everything a rule page's figures may come from: every game, then the other topics."""
    return (*_GAMES.values(), *_TOPICS.values())


def game(name: str) -> DayGame:
    try:
        return _GAMES[name]
    except KeyError:
        raise InputError(f"no game named {name!r} (known: {', '.join(_GAMES)})") from None


def game_for_piece(piece: Piece) -> DayGame:
    for g in _GAMES.values():
        if piece.kind in g.kinds():
            return g
    raise InputError(f"no game makes pieces of kind {piece.kind!r}")


def game_for_file(data: Json | None) -> DayGame:
    """The game whose standalone file ``data`` is (parsed JSON, None for text): the one whose
    ``file_format`` it names, else the first registered game that reads files."""
    fmt = data.get("format") if isinstance(data, dict) else None
    readers = [g for g in _GAMES.values() if g.file_format is not None]
    if not readers:
        raise InputError("no registered game reads a file of its own")
    found = next((g for g in readers if g.file_format == fmt), None)
    if found is not None:
        return found
    if isinstance(fmt, str):  # a format, and none of ours: say which formats there are
        known = ", ".join(repr(g.file_format) for g in readers)
        day = " (a day's puzzle.json is drawn whole by 'harupan sheet --date D')" if fmt.startswith("harupan/day@") else ""
        raise InputError(f"format is {fmt!r}; a game's file is one of {known}{day}")
    return readers[0]


def options() -> dict[str, tuple[str, Option]]:
    """Every registered game's settings by key: key -> (game name, option)."""
    return {o.key: (g.name, o) for g in _GAMES.values() for o in g.options}


def figure_kinds() -> dict[str, FigureMaker]:
    """Every figure kind a rule page may declare, by name, from every game and topic."""
    return {k.name: k for t in topics() for k in t.figures}


def example_kinds() -> dict[str, FigureMaker]:
    """Every worked-example kind a rule page may declare, by name."""
    return {k.name: k for t in topics() for k in t.examples}

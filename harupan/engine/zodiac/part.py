"""The zodiac game's part of a day, as a value with its JSON form: the protocol's start (with
its seed) and, when the day was made with one, the par bot's whole game (docs/zodiac-protocol.md)."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..schema import Field, Obj, check
from ..status import GameState
from .rules import FORMAT, check_cells, replay

PAR = Obj({"bot": Field("str", choices=("full", "quick")), "moves": Field("str", hi=100_000),
           "state": Field("str", choices=tuple(s.value for s in GameState)), "top": Field("int", 0, 12),
           "score": Field("int", 0, 10**12)}, required=("bot", "moves", "state", "top", "score"))
PART = Obj({"format": Field("str", choices=(FORMAT,)), "seed": Field("str", hi=200)},
           required=("format", "seed", "start"))
PAR_BOTS = ("full", "quick")  # the bot's strengths: "full" plays the adaptive expectimax, "quick" one move ahead


@dataclass(frozen=True)
class Par:
    """The par bot's whole game: its moves and where they end."""

    bot: str  # "full" or "quick"
    moves: str
    state: GameState
    top: int
    score: int

    def to_json(self) -> dict[str, Any]:  # Any: a JSON object, written as the format says
        return {"bot": self.bot, "moves": self.moves, "state": self.state.value, "top": self.top,
                "score": self.score}

    @classmethod
    def from_json(cls, p: Any) -> Par:  # Any: a JSON object, checked by the caller (PAR)
        """The par from its JSON form; ``KeyError``, ``TypeError`` or ``ValueError`` when it is not one."""
        return cls(str(p["bot"]), str(p["moves"]), GameState(p["state"]), int(p["top"]), int(p["score"]))


@dataclass(frozen=True)
class ZodiacPart:
    format: str
    seed: str
    start: tuple[int, ...]
    par: Par | None = None


@dataclass(frozen=True)
class ZodiacStart:
    """A start board on its own (``harupan render`` of a zodiac file), with its day if it names one."""

    date: _dt.date | None
    start: tuple[int, ...]


def par_fault(date: _dt.date, par: Par) -> str | None:
    """Why ``par`` does not replay from the day's start to the result it claims, or None when it
    does (checked before publishing, and on a par kept by ``prepare``)."""
    try:
        r = replay(par.moves, date=date)
    except InputError as e:
        return f"the par's moves do not replay ({e})"
    if (r.state, r.top, r.score) != (par.state, par.top, par.score):
        return "the par does not replay to the result it claims"
    return None


def part_to_json(part: ZodiacPart) -> dict[str, Any]:  # Any: a JSON object, written as the format says
    out: dict[str, Any] = {"format": part.format, "seed": part.seed, "start": list(part.start)}
    if part.par is not None:
        out["par"] = part.par.to_json()
    return out


def part_from_json(data: object, date: _dt.date) -> ZodiacPart:
    """The part from its JSON form; ``InputError`` naming the day when it is not one."""
    where = f"{date} zodiac"
    try:
        check(data, PART, "zodiac")
        if not isinstance(data, dict):  # check refused it already; this tells the type checker
            raise InputError("expected an object")
        if data.get("par") is not None:
            check(data["par"], PAR, "zodiac.par")
        check_cells(data["start"], source="zodiac.start")
    except InputError as e:
        raise InputError(f"{where}: not a zodiac part ({e})") from None
    try:
        par = Par.from_json(data["par"]) if data.get("par") is not None else None
        return ZodiacPart(str(data["format"]), str(data["seed"]), tuple(int(v) for v in data["start"]), par)
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        raise InputError(f"{where}: not a zodiac part ({e!r})") from None

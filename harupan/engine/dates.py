"""The one parser of calendar dates (YYYY-MM-DD): text becomes a ``datetime.date`` once, at the edge."""

from __future__ import annotations

import datetime as _dt

from .errors import InputError

#: The days of the week as a Korean reader names them, Monday first (``date.weekday()`` indexes it).
WEEKDAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")


def parse_date(text: object, *, what: str = "date") -> _dt.date:
    """A real calendar date in ISO form YYYY-MM-DD, or :class:`InputError` quoting the text."""
    try:
        if not isinstance(text, str) or len(text) != 10:
            raise ValueError
        day = _dt.date.fromisoformat(text)
        if day.isoformat() != text:  # another ISO form of the same length (a week date: 2026-W48-1)
            raise ValueError
        return day
    except ValueError:
        raise InputError(f"bad {what} {text!r}: expected a real calendar date as YYYY-MM-DD") from None

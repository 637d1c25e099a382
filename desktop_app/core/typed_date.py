"""A date as a person types it: the whole date, with or without separators, in the order of
their language (``11/20/26`` or ``112026`` in English, ``20/11/2026`` or ``20112026`` in
Portuguese).

Nothing is completed: a date typed in part ("11", "20/11") is read as a part, never finished
with an earlier day or year, and the caller says so. Two-digit years are of this century: a
shop's dates (a slip, a day's close, a range of sales) are never a hundred years back.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import date

_PARTS = re.compile(r"\d+")
_SEPARATORS = re.compile(r"[\s/.\-]+")


class Unread(enum.Enum):
    """Why what was typed is not a date."""

    PART = "part"  # fewer parts than a date has: day and month, say, with no year
    NO_SUCH_DAY = "no such day"  # every part, but no calendar has it (31/02, month 13)
    NOT_A_DATE = "not a date"  # digits that cannot be split into a date's parts


@dataclass(frozen=True)
class TypedDate:
    """What was typed, read: a date, or why not."""

    day: date | None
    unread: Unread | None = None


def part_order(display_format: str) -> str:
    """The order of a format's parts, as three letters of ``d``, ``M``, ``y`` ("MdY" is
    written ``Mdy``): ``M/d/yy`` → ``Mdy``, ``dd/MM/yyyy`` → ``dMy``, ``yyyy-MM-dd`` → ``yMd``."""
    order = ""
    for letter in display_format:
        if letter in "dMy" and letter not in order:
            order += letter
    if sorted(order) != sorted("dMy"):
        raise ValueError(f"not a day, month and year: {display_format!r}")
    return order


def _split_digits(digits: str, order: str) -> list[str] | None:
    """A run of digits cut into the format's parts: two digits a day or month, two or four
    the year (six or eight in all); any other length cannot be cut without a guess."""
    year_digits = {6: 2, 8: 4}.get(len(digits))
    if year_digits is None:
        return None
    parts, start = [], 0
    for letter in order:
        width = year_digits if letter == "y" else 2
        parts.append(digits[start : start + width])
        start += width
    return parts


def read_typed_date(typed: str, order: str) -> TypedDate:
    """``typed`` read as a whole date in ``order`` (see :func:`part_order`)."""
    text = typed.strip()
    if not text:
        return TypedDate(None, Unread.PART)
    if _SEPARATORS.sub("", text) != "".join(_PARTS.findall(text)):
        return TypedDate(None, Unread.NOT_A_DATE)  # a letter, or a mark that separates nothing
    parts = _PARTS.findall(text)
    if len(parts) == 1 and len(parts[0]) > 2:
        split = _split_digits(parts[0], order)
        if split is None:
            return TypedDate(None, Unread.PART if len(parts[0]) < 6 else Unread.NOT_A_DATE)
        parts = split
    if len(parts) < 3:
        return TypedDate(None, Unread.PART)
    if len(parts) > 3:
        return TypedDate(None, Unread.NOT_A_DATE)
    by_letter = dict(zip(order, parts, strict=True))
    year_text = by_letter["y"]
    if len(by_letter["d"]) > 2 or len(by_letter["M"]) > 2 or len(year_text) not in (2, 4):
        return TypedDate(None, Unread.NOT_A_DATE)
    year = int(year_text) + (2000 if len(year_text) == 2 else 0)
    try:
        return TypedDate(date(year, int(by_letter["M"]), int(by_letter["d"])))
    except ValueError:
        return TypedDate(None, Unread.NO_SUCH_DAY)

"""Cells written so that a spreadsheet opening the file runs nothing in them.

A spreadsheet reads a cell that begins with ``=``, ``+``, ``-`` or ``@`` as a formula, and one
that begins with a tab or a carriage return may become one once trimmed: a customer's name from
the service written as ``=HYPERLINK("…")`` would be a live link in the manager's spreadsheet.
As OWASP's advice on CSV injection says, such a cell is written with a ``'`` in front, which
makes it text. An amount or a count the desk wrote is left as it is: a negative amount
(``-R$ 10,00``, ``-10.50``) stays a number a spreadsheet sums, and holds nothing but its sign,
its currency, its digits and their separators.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_DIGITS = re.compile(r"[0-9](?:[0-9.,\s]*[0-9])?")
"""Digits with their grouping and decimal separators (spaces, no-break spaces included)."""


_LETTERED_SYMBOL = re.compile(r"[A-Z]{1,3}(\S?)(?=\s)|(?<=\s)[A-Z]{1,3}(\S?)$")
"""A symbol of letters, with a sign or without (``US$``, ``CHF``), set apart by a space as
pt_BR writes it (``-US$ 1.622,74``). Glued to digits it stays text: ``CHF1`` names a cell."""


def _only_a_number(text: str) -> bool:
    """Whether ``text`` is an amount or a count and nothing else: digits and their separators,
    with a currency's symbol before or after (``R$``, ``$``, ``€``, ``US$``, ``CHF``) and spaces
    around."""
    text = text.strip()
    for sign in ("R$",):
        text = text.removeprefix(sign).removesuffix(sign)
    if text[:1] and unicodedata.category(text[0]) == "Sc":
        text = text[1:]
    if text[-1:] and unicodedata.category(text[-1]) == "Sc":
        text = text[:-1]
    for found in _LETTERED_SYMBOL.finditer(text):
        sign = found.group(1) or found.group(2)
        if not sign or unicodedata.category(sign) == "Sc":  # US$, JP¥; never SUM(
            text = text[: found.start()] + text[found.end() :]
            break
    return _DIGITS.fullmatch(text.strip()) is not None


def safe_cell(cell: str) -> str:
    """``cell`` as a spreadsheet should read it: as text when it would start a formula."""
    if not cell.startswith(FORMULA_STARTS):
        return cell
    if cell[0] in "+-" and _only_a_number(cell[1:]):
        return cell  # a signed amount: a number, which is what it is
    return "'" + cell


def safe_rows(rows: Iterable[Sequence[str]]) -> Iterable[list[str]]:
    """Each row of ``rows`` with every cell made safe (:func:`safe_cell`)."""
    return ([safe_cell(str(cell)) for cell in row] for row in rows)

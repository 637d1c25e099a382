"""The terminal's side of a day close: its transaction export (CSV), read through a mapping
of its columns that a person chose once per terminal model.

Only the mapped columns of an export are read. Its card column may show the last four digits
and nothing more: one line showing more refuses the whole file, and nothing of it is kept. A
terminal export also holds PIX, meal vouchers and cancellations: the mapping says which types
and statuses are card sales, and the rest is kept apart as other lines.
"""

from __future__ import annotations

import csv
import enum
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from desktop_app.api.card_numbers import contains_card_number
from desktop_app.core.cards import last_four
from desktop_app.core.day_close.kinds import Kind, Split, brand_key
from desktop_app.core.money import amount_in_text


def decoded(raw: bytes) -> str:
    """An export's text: UTF-8 (with or without its mark), else Latin-1 (older terminals)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


class Column(enum.StrEnum):
    """What a column of a terminal's export holds, as the mapping names it."""

    DATE = "date"
    NSU = "nsu"
    AUTH = "auth"
    BRAND = "brand"
    TYPE = "type"
    INSTALLMENTS = "installments"
    AMOUNT = "amount"
    STATUS = "status"
    LAST_FOUR = "last_four"


REQUIRED = (Column.DATE, Column.NSU, Column.AUTH, Column.BRAND, Column.TYPE, Column.AMOUNT)
"""Columns every mapping names; installments, status and last four are read when present."""


@dataclass(frozen=True)
class CsvMapping:
    """How one terminal model's export reads: which column holds what (by its header), the
    number and date formats, and which values of the type and status columns are card sales.

    Chosen once by a person in the mapping dialog and kept per terminal model."""

    columns: Mapping[Column, str]
    decimal_comma: bool = True
    """Amounts as ``1.234,56`` (Brazilian exports), else ``1,234.56``."""
    date_format: str = "%d/%m/%Y"
    """How the date column writes a day (``strptime``); a time after it is ignored."""
    credit_types: frozenset[str] = frozenset({"crédito", "credito", "credit"})
    debit_types: frozenset[str] = frozenset({"débito", "debito", "debit"})
    sale_statuses: frozenset[str] = frozenset()
    """Values of the status column that are approved sales (empty: every line is)."""

    @property
    def number_marks(self) -> tuple[str, str]:
        """The export's decimal point and group mark, as :func:`amount_in_text` takes them."""
        return (",", ".") if self.decimal_comma else (".", ",")

    def missing(self) -> list[Column]:
        """Required columns the mapping does not name."""
        return [column for column in REQUIRED if not self.columns.get(column)]


@dataclass(frozen=True, slots=True)
class TerminalSlip:
    """A card sale as the terminal reports it, with the line of the file it came from."""

    line: int
    day: date
    nsu: str
    auth: str
    brand: str
    payment_type: str
    installments: int
    amount: Decimal
    last_four: str

    @property
    def kind(self) -> Kind:
        split = Split.INSTALLMENTS if self.installments > 1 else Split.SINGLE
        return Kind(brand_key(self.brand), self.payment_type, split)


@dataclass(frozen=True, slots=True)
class OtherLine:
    """A line that is not a card sale of the day (PIX, a voucher, a cancellation, another day):
    shown apart, never as missing."""

    line: int
    what: str
    amount: Decimal | None


@dataclass(frozen=True)
class TerminalReport:
    """The card sales of one day in a terminal's export, and its other lines."""

    slips: tuple[TerminalSlip, ...]
    others: tuple[OtherLine, ...]


class TerminalFileError(ValueError):
    """The export cannot be read with this mapping; ``line`` says where (0: the file)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


class CardNumberInFileError(TerminalFileError):
    """The card column shows more than the last four digits: the file is refused whole."""


def read_terminal_csv(text: str, mapping: CsvMapping, day: date) -> TerminalReport:
    """The card sales of ``day`` in a terminal's export, read through ``mapping``.

    Only the mapped columns are read. Raises :class:`CardNumberInFileError` (naming the line) when
    the card column shows more than four digits anywhere, and :class:`TerminalFileError` when
    the file does not fit the mapping; nothing of a refused file is returned."""
    missing = mapping.missing()
    if missing:
        raise TerminalFileError(f"the mapping names no column for: {', '.join(missing)}")
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")), dialect=_dialect(text))
    header = next(rows, None)
    if header is None:
        raise TerminalFileError("the file is empty")
    where = {name.strip().casefold(): index for index, name in enumerate(header)}
    positions: dict[Column, int] = {}
    for column, name in mapping.columns.items():
        if not name:
            continue
        index = where.get(name.strip().casefold())
        if index is None:
            raise TerminalFileError(f"the file has no column named {name!r}")
        positions[column] = index
    slips: list[TerminalSlip] = []
    others: list[OtherLine] = []
    days: dict[str, date | None] = {}  # an export's lines share a few date texts
    for number, row in enumerate(rows, start=2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {column: _cell(row, index) for column, index in positions.items()}
        date_text = cells.get(Column.DATE, "")
        if date_text not in days:
            days[date_text] = parse_day(date_text, mapping.date_format)
        slip_day = days[date_text]
        if _shows_a_card_number(cells, dated=slip_day is not None):
            raise CardNumberInFileError(
                f"line {number} shows more of a card number than its last four digits", number
            )
        line = _read_line(number, cells, mapping, day, slip_day)
        if isinstance(line, TerminalSlip):
            slips.append(line)
        else:
            others.append(line)
    return TerminalReport(tuple(slips), tuple(others))


def _shows_a_card_number(cells: Mapping[Column, str], *, dated: bool) -> bool:
    """Whether a line's cells show more of a card than its last four digits: the card column
    more than four digits, or any cell read a full card number, each cell on its own (cells
    side by side are not one number). A date that reads as a date (``dated``) is only a date:
    its day is all that is kept, and a day and time have as many digits as a card."""
    if sum(character.isdigit() for character in cells.get(Column.LAST_FOUR, "")) > 4:
        return True
    return any(
        contains_card_number(cell)
        for column, cell in cells.items()
        if not (column == Column.DATE and dated)
    )


class _Export(csv.excel):
    """A terminal export: excel's quoting, with the delimiter its header line uses."""


def _dialect(text: str) -> type[csv.Dialect]:
    header = text.lstrip("\ufeff").split("\n", 1)[0]
    delimiter = max(";,\t|", key=header.count)  # the one its header line uses most
    return type("_ThisExport", (_Export,), {"delimiter": delimiter})


def _cell(row: list[str], index: int) -> str:
    return row[index].strip() if index < len(row) else ""


def _read_line(
    number: int, cells: Mapping[Column, str], mapping: CsvMapping, day: date, slip_day: date | None
) -> TerminalSlip | OtherLine:
    """A line of the export; ``slip_day``: its date column's day, read once by the caller."""
    kind = cells[Column.TYPE].casefold()
    status = cells.get(Column.STATUS, "").casefold()
    amount = amount_in_text(cells[Column.AMOUNT], *mapping.number_marks)
    what = " · ".join(part for part in (cells[Column.TYPE], cells.get(Column.STATUS, "")) if part)
    if kind in mapping.credit_types:
        payment_type = "credit"
    elif kind in mapping.debit_types:
        payment_type = "debit"
    else:
        return OtherLine(number, what, amount)
    if mapping.sale_statuses and status not in mapping.sale_statuses:
        return OtherLine(number, what, amount)
    if amount is None:
        raise TerminalFileError(f"line {number}: the amount cannot be read", number)
    if slip_day is None:
        raise TerminalFileError(f"line {number}: the date cannot be read", number)
    if slip_day != day:
        return OtherLine(number, slip_day.isoformat(), amount)
    installments = cells.get(Column.INSTALLMENTS, "")
    return TerminalSlip(
        line=number,
        day=slip_day,
        nsu=cells[Column.NSU],
        auth=cells[Column.AUTH],
        brand=cells[Column.BRAND],
        payment_type=payment_type,
        installments=int(installments) if installments.isdigit() and int(installments) else 1,
        amount=amount,
        last_four=last_four(cells.get(Column.LAST_FOUR, "")),
    )


def parse_day(text: str, date_format: str) -> date | None:
    """The day of a date column's cell (a time after the day is ignored), or None."""
    words = text.split()
    for candidate in (text, words[0] if words else ""):
        try:
            return datetime.strptime(candidate, date_format).date()  # a day: no zone
        except ValueError:
            continue
    return None


# -- mappings, kept per terminal model -------------------------------------------------------

_HINTS: dict[Column, tuple[str, ...]] = {
    # Words seen in the headers of Brazilian acquirers' exports (and English ones), in order
    # of preference: the first header holding one is taken.
    Column.NSU: ("nsu", "doc"),
    Column.AUTH: ("autoriza", "auth", "aut."),
    Column.BRAND: ("bandeira", "brand", "flag"),
    Column.TYPE: ("forma de pagamento", "modalidade", "produto", "tipo", "type", "payment"),
    Column.INSTALLMENTS: ("parcela", "installment"),
    Column.AMOUNT: ("valor bruto", "valor da venda", "valor", "amount", "gross"),
    Column.STATUS: ("status", "situa"),
    Column.LAST_FOUR: ("cart", "card", "final"),
    Column.DATE: ("data", "date"),
}


def guess_columns(headers: Sequence[str]) -> dict[Column, str]:
    """A first mapping of an export's headers, for a person to check: each column to the
    first header that names what it holds; a header is used once."""
    free = list(headers)
    guessed: dict[Column, str] = {}
    for column, hints in _HINTS.items():
        for hint in hints:
            header = next((h for h in free if hint in h.casefold()), None)
            if header is not None:
                guessed[column] = header
                free.remove(header)
                break
    return guessed


def headers_of(text: str) -> list[str]:
    """The header line of an export, as its columns."""
    first = next(csv.reader(io.StringIO(text.lstrip("\ufeff")), dialect=_dialect(text)), [])
    return [name.strip() for name in first]


def mapping_to_json(mapping: CsvMapping) -> dict[str, object]:
    """A mapping as settings keep it."""
    return {
        "columns": {column.value: name for column, name in mapping.columns.items() if name},
        "decimal_comma": mapping.decimal_comma,
        "date_format": mapping.date_format,
        "credit_types": sorted(mapping.credit_types),
        "debit_types": sorted(mapping.debit_types),
        "sale_statuses": sorted(mapping.sale_statuses),
    }


def mapping_from_json(data: Mapping[str, object]) -> CsvMapping | None:
    """A mapping settings kept, or None when it cannot be read (it is asked for again)."""

    def names_under(name: str) -> frozenset[str]:
        values = data[name]
        if not isinstance(values, list):
            raise TypeError(name)
        return frozenset(str(v).casefold() for v in values)

    try:
        columns = data["columns"]
        if not isinstance(columns, dict):
            raise TypeError("columns")

        return CsvMapping(
            columns={Column(key): str(value) for key, value in columns.items()},
            decimal_comma=bool(data["decimal_comma"]),
            date_format=str(data["date_format"]),
            credit_types=names_under("credit_types"),
            debit_types=names_under("debit_types"),
            sale_statuses=names_under("sale_statuses"),
        )
    except (KeyError, ValueError, TypeError):
        return None

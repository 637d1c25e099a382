"""Closing the day: this desk's card payments of one day against the card terminal's report.

Every store closes each terminal at the end of the day: the terminal prints (or exports) its
transactions and totals, and someone checks them against what was recorded. Here, what was
recorded is this desk's payment journal (the slips typed at this machine, masked card only);
the terminal's side is either its totals typed from the printout or its transaction export
(CSV) read through a mapping of its columns. Assumption, said on screen: one terminal per desk.

Slips are matched on NSU and authorization code, then on amount and last four digits. A
terminal export also holds PIX, meal vouchers and cancellations: the mapping says which types
and statuses are card sales, and the rest is kept apart, never reported as missing.

Only the mapped columns of an export are read. Its card column may show the last four digits
and nothing more: one line showing more refuses the whole file, and nothing of it is kept.
"""

from __future__ import annotations

import csv
import enum
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from desktop_app.api.models import NewPayment
from desktop_app.core.cards import contains_card_number, last_four
from desktop_app.core.journal import EntryState, JournalEntry, PaymentJournal
from desktop_app.core.money import amount_in_text


class Split(enum.StrEnum):
    """One payment, or in installments: terminals total them apart."""

    SINGLE = "single"
    INSTALLMENTS = "installments"


@dataclass(frozen=True, slots=True, order=True)
class Kind:
    """What a terminal totals by: the card's brand and type, paid at once or in installments."""

    brand: str
    payment_type: str
    split: Split


def brand_key(brand: str) -> str:
    """A brand as the day close compares it ("VISA", " visa " and "Visa" are one)."""
    return " ".join(brand.split()).title()


def kind_of(payment: NewPayment) -> Kind:
    """The kind a recorded payment is totalled under."""
    split = Split.INSTALLMENTS if payment.installments > 1 else Split.SINGLE
    return Kind(brand_key(payment.flag_name), payment.payment_type.strip().casefold(), split)


@dataclass(frozen=True, slots=True)
class Total:
    """The card sales of one kind: how many, and their sum."""

    kind: Kind
    count: int
    amount: Decimal


def totals_of(kinds_and_amounts: Iterable[tuple[Kind, Decimal]]) -> tuple[Total, ...]:
    """Counts and sums per kind, in the kinds' order."""
    counts: dict[Kind, int] = {}
    sums: dict[Kind, Decimal] = {}
    for kind, amount in kinds_and_amounts:
        counts[kind] = counts.get(kind, 0) + 1
        sums[kind] = sums.get(kind, Decimal(0)) + amount
    return tuple(Total(kind, counts[kind], sums[kind]) for kind in sorted(counts))


APART = (EntryState.NEEDS_REVIEW, EntryState.PENDING, EntryState.SET_ASIDE, EntryState.REJECTED)
"""States shown apart from the day's sales, each with a way to act on it."""


@dataclass(frozen=True)
class DayClose:
    """A desk's card payments of one day: the confirmed ones totalled per kind, the others
    apart by state."""

    store_id: str
    day: date
    confirmed: tuple[JournalEntry, ...]
    totals: tuple[Total, ...]
    apart: Mapping[EntryState, tuple[JournalEntry, ...]]
    gone: bool
    """The day is older than what the journal keeps: its confirmed payments were removed."""

    @property
    def amount(self) -> Decimal:
        """The sum of the day's confirmed payments."""
        return sum((total.amount for total in self.totals), Decimal(0))


def close_day(journal: PaymentJournal, store_id: str, day: date) -> DayClose:
    """The day close of ``day`` at this desk, for a store."""
    entries = journal.entries_of_day(store_id, day)
    confirmed = tuple(e for e in entries if e.state is EntryState.CONFIRMED)
    pruned_before = journal.pruned_before()
    return DayClose(
        store_id=store_id,
        day=day,
        confirmed=confirmed,
        totals=totals_of((kind_of(e.payment), e.payment.amount) for e in confirmed),
        apart={state: tuple(e for e in entries if e.state is state) for state in APART},
        gone=pruned_before is not None and day < pruned_before,
    )


# -- the terminal's side ---------------------------------------------------------------------


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
    for number, row in enumerate(rows, start=2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {column: _cell(row, index) for column, index in positions.items()}
        if _shows_a_card_number(cells, mapping.date_format):
            raise CardNumberInFileError(
                f"line {number} shows more of a card number than its last four digits", number
            )
        line = _read_line(number, cells, mapping, day)
        if isinstance(line, TerminalSlip):
            slips.append(line)
        else:
            others.append(line)
    return TerminalReport(tuple(slips), tuple(others))


def _shows_a_card_number(cells: Mapping[Column, str], date_format: str) -> bool:
    """Whether a line's cells show more of a card than its last four digits: the card column
    more than four digits, or any cell read a full card number, each cell on its own (cells
    side by side are not one number). A date that reads as a date is only a date: its day is
    all that is kept, and a day and time have as many digits as a card."""
    if sum(character.isdigit() for character in cells.get(Column.LAST_FOUR, "")) > 4:
        return True
    return any(
        contains_card_number(cell)
        for column, cell in cells.items()
        if not (column == Column.DATE and parse_day(cell, date_format) is not None)
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
    number: int, cells: Mapping[Column, str], mapping: CsvMapping, day: date
) -> TerminalSlip | OtherLine:
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
    slip_day = parse_day(cells[Column.DATE], mapping.date_format)
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


# -- the two sides together ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Difference:
    """A sale on both sides whose slips do not agree: its amount, its card's last four, or
    its NSU and authorization code (found by amount and card: a typo the acquirer's
    settlement file will not match)."""

    recorded: JournalEntry
    terminal: TerminalSlip
    amount: bool = False
    card: bool = False
    codes: bool = False


@dataclass(frozen=True)
class Reconciliation:
    """The day's recorded payments against the terminal's card sales."""

    matched: tuple[tuple[JournalEntry, TerminalSlip], ...] = ()
    differences: tuple[Difference, ...] = ()
    not_recorded: tuple[TerminalSlip, ...] = ()
    """On the terminal, never recorded here: revenue the books would not see."""
    not_on_terminal: tuple[JournalEntry, ...] = ()
    """Recorded here, not on the terminal: likely a mistyped NSU, or another terminal."""
    others: tuple[OtherLine, ...] = field(default=())

    @property
    def agrees(self) -> bool:
        """Whether both sides hold the same card sales."""
        return not (self.differences or self.not_recorded or self.not_on_terminal)


def _nsu_key(nsu: str) -> str:
    return nsu.strip().lstrip("0")  # terminals pad NSUs with zeros; cashiers do not type them


def reconcile(recorded: Sequence[JournalEntry], report: TerminalReport) -> Reconciliation:
    """Match recorded payments with the terminal's slips: on NSU and authorization code
    first, then on amount and last four digits; each slip is matched once."""
    waiting = list(report.slips)
    matched: list[tuple[JournalEntry, TerminalSlip]] = []
    differences: list[Difference] = []
    unmatched: list[JournalEntry] = []
    for entry in recorded:
        payment = entry.payment
        key = (_nsu_key(payment.nsu), payment.auth.strip().casefold())
        slip = next(
            (s for s in waiting if (_nsu_key(s.nsu), s.auth.strip().casefold()) == key), None
        )
        if slip is None:
            unmatched.append(entry)
            continue
        waiting.remove(slip)
        amount_differs = slip.amount != payment.amount
        card_differs = bool(slip.last_four) and slip.last_four != last_four(payment.card)
        if amount_differs or card_differs:
            differences.append(Difference(entry, slip, amount=amount_differs, card=card_differs))
        else:
            matched.append((entry, slip))
    not_on_terminal: list[JournalEntry] = []
    for entry in unmatched:  # a mistyped NSU or authorization code: found by amount and card
        payment = entry.payment
        slip = next(
            (
                s
                for s in waiting
                if s.amount == payment.amount
                and (not s.last_four or s.last_four == last_four(payment.card))
            ),
            None,
        )
        if slip is None:
            not_on_terminal.append(entry)
        else:
            waiting.remove(slip)
            differences.append(Difference(entry, slip, codes=True))
    return Reconciliation(
        matched=tuple(matched),
        differences=tuple(differences),
        not_recorded=tuple(waiting),
        not_on_terminal=tuple(not_on_terminal),
        others=report.others,
    )


@dataclass(frozen=True, slots=True)
class TotalCheck:
    """One kind's totals, recorded and on the terminal (typed from its printout)."""

    kind: Kind
    recorded: Total
    terminal: Total

    @property
    def agrees(self) -> bool:
        return (self.recorded.count, self.recorded.amount) == (
            self.terminal.count,
            self.terminal.amount,
        )


def check_totals(recorded: Sequence[Total], typed: Sequence[Total]) -> tuple[TotalCheck, ...]:
    """Each kind on either side, recorded against typed (a kind absent on one side is zero)."""
    mine = {total.kind: total for total in recorded}
    theirs = {total.kind: total for total in typed}
    return tuple(
        TotalCheck(
            kind,
            mine.get(kind, Total(kind, 0, Decimal(0))),
            theirs.get(kind, Total(kind, 0, Decimal(0))),
        )
        for kind in sorted(mine.keys() | theirs.keys())
    )


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

    def words(name: str) -> frozenset[str]:
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
            credit_types=words("credit_types"),
            debit_types=words("debit_types"),
            sale_statuses=words("sale_statuses"),
        )
    except (KeyError, ValueError, TypeError):
        return None

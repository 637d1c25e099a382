"""The day close's two lists as table models: the totals per kind, where a person types the
terminal's printout beside what was recorded and each kind is checked; and the slips to look
at. The rules are ``core.day_close``'s; here they are only put in words and cells."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QGuiApplication

from desktop_app.core.cards import display_card
from desktop_app.core.day_close.closing import Look, SlipToLook, check_totals
from desktop_app.core.day_close.kinds import Kind, Split, Total, typed_kind
from desktop_app.core.money import amount_in_text, money
from desktop_app.gui.style import is_dark, tone_colours
from desktop_app.gui.values import payment_type_label, state_label

_Index = QModelIndex | QPersistentModelIndex
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
BRAND, TYPE, SPLIT, COUNT_HERE, AMOUNT_HERE, TERMINAL_COUNT, TERMINAL_AMOUNT, AGREES = range(8)
"""Columns of the totals: the kind, what was recorded, what the person types from the
terminal's printout, and the check."""


def split_label(split: Split) -> str:
    """One payment or in installments, in words."""
    if split is Split.INSTALLMENTS:
        return QCoreApplication.translate("DayCloseWindow", "in installments")
    return QCoreApplication.translate("DayCloseWindow", "one payment")


@dataclass(slots=True)
class _TotalsLine:
    """A line of the totals: recorded (its kind fixed) or only the terminal's (its kind typed)."""

    recorded: Total | None
    kind_texts: list[str] = field(default_factory=lambda: ["", "", ""])
    """The kind as shown: made once for a recorded line, as typed for the terminal's."""
    recorded_texts: tuple[str, str] = ("", "")
    """The count and amount recorded here, as shown (made once: each paint asks again)."""
    terminal_count: str = ""
    terminal_amount: str = ""
    agrees: bool | None = None  # None: nothing typed to check

    def kind(self) -> Kind | None:
        if self.recorded is not None:
            return self.recorded.kind
        return typed_kind(*self.kind_texts)


class TotalsModel(QAbstractTableModel):
    """A line per kind recorded, then the kinds only the terminal has as typed, and a blank
    line to type one more (another follows each one used)."""

    HEADERS = (
        QT_TRANSLATE_NOOP("DayCloseWindow", "Brand"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Type"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Paid"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Count here"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Amount here"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Count on the terminal"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Amount on the terminal"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Check"),
    )

    def __init__(self, locale: str, number_marks: tuple[str, str]) -> None:
        super().__init__()
        self._locale = locale
        self._marks = number_marks  # how the terminal's amounts are typed
        self._lines: list[_TotalsLine] = []
        self._recorded: tuple[Total, ...] = ()

    def set_recorded(self, totals: tuple[Total, ...]) -> None:
        """The day's recorded totals; what was typed is forgotten (another day or store)."""
        self.beginResetModel()
        self._recorded = totals
        self._lines = [self._recorded_line(total) for total in totals]
        self._lines.append(self._recorded_line(None))
        self.endResetModel()

    def retranslate(self) -> None:
        """The recorded lines' words in the language now shown; what was typed stays."""
        for line in self._lines:
            if line.recorded is not None:
                fresh = self._recorded_line(line.recorded)
                line.kind_texts, line.recorded_texts = fresh.kind_texts, fresh.recorded_texts
        if self._lines:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._lines) - 1, len(self.HEADERS) - 1)
            )
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.HEADERS) - 1)

    def _recorded_line(self, total: Total | None) -> _TotalsLine:
        """A recorded kind's line (``None``: the blank line for a kind only the terminal has)."""
        if total is None:
            return _TotalsLine(None, recorded_texts=("0", money(Decimal(0), self._locale)))
        kind = total.kind
        return _TotalsLine(
            total,
            [kind.brand, payment_type_label(kind.payment_type), split_label(kind.split)],
            (str(total.count), money(total.amount, self._locale)),
        )

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._lines)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("DayCloseWindow", str(self.HEADERS[section]))
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        shown = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        line = self._lines[index.row()]
        typed = index.column() in (TERMINAL_COUNT, TERMINAL_AMOUNT) or (
            line.recorded is None and index.column() <= SPLIT
        )
        return shown | Qt.ItemFlag.ItemIsEditable if typed else shown

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        line, column = self._lines[index.row()], index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(line, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and COUNT_HERE <= column < AGREES:
            return _RIGHT
        if role == Qt.ItemDataRole.ForegroundRole and column == AGREES and line.agrees is not None:
            # The word says it; the colour makes it found at a glance.
            tone = "paid" if line.agrees else "owed"
            return tone_colours(tone, is_dark(QGuiApplication.palette()))[0]
        return None

    def _text(self, line: _TotalsLine, column: int) -> str:
        if column <= SPLIT:
            return line.kind_texts[column]
        if column in (COUNT_HERE, AMOUNT_HERE):
            return line.recorded_texts[column - COUNT_HERE]
        if column == TERMINAL_COUNT:
            return line.terminal_count
        if column == TERMINAL_AMOUNT:
            return line.terminal_amount
        if line.agrees is None:
            return ""
        if line.agrees:
            return QCoreApplication.translate("DayCloseWindow", "Same")
        return QCoreApplication.translate("DayCloseWindow", "Differs")

    def setData(  # noqa: N802
        self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        line, column, text = self._lines[index.row()], index.column(), str(value).strip()
        if column == TERMINAL_COUNT:
            line.terminal_count = text
        elif column == TERMINAL_AMOUNT:
            line.terminal_amount = text
        else:
            line.kind_texts[column] = text
        self.dataChanged.emit(index, index)
        self._check()
        last = len(self._lines) - 1
        if self._lines[last].kind_texts[BRAND]:  # the blank line was used: another below it
            self.beginInsertRows(QModelIndex(), last + 1, last + 1)
            self._lines.append(self._recorded_line(None))
            self.endInsertRows()
        return True

    def _check(self) -> None:
        """Each line with a kind and something typed, checked against what was recorded."""
        typed: dict[int, Total] = {}
        for row, line in enumerate(self._lines):
            kind = line.kind()
            amount = amount_in_text(line.terminal_amount, *self._marks)
            if kind is None or (not line.terminal_count and amount is None):
                continue
            count = int(line.terminal_count) if line.terminal_count.isdigit() else -1
            typed[row] = Total(kind, count, amount if amount is not None else Decimal(-1))
        checks = {c.kind: c for c in check_totals(self._recorded, list(typed.values()))}
        for row, line in enumerate(self._lines):
            line.agrees = checks[typed[row].kind].agrees if row in typed else None
        if self._lines:
            self.dataChanged.emit(self.index(0, AGREES), self.index(len(self._lines) - 1, AGREES))

    def lines(self) -> list[list[str]]:
        """The lines as shown, the blank ones left for a kind only the terminal has left out."""
        return [
            [self._text(line, column) for column in range(len(self.HEADERS))]
            for line in self._lines
            if line.recorded is not None or line.kind_texts[BRAND]
        ]


class SlipsModel(QAbstractTableModel):
    """The slips to look at: why, the order, the codes, the amount on each side, the card and
    the line of the terminal's file."""

    HEADERS = (
        QT_TRANSLATE_NOOP("DayCloseWindow", "What"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Order"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "NSU"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Authorization"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Amount here"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Amount on the terminal"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Card"),
        QT_TRANSLATE_NOOP("DayCloseWindow", "Line of the file"),
    )

    def __init__(self, locale: str) -> None:
        super().__init__()
        self._locale = locale
        self.rows: list[SlipToLook] = []
        self._shown: list[tuple[str, ...]] = []

    def set_rows(self, rows: list[SlipToLook]) -> None:
        # Each line's words made once: fitting the columns asks every cell (a busy day lists
        # thousands of slips), and a line's eight texts come from one look at it.
        self.beginResetModel()
        self.rows = rows
        self._shown = [self.texts(row) for row in rows]
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("DayCloseWindow", str(self.HEADERS[section]))
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self._shown[index.row()][index.column()]

    def texts(self, row: SlipToLook) -> tuple[str, ...]:
        """A slip's line as shown."""
        payment = row.entry.payment if row.entry else None
        slip = row.slip
        return (
            what_to_look_at(row),
            str(payment.order_id) if payment else "",
            payment.nsu if payment else (slip.nsu if slip else ""),
            payment.auth if payment else (slip.auth if slip else ""),
            money(payment.amount, self._locale) if payment else "",
            money(slip.amount, self._locale) if slip else "",
            display_card(payment.card)
            if payment
            else (display_card(slip.last_four) if slip else ""),
            str(slip.line) if slip else "",
        )

    def lines(self) -> list[list[str]]:
        """Every slip's line as shown."""
        return [list(texts) for texts in self._shown]


def what_to_look_at(row: SlipToLook) -> str:
    """Why a slip is listed, in words."""
    if row.why is Look.APART and row.state is not None:
        return state_label(row.state)
    if row.why is Look.NOT_RECORDED:
        return QCoreApplication.translate("DayCloseWindow", "On the terminal, never recorded")
    if row.why is Look.NOT_ON_TERMINAL:
        return QCoreApplication.translate("DayCloseWindow", "Recorded, not on the terminal")
    if row.why is Look.DIFFERS and row.difference is not None:
        what = []
        if row.difference.amount:
            what.append(QCoreApplication.translate("DayCloseWindow", "amount differs"))
        if row.difference.card:
            what.append(QCoreApplication.translate("DayCloseWindow", "card differs"))
        if row.difference.codes:
            what.append(
                QCoreApplication.translate("DayCloseWindow", "NSU or authorization differs")
            )
        return ", ".join(what).capitalize()
    return QCoreApplication.translate(
        "DayCloseWindow", "Not a card sale of the day: {what}"
    ).format(what=row.other.what if row.other else "")

"""The day close's two lists as table models: the totals per kind, where a person types the
terminal's printout beside what was recorded and each kind is checked; and the slips to look
at. The rules are ``core.day_close``'s; here they are only put in words and cells.

Both are item models (each cell's words made once, held by Qt): a model answering in Python
asked each cell again at every paint and column fit, and made the window's first paint a
seventh slower (``bench_day_close``)."""

from __future__ import annotations

from decimal import Decimal
from typing import cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication, QStandardItem, QStandardItemModel

from desktop_app.core.cards import display_card
from desktop_app.core.day_close.closing import Look, SlipToLook, TotalCheck, check_totals
from desktop_app.core.day_close.kinds import Kind, Split, Total, typed_kind
from desktop_app.core.money import amount_in_text, money
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.style import is_dark, tone_colours
from desktop_app.gui.look.value_labels import payment_type_label, state_label

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_SHOWN = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_TYPED = _SHOWN | Qt.ItemFlag.ItemIsEditable
BRAND, TYPE, SPLIT, COUNT_HERE, AMOUNT_HERE, TERMINAL_COUNT, TERMINAL_AMOUNT, AGREES = range(8)
"""Columns of the totals: the kind, what was recorded, what the person types from the
terminal's printout, and the check."""


def split_label(split: Split) -> str:
    """One payment or in installments, in words."""
    if split is Split.INSTALLMENTS:
        return QCoreApplication.translate("DayCloseWindow", "in installments")
    return QCoreApplication.translate("DayCloseWindow", "one payment")


def _headers(model: QStandardItemModel, titles: tuple[object, ...]) -> None:
    model.setHorizontalHeaderLabels(
        [QCoreApplication.translate("DayCloseWindow", str(title)) for title in titles]
    )


def _lines(model: QStandardItemModel, rows: range) -> list[list[str]]:
    return [
        [model.item(row, column).text() for column in range(model.columnCount())] for row in rows
    ]


class TotalsModel(QStandardItemModel):
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
        super().__init__(0, len(self.HEADERS))
        self._locale = locale
        self._marks = number_marks  # how the terminal's amounts are typed
        self._recorded: tuple[Total, ...] = ()
        self._checks: dict[int, TotalCheck] = {}  # the lines checked, by row
        self._writing = False  # cells written here, not typed
        self.itemChanged.connect(self._typed)
        _headers(self, self.HEADERS)

    def set_recorded(self, totals: tuple[Total, ...]) -> None:
        """The day's recorded totals; what was typed is forgotten (another day or store)."""
        self._writing = True
        try:
            self._recorded = totals
            self._checks = {}
            self.setRowCount(0)
            for total in totals:
                self.appendRow(self._line(total))
            self.appendRow(self._line(None))
            self._show_checks()
        finally:
            self._writing = False

    def _line(self, total: Total | None) -> list[QStandardItem]:
        """A recorded kind's cells (``None``: the blank line for a kind only the terminal has)."""
        texts = self._recorded_texts(total) if total else ["", "", "", "", ""]
        items = [QStandardItem(text) for text in [*texts, "", "", ""]]
        for column, item in enumerate(items):
            typed = column in (TERMINAL_COUNT, TERMINAL_AMOUNT) or (
                total is None and column <= SPLIT
            )
            item.setFlags(_TYPED if typed else _SHOWN)
            if COUNT_HERE <= column < AGREES:
                item.setTextAlignment(_RIGHT)
        return items

    def _recorded_texts(self, total: Total) -> list[str]:
        kind = total.kind
        return [
            kind.brand,
            payment_type_label(kind.payment_type),
            split_label(kind.split),
            str(total.count),
            money(total.amount, self._locale),
        ]

    def retranslate(self) -> None:
        """Headers, recorded lines and checks in the language (and currency) now shown; what
        was typed stays."""
        self._writing = True
        try:
            _headers(self, self.HEADERS)
            for row, total in enumerate(self._recorded):
                for column, text in enumerate(self._recorded_texts(total)):
                    self.item(row, column).setText(text)
            self._show_checks()
        finally:
            self._writing = False

    def _typed(self, _item: QStandardItem) -> None:
        if self._writing:
            return
        self._writing = True
        try:
            self._amounts_as_money()
            self._check()
            last = self.rowCount() - 1
            if self.item(last, BRAND).text().strip():  # the blank line was used: one more
                self.appendRow(self._line(None))
                self._show_checks()  # the new blank line says what it is for
        finally:
            self._writing = False

    def _amounts_as_money(self) -> None:
        """Each typed amount that reads as one, written back as money ("600" → "R$ 600,00");
        one that does not stays as typed, for the person to see and correct."""
        for row in range(self.rowCount()):
            item = self.item(row, TERMINAL_AMOUNT)
            amount = amount_in_text(item.text(), *self._marks)
            if amount is not None and item.text() != money(amount, self._locale):
                item.setText(money(amount, self._locale))

    def _kind(self, row: int) -> Kind | None:
        if row < len(self._recorded):
            return self._recorded[row].kind
        return typed_kind(*(self.item(row, column).text() for column in (BRAND, TYPE, SPLIT)))

    def _check(self) -> None:
        """Each line with a kind and something typed, checked against what was recorded."""
        typed: dict[int, Total] = {}
        for row in range(self.rowCount()):
            kind = self._kind(row)
            count_text = self.item(row, TERMINAL_COUNT).text().strip()
            amount = amount_in_text(self.item(row, TERMINAL_AMOUNT).text(), *self._marks)
            if kind is None or (not count_text and amount is None):
                continue
            count = int(count_text) if count_text.isdigit() else -1
            typed[row] = Total(kind, count, amount if amount is not None else Decimal(-1))
        checks = {c.kind: c for c in check_totals(self._recorded, list(typed.values()))}
        self._checks = {row: checks[total.kind] for row, total in typed.items()}
        self._show_checks()

    def _show_checks(self) -> None:
        dark = is_dark(QGuiApplication.palette())
        for row in range(self.rowCount()):
            item, check = self.item(row, AGREES), self._checks.get(row)
            if row >= len(self._recorded):  # a kind only the terminal has: recorded here, none
                here = "" if self._kind(row) is None else "0"
                self.item(row, COUNT_HERE).setText(here)
                self.item(row, AMOUNT_HERE).setText(here and money(Decimal(0), self._locale))
            if check is None:
                blank = row >= len(self._recorded) and not self.item(row, BRAND).text().strip()
                item.setText(
                    QCoreApplication.translate(
                        "DayCloseWindow", "Only on the terminal? Type its brand"
                    )
                    if blank
                    else ""
                )
                item.setForeground(QGuiApplication.palette().placeholderText())
                continue
            # The words say it; the colour makes it found at a glance.
            item.setText(self._check_words(check))
            item.setForeground(tone_colours("paid" if check.agrees else "owed", dark)[0])

    def _check_words(self, check: TotalCheck) -> str:
        """ "Same", or how the terminal differs: by how much and which way."""
        if check.agrees:
            return QCoreApplication.translate("DayCloseWindow", "Same")
        terminal, recorded = check.terminal, check.recorded
        if terminal.count < 0 or terminal.amount < 0:
            return QCoreApplication.translate(
                "DayCloseWindow", "Differs: what was typed is not a number"
            )
        parts = []
        if terminal.amount != recorded.amount:
            more = terminal.amount > recorded.amount
            parts.append(
                (
                    QCoreApplication.translate("DayCloseWindow", "terminal {amount} more")
                    if more
                    else QCoreApplication.translate("DayCloseWindow", "terminal {amount} less")
                ).format(amount=money(abs(terminal.amount - recorded.amount), self._locale))
            )
        if terminal.count != recorded.count:
            more = terminal.count > recorded.count
            parts.append(
                plural(
                    abs(terminal.count - recorded.count),
                    QCoreApplication.translate("DayCloseWindow", "{count} slip more")
                    if more
                    else QCoreApplication.translate("DayCloseWindow", "{count} slip fewer"),
                    QCoreApplication.translate("DayCloseWindow", "{count} slips more")
                    if more
                    else QCoreApplication.translate("DayCloseWindow", "{count} slips fewer"),
                )
            )
        return QCoreApplication.translate("DayCloseWindow", "Differs: {how}").format(
            how=", ".join(parts)
        )

    def typed(self) -> dict[str, object]:
        """What the person typed from the terminal's printout: per recorded kind its count
        and amount, and each line of a kind only the terminal has (empty: nothing typed)."""
        recorded: dict[Kind, tuple[str, str]] = {}
        others: list[tuple[str, ...]] = []
        for row in range(self.rowCount()):
            count, amount = (self.item(row, c).text() for c in (TERMINAL_COUNT, TERMINAL_AMOUNT))
            line = tuple(self.item(row, column).text() for column in (BRAND, TYPE, SPLIT))
            if row < len(self._recorded) and (count or amount):
                recorded[self._recorded[row].kind] = (count, amount)
            elif row >= len(self._recorded) and (any(line) or count or amount):
                others.append((*line, count, amount))
        return {"recorded": recorded, "others": others} if recorded or others else {}

    def bring_back(self, typed: dict[str, object]) -> None:
        """Type again what :meth:`typed` gave, on the kinds recorded now (a kind no longer
        recorded keeps its figures on a line of its own)."""
        recorded = dict(cast("dict[Kind, tuple[str, str]]", typed.get("recorded", {})))
        others = list(cast("list[tuple[str, ...]]", typed.get("others", [])))
        for row, total in enumerate(self._recorded):
            if (figures := recorded.pop(total.kind, None)) is not None:
                for column, text in zip((TERMINAL_COUNT, TERMINAL_AMOUNT), figures, strict=True):
                    self.item(row, column).setText(text)
        for kind, (count, amount) in recorded.items():  # gone from the day (another desk's?)
            others.append((kind.brand, payment_type_label(kind.payment_type),
                           split_label(kind.split), count, amount))  # fmt: skip
        for line in others:  # each typed on the blank line, which makes the next one
            row = self.rowCount() - 1
            for column, text in zip((BRAND, TYPE, SPLIT, TERMINAL_COUNT, TERMINAL_AMOUNT),
                                    line, strict=True):  # fmt: skip
                self.item(row, column).setText(text)
            if self.rowCount() - 1 == row:  # no brand typed: the blank line stays the last
                self.appendRow(self._line(None))

    def lines(self) -> list[list[str]]:
        """The lines as shown, the blank ones left for a kind only the terminal has left out."""
        return [
            line
            for row, line in enumerate(_lines(self, range(self.rowCount())))
            if row < len(self._recorded) or line[BRAND]
        ]


class SlipsModel(QStandardItemModel):
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
        super().__init__(0, len(self.HEADERS))
        self._locale = locale
        self.rows: list[SlipToLook] = []

    def set_rows(self, rows: list[SlipToLook]) -> None:
        """The slips to look at, in words (the headers too: this follows a language change)."""
        self.rows = rows
        self.setRowCount(0)
        _headers(self, self.HEADERS)
        for row in rows:
            items = [QStandardItem(text) for text in self.texts(row)]
            for item in items:
                item.setFlags(_SHOWN)
            self.appendRow(items)

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
            display_card(payment.card if payment else slip.last_four if slip else ""),
            str(slip.line) if slip else "",
        )

    def lines(self) -> list[list[str]]:
        """Every slip's line as shown."""
        return _lines(self, range(self.rowCount()))


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
    other = row.other.what if row.other else ""
    return QCoreApplication.translate(
        "DayCloseWindow", "Not a card sale of the day: {what}"
    ).format(what=other)

"""The day close window (``ui/day_close.ui``): the card payments this desk recorded on a day,
totalled per brand and type, against the terminal's totals (typed) or its export (imported),
with the slips that need a look.

The recorded side is the journal on this machine; nothing here asks the service."""

from __future__ import annotations

import html
import platform
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QLocale, Qt, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QTableWidgetItem, QWidget

from desktop_app.core.cards import display_card
from desktop_app.core.day_close import (
    CardNumberInFileError,
    DayClose,
    Kind,
    Reconciliation,
    Split,
    TerminalFileError,
    TerminalSlip,
    Total,
    brand_key,
    check_totals,
    close_day,
    headers_of,
    read_terminal_csv,
    reconcile,
)
from desktop_app.core.journal import JournalEntry
from desktop_app.core.money import amount_in_text, local_date, money
from desktop_app.gui import preferences as prefs
from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog, kept_mappings
from desktop_app.gui.files import export_csv, print_html, save_pdf
from desktop_app.gui.generated.ui_day_close import Ui_DayCloseWindow
from desktop_app.gui.i18n import number_marks, plural
from desktop_app.gui.style import is_dark, tone_colours
from desktop_app.gui.values import payment_type_label, state_label
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts, closed_by_keys
from desktop_app.gui.widgets.placement import place

if TYPE_CHECKING:
    from desktop_app.core.day_close import CsvMapping
    from desktop_app.gui.context import AppContext

_EDITABLE = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable
_READ_ONLY = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
TERMINAL_COUNT, TERMINAL_AMOUNT, AGREES = 5, 6, 7
"""Columns of the totals table: what the person types from the printout, and the check."""


@dataclass(frozen=True, slots=True)
class SlipRow:
    """A line of the slips to look at: what it is, and the recorded entry or the terminal's
    slip (or both) it is about."""

    what: str
    entry: JournalEntry | None = None
    slip: TerminalSlip | None = None


def _split_label(split: Split) -> str:
    if split is Split.INSTALLMENTS:
        return QCoreApplication.translate("DayCloseWindow", "in installments")
    return QCoreApplication.translate("DayCloseWindow", "one payment")


class DayCloseWindow(FormTexts, QWidget):
    """One store's day at this desk: totals, the slips needing a look, the terminal's side."""

    open_order_requested = Signal(str, int)  # store id, order id
    find_orders_requested = Signal(object)  # an amount (Decimal): its orders, to record it
    pending_requested = Signal()

    def __init__(
        self,
        ctx: AppContext,
        stores: list[tuple[str, str]],
        store_id: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.ui = ui = Ui_DayCloseWindow()
        ui.setupUi(self)
        place(self, ctx.preferences)
        add_training_banner(ui.layout, ctx.training)
        closed_by_keys(self)
        self._ctx = ctx
        self.money_locale = ctx.locale
        self._number_marks = number_marks(QLocale(ctx.locale))  # how its totals are typed
        self.closing: DayClose | None = None
        self.reconciliation: Reconciliation | None = None
        self.rows: list[SlipRow] = []
        self._filling = False  # the totals table is being written, not typed in
        for store, label in stores or [(store_id, store_id)]:
            ui.store_combo.addItem(label, store)
        ui.store_combo.setCurrentIndex(max(ui.store_combo.findData(store_id), 0))
        today = QDate.currentDate()
        ui.day_edit.setMaximumDate(today)
        ui.day_edit.setDate(today)
        ui.totals_table.setColumnCount(8)
        ui.slips_table.setColumnCount(8)
        self._retranslate()
        ui.store_combo.currentIndexChanged.connect(lambda _index: self.refresh())
        ui.day_edit.dateChanged.connect(lambda _day: self.refresh())
        ui.totals_table.itemChanged.connect(lambda _item: self._check_typed())
        ui.slips_table.itemSelectionChanged.connect(self._update_buttons)
        self.refresh()

    # -- what is shown -----------------------------------------------------------------------

    def store_id(self) -> str:
        """The store whose day is shown."""
        return str(self.ui.store_combo.currentData())

    def day(self) -> date:
        """The day shown."""
        chosen = self.ui.day_edit.date()
        return date(chosen.year(), chosen.month(), chosen.day())

    def _retranslate(self) -> None:
        self.setWindowTitle(QCoreApplication.translate("DayCloseWindow", "Day close"))
        self.ui.totals_table.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("DayCloseWindow", "Brand"),
                QCoreApplication.translate("DayCloseWindow", "Type"),
                QCoreApplication.translate("DayCloseWindow", "Paid"),
                QCoreApplication.translate("DayCloseWindow", "Count here"),
                QCoreApplication.translate("DayCloseWindow", "Amount here"),
                QCoreApplication.translate("DayCloseWindow", "Count on the terminal"),
                QCoreApplication.translate("DayCloseWindow", "Amount on the terminal"),
                QCoreApplication.translate("DayCloseWindow", "Check"),
            ]
        )
        self.ui.slips_table.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("DayCloseWindow", "What"),
                QCoreApplication.translate("DayCloseWindow", "Order"),
                QCoreApplication.translate("DayCloseWindow", "NSU"),
                QCoreApplication.translate("DayCloseWindow", "Authorization"),
                QCoreApplication.translate("DayCloseWindow", "Amount here"),
                QCoreApplication.translate("DayCloseWindow", "Amount on the terminal"),
                QCoreApplication.translate("DayCloseWindow", "Card"),
                QCoreApplication.translate("DayCloseWindow", "Line of the file"),
            ]
        )
        if self.closing is not None:
            self._show()

    def refresh(self) -> None:
        """Read the day from the journal again (the terminal's side is forgotten: it was of
        another day or store)."""
        self.closing = close_day(self._ctx.recorder.journal, self.store_id(), self.day())
        self.reconciliation = None
        self.ui.message_bar.clear()
        self._show()

    def _show(self) -> None:
        closing = self.closing
        assert closing is not None
        if closing.gone:
            self.ui.message_bar.show_info(
                QCoreApplication.translate(
                    "DayCloseWindow",
                    "The payments of {day} are no longer kept on this machine: it keeps them"
                    " {days} days (Settings). Only what still needed a decision is listed.",
                ).format(
                    day=local_date(closing.day, self.money_locale),
                    days=self._ctx.preferences.get(prefs.JOURNAL_KEEP_DAYS),
                )
            )
        self._fill_totals(closing.totals)
        self._fill_slips()
        payments = plural(
            len(closing.confirmed),
            QCoreApplication.translate("DayCloseWindow", "{count} card payment"),
            QCoreApplication.translate("DayCloseWindow", "{count} card payments"),
        )
        summary = QCoreApplication.translate(
            "DayCloseWindow", "Recorded here on {day}: {payments}, {amount}."
        ).format(
            payments=payments,
            day=local_date(closing.day, self.money_locale),
            amount=money(closing.amount, self.money_locale),
        )
        result = self.reconciliation
        if result is not None:  # the terminal's side at a glance
            summary += "\n" + QCoreApplication.translate(
                "DayCloseWindow",
                "Against the terminal's export: {matched} matched, {missing} never recorded"
                " here, {extra} not on the terminal, {different} different, {other} other"
                " lines.",
            ).format(
                matched=len(result.matched),
                missing=len(result.not_recorded),
                extra=len(result.not_on_terminal),
                different=len(result.differences),
                other=len(result.others),
            )
        self.ui.summary.setText(summary)

    def _fill_totals(self, totals: tuple[Total, ...]) -> None:
        """A line per kind recorded here, and a blank line for a kind only the terminal has
        (its brand, type and payment typed too; another blank line follows each one used)."""
        table = self.ui.totals_table
        self._filling = True
        try:
            table.setRowCount(0)
            for total in totals:
                self._add_total_line(
                    (
                        total.kind.brand,
                        payment_type_label(total.kind.payment_type),
                        _split_label(total.kind.split),
                    ),
                    total,
                )
            self._add_total_line(None, Total(Kind("", "", Split.SINGLE), 0, Decimal(0)))
            table.resizeColumnsToContents()
        finally:
            self._filling = False

    def _add_total_line(self, kind_texts: tuple[str, str, str] | None, total: Total) -> None:
        table = self.ui.totals_table
        row = table.rowCount()
        table.insertRow(row)
        texts = (
            *(kind_texts or ("", "", "")),
            str(total.count),
            money(total.amount, self.money_locale),
            "",
            "",
            "",
        )
        for column, text in enumerate(texts):
            item = QTableWidgetItem(text)
            typed = column in (TERMINAL_COUNT, TERMINAL_AMOUNT) or (
                kind_texts is None and column < 3
            )
            item.setFlags(_EDITABLE if typed else _READ_ONLY)
            if column >= 3 and column != AGREES:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)

    def _kind_of_line(self, row: int) -> Kind | None:
        """The kind of a totals line: recorded, or as typed on a terminal-only line (None
        while its brand is blank)."""
        assert self.closing is not None
        if row < len(self.closing.totals):
            return self.closing.totals[row].kind
        texts = [self._cell_text(row, column) for column in range(3)]
        if not texts[0]:
            return None
        return Kind(brand_key(texts[0]), _typed_type(texts[1]), _typed_split(texts[2]))

    def _cell_text(self, row: int, column: int) -> str:
        item = self.ui.totals_table.item(row, column)
        return item.text().strip() if item else ""

    def _check_typed(self) -> None:
        """The terminal's totals as typed, each kind checked against what was recorded."""
        if self._filling or self.closing is None:
            return
        table = self.ui.totals_table
        typed: dict[int, Total] = {}
        for row in range(table.rowCount()):
            kind = self._kind_of_line(row)
            count_text = self._cell_text(row, TERMINAL_COUNT)
            amount = amount_in_text(self._cell_text(row, TERMINAL_AMOUNT), *self._number_marks)
            if kind is None or (not count_text and amount is None):
                continue
            count = int(count_text) if count_text.isdigit() else -1
            typed[row] = Total(kind, count, amount if amount is not None else Decimal(-1))
        checks = {c.kind: c for c in check_totals(self.closing.totals, list(typed.values()))}
        self._filling = True
        try:
            dark = is_dark(table.palette())
            for row in range(table.rowCount()):
                item = table.item(row, AGREES)
                if item is None:
                    continue
                if row not in typed:
                    item.setText("")
                elif checks[typed[row].kind].agrees:
                    item.setText(QCoreApplication.translate("DayCloseWindow", "Same"))
                    item.setForeground(tone_colours("paid", dark)[0])
                else:  # the word says it; the colour makes it found at a glance
                    item.setText(QCoreApplication.translate("DayCloseWindow", "Differs"))
                    item.setForeground(tone_colours("owed", dark)[0])
            last = table.rowCount() - 1
            if self._cell_text(last, 0):  # the blank line was used: another one below it
                self._add_total_line(None, Total(Kind("", "", Split.SINGLE), 0, Decimal(0)))
            table.resizeColumnToContents(AGREES)
        finally:
            self._filling = False

    def _fill_slips(self) -> None:
        closing = self.closing
        assert closing is not None
        rows = [
            SlipRow(state_label(state), entry=entry)
            for state, entries in closing.apart.items()
            for entry in entries
        ]
        result = self.reconciliation
        if result is not None:
            rows += [
                SlipRow(
                    QCoreApplication.translate("DayCloseWindow", "On the terminal, never recorded"),
                    slip=slip,
                )
                for slip in result.not_recorded
            ]
            rows += [
                SlipRow(
                    QCoreApplication.translate("DayCloseWindow", "Recorded, not on the terminal"),
                    entry=entry,
                )
                for entry in result.not_on_terminal
            ]
            for difference in result.differences:
                what = []
                if difference.amount:
                    what.append(QCoreApplication.translate("DayCloseWindow", "amount differs"))
                if difference.card:
                    what.append(QCoreApplication.translate("DayCloseWindow", "card differs"))
                if difference.codes:
                    what.append(
                        QCoreApplication.translate("DayCloseWindow", "NSU or authorization differs")
                    )
                rows.append(
                    SlipRow(
                        ", ".join(what).capitalize(),
                        entry=difference.recorded,
                        slip=difference.terminal,
                    )
                )
            rows += [
                SlipRow(
                    QCoreApplication.translate(
                        "DayCloseWindow", "Not a card sale of the day: {what}"
                    ).format(what=other.what)
                )
                for other in result.others
            ]
        self.rows = rows
        table = self.ui.slips_table
        table.setRowCount(len(rows))
        for row, line in enumerate(rows):
            payment = line.entry.payment if line.entry else None
            slip = line.slip
            texts = (
                line.what,
                str(payment.order_id) if payment else "",
                payment.nsu if payment else (slip.nsu if slip else ""),
                payment.auth if payment else (slip.auth if slip else ""),
                money(payment.amount, self.money_locale) if payment else "",
                money(slip.amount, self.money_locale) if slip else "",
                display_card(payment.card)
                if payment
                else (display_card(slip.last_four) if slip else ""),
                str(slip.line) if slip else "",
            )
            for column, text in enumerate(texts):
                table.setItem(row, column, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        self.ui.slips_caption.setText(
            QCoreApplication.translate("DayCloseWindow", "Slips to &look at: {count}").format(
                count=len(rows)
            )
            if rows
            else QCoreApplication.translate(
                "DayCloseWindow", "Nothing to &look at: every slip of the day is settled."
            )
        )
        self._update_buttons()

    def chosen_row(self) -> SlipRow | None:
        """The slip chosen in the list."""
        rows = {index.row() for index in self.ui.slips_table.selectedIndexes()}
        return self.rows[rows.pop()] if len(rows) == 1 else None

    def _update_buttons(self) -> None:
        chosen = self.chosen_row()
        self.ui.open_order_button.setEnabled(chosen is not None and chosen.entry is not None)
        # A slip only the terminal has: its order is found by its amount, to record it there.
        self.ui.find_orders_button.setEnabled(
            chosen is not None and chosen.slip is not None and chosen.entry is None
        )

    # -- actions ---------------------------------------------------------------------------

    @Slot()
    def on_open_order_button_clicked(self) -> None:
        chosen = self.chosen_row()
        if chosen is not None and chosen.entry is not None:
            self.open_order_requested.emit(chosen.entry.store_id, chosen.entry.payment.order_id)

    @Slot()
    def on_find_orders_button_clicked(self) -> None:
        chosen = self.chosen_row()
        if chosen is not None and chosen.slip is not None:
            self.find_orders_requested.emit(chosen.slip.amount)

    @Slot()
    def on_pending_button_clicked(self) -> None:
        self.pending_requested.emit()

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.close()

    @Slot()
    def on_import_button_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            QCoreApplication.translate("DayCloseWindow", "The terminal's export"),
            "",
            QCoreApplication.translate("DayCloseWindow", "CSV files (*.csv *.txt)"),
        )
        if path:
            self.import_export(Path(path))

    def import_export(self, path: Path, mapping: CsvMapping | None = None) -> None:
        """Read a terminal's export and set it against the day (asking for its columns the
        first time this terminal model is met)."""
        try:
            raw = path.read_bytes()
        except OSError as error:
            self.ui.message_bar.show_error(
                QCoreApplication.translate(
                    "DayCloseWindow", "The file could not be read: {reason}."
                ).format(reason=error.strerror)
            )
            return
        text = _decoded(raw)
        mapping = mapping or self._mapping_for(headers_of(text))
        if mapping is None:
            return  # the person closed the mapping: nothing read
        try:
            report = read_terminal_csv(text, mapping, self.day())
        except CardNumberInFileError as error:
            self.ui.message_bar.show_error(
                QCoreApplication.translate(
                    "DayCloseWindow",
                    "Line {line} of the file shows more of a card number than its last four"
                    " digits. The file was refused whole and nothing of it was kept: export it"
                    " again with the card masked.",
                ).format(line=error.line)
            )
            return
        except TerminalFileError as error:
            self.ui.message_bar.show_error(
                QCoreApplication.translate(
                    "DayCloseWindow",
                    "The file does not read with the columns chosen ({reason}). Import it again"
                    " and check the columns.",
                ).format(reason=str(error))
            )
            return
        assert self.closing is not None
        self.reconciliation = reconcile(self.closing.confirmed, report)
        self.ui.message_bar.clear()
        self._show()
        result = self.reconciliation
        if result.agrees:
            self.ui.message_bar.show_info(
                QCoreApplication.translate(
                    "DayCloseWindow", "The terminal and this desk agree: {count} slips."
                ).format(count=len(result.matched))
            )

    def _mapping_for(self, headers: list[str]) -> CsvMapping | None:
        preferences = self._ctx.preferences
        kept = kept_mappings(preferences).get(preferences.get(prefs.TERMINAL_MODEL))
        if kept is not None and all(name in headers for name in kept.columns.values() if name):
            return kept
        dialog = TerminalMappingDialog(headers, preferences, self)
        if dialog.exec() != TerminalMappingDialog.DialogCode.Accepted.value:
            return None
        return dialog.mapping

    @Slot()
    def on_export_button_clicked(self) -> None:
        self.export()

    def closing_rows(self) -> list[list[str]]:
        """The closing as lines: store, day, desk, user, when; the totals; the slips to look
        at (each as shown, in the language shown)."""
        closing = self.closing
        assert closing is not None
        claims = self._ctx.session.session.claims
        made_at = datetime.now().astimezone().isoformat(" ", "seconds")
        rows: list[list[str]] = [
            [
                QCoreApplication.translate("DayCloseWindow", "Store"),
                self.ui.store_combo.currentText(),
            ],
            [
                QCoreApplication.translate("DayCloseWindow", "Day"),
                local_date(closing.day, self.money_locale),
            ],
            [QCoreApplication.translate("DayCloseWindow", "Desk"), platform.node()],
            [
                QCoreApplication.translate("DayCloseWindow", "User"),
                f"{claims.name} ({claims.user_id})",
            ],
            [QCoreApplication.translate("DayCloseWindow", "Made at"), made_at],
            [],
        ]
        for table in (self.ui.totals_table, self.ui.slips_table):
            columns = range(table.columnCount())
            rows.append(
                [(table.horizontalHeaderItem(c) or QTableWidgetItem()).text() for c in columns]
            )
            for row in range(table.rowCount()):
                line = [(table.item(row, c) or QTableWidgetItem()).text() for c in columns]
                if line[0]:  # not the blank line left for a kind only the terminal has
                    rows.append(line)
            rows.append([])
        return rows

    def document_html(self) -> str:
        """The closing as a printed page (every text escaped: the slips are typed by people)."""
        rows = self.closing_rows()
        facts, tables = rows[:5], rows[6:]
        parts = [f"<h2>{html.escape(self.windowTitle())}</h2>", "<table>"]
        parts += [
            f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(v)}</td></tr>" for k, v in facts
        ]
        parts.append("</table>")
        table_rows: list[list[str]] = []
        for row in [*tables, []]:  # a blank line ends each table
            if row:
                table_rows.append(row)
                continue
            if table_rows:
                head, *body = table_rows
                parts.append('<table border="1" cellspacing="0" cellpadding="3" width="100%">')
                parts.append("<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head) + "</tr>")
                parts += [
                    "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>"
                    for line in body
                ]
                parts.append("</table><p></p>")
            table_rows = []
        return "".join(parts)

    def export(self, path: str | None = None) -> str | None:
        """Write the closing as CSV (asks where, unless given)."""
        closing = self.closing
        assert closing is not None
        return export_csv(
            self,
            QCoreApplication.translate("DayCloseWindow", "Export the day close"),
            f"day-close-{closing.store_id}-{closing.day.isoformat()}.csv",
            self.closing_rows(),
            self.ui.message_bar.show_error,
            path,
        )

    def save_pdf(self, path: str | None = None) -> str | None:
        """Save the closing as a PDF (asks where, unless given)."""
        closing = self.closing
        assert closing is not None
        return save_pdf(
            self,
            QCoreApplication.translate("DayCloseWindow", "Save the day close as PDF"),
            f"day-close-{closing.store_id}-{closing.day.isoformat()}.pdf",
            self.document_html(),
            path,
        )

    @Slot()
    def on_pdf_button_clicked(self) -> None:
        self.save_pdf()

    @Slot()
    def on_print_button_clicked(self) -> None:
        print_html(self, self.document_html())


def _typed_type(text: str) -> str:
    """A payment type as typed: credit or debit in either language (or their first letter);
    anything else as it was typed."""
    folded = text.strip().casefold()
    if folded in {"crédito", "credito", payment_type_label("credit").casefold()}:
        return "credit"
    if folded in {"débito", "debito", payment_type_label("debit").casefold()}:
        return "debit"
    return {"c": "credit", "d": "debit"}.get(folded, folded)


def _typed_split(text: str) -> Split:
    """One payment unless the text says installments (either language, or a number over 1)."""
    folded = text.strip().casefold()
    if folded.isdigit():
        return Split.INSTALLMENTS if int(folded) > 1 else Split.SINGLE
    installments = {
        "in installments",
        "installments",
        "parcelado",
        _split_label(Split.INSTALLMENTS),
    }
    if folded in {w.casefold() for w in installments} or folded.startswith(("parc", "inst")):
        return Split.INSTALLMENTS
    return Split.SINGLE


def _decoded(raw: bytes) -> str:
    """An export's text: UTF-8 (with or without its mark), else Latin-1 (older terminals)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")

"""The day close window (``ui/day_close.ui``): the card payments this desk recorded on a day,
totalled per brand and type, against the terminal's totals (typed) or its export (imported),
with the slips that need a look.

The recorded side is the journal on this machine; nothing here asks the service."""

from __future__ import annotations

import platform
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QDate, QLocale, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop_app.core.day_close.closing import (
    DayClose,
    Reconciliation,
    SlipToLook,
    close_day,
    reconcile,
    slips_to_look_at,
)
from desktop_app.core.day_close.terminal_export import (
    CardNumberInFileError,
    TerminalFileError,
    decoded,
    headers_of,
    read_terminal_csv,
)
from desktop_app.core.journal_states import EntryState
from desktop_app.core.money import local_date, money
from desktop_app.core.report import Report, ReportTable
from desktop_app.gui.app_wide.desk_keys import EditingKeepsF2
from desktop_app.gui.app_wide.saving import export_csv, print_html, save_pdf
from desktop_app.gui.app_wide.window_roles import expose_as_window
from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog, kept_mappings
from desktop_app.gui.day_close.models import SlipsModel, TotalsModel
from desktop_app.gui.generated.ui_day_close import Ui_DayCloseWindow
from desktop_app.gui.look.language import number_marks, plural
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shared.typed_fields import ask_over
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.date_field import say_in
from desktop_app.gui.widgets.form_texts import FormTexts

if TYPE_CHECKING:
    from desktop_app.core.day_close.terminal_export import CsvMapping
    from desktop_app.gui.shared.context import AppContext


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
        expose_as_window(self)  # a window to a screen reader, not a pane
        self.ui = ui = Ui_DayCloseWindow()
        ui.setupUi(self)
        style_marked_labels(self)
        add_training_banner(ui.layout, ctx.training)
        place(self, ctx.preferences)
        for keys in (QKeySequence(Qt.Key.Key_Escape), QKeySequence("Ctrl+W")):
            QShortcut(keys, self).activated.connect(self.close_asking)
        self._ctx = ctx
        self.money_locale = ctx.locale
        self.closing: DayClose | None = None
        self._typed_about: tuple[str, str, date] = ("day-close", store_id, date.today())
        self.reconciliation: Reconciliation | None = None
        self.totals = TotalsModel(ctx.locale, number_marks(QLocale(ctx.locale)))
        self.slips = SlipsModel(ctx.locale)
        ui.totals_table.setModel(self.totals)
        # A typed amount, written back as money, or a check's words: their column widens
        # (after the editor has let go of the cell).
        self.totals.itemChanged.connect(lambda item: self._widen(item.column()))
        EditingKeepsF2(ui.totals_table)  # F2 opens the cell (elsewhere: Customers)
        ui.slips_table.setModel(self.slips)
        for store, label in stores or [(store_id, store_id)]:
            ui.store_combo.addItem(label, store)
        ui.store_combo.setCurrentIndex(max(ui.store_combo.findData(store_id), 0))
        today = QDate.currentDate()
        ui.day_edit.setMaximumDate(today)
        ui.day_edit.setDate(today)
        self._retranslate()
        ui.store_combo.currentIndexChanged.connect(lambda _index: self.refresh())
        ui.day_edit.dateChanged.connect(lambda _day: self.refresh())
        say_in(ui.message_bar, ui.day_edit)
        ui.slips_table.selectionModel().selectionChanged.connect(self._update_buttons)
        self.refresh()

    def _widen(self, column: int) -> None:
        table = self.ui.totals_table
        if table.sizeHintForColumn(column) > table.columnWidth(column):
            QTimer.singleShot(0, lambda: table.resizeColumnToContents(column))

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
        self.totals.retranslate()
        if self.closing is not None:
            self._show()

    def refresh(self) -> None:
        """Read the day from the journal again (the terminal's export is forgotten: it was of
        another day or store); the terminal's totals typed for this store and day come back."""
        self._keep_typed()
        self.closing = close_day(self._ctx.outbox.journal, self.store_id(), self.day())
        self._typed_about = ("day-close", self.closing.store_id, self.closing.day)
        self.reconciliation = None
        self.ui.message_bar.clear()
        self.totals.set_recorded(self.closing.totals)
        if typed := self._ctx.session.typed_work_of(self._typed_about):
            self.totals.bring_back(typed)
        self.ui.totals_table.resizeColumnsToContents()
        self._show()

    def _keep_typed(self) -> None:
        """The terminal's totals typed for the day shown, kept with the session (for the
        person who typed them, until sign-out) before the day goes."""
        if self.closing is None:
            return
        typed = self.totals.typed()
        if typed:
            self._ctx.session.keep_typed_work(self._typed_about, typed)
        else:
            self._ctx.session.drop_typed_work(self._typed_about)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Closed, the day is let go, all but what the person typed from the terminal. The
        window is kept, to open again where it was placed, and reads the day anew when it
        does: out of view it held every payment of the day for nothing (a busy day's grew all
        day). The lock only hides it, as it was."""
        self._keep_typed()
        self.closing = self.reconciliation = None
        self.totals.set_recorded(())
        self.slips.set_rows([])
        super().closeEvent(event)

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
        self._show_slips()
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

    def _show_slips(self) -> None:
        assert self.closing is not None
        self.slips.set_rows(slips_to_look_at(self.closing, self.reconciliation))
        self.ui.slips_table.resizeColumnsToContents()
        count = len(self.slips.rows)
        self.ui.slips_caption.setText(
            QCoreApplication.translate("DayCloseWindow", "Slips to &look at: {count}").format(
                count=count
            )
            if count
            else QCoreApplication.translate(
                "DayCloseWindow", "Nothing to &look at: every slip of the day is settled."
            )
        )
        self._update_buttons()

    def chosen_row(self) -> SlipToLook | None:
        """The slip chosen in the list."""
        rows = {index.row() for index in self.ui.slips_table.selectionModel().selectedRows()}
        return self.slips.rows[rows.pop()] if len(rows) == 1 else None

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
        self.close_asking()

    def close_asking(self) -> None:
        """Esc, Ctrl+W, Close: with the terminal's totals typed, the person is told they stay
        (until sign-out) and asked before the window goes; with none, it just goes."""
        if self.closing is None or not self.totals.typed():
            self.close()
            return
        ask_over(
            self,
            QCoreApplication.translate("DayCloseWindow", "Leave the day close?"),
            QCoreApplication.translate(
                "DayCloseWindow",
                "The terminal's totals you typed stay on this desk until you sign out: they"
                " come back when you open the day close again. Leave it now?",
            ),
            (QCoreApplication.translate("DayCloseWindow", "&Leave"), self.close),
            QCoreApplication.translate("DayCloseWindow", "&Stay here"),
            enter_goes=True,  # nothing is lost either way
        )

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
        text = decoded(raw)
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
        apart = self.closing.apart
        kept = (*apart.get(EntryState.KEPT, ()), *apart.get(EntryState.HELD, ()))
        self.reconciliation = reconcile(self.closing.confirmed, report, kept)
        self.ui.message_bar.clear()
        self._show()
        result = self.reconciliation
        if result.agrees:
            self.ui.message_bar.show_info(
                plural(
                    len(result.matched),
                    QCoreApplication.translate(
                        "DayCloseWindow", "The terminal and this desk agree: {count} slip."
                    ),
                    QCoreApplication.translate(
                        "DayCloseWindow", "The terminal and this desk agree: {count} slips."
                    ),
                )
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

    def report(self) -> Report:
        """The closing as saved or printed: store, day, desk, user, when; the totals; the slips
        to look at (each as shown, in the language shown)."""
        closing = self.closing
        assert closing is not None
        claims = self._ctx.session.session.claims
        made_at = datetime.now().astimezone().isoformat(" ", "seconds")

        def table(model: TotalsModel | SlipsModel) -> ReportTable:
            headers = [
                str(model.headerData(c, Qt.Orientation.Horizontal))
                for c in range(model.columnCount())
            ]
            return ReportTable(headers, model.lines())

        return Report(
            title=self.windowTitle(),
            facts=[
                (
                    QCoreApplication.translate("DayCloseWindow", "Store"),
                    self.ui.store_combo.currentText(),
                ),
                (
                    QCoreApplication.translate("DayCloseWindow", "Day"),
                    local_date(closing.day, self.money_locale),
                ),
                (QCoreApplication.translate("DayCloseWindow", "Desk"), platform.node()),
                (
                    QCoreApplication.translate("DayCloseWindow", "User"),
                    claims.name if claims.user_id is None else f"{claims.name} ({claims.user_id})",
                ),
                (QCoreApplication.translate("DayCloseWindow", "Made at"), made_at),
            ],
            tables=[table(self.totals), table(self.slips)],
        )

    def document_html(self) -> str:
        """The closing as a printed page."""
        return self.report().html()

    def export(self, path: str | None = None) -> str | None:
        """Write the closing as CSV (asks where, unless given)."""
        closing = self.closing
        assert closing is not None
        return export_csv(
            self,
            QCoreApplication.translate("DayCloseWindow", "Export the day close"),
            f"day-close-{closing.store_id}-{closing.day.isoformat()}.csv",
            self.report().csv_rows(),
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

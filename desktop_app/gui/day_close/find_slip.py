"""Find a payment by its slip (``ui/find_slip.ui``): this desk's journal, every day it keeps,
searched by NSU, authorization code, last four digits or amount; Enter opens the order (from
the search box, when it finds one payment; Down goes to the list)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import QTableWidgetItem, QWidget

from desktop_app.core.cards import display_card
from desktop_app.core.journal import local_today
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.money import local_date, money
from desktop_app.gui.app_wide.window_roles import expose_as_window
from desktop_app.gui.generated.ui_find_slip import Ui_FindSlipWindow
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.value_labels import state_label
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts, closed_by_keys
from desktop_app.gui.widgets.search_box import SearchBox
from desktop_app.gui.widgets.typing_pause import TypingPause

if TYPE_CHECKING:
    from desktop_app.gui.shared.context import AppContext

SEARCH_DELAY_MS = 250
"""A search runs once typing pauses (the journal is local: no service is asked)."""


class FindSlipWindow(FormTexts, QWidget):
    """Payments of this desk found by what a slip shows."""

    open_order_requested = Signal(str, int)  # store id, order id

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        expose_as_window(self)  # a window to a screen reader, not a pane
        self.ui = ui = Ui_FindSlipWindow()
        ui.setupUi(self)
        add_training_banner(ui.layout, ctx.training)
        place(self, ctx.preferences)
        closed_by_keys(self)
        self._ctx = ctx
        self.found: list[JournalEntry] = []
        self._timer = TypingPause(self, SEARCH_DELAY_MS, self.search)
        ui.results.setColumnCount(7)
        ui.results.activated.connect(lambda _index: self.on_open_order_button_clicked())
        ui.search_edit.returnPressed.connect(self._search_and_open_the_only_one)
        self.search_box = SearchBox(ui.search_edit, ui.results, self)
        self._retranslate()
        self._update_buttons()

    def _retranslate(self) -> None:
        self.ui.results.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("FindSlipWindow", "Slip of"),
                QCoreApplication.translate("FindSlipWindow", "Order"),
                QCoreApplication.translate("FindSlipWindow", "Amount"),
                QCoreApplication.translate("FindSlipWindow", "Card"),
                QCoreApplication.translate("FindSlipWindow", "NSU"),
                QCoreApplication.translate("FindSlipWindow", "Authorization"),
                QCoreApplication.translate("FindSlipWindow", "State"),
            ]
        )

    @Slot(str)
    def on_search_edit_textEdited(self, _text: str) -> None:  # noqa: N802
        self._timer.start()

    def search(self) -> None:
        """Look the text up in the journal now."""
        self._timer.stop()
        text = self.ui.search_edit.text()
        found = self._ctx.outbox.journal.find(text)
        words = plural(
            len(found),
            QCoreApplication.translate("FindSlipWindow", "{count} payment found."),
            QCoreApplication.translate("FindSlipWindow", "{count} payments found."),
        )
        self._show(found, words if text.strip() else "")

    def show_sent_today(self) -> None:
        """Every slip kept here that the service took today (from the bar that counts them),
        the latest first; a search typed replaces them."""
        self._timer.stop()
        self.ui.search_edit.clear()
        found = self._ctx.outbox.journal.kept_sent_on(local_today())
        words = plural(
            len(found),
            QCoreApplication.translate(
                "FindSlipWindow", "{count} slip kept here was sent to the service today."
            ),
            QCoreApplication.translate(
                "FindSlipWindow", "{count} slips kept here were sent to the service today."
            ),
        )
        self._show(found, words)
        self.ui.results.setFocus()

    def _show(self, found: list[JournalEntry], words: str) -> None:
        self.found = found
        locale = self._ctx.locale
        table = self.ui.results
        table.setRowCount(len(found))
        for row, entry in enumerate(found):
            payment = entry.payment
            cells = (
                local_date(entry.slip_date, locale),
                str(payment.order_id),
                money(payment.amount, locale),
                f"{payment.flag_name} {display_card(payment.card)}",
                payment.nsu,
                payment.auth,
                state_label(entry.state),
            )
            for column, cell in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(cell))
        table.resizeColumnsToContents()
        if found:
            table.selectRow(0)
        self.ui.found_label.setText(words)
        self._update_buttons()

    def _search_and_open_the_only_one(self) -> None:
        """Enter in the search: the search now, and the order of the one payment it finds."""
        self.search()
        if len(self.found) == 1:
            self.on_open_order_button_clicked()

    def chosen(self) -> JournalEntry | None:
        """The payment chosen in the list."""
        rows = {index.row() for index in self.ui.results.selectedIndexes()}
        return self.found[rows.pop()] if len(rows) == 1 else None

    @Slot()
    def on_results_itemSelectionChanged(self) -> None:  # noqa: N802
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.ui.open_order_button.setEnabled(self.chosen() is not None)

    @Slot()
    def on_open_order_button_clicked(self) -> None:
        entry = self.chosen()
        if entry is not None:
            self.open_order_requested.emit(entry.store_id, entry.payment.order_id)

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.close()

"""F8 and F9 on the orders list, as in an order: the order chosen in the list (its current row,
or the one order the filter leaves) opens with its payment form (F8) or its invoice (F9); with
none chosen, the message bar says how to choose one. Ctrl+F, the order's number, F8: the form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut

from desktop_app.gui.widgets.message_bar import Ends

if TYPE_CHECKING:
    from desktop_app.api.models import Order
    from desktop_app.gui.orders.order_dialog import OrderDialog
    from desktop_app.gui.orders.page import OrdersPage


class ListKeys(QObject):
    """F8 and F9 over ``page`` (only while it shows: not behind the lock)."""

    def __init__(self, page: OrdersPage, open_order: Callable[[Order], OrderDialog]) -> None:
        super().__init__(page)
        self._page, self._open_order = page, open_order
        for key, act in (
            (Qt.Key.Key_F8, lambda dialog: dialog.press_record_payment()),
            (Qt.Key.Key_F9, lambda dialog: dialog.press_issue_invoice()),
        ):
            shortcut = QShortcut(QKeySequence(key), page)
            shortcut.activated.connect(lambda act=act: self._act(act))

    def chosen(self) -> Order | None:
        """The order F8 and F9 act on: the only one shown, or the list's chosen row."""
        model, table = self._page.model, self._page.table
        if model.rowCount() == 1:
            return model.order_at(0)
        current = table.currentIndex()
        if current.isValid() and table.selectionModel().isRowSelected(current.row()):
            return model.order_at(current.row())
        return None

    def _act(self, act: Callable[[OrderDialog], None]) -> None:
        order = self.chosen()
        if order is None:
            model, chosen_rows = self._page.model, self._page.table.selectionModel()
            self._page.message_bar.show_info(
                QCoreApplication.translate(
                    "OrdersPage",
                    "Choose an order first: arrows in the list, or Ctrl+F and its number. F8"
                    " then records a payment for it, F9 issues its invoice.",
                ),
                ends=Ends(  # an order chosen: a row, or a filter that leaves one
                    chosen_rows.selectionChanged,
                    model.modelReset,
                    model.layoutChanged,
                    model.rowsRemoved,
                    ended=lambda *_: self.chosen() is not None,
                ),
            )
            return
        if self._page.message_bar.kind == "info":
            self._page.message_bar.clear()  # how to choose one: done
        act(self._open_order(order))

"""The person's place in the orders list as its view changes: after a payment the row they were
on, the columns fitted to texts that grew (a filter's longer names, an amount paid in full), the
table given the focus after a store's first load, and the moment a load has been painted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QComboBox, QTableView

if TYPE_CHECKING:
    from desktop_app.gui.orders.columns import OrderColumns
    from desktop_app.gui.orders.model import OrdersTableModel


class PlaceKept(QObject):
    """Follows ``model``'s view in ``table``; ``store_combo``: where the focus may be while a
    first load comes (the table takes it then)."""

    shown = Signal(int)  # a load has been painted: how many rows

    def __init__(
        self,
        table: QTableView,
        model: OrdersTableModel,
        columns: OrderColumns,
        store_combo: QComboBox,
    ) -> None:
        super().__init__(table)
        self._table, self._model, self._columns = table, model, columns
        self._store_combo = store_combo
        self._after_load: str | None = None  # "resize" on a first load, "keep" on another
        self._fit_again = False  # the view about to change shows new texts (a filter, a payment)
        self._keep_current: tuple[int, int] | None = None  # (order, column) after a payment
        model.view_changed.connect(self._on_view_changed)
        model.order_replaced.connect(self._on_order_replaced)

    def fit_next(self) -> None:
        """The next view shows new texts (a filter, a payment): the columns fitted to them."""
        self._fit_again = True

    def load_coming(self) -> None:
        """A store's orders are about to be shown: a first load fits the columns and takes the
        focus; either is announced as painted (``shown``)."""
        self._after_load = "resize" if self._model.rowCount() == 0 else "keep"

    def keep_row_of(self, order_id: int) -> None:
        """An order is about to be replaced (read again after a payment): the current row stays
        on it, and its amounts may be wider now (paid in full)."""
        current = self._table.currentIndex()
        if current.isValid() and self._model.order_at(current.row()).order_id == order_id:
            self._keep_current = (order_id, current.column())
        self._fit_again = True

    def _on_order_replaced(self, _row: int) -> None:
        """An order replaced in its row: the person's row is where it was; its amounts may be
        wider now (paid in full)."""
        self._keep_current = None
        if self._fit_again:
            self._columns.fit()
        self._fit_again = False

    def _on_view_changed(self) -> None:
        # Lay the rows out now rather than on Qt's next timer: done later, a change in the
        # number of rows repaints the whole table a second time (~30 ms for a full screen).
        self._table.doItemsLayout()
        if self._keep_current is not None:
            self._return_to(*self._keep_current)
            self._keep_current = None
        if self._after_load == "resize" or self._fit_again:
            self._columns.fit()  # a filter may show longer names, a payment a wider amount
        self._fit_again = False
        if self._after_load is None:
            return
        nowhere = self._store_combo.hasFocus() or QApplication.focusWidget() is None
        if self._after_load == "resize" and nowhere:
            self._table.setFocus()  # orders are what a person browses next (arrows, Enter)
        self._after_load = None
        self.shown.emit(self._model.rowCount())

    def _return_to(self, order_id: int, column: int) -> None:
        # Once, after a payment: the search is over the rows shown, not every load's.
        for row, order in enumerate(self._model.visible_orders()):
            if order.order_id == order_id:
                index = self._model.index(row, column)
                self._table.setCurrentIndex(index)
                self._table.scrollTo(index)
                return

"""The orders table: a ``QAbstractTableModel`` that formats only the cells Qt asks for.

Sorting and filtering happen on the Python list (:func:`desktop_app.core.orders.visible_rows`)
followed by one model reset: 50 ms for 100,000 rows, where a ``QSortFilterProxyModel`` over a
Python model needs seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from desktop_app.api.gc_pause import collector_paused
from desktop_app.core.money import local_time, money
from desktop_app.core.orders import (
    OrderFilter,
    OrderIndex,
    OrderStatus,
    Totals,
    status_of,
    totals,
    visible_rows,
)

if TYPE_CHECKING:
    from desktop_app.api.models import Order

Index = QModelIndex | QPersistentModelIndex
OBJECT_ROLE = Qt.ItemDataRole.UserRole + 1
DISPLAY_ROLE = int(Qt.ItemDataRole.DisplayRole.value)
ALIGNMENT_ROLE = int(Qt.ItemDataRole.TextAlignmentRole.value)
RIGHT_ALIGNED = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
CACHED_ROWS = 2_000
BACKGROUND_ABOVE = 5_000
"""Views of more orders than this are computed on a worker thread (100,000 take ~0.2 s)."""

View = tuple[list["Order"], list[int], OrderFilter, "Totals | None"]
Background = Callable[[str, Callable[[], Any], Callable[[Any], None]], None]
"""Runs a function on a worker thread as a named task, then its callback on the Qt thread."""


def status_label(status: OrderStatus) -> str:
    """The word for a status."""
    return {
        OrderStatus.OPEN: QCoreApplication.translate("OrdersTableModel", "Open"),
        OrderStatus.PARTLY_PAID: QCoreApplication.translate("OrdersTableModel", "Partly paid"),
        OrderStatus.PAID: QCoreApplication.translate("OrdersTableModel", "Paid"),
    }[status]


def _release_in_slices(orders: list[Order]) -> None:
    while orders:
        del orders[-2_000:]


class OrdersTableModel(QAbstractTableModel):
    """Orders of one store, with every field, a status and the balance due.

    What is shown (which orders, in which order, and their totals) is a *view* computed from
    the orders, the filter and the sort. Large views are computed by ``background`` (a worker
    thread) and applied in one model reset; the orders and their row indexes are swapped
    together, so ``data()`` never mixes an old view with new orders.
    """

    view_changed = Signal()
    totals_changed = Signal()

    def __init__(self, locale: str = "pt_BR", background: Background | None = None) -> None:
        super().__init__()
        self.locale = locale
        self.background = background
        self._orders: list[Order] = []
        self._rows: list[int] = []
        self._pending: list[Order] = []
        self._view_filter = OrderFilter()
        self._index = OrderIndex([])
        self._trash: list[list[Order]] = []
        self.totals: Totals = totals([])
        self._filter = OrderFilter()
        self._sort: tuple[str | None, bool] = (None, False)
        fmt_money: Callable[[Any], str] = lambda v: money(v, self.locale)  # noqa: E731
        self.columns: list[tuple[str, str, Callable[[Order], Any]]] = [
            (
                "order_id",
                QCoreApplication.translate("OrdersTableModel", "Order"),
                lambda o: str(o.order_id),
            ),
            (
                "create_date",
                QCoreApplication.translate("OrdersTableModel", "Date"),
                lambda o: local_time(o.create_date, self.locale),
            ),
            (
                "status",
                QCoreApplication.translate("OrdersTableModel", "Status"),
                lambda o: status_label(status_of(o)),
            ),
            (
                "customer_name",
                QCoreApplication.translate("OrdersTableModel", "Customer"),
                lambda o: o.customer_name,
            ),
            (
                "seller_name",
                QCoreApplication.translate("OrdersTableModel", "Seller"),
                lambda o: o.seller_name,
            ),
            (
                "billing_name",
                QCoreApplication.translate("OrdersTableModel", "Payment method"),
                lambda o: o.billing_name,
            ),
            (
                "plan_name",
                QCoreApplication.translate("OrdersTableModel", "Plan"),
                lambda o: o.plan_name,
            ),
            (
                "installments",
                QCoreApplication.translate("OrdersTableModel", "Inst."),
                lambda o: str(o.installments),
            ),
            (
                "amount",
                QCoreApplication.translate("OrdersTableModel", "Amount"),
                lambda o: fmt_money(o.amount),
            ),
            (
                "amount_paid",
                QCoreApplication.translate("OrdersTableModel", "Paid"),
                lambda o: fmt_money(o.amount_paid),
            ),
            (
                "balance_due",
                QCoreApplication.translate("OrdersTableModel", "Balance due"),
                lambda o: fmt_money(o.balance_due),
            ),
            (
                "customer_id",
                QCoreApplication.translate("OrdersTableModel", "Customer id"),
                lambda o: o.customer_id,
            ),
            (
                "seller_id",
                QCoreApplication.translate("OrdersTableModel", "Seller id"),
                lambda o: o.seller_id,
            ),
            (
                "store_id",
                QCoreApplication.translate("OrdersTableModel", "Store"),
                lambda o: o.store_id,
            ),
        ]
        right = {"order_id", "installments", "amount", "amount_paid", "balance_due"}
        self._alignments = [RIGHT_ALIGNED if key in right else None for key, _, _ in self.columns]
        self._shown_text: dict[int, list[str]] = {}

    # -- data --------------------------------------------------------------------------------

    def set_orders(self, orders: Sequence[Order]) -> None:
        """Show ``orders`` (keeping the current filter and sort)."""
        self._pending = list(orders)
        self._index = OrderIndex(self._pending)
        self._refresh()

    def replace_order(self, order: Order) -> None:
        """Show a fresh copy of one order (after a payment), keeping filter and sort."""
        orders = list(self._pending)
        for position, current in enumerate(orders):
            if current.order_id == order.order_id:
                orders[position] = order
                self.set_orders(orders)
                return

    def clear(self) -> None:
        """Forget every order (sign-out): also the lists kept to be freed later."""
        self.set_orders([])
        for replaced in self._trash:
            _release_in_slices(replaced)
        self._trash.clear()

    def set_filter(self, wanted: OrderFilter) -> None:
        """Show only what ``wanted`` matches."""
        self._filter = wanted
        self._refresh()

    def visible_orders(self) -> list[Order]:
        """The orders shown, in their shown order."""
        return [self._orders[i] for i in self._rows]

    def order_at(self, row: int) -> Order:
        """The order of a shown row."""
        return self._orders[self._rows[row]]

    def _refresh(self) -> None:
        orders, index, wanted = self._pending, self._index, self._filter
        key, descending = self._sort
        carry_totals = orders is self._orders and wanted == self._view_filter
        # A fresh, unfiltered list is shown first; its totals follow from idle-time work.
        defer_totals = orders is not self._orders and wanted == OrderFilter()
        trash, self._trash = self._trash, []

        def compute() -> View:
            # A full collection over 100,000 orders holds the GIL for ~90 ms: not meanwhile.
            with collector_paused():
                for replaced in trash:
                    _release_in_slices(replaced)  # freed here, not on the Qt thread
                rows = visible_rows(index, wanted, key, descending)
                # Totals come with the view, so no worker is busy while it is painted: every
                # call Qt makes into Python while painting needs the GIL.
                shown = None if carry_totals or defer_totals else index.totals_of(rows, wanted)
                return orders, rows, wanted, shown

        if self.background is None or len(orders) <= BACKGROUND_ABOVE:
            self._apply(compute())
        else:
            self.background("orders-view", compute, self._apply)

    def _apply(self, view: View) -> None:
        replaced = self._orders
        self.beginResetModel()
        self._orders, self._rows, self._view_filter, shown = view
        self._shown_text.clear()
        self.endResetModel()
        if replaced is not self._orders and len(replaced) > BACKGROUND_ABOVE:
            self._trash.append(replaced)  # freed by the next background computation
        self.view_changed.emit()
        if shown is not None:
            self._set_totals(shown)
        elif replaced is not self._orders:
            self._prepare(self._index)

    def _prepare(self, index: OrderIndex) -> None:
        def done(everything: Totals) -> None:
            if index is self._index and self._view_filter == OrderFilter():
                self._set_totals(everything)

        if self.background is None or len(index.orders) <= BACKGROUND_ABOVE:
            done(index.prepare(pause=0))
        else:
            self.background("orders-prepare", index.prepare, done)

    def _set_totals(self, value: Totals) -> None:
        self.totals = value
        self.totals_changed.emit()

    # -- Qt's side ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.columns)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section][1]
        return None

    def data(self, index: Index, role: int = DISPLAY_ROLE) -> Any:
        # Qt asks for some seven roles per visible cell on every paint: answer the ones that
        # matter from a cache of each row's text, and the rest at once.
        if role == DISPLAY_ROLE:
            return self._row_text(index.row())[index.column()]
        if role == ALIGNMENT_ROLE:
            return self._alignments[index.column()]
        if role == OBJECT_ROLE:
            return self._orders[self._rows[index.row()]]
        return None

    def multiData(self, index: Index, roles: Any) -> None:  # noqa: N802
        """All the roles of a cell in one call (Qt's delegate asks for seven per cell).

        Every call from Qt into Python must take the GIL, and while a worker thread holds it
        each take can wait a switch interval: one call per cell instead of seven keeps
        painting quick while the app computes in the background.
        """
        if not index.isValid():
            return
        column = index.column()
        for role_data in roles:
            role = role_data.role()
            if role == DISPLAY_ROLE:
                role_data.setData(self._row_text(index.row())[column])
            elif role == ALIGNMENT_ROLE:
                role_data.setData(self._alignments[column])
            else:
                role_data.clearData()

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """One Python call per index (the base class's check calls rowCount and columnCount)."""
        if parent.isValid() or not (0 <= row < len(self._rows) and 0 <= column < len(self.columns)):
            return QModelIndex()
        return self.createIndex(row, column)

    def _row_text(self, row: int) -> list[str]:
        text = self._shown_text.get(row)
        if text is None:
            if len(self._shown_text) > CACHED_ROWS:
                self._shown_text.clear()
            order = self._orders[self._rows[row]]
            text = self._shown_text[row] = [show(order) for _, _, show in self.columns]
        return text

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column's real value (numbers, dates, money), not its text."""
        self._sort = (self.columns[column][0], order == Qt.SortOrder.DescendingOrder)
        self._refresh()

    def export_rows(self) -> list[list[str]]:
        """Header and shown rows as text, for CSV."""
        rows = [[title for _, title, _ in self.columns]]
        rows.extend([show(o) for _, _, show in self.columns] for o in self.visible_orders())
        return rows

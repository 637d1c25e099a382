"""The orders table: a text table that formats only the rows Qt asks for.

Sorting and filtering happen on the Python list (:func:`desktop_app.core.orders.index.view_steps`)
followed by one model reset: a fraction of a second for 100,000 rows, where a
``QSortFilterProxyModel`` over a Python model needs seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal

from desktop_app.core.money import local_time, money
from desktop_app.core.orders.criteria import OrderFilter, Totals, status_of
from desktop_app.core.orders.index import OrderIndex, Rows, totals
from desktop_app.core.orders.views import keeps_its_place, row_of, view_steps
from desktop_app.core.steps import Steps
from desktop_app.gui.look.value_labels import given
from desktop_app.gui.orders.columns import (
    COLUMNS,
    RIGHT_KINDS,
    SERVICE_NAMES,
    Kind,
    OrderColumn,
    column_of,
    invoiced_label,
    status_label,
)
from desktop_app.gui.orders.in_steps import BACKGROUND_ABOVE, Background, InSteps
from desktop_app.gui.widgets.text_cells import Cell, cached
from desktop_app.gui.widgets.text_table import (
    DISPLAY_ROLE,
    LAID_OUT_ROWS,
    RIGHT_ALIGNED,
    Index,
    TextTableModel,
)
from desktop_app.gui.words.kept_slips import balance_in_a_list, balance_words
from desktop_app.process.collector import collector_paused

if TYPE_CHECKING:
    from desktop_app.api.models import Order

OBJECT_ROLE = Qt.ItemDataRole.UserRole + 1
TOOL_TIP_ROLE = int(Qt.ItemDataRole.ToolTipRole.value)
View = tuple[
    list["Order"],
    Rows,
    OrderFilter,
    "Totals | None",
    dict[int, list[str]],
    dict[int, list[Cell]],
]


class OrdersTableModel(TextTableModel):
    """Orders of one store, with every field, a status and the balance due.

    What is shown (which orders, in which order, and their totals) is a *view* computed from
    the orders, the filter and the sort. Large views are computed by ``background`` (in steps,
    :mod:`desktop_app.gui.orders.in_steps`) and applied in one model reset; the orders and their row
    indexes are swapped together, so ``data()`` never mixes an old view with new orders.
    """

    view_changed = Signal()
    order_replaced = Signal(int)  # in place, at its row (-1: not shown): see replace_order
    totals_changed = Signal()
    freed = Signal()  # every replaced list is freed: no order of before is left in memory

    def __init__(
        self,
        locale: str = "pt_BR",
        background: Background | None = None,
        cancel: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__()
        self.locale = locale
        self._work = InSteps(background, cancel, self.freed.emit)
        self._orders: list[Order] = []
        self._rows: Rows = range(0)
        self._pending: list[Order] = []
        self._view_filter = OrderFilter()
        self._index = OrderIndex([])
        self.invoiced: dict[int, bool] = {}
        self.kept: dict[int, Decimal] = {}  # order id -> its slips kept here, not yet counted
        # Each order's texts, by the order (a frozen value: equal orders read the same). A
        # payment replaces one order of the list, and the view computed again for it finds
        # the others' texts here: formatting the first screen's money and dates anew was 9
        # of the 11 ms that held the window after each payment.
        self._formatted: dict[Order, list[str]] = {}
        self._index_in_steps: OrderIndex | None = None  # a list read: computed in steps
        self._view_in_steps = False  # a view is being computed between the window's events
        self.totals: Totals = totals([])
        self._filter = OrderFilter()
        self._sort: tuple[str | None, bool] = (None, False)
        self.columns = COLUMNS
        self._readers = [self._cell_reader(column) for column in COLUMNS]
        self.alignments = [RIGHT_ALIGNED if c.kind in RIGHT_KINDS else None for c in COLUMNS]
        self._status_column, self._owed_column = column_of("status"), column_of("balance_due")
        self.toned_columns = frozenset(i for i, column in enumerate(COLUMNS) if column.toned)
        self._titles: list[str] = []
        self._translate_titles()

    def _translate_titles(self) -> None:
        self._titles = [
            QCoreApplication.translate("OrdersTableModel", str(column.title)) for column in COLUMNS
        ]

    def _cell_reader(self, column: OrderColumn) -> Callable[[Order], str]:
        """How a cell of ``column`` reads (made once: it runs for every cell painted)."""
        read = attrgetter(column.key)
        if column.kind is Kind.STATUS:
            return self.status_text
        if column.key == "balance_due":  # as the order's window shows it (kept slips counted)
            return lambda order: balance_in_a_list(
                order.balance_due, self.kept.get(order.order_id, Decimal(0)), self.locale
            )
        if column.kind is Kind.MONEY:
            return lambda order: money(read(order), self.locale)
        if column.kind is Kind.TIME:
            return lambda order: local_time(read(order), self.locale)
        if column.kind is Kind.NUMBER:
            return lambda order: str(read(order))
        if column.kind is Kind.SERVICE_NAME:
            label = SERVICE_NAMES[column.key]
            return lambda order: label(read(order)).text or given("")
        return lambda order: read(order) or given("")  # a walk-in sale's customer: not given

    def status_text(self, order: Order) -> str:
        """What the status column says of ``order``: invoiced here (or elsewhere), else its
        payment status."""
        elsewhere = self.invoiced.get(order.order_id)
        return status_label(status_of(order)) if elsewhere is None else invoiced_label(elsewhere)

    def cell_tone(self, row: int, column: int) -> str | None:
        """The status as a coloured label; a balance still owed in red (none stays plain)."""
        order = self._orders[self._rows[row]]
        if column == self._status_column:
            return "invoiced" if order.order_id in self.invoiced else status_of(order).value
        if column == self._owed_column and order.balance_due > self.kept.get(order.order_id, 0):
            return "owed"
        return None

    def set_kept(self, kept: dict[int, Decimal]) -> bool:
        """The slips kept here for the store's orders (order id -> their amount); whether
        that changed what the list says."""
        if kept == self.kept:
            return False
        changed = _changed_keys(self.kept, kept)
        self.kept = kept
        self._read_again(self._owed_column, changed)
        return True

    def set_invoiced(self, invoiced: dict[int, bool]) -> None:
        """The orders this machine knows are invoiced (order id -> invoiced elsewhere)."""
        if invoiced == self.invoiced:
            return
        changed = _changed_keys(self.invoiced, invoiced)
        self.invoiced = invoiced
        self._read_again(self._status_column, changed)

    def _read_again(self, column: int, order_ids: set[int]) -> None:
        """A column's cells read anew for the orders of ``order_ids`` (what they show of them
        changed): only their rows on screen painted again where the view says which are (a
        slip kept, an invoice issued painted the whole list again, every row formatted anew)."""
        for order in [order for order in self._formatted if order.order_id in order_ids]:
            del self._formatted[order]
        if self.read_rows_again(lambda row: self.order_at(row).order_id in order_ids, column):
            return
        self._formatted.clear()
        self.keep_texts({})
        if len(self._rows):
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    def retranslate(self, locale: str) -> None:
        """Titles, statuses, money and dates in the current language and ``locale``."""
        self.locale = locale
        self._translate_titles()
        self._formatted.clear()
        self.keep_texts({})
        self.forget_layout()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.columns) - 1)
        if len(self._rows):
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(self.columns) - 1)
            )

    # -- data --------------------------------------------------------------------------------

    def set_orders(self, orders: Sequence[Order], *, in_steps: bool = False) -> None:
        """Show ``orders`` (keeping the current filter and sort). A list is kept as it is, not
        copied (a million orders' copy held the window 35 ms), and freed in steps, emptied,
        once replaced: hand over a list nothing else changes (the model itself puts an order's
        copy read after a payment in its place: :meth:`replace_order`).

        ``in_steps``: its view is computed in steps whatever its size (a whole store's list
        just read: it arrives while someone is at work in another window, and its first
        screen, every row formatted anew, held the window 8.5 ms at 400 orders)."""
        self._pending = orders if isinstance(orders, list) else list(orders)
        replaced, self._index = self._index, OrderIndex(self._pending)
        self._index_in_steps = self._index if in_steps else None
        # Idle-time work on the list being replaced is of no use now, and would go on building
        # its columns (a second of work at a million orders) beside the new load.
        self._work.cancel("orders-prepare")
        if len(replaced.orders) > BACKGROUND_ABOVE:
            self._work.free(*replaced.release())
        self._refresh()

    def replace_order(self, order: Order) -> None:
        """Show a fresh copy of one order (after a payment), keeping filter and sort.

        When only what was paid changed, and the list is neither sorted nor filtered by it, the
        copy takes the order's place in the list and its row alone is read and painted again
        (``order_replaced``); else the view is computed anew. Anew after each payment, the
        list was shown again whole (its columns fitted, every row painted) in the same turn as
        the order's window showing the payment, or closing paid in full."""
        for position, current in enumerate(self._pending):
            if current.order_id != order.order_id:
                continue
            if self._in_place(current, order):
                self._replace_in_place(position, current, order)
            else:
                orders = list(self._pending)
                orders[position] = order
                self.set_orders(orders)
            return

    def _in_place(self, shown: Order, fresh: Order) -> bool:
        return (
            self._pending is self._orders
            and not self._view_in_steps  # a view being computed reads the list as it was
            and keeps_its_place(shown, fresh, self._sort[0], self._view_filter)
        )

    def _replace_in_place(self, position: int, shown: Order, fresh: Order) -> None:
        self._work.cancel("orders-prepare")  # idle-time work would end with what was paid before
        self._orders[position] = fresh  # the list the index reads
        self._index.forget_paid()
        self._formatted.pop(shown, None)
        row = row_of(self._rows, position)
        if row is not None:  # shown: its row read again, the totals of what is shown summed
            self.forget_row(row)
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))
            self._sum_again()
        self.order_replaced.emit(-1 if row is None else row)

    def _sum_again(self) -> None:
        rows, index, wanted = self._rows, self._index, self._view_filter

        def done(value: Totals) -> None:
            if rows is self._rows and index is self._index:
                self._set_totals(value)

        self._work.run("orders-totals", index.totals_of(rows, wanted), done, size=len(rows))

    def clear(self) -> None:
        """Forget every order (sign-out): none is shown from now on, and the lists are freed in
        steps that nothing cancels but a newer freeing, which takes them over (a million orders
        freed at once held the window half a second)."""
        self.set_orders([])

    def set_filter(self, wanted: OrderFilter) -> None:
        """Show only what ``wanted`` matches."""
        self._filter = wanted
        self._refresh()

    @property
    def filter(self) -> OrderFilter:
        """What the list shows (or is about to, once computed)."""
        return self._filter

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

        def compute() -> Steps[View]:
            # A full collection over 100,000 orders takes ~90 ms: not in the middle of this.
            with collector_paused():
                rows = yield from view_steps(index, wanted, key, descending)
                shown = None
                if not (carry_totals or defer_totals):
                    shown = yield from index.totals_of(rows, wanted)
                # The rows the view shows first are formatted and laid out before it is shown,
                # so its first paint only draws.
                first_screen, laid_out = {}, {}
                for row in range(min(self.rows_on_screen, len(rows))):
                    texts = first_screen[row] = self._format(orders[rows[row]])
                    laid_out[row] = self.lay_out(texts)
                    if row % 5 == 4:
                        yield  # formatting and laying out a row takes ~0.6 ms
                return orders, rows, wanted, shown, first_screen, laid_out

        # A list read is shown in steps; once shown, a filter or sort of it is at once.
        stepped = index is self._index_in_steps and orders is not self._orders
        size = None if stepped else len(orders)
        self._view_in_steps = self._work.in_steps(size)
        self._work.run("orders-view", compute(), self._apply, size=size, idle=False)

    def _apply(self, view: View) -> None:
        replaced = self._orders
        self._view_in_steps = False
        self.beginResetModel()
        self._orders, self._rows, self._view_filter, shown, first_screen, laid_out = view
        self.keep_texts(first_screen, laid_out)
        self.endResetModel()
        if replaced is not self._orders and len(replaced) > BACKGROUND_ABOVE:
            self._work.free(replaced)
        self.view_changed.emit()
        if shown is not None:
            self._set_totals(shown)
        elif replaced is not self._orders:
            self._prepare(self._index)

    def _prepare(self, index: OrderIndex) -> None:
        def done(everything: Totals) -> None:
            if index is self._index and self._view_filter == OrderFilter():
                self._set_totals(everything)

        def prepare() -> Steps[Totals]:
            # Built with the collector paused, then frozen: a young collection that finds a
            # fresh list of a million items walks every item (60 ms measured).
            with collector_paused():
                return (yield from index.prepare())

        self._work.run("orders-prepare", prepare(), done, size=len(index.orders))

    @property
    def freeing(self) -> bool:
        """Whether replaced lists are still being freed (``freed`` follows when done)."""
        return self._work.freeing

    def _set_totals(self, value: Totals) -> None:
        self.totals = value
        self.totals_changed.emit()

    # -- the table's side ---------------------------------------------------------------------

    def row_count(self) -> int:
        return len(self._rows)

    def column_titles(self) -> list[str]:
        return self._titles

    def format_row(self, row: int) -> list[str]:
        return self._format(self._orders[self._rows[row]])

    def data(self, index: Index, role: int = DISPLAY_ROLE) -> Any:
        if role == OBJECT_ROLE and index.isValid():
            return self._orders[self._rows[index.row()]]
        if role == TOOL_TIP_ROLE and index.isValid():
            column = COLUMNS[index.column()]
            order = self._orders[self._rows[index.row()]]
            if column.kind is Kind.SERVICE_NAME:  # a name the app does not know: the service's
                return SERVICE_NAMES[column.key](getattr(order, column.key)).hint or None
            if column.key == "balance_due" and order.order_id in self.kept:
                return balance_words(order.balance_due, self.kept[order.order_id], self.locale)
        return super().data(index, role)

    def _format(self, order: Order) -> list[str]:
        # As many as the laid-out rows: the screens around the one shown.
        return cached(self._formatted, order, LAID_OUT_ROWS, self._format_anew)

    def _format_anew(self, order: Order) -> list[str]:
        return [read(order) for read in self._readers]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column's real value (numbers, dates, money), not its text."""
        self._sort = (COLUMNS[column].key, order == Qt.SortOrder.DescendingOrder)
        self._refresh()

    def export_rows(self) -> list[list[str]]:
        """Header and shown rows as text, for CSV."""
        rows = [list(self._titles)]
        rows.extend(self._format_anew(o) for o in self.visible_orders())  # once: not kept
        return rows


def _changed_keys(before: Mapping[int, object], after: Mapping[int, object]) -> set[int]:
    """The keys whose value is not the same in both (added, gone, or other)."""
    return {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}

"""The orders list's columns: what each shows (the order's field, its title, the kind of value
and how it reads), and the columns at any width: the money where the eye goes, the spare columns
shrunk and then hidden when the window is narrow, and the person's own choice of columns.

Order, status, customer and the three amounts are what a cashier scans; they keep their whole
width. The spare columns give way: the names (plan, payment method, seller) narrower first, down
to their titles; then, in turn, plan, payment method, instalments, seller and date out of view
until the window is wider again, any room left going back to the names.
The header's menu (or the table's, from the keyboard: Shift+F10) shows or hides any column;
that choice is the person's and kept.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, QPoint, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QTableView

from desktop_app.core.orders.criteria import OrderStatus
from desktop_app.gui.look.value_labels import ServiceName, payment_method_label, plan_label
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.widgets.text_cells import LABEL_PADDING, cell_margin
from desktop_app.gui.widgets.text_table import TextTableModel, fitted_widths, size_sections


def invoiced_label(elsewhere: bool) -> str:
    """The word for an order this machine knows is invoiced."""
    if elsewhere:
        return QCoreApplication.translate("OrdersTableModel", "Invoiced elsewhere")
    return QCoreApplication.translate("OrdersTableModel", "Invoiced here")


def status_label(status: OrderStatus) -> str:
    """The word for a status."""
    return {
        OrderStatus.OPEN: QCoreApplication.translate("OrdersTableModel", "Open"),
        OrderStatus.PARTLY_PAID: QCoreApplication.translate("OrdersTableModel", "Partly paid"),
        OrderStatus.PAID: QCoreApplication.translate("OrdersTableModel", "Paid"),
    }[status]


class Kind(enum.Enum):
    """What a column's cells hold, which says how they read and where they align."""

    TEXT = "text"  # as the service sent it
    SERVICE_NAME = "service name"  # the service's name of a method or plan, shown translated
    NUMBER = "number"  # right-aligned
    MONEY = "money"  # in the person's currency and locale, right-aligned
    TIME = "time"  # a timestamp in the person's local time
    STATUS = "status"  # the order's payment status, or that it is invoiced


@dataclass(frozen=True, slots=True)
class OrderColumn:
    """One column of the orders list: the order's field it shows and sorts by, its title,
    the kind of value it holds, and whether its cells take a tone (a coloured label)."""

    key: str
    title: object  # the source text (QT_TRANSLATE_NOOP), translated in "OrdersTableModel"
    kind: Kind
    toned: bool = False


COLUMNS: tuple[OrderColumn, ...] = (
    OrderColumn("order_id", QT_TRANSLATE_NOOP("OrdersTableModel", "Order"), Kind.NUMBER),
    OrderColumn("create_date", QT_TRANSLATE_NOOP("OrdersTableModel", "Date"), Kind.TIME),
    OrderColumn("status", QT_TRANSLATE_NOOP("OrdersTableModel", "Status"), Kind.STATUS, True),
    OrderColumn("customer_name", QT_TRANSLATE_NOOP("OrdersTableModel", "Customer"), Kind.TEXT),
    OrderColumn("amount", QT_TRANSLATE_NOOP("OrdersTableModel", "Amount"), Kind.MONEY),
    OrderColumn("amount_paid", QT_TRANSLATE_NOOP("OrdersTableModel", "Paid"), Kind.MONEY),
    OrderColumn(
        "balance_due", QT_TRANSLATE_NOOP("OrdersTableModel", "Balance due"), Kind.MONEY, True
    ),
    OrderColumn("seller_name", QT_TRANSLATE_NOOP("OrdersTableModel", "Seller"), Kind.TEXT),
    OrderColumn(
        "billing_name",
        QT_TRANSLATE_NOOP("OrdersTableModel", "Payment method"),
        Kind.SERVICE_NAME,
    ),
    OrderColumn("plan_name", QT_TRANSLATE_NOOP("OrdersTableModel", "Plan"), Kind.SERVICE_NAME),
    OrderColumn("installments", QT_TRANSLATE_NOOP("OrdersTableModel", "Inst."), Kind.NUMBER),
    OrderColumn("customer_id", QT_TRANSLATE_NOOP("OrdersTableModel", "Customer id"), Kind.TEXT),
    OrderColumn("seller_id", QT_TRANSLATE_NOOP("OrdersTableModel", "Seller id"), Kind.TEXT),
    OrderColumn("store_id", QT_TRANSLATE_NOOP("OrdersTableModel", "Store"), Kind.TEXT),
)
"""The orders list's columns, in the order they show: what a cashier scans first (the order,
its status, the customer and the money), then what tells orders apart less often."""
RIGHT_KINDS = frozenset({Kind.NUMBER, Kind.MONEY})
SERVICE_NAMES: dict[str, Callable[[str], ServiceName]] = {
    "billing_name": payment_method_label,
    "plan_name": plan_label,
}
"""How each column of the service's names shows them."""


def column_of(key: str) -> int:
    """The position of the column showing the order's field ``key``."""
    return next(i for i, column in enumerate(COLUMNS) if column.key == key)


GIVE_WAY = ("plan_name", "billing_name", "installments", "seller_name", "create_date")
"""The spare columns, the first to give way first when the window is too narrow."""
SHRINK = ("plan_name", "billing_name", "seller_name")
"""The spare columns that may be narrower than their texts (names elide; dates, numbers not)."""


class OrderColumns(QObject):
    """Fits the orders table's columns to its width, and keeps the person's choice of them."""

    def __init__(self, table: QTableView, model: TextTableModel, preferences: Preferences):
        super().__init__(table)
        self._table, self._model, self._preferences = table, model, preferences
        header = table.horizontalHeader()
        for widget in (header, table):
            widget.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(
            lambda at: self._open_menu(header.mapToGlobal(at))
        )
        viewport = table.viewport()
        table.customContextMenuRequested.connect(
            lambda at: self._open_menu(viewport.mapToGlobal(at))
        )
        table.viewport().installEventFilter(self)  # a wider or narrower window: fitted again
        self._fitted_to = QSize()  # the viewport's size when last fitted

    def hidden_by_person(self) -> set[str]:
        """The columns the person chose not to see (keys)."""
        return set(self._preferences.get(prefs.ORDERS_HIDDEN_COLUMNS).split())

    def fit(self) -> None:
        """Each column as wide as its title and the rows on screen need; when that is wider
        than the table, the spare columns shrink to their titles and then go, in turn.

        The widths are worked out first and each column set once, where it changes: set in
        turn (measured, then cut, a spare column shown, then hidden again), the same widths
        resized the table's sections several times at every list shown, after each payment."""
        table, header = self._table, self._table.horizontalHeader()
        chosen_hidden = self.hidden_by_person()
        hidden = {p for p, column in enumerate(COLUMNS) if column.key in chosen_hidden}
        widths = fitted_widths(table, self._model)
        status = column_of("status")
        widths[status] = max(self._status_words_width(), widths[status])
        self._fitted_to = table.viewport().size()
        room = self._fitted_to.width()
        whole = {p: widths[p] for p in range(len(COLUMNS)) if p not in hidden}
        over = sum(whole.values()) - room
        for key in SHRINK:  # names first narrower, down to their titles (the rest elided)
            position = column_of(key)
            if over > 0 and position in whole:
                cut = min(over, whole[position] - header.sectionSizeHint(position))
                if cut > 0:
                    widths[position] = whole[position] - cut
                    over -= cut
        for key in GIVE_WAY:  # then out of view: an elided date or number tells nothing
            position = column_of(key)
            if over > 0 and position in whole:
                over -= widths[position]
                hidden.add(position)
        for key in reversed(SHRINK):  # the room a hidden column left, back to the names
            position = column_of(key)
            if over < 0 and position in whole and position not in hidden:
                grow = min(-over, whole[position] - widths[position])
                widths[position] += grow
                over += grow
        for position in range(len(COLUMNS)):
            if header.isSectionHidden(position) != (position in hidden):
                header.setSectionHidden(position, position in hidden)
        size_sections(header, widths)

    def _status_words_width(self) -> int:
        """The status column's width for its longest word, shown or not yet ("Invoiced here"
        comes with the invoice, after the fit)."""
        table = self._table
        words = [status_label(status) for status in OrderStatus]
        words += [invoiced_label(elsewhere) for elsewhere in (False, True)]
        widest = max(map(table.fontMetrics().horizontalAdvance, words))
        return widest + 2 * LABEL_PADDING + 2 * cell_margin(table) + 2

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize and self._model.rowCount() and self._wants_fit():
            self.fit()
        return False

    def _wants_fit(self) -> bool:
        """Wider or narrower, or taller (more rows on screen): fitted again. Only shorter (the
        pending bar appearing over it) there is nothing to measure: the rows left on screen
        fit the columns already (the fit was 6 ms of the turn of a slip kept in an outage)."""
        size, fitted = self._table.viewport().size(), self._fitted_to
        return size.width() != fitted.width() or size.height() > fitted.height()

    def _open_menu(self, where: QPoint) -> None:
        self.menu().popup(where)

    def menu(self) -> QMenu:
        """Every column, ticked when the person wants it shown."""
        menu = QMenu(QCoreApplication.translate("OrdersPage", "Columns"), self._table)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        hidden = self.hidden_by_person()
        for position, column in enumerate(COLUMNS):
            action = QAction(self._model.column_titles()[position], menu)
            action.setCheckable(True)
            action.setChecked(column.key not in hidden)
            action.toggled.connect(lambda shown, key=column.key: self.show_column(key, shown))
            menu.addAction(action)
        return menu

    def show_column(self, key: str, shown: bool) -> None:
        """Show or hide the column of ``key``, as the person's choice (kept)."""
        hidden = self.hidden_by_person() - {key} if shown else self.hidden_by_person() | {key}
        self._preferences.set(prefs.ORDERS_HIDDEN_COLUMNS, " ".join(sorted(hidden)))
        self.fit()


def set_up_table(table: QTableView) -> None:
    """How the orders table behaves: sorted by a header, one row chosen at a time, a row a
    line, and its scroll bars always there."""
    table.setSortingEnabled(True)
    table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.verticalHeader().hide()
    table.setWordWrap(False)
    # Scroll bars that come and go resize the table, and each time all of it is painted
    # again (a second full paint as a store's orders arrive in an empty table).
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
    # A double click on a header's edge fits to the rows on screen only: 100,000 take seconds.
    table.horizontalHeader().setResizeContentsPrecision(0)

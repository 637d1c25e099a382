"""The orders browser: choose the store, filter and sort its orders, see their totals."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QDate, QEvent, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QCompleter,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.money import money
from desktop_app.core.orders import OrderFilter, OrderStatus
from desktop_app.core.steps import Steps, run_in_steps
from desktop_app.gui import preferences as prefs
from desktop_app.gui.calls import Calls
from desktop_app.gui.errors import UserMessage
from desktop_app.gui.orders.model import OrdersTableModel, status_label
from desktop_app.gui.widgets.message_bar import MessageBar
from desktop_app.gui.widgets.text_table import TextTableView, fit_columns

if TYPE_CHECKING:
    from desktop_app.api.models import Customer, Order, Seller, Store
    from desktop_app.gui.context import AppContext

NO_DATE = QDate(2000, 1, 1)  # the date edits' "any date" value


class OrdersPage(QWidget):
    """The stores and the chosen store's orders (the main window's page)."""

    order_activated = Signal(object)  # Order: Enter or a double click
    orders_shown = Signal(int)  # a load has been painted: how many rows
    busy_changed = Signal(bool)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("OrdersPage")
        self._ctx = ctx
        self._stores: list[Store] = []
        self._customer_id = ""
        self._shown_after_load: str | None = None  # "resize" on a first load
        self._build()
        self.calls = Calls(self, ctx.session, self.message_bar)
        self.calls.busy_changed.connect(self.busy_changed)
        self._connect_signals()
        self.retranslate()

    # -- building --------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        filters = QHBoxLayout()
        self.store_combo = QComboBox()
        self.store_combo.setEditable(True)
        self.store_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.store_combo.setMinimumWidth(260)
        completer = self.store_combo.completer()
        assert completer is not None  # an editable combo box has one
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.store_label = QLabel()
        self.store_label.setBuddy(self.store_combo)
        bar.addWidget(self.store_label)
        bar.addWidget(self.store_combo)
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        filters.addWidget(self.filter_edit, 1)
        self.status_combo = QComboBox()
        self.status_combo.addItem("", None)
        for status in OrderStatus:
            self.status_combo.addItem("", status)
        filters.addWidget(self.status_combo)
        self.seller_combo = QComboBox()
        self.seller_combo.addItem("", "")
        filters.addWidget(self.seller_combo)
        self.customer_chip = QPushButton()
        self.customer_chip.setObjectName("customerChip")
        self.customer_chip.hide()
        filters.addWidget(self.customer_chip)
        self.since_edit, self.until_edit = self._date_edit(), self._date_edit()
        self.since_label, self.until_label = QLabel(), QLabel()
        self.since_label.setBuddy(self.since_edit)
        self.until_label.setBuddy(self.until_edit)
        for widget in (self.since_label, self.since_edit, self.until_label, self.until_edit):
            filters.addWidget(widget)
        self.refresh_button = QPushButton()
        bar.addWidget(self.refresh_button)
        bar.addStretch(1)
        layout.addLayout(bar)
        layout.addLayout(filters)
        self.message_bar = MessageBar()
        layout.addWidget(self.message_bar)
        self._bars = QVBoxLayout()  # bars the shell adds under the message bar
        self._bars.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._bars)

        self.model = OrdersTableModel(self._ctx.locale, background=self._compute_view)
        self.table = TextTableView()
        self.table.setObjectName("ordersTable")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        # Scroll bars that come and go resize the table, and each time all of it is painted
        # again (a second full paint as a store's orders arrive in an empty table).
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        # A double click on a header's edge fits to the rows on screen only: 100,000 take seconds.
        self.table.horizontalHeader().setResizeContentsPrecision(0)
        layout.addWidget(self.table, 1)
        self.totals_label = QLabel()
        self.totals_label.setObjectName("totalsLabel")
        layout.addWidget(self.totals_label)

    def add_bar(self, bar: QWidget) -> None:
        """Show ``bar`` under the page's message bar, above the orders (the pending payments)."""
        self._bars.addWidget(bar)

    def _date_edit(self) -> QDateEdit:
        edit = QDateEdit()
        edit.setCalendarPopup(True)
        edit.setMinimumDate(NO_DATE)
        edit.setDate(NO_DATE)
        return edit

    def retranslate(self) -> None:
        """Every text of the page in the current language."""
        self.store_combo.setAccessibleName(QCoreApplication.translate("MainWindow", "Store"))
        self.store_label.setText(QCoreApplication.translate("MainWindow", "&Store"))
        self.filter_edit.setPlaceholderText(
            QCoreApplication.translate("MainWindow", "Filter: customer, seller or order number")
        )
        self.filter_edit.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Filter orders")
        )
        self.status_combo.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Status filter")
        )
        self.status_combo.setItemText(0, QCoreApplication.translate("MainWindow", "All statuses"))
        for row, status in enumerate(OrderStatus, start=1):
            self.status_combo.setItemText(row, status_label(status))
        self.seller_combo.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Seller filter")
        )
        self.seller_combo.setItemText(0, QCoreApplication.translate("MainWindow", "All sellers"))
        self.customer_chip.setToolTip(
            QCoreApplication.translate("MainWindow", "Show every customer's orders again")
        )
        for edit, name in (
            (self.since_edit, QCoreApplication.translate("MainWindow", "From date")),
            (self.until_edit, QCoreApplication.translate("MainWindow", "To date")),
        ):
            edit.setSpecialValueText(QCoreApplication.translate("MainWindow", "any"))
            edit.setAccessibleName(name)
        self.since_label.setText(QCoreApplication.translate("MainWindow", "&From"))
        self.until_label.setText(QCoreApplication.translate("MainWindow", "&To"))
        for label in (self.since_label, self.until_label):
            label.setMinimumWidth(label.sizeHint().width() + 6)  # never clipped by the edits
        self.refresh_button.setText(QCoreApplication.translate("MainWindow", "Refresh (F5)"))
        self.table.setAccessibleName(QCoreApplication.translate("MainWindow", "Orders"))
        self.model.retranslate(self._ctx.locale)
        self._update_totals()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _connect_signals(self) -> None:
        self.store_combo.activated.connect(self.refresh)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.status_combo.currentIndexChanged.connect(self._apply_filter)
        self.seller_combo.currentIndexChanged.connect(self._apply_filter)
        self.since_edit.dateChanged.connect(self._apply_filter)
        self.until_edit.dateChanged.connect(self._apply_filter)
        self.customer_chip.clicked.connect(self.clear_customer)
        self.refresh_button.clicked.connect(self.refresh)
        self.table.activated.connect(self.on_table_activated)
        self.model.view_changed.connect(self._on_view_changed)
        self.model.totals_changed.connect(self._update_totals)

    # -- stores and sellers ----------------------------------------------------------------

    def load_stores(self) -> None:
        """Fetch the stores; then the sellers, for the seller filter."""
        self.calls.run("stores", self._ctx.client.list_stores, self._on_stores_loaded)

    def has_stores(self) -> bool:
        """Whether the store list is loaded."""
        return bool(self._stores)

    def _on_stores_loaded(self, stores: list[Store]) -> None:
        self.message_bar.clear()
        self._stores = stores
        self.store_combo.clear()
        for store in stores:
            self.store_combo.addItem(store.label, store.id)
        last = self._ctx.preferences.get(prefs.LAST_STORE)
        index = self.store_combo.findData(last) if last else -1
        self.store_combo.setCurrentIndex(max(index, 0))
        self.calls.run("sellers", self._ctx.client.list_sellers, self._on_sellers_loaded)
        if stores:
            self.refresh()

    def _on_sellers_loaded(self, sellers: list[Seller]) -> None:
        chosen = self.seller_combo.currentData()
        self.seller_combo.blockSignals(True)
        while self.seller_combo.count() > 1:
            self.seller_combo.removeItem(1)
        for seller in sellers:
            self.seller_combo.addItem(seller.name or seller.id, seller.id)
        self.seller_combo.setCurrentIndex(max(self.seller_combo.findData(chosen), 0))
        self.seller_combo.blockSignals(False)

    def current_store_id(self) -> str | None:
        """The chosen store."""
        data = self.store_combo.currentData()
        return str(data) if data is not None else None

    # -- orders ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Load the orders of the chosen store again."""
        store_id = self.current_store_id()
        if store_id is None:
            return
        self._ctx.preferences.set(prefs.LAST_STORE, store_id)
        self.calls.run(
            "orders", lambda: self._ctx.client.list_orders(store_id), self._on_orders_loaded
        )

    def _on_orders_loaded(self, orders: list[Order]) -> None:
        self.message_bar.clear()
        self._shown_after_load = "resize" if self.model.rowCount() == 0 else "keep"
        self.model.set_orders(orders)

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the orders shown to a CSV file (asks where, unless given)."""
        from desktop_app.gui.files import export_csv

        return export_csv(
            self,
            QCoreApplication.translate("MainWindow", "Export orders"),
            "orders.csv",
            self.model.export_rows(),
            self.message_bar.show_error,
            path,
        )

    def replace_order(self, order: Order) -> None:
        """Show ``order`` as it now stands (after a payment)."""
        self.model.replace_order(order)

    def clear(self) -> None:
        """Forget every order, store and seller (sign-out: no customer datum stays)."""
        self.calls.cancel_all()
        self.message_bar.clear()
        self.model.clear()
        self._stores = []
        self.store_combo.clear()
        self.clear_customer()

    def _on_view_changed(self) -> None:
        # Lay the rows out now rather than on Qt's next timer: done later, a change in the
        # number of rows repaints the whole table a second time (~30 ms for a full screen).
        self.table.doItemsLayout()
        if self._shown_after_load is None:
            return
        if self._shown_after_load == "resize":
            fit_columns(self.table, self.model)
            if self.store_combo.hasFocus() or QApplication.focusWidget() is None:
                # Orders are what a person browses next (arrows, Enter opens one).
                self.table.setFocus()
        self._shown_after_load = None
        self.orders_shown.emit(self.model.rowCount())

    def on_table_activated(self, index: QModelIndex) -> None:
        self.order_activated.emit(self.model.order_at(index.row()))

    # -- filters ---------------------------------------------------------------------------

    def show_customer(self, customer: Customer) -> None:
        """Only ``customer``'s orders in the current store."""
        self._customer_id = str(customer.id)
        self.customer_chip.setText(
            QCoreApplication.translate("MainWindow", "Customer: {name} ✕").format(
                name=customer.name
            )
        )
        self.customer_chip.show()
        self._apply_filter()
        self.table.setFocus()

    def clear_customer(self) -> None:
        """Every customer's orders again."""
        self._customer_id = ""
        self.customer_chip.hide()
        self._apply_filter()

    def _apply_filter(self) -> None:
        since, until = self.since_edit.date(), self.until_edit.date()
        self.model.set_filter(
            OrderFilter(
                text=self.filter_edit.text().strip(),
                status=self.status_combo.currentData(),
                seller_id=str(self.seller_combo.currentData() or ""),
                customer_id=self._customer_id,
                since=None if since == NO_DATE else date(since.year(), since.month(), since.day()),
                until=None if until == NO_DATE else date(until.year(), until.month(), until.day()),
            )
        )

    def _compute_view(
        self, name: str, steps: Steps[Any], apply: Callable[[Any], None], idle: bool
    ) -> None:
        """Compute part of a large orders view in steps between the window's events, as a named
        task (a newer one of the same name cancels the older)."""
        self.calls.run(
            name, lambda: run_in_steps(steps), apply, on_error=self._on_view_failed, quiet=idle
        )

    def _on_view_failed(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        self.message_bar.show_error(message.text)  # the view is the same list: nothing to retry

    def _update_totals(self) -> None:
        shown, locale = self.model.totals, self._ctx.locale
        self.totals_label.setText(
            QCoreApplication.translate(
                "MainWindow", "{count} orders · amount {amount} · paid {paid} · balance due {due}"
            ).format(
                count=shown.count,
                amount=money(shown.amount, locale),
                paid=money(shown.paid, locale),
                due=money(shown.balance_due, locale),
            )
        )

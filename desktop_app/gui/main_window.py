"""The main window: store selection and the orders browser."""

from __future__ import annotations

import csv
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.money import money
from desktop_app.core.orders import OrderFilter, OrderStatus, totals
from desktop_app.gui.bridge import TaskRunner
from desktop_app.gui.dialogs import OrderDialog, SignInDialog
from desktop_app.gui.errors import Remedy, describe
from desktop_app.gui.orders_model import OrdersTableModel, status_label

if TYPE_CHECKING:
    from desktop_app.api import ApiClient
    from desktop_app.api.models import Order, Store
    from desktop_app.core.session import Session

log = logging.getLogger("desktop_app.gui")
LAST_STORE_KEY = "stores/last"


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


class MainWindow(QMainWindow):
    """Stores and their orders. Network calls go through the window's :class:`TaskRunner`."""

    def __init__(
        self,
        client: ApiClient,
        session: Session,
        settings: QSettings,
        *,
        training: bool = False,
        locale: str = "pt_BR",
        login_url: str = "api/v1/auth/login",
    ) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.client = client
        self.session = session
        self.settings = settings
        self.money_locale = locale
        self.login_url = login_url
        self.runner = TaskRunner(self)
        self._stores: list[Store] = []
        self._retry: Any = None
        self._open_dialogs: list[OrderDialog] = []
        self.setWindowTitle(_tr("POS Back-Office"))
        self._build(training)
        self._connect_signals()
        self.resize(1200, 720)

    # -- building --------------------------------------------------------------------------

    def _build(self, training: bool) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        self.training_banner = QLabel(_tr("TRAINING — practice data"))
        self.training_banner.setObjectName("trainingBanner")
        self.training_banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.training_banner.setStyleSheet(
            "background:#b00020; color:white; font-weight:bold; padding:6px; font-size:14pt;"
        )
        self.training_banner.setVisible(training)
        layout.addWidget(self.training_banner)

        bar = QHBoxLayout()
        self.store_combo = QComboBox()
        self.store_combo.setEditable(True)
        self.store_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.store_combo.setMinimumWidth(260)
        self.store_combo.setAccessibleName(_tr("Store"))
        completer = self.store_combo.completer()
        assert completer is not None  # an editable combo box has one
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        store_label = QLabel(_tr("&Store"))
        store_label.setBuddy(self.store_combo)
        bar.addWidget(store_label)
        bar.addWidget(self.store_combo)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(_tr("Filter: customer, seller or order number"))
        self.filter_edit.setAccessibleName(_tr("Filter orders"))
        self.filter_edit.setClearButtonEnabled(True)
        bar.addWidget(self.filter_edit, 1)
        self.status_combo = QComboBox()
        self.status_combo.setAccessibleName(_tr("Status filter"))
        self.status_combo.addItem(_tr("All statuses"), None)
        for status in OrderStatus:
            self.status_combo.addItem(status_label(status), status)
        bar.addWidget(self.status_combo)
        self.refresh_button = QPushButton(_tr("Refresh (F5)"))
        bar.addWidget(self.refresh_button)
        layout.addLayout(bar)

        self.message_bar = QWidget()
        message_layout = QHBoxLayout(self.message_bar)
        message_layout.setContentsMargins(6, 4, 6, 4)
        self.message_bar.setStyleSheet("background:#fff4ce; color:#3b2f00;")
        self.message_label = QLabel()
        self.message_label.setObjectName("messageLabel")
        self.message_label.setWordWrap(True)
        self.retry_button = QPushButton(_tr("&Retry"))
        message_layout.addWidget(self.message_label, 1)
        message_layout.addWidget(self.retry_button)
        self.message_bar.hide()
        layout.addWidget(self.message_bar)

        self.model = OrdersTableModel(self.money_locale)
        self.table = QTableView()
        self.table.setObjectName("ordersTable")
        self.table.setAccessibleName(_tr("Orders"))
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        layout.addWidget(self.table, 1)
        self.totals_label = QLabel()
        self.totals_label.setObjectName("totalsLabel")
        layout.addWidget(self.totals_label)
        self.setCentralWidget(central)

        self.user_label = QLabel()
        self.countdown_label = QLabel()
        self.busy_label = QLabel(_tr("Working…"))
        self.busy_label.hide()
        self.statusBar().addWidget(self.user_label)
        self.statusBar().addWidget(self.busy_label)
        self.statusBar().addPermanentWidget(self.countdown_label)

        self.refresh_action = QAction(_tr("&Refresh"), self)
        self.refresh_action.setShortcut(QKeySequence(Qt.Key.Key_F5))
        self.export_action = QAction(_tr("&Export shown orders to CSV…"), self)
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.sign_out_action = QAction(_tr("Sign &out"), self)
        self.quit_action = QAction(_tr("&Quit"), self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        file_menu = self.menuBar().addMenu(_tr("&File"))
        for action in (self.refresh_action, self.export_action, self.sign_out_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.countdown = QTimer(self)
        self.countdown.setInterval(1000)

    def _connect_signals(self) -> None:
        self.store_combo.activated.connect(self.on_store_combo_activated)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.status_combo.currentIndexChanged.connect(self._apply_filter)
        self.refresh_button.clicked.connect(self.refresh)
        self.refresh_action.triggered.connect(self.refresh)
        self.export_action.triggered.connect(self.export_csv)
        self.sign_out_action.triggered.connect(self.sign_out)
        self.quit_action.triggered.connect(self.close)
        self.retry_button.clicked.connect(self.on_retry_button_clicked)
        self.table.activated.connect(self.on_table_activated)
        self.runner.busy_changed.connect(self.busy_label.setVisible)
        self.countdown.timeout.connect(self._update_countdown)

    # -- session ---------------------------------------------------------------------------

    def start(self) -> None:
        """Show who is signed in and load the stores."""
        self._show_user()
        self.countdown.start()
        self.load_stores()

    def _show_user(self) -> None:
        claims = self.session.claims
        if not self.session.signed_in:
            self.user_label.setText(_tr("Signed out"))
            return
        role = ", ".join(claims.roles) or _tr("no role")
        self.user_label.setText(
            _tr("Signed in: {name} (user {user}, {role})").format(
                name=claims.name or claims.subject, user=claims.user_id, role=role
            )
        )

    def _update_countdown(self) -> None:
        left = self.session.seconds_left()
        if left is None or not self.session.signed_in:
            self.countdown_label.clear()
            return
        minutes, seconds = divmod(max(int(left), 0), 60)
        text = _tr("Session ends in {m}:{s:02d}").format(m=minutes, s=seconds)
        warn = left <= 120
        self.countdown_label.setText(("⚠ " if warn else "") + text)
        self.countdown_label.setStyleSheet("color:#b00020; font-weight:bold;" if warn else "")

    def sign_in_again(self, reason: str) -> bool:
        """Open sign-in on top of this window; True if a new token is held."""
        dialog = SignInDialog(self.runner, self._login, self, reason=reason)
        if dialog.exec() != SignInDialog.DialogCode.Accepted:
            return False
        self.session.sign_in(dialog.token)
        self.client.token = self.session.token
        self._show_user()
        return True

    async def _login(self, username: str, password: str) -> str:
        return await self.client.login(self.login_url, username, password)

    def sign_out(self) -> None:
        """Wipe the token and every customer datum on screen."""
        self.runner.cancel_all()
        self.session.forget()
        self.client.token = None
        self.model.clear()
        self._update_totals()
        self._show_user()
        if self.sign_in_again(_tr("Signed out. Sign in to continue.")):
            self.refresh()

    # -- calls -----------------------------------------------------------------------------

    def _call(self, name: str, make: Any, on_result: Any) -> None:
        """Run ``make()`` as task ``name``; errors show here, 401 signs in and runs it again."""
        self._retry = lambda: self._call(name, make, on_result)

        def on_error(error: BaseException) -> None:
            message = describe(error)
            if message.remedy is Remedy.SIGN_IN and self.sign_in_again(message.text):
                self._call(name, make, on_result)
                return
            self.show_message(message.text, retry=message.remedy is Remedy.RETRY)

        self.runner.run(name, make(), on_result, on_error)

    def show_message(self, text: str, *, retry: bool) -> None:
        """Say something in the window's message bar."""
        self.message_label.setText(text)
        self.retry_button.setVisible(retry)
        self.message_bar.show()

    def clear_message(self) -> None:
        """Hide the message bar."""
        self.message_bar.hide()

    def on_retry_button_clicked(self) -> None:
        self.clear_message()
        if self._retry is not None:
            self._retry()

    def load_stores(self) -> None:
        """Fetch the stores."""
        self._call("stores", self.client.list_stores, self._on_stores_loaded)

    def _on_stores_loaded(self, stores: list[Store]) -> None:
        self.clear_message()
        self._stores = stores
        self.store_combo.clear()
        for store in stores:
            self.store_combo.addItem(store.label, store.id)
        last = self.settings.value(LAST_STORE_KEY, "")
        index = self.store_combo.findData(last) if last else -1
        self.store_combo.setCurrentIndex(max(index, 0))
        if stores:
            self.refresh()

    def on_store_combo_activated(self, _index: int) -> None:
        self.refresh()

    def current_store_id(self) -> str | None:
        """The chosen store."""
        data = self.store_combo.currentData()
        return str(data) if data is not None else None

    def refresh(self) -> None:
        """Load the orders of the chosen store again."""
        store_id = self.current_store_id()
        if store_id is None:
            return
        self.settings.setValue(LAST_STORE_KEY, store_id)
        self._call("orders", lambda: self.client.list_orders(store_id), self._on_orders_loaded)

    def _on_orders_loaded(self, orders: list[Order]) -> None:
        self.clear_message()
        first_load = self.model.rowCount() == 0
        self.model.set_orders(orders)
        if first_load:
            self.table.resizeColumnsToContents()  # measures the rows on screen only
        self._update_totals()

    def _apply_filter(self) -> None:
        self.model.set_filter(
            OrderFilter(
                text=self.filter_edit.text().strip(), status=self.status_combo.currentData()
            )
        )
        self._update_totals()

    def _update_totals(self) -> None:
        shown = totals(self.model.visible_orders())
        self.totals_label.setText(
            _tr("{count} orders · amount {amount} · paid {paid} · balance due {due}").format(
                count=shown.count,
                amount=money(shown.amount, self.money_locale),
                paid=money(shown.paid, self.money_locale),
                due=money(shown.balance_due, self.money_locale),
            )
        )

    # -- orders ----------------------------------------------------------------------------

    def on_table_activated(self, index: QModelIndex) -> None:
        self.open_order(self.model.order_at(index.row()))

    def open_order(self, order: Order) -> OrderDialog:
        """Show an order and load its payments."""
        dialog = OrderDialog(order, self.money_locale, self)
        self._open_dialogs.append(dialog)
        dialog.finished.connect(lambda _: self._open_dialogs.remove(dialog))

        def load() -> None:
            def failed(error: BaseException) -> None:
                message = describe(error)
                if message.remedy is Remedy.SIGN_IN and self.sign_in_again(message.text):
                    load()
                    return
                dialog.show_error(message.text)

            self.runner.run(
                f"payments-{order.order_id}",
                self.client.list_payments(order.order_id),
                dialog.show_payments,
                failed,
            )

        dialog.retry_button.clicked.connect(load)
        load()
        dialog.show()
        return dialog

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the shown orders to a CSV file (asks where, unless given)."""
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                self, _tr("Export orders"), "orders.csv", _tr("CSV files (*.csv)")
            )
        if not path:
            return None
        try:
            with open(path, "w", newline="", encoding="utf-8-sig") as handle:
                csv.writer(handle).writerows(self.model.export_rows())
        except OSError as error:
            self.show_message(
                _tr("Could not save the file: {reason}. Choose another folder.").format(
                    reason=error.strerror
                ),
                retry=False,
            )
            return None
        return path

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Cancel every call of this window as it closes."""
        self.runner.cancel_all()
        self.countdown.stop()
        super().closeEvent(event)

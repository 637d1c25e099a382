"""The main window: store selection and the orders browser."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QEvent,
    QModelIndex,
    QObject,
    QSettings,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QCompleter,
    QDateEdit,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.money import money
from desktop_app.core.orders import OrderFilter, OrderStatus
from desktop_app.core.steps import Steps, run_in_steps
from desktop_app.gui.bridge import TaskRunner
from desktop_app.gui.dialogs import OrderDialog, SignInDialog

if TYPE_CHECKING:
    from desktop_app.gui.invoice_dialog import InvoiceDialog
    from desktop_app.gui.payment_dialog import PaymentDialog
    from desktop_app.gui.pending_dialog import PendingPaymentsDialog
from desktop_app.gui.errors import Remedy, describe
from desktop_app.gui.orders_model import OrdersTableModel, status_label
from desktop_app.gui.settings_dialog import IDLE_LOCK_KEY, SettingsDialog
from desktop_app.gui.style import training_banner
from desktop_app.gui.text_table import TextTableView, fit_columns

if TYPE_CHECKING:
    from desktop_app.api import ApiClient
    from desktop_app.api.models import Order, Store
    from desktop_app.core.payments import PaymentRecorder
    from desktop_app.core.session import Session

log = logging.getLogger("desktop_app.gui")
LAST_STORE_KEY = "stores/last"

DEFAULT_IDLE_LOCK_MINUTES = 5
NO_DATE = QDate(2000, 1, 1)  # the date edits' "any date" value
INPUT_EVENTS = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove,
    QEvent.Type.Wheel, QEvent.Type.TouchBegin,
})  # fmt: skip


class MainWindow(QMainWindow):
    """Stores and their orders. Network calls go through the window's :class:`TaskRunner`."""

    orders_shown = Signal(int)

    def __init__(
        self,
        client: ApiClient | None,
        session: Session,
        settings: QSettings,
        *,
        training: bool = False,
        locale: str = "pt_BR",
        login_url: str = "api/v1/auth/login",
    ) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self._client = client
        self.recorder: PaymentRecorder | None = None
        self.session = session
        self.settings = settings
        self.money_locale = locale
        self.login_url = login_url
        self.runner = TaskRunner(self)
        self._stores: list[Store] = []
        self._retry: Any = None
        self._shown_after_load: str | None = None  # "resize" on a first load
        self._countdown_warned = False
        self._customer_id = ""
        self.lookups: dict[str, QWidget] = {}
        self._open_dialogs: list[OrderDialog] = []
        self.sign_in_dialog: SignInDialog | None = None
        self._after_sign_in: list[Callable[[], None]] = []
        self._last_input = time.monotonic()
        minutes = float(str(settings.value(IDLE_LOCK_KEY, DEFAULT_IDLE_LOCK_MINUTES)))
        self.idle_lock_seconds = max(minutes, 0.0) * 60
        self.setWindowTitle(QCoreApplication.translate("MainWindow", "POS Back-Office"))
        self._build(training)
        self._connect_signals()
        self.resize(1200, 720)

    @property
    def client(self) -> ApiClient:
        """The service client (attached once start-up has imported it)."""
        assert self._client is not None, "attach() comes before any call"
        return self._client

    def attach(self, client: ApiClient, recorder: PaymentRecorder | None = None) -> None:
        """Give the window its client and payment recorder: start-up paints the window first,
        then imports them."""
        self._client = client
        self.recorder = recorder

    def show_starting(self) -> None:
        """What the first paint shows while the app loads."""
        self.lock_label.setText(QCoreApplication.translate("MainWindow", "Starting…"))
        self.unlock_button.hide()
        self.pages.setCurrentWidget(self.lock_page)

    # -- building --------------------------------------------------------------------------

    def _build(self, training: bool) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        self.training = training
        self.training_banner = training_banner()
        self.training_banner.setVisible(training)

        bar = QHBoxLayout()
        filters = QHBoxLayout()
        self.store_combo = QComboBox()
        self.store_combo.setEditable(True)
        self.store_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.store_combo.setMinimumWidth(260)
        self.store_combo.setAccessibleName(QCoreApplication.translate("MainWindow", "Store"))
        completer = self.store_combo.completer()
        assert completer is not None  # an editable combo box has one
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        store_label = QLabel(QCoreApplication.translate("MainWindow", "&Store"))
        store_label.setBuddy(self.store_combo)
        bar.addWidget(store_label)
        bar.addWidget(self.store_combo)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(
            QCoreApplication.translate("MainWindow", "Filter: customer, seller or order number")
        )
        self.filter_edit.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Filter orders")
        )
        self.filter_edit.setClearButtonEnabled(True)
        filters.addWidget(self.filter_edit, 1)
        self.status_combo = QComboBox()
        self.status_combo.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Status filter")
        )
        self.status_combo.addItem(QCoreApplication.translate("MainWindow", "All statuses"), None)
        for status in OrderStatus:
            self.status_combo.addItem(status_label(status), status)
        filters.addWidget(self.status_combo)
        self.seller_combo = QComboBox()
        self.seller_combo.setAccessibleName(
            QCoreApplication.translate("MainWindow", "Seller filter")
        )
        self.seller_combo.addItem(QCoreApplication.translate("MainWindow", "All sellers"), "")
        filters.addWidget(self.seller_combo)
        self.customer_chip = QPushButton()
        self.customer_chip.setObjectName("customerChip")
        self.customer_chip.setToolTip(
            QCoreApplication.translate("MainWindow", "Show every customer's orders again")
        )
        self.customer_chip.hide()
        filters.addWidget(self.customer_chip)
        self.since_edit = self._date_edit(QCoreApplication.translate("MainWindow", "From date"))
        self.until_edit = self._date_edit(QCoreApplication.translate("MainWindow", "To date"))
        since_label = QLabel(QCoreApplication.translate("MainWindow", "&From"))
        since_label.setBuddy(self.since_edit)
        until_label = QLabel(QCoreApplication.translate("MainWindow", "&To"))
        until_label.setBuddy(self.until_edit)
        for label in (since_label, until_label):
            label.setMinimumWidth(label.sizeHint().width() + 6)  # never clipped by the edits
        for widget in (since_label, self.since_edit, until_label, self.until_edit):
            filters.addWidget(widget)
        self.refresh_button = QPushButton(QCoreApplication.translate("MainWindow", "Refresh (F5)"))
        bar.addWidget(self.refresh_button)
        bar.addStretch(1)
        layout.addLayout(bar)
        layout.addLayout(filters)

        self.message_bar = QWidget()
        message_layout = QHBoxLayout(self.message_bar)
        message_layout.setContentsMargins(6, 4, 6, 4)
        self.message_bar.setStyleSheet("background:#fff4ce; color:#3b2f00;")
        self.message_label = QLabel()
        self.message_label.setObjectName("messageLabel")
        self.message_label.setWordWrap(True)
        self.retry_button = QPushButton(QCoreApplication.translate("MainWindow", "&Retry"))
        message_layout.addWidget(self.message_label, 1)
        message_layout.addWidget(self.retry_button)
        self.message_bar.hide()
        layout.addWidget(self.message_bar)

        self.pending_bar = QWidget()
        self.pending_bar.setObjectName("pendingBar")
        pending_layout = QHBoxLayout(self.pending_bar)
        pending_layout.setContentsMargins(6, 4, 6, 4)
        self.pending_bar.setStyleSheet(
            "#pendingBar { background:#e65100; }"
            " #pendingBar QLabel { color:white; font-weight:bold; }"
        )
        self.pending_label = QLabel()
        self.pending_button = QPushButton(
            QCoreApplication.translate("MainWindow", "Review &pending payments…")
        )
        pending_layout.addWidget(self.pending_label, 1)
        pending_layout.addWidget(self.pending_button)
        self.pending_bar.hide()
        layout.addWidget(self.pending_bar)

        self.model = OrdersTableModel(self.money_locale, background=self._compute_view)
        self.table = TextTableView()
        self.table.setObjectName("ordersTable")
        self.table.setAccessibleName(QCoreApplication.translate("MainWindow", "Orders"))
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

        self.lock_page = QWidget()
        self.lock_page.setObjectName("lockPage")
        lock_layout = QVBoxLayout(self.lock_page)
        lock_layout.addStretch(1)
        self.lock_label = QLabel()
        self.lock_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.lock_label.setWordWrap(True)
        self.lock_label.setStyleSheet("font-size:16pt;")
        self.unlock_button = QPushButton(QCoreApplication.translate("MainWindow", "&Sign in"))
        self.unlock_button.setMaximumWidth(240)
        lock_layout.addWidget(self.lock_label)
        lock_layout.addWidget(self.unlock_button, 0, Qt.AlignmentFlag.AlignHCenter)
        lock_layout.addStretch(2)

        self.pages = QStackedWidget()
        self.pages.addWidget(central)
        self.pages.addWidget(self.lock_page)
        outer = QWidget()
        outer_layout = QVBoxLayout(outer)
        outer_layout.setContentsMargins(0, 0, 0, 0)
        outer_layout.addWidget(self.training_banner)
        outer_layout.addWidget(self.pages, 1)
        self.setCentralWidget(outer)

        self.user_label = QLabel()
        self.countdown_label = QLabel()
        self.busy_label = QLabel(QCoreApplication.translate("MainWindow", "Working…"))
        self.busy_label.hide()
        self.statusBar().addWidget(self.user_label)
        self.statusBar().addWidget(self.busy_label)
        self.statusBar().addPermanentWidget(self.countdown_label)

        self.refresh_action = QAction(QCoreApplication.translate("MainWindow", "&Refresh"), self)
        self.refresh_action.setShortcut(QKeySequence(Qt.Key.Key_F5))
        self.export_action = QAction(
            QCoreApplication.translate("MainWindow", "&Export shown orders to CSV…"), self
        )
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.sign_out_action = QAction(QCoreApplication.translate("MainWindow", "Sign &out"), self)
        self.settings_action = QAction(QCoreApplication.translate("MainWindow", "&Settings…"), self)
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.quit_action = QAction(QCoreApplication.translate("MainWindow", "&Quit"), self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        file_menu = self.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&File"))
        for action in (
            self.refresh_action,
            self.export_action,
            self.settings_action,
            self.sign_out_action,
        ):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.customers_action = QAction(
            QCoreApplication.translate("MainWindow", "&Customers…"), self
        )
        self.customers_action.setShortcut(QKeySequence(Qt.Key.Key_F2))
        self.products_action = QAction(QCoreApplication.translate("MainWindow", "&Products…"), self)
        self.products_action.setShortcut(QKeySequence(Qt.Key.Key_F3))
        self.revenue_action = QAction(QCoreApplication.translate("MainWindow", "&Revenue…"), self)
        lookups_menu = self.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Lookups"))
        for action in (self.customers_action, self.products_action, self.revenue_action):
            lookups_menu.addAction(action)
        help_menu = self.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Help"))
        self.shortcuts_action = help_menu.addAction(
            QCoreApplication.translate("MainWindow", "&Shortcuts…")
        )
        self.shortcuts_action.setShortcut(QKeySequence(Qt.Key.Key_F1))
        self.diagnostics_action = help_menu.addAction(
            QCoreApplication.translate("MainWindow", "&Copy diagnostics")
        )
        self.about_action = help_menu.addAction(QCoreApplication.translate("MainWindow", "&About…"))
        self.countdown = QTimer(self)
        self.countdown.setInterval(1000)
        self.idle_timer = QTimer(self)
        self.idle_timer.setInterval(250)

    def _date_edit(self, name: str) -> QDateEdit:
        edit = QDateEdit()
        edit.setCalendarPopup(True)
        edit.setMinimumDate(NO_DATE)
        edit.setSpecialValueText(QCoreApplication.translate("MainWindow", "any"))
        edit.setDate(NO_DATE)
        edit.setAccessibleName(name)
        return edit

    def _connect_signals(self) -> None:
        self.store_combo.activated.connect(self.on_store_combo_activated)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.status_combo.currentIndexChanged.connect(self._apply_filter)
        self.since_edit.dateChanged.connect(self._apply_filter)
        self.until_edit.dateChanged.connect(self._apply_filter)
        self.settings_action.triggered.connect(self.open_settings)
        self.unlock_button.clicked.connect(self.on_unlock_button_clicked)
        self.pending_button.clicked.connect(self.open_pending)
        self.seller_combo.currentIndexChanged.connect(self._apply_filter)
        self.customer_chip.clicked.connect(self.clear_customer)
        self.customers_action.triggered.connect(self.open_customers)
        self.products_action.triggered.connect(self.open_products)
        self.revenue_action.triggered.connect(self.open_revenue)
        self.shortcuts_action.triggered.connect(self.open_shortcuts)
        self.about_action.triggered.connect(self.open_about)
        self.diagnostics_action.triggered.connect(self.copy_diagnostics)
        self.idle_timer.timeout.connect(self._check_idle)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self.refresh_button.clicked.connect(self.refresh)
        self.refresh_action.triggered.connect(self.refresh)
        self.export_action.triggered.connect(self.export_csv)
        self.sign_out_action.triggered.connect(self.sign_out)
        self.quit_action.triggered.connect(self.close)
        self.retry_button.clicked.connect(self.on_retry_button_clicked)
        self.table.activated.connect(self.on_table_activated)
        self.runner.busy_changed.connect(self.busy_label.setVisible)
        self.model.view_changed.connect(self._on_view_changed)
        self.model.totals_changed.connect(self._update_totals)
        self.countdown.timeout.connect(self._update_countdown)

    # -- session ---------------------------------------------------------------------------

    def start(self) -> None:
        """Show who is signed in and load the stores."""
        self._show_user()
        self.unlock_button.show()
        self.countdown.start()
        self.idle_timer.start()
        if self.session.signed_in:
            self.unlock()
            self.load_stores()
            self.reconcile_pending()
        else:
            self.lock(QCoreApplication.translate("MainWindow", "Sign in to start."))

    def _show_user(self) -> None:
        claims = self.session.claims
        self._update_countdown()
        if not self.session.signed_in:
            self.user_label.setText(QCoreApplication.translate("MainWindow", "Signed out"))
            return
        role = ", ".join(claims.roles) or QCoreApplication.translate("MainWindow", "no role")
        self.user_label.setText(
            QCoreApplication.translate(
                "MainWindow", "Signed in: {name} (user {user}, {role})"
            ).format(name=claims.name or claims.subject, user=claims.user_id, role=role)
        )

    def _update_countdown(self) -> None:
        left = self.session.seconds_left()
        if left is None or not self.session.signed_in:
            self.countdown_label.clear()
            return
        minutes, seconds = divmod(max(int(left), 0), 60)
        text = QCoreApplication.translate("MainWindow", "Session ends in {m}:{s:02d}").format(
            m=minutes, s=seconds
        )
        warn = left <= 120
        self.countdown_label.setText(("⚠ " if warn else "") + text)
        if warn != self._countdown_warned:  # a style sheet re-polishes widgets: only on change
            self._countdown_warned = warn
            self.countdown_label.setStyleSheet("color:#b00020; font-weight:bold;" if warn else "")

    def request_sign_in(self, reason: str, then: Callable[[], None] | None = None) -> SignInDialog:
        """Open sign-in on top of this window (keeping everything on screen); ``then`` runs
        once a new token is held. One dialog at a time: later requests queue their ``then``."""
        if then is not None:
            self._after_sign_in.append(then)
        if self.sign_in_dialog is not None:
            return self.sign_in_dialog
        dialog = SignInDialog(self.runner, self._login, self, reason=reason, training=self.training)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.accepted.connect(lambda: self._on_signed_in(dialog.token))
        dialog.finished.connect(self._on_sign_in_finished)
        self.sign_in_dialog = dialog
        dialog.open()
        return dialog

    def _on_sign_in_finished(self, _result: int) -> None:
        dialog, self.sign_in_dialog = self.sign_in_dialog, None
        if dialog is not None:
            dialog.deleteLater()
        if not self.session.signed_in:
            self._after_sign_in.clear()
            self.lock(QCoreApplication.translate("MainWindow", "Signed out. Sign in to continue."))

    def _on_signed_in(self, token: str) -> None:
        self.session.sign_in(token)
        self.client.token = self.session.token
        self._last_input = time.monotonic()
        self._show_user()
        self.unlock()
        pending, self._after_sign_in = self._after_sign_in, []
        for action in pending:
            action()
        if not self._stores:
            self.load_stores()
        self.reconcile_pending()

    async def _login(self, username: str, password: str) -> str:
        return await self.client.login(self.login_url, username, password)

    def sign_out(self) -> None:
        """Wipe the token and every customer datum on screen."""
        self.runner.cancel_all()
        self.session.forget()
        self.client.token = None
        self.model.clear()
        self.runner.cancel_all()
        for dialog in list(self._open_dialogs):
            dialog.close()
        for lookup in self.lookups.values():  # customer data on screen goes too
            lookup.close()
            lookup.deleteLater()
        self.lookups.clear()
        self._stores = []
        self.store_combo.clear()
        self._show_user()
        self.lock(QCoreApplication.translate("MainWindow", "Signed out. Sign in to continue."))

    # -- idle lock -------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Note any input anywhere in the app: it keeps the session from locking."""
        if event.type() in INPUT_EVENTS:
            self._last_input = time.monotonic()
        return False

    def _check_idle(self) -> None:
        if (
            self.idle_lock_seconds > 0
            and self.session.signed_in
            and time.monotonic() - self._last_input >= self.idle_lock_seconds
        ):
            self.lock(
                QCoreApplication.translate(
                    "MainWindow", "Locked after a while without use. Sign in to continue."
                )
            )

    @property
    def locked(self) -> bool:
        """Whether the lock page hides the data."""
        return self.pages.currentWidget() is self.lock_page

    def lock(self, reason: str) -> None:
        """Hide the data behind the lock page and forget the token; the screen stays as it is
        underneath, and signing in again brings it back."""
        self.session.forget()
        if self._client is not None:
            self._client.token = None
        self.lock_label.setText(reason)
        self.pages.setCurrentWidget(self.lock_page)
        for dialog in [*self._open_dialogs, *self.lookups.values()]:
            dialog.hide()
        self._show_user()

    def unlock(self) -> None:
        """Show the data again."""
        self.pages.setCurrentIndex(0)
        for dialog in [*self._open_dialogs, *self.lookups.values()]:
            dialog.show()

    def on_unlock_button_clicked(self) -> None:
        self.request_sign_in(self.lock_label.text())

    # -- calls -----------------------------------------------------------------------------

    def _call(
        self,
        name: str,
        make: Any,
        on_result: Any,
        show_error: Callable[[str, bool], None] | None = None,
    ) -> None:
        """Run ``make()`` as task ``name``. A 401 signs in on top and runs it again; other
        errors are told in words by ``show_error(text, retry_helps)`` (this window's message
        bar, with its Retry, unless the call belongs to a dialog with its own)."""
        again = lambda: self._call(name, make, on_result, show_error)  # noqa: E731
        if show_error is None:
            self._retry = again

        def on_error(error: BaseException) -> None:
            message = describe(error)
            if message.remedy is Remedy.SIGN_IN:
                self.request_sign_in(message.text, again)
                return
            retry = message.remedy is Remedy.RETRY
            if show_error is None:
                self.show_message(message.text, retry=retry)
            else:
                show_error(message.text, retry)

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
        """Fetch the stores (and the sellers, for the seller filter)."""
        self._call("stores", self.client.list_stores, self._on_stores_loaded)
        self._call("sellers", self.client.list_sellers, self._on_sellers_loaded)

    def _on_sellers_loaded(self, sellers: list[Any]) -> None:
        chosen = self.seller_combo.currentData()
        self.seller_combo.blockSignals(True)
        self.seller_combo.clear()
        self.seller_combo.addItem(QCoreApplication.translate("MainWindow", "All sellers"), "")
        for seller in sellers:
            self.seller_combo.addItem(seller.name or seller.id, seller.id)
        self.seller_combo.setCurrentIndex(max(self.seller_combo.findData(chosen), 0))
        self.seller_combo.blockSignals(False)

    # -- help ------------------------------------------------------------------------------

    def _journal_path(self) -> Path | None:
        return self.recorder.journal.path if self.recorder is not None else None

    def open_shortcuts(self) -> QDialog:
        """Help ▸ Shortcuts."""
        from desktop_app.gui.help import ShortcutsDialog

        dialog = ShortcutsDialog(self, training=self.training)
        dialog.open()
        return dialog

    def open_about(self) -> QDialog:
        """Help ▸ About."""
        from desktop_app.gui.help import AboutDialog

        dialog = AboutDialog(
            self.client.base_url, self._journal_path(), self, training=self.training
        )
        dialog.open()
        return dialog

    def copy_diagnostics(self) -> str:
        """Help ▸ Copy diagnostics: version, settings (no secrets), last log lines."""
        from desktop_app.gui.help import copy_diagnostics

        text = copy_diagnostics(self.settings, self.client.base_url, self._journal_path())
        self.statusBar().showMessage(
            QCoreApplication.translate(
                "MainWindow", "Diagnostics copied: paste them into your message to support."
            ),
            8000,
        )
        return text

    # -- lookups ---------------------------------------------------------------------------

    def _lookup(self, name: str, make: Callable[[], QWidget]) -> QWidget:
        window = self.lookups.get(name)
        if window is None:
            window = self.lookups[name] = make()
            window.session_ended = self.request_sign_in  # type: ignore[attr-defined]
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def open_customers(self) -> QWidget:
        """The customer lookup (F2)."""
        from desktop_app.gui.lookups import CustomersWindow

        def make() -> QWidget:
            window = CustomersWindow(self.client, self, training=self.training)
            window.customer_chosen.connect(self.show_customer)
            return window

        return self._lookup("customers", make)

    def open_products(self) -> QWidget:
        """The product lookup (F3)."""
        from desktop_app.gui.lookups import ProductsWindow

        return self._lookup(
            "products", lambda: ProductsWindow(self.client, self, training=self.training)
        )

    def open_revenue(self) -> QWidget:
        """Revenue: billing records, chart, sum and average."""
        from desktop_app.gui.lookups import RevenueWindow

        def make() -> QWidget:
            window = RevenueWindow(self.client, self.money_locale, self, training=self.training)
            window.load()
            return window

        return self._lookup("revenue", make)

    def show_customer(self, customer: Any) -> None:
        """Filter the orders browser to one customer's orders in the current store."""
        self._customer_id = str(customer.id)
        self.customer_chip.setText(
            QCoreApplication.translate("MainWindow", "Customer: {name} ✕").format(
                name=customer.name
            )
        )
        self.customer_chip.show()
        self._apply_filter()
        self.raise_()
        self.activateWindow()
        self.table.setFocus()

    def clear_customer(self) -> None:
        """Show every customer's orders again."""
        self._customer_id = ""
        self.customer_chip.hide()
        self._apply_filter()

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
        self._shown_after_load = "resize" if self.model.rowCount() == 0 else "keep"
        self.model.set_orders(orders)

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
        self.runner.run(name, run_in_steps(steps), apply, self._on_view_failed, quiet=idle)

    def _on_view_failed(self, error: BaseException) -> None:
        self.show_message(describe(error).text, retry=False)

    def _update_totals(self) -> None:
        shown = self.model.totals
        self.totals_label.setText(
            QCoreApplication.translate(
                "MainWindow", "{count} orders · amount {amount} · paid {paid} · balance due {due}"
            ).format(
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
        refusal = (
            ""
            if self.session.claims.can_invoice
            else QCoreApplication.translate(
                "MainWindow", "Your sign-in does not allow issuing invoices: ask a manager."
            )
        )
        dialog = OrderDialog(
            order, self.money_locale, self, training=self.training, invoice_refusal=refusal
        )
        dialog.record_payment_requested.connect(lambda: self.open_payment(dialog))
        dialog.issue_invoice_requested.connect(lambda: self.open_invoice(dialog))
        self._open_dialogs.append(dialog)
        dialog.finished.connect(lambda _: self._open_dialogs.remove(dialog))

        def load() -> None:
            self._call(
                f"payments-{order.order_id}",
                lambda: self.client.list_payments(order.order_id),
                dialog.show_payments,
                lambda text, _retry: dialog.show_error(text),
            )

        dialog.retry_button.clicked.connect(load)
        dialog.reload_payments = load  # type: ignore[attr-defined]
        load()
        dialog.show()
        return dialog

    # -- payments and invoices -------------------------------------------------------------

    def open_payment(self, order_dialog: OrderDialog) -> PaymentDialog | None:
        """The payment form of the order shown in ``order_dialog``."""
        if self.recorder is None:
            return None
        from desktop_app.gui.payment_dialog import PaymentDialog

        known = sorted({p.type for p in order_dialog.payment_list if p.type})
        dialog = PaymentDialog(
            order_dialog.order,
            recorder=self.recorder,
            runner=self.runner,
            store_id=order_dialog.order.store_id or (self.current_store_id() or ""),
            user_id=self.session.claims.user_id,
            known_types=known,
            locale=self.money_locale,
            request_sign_in=self.request_sign_in,
            parent=order_dialog,
            training=self.training,
        )
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.payment_recorded.connect(lambda _: self.refresh_order(order_dialog))
        dialog.journal_changed.connect(self.refresh_pending)
        dialog.finished.connect(lambda _: self.refresh_pending())
        self.payment_dialog = dialog
        dialog.open()
        return dialog

    def open_invoice(self, order_dialog: OrderDialog) -> InvoiceDialog:
        """The invoice of the order shown in ``order_dialog``."""
        from desktop_app.gui.invoice_dialog import InvoiceDialog

        dialog = InvoiceDialog(
            order_dialog.order,
            order_dialog.payment_list,
            client=self.client,
            runner=self.runner,
            user_id=self.session.claims.user_id or 0,
            locale=self.money_locale,
            request_sign_in=self.request_sign_in,
            parent=order_dialog,
            training=self.training,
        )
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.invoice_dialog = dialog
        dialog.open()
        return dialog

    def refresh_order(self, order_dialog: OrderDialog) -> None:
        """Read an order again after a payment: its fields, payments, and its row."""
        order = order_dialog.order

        def show(fresh: Order) -> None:
            order_dialog.show_order(fresh)
            order_dialog.reload_payments()  # type: ignore[attr-defined]
            self.model.replace_order(fresh)

        self._call(
            f"order-{order.order_id}",
            lambda: self.client.get_order(
                order.store_id or self.current_store_id() or "", order.order_id
            ),
            show,
        )

    def reconcile_pending(self) -> None:
        """Settle journalled payments left open (at start-up and after each sign-in)."""
        if self.recorder is None:
            return
        self.refresh_pending()
        if not self.recorder.journal.open_entries():
            return
        self.runner.run(
            "pending-reconcile",
            self.recorder.reconcile_open(),
            lambda _: self.refresh_pending(),
            lambda _: self.refresh_pending(),
        )

    def refresh_pending(self) -> None:
        """Show the pending-payments bar while any journalled payment is unsettled."""
        if self.recorder is None:
            return
        count = len(self.recorder.journal.open_entries())
        self.pending_label.setText(
            QCoreApplication.translate(
                "MainWindow",
                "{count} payment(s) need attention: their outcome at the service is not settled.",
            ).format(count=count)
        )
        self.pending_bar.setVisible(count > 0)

    def open_pending(self) -> PendingPaymentsDialog | None:
        """The pending payments, with what can be done about them."""
        if self.recorder is None:
            return None
        from desktop_app.gui.pending_dialog import PendingPaymentsDialog

        dialog = PendingPaymentsDialog(
            self.recorder, self.runner, self.money_locale, self, training=self.training
        )
        dialog.changed.connect(self.refresh_pending)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.pending_dialog = dialog
        dialog.open()
        return dialog

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the shown orders to a CSV file (asks where, unless given)."""
        from desktop_app.gui.files import export_csv

        return export_csv(
            self,
            QCoreApplication.translate("MainWindow", "Export orders"),
            "orders.csv",
            self.model.export_rows(),
            lambda text: self.show_message(text, retry=False),
            path,
        )

    def open_settings(self) -> None:
        """Show the settings; what can apply now applies now."""
        dialog = SettingsDialog(self.settings, self, training=self.training)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)

        def saved() -> None:
            self.idle_lock_seconds = dialog.idle_lock_minutes() * 60
            self.client.timeout = dialog.timeout_seconds()

        dialog.accepted.connect(saved)
        dialog.open()

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Cancel every call of this window as it closes, and forget the token."""
        self.runner.cancel_all()
        self.countdown.stop()
        self.idle_timer.stop()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.session.forget()
        if self._client is not None:
            self._client.token = None
        super().closeEvent(event)

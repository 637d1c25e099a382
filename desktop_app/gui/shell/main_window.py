"""The shell: menus, the orders page or the lock page, the bars. It assembles and wires the
parts; what each part does lives in that part's own module."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from desktop_app.gui.app_wide.desk_keys import DeskKeys
from desktop_app.gui.app_wide.held_over import close_as_the_app, hold_over
from desktop_app.gui.app_wide.type_ahead import type_ahead
from desktop_app.gui.day_close.find_slip import FindSlipWindow
from desktop_app.gui.help.dialogs import AboutDialog, ShortcutsDialog, copy_diagnostics
from desktop_app.gui.look.style import icon
from desktop_app.gui.look.window_placement import place, stand_apart
from desktop_app.gui.orders.list_keys import ListKeys
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.orders.page import OrdersPage
from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
from desktop_app.gui.session.widgets import LockPage, SessionStatus
from desktop_app.gui.shared.recording import RecordingBanner
from desktop_app.gui.shared.service_return import ServiceReturn
from desktop_app.gui.shell.lock_curtain import LockCurtain
from desktop_app.gui.shell.new_version import NewVersionBanner
from desktop_app.gui.widgets.banner import training_banner
from desktop_app.gui.widgets.pending_bar import PendingBar, SentTodayButton
from desktop_app.gui.widgets.search_box import SearchBox
from desktop_app.gui.words import kept_slips

if TYPE_CHECKING:
    from desktop_app.api.models import Customer, Order
    from desktop_app.core.journal_entry import JournalEntry
    from desktop_app.gui.day_close.find_slip import FindSlipWindow
    from desktop_app.gui.shared.context import AppContext

START_SIZE = QSize(1200, 720)  # on a larger screen; a smaller one gets what fits


class MainWindow(QMainWindow):
    """The app's main window."""

    orders_shown = Signal(int)  # a store's orders have been painted (how many)

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.ctx = ctx
        self._windows: list[QWidget] = []  # order dialogs and lookups this window opened
        self._curtain = LockCurtain()  # what the lock hid, to bring back
        self._lookups: dict[str, QWidget] = {}
        self.training_banner = training_banner()
        self.training_banner.setVisible(ctx.training)
        self.orders = OrdersPage(ctx)
        ListKeys(self.orders, self.open_order)  # F8 and F9 on the list, as in an order
        self.pending_bar = PendingBar()
        self.service_return = ServiceReturn(ctx, self)  # a desk unlocked offline knocks
        self.orders.add_bar(self.pending_bar)
        self.lock_page = LockPage()
        self.pages = QStackedWidget()
        self.pages.addWidget(self.orders)
        self.pages.addWidget(self.lock_page)
        outer = QWidget()
        outer_layout = QVBoxLayout(outer)
        outer_layout.setContentsMargins(0, 0, 0, 0)
        for line in (self.training_banner, RecordingBanner(ctx.pending), NewVersionBanner()):
            outer_layout.addWidget(line)
        outer_layout.addWidget(self.pages, 1)
        self.setCentralWidget(outer)
        self.status = SessionStatus(ctx.session)
        self.statusBar().addWidget(self.status, 1)
        self.sent_today = SentTodayButton()  # each "Sent to the service" of the day, found again
        self.statusBar().addPermanentWidget(self.sent_today)
        self._build_actions()
        self._connect_signals()
        self.retranslate()
        place(self, ctx.preferences, START_SIZE)
        self.show_starting()

    # -- building --------------------------------------------------------------------------

    def _action(
        self, slot: Callable[[], Any], shortcut: QKeySequence | None = None, icon_name: str = ""
    ) -> QAction:
        action = QAction(icon(icon_name), "", self) if icon_name else QAction(self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence
        self.refresh_action = self._action(self.orders.refresh, key(Qt.Key.Key_F5), "view-refresh")
        self.find_action = self._action(self.find_orders, key(key.StandardKey.Find), "edit-find")
        self.export_action = self._action(self.orders.export_csv, key("Ctrl+E"), "document-export")
        self.settings_action = self._action(self.open_settings, key("Ctrl+,"), "preferences-system")
        self.sign_in_action = self._action(self.sign_in, None, "system-log-in")  # always there
        self.sign_out_action = self._action(self.ctx.session.sign_out, None, "system-log-out")
        self.quit_action = self._action(self.close, key(key.StandardKey.Quit), "application-exit")
        self.customers_action = self._action(
            self.open_customers, key(Qt.Key.Key_F2), "lookup-customers"
        )
        self.products_action = self._action(
            self.open_products, key(Qt.Key.Key_F3), "lookup-products"
        )
        self.revenue_action = self._action(self.open_revenue, None, "lookup-revenue")
        self.day_close_action = self._action(self.open_day_close, key("Ctrl+D"), "day-close")
        self.find_slip_action = self._action(
            self.open_find_slip, key("Ctrl+Shift+F"), "edit-find-slip"
        )
        self.shortcuts_action = self._action(
            self.open_shortcuts, key(Qt.Key.Key_F1), "help-keyboard-shortcuts"
        )
        self.diagnostics_action = self._action(self.copy_diagnostics, None, "edit-copy")
        DeskKeys((self.customers_action, self.products_action, self.day_close_action,
                  self.find_slip_action, self.shortcuts_action, self.find_action), self,
                 given_way_to=(self.find_action,))  # fmt: skip
        self.about_action = self._action(self.open_about, None, "help-about")
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.file_menu.addActions([
            self.find_action, self.refresh_action, self.export_action, self.day_close_action,
            self.settings_action, self.sign_in_action, self.sign_out_action,
        ])  # fmt: skip
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)
        self.lookups_menu = bar.addMenu("")
        self.lookups_menu.addActions([
            self.customers_action, self.products_action, self.revenue_action,
            self.find_slip_action,
        ])  # fmt: skip
        self.help_menu = bar.addMenu("")
        self.help_menu.addActions(
            [self.shortcuts_action, self.diagnostics_action, self.about_action]
        )

    def retranslate(self) -> None:
        """Every text of the shell in the current language."""
        self.setWindowTitle(QCoreApplication.translate("MainWindow", "POS Back-Office"))
        self.training_banner.setText(
            QCoreApplication.translate("MainWindow", "TRAINING — practice data")
        )
        self.file_menu.setTitle(QCoreApplication.translate("MainWindow", "&File"))
        self.lookups_menu.setTitle(QCoreApplication.translate("MainWindow", "&Lookups"))
        self.help_menu.setTitle(QCoreApplication.translate("MainWindow", "&Help"))
        for action, text in (
            (self.find_action, QCoreApplication.translate("MainWindow", "&Find orders")),
            (self.refresh_action, QCoreApplication.translate("MainWindow", "&Refresh")),
            (
                self.export_action,
                QCoreApplication.translate("MainWindow", "&Export shown orders to CSV…"),
            ),
            (self.day_close_action, QCoreApplication.translate("MainWindow", "Close the &day…")),
            (
                self.find_slip_action,
                QCoreApplication.translate("MainWindow", "Find a payment by its &slip…"),
            ),
            (self.settings_action, QCoreApplication.translate("MainWindow", "&Settings…")),
            (self.sign_in_action, QCoreApplication.translate("MainWindow", "Sign &in…")),
            (self.sign_out_action, QCoreApplication.translate("MainWindow", "Sign &out")),
            (self.quit_action, QCoreApplication.translate("MainWindow", "&Quit")),
            (self.customers_action, QCoreApplication.translate("MainWindow", "&Customers…")),
            (self.products_action, QCoreApplication.translate("MainWindow", "&Products…")),
            (self.revenue_action, QCoreApplication.translate("MainWindow", "&Revenue…")),
            (self.shortcuts_action, QCoreApplication.translate("MainWindow", "&Shortcuts…")),
            (
                self.diagnostics_action,
                QCoreApplication.translate("MainWindow", "&Copy diagnostics"),
            ),
            (self.about_action, QCoreApplication.translate("MainWindow", "&About…")),
        ):
            action.setText(text)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _connect_signals(self) -> None:
        session = self.ctx.session
        session.signed_in.connect(self._on_signed_in)
        session.unlocked_offline.connect(self._on_signed_in)  # the same screen, no token
        session.locked.connect(self._on_locked)
        session.signed_out.connect(self._on_signed_out)
        self.lock_page.sign_in_requested.connect(
            lambda: session.request_sign_in(self, self.lock_page.reason())
        )
        self.orders.order_activated.connect(self.open_order)
        self.orders.typed_order_requested.connect(self.open_typed_payment)
        self.orders.orders_shown.connect(self.orders_shown)
        self.orders.busy_changed.connect(self.status.set_busy)
        self.pending_bar.review_requested.connect(self.open_pending)
        self.sent_today.clicked.connect(lambda: self.open_find_slip().show_sent_today())
        self.service_return.answered.connect(
            lambda: self.orders.service_answers(signed_in=session.session.signed_in)
        )
        self.pages.currentChanged.connect(self._on_page_changed)
        self.ctx.pending.changed.connect(self._show_pending)
        session.status_changed.connect(
            lambda: self.sign_in_action.setEnabled(not session.session.signed_in)
        )
        self.ctx.pending.slip_sent.connect(self._on_slip_sent)

    # -- the session -----------------------------------------------------------------------

    def show_starting(self) -> None:
        """What the window shows before the app is ready."""
        self.lock_page.show_starting()
        self.pages.setCurrentWidget(self.lock_page)

    def start(self) -> None:
        """The app is ready: signed in already (training mode), or asking for sign-in."""
        self.ctx.session.start()

    @property
    def locked(self) -> bool:
        """Whether the lock page hides the data."""
        return self.pages.currentWidget() is self.lock_page

    def sign_in(self) -> None:
        """File ▸ Sign in…: always there (a desk unlocked offline signs in here), but no token."""
        self.ctx.session.request_sign_in(self, self.lock_page.reason() if self.locked else "")

    def _on_page_changed(self) -> None:
        # The log behind the diagnostics is of the people who worked here: not for whoever
        # stands at a locked desk (it holds no customer data, but it is theirs all the same).
        self.diagnostics_action.setEnabled(not self.locked)
        self._show_pending()  # the day's slips sent: not for a locked desk either

    def _data_actions(self) -> tuple[QAction, ...]:
        """What shows customer or sales data: off while the data is hidden."""
        return (
            self.find_action, self.refresh_action, self.export_action, self.customers_action,
            self.products_action, self.revenue_action, self.day_close_action, self.find_slip_action,
        )  # fmt: skip

    def _on_signed_in(self) -> None:
        for action in self._data_actions():
            action.setEnabled(True)
        self.pages.setCurrentWidget(self.orders)
        self.orders.focus_filter()  # shown anew: a number typed goes there (a form keeps its keys)
        self._curtain.lift(self._windows)
        self.orders.signed_in()
        self.ctx.pending.catch_up()

    def _on_locked(self, reason: str) -> None:
        for action in self._data_actions():
            action.setEnabled(False)  # F2, F3, F5, Ctrl+E and the menus open nothing
        waiting = kept_slips.waiting_words(self.ctx.pending.waiting())  # after a restart, say
        self.lock_page.show_reason(f"{reason}\n{waiting}" if waiting else reason)
        self.pages.setCurrentWidget(self.lock_page)
        self._curtain.close_over(self._windows)  # customer and sales data: hidden as they were

    def _on_signed_out(self) -> None:
        self.orders.clear()
        for window in self._windows:  # customer and sales data: gone
            close_as_the_app(window)
            window.deleteLater()
        self._windows.clear()
        self._curtain.forget()
        type_ahead().forget()
        self._lookups.clear()

    def _on_slip_sent(self, entry: JournalEntry) -> None:
        """A kept slip reached the service: said, and its order shown as it stands now."""
        self.statusBar().showMessage(kept_slips.sent_words(entry, self.ctx.locale), 8000)
        self.orders.read_again(entry.store_id, entry.payment.order_id)

    def _show_pending(self) -> None:
        pending = self.ctx.pending
        self.pending_bar.show_counts(pending.attention(), pending.waiting(), pending.held_back())
        self.sent_today.show_count(pending.sent_today(), locked=self.locked)

    # -- windows this one opens ------------------------------------------------------------

    def _keep(self, window: QWidget) -> QWidget:
        stand_apart(window)  # Ctrl+F brings this window in front of it
        self._windows.append(window)
        window.destroyed.connect(lambda: self._forget(window))
        return window

    def _forget(self, window: QWidget) -> None:
        if window in self._windows:
            self._windows.remove(window)

    def find_orders(self) -> None:
        """Ctrl+F, from any window: this window in front, the orders filter's text chosen."""
        if self.isMinimized():
            self.showNormal()
        self._come_forward()
        self.orders.focus_filter()

    def _come_forward(self) -> None:
        """In front, and the keys typed meanwhile for it (not for the window it covers)."""
        self.raise_()
        self.activateWindow()
        type_ahead().follow(self)

    def open_order(self, order: Order) -> OrderDialog:
        """Show an order and load its payments."""
        dialog = OrderDialog(order, self.ctx, self, store_id=self.orders.current_store_id() or "")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # Queued: the window in front is filled first (both in one turn held the app 16-28 ms).
        dialog.order_changed.connect(self.orders.replace_order, Qt.ConnectionType.QueuedConnection)
        dialog.paid_in_full.connect(self._on_paid_in_full)
        self._keep(dialog)
        dialog.load_payments()
        dialog.show()
        type_ahead().follow(dialog)
        return dialog

    def _on_paid_in_full(self, said: str) -> None:
        """An order's window closed, its order paid: the list in front, ready for the next
        order's number, saying which order the payment went to."""
        self.orders.message_bar.show_info(said)
        self.find_orders()

    def _lookup(self, name: str, make: Callable[[], QWidget]) -> QWidget:
        window = self._lookups.get(name)
        if window is None:
            window = self._lookups[name] = make()
            self._keep(window)
        window.show()
        window.raise_()
        window.activateWindow()
        type_ahead().follow(window)
        if isinstance(box := getattr(window, "search_box", None), SearchBox):
            box.choose_old_search()  # brought forward by its key, as if opened anew
        return window

    def open_customers(self) -> QWidget:
        """The customer lookup (F2)."""
        from desktop_app.gui.lookups.customers import CustomersWindow

        def make() -> QWidget:
            window = CustomersWindow(self.ctx, self)
            window.customer_chosen.connect(self.show_customer)
            return window

        return self._lookup("customers", make)

    def open_products(self) -> QWidget:
        """The product lookup (F3)."""
        from desktop_app.gui.lookups.products import ProductsWindow

        return self._lookup("products", lambda: ProductsWindow(self.ctx, self))

    def open_revenue(self) -> QWidget:
        """Revenue: billing records, chart, sum and average."""
        from desktop_app.gui.lookups.revenue import RevenueWindow

        def make() -> QWidget:
            window = RevenueWindow(self.ctx, self)
            window.load()
            return window

        return self._lookup("revenue", make)

    def open_day_close(self) -> QWidget:
        """This desk's card payments of a day, against the terminal's report."""
        from desktop_app.gui.day_close.window import DayCloseWindow

        def make() -> QWidget:
            window = DayCloseWindow(
                self.ctx, self.orders.stores(), self.orders.current_store_id() or "", self
            )
            window.open_order_requested.connect(self.open_order_of)
            window.find_orders_requested.connect(self.find_orders_of_amount)
            # Over the day close, so that closing it brings the day close back in front.
            window.pending_requested.connect(lambda: self.open_pending(over=window))
            return window

        shown_before = self._lookups.get("day-close")
        if isinstance(shown_before, DayCloseWindow):
            shown_before.refresh()  # the journal may have moved on since it was last shown
        return self._lookup("day-close", make)  # a new one reads the day as it is built

    def open_find_slip(self) -> FindSlipWindow:
        """A payment of this desk found by its slip's NSU, authorization, last four or amount."""

        def make() -> QWidget:
            window = FindSlipWindow(self.ctx, self)
            window.open_order_requested.connect(self.open_order_of)
            return window

        return cast("FindSlipWindow", self._lookup("find-slip", make))

    def find_orders_of_amount(self, amount: Decimal) -> None:
        """The orders of an amount, in front (a slip to record, from the day close)."""
        self.orders.find_amount(amount)
        self._come_forward()

    def open_order_of(self, store_id: str, order_id: int) -> None:
        """Open an order known by its number (from the day close), as the service has it now."""

        def open_fetched(order: Order) -> None:
            self.open_order(order)

        self.orders.fetch_order(store_id, order_id, open_fetched)

    def show_customer(self, customer: Customer) -> None:
        """The orders of the customer chosen in the lookup."""
        self.orders.show_customer(customer)
        self._come_forward()

    def _opened(self, dialog: QDialog, *, modal: bool = False, held: bool = False) -> QDialog:
        """``dialog`` opened, gone once closed (over this window alone when ``modal``; held
        over it by hand when ``held``: a payment form, whose slip is typed at once)."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if held:
            hold_over(dialog, self)
            dialog.show()
        else:
            if modal:
                dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.open()
        type_ahead().follow(dialog)
        return dialog

    def open_typed_payment(self, store_id: str, order_id: int) -> QDialog:
        """The payment form of an order typed by hand (not in the list on screen): its slip
        can be kept, held until someone confirms the order with it in view."""
        from desktop_app.gui.payments.typed_order_form import typed_payment_form

        form = typed_payment_form(store_id, order_id, self.ctx, self.orders.stores(), self)
        form.payment_recorded.connect(  # in the status bar: the list's bar keeps what it says
            lambda _: self.statusBar().showMessage(
                kept_slips.recorded_words(form.entry, self.ctx.locale), 15_000
            )
        )
        return self._opened(form, held=True)

    def open_pending(self, over: QWidget | None = None) -> QWidget:
        """The pending payments, with what can be done about them (over ``over``)."""
        return self._opened(PendingPaymentsDialog(self.ctx, over or self), modal=True)

    def open_settings(self) -> QWidget:
        """Settings; what is saved applies at once."""
        from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog

        ctx = self.ctx
        dialog = SettingsDialog(ctx.preferences, self, training=ctx.training, this_run=ctx.this_run)
        return self._opened(dialog, modal=True)

    # -- help ------------------------------------------------------------------------------

    def open_shortcuts(self) -> QWidget:
        """Help ▸ Shortcuts."""
        return self._opened(ShortcutsDialog(self, training=self.ctx.training))

    def open_about(self) -> QWidget:
        """Help ▸ About."""
        journal = self.ctx.outbox.journal.path
        return self._opened(
            AboutDialog(self.ctx.client.base_url, journal, self, training=self.ctx.training)
        )

    def copy_diagnostics(self) -> str:
        """Help ▸ Copy diagnostics: version, settings (no secrets), last log lines. Nothing
        while the window is locked."""
        ctx, say = self.ctx, lambda words: self.statusBar().showMessage(words, 8000)
        return "" if self.locked else copy_diagnostics(
            ctx.preferences, ctx.client.base_url, ctx.outbox.journal.path, say
        )  # fmt: skip

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Closing the window ends the session: every call stops and the token is wiped."""
        for window in list(self._windows):  # each closes with its own calls
            close_as_the_app(window)
        for dialog in self.findChildren(QDialog):  # Settings, Pending payments, Help…: with it
            if dialog.isWindow() and dialog.isVisible():
                dialog.close()
        type_ahead().forget()
        self.orders.close()  # a Close event of its own: the page's calls are cancelled
        self.ctx.session.stop()
        super().closeEvent(event)

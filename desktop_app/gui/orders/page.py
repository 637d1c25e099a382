"""The orders browser: choose the store, filter and sort its orders, see their totals."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QModelIndex,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import QCompleter, QWidget

from desktop_app.core.money import amount_typed_text
from desktop_app.core.orders.criteria import OrderFilter, OrderStatus
from desktop_app.core.steps import Steps, Turns
from desktop_app.gui.app_wide.saving import export_csv
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.generated.ui_orders_page import Ui_OrdersPage
from desktop_app.gui.look.announcer import announce
from desktop_app.gui.look.language import number_marks
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.orders.columns import OrderColumns, invoiced_label, set_up_table, status_label
from desktop_app.gui.orders.criteria_on_screen import INVOICED_HERE, NO_DATE, filter_on_screen
from desktop_app.gui.orders.loading import LoadingStrip
from desktop_app.gui.orders.model import OrdersTableModel
from desktop_app.gui.orders.offline_notice import ServiceAway
from desktop_app.gui.orders.place_kept import PlaceKept
from desktop_app.gui.orders.stores import StoreChooser
from desktop_app.gui.orders.totals import show_totals
from desktop_app.gui.payments.slip_journal import kept_by_order, typed_order_number
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.widgets.choice_list import chosen_from_a_list
from desktop_app.gui.widgets.date_field import say_a_range_in, say_in
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.search_box import SearchBox
from desktop_app.gui.words import unreachable
from desktop_app.gui.words.errors import UserMessage

if TYPE_CHECKING:
    from desktop_app.api.models import Customer, Order
    from desktop_app.gui.shared.context import AppContext


SHOWN_SAID_AFTER_MS = 600
"""How long the typing in the filter pauses before a screen reader is told how many it shows."""


class OrdersPage(FormTexts, QWidget):
    """The stores and the chosen store's orders (the main window's page)."""

    order_activated = Signal(object)  # Order: Enter or a double click
    typed_order_requested = Signal(str, int)  # store, order: Enter on a number not listed
    orders_shown = Signal(int)  # a load has been painted: how many rows
    busy_changed = Signal(bool)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._customer_id = ""
        self._shown_store: str | None = None  # whose orders the table holds
        self._read_in_part = ""  # why the orders shown are a part of the store's (see api)
        self._loading_store: str | None = None  # whose orders are on their way
        self._away = ServiceAway(ctx.locale)  # when the list shown was read; the service away
        self._read_at_sign_in = False  # the return was said: the list is read at the sign-in
        self._read_after_load: set[int] = set()  # orders whose kept slips went as it loaded
        self.model = OrdersTableModel(
            ctx.locale, background=self._compute_view, cancel=lambda name: self.calls.cancel(name)
        )
        self.ui = ui = Ui_OrdersPage()
        ui.setupUi(self)
        style_marked_labels(self)
        self.table, self.message_bar, self.totals_label = ui.table, ui.message_bar, ui.totals_label
        self.filter_edit, self.store_combo = ui.filter_edit, ui.store_combo
        self.calls = Calls(self, ctx.session, self.message_bar)  # the model's too: made first
        self._stores = StoreChooser(ctx, self.calls, ui.store_combo, ui.seller_combo)
        self._stores.loaded.connect(self._on_stores_loaded)
        self._set_up_controls()
        self._loading = LoadingStrip(
            ui.loading_strip,
            ui.loading_label,
            ui.loading_bar,
            ctx.locale,
            lambda: self.calls.is_running("orders"),
        )
        self._turns = Turns()  # a sort or filter goes before idle-time index building
        # How many orders the filter leaves, said once the typing pauses (not at each key).
        self._shown_said = QTimer(self)
        self._shown_said.setSingleShot(True)
        self._shown_said.setInterval(SHOWN_SAID_AFTER_MS)
        self._shown_said.timeout.connect(self._say_shown)
        self.calls.busy_changed.connect(self.busy_changed)
        self.model.totals_changed.connect(self._update_totals)
        # Heard on the next turn: the invoice window in front shows its number first (both in
        # one turn held the app 19 to 21 ms), as the order window does after a payment.
        ctx.invoices.changed.connect(self._on_invoices_changed, Qt.ConnectionType.QueuedConnection)
        ctx.pending.changed.connect(self._mark_kept_slips)  # a slip kept, sent or let go
        self._retranslate()

    def _set_up_controls(self) -> None:
        ui = self.ui
        completer = ui.store_combo.completer()
        assert completer is not None  # an editable combo box has one
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        statuses = [None, *OrderStatus, INVOICED_HERE]
        for combo, items in ((ui.status_combo, statuses), (ui.seller_combo, [""])):
            combo.blockSignals(True)  # nothing to filter yet
            for data in items:
                combo.addItem("", data)
            combo.blockSignals(False)
        ui.customer_chip.hide()
        # The loading strip shares the totals' row, which is always as tall as the strip: shown
        # or hidden, it never moves the table (a resized table is painted again whole, and a
        # strip above it cost a 100,000-order load two full paints).
        ui.bottom_row.setMinimumHeight(ui.loading_strip.sizeHint().height())
        for edit in (ui.since_edit, ui.until_edit):
            edit.setMinimumDate(NO_DATE)
            edit.setDate(NO_DATE)
        say_in(ui.message_bar, ui.since_edit, ui.until_edit)
        say_a_range_in(ui.message_bar, ui.since_edit, ui.until_edit)
        table = ui.table
        table.setModel(self.model)
        self._columns = OrderColumns(table, self.model, self._ctx.preferences)
        self._place = PlaceKept(table, self.model, self._columns, ui.store_combo)
        self._place.shown.connect(self.orders_shown)
        SearchBox(ui.filter_edit, table)  # Down: from the filter to the orders
        chosen_from_a_list(ui.status_combo, ui.seller_combo)  # Down opens; Enter chooses
        set_up_table(table)
        for criterion_changed in (
            ui.filter_edit.textChanged, ui.status_combo.currentIndexChanged,
            ui.seller_combo.currentIndexChanged, ui.since_edit.dateChanged,
            ui.until_edit.dateChanged,
        ):  # fmt: skip
            criterion_changed.connect(lambda *_: self._apply_filter())

    def focus_filter(self) -> None:
        """Ctrl+F: the cursor in the orders filter, its text chosen (typing replaces it), and
        how many orders it shows said (the focus often was there already: nothing new to read,
        and Orca said only "left control")."""
        self.ui.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.ui.filter_edit.selectAll()
        self._shown_said.stop()
        self._say_shown()

    def _say_shown(self) -> None:
        """How many orders are shown, said while the filter has the focus."""
        if self.ui.filter_edit.hasFocus():
            words = QCoreApplication.translate("OrdersPage", "{orders} shown").format(
                orders=self.ui.totals_label.text()
            )
            announce(self.ui.filter_edit, words)

    def find_amount(self, amount: Decimal) -> None:
        """Show the orders of ``amount`` (or with that much paid, or due): the filter holds the
        amount written the locale's way, so the person sees what is filtered and can clear it."""
        marks = number_marks(QLocale(self._ctx.locale))
        self.ui.filter_edit.setText(amount_typed_text(amount, *marks))
        self.focus_filter()

    def add_bar(self, bar: QWidget) -> None:
        self.ui.bars.addWidget(bar)  # under the page's message bar, above the orders

    def _retranslate(self) -> None:
        ui = self.ui
        ui.status_combo.setItemText(0, QCoreApplication.translate("OrdersPage", "All statuses"))
        for row, status in enumerate(OrderStatus, start=1):
            ui.status_combo.setItemText(row, status_label(status))
        ui.status_combo.setItemText(len(OrderStatus) + 1, invoiced_label(elsewhere=False))
        ui.seller_combo.setItemText(0, QCoreApplication.translate("OrdersPage", "All sellers"))
        for label in (ui.since_label, ui.until_label):
            label.setMinimumWidth(label.sizeHint().width() + 6)  # never clipped by the edits
        self.model.retranslate(self._ctx.locale)
        self._update_totals()
        if self.model.rowCount():
            self._columns.fit()  # the titles' widths are the new language's

    @Slot(int)
    def on_store_combo_activated(self, _index: int) -> None:
        self.refresh()

    @Slot()
    def on_refresh_button_clicked(self) -> None:
        self.refresh()

    @Slot()
    def on_filter_edit_returnPressed(self) -> None:  # noqa: N802
        """Enter in the filter: the order it leaves alone opened (Ctrl+F, the order's number,
        Enter); else on to the orders it shows, the first one current (Enter again opens it)."""
        if self.model.rowCount() == 1:
            self.table.setCurrentIndex(self.model.index(0, 0))  # where the eye goes back to
            self.order_activated.emit(self.model.order_at(0))
        elif self.model.rowCount():
            self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self.table.setCurrentIndex(self.model.index(0, 0))
        elif (number := typed_order_number(self.filter_edit.text())) and (
            store := self.current_store_id()
        ):
            # An order the list read does not hold (typed from a slip): its payment form.
            self.typed_order_requested.emit(store, number)

    @Slot()
    def on_customer_chip_clicked(self) -> None:
        self.clear_customer()

    @Slot(QModelIndex)
    def on_table_activated(self, index: QModelIndex) -> None:
        self.order_activated.emit(self.model.order_at(index.row()))

    # -- stores (orders/stores.py) -----------------------------------------------------------

    def load_stores(self) -> None:
        self._stores.load()

    def has_stores(self) -> bool:
        return self._stores.has_stores()

    def stores(self) -> list[tuple[str, str]]:
        return self._stores.stores()

    def _on_stores_loaded(self, any_store: bool) -> None:
        self.message_bar.clear()
        if any_store:
            self.refresh()

    def fetch_order(self, store_id: str, order_id: int, then: Callable[[Order], None]) -> None:
        """Ask the service for one order of a store (as it is now), then ``then(order)``;
        a failure is said on this page's message bar, with Retry."""
        client = self._ctx.client
        self.calls.run("order-fetch", lambda: client.get_order(store_id, order_id), then)

    def read_again(self, store_id: str, order_id: int) -> None:
        """A slip kept for this order reached the service: the order as it stands there now,
        where the list shows its store (quietly: a read that fails leaves it as it was); after
        the list on its way, which may have been read before the slip went (at start)."""
        if store_id == self._loading_store and self.calls.is_running("orders"):
            self._read_after_load.add(order_id)
        elif store_id == self._shown_store:
            client = self._ctx.client
            self.calls.run(
                f"order-again-{order_id}",
                lambda: client.get_order(store_id, order_id),
                self.replace_order,
                on_error=lambda *_: None,
                quiet=True,
            )

    def signed_in(self) -> None:
        """Someone signed in: the stores read, the first time; after the service's return was
        said (a desk unlocked without it), the list read as it stands now."""
        if not self.has_stores():
            self.load_stores()
        elif self._read_at_sign_in:
            self.refresh()
        self._read_at_sign_in = False

    def service_answers(self, *, signed_in: bool) -> None:
        """The service answers again (a knock, a slip sent, a 401): "cannot be reached" goes;
        signed in, the list is read as it stands now (once), else the way to sign in is said."""
        was_away = self._away.answers_again()
        if not signed_in:
            self.message_bar.show_info(unreachable.back_to_sign_in(), self.refresh)
            self._read_at_sign_in = True
        elif was_away:
            self.refresh()

    def current_store_id(self) -> str | None:
        return self._stores.current()

    # -- orders ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Load the orders of the chosen store again."""
        store_id = self.current_store_id()
        if store_id is None:
            return
        self._ctx.preferences.set(prefs.LAST_STORE, store_id)
        self.message_bar.clear()  # what it said was of the load this one replaces
        if store_id != self._shown_store:
            # Another store's orders never stand under this store's name while it loads.
            self._shown_store, self._read_in_part = None, ""
            self._away.forget()
            self.model.clear()

        def load() -> Coroutine[Any, Any, list[Order]]:
            self._loading_store = store_id
            self._loading.started(self._stores.label(store_id))
            return self._ctx.client.list_orders(store_id, self._loading.progress)

        self.calls.run(
            "orders",
            load,
            self._on_orders_loaded,
            on_error=self._on_load_failed,
            on_sign_in=self._loading.ended,
        )

    @Slot()
    def on_stop_button_clicked(self) -> None:
        """Stop (Esc) while a store's orders load: the request is given up, nothing of it kept."""
        if not self.calls.is_running("orders"):
            return
        self.calls.cancel("orders")
        store = self._stores.label(self._loading_store)
        self._loading.ended()
        said = self._loading.stopped_words(store, shown_before=self._shown_store is not None)
        self.message_bar.show_info(said, self.refresh)

    def _on_load_failed(self, message: UserMessage, retry: Callable[[], None] | None) -> None:
        self._loading.ended()
        mark = self._away.mark_for(message.error)  # the list read before stays, marked
        if mark is not None:
            self.message_bar.show_warning(mark, retry=retry)
        else:
            self.message_bar.show_error(message.text, retry, ends=message.ends)

    def _on_invoices_changed(self, store_id: str) -> None:
        """An order's status word changes to its invoice's. The list is shown anew only when
        what it shows changes ("Invoiced here" chosen): shown anew, it lost the person's row
        (back from issuing an invoice, Enter and the arrows started from nowhere) and painted
        every row, where one word changed."""
        if store_id != self.current_store_id():
            return
        self.model.set_invoiced(self._ctx.invoices.invoiced(store_id))
        if self._filter_on_screen() != self.model.filter:
            self._apply_filter()

    def _mark_kept_slips(self) -> None:
        """Each balance as its order's window shows it: less the slips kept here for it (the
        columns fitted again: "R$0.00 (R$3,715.11 kept here)" is wider than an amount)."""
        kept = kept_by_order(self._ctx, self._shown_store or "")
        if self.model.set_kept(kept) and self.model.rowCount():
            self._columns.fit()
        self._update_totals()  # whose balance is the service's, said while slips are kept

    def _on_orders_loaded(self, orders: list[Order]) -> None:
        self._read_in_part = getattr(orders, "partial", "")  # the bar says how much, and why
        self._loading.ended()
        self._shown_store = self._loading_store
        self._away.read()
        self._ctx.pending.note_change()  # the service answers: slips kept here may go now
        self.message_bar.clear()
        self.model.set_invoiced(self._ctx.invoices.invoiced(self._loading_store or ""))
        self._mark_kept_slips()
        self._place.load_coming()
        self.model.set_orders(orders, in_steps=True)
        for order_id in sorted(self._read_after_load):
            self.read_again(self._shown_store or "", order_id)
        self._read_after_load.clear()

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the orders shown to a CSV file (asks where, unless given)."""
        rows = list(self.model.export_rows())
        if self._read_in_part:  # said at its end, where the sums a spreadsheet makes are read
            rows.append([QCoreApplication.translate(
                "OrdersPage", "Only a part of the store's orders was read: these are of that part."
            )])  # fmt: skip
        return export_csv(
            self,
            QCoreApplication.translate("OrdersPage", "Export orders"),
            "orders.csv",
            rows,
            self.message_bar.show_error,
            path,
        )

    def replace_order(self, order: Order) -> None:
        """Show ``order`` as the service has it now (read again after a payment, here or by
        its window), the current row staying on it. The service answered: "cannot be reached"
        goes with it, whichever window's read came first."""
        if self._away.answers_again():
            self.message_bar.clear()
        self._place.keep_row_of(order.order_id)
        self.model.replace_order(order)

    def clear(self) -> None:
        """Forget every order, store and seller (sign-out: no customer datum stays)."""
        self.calls.cancel_all()
        self._loading.ended()
        self.message_bar.clear()
        self._shown_store, self._read_in_part = None, ""
        self._away.forget()
        self.model.clear()
        self._stores.clear()
        self.clear_customer()

    # -- filters ---------------------------------------------------------------------------

    def show_customer(self, customer: Customer) -> None:
        """Only ``customer``'s orders in the current store."""
        self._customer_id = str(customer.id)
        self.ui.customer_chip.setText(
            QCoreApplication.translate("OrdersPage", "Customer: {name} ✕").format(
                name=customer.name
            )
        )
        self.ui.customer_chip.show()
        self._apply_filter()
        self.table.setFocus()

    def clear_customer(self) -> None:
        """Every customer's orders again."""
        self._customer_id = ""
        self.ui.customer_chip.hide()
        self._apply_filter()

    def _apply_filter(self) -> None:
        self._place.fit_next()
        self.model.set_filter(self._filter_on_screen())

    def _filter_on_screen(self) -> OrderFilter:
        return filter_on_screen(self.ui, self.model.invoiced, self._customer_id, self._ctx.locale)

    def _compute_view(
        self, name: str, steps: Steps[Any], apply: Callable[[Any], None], idle: bool
    ) -> None:
        """Compute part of a large orders view in steps between the window's events, as a named
        task (a newer one of the same name cancels the older)."""
        self.calls.run(
            name,
            lambda: self._turns.run(steps, idle),
            apply,
            on_error=self._on_view_failed,
            quiet=idle,
        )

    def _on_view_failed(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        # The view is the same list: nothing to retry; a view computed since ends it.
        self.message_bar.show_error(message.text, ends=message.ends)

    def _update_totals(self) -> None:
        shown = self.ui.totals_label.text()
        show_totals(
            self.ui, self.model.totals, self._ctx.locale, bool(self._read_in_part),
            kept=bool(self.model.kept),
        )  # fmt: skip
        if self.ui.totals_label.text() != shown:  # what the typing in the filter left
            self._shown_said.start()

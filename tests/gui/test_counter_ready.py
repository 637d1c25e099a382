"""What a day at the desk trips on, on the smallest screen (1024x600), in both languages: the
money in view, windows that stay closed, lists reached and opened from their search box."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desktop_app.core.money import money
from desktop_app.gui.orders.columns import column_of, invoiced_label
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.widgets.text_cells import LABEL_PADDING, cell_margin
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL
from tests.gui.conftest import close_window, open_window

NO_MODIFIER = Qt.KeyboardModifier.NoModifier
SCANNED = ("order_id", "status", "customer_name", "amount", "amount_paid", "balance_due")
"""What a cashier scans in the orders list: whole and in view at any width the app supports."""


def shown_whole_in_view(main: MainWindow, key: str) -> bool:
    """Whether the column of ``key`` is in the table's view without scrolling, as wide as its
    title and every row on screen need (a filter brings any row on screen)."""
    table, model = main.orders.table, main.orders.model
    header = table.horizontalHeader()
    column = column_of(key)
    if header.isSectionHidden(column):
        return False
    start, width = header.sectionViewportPosition(column), header.sectionSize(column)
    padding = 2 * cell_margin(table) + (2 * LABEL_PADDING if column in model.toned_columns else 0)
    last = table.rowAt(table.viewport().height() - 1)
    on_screen = range(table.rowAt(0), (last if last >= 0 else model.rowCount() - 1) + 1)
    widest = max(model.row_cells(row)[column][1] for row in on_screen)
    return start >= 0 and start + width <= table.viewport().width() and widest + padding <= width


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_the_order_its_status_customer_and_money_show_whole_on_the_smallest_screen(
    qtbot: QtBot,
    language: str,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, locale=language)
    main.showMaximized()
    page = main.orders
    qtbot.waitUntil(lambda: page.model.rowCount() == SMALL.orders_per_store, timeout=10_000)
    assert main.width() <= 1024
    # The spare columns gave way: nothing to scroll to, and no date or number cut short. Waited
    # for, not read at once: the maximised window may reach its final size (and the table its
    # scroll bars) a turn after the rows, and the columns are fitted again then.
    scroll = page.table.horizontalScrollBar()
    qtbot.waitUntil(lambda: scroll.maximum() == 0, timeout=5_000)
    assert all(shown_whole_in_view(main, key) for key in SCANNED)
    header = page.table.horizontalHeader()
    for key in ("create_date", "installments"):
        assert header.isSectionHidden(column_of(key)) or shown_whole_in_view(main, key), key

    # The status column holds its longest word before any order shows it.
    metrics = page.table.fontMetrics()
    invoiced = max(metrics.horizontalAdvance(invoiced_label(e)) for e in (False, True))
    status_width = page.table.horizontalHeader().sectionSize(column_of("status"))
    assert status_width >= invoiced + 2 * LABEL_PADDING + 2 * cell_margin(page.table)
    # The longest customer name of the store, found by the filter: whole too.
    longest = max(
        (order.customer_name for order in page.model.visible_orders()),
        key=metrics.horizontalAdvance,
    )
    page.filter_edit.setText(longest)
    qtbot.waitUntil(lambda: 0 < page.model.rowCount() < SMALL.orders_per_store, timeout=5_000)
    assert all(shown_whole_in_view(main, key) for key in SCANNED)
    close_window(qtbot, main)


def test_the_person_chooses_the_columns_and_the_choice_is_kept(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings)
    main.showMaximized()
    page = main.orders
    qtbot.waitUntil(lambda: page.model.rowCount() == SMALL.orders_per_store, timeout=10_000)
    header = page.table.horizontalHeader()
    assert header.isSectionHidden(column_of("store_id"))  # the store is chosen above the list

    menu = page._columns.menu()  # the header's menu, as Shift+F10 opens it
    titles = {action.text(): action for action in menu.actions()}
    titles["Store"].trigger()  # shown
    titles["Customer"].trigger()  # hidden
    assert not header.isSectionHidden(column_of("store_id"))
    assert header.isSectionHidden(column_of("customer_name"))
    assert "customer_name" in main.ctx.preferences.get(prefs.ORDERS_HIDDEN_COLUMNS).split()
    close_window(qtbot, main)

    again = open_window(qtbot, sandbox, settings)  # the next start: the same columns
    qtbot.waitUntil(lambda: again.orders.model.rowCount() == SMALL.orders_per_store, timeout=10_000)
    header = again.orders.table.horizontalHeader()
    assert header.isSectionHidden(column_of("customer_name"))
    assert not header.isSectionHidden(column_of("store_id"))
    close_window(qtbot, again)


def test_a_window_closed_before_the_lock_stays_closed_after_it(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    from desktop_app.gui.lookups.search import LookupWindow
    from tests.gui.people import window_titled
    from tests.gui.test_session_and_errors import _sign_in_with_password, sign_in_dialog

    window.customers_action.trigger()  # F2
    customers = window_titled(qtbot, "Customers", LookupWindow)
    qtbot.waitUntil(customers.isActiveWindow, timeout=5_000)
    qtbot.keyClick(customers.focusWidget() or customers, Qt.Key.Key_Escape)  # closed by the person
    assert not customers.isVisible()
    window.products_action.trigger()  # F3, left open
    products = window_titled(qtbot, "Products", LookupWindow)

    window.ctx.session.lock("the idle lock")
    assert window.locked and not products.isVisible()
    window.lock_page.ui.sign_in_button.click()
    _sign_in_with_password(qtbot, sign_in_dialog(qtbot), "manager", "manager")
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)
    assert products.isVisible()  # what was open comes back
    assert not customers.isVisible()  # what was closed stays closed


def test_f8_on_the_list_records_a_payment_in_seven_keys_besides_the_slips_own(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    from desktop_app.gui.look.open_windows import app_windows
    from desktop_app.gui.orders.order_dialog import OrderDialog
    from desktop_app.gui.payments.payment_dialog import PaymentDialog
    from tests.gui.people import window_titled
    from tests.gui.test_payments import closed_paid_in_full

    page = window.orders
    order = next(o for o in page.model.visible_orders() if o.amount_paid == 0 and o.amount > 50)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    keys = []  # the keys that are neither the order's number nor the slip's own characters

    def key(widget: QWidget, which: Qt.Key, modifier: Qt.KeyboardModifier = NO_MODIFIER) -> None:
        keys.append((which, modifier))
        qtbot.keyClick(widget, which, modifier)

    page.table.setFocus()
    page.table.clearSelection()  # nothing chosen: F8 says how to choose
    key(page.table, Qt.Key.Key_F8)
    assert "Choose an order first" in page.message_bar.text()
    keys.clear()

    key(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(page.filter_edit, str(order.order_id))
    key(page.filter_edit, Qt.Key.Key_F8)  # the one order the filter leaves
    form = window_titled(qtbot, f"Record payment — order {order.order_id}", PaymentDialog)
    assert page.message_bar.isHidden()  # how to choose one: done
    qtbot.waitUntil(form.isActiveWindow, timeout=5_000)
    qtbot.keyClicks(form.focusWidget(), "4242")  # the slip's last four, NSU and authorization
    key(form.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClicks(form.focusWidget(), "778899")
    key(form.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClicks(form.focusWidget(), "AB12CD")
    key(form.focusWidget(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)  # the brand
    qtbot.keyClicks(form.focusWidget(), "V")
    key(form.focusWidget(), Qt.Key.Key_Return)  # the review page
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    key(form.focusWidget(), Qt.Key.Key_Return)  # sent
    dialog = next(w for w in app_windows(OrderDialog) if w.order.order_id == order.order_id)
    closed_paid_in_full(qtbot, window, dialog, order)  # the list in front, for the next order
    assert len(keys) == 7, keys
    current = page.table.currentIndex()  # the row stays chosen in the list
    assert page.model.order_at(current.row()).order_id == order.order_id


def test_f9_on_the_list_shows_the_invoice_with_the_orders_payments(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
    from tests.gui.people import window_titled
    from tests.gui.test_payments import pay_in_full

    page = window.orders
    order = next(o for o in page.model.visible_orders() if o.amount_paid == 0 and o.amount > 50)
    pay_in_full(sandbox, order)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    page.filter_edit.setFocus()
    qtbot.keyClicks(page.filter_edit, str(order.order_id))
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_F9)  # at once: the invoice waits for the payments
    invoice = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    assert len(invoice.payments) == 1
    assert invoice.payments[0].auth in invoice.summary.toPlainText()  # "X9", in its table


def test_an_order_paid_in_full_shows_its_amounts_whole(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    from desktop_app.gui.payments.payment_dialog import PaymentDialog
    from tests.gui.people import window_titled
    from tests.gui.test_payments import fill_slip, recorded

    page = window.orders
    window.showMaximized()
    unpaid = [o for o in page.model.visible_orders() if o.amount_paid == 0]
    order = max(unpaid, key=lambda o: len(money(o.amount, "en_US")))  # the widest amount
    page.filter_edit.setFocus()  # Ctrl+F, its number, F8: the list shows it alone, unpaid
    qtbot.keyClicks(page.filter_edit, str(order.order_id))
    qtbot.waitUntil(lambda: page.model.rowCount() == 1, timeout=5_000)
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_F8)
    form = window_titled(qtbot, f"Record payment — order {order.order_id}", PaymentDialog)
    fill_slip(qtbot, form)
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    qtbot.waitUntil(lambda: page.model.order_at(0).amount_paid == order.amount, timeout=10_000)
    assert shown_whole_in_view(window, "amount_paid")  # "R$2,…" was shown

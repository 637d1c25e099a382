"""Keys typed while a window comes forward are that window's (issue 86): a fast cashier's F8 and
the card's digits at once, a scanner's Ctrl+F and an order's number. Here the keys go where
the system sends them until the new window is active, to the window that was in front, with no
turn of the loop between them: the race a desk meets (its run under a real X server and window
manager is in ``tests/desk``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.app_wide.type_ahead import type_ahead
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.shell.main_window import MainWindow
from tests.gui.test_payments import open_order, open_order_by_keyboard


def keyboard() -> QWidget:
    """Where the system sends the next key: the focused widget of the window that is active
    (without a turn of the loop: a window asked to come forward has not yet)."""
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None
    return target


def typed(qtbot: QtBot, keys: str) -> None:
    for key in keys:
        qtbot.keyClick(keyboard(), key)


def active(qtbot: QtBot, kind: type[QWidget]) -> QWidget:
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), kind), timeout=5_000)
    window = QApplication.activeWindow()
    assert isinstance(window, kind)
    return window


def test_the_card_digits_typed_with_f8_are_the_forms(qtbot: QtBot, window: MainWindow) -> None:
    """F8 in an order window and 4242 at once: the form's first field holds 4242 (the order
    window's payments table took them before)."""
    dialog = open_order_by_keyboard(qtbot, window, open_order(window))
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(keyboard(), Qt.Key.Key_F8)
    typed(qtbot, "4242")
    form = active(qtbot, PaymentDialog)
    assert isinstance(form, PaymentDialog)
    qtbot.waitUntil(lambda: not type_ahead().holding)
    assert form.ui.last_four.text() == "4242"
    assert form.ui.last_four.hasFocus()


def test_a_slip_typed_ahead_whole_fills_the_form_as_typed_there(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The whole slip before the form is in front, its Tabs and the brand's Alt+B included:
    every field as if typed into the form (Alt+B reaches the form's own shortcut)."""
    dialog = open_order_by_keyboard(qtbot, window, open_order(window))
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(keyboard(), Qt.Key.Key_F8)
    typed(qtbot, "4242")
    qtbot.keyClick(keyboard(), Qt.Key.Key_Tab)
    typed(qtbot, "778899")
    qtbot.keyClick(keyboard(), Qt.Key.Key_Tab)
    typed(qtbot, "AB12CD")
    qtbot.keyClick(keyboard(), Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    typed(qtbot, "V")
    form = active(qtbot, PaymentDialog)
    assert isinstance(form, PaymentDialog)
    qtbot.waitUntil(lambda: not type_ahead().holding)
    ui = form.ui
    assert (ui.last_four.text(), ui.nsu.text(), ui.auth.text()) == ("4242", "778899", "AB12CD")
    assert ui.brand.currentText() == "Visa"


def test_f8_on_the_list_and_the_digits_at_once_are_the_forms(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Ctrl+F, the order's number, F8 and the digits, no pause: the order window opens, its
    payments are read, the form opens; the digits wait for the form, and the orders filter
    keeps the number alone."""
    order = open_order(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(keyboard(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    typed(qtbot, str(order.order_id))
    qtbot.waitUntil(lambda: window.orders.model.rowCount() == 1, timeout=5_000)
    qtbot.keyClick(keyboard(), Qt.Key.Key_F8)
    typed(qtbot, "4242")
    form = active(qtbot, PaymentDialog)
    assert isinstance(form, PaymentDialog)
    qtbot.waitUntil(lambda: not type_ahead().holding)
    assert form.order.order_id == order.order_id
    assert form.ui.last_four.text() == "4242"
    assert window.orders.filter_edit.text() == str(order.order_id)


def test_ctrl_f_in_an_order_window_and_the_next_number_go_to_the_orders_filter(
    qtbot: QtBot, window: MainWindow
) -> None:
    """From an order window, Ctrl+F and the next number at once: the number is the filter's
    (the order window took it before the list was in front)."""
    first, following = open_order(window), open_order(window, skip=1)
    dialog = open_order_by_keyboard(qtbot, window, first)
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(keyboard(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    typed(qtbot, str(following.order_id))
    active(qtbot, MainWindow)
    qtbot.waitUntil(lambda: not type_ahead().holding)
    assert window.orders.filter_edit.text() == str(following.order_id)
    assert isinstance(dialog, OrderDialog) and dialog.isVisible()  # still open, behind


def test_a_key_typed_for_a_window_that_never_comes_is_not_lost(
    qtbot: QtBot, window: MainWindow
) -> None:
    """F8 on an order paid in full opens no form: the key says why, and what was typed after
    it goes where the focus is, as typed."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.orders.filter_edit.setFocus()
    keeper = type_ahead()
    keeper.hold()
    typed(qtbot, "12")
    assert window.orders.filter_edit.text() == ""  # held
    keeper.let_go()
    qtbot.waitUntil(lambda: window.orders.filter_edit.text() == "12")

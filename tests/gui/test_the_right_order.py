"""The order a slip goes to is never in doubt (issue 86): the keys a fast cashier types for the
next order pay the next order, whatever window was left in front."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from desktop_app.gui.look.open_windows import shown_windows
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.test_payments import nsus, open_order, open_order_by_keyboard, start_payment

CTRL = Qt.KeyboardModifier.ControlModifier


def in_front(qtbot: QtBot) -> QWidget:
    """Where a person's next key goes: the focused control, else the active window. A cashier
    at 80 ms a key gives the app a turn of its loop between keys (a window asked to come
    forward has come; keys at scanner speed are the type-ahead tests'). A window closed, a
    window manager activates the one under it (the last opened still shown); the offscreen
    platform has none, and that is done here for it."""
    qtbot.wait(1)  # one turn of the loop, as between a person's keys
    if QApplication.activeWindow() is None and (shown := shown_windows()):
        shown[-1].activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is not None, timeout=2_000)
    target = QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "no window takes the keys"
    return target


def press(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(in_front(qtbot), key, modifier)


def type_in(qtbot: QtBot, text: str) -> None:
    qtbot.keyClicks(in_front(qtbot), text)


def test_esc_ctrl_f_the_next_number_enter_f8_pays_the_next_order(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """Esc leaves the first order's form; Ctrl+F, the next order's number, Enter, F8, the slip,
    Enter, Enter: the payment is the next order's, for its balance, and said so."""
    first, following = open_order(window), open_order(window, skip=1)
    assert first.balance_due != following.balance_due
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, first))
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not form.isVisible())
    press(qtbot, Qt.Key.Key_F, CTRL)
    type_in(qtbot, str(following.order_id))
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: (
            isinstance(w := QApplication.activeWindow(), OrderDialog)
            and w.order.order_id == following.order_id
        ),
        timeout=5_000,
    )
    press(qtbot, Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), PaymentDialog), timeout=5_000)
    paying = QApplication.activeWindow()
    assert isinstance(paying, PaymentDialog)
    for text in ("4242", "778899"):
        type_in(qtbot, text)
        press(qtbot, Qt.Key.Key_Tab)
    type_in(qtbot, "AB12CD")
    press(qtbot, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)  # the brand
    type_in(qtbot, "V")
    press(qtbot, Qt.Key.Key_Return)  # the summary
    qtbot.waitUntil(lambda: paying.ui.pages.currentIndex() == 1, timeout=5_000)
    press(qtbot, Qt.Key.Key_Return)  # sent
    qtbot.waitUntil(lambda: nsus(sandbox, following.order_id) == ["778899"], timeout=10_000)
    assert nsus(sandbox, first.order_id) == []


def test_ctrl_f_in_a_payment_form_on_its_first_page_goes_to_the_orders_keeping_the_slip(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Ctrl+F in the form (its first page) closes it as Esc does, what was typed kept for the
    order's next F8, and the cursor is in the orders filter; on its summary page it stays, and
    says why."""
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    type_in(qtbot, "4242")
    press(qtbot, Qt.Key.Key_F, CTRL)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.orders.filter_edit)
    assert not form.isVisible()
    assert window.isActiveWindow()
    again = start_payment(qtbot, dialog)  # the order's window, still open behind
    assert again.ui.last_four.text() == "4242"  # as it was left
    for text in ("778899", "AB12CD"):
        press(qtbot, Qt.Key.Key_Tab)
        type_in(qtbot, text)
    press(qtbot, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    type_in(qtbot, "V")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: again.ui.pages.currentIndex() == 1, timeout=5_000)
    press(qtbot, Qt.Key.Key_F, CTRL)
    assert again.isVisible() and again.isActiveWindow()
    assert again.ui.message_bar.text() == (
        "Find orders opens once this form is closed: finish it, or close it with Esc."
    )


def test_the_orders_filter_takes_the_first_keys_at_start_and_after_an_unlock(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """Shown anew, the main window's keys go to the orders filter: an order's number typed at
    once is never lost (the journal's notice line took them at start; nothing did after an
    unlock)."""
    from tests.gui.test_session_and_errors import sign_in_dialog

    order = window.orders.model.visible_orders()[3]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    type_in(qtbot, str(order.order_id))
    assert window.orders.filter_edit.text() == str(order.order_id)
    window.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    window.lock_page.ui.sign_in_button.click()
    dialog = sign_in_dialog(qtbot)
    dialog.ui.token_way_button.click()
    dialog.ui.token_field.setText(sandbox.token("manager"))
    dialog.on_buttons_accepted()
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    type_in(qtbot, "1")
    assert (
        window.orders.filter_edit.selectedText() == "" and window.orders.filter_edit.text() == "1"
    )


def test_a_number_typed_in_an_order_window_is_refused_with_the_key_that_finds_orders(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The next order's number typed where the last one's window was left in front: nothing
    there takes it (the payments table searched its rows with it), and the words say Ctrl+F."""
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    for focused in (dialog.ui.payments, dialog.ui.close_button):
        focused.setFocus()
        dialog.ui.message_bar.clear()
        type_in(qtbot, "100004")
        assert dialog.ui.message_bar.text() == (
            f"This window is order {order.order_id}: nothing here takes a number. To find"
            " another order, press Ctrl+F and type its number."
        )
        assert dialog.isVisible() and dialog.order.order_id == order.order_id


def test_the_payment_form_names_the_order_and_its_customer_on_both_pages(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The order the slip goes to stands above the slip's numbers, on the slip's page and on
    the summary the cashier confirms."""
    from tests.gui.test_payments import fill_slip

    order = open_order(window)
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, order))
    said = f"Order {order.order_id} — {order.customer_name} ({order.customer_id})"
    assert form.ui.order_banner.text() == said and form.ui.order_banner.isVisible()
    assert form.ui.order_banner.font().bold()
    fill_slip(qtbot, form)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    assert form.ui.order_banner.isVisible() and form.ui.order_banner.text() == said


def test_a_part_payment_keeps_the_order_window_for_the_next_card(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """Paid in part (a customer splitting between two cards), the order's window stays in front
    with the words and F8 for the rest; paid in full, it closes (test_payments)."""
    from tests.gui.test_payments import fill_slip

    order = next(o for o in window.orders.model.visible_orders() if o.balance_due > 20)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    form.ui.amount.setText("10.00")
    fill_slip(qtbot, form)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    press(qtbot, Qt.Key.Key_Return)
    said = f"Payment of R$10.00 recorded for order {order.order_id}."
    qtbot.waitUntil(lambda: dialog.ui.message_bar.text() == said, timeout=10_000)
    assert dialog.isVisible() and dialog.ui.record_payment_button.isEnabled()


def test_the_order_window_behind_its_payment_form_takes_nothing_until_the_form_closes(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The form is held over its order's window as a modal form is (without Qt's modality,
    which dropped the keys typed with F8): a click on the window behind does nothing there,
    the window manager's close waits, and bringing the window forward brings the form."""
    from PySide6.QtTest import QTest

    dialog = open_order_by_keyboard(qtbot, window, open_order(window))
    form = start_payment(qtbot, dialog)
    behind, close = dialog.windowHandle(), dialog.ui.close_button
    where = close.mapTo(dialog, close.rect().center())
    QTest.mouseClick(behind, Qt.MouseButton.LeftButton, pos=where)  # as the system sends it
    assert dialog.isVisible() and form.isVisible()
    assert not behind.close()  # the window manager's close, refused
    dialog.activateWindow()
    qtbot.waitUntil(form.isActiveWindow, timeout=5_000)  # the form comes forward instead
    press(qtbot, Qt.Key.Key_Escape)  # the form's own Esc: it closes, the window is free again
    qtbot.waitUntil(lambda: not form.isVisible())
    QTest.mouseClick(behind, Qt.MouseButton.LeftButton, pos=where)
    qtbot.waitUntil(lambda: not isValid(dialog) or not dialog.isVisible())


def test_ctrl_f_from_a_lookup_or_the_day_close_brings_the_list_in_front(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The keys that find an order find it from whatever window is in front."""
    for open_it in (window.open_customers, window.open_day_close, window.open_find_slip):
        opened = open_it()
        qtbot.waitUntil(opened.isActiveWindow, timeout=5_000)
        press(qtbot, Qt.Key.Key_F, CTRL)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is window.orders.filter_edit)
        assert window.isActiveWindow() and opened.isVisible()  # beside it, still open
        type_in(qtbot, "100004")
        assert window.orders.filter_edit.text() == "100004"

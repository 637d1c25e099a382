"""Nothing a person typed is lost by a key: Esc keeps a slip for the next F8 of its order, the
day close keeps typed terminal totals, Settings and the terminal's columns ask before Esc
throws a change away. Kept work is the typing person's: gone at sign-out, and never shown to
the next person at the desk."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.people import window_titled, windows_titled
from tests.gui.test_payments import open_order, open_order_by_keyboard, start_payment
from tests.gui.test_session_and_errors import (
    _sign_in_with_password,
    _sign_in_with_token,
    sign_in_dialog,
)

SLIP = {"last_four": "4242", "nsu": "998877", "auth": "ZZ11YY"}


def type_a_whole_slip(qtbot: QtBot, form: PaymentDialog) -> dict[str, object]:
    """Every field of the slip typed or changed by keys, as a cashier does; what it shows."""
    ui = form.ui
    for name, text in SLIP.items():
        field = getattr(ui, name)
        field.setFocus()
        qtbot.keyClicks(field, text)
    ui.brand.setFocus()
    qtbot.keyClicks(ui.brand, "Visa")
    ui.payment_type.setFocus()
    qtbot.keyClick(ui.payment_type, Qt.Key.Key_Down)  # another type than suggested
    ui.amount.setFocus()
    ui.amount.selectAll()
    qtbot.keyClicks(ui.amount, "12.34")
    ui.slip_date.setFocus()  # the slip is of the day before (Down did nothing on the 1st)
    yesterday = QDate.currentDate().addDays(-1)
    qtbot.keyClicks(ui.slip_date, yesterday.toString(ui.slip_date.displayFormat()))
    qtbot.keyClick(ui.slip_date, Qt.Key.Key_Tab)
    assert ui.slip_date.date() == yesterday
    return shown(form)


def shown(form: PaymentDialog) -> dict[str, object]:
    ui = form.ui
    return {
        "amount": ui.amount.text(), "last_four": ui.last_four.text(), "nsu": ui.nsu.text(),
        "auth": ui.auth.text(), "brand": ui.brand.currentText(),
        "payment_type": ui.payment_type.currentText(), "installments": ui.installments.value(),
        "slip_date": ui.slip_date.date(),
    }  # fmt: skip


def esc(qtbot: QtBot, window: QWidget) -> None:
    """Esc in ``window``, in front (the window manager gives the focus back to it when what
    was over it closes; the offscreen platform does not)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Escape)


def the_form_again(qtbot: QtBot, window: MainWindow, order_id: int) -> PaymentDialog:
    """The order opened again from the list, and F8."""
    order = next(o for o in window.orders.model.visible_orders() if o.order_id == order_id)
    return start_payment(qtbot, open_order_by_keyboard(qtbot, window, order))


def test_esc_esc_then_f8_brings_every_field_of_the_slip_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    typed = type_a_whole_slip(qtbot, form)
    esc(qtbot, form)  # the form closes
    qtbot.waitUntil(lambda: not form.isVisible())
    esc(qtbot, dialog)  # and the order with it
    qtbot.waitUntil(lambda: not window_titled_now(f"Order {order.order_id}"), timeout=5_000)

    again = the_form_again(qtbot, window, order.order_id)
    assert shown(again) == typed
    assert "as you left it" in again.ui.message_bar.text()


def window_titled_now(title: str) -> bool:
    return bool(windows_titled(title, OrderDialog))


def test_a_slip_left_by_esc_is_gone_at_sign_out(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, order))
    type_a_whole_slip(qtbot, form)
    esc(qtbot, form)
    window.sign_out_action.trigger()
    window.lock_page.ui.sign_in_button.click()
    _sign_in_with_password(qtbot, sign_in_dialog(qtbot), "manager", "manager")
    qtbot.waitUntil(lambda: window.orders.model.rowCount() == 60, timeout=10_000)

    again = the_form_again(qtbot, window, order.order_id)
    assert again.ui.last_four.text() == again.ui.nsu.text() == again.ui.auth.text() == ""
    assert again.ui.message_bar.isHidden()


def test_the_next_person_at_the_desk_never_sees_a_slip_left_by_esc(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    type_a_whole_slip(qtbot, form)
    esc(qtbot, form)
    esc(qtbot, dialog)
    window.ctx.session.lock("The desk was left.")  # the idle lock, as the clock would
    window.lock_page.ui.sign_in_button.click()
    _sign_in_with_token(qtbot, sign_in_dialog(qtbot), sandbox.token("cashier", 1001))
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)

    again = the_form_again(qtbot, window, order.order_id)
    assert again.ui.last_four.text() == again.ui.nsu.text() == again.ui.auth.text() == ""


def test_the_day_close_keeps_typed_terminal_totals_per_day_and_store(
    qtbot: QtBot, window: MainWindow
) -> None:
    from desktop_app.gui.day_close.models import TERMINAL_AMOUNT, TERMINAL_COUNT
    from tests.gui.test_day_close import a_day_in_every_state, cell, open_day_close, type_into

    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    table = day_close.ui.totals_table
    type_into(qtbot, table, 0, TERMINAL_COUNT, "4")
    type_into(qtbot, table, 0, TERMINAL_AMOUNT, "103", shows="R$103.00")
    type_into(qtbot, table, 1, 0, "Elo")  # a kind only the terminal has
    type_into(qtbot, table, 1, TERMINAL_AMOUNT, "87,50", shows="R$87.50")
    typed = [[cell(table, row, c) for c in range(8)] for row in range(3)]

    esc(qtbot, day_close)
    asked = window_titled(qtbot, "Leave the day close?", QMessageBox)  # told the totals stay
    qtbot.keyClick(asked, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not day_close.isVisible())
    assert day_close.closing is None  # the day's payments are let go: only the typing stays
    again = open_day_close(qtbot, window)  # Ctrl+D
    assert [[cell(table, row, c) for c in range(8)] for row in range(3)] == typed

    day = again.ui.day_edit
    day.setDate(day.date().addDays(-1))  # another day: its own (nothing typed)
    assert cell(table, 0, TERMINAL_COUNT) == ""
    day.setDate(day.date().addDays(1))
    assert [[cell(table, row, c) for c in range(8)] for row in range(3)] == typed


def test_pending_payments_opened_from_the_day_close_gives_it_back_when_closed(
    qtbot: QtBot, window: MainWindow
) -> None:
    from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
    from tests.gui.test_day_close import a_day_in_every_state, open_day_close

    a_day_in_every_state(window)
    day_close = open_day_close(qtbot, window)
    day_close.ui.pending_button.click()
    pending = window_titled(qtbot, "Pending payments", PendingPaymentsDialog)
    qtbot.waitUntil(pending.isActiveWindow, timeout=5_000)
    # Over the day close, not the main window: a window manager gives the focus back to the
    # window a dialog is over (offscreen has none to watch; the walk under openbox does).
    assert pending.parentWidget() is day_close
    assert pending.windowModality() == Qt.WindowModality.WindowModal
    esc(qtbot, pending)
    qtbot.waitUntil(lambda: not pending.isVisible())
    assert day_close.isVisible()


def closed(window: QWidget) -> bool:
    return not shiboken6.isValid(window) or not window.isVisible()


def answer_the_question(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """The box that asks before a change goes, answered by ``key``, as a person does."""
    box = window_titled(qtbot, "Discard your changes?", QMessageBox)
    qtbot.waitUntil(box.isActiveWindow, timeout=5_000)
    qtbot.keyClick(box, key, modifier)
    qtbot.waitUntil(lambda: closed(box))


def test_settings_ask_before_esc_or_ctrl_w_throws_a_change_away(
    qtbot: QtBot, window: MainWindow
) -> None:
    from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
    from desktop_app.gui.settings import preferences as prefs

    was = window.ctx.preferences.get(prefs.TIMEOUT_SECONDS)
    window.settings_action.trigger()
    dialog = window_titled(qtbot, "Settings", SettingsDialog)
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    esc(qtbot, dialog)  # nothing changed: it closes without a question
    qtbot.waitUntil(lambda: closed(dialog))

    window.settings_action.trigger()
    dialog = window_titled(qtbot, "Settings", SettingsDialog)
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    dialog.ui.timeout.setFocus()
    qtbot.keyClick(dialog.ui.timeout, Qt.Key.Key_Up)
    esc(qtbot, dialog)
    answer_the_question(qtbot, Qt.Key.Key_Return)  # Enter keeps editing: nothing goes
    assert dialog.isVisible() and dialog.ui.timeout.value() != was

    dialog.activateWindow()  # as the window manager does once the box is gone
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    answer_the_question(qtbot, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)  # Discard
    qtbot.waitUntil(lambda: closed(dialog))
    assert window.ctx.preferences.get(prefs.TIMEOUT_SECONDS) == was


def test_the_terminals_columns_ask_before_esc_throws_a_choice_away(
    qtbot: QtBot, window: MainWindow
) -> None:
    from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog

    dialog = TerminalMappingDialog(["Data", "NSU", "Valor"], window.ctx.preferences, window)
    dialog.open()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    dialog.ui.nsu_column.setFocus()
    qtbot.keyClick(dialog.ui.nsu_column, Qt.Key.Key_Down)
    esc(qtbot, dialog)
    answer_the_question(qtbot, Qt.Key.Key_Escape)  # Esc keeps editing too
    assert dialog.isVisible()
    QApplication.closeAllWindows()  # Quit or a stop signal: closed, and nobody is asked
    assert not dialog.isVisible()
    assert not windows_titled("Discard your changes?", QMessageBox)

"""The sign-in after an idle lock (issue 86): the person who was signed in types only the
password, their screen coming back as it was; Alt+E lets someone else sign in instead, which
ends the locked person's session as signing out does."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.test_session_and_errors import _sign_in_with_password, sign_in_dialog

IDLE = "Locked after a while without use. Sign in to continue."


def locked_sign_in(qtbot: QtBot, main: MainWindow) -> SignInDialog:
    """The idle lock, and its Sign in pressed once the lock page is in front (a person sees it
    first; a window manager gives the keys to the window left when the lock hides the others:
    offscreen has none, and that is done here)."""
    main.ctx.session.lock(IDLE)
    main.activateWindow()  # what a window manager does as the lock hides the window in front
    qtbot.waitUntil(main.isActiveWindow, timeout=5_000)
    main.lock_page.ui.sign_in_button.click()
    dialog = sign_in_dialog(qtbot)
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    return dialog


def open_an_order(qtbot: QtBot, main: MainWindow) -> OrderDialog:
    """An order's window with its payments read: the idle lock comes after minutes without a
    key, never while a window reads (a read the lock cut short asks for a sign-in itself, over
    the lock: the sign-in window these tests bring up would then be in front already)."""
    order = main.open_order(main.orders.model.visible_orders()[0])
    qtbot.waitUntil(lambda: not order.calls.is_running("payments"), timeout=10_000)
    return order


def signed_in_as_manager(qtbot: QtBot, sandbox: SandboxServer, settings: QSettings) -> MainWindow:
    main = open_window(qtbot, sandbox, settings, signed_in=False)
    main.lock_page.ui.sign_in_button.click()
    _sign_in_with_password(qtbot, sign_in_dialog(qtbot), "manager", "manager")
    qtbot.waitUntil(lambda: main.orders.model.rowCount() > 0, timeout=10_000)
    return main


def test_after_an_idle_lock_only_the_password_is_typed(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = signed_in_as_manager(qtbot, sandbox, settings)
    order = open_an_order(qtbot, main)
    dialog = locked_sign_in(qtbot, main)
    assert dialog.ui.username.text() == "manager" and dialog.ui.username.isReadOnly()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.ui.password, timeout=5_000)
    qtbot.keyClicks(dialog.ui.password, "manager")
    qtbot.keyClick(dialog.ui.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not main.locked, timeout=5_000)
    assert order.isVisible()  # the same screen, back
    close_window(qtbot, main)


def test_alt_e_at_the_locked_sign_in_is_a_shift_change(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """Someone else at the desk: Alt+E ends the locked person's session (their order window
    closes, as at sign-out) and asks for a user name; the cashier then signs in as themself."""
    main = signed_in_as_manager(qtbot, sandbox, settings)
    order = open_an_order(qtbot, main)
    dialog = locked_sign_in(qtbot, main)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.ui.password, timeout=5_000)
    qtbot.keyClick(dialog.ui.password, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: not dialog.ui.username.isReadOnly(), timeout=5_000)  # a click's time
    assert dialog.ui.username.text() == ""
    qtbot.waitUntil(lambda: not isValid(order), timeout=5_000)  # closed, as at sign-out
    assert main.lock_page.reason() == "Signed out. Sign in to continue."
    assert QApplication.focusWidget() is dialog.ui.username
    _sign_in_with_password(qtbot, dialog, "cashier", "cashier")
    qtbot.waitUntil(lambda: not main.locked, timeout=5_000)
    assert main.status.user_label.full_text().startswith("Signed in: Ana Caixa (user 1001")
    close_window(qtbot, main)


def test_a_sign_in_after_signing_out_asks_for_the_user_name(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = signed_in_as_manager(qtbot, sandbox, settings)
    main.ctx.session.sign_out()
    main.lock_page.ui.sign_in_button.click()
    dialog = sign_in_dialog(qtbot)
    assert dialog.ui.username.text() == "" and not dialog.ui.someone_else_button.isVisible()
    close_window(qtbot, main)

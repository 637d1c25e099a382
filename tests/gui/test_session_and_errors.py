"""Sign-in, expiry, idle lock, sign-out, and errors with Retry, in real windows."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.dialogs import SignInDialog
from desktop_app.gui.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window


def _sign_in_with_password(qtbot: QtBot, dialog: SignInDialog, user: str, password: str) -> None:
    dialog.tabs.setCurrentIndex(0)
    qtbot.keyClicks(dialog.username, user)
    qtbot.keyClicks(dialog.password, password)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def _sign_in_with_token(qtbot: QtBot, dialog: SignInDialog, token: str) -> None:
    dialog.tabs.setCurrentIndex(1)
    dialog.token_field.setText(token)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_sign_in_with_user_and_password(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, signed_in=False)
    assert main.locked and main.model.rowCount() == 0
    qtbot.mouseClick(main.unlock_button, Qt.MouseButton.LeftButton)
    dialog = main.sign_in_dialog
    assert dialog is not None
    _sign_in_with_password(qtbot, dialog, "cashier", "wrong")
    qtbot.waitUntil(lambda: "Wrong user name" in dialog.message.text(), timeout=5_000)
    dialog.password.clear()
    _sign_in_with_password(qtbot, dialog, "", "cashier")
    qtbot.waitUntil(lambda: main.model.rowCount() == 60, timeout=10_000)
    assert not main.locked and main.session.claims.roles == ("cashier",)
    assert "Ana Caixa" in main.user_label.text()
    close_window(qtbot, main)


def test_sign_in_with_a_pasted_token(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, signed_in=False)
    dialog = main.request_sign_in("")
    _sign_in_with_token(qtbot, dialog, "not a token")
    assert "not a sign-in token" in dialog.message.text()
    _sign_in_with_token(qtbot, dialog, sandbox.token("manager"))
    qtbot.waitUntil(lambda: main.model.rowCount() == 60, timeout=10_000)
    close_window(qtbot, main)


def test_expired_token_brings_sign_in_back_and_keeps_the_screen(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    short = sandbox.token("manager", minutes=0.05)  # three seconds
    main = open_window(qtbot, sandbox, settings, token=short)
    qtbot.waitUntil(lambda: main.model.rowCount() == 60, timeout=10_000)
    qtbot.waitUntil(lambda: (main.session.seconds_left() or 0) < -1, timeout=10_000)
    main.filter_edit.setText("a")
    shown = main.model.rowCount()
    main.refresh()
    qtbot.waitUntil(lambda: main.sign_in_dialog is not None, timeout=10_000)
    assert main.model.rowCount() == shown and main.filter_edit.text() == "a"  # nothing lost
    assert main.sign_in_dialog is not None
    assert "session has ended" in main.sign_in_dialog.reason.text()
    sandbox.faults.update({"fail_next": 0})
    before = len(main.model.visible_orders())
    _sign_in_with_token(qtbot, main.sign_in_dialog, sandbox.token("manager"))
    qtbot.waitUntil(
        lambda: main.sign_in_dialog is None and main.busy_label.isHidden(), timeout=10_000
    )
    qtbot.waitUntil(lambda: (main.session.seconds_left() or 0) > 60, timeout=5_000)
    assert len(main.model.visible_orders()) == before
    close_window(qtbot, main)


def test_idle_lock_hides_data_and_forgets_the_token(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    window.idle_lock_seconds = 0.3
    qtbot.waitUntil(lambda: window.locked, timeout=5_000)
    assert window.session.token is None and window.client.token is None
    assert "without use" in window.lock_label.text()
    rows = window.model.rowCount()
    dialog = window.request_sign_in(window.lock_label.text())
    window.idle_lock_seconds = 0
    _sign_in_with_token(qtbot, dialog, sandbox.token("manager"))
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)
    assert window.model.rowCount() == rows  # the same screen comes back


def test_sign_out_wipes_token_and_customer_data(qtbot: QtBot, window: MainWindow) -> None:
    many = window.model.visible_orders() * 100  # large lists are freed in steps, normally
    window.model.set_orders(many)
    qtbot.waitUntil(lambda: window.model.rowCount() == len(many), timeout=10_000)
    held = window.model._orders  # the model's own list of them
    window.sign_out()
    assert window.session.token is None and window.client.token is None
    assert window.model.rowCount() == 0 and window.store_combo.count() == 0
    assert held == [], "customer data outlived the session in memory"
    assert window.locked and "Signed out" in window.user_label.text()


def test_server_error_shows_words_and_retry_works(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})
    window.refresh()
    qtbot.waitUntil(lambda: window.message_bar.isVisible(), timeout=10_000)
    assert "had a problem (500)" in window.message_label.text()
    assert window.retry_button.isVisible() and window.model.rowCount() == 60
    window.retry_button.click()
    qtbot.waitUntil(lambda: window.message_bar.isHidden(), timeout=10_000)
    assert window.model.rowCount() == 60


def test_dropped_connection_shows_words_and_retry_works(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    sandbox.faults.update({"drop_next": 3})  # the first try and both retries
    window.refresh()
    qtbot.waitUntil(lambda: window.message_bar.isVisible(), timeout=10_000)
    assert "cannot be reached" in window.message_label.text()
    window.retry_button.click()
    qtbot.waitUntil(lambda: window.message_bar.isHidden(), timeout=10_000)
    assert window.model.rowCount() == 60


def test_help_shortcuts_about_and_diagnostics_without_secrets(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    from PySide6.QtGui import QGuiApplication

    shortcuts = window.open_shortcuts()
    assert shortcuts.table.rowCount() >= 10  # type: ignore[attr-defined]
    about = window.open_about()
    assert "journal" in about.text.text().lower() and "LGPL" in about.text.text()  # type: ignore[attr-defined]
    settings.setValue("service/token_should_never_be_here", "eyJsecret")
    text = window.copy_diagnostics()
    assert QGuiApplication.clipboard().text() == text
    assert "POS Back-Office" in text and "Last 200 log lines" in text
    assert "eyJsecret" not in text and (window.session.token or "x") not in text

"""The app against a service another team built: who is signed in is read from the claims that
service writes, and nothing is sent under a made-up user number."""

from __future__ import annotations

import asyncio
import time

import jwt
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.test_payments import fill_slip, open_order, open_order_by_keyboard, start_payment

CREATE = "/api/v1/orders-payment/payments/create"


def passport_token(sandbox: SandboxServer, **claims: object) -> str:
    """A token as a NestJS + Passport-JWT service writes it: ``sub``, ``username``, one
    ``role``; no ``userId``, ``name`` nor ``roles``."""
    body = {"sub": "0b7c9e4a-ana", "username": "ana", "role": "CASHIER", **claims}
    body["exp"] = int(time.time()) + 3600
    return jwt.encode(body, sandbox.db.signing_secret(), algorithm="HS256")


def test_a_sign_in_that_names_no_user_number_sends_nothing_and_says_why(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window = open_window(qtbot, sandbox, settings, token=passport_token(sandbox))
    qtbot.waitUntil(lambda: window.orders.model.rowCount() > 0, timeout=10_000)
    assert window.status.user_label.text() == "Signed in: ana (no user number, cashier)"
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    assert not dialog.ui.issue_invoice_button.isEnabled()  # a cashier's role, upper case
    form = start_payment(qtbot, dialog)
    says_why = "does not say your user number"
    assert says_why in form.ui.message_bar.text()
    form.ui.amount.setText("5.00")
    fill_slip(qtbot, form)
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)  # Review
    assert form.ui.pages.currentIndex() == 0 and says_why in form.ui.message_bar.text()
    assert CREATE not in sandbox.faults.paths_seen  # nothing went out
    form.reject()
    dialog.close()
    close_window(qtbot, window)


def test_a_passport_style_manager_is_offered_invoicing(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    token = passport_token(sandbox, sub="2001", username="marcos", role="MANAGER")
    window = open_window(qtbot, sandbox, settings, token=token)
    qtbot.waitUntil(lambda: window.orders.model.rowCount() > 0, timeout=10_000)
    assert window.status.user_label.text() == "Signed in: marcos (user 2001, manager)"
    dialog = open_order_by_keyboard(qtbot, window, open_order(window))
    assert dialog.ui.issue_invoice_button.isEnabled()
    dialog.close()
    close_window(qtbot, window)

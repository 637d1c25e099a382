"""The app against a service another team built: who is signed in is read from the claims that
service writes, and nothing is sent under a made-up user number."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import jwt
import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
from desktop_app.sandbox.dialects import Dialect
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled
from tests.gui.test_payments import (
    closed_paid_in_full,
    fill_slip,
    open_order,
    open_order_by_keyboard,
    pay_in_full,
    press,
    recorded,
    start_payment,
)

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


def test_an_invoice_under_a_sign_in_with_no_user_number_is_greyed_and_says_why(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    token = passport_token(sandbox, username="marcos", role="MANAGER")  # sub: no number
    window = open_window(qtbot, sandbox, settings, token=token)
    qtbot.waitUntil(lambda: window.orders.model.rowCount() > 0, timeout=10_000)
    order = open_order(window)
    pay_in_full(sandbox, order)
    dialog = open_order_by_keyboard(qtbot, window, order)
    qtbot.waitUntil(lambda: len(dialog.payment_list) == 1, timeout=10_000)
    press(qtbot, dialog, Qt.Key.Key_F9)  # a manager's role: offered, and told why not
    invoice = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    qtbot.waitUntil(invoice.isActiveWindow, timeout=5_000)
    assert "does not say your user number" in invoice.message_bar.text()
    assert not invoice.issue_button.isEnabled()
    qtbot.keyClick(invoice, Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
    assert not invoice.issued
    assert "/api/v1/orders-payment/invoice/create" not in sandbox.faults.paths_seen
    invoice.close()
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


@pytest.fixture
def another_teams_service(tmp_path: Path) -> Iterator[SandboxServer]:
    """The interface as a NestJS + Passport-JWT team reads it: every dialect on."""
    server = SandboxServer(tmp_path / "theirs.sqlite3", SMALL, dialects=list(Dialect)).start()
    yield server
    server.stop()


def test_a_payment_and_an_invoice_by_keyboard_go_out_under_the_users_own_number(
    qtbot: QtBot,
    another_teams_service: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """Its token names the manager only in ``sub`` ("2001") and ``role`` ("MANAGER"); its
    creates answer 201 and 204 with no body. The payment and the invoice reach it under 2001."""
    service = another_teams_service
    window = open_window(qtbot, service, settings, token=service.token("manager", 2001))
    qtbot.waitUntil(lambda: window.orders.model.rowCount() > 0, timeout=10_000)
    assert window.status.user_label.text() == "Signed in: manager (user 2001, manager)"
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)  # F8, the balance due as its amount
    fill_slip(qtbot, form)
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)  # the summary
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)  # sent; an empty 201 is success
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    closed_paid_in_full(qtbot, window, dialog, order)
    qtbot.keyClick(window.orders.filter_edit, Qt.Key.Key_F9)  # the list's row: the order paid
    invoice = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    qtbot.waitUntil(invoice.isActiveWindow, timeout=5_000)
    qtbot.keyClick(invoice, Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)  # an empty 204
    qtbot.waitUntil(lambda: invoice.issued, timeout=10_000)
    assert "without sending its details" in invoice.summary.toPlainText()  # and where they are
    received = service.db.connect()
    paid_by = received.execute("SELECT user_id FROM payments WHERE order_id = ?", (order.order_id,))
    assert paid_by.fetchall() == [("2001",)]
    invoiced_by = received.execute(
        "SELECT user_id FROM invoices WHERE order_id = ?", (order.order_id,)
    )
    assert invoiced_by.fetchall() == [(2001,)]
    invoice.close()
    close_window(qtbot, window)

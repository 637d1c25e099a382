"""Slips kept at the desk while the service could not be reached, in the real window: the bar
counts them and they go by themselves once the service answers."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import EntryState, PaymentJournal
from desktop_app.core.kept import KeptFacts
from desktop_app.core.kept_slips import keep_slip
from desktop_app.gui.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.test_payments import (
    fill_slip,
    nsus,
    open_order,
    open_order_by_keyboard,
    recorded,
    start_payment,
)


def keep_two(sandbox: SandboxServer, journal_path: Path) -> list[int]:
    """Two slips kept on two open orders of store 001 (as the form keeps them); their orders."""
    rows = sandbox.db.connect().execute(
        "SELECT order_id, amount_cents - amount_paid_cents FROM orders"
        " WHERE store_id = '001' AND amount_cents - amount_paid_cents > 1000 LIMIT 2"
    )
    journal = PaymentJournal(journal_path)
    orders = []
    for number, (order_id, balance_cents) in enumerate(rows.fetchall()):
        payment = NewPayment(
            order_id=order_id, card=f"************{4000 + number}", auth="AB12", nsu=f"KEPT{number}",
            installments=1, amount=Decimal("5.00"), flag_name="Visa", payment_type="credit",
            user_id=1001,
        )  # fmt: skip
        facts = KeptFacts(
            user_id=1001, user_name="Ana Caixa", order_from_list=True,
            balance=Decimal(balance_cents) / 100, read_at=datetime.now(UTC),
        )  # fmt: skip
        keep_slip(journal, "001", payment, facts)
        orders.append(order_id)
    journal.close()
    return orders


def test_slips_kept_here_are_counted_and_go_by_themselves(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    journal = tmp_path / "journal.sqlite3"
    orders = keep_two(sandbox, journal)
    create = "/api/v1/orders-payment/payments/create"
    sandbox.faults.update({"latency_ms": 400, "latency_path": create})  # slow enough to see
    main = open_window(qtbot, sandbox, settings, role="cashier", journal=journal)
    bar = main.pending_bar
    qtbot.waitUntil(bar.isVisible, timeout=5_000)
    assert "2 slips kept here are waiting for the service." in bar.label.text()
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=10_000)
    assert [nsus(sandbox, order).count(f"KEPT{n}") for n, order in enumerate(orders)] == [1, 1]
    states = {e.state for e in main.ctx.recorder.journal.entries_in(tuple(EntryState))}
    assert states == {EntryState.CONFIRMED}
    close_window(qtbot, main)


def test_a_slip_is_kept_by_keyboard_while_the_service_is_away_and_sent_when_back(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)
    port, database = sandbox.port, sandbox.db.path
    sandbox.stop()  # the store's link is down
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)  # Enter reviews, as ever
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    assert "The service cannot be reached now." in form.ui.summary.text()
    assert form.ui.send_button.text() == "&Keep the slip (Enter)"
    assert form.ui.send_button.hasFocus()
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: recorded(form), timeout=5_000)
    said = dialog.ui.message_bar.text()
    assert f"kept here for order {order.order_id}: it is sent when the service is back" in said
    (kept,) = window.ctx.recorder.journal.open_entries()
    assert kept.state is EntryState.KEPT and kept.kept is not None
    assert kept.kept.user_name == "Marcos Gerente" and kept.kept.balance == order.balance_due
    bar = window.pending_bar
    assert "1 slip kept here is waiting for the service." in bar.label.text()
    back = SandboxServer(database, port=port).start()  # the service is back
    try:
        window.ctx.pending.note_change()  # as any answer from it wakes the sender
        qtbot.waitUntil(lambda: not bar.isVisible(), timeout=15_000)
        assert nsus(back, order.order_id) == ["778899"]
    finally:
        back.stop()

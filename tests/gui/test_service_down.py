"""When the service is down, and when it returns (issue 70): the desk's picture stays true. The
service is ``pos-sandbox serve`` in a process of its own, killed and started again on the same
port and database, as a store's link or server dies and comes back."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.api.models import NewPayment, Order
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import keep_slip
from desktop_app.core.kept_slip import HoldReason, KeptFacts
from desktop_app.core.orders.criteria import OrderStatus, status_of
from desktop_app.core.sender_news import SenderNews, SenderState
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.shell.main_window import MainWindow
from tests.gui.conftest import close_window, open_window
from tests.gui.test_payments import (
    fill_slip,
    open_order,
    open_order_by_keyboard,
    recorded,
    start_payment,
)
from tests.gui.test_session_and_errors import _sign_in_with_password as sign_in_with_password
from tests.gui.test_session_and_errors import sign_in_dialog, signed_in_with_password
from tests.service_process import ServiceProcess


@pytest.fixture
def desk(
    qtbot: QtBot,
    service: ServiceProcess,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> Iterator[MainWindow]:
    """A cashier's desk with store 001's orders read."""
    main = open_window(qtbot, service, settings, role="cashier")
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    yield main
    close_window(qtbot, main)


def keep_for_whole_balance(
    service: ServiceProcess, journal: PaymentJournal, count: int
) -> list[int]:
    """Slips kept for the whole balance of ``count`` open orders of store 001, as the form keeps
    them while the service is away; their orders."""
    with closing(sqlite3.connect(service.db)) as db:
        rows = db.execute(
            "SELECT order_id, amount_cents FROM orders WHERE store_id = '001'"
            " AND amount_paid_cents = 0 AND amount_cents > 1000 ORDER BY order_id LIMIT ?",
            (count,),
        ).fetchall()
    for number, (order_id, cents) in enumerate(rows):
        balance = Decimal(cents) / 100
        payment = NewPayment(
            order_id=order_id, card=f"************{4000 + number}", auth="AB12",
            nsu=f"KEPT{number}", installments=1, amount=balance, flag_name="Visa",
            payment_type="credit", user_id=1001,
        )  # fmt: skip
        facts = KeptFacts(
            user_id=1001, user_name="Ana Caixa", order_from_list=True, balance=balance,
            read_at=datetime.now(UTC),
        )  # fmt: skip
        keep_slip(journal, "001", payment, facts)
    return [order_id for order_id, _ in rows]


def journal_kept_before(service: ServiceProcess, folder: Path, count: int) -> Path:
    """A journal file holding ``count`` slips kept (by the cashier) before the app started."""
    path = folder / "journal.sqlite3"
    journal = PaymentJournal(path)
    keep_for_whole_balance(service, journal, count)
    journal.close()
    return path


def listed(main: MainWindow, order_id: int) -> Order:
    """The order as the list now holds it."""
    return next(o for o in main.orders.model.visible_orders() if o.order_id == order_id)


def test_the_list_shows_an_order_paid_once_its_kept_slip_is_sent_and_stops_saying_away(
    qtbot: QtBot, desk: MainWindow, service: ServiceProcess
) -> None:
    page = desk.orders
    order = open_order(desk)
    service.kill()
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_F5)  # a refresh that cannot reach the service
    qtbot.waitUntil(lambda: page.message_bar.kind == "warning", timeout=10_000)
    assert "The service cannot be reached since" in page.message_bar.text()
    news: list[SenderNews] = []  # what the sender said, each once
    desk.ctx.pending.sender_news.connect(news.append)
    dialog = open_order_by_keyboard(qtbot, desk, order)
    form = start_payment(qtbot, dialog)
    form.ui.amount.setText(f"{order.balance_due:.2f}")  # the whole balance
    fill_slip(qtbot, form)
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)  # review: the service cannot be reached
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)  # keep the slip
    qtbot.waitUntil(lambda: recorded(form), timeout=5_000)
    assert status_of(listed(desk, order.order_id)) is OrderStatus.OPEN  # nothing sent yet
    # Away a while: three tries in vain (a back-off that doubles on would wait 8 s next).
    in_vain = lambda: sum(said.state is SenderState.WAITING for said in news)  # noqa: E731
    qtbot.waitUntil(lambda: in_vain() >= 3, timeout=30_000)
    service.start()  # back, on the same port and database: noticed within 5 s, unasked
    qtbot.waitUntil(lambda: not desk.pending_bar.isVisible(), timeout=6_500)  # 5 s, and sent
    # The order as the service now has it, without F5; and the list no longer says "away".
    qtbot.waitUntil(
        lambda: status_of(listed(desk, order.order_id)) is OrderStatus.PAID, timeout=10_000
    )
    assert page.message_bar.kind == ""
    # The order's window, left open, shows it as the service has it too: paid, nothing kept.
    qtbot.waitUntil(lambda: dialog.ui.balance_due.full_text() == "R$0.00", timeout=5_000)
    assert dialog.ui.status.full_text() == "Paid"
    dialog.close()
    # The day's "Sent to the service", a key away in the bar (Alt+K): the slip, found again.
    desk.activateWindow()  # the order window closed: the desk is the person's again
    qtbot.waitUntil(lambda: QApplication.activeWindow() is desk, timeout=5_000)
    qtbot.keyClick(
        QApplication.focusWidget() or desk, Qt.Key.Key_K, Qt.KeyboardModifier.AltModifier
    )
    found = desk.open_find_slip()
    qtbot.waitUntil(lambda: len(found.found) == 1, timeout=5_000)
    assert found.found[0].payment.order_id == order.order_id
    assert found.ui.found_label.text() == "1 slip kept here was sent to the service today."
    found.close()


def test_a_list_on_its_way_as_kept_slips_go_is_followed_by_their_orders_read_again(
    qtbot: QtBot, desk: MainWindow, service: ServiceProcess
) -> None:
    """As at start, where the sender and the list's first read go together."""
    page = desk.orders
    # The list read again and held on its way, its answer made: then a slip goes.
    service.faults(hold_body_at=0.5, latency_path="/api/v1/orders-payment/orders/001")
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: page.calls.is_running("orders"), timeout=5_000)
    (order_id,) = keep_for_whole_balance(service, desk.ctx.outbox.journal, count=1)
    desk.ctx.pending.note_change()  # kept: the sender sends it at once
    qtbot.waitUntil(lambda: desk.ctx.pending.count() == 0, timeout=15_000)
    service.faults(hold_body_at=0)  # the rest of the list, as it was before the slip went
    qtbot.waitUntil(lambda: not page.calls.is_running("orders"), timeout=10_000)
    qtbot.waitUntil(lambda: status_of(listed(desk, order_id)) is OrderStatus.PAID, timeout=10_000)


def keep_by_keyboard(qtbot: QtBot, form: PaymentDialog) -> None:
    """Enter reviews (the service cannot be reached), Enter keeps the slip."""
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: recorded(form), timeout=5_000)


def test_while_away_an_orders_balance_counts_its_kept_slips_and_a_slip_over_it_is_held(
    qtbot: QtBot, desk: MainWindow, service: ServiceProcess
) -> None:
    order = open_order(desk)
    service.kill()
    dialog = open_order_by_keyboard(qtbot, desk, order)
    form = start_payment(qtbot, dialog)
    assert form.ui.amount.text() == f"{order.balance_due:,.2f}"  # the whole balance
    fill_slip(qtbot, form)
    keep_by_keyboard(qtbot, form)
    due = f"R${order.balance_due:,.2f}"
    # The order window's balance counts the slip kept, and says it is not at the service yet.
    kept_said = f"R$0.00 ({due} on slips kept here, not yet at the service)"
    assert dialog.ui.balance_due.full_text() == kept_said
    # F8 again: nothing is left to pay as the desk sees it, and it says so.
    form = start_payment(qtbot, dialog)
    assert form.ui.amount.text() == "0.00"
    form.ui.amount.selectAll()
    qtbot.keyClicks(form.ui.amount, "10.00")  # the terminal approved another card
    fill_slip(qtbot, form, last_four="1881", nsu="445566", auth="ZZ99")
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    assert "more than is left to pay on order" in form.ui.summary.text()
    assert "(R$0.00, with the slips kept here for it counted)" in form.ui.summary.text()
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)  # kept, never refused
    qtbot.waitUntil(lambda: recorded(form), timeout=5_000)
    assert "for more than was left to pay" in dialog.ui.message_bar.text()
    over = f"R${order.balance_due + 10:,.2f} on slips kept here, R$10.00 more than the balance"
    assert dialog.ui.balance_due.full_text() == f"R$0.00 ({over}; not yet at the service)"
    entries = desk.ctx.outbox.journal.open_entries()
    assert [(e.payment.nsu, e.state, e.hold) for e in entries] == [
        ("778899", EntryState.KEPT, None),
        ("445566", EntryState.HELD, HoldReason.OVER_BALANCE),
    ]
    dialog.close()


def test_a_terminal_transaction_kept_for_one_order_is_flagged_when_typed_for_another(
    qtbot: QtBot, desk: MainWindow, service: ServiceProcess
) -> None:
    first, second = open_order(desk), open_order(desk, skip=1)
    service.kill()
    dialog = open_order_by_keyboard(qtbot, desk, first)
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)
    keep_by_keyboard(qtbot, form)
    dialog.close()
    service.start()
    dialog = open_order_by_keyboard(qtbot, desk, second)  # the service answers again
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)  # the same NSU and authorization code, for another order
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    said = "This computer has a slip with this NSU and authorization code already ("
    qtbot.waitUntil(lambda: said in form.ui.message_bar.text(), timeout=5_000)
    assert f"order {first.order_id}). See Pending payments." in form.ui.message_bar.text()
    assert form.ui.pages.currentIndex() == 0  # back at the slip, nothing sent
    form.reject()
    dialog.close()


def test_file_sign_in_is_always_there_and_a_cancel_on_the_lock_keeps_the_locks_words(
    qtbot: QtBot,
    service: ServiceProcess,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = signed_in_with_password(qtbot, service, settings, "cashier", "cashier")
    sign_in = main.sign_in_action
    assert sign_in in main.file_menu.actions() and sign_in.text() == "Sign &in…"
    assert not sign_in.isEnabled()  # a token is held
    why = "Locked after a while without use. Sign in to continue."
    main.ctx.session.lock(why)
    assert sign_in.isEnabled()
    main.lock_page.ui.sign_in_button.click()
    sign_in_dialog(qtbot).reject()  # Cancel: still locked, for the same reason
    qtbot.waitUntil(lambda: main.lock_page.reason() == why, timeout=5_000)
    # Unlocked without the service, File ▸ Sign in… is where the person signs in later.
    service.kill()
    main.lock_page.ui.sign_in_button.click()
    sign_in_with_password(qtbot, sign_in_dialog(qtbot), "cashier", "cashier")
    qtbot.waitUntil(lambda: not main.locked, timeout=10_000)
    assert main.ctx.session.offline and sign_in.isEnabled()
    sign_in.trigger()
    dialog = sign_in_dialog(qtbot)
    assert dialog.ui.reason.isHidden()  # nothing said of a return nobody has seen
    dialog.reject()
    close_window(qtbot, main)


def test_after_a_restart_the_sign_in_page_says_how_many_slips_wait(
    qtbot: QtBot,
    service: ServiceProcess,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    journal_path = journal_kept_before(service, tmp_path, count=2)  # before the app stopped
    main = open_window(qtbot, service, settings, signed_in=False, journal=journal_path)
    try:
        assert main.locked
        assert main.lock_page.reason() == (
            "Sign in to start.\n2 slips kept here wait to be sent: they go once someone signs in."
        )
    finally:
        close_window(qtbot, main)

"""Slips kept at the desk while the service could not be reached, in the real window: the bar
counts them and they go by themselves once the service answers."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel
from pytestqt.qtbot import QtBot

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import keep_slip
from desktop_app.core.kept_slip import HoldReason, KeptFacts
from desktop_app.gui.look.value_labels import NOTES, note_label
from desktop_app.gui.orders.columns import column_of
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.people import named, window_titled
from tests.gui.test_payments import (
    fill_slip,
    nsus,
    open_order,
    open_order_by_keyboard,
    recorded,
    start_payment,
)
from tests.gui.test_session_and_errors import (
    _sign_in_with_password as sign_in_with_password,
)
from tests.gui.test_session_and_errors import (
    locked_while_the_service_is_away,
    signed_in_with_password,
)


def keep_a_slip(
    window: MainWindow, order_id: int, amount: Decimal, nsu: str, user: tuple[int, str]
) -> None:
    """A slip kept for ``order_id`` as the payment form keeps one while the service is away,
    by ``user`` (id, name), and the windows told."""
    payment = NewPayment(
        order_id=order_id, card="************4242", auth="AB12", nsu=nsu, installments=1,
        amount=amount, flag_name="Visa", payment_type="credit", user_id=user[0],
    )  # fmt: skip
    facts = KeptFacts(user_id=user[0], user_name=user[1], order_from_list=True)
    keep_slip(window.ctx.outbox.journal, "001", payment, facts)
    window.ctx.pending.note_change()


def keep_the_slip(qtbot: QtBot, form: PaymentDialog) -> None:
    """The slip filled in ``form`` kept by keyboard, the service away: Enter reviews, and the
    summary's Enter keeps it."""
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)  # Enter reviews, as ever
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    assert "The service cannot be reached now." in form.ui.summary.text()
    assert form.ui.send_button.text() == "&Keep the slip (Enter)"
    assert form.ui.send_button.hasFocus()
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: recorded(form), timeout=5_000)


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
    assert main.statusBar().currentMessage() == (  # said as each went: the last one
        f"Sent to the service: the slip of R$5.00 kept for order {orders[1]}."
    )
    states = {e.state for e in main.ctx.outbox.journal.entries_in(tuple(EntryState))}
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
    keep_the_slip(qtbot, form)
    said = dialog.ui.message_bar.text()
    assert f"kept here for order {order.order_id}: it is sent when the service is back" in said
    (kept,) = window.ctx.outbox.journal.open_entries()
    assert kept.state is EntryState.KEPT and kept.kept is not None
    assert kept.kept.user_name == "Marcos Gerente" and kept.kept.balance == order.balance_due
    bar = window.pending_bar
    assert "1 slip kept here is waiting for the service." in bar.label.text()
    # The list's balance is the window's: the slip counted, and said (not the service's alone).
    kept_words = f"R$0.00 (R${order.balance_due:,.2f} kept here)"
    assert balance_in_the_list(window, order.order_id) == (kept_words, dialog_balance(dialog))
    ui = window.orders.ui  # the total is the service's, and says so while slips are kept
    assert ui.due_caption.text() == "Balance due at the service"
    assert ui.due_value.accessibleName().startswith("Balance due at the service of the orders")
    back = SandboxServer(database, port=port).start()  # the service is back
    try:
        window.ctx.pending.note_change()  # as any answer from it wakes the sender
        qtbot.waitUntil(lambda: not bar.isVisible(), timeout=15_000)
        assert nsus(back, order.order_id) == ["778899"]
        # The order's window no longer says the slip "is sent when the service is back": it
        # says the payment is recorded, and shows the order as the service now has it.
        said = dialog.ui.message_bar.text()
        assert said.startswith("Payment of ") and f"recorded for order {order.order_id}" in said
        qtbot.waitUntil(lambda: dialog.order.amount_paid > order.amount_paid, timeout=10_000)
        qtbot.waitUntil(lambda: balance_in_the_list(window, order.order_id)[0] == "R$0.00")
        assert ui.due_caption.text() == "Balance due"
    finally:
        back.stop()


def balance_in_the_list(window: MainWindow, order_id: int) -> tuple[str, str | None]:
    """The orders list's balance cell of ``order_id``: its words, and its tip."""
    model = window.orders.model
    row = next(r for r, o in enumerate(model.visible_orders()) if o.order_id == order_id)
    cell = model.index(row, column_of("balance_due"))
    return model.data(cell), model.data(cell, Qt.ItemDataRole.ToolTipRole)


def dialog_balance(dialog: OrderDialog) -> str:
    return str(dialog.fields["balance_due"].text())


def test_the_list_stays_marked_while_the_service_is_away_and_its_orders_open(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    page = window.orders
    port, database = sandbox.port, sandbox.db.path
    sandbox.stop()
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_F5)  # a refresh that cannot reach the service
    qtbot.waitUntil(lambda: page.message_bar.kind == "warning", timeout=10_000)
    said = page.message_bar.text()
    assert "The service cannot be reached since" in said and "as read at" in said
    assert page.message_bar.retry_button.isVisible()
    assert page.model.rowCount() == 60  # the list read before stays
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)  # and its orders open
    assert dialog.ui.customer.text().startswith(order.customer_name)
    assert dialog.ui.payments_count.text() == "The payments could not be read."
    form = start_payment(qtbot, dialog)  # F8 still opens the form, which can keep the slip
    form.reject()
    dialog.ui.issue_invoice_button.click()  # an invoice waits for the service
    assert "An invoice needs the order's payments" in dialog.ui.message_bar.text()
    dialog.close()
    back = SandboxServer(database, port=port).start()
    try:
        page.message_bar.retry_button.click()
        qtbot.waitUntil(lambda: page.message_bar.kind == "", timeout=10_000)
    finally:
        back.stop()


def test_the_lock_opens_without_the_service_for_the_same_person_only(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """The locked person's name is kept (another cannot be typed there), a wrong password
    never opens the lock, the right one does; someone else first ends that person's session
    (Alt+E), and then nobody opens it without the service."""
    main = signed_in_with_password(qtbot, sandbox, settings, "cashier", "cashier")
    controller = main.ctx.session
    dialog = locked_while_the_service_is_away(qtbot, main, sandbox)
    assert dialog.ui.username.text() == "cashier" and dialog.ui.username.isReadOnly()
    sign_in_with_password(qtbot, dialog, "manager", "wrong")  # no other name is taken
    qtbot.waitUntil(lambda: dialog.ui.message_bar.kind == "error", timeout=10_000)
    qtbot.waitUntil(lambda: dialog.sign_in_button.isEnabled(), timeout=10_000)
    assert main.locked and not controller.offline
    dialog.ui.password.clear()
    sign_in_with_password(qtbot, dialog, "cashier", "cashier")
    qtbot.waitUntil(lambda: not main.locked, timeout=10_000)
    assert controller.offline and controller.session.token is None  # nothing can be sent
    assert main.orders.model.rowCount() == 60  # the list as it was
    assert "Unlocked without the service: Ana Caixa (user 1001)" in controller.user_text()
    close_window(qtbot, main)


def test_after_a_shift_change_nobody_opens_the_lock_without_the_service(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = signed_in_with_password(qtbot, sandbox, settings, "cashier", "cashier")
    controller = main.ctx.session
    dialog = locked_while_the_service_is_away(qtbot, main, sandbox)
    dialog.ui.someone_else_button.click()  # the cashier's session ends: the desk is signed out
    for user, password in (("manager", "cashier"), ("cashier", "cashier")):
        dialog.ui.username.clear()
        dialog.ui.password.clear()
        sign_in_with_password(qtbot, dialog, user, password)
        qtbot.waitUntil(lambda: dialog.ui.message_bar.kind == "error", timeout=10_000)
        qtbot.waitUntil(lambda: dialog.sign_in_button.isEnabled(), timeout=10_000)
        assert main.locked and not controller.offline
        dialog.ui.message_bar.clear()
    close_window(qtbot, main)


def test_a_slip_for_a_typed_order_goes_once_a_person_has_seen_the_order(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    order_id, balance_cents = (
        sandbox.db.connect()
        .execute(
            "SELECT order_id, amount_cents - amount_paid_cents FROM orders"
            " WHERE store_id = '001' AND amount_cents - amount_paid_cents > 1000 LIMIT 1"
        )
        .fetchone()
    )
    journal = PaymentJournal(journal_path)
    payment = NewPayment(
        order_id=order_id, card="************4321", auth="TYPED1", nsu="555", installments=1,
        amount=Decimal("7.00"), flag_name="Visa", payment_type="credit", user_id=1001,
    )  # fmt: skip
    typed = keep_slip(
        journal, "001", payment, KeptFacts(user_id=1001, user_name="Ana", order_from_list=False)
    )
    journal.close()
    main = open_window(qtbot, sandbox, settings, role="cashier", journal=journal_path)
    qtbot.waitUntil(lambda: "needs attention" in main.pending_bar.label.text(), timeout=5_000)
    main.pending_bar.button.click()
    pending = window_titled(qtbot, "Pending payments", PendingPaymentsDialog)
    send = pending.ui.send_again_button
    pending.ui.table.selectRow(0)
    assert send.text() == "Co&nfirm the order and send"
    assert not send.isEnabled()  # not before the order is in view
    assert pending.ui.consequences.text().startswith("Send: it goes to the service")
    qtbot.waitUntil(send.isEnabled, timeout=5_000)
    shown = pending.message_bar.text()
    assert f"Order {order_id} of " in shown and "The slip is for R$7.00" in shown
    assert "555" not in nsus(sandbox, order_id)
    pending.ui.table.clearSelection()  # the words are about the slip chosen: no longer
    assert pending.message_bar.text() == ""
    pending.ui.table.selectRow(0)  # its order is in view already: its words come back
    qtbot.waitUntil(lambda: pending.message_bar.text() == shown, timeout=5_000)
    send.click()
    qtbot.waitUntil(lambda: "555" in nsus(sandbox, order_id), timeout=10_000)
    qtbot.waitUntil(
        lambda: main.ctx.outbox.journal.get(typed.id).state is EntryState.CONFIRMED, timeout=5_000
    )
    assert nsus(sandbox, order_id).count("555") == 1 and balance_cents > 700
    qtbot.waitUntil(lambda: pending.ui.table.rowCount() == 0, timeout=5_000)  # sent: gone
    pending.close()
    close_window(qtbot, main)


def test_a_slip_for_an_order_not_in_the_list_is_kept_by_keyboard_and_held(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    page = window.orders
    sandbox.stop()  # the list on screen is old, and the service away
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_F5)  # the list says so
    qtbot.waitUntil(lambda: page.message_bar.kind == "warning", timeout=10_000)
    away = page.message_bar.text()
    page.focus_filter()
    qtbot.keyClicks(page.filter_edit, "100777")  # from the slip: an order the list lacks
    qtbot.waitUntil(lambda: page.model.rowCount() == 0, timeout=5_000)
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_Return)
    form = window_titled(qtbot, "Record payment — order 100777, typed", PaymentDialog)
    assert form.ui.amount.text() == ""  # no balance known to suggest: typed from the slip
    qtbot.waitUntil(form.ui.amount.hasFocus, timeout=5_000)
    qtbot.keyClicks(form.ui.amount, "12.50")
    fill_slip(qtbot, form, nsu="4455")
    store = named(form, "Store of the order", QComboBox)  # the store in view, said
    assert store.currentData() == "001"
    qtbot.keyClick(form, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)  # St&ore
    assert store.hasFocus()
    qtbot.keyClick(store, Qt.Key.Key_Down)  # the slip is of store 002's order
    form.ui.auth.setFocus()  # back in the slip's last field
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=10_000)
    summary = form.ui.summary.text()  # it waits for a person, for the store chosen
    assert "order 100777 of store 002" in summary and "waits in Pending payments" in summary
    assert "sent by itself" not in summary
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: recorded(form), timeout=5_000)
    said = window.statusBar().currentMessage()
    assert "kept here for order 100777, typed by hand" in said
    assert page.message_bar.text() == away  # nothing else on screen changed
    (held,) = window.ctx.outbox.journal.open_entries()
    assert (held.state, held.hold) == (EntryState.HELD, HoldReason.TYPED_ORDER)
    assert held.store_id == "002"
    assert held.payment.amount == Decimal("12.50") and held.kept is not None
    assert not held.kept.order_from_list and held.kept.balance is None
    assert "1 payment needs attention" in window.pending_bar.label.text()


def test_every_note_the_journal_keeps_is_shown_in_the_persons_language(
    qapp: QApplication, language: str, tmp_path: Path
) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", NewPayment(
        order_id=1, card="************4321", auth="AB12", nsu="1", installments=1,
        amount=Decimal("5.00"), flag_name="Visa", payment_type="credit", user_id=1001,
    ))  # fmt: skip
    words_only = {Note.NONE, Note.AS_WRITTEN}
    for note in set(Note) - words_only:
        english = str(NOTES[note])
        assert note_label(replace(entry, note=note)) not in ("", english), note  # pt_BR
    # The service's words as they came, quoted after the desk's own in the person's language.
    refused = replace(entry, note=Note.REFUSED, words="amount exceeds the balance due R$3.00")
    assert note_label(refused) == (
        "O serviço recusou e disse: “amount exceeds the balance due R$3.00”"
    )
    older = replace(entry, note=Note.AS_WRITTEN, words="nota de uma versão anterior")
    assert note_label(older) == "nota de uma versão anterior"  # the desk's: kept as written
    assert note_label(entry) == ""


def test_a_kept_slip_the_service_refuses_waits_in_pending_payments_with_its_words(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    order_id, balance_cents = (
        sandbox.db.connect()
        .execute(
            "SELECT order_id, amount_cents - amount_paid_cents FROM orders"
            " WHERE store_id = '001' AND amount_cents - amount_paid_cents > 1000 LIMIT 1"
        )
        .fetchone()
    )
    journal = PaymentJournal(journal_path)
    too_much = Decimal(balance_cents + 500) / 100  # the list read had a larger balance
    payment = NewPayment(
        order_id=order_id, card="************4321", auth="LATE1", nsu="666", installments=1,
        amount=too_much, flag_name="Visa", payment_type="credit", user_id=1001,
    )  # fmt: skip
    facts = KeptFacts(user_id=1001, user_name="Ana", order_from_list=True, balance=too_much + 1)
    keep_slip(journal, "001", payment, facts)
    journal.close()
    main = open_window(qtbot, sandbox, settings, role="cashier", journal=journal_path)
    bar = main.pending_bar
    qtbot.waitUntil(lambda: "1 payment needs attention" in bar.label.text(), timeout=10_000)
    assert "waiting for the service" not in bar.label.text()
    qtbot.keyClick(bar.button, Qt.Key.Key_Space)
    pending = window_titled(qtbot, "Pending payments", PendingPaymentsDialog)
    pending.ui.table.selectRow(0)
    table = pending.ui.table
    assert table.model().index(0, 6).data() == "Refused"
    assert "exceeds the balance due" in table.model().index(0, 7).data()  # the service's words
    # Whole, wrapped, under the slip (its cell cuts it short): the desk's words, then theirs.
    (entry,) = pending.entries
    assert entry.words and "exceeds the balance due" in entry.words
    note = named(pending, "Why it waits", QLabel)
    assert note.isVisible() and note.wordWrap()
    assert note.text() == f"The service refused it and said: “{entry.words}”"
    assert pending.ui.slip.ui.nsu_value.isVisible() and pending.ui.slip.ui.nsu_value.text() == "666"
    assert not pending.ui.send_again_button.isEnabled()  # nothing to send: it was refused
    pending.ui.set_aside_button.click()
    assert table.rowCount() == 0
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=5_000)
    pending.close()
    close_window(qtbot, main)


def test_kept_slips_that_wait_for_a_sign_in_say_so(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    journal = tmp_path / "journal.sqlite3"
    orders = keep_two(sandbox, journal)
    # The session ends just as the sender reads the first order's payments.
    path = f"/api/v1/orders-payment/payments/{orders[0]}"
    sandbox.faults.update({"fail_next": 1, "fail_status": 401, "fail_path": path})
    main = open_window(qtbot, sandbox, settings, role="cashier", journal=journal)
    bar = main.pending_bar
    qtbot.waitUntil(lambda: "Sign in to send them." in bar.label.text(), timeout=10_000)
    assert "2 slips kept here are waiting for the service." in bar.label.text()
    main.ctx.pending.catch_up()  # as a sign-in does
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=10_000)
    assert [nsus(sandbox, order).count(f"KEPT{n}") for n, order in enumerate(orders)] == [1, 1]
    close_window(qtbot, main)


def test_kept_slips_a_setting_holds_back_say_so_and_go_once_it_is_corrected(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    journal = tmp_path / "journal.sqlite3"
    orders = keep_two(sandbox, journal)
    unusable = tmp_path / "store-ca.pem"
    unusable.write_text("not a certificate")
    settings.setValue(prefs.CA_FILE.key, str(unusable))  # as IT left it
    main = open_window(qtbot, sandbox, settings, role="cashier", journal=journal)
    bar = main.pending_bar
    corrected_in_settings = "They go once the service's address or its certificate authority"
    qtbot.waitUntil(lambda: corrected_in_settings in bar.label.text(), timeout=10_000)
    assert "2 slips kept here are waiting for the service." in bar.label.text()
    assert [nsus(sandbox, order).count(f"KEPT{n}") for n, order in enumerate(orders)] == [0, 0]
    main.ctx.preferences.set(prefs.CA_FILE, "")  # IT corrects it in Settings
    qtbot.waitUntil(lambda: not bar.isVisible(), timeout=10_000)
    assert [nsus(sandbox, order).count(f"KEPT{n}") for n, order in enumerate(orders)] == [1, 1]
    close_window(qtbot, main)


def test_the_app_closing_while_it_looks_for_a_payment_stops_the_look_first(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """A payment whose outcome is open is looked for at start; the desk closes meanwhile: the
    look is stopped before the journal closes, and nothing is written to a closed file (an
    error log fails this test)."""
    journal_path = tmp_path / "journal.sqlite3"
    journal = PaymentJournal(journal_path)
    payment = NewPayment(
        order_id=100001, card="************1111", auth="A1B2C3", nsu="778899", installments=1,
        amount=Decimal("10.00"), flag_name="Visa", payment_type="credit", user_id=2001,
    )  # fmt: skip
    journal.set_state(journal.add("001", payment).id, EntryState.NEEDS_REVIEW)
    journal.close()
    sandbox.faults.update({"latency_ms": 1_500, "latency_path": "/api/v1/orders-payment/payments/"})
    main = open_window(qtbot, sandbox, settings, journal=journal_path)
    qtbot.waitUntil(
        lambda: "/api/v1/orders-payment/payments/100001" in sandbox.faults.paths_seen,
        timeout=10_000,
    )  # the look is under way, its answer held
    main.close()  # quit: the window first (its own calls stop), then what start-up made
    main.ctx.close()
    qtbot.waitUntil(lambda: sandbox.faults.client_left, timeout=10_000)  # it was stopped
    close_window(qtbot, main)


def test_the_order_window_stops_saying_a_slip_waits_once_it_no_longer_does(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """A slip kept while the service was away, then set aside in Pending payments: the order's
    window stops saying it "is sent when the service is back" (it never will be)."""
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)
    sandbox.stop()
    keep_the_slip(qtbot, form)
    assert "it is sent when the service is back" in dialog.ui.message_bar.text()
    window.ctx.pending.note_change()  # another kept slip's news: this one still waits
    assert "it is sent when the service is back" in dialog.ui.message_bar.text()
    (kept,) = window.ctx.outbox.journal.open_entries()
    window.ctx.outbox.set_aside(kept)  # as Pending payments' Set aside does
    window.ctx.pending.note_change()  # told in a turn of its own
    qtbot.waitUntil(dialog.ui.message_bar.isHidden)


def test_pending_payments_words_go_when_their_cause_does(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """The words "No payment is pending" go once one is; "It goes to the service now" goes once
    it has gone, or, as here, once the service refused it (the slip still listed, refused)."""
    (order_id,) = (
        sandbox.db.connect()
        .execute(
            "SELECT order_id FROM orders"
            " WHERE store_id = '001' AND amount_cents - amount_paid_cents > 1000 LIMIT 1"
        )
        .fetchone()
    )
    main = open_window(qtbot, sandbox, settings, role="cashier", journal=tmp_path / "j.sqlite3")
    main.open_pending()  # File ▸ Pending payments
    pending = window_titled(qtbot, "Pending payments", PendingPaymentsDialog)
    assert pending.message_bar.text() == "No payment is pending."
    payment = NewPayment(  # typed by hand: held until a person sees the order
        order_id=order_id, card="************4321", auth="TYPED2", nsu="557", installments=1,
        amount=Decimal("7.00"), flag_name="Visa", payment_type="credit", user_id=1001,
    )  # fmt: skip
    typed = keep_slip(
        main.ctx.outbox.journal, "001", payment,
        KeptFacts(user_id=1001, user_name="Ana", order_from_list=False),
    )  # fmt: skip
    main.ctx.pending.note_change()
    qtbot.waitUntil(lambda: pending.ui.table.rowCount() == 1, timeout=5_000)
    assert pending.message_bar.text() != "No payment is pending."

    pending.ui.table.selectRow(0)
    send = pending.ui.send_again_button
    qtbot.waitUntil(send.isEnabled, timeout=5_000)  # the order in view
    create = "/api/v1/orders-payment/payments/create"
    sandbox.faults.update({"fail_next": 1, "fail_status": 422, "fail_path": create})
    send.click()
    assert pending.message_bar.text().startswith("It goes to the service now")
    qtbot.waitUntil(
        lambda: main.ctx.outbox.journal.get(typed.id).state is EntryState.REJECTED,
        timeout=10_000,
    )
    assert pending.ui.table.rowCount() == 1  # still listed, refused
    qtbot.waitUntil(
        lambda: "It goes to the service" not in pending.message_bar.text(), timeout=5_000
    )
    pending.close()
    close_window(qtbot, main)


def test_a_slip_kept_shows_in_its_row_on_screen_as_a_list_drawn_afresh_shows_it(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """A slip kept for an order on screen: its row's balance says so, and what the screen
    shows of the list is what the list drawn afresh shows (only the row is painted again; a
    row left unpainted, or another's texts kept from before, would differ)."""
    page, table = window.orders, window.orders.table
    sandbox.stop()  # the slips stay kept

    def keep_for(row: int, nsu: str) -> None:
        order_id = page.model.order_at(row).order_id
        keep_a_slip(window, order_id, Decimal("1.00"), nsu, (2001, "Gerente"))

    row = next(r for r in range(10) if page.model.order_at(r).balance_due > 2)  # on screen
    owed = page.model.index(row, column_of("balance_due"))
    # The first slip brings the pending bar, its words widen the column, and the second's
    # columns are fitted to the shorter list: the list is painted whole each time. The third's
    # words are as wide as the second's: only its row may be painted again.
    keep_for(row, "KEPT1")
    qtbot.waitUntil(lambda: window.pending_bar.isVisible() and "R$1.00 kept" in owed.data())
    keep_for(row, "KEPT2")
    qtbot.waitUntil(lambda: "R$2.00 kept" in owed.data())
    qtbot.waitUntil(lambda: page.model.rows_in_view is not None)  # painted, rows known
    keep_for(row, "KEPT3")
    qtbot.waitUntil(lambda: "R$3.00 kept" in owed.data())  # all three, beside the balance
    others = [page.model.index(r, column_of("balance_due")).data() for r in range(10)]
    assert sum("kept here" in text for text in others) == 1
    screen = QApplication.primaryScreen()

    def screen_shows_the_list_drawn_afresh() -> bool:
        on_screen = screen.grabWindow(table.viewport().winId()).toImage()
        return on_screen == table.viewport().grab().toImage()

    qtbot.waitUntil(screen_shows_the_list_drawn_afresh)


def test_an_orders_balance_with_a_slip_kept_shows_whole_in_the_list(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """A balance with a slip kept, "R$0.00 (R$3,715.11 kept here)", is wider than the amount
    the column was fitted to: the columns are fitted again, and the cashier reads it whole,
    not cut after "(R$3,7"."""
    page, table = window.orders, window.orders.table
    owed_column = column_of("balance_due")
    row = next(r for r in range(10) if page.model.order_at(r).balance_due > 0)  # on screen
    order = page.model.order_at(row)
    owed = page.model.index(row, owed_column)
    before = owed.data()
    sandbox.stop()  # the slip stays kept
    keep_a_slip(window, order.order_id, order.balance_due, "KEPT1", (2001, "Gerente"))
    qtbot.waitUntil(lambda: owed.data() != before)
    assert owed.data().endswith(" kept here)")
    width = table.fontMetrics().horizontalAdvance(owed.data())
    qtbot.waitUntil(lambda: table.horizontalHeader().sectionSize(owed_column) > width)

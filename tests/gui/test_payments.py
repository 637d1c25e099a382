"""Recording payments and issuing invoices in real windows, against the sandbox's faults."""

from __future__ import annotations

import asyncio
from datetime import date
from decimal import Decimal
from pathlib import Path

import httpx
import pytest
import shiboken6
from PySide6.QtCore import QDate, QMimeData, QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from desktop_app.api.models import Order
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_states import LOOKED_FOR, EntryState
from desktop_app.core.money import money
from desktop_app.gui.app_wide.type_ahead import type_ahead
from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
from desktop_app.gui.orders.order_dialog import OrderDialog
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.payments.pending_dialog import PendingPaymentsDialog
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled

PAN = "4111111111111111"


def open_order_by_keyboard(qtbot: QtBot, window: MainWindow, order: Order) -> OrderDialog:
    page = window.orders
    row = page.model.visible_orders().index(order)
    page.table.setFocus()
    page.table.setCurrentIndex(page.model.index(row, 0))
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    # As the language in use titles it (the source text when none is installed).
    title = QApplication.translate("OrderDialog", "Order {number}").format(number=order.order_id)
    dialog = window_titled(qtbot, title, OrderDialog)
    loading = QApplication.translate("OrderDialog", "Loading payments…")
    qtbot.waitUntil(lambda: dialog.ui.payments_count.text() != loading, timeout=10_000)
    return dialog


def press(qtbot: QtBot, dialog: OrderDialog, key: Qt.Key) -> None:
    """A shortcut key, in the active window, as for a person."""
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    qtbot.keyClick(dialog, key)


def start_payment(qtbot: QtBot, dialog: OrderDialog) -> PaymentDialog:
    """F8 on the order: its payment form, in front and taking the keys, as the cashier sees it."""
    press(qtbot, dialog, Qt.Key.Key_F8)
    title = QApplication.translate("PaymentDialog", "Record payment — order {number}")
    form = window_titled(qtbot, title.format(number=dialog.order.order_id), PaymentDialog)
    qtbot.waitUntil(form.isActiveWindow)
    return form


def fill_slip(
    qtbot: QtBot,
    form: PaymentDialog,
    last_four: str = "4242",
    nsu: str = "778899",
    auth: str = "AB12CD",
    brand: str = "Visa",
) -> None:
    """Type the slip into ``form``'s fields, once it is in front (a person types into the
    window they see; keys sent before it came are held for it, issue 86)."""
    form.activateWindow()  # as a person clicks the form to type into it
    # In front, and no other window still coming forward (another form opened a moment ago
    # takes the keys typed until it is in front, as it would come in front of this one).
    qtbot.waitUntil(lambda: form.isActiveWindow() and not type_ahead().holding, timeout=5_000)
    if not form.ui.brand.currentText():
        form.ui.brand.setFocus()
        qtbot.keyClicks(form.ui.brand, brand)
    for field, text in ((form.ui.last_four, last_four), (form.ui.nsu, nsu), (form.ui.auth, auth)):
        field.setFocus()
        qtbot.keyClicks(field, text)


def payment_at_summary(qtbot: QtBot, window: MainWindow) -> tuple[Order, PaymentDialog]:
    """An open order's payment form, filled from a slip and showing its summary."""
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    return order, form


def shown_in_the_list(window: MainWindow, order_id: int) -> Order:
    """The order as the list shows it now."""
    return next(o for o in window.orders.model.visible_orders() if o.order_id == order_id)


def closed_paid_in_full(
    qtbot: QtBot, window: MainWindow, dialog: OrderDialog, order: Order
) -> None:
    """The payment left nothing owed: the order's window closes, and the list comes forward
    saying which order the payment went to, its filter ready for the next order's number."""
    qtbot.waitUntil(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible(), timeout=10_000)
    said = f"Payment of {money(order.balance_due, 'en_US')} recorded for order {order.order_id}."
    qtbot.waitUntil(lambda: window.orders.message_bar.text() == said, timeout=10_000)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.orders.filter_edit, timeout=5_000)
    qtbot.waitUntil(
        lambda: shown_in_the_list(window, order.order_id).balance_due == 0, timeout=10_000
    )


def recorded(form: PaymentDialog) -> bool:
    """The payment was recorded: its form, and the draft it kept, are gone."""
    return not shiboken6.isValid(form)


def open_order(window: MainWindow, skip: int = 0) -> Order:
    unpaid = [
        o for o in window.orders.model.visible_orders() if o.amount_paid == 0 and o.amount > 50
    ]
    return unpaid[skip]


def nsus(server: SandboxServer, order_id: int) -> list[str]:
    answer = httpx.get(
        f"{server.base_url}/api/v1/orders-payment/payments/{order_id}",
        headers={"Authorization": f"Bearer {server.token()}"},
    )
    return [p["nsu"] for p in answer.json()]


def test_record_a_payment_by_keyboard_only(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    assert (
        Decimal(form.ui.amount.text().replace(",", "")) == order.balance_due
    )  # defaults to the balance
    assert not form.ui.user_id.isEnabled() and form.ui.user_id.value() == 2001  # from the session
    fill_slip(qtbot, form)
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)  # Enter: the summary
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    slip = form.ui.summary_slip  # the slip the question is about, above it
    assert slip.ui.card_value.text() == "Visa, Credit, •••• 4242"
    assert slip.ui.nsu_value.text() == "778899" and slip.ui.order_value.text() == str(
        order.order_id
    )
    assert form.ui.summary.text() == f"Record this payment on order {order.order_id}?"
    assert form.ui.summary_consequences.text().endswith(
        "Send (Enter): the service records the payment on the order."
    )
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)  # Enter again: sent
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    closed_paid_in_full(qtbot, window, dialog, order)  # its window has nothing left to do
    assert nsus(sandbox, order.order_id) == ["778899"]


def test_a_slip_typed_the_next_morning_is_kept_on_its_own_day(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    today = QDate.currentDate()
    assert form.ui.slip_date.date() == today  # today unless the cashier says otherwise
    assert form.ui.slip_date.maximumDate() == today  # a slip is never of a day to come
    fill_slip(qtbot, form)
    form.ui.slip_date.setFocus()
    earlier = today.addDays(-1)  # typed, as the cashier reads it on the slip
    qtbot.keyClicks(form.ui.slip_date, earlier.toString(form.ui.slip_date.displayFormat()))
    qtbot.keyClick(form.ui.slip_date, Qt.Key.Key_Return)  # Enter reviews from here too
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    assert form.ui.summary_slip.ui.day_value.text() == earlier.toString("M/d/yy")
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    journal = window.ctx.outbox.journal
    day = date(earlier.year(), earlier.month(), earlier.day())
    assert [e.payment.nsu for e in journal.entries_of_day("001", day)] == ["778899"]


def test_the_same_slip_twice_is_refused_before_sending(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    form.ui.amount.setText("10.00")
    fill_slip(qtbot, form)
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    second = start_payment_again(qtbot, dialog)
    second.ui.amount.setText("10.00")
    fill_slip(qtbot, second)
    second.ui.review_button.click()
    qtbot.waitUntil(lambda: "already has a payment" in second.ui.message_bar.text(), timeout=5_000)
    assert second.ui.pages.currentIndex() == 0
    assert nsus(sandbox, order.order_id) == ["778899"]


def start_payment_again(qtbot: QtBot, dialog: OrderDialog) -> PaymentDialog:
    qtbot.waitUntil(lambda: dialog.ui.record_payment_button.isEnabled(), timeout=5_000)
    return start_payment(qtbot, dialog)


def test_commit_then_drop_ends_with_exactly_one_payment(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    sandbox.faults.update({"drop_after_commit": 1})
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    assert nsus(sandbox, order.order_id) == ["778899"]
    assert window.ctx.outbox.journal.open_entries() == []


def test_server_error_then_explicit_resend_records_once(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})
    form.ui.send_button.click()
    qtbot.waitUntil(
        lambda: form.ui.pages.currentIndex() == 2, timeout=10_000
    )  # the cashier decides
    assert "does not have it" in form.ui.review_text.text()
    assert form.ui.review_slip.ui.nsu_value.text() == "778899"  # the slip to decide about
    assert form.ui.review_slip.ui.time_value.isVisible()  # and when it was written
    assert "Set it aside: nothing is sent" in form.ui.review_consequences.text()
    assert nsus(sandbox, order.order_id) == []  # nothing was re-sent by itself
    qtbot.waitUntil(window.pending_bar.isVisible, timeout=5_000)
    form.ui.send_again_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    assert nsus(sandbox, order.order_id) == ["778899"]
    qtbot.waitUntil(lambda: not window.pending_bar.isVisible(), timeout=5_000)


def test_rejections_show_the_services_words_and_keep_the_form(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    # Meanwhile another till takes most of the balance: this one is now over the balance.
    taken = httpx.post(
        f"{sandbox.base_url}/api/v1/orders-payment/payments/create",
        headers={"Authorization": f"Bearer {sandbox.token('cashier', 7)}"},
        json={"orderId": order.order_id, "card": "************1111", "auth": "X9", "nsu": "1",
              "installments": 1, "amount": 20.0, "flagName": "Elo", "paymentType": "debit", "userId": 7},
    )  # fmt: skip
    assert taken.status_code == 201
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: "did not accept" in form.ui.message_bar.text(), timeout=10_000)
    assert "balance" in form.ui.message_bar.text()
    assert (
        form.ui.pages.currentIndex() == 0 and form.ui.nsu.text() == "778899"
    )  # kept for correction
    # The order behind shows what the service now has (the other till's R$20.00), no F5.
    behind = form.parent()
    assert isinstance(behind, OrderDialog)
    paid = money(Decimal("20.00"), window.ctx.locale)
    qtbot.waitUntil(lambda: paid in behind.ui.amount_paid.text(), timeout=10_000)


def test_unknown_order_is_404_in_words(qtbot: QtBot, window: MainWindow) -> None:
    order = open_order(window)
    dialog = open_order_by_keyboard(qtbot, window, order)
    ghost = Order(order_id=999_999_999, amount_number=50.0, store_id="001", installments=1)
    dialog.order = ghost  # the order vanished at the service while it was on screen
    form = start_payment(qtbot, dialog)
    form.ui.amount.setText("10.00")
    fill_slip(qtbot, form)
    form.ui.review_button.click()
    qtbot.waitUntil(
        lambda: (
            "no longer exists" in form.ui.message_bar.text() or form.ui.pages.currentIndex() == 1
        ),
        timeout=5_000,
    )
    assert (
        "no longer exists" in form.ui.message_bar.text()
    )  # the duplicate check already met the 404


def test_a_full_card_number_is_refused_anywhere(qtbot: QtBot, window: MainWindow) -> None:
    filter_edit = window.orders.filter_edit
    filter_edit.setFocus()
    qtbot.keyClicks(filter_edit, PAN)
    qtbot.waitUntil(lambda: filter_edit.text() == "", timeout=5_000)
    qtbot.keyClick(filter_edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert PAN[:12] not in filter_edit.text()  # not in the undo history either
    order = open_order(window)
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, order))
    spaced = f"{PAN[:4]} {PAN[4:8]} {PAN[8:12]} {PAN[12:]}"  # as a slip or a card prints it
    QGuiApplication.clipboard().setText(f"card {spaced}")
    for field in (form.ui.nsu, form.ui.auth, form.ui.amount):
        field.setFocus()
        qtbot.waitUntil(field.hasFocus)  # as a person pastes: into the active window's field
        qtbot.keyClick(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    # The fields of this desk's windows (every widget of the process would include what other
    # tests left for deletion: reading those crashed a run once).
    edits = [*window.findChildren(QLineEdit), *form.findChildren(QLineEdit)]
    for edit in edits:
        digits = "".join(c for c in edit.text() if c.isdigit())
        assert spaced not in edit.text() and PAN[:12] not in digits, edit.accessibleName()
    QGuiApplication.clipboard().clear()


def test_a_card_number_dropped_on_a_field_never_typed_in_is_refused(
    qtbot: QtBot, window: MainWindow
) -> None:
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, open_order(window)))
    brand = form.ui.brand.lineEdit()  # empty until chosen, and it takes any text
    assert brand is not None
    assert not form.ui.brand.hasFocus()  # the form opens on another field: a drop needs none
    dragged = QMimeData()
    dragged.setText(f"{PAN[:4]} {PAN[4:8]} {PAN[8:12]} {PAN[12:]}")  # from a slip's scan
    at = QPointF(brand.mapTo(form, brand.rect().center()))
    copy, no_button, no_key = (
        Qt.DropAction.CopyAction, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    )  # fmt: skip
    # As the platform hands a drag to the window under the pointer, and the window to the field.
    entered = QDragEnterEvent(at.toPoint(), copy, dragged, no_button, no_key)
    QApplication.sendEvent(form.windowHandle(), entered)
    QApplication.sendEvent(form.windowHandle(), QDropEvent(at, copy, dragged, no_button, no_key))
    qtbot.waitUntil(lambda: "full card number" in form.ui.message_bar.text(), timeout=5_000)
    assert form.ui.message_bar.text().startswith(form.ui.brand.accessibleName() + ":")
    assert brand.text() == ""


def test_cashier_cannot_invoice_and_a_403_is_explained(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, role="cashier")
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    order = next(o for o in main.orders.model.visible_orders() if o.balance_due == 0)
    dialog = open_order_by_keyboard(qtbot, main, order)
    assert not dialog.ui.issue_invoice_button.isEnabled()
    assert "manager" in dialog.ui.issue_invoice_button.toolTip()
    invoice = dialog.open_invoice()  # the service decides, and its 403 is explained
    invoice.issue_button.click()
    qtbot.waitUntil(lambda: "Only a manager" in invoice.message_bar.text(), timeout=10_000)
    close_window(qtbot, main)


def open_invoice_by_keyboard(
    qtbot: QtBot, window: MainWindow, order: Order
) -> tuple[OrderDialog, InvoiceDialog]:
    """Open a paid order by keyboard, wait for its payment, and press F9 for its invoice."""
    dialog = open_order_by_keyboard(qtbot, window, order)
    qtbot.waitUntil(lambda: len(dialog.payment_list) == 1, timeout=10_000)
    press(qtbot, dialog, Qt.Key.Key_F9)
    return dialog, window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)


def test_manager_issues_an_invoice_and_saves_it_as_pdf(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer, tmp_path: Path
) -> None:
    order = open_order(window)
    pay_in_full(sandbox, order)
    _, invoice = open_invoice_by_keyboard(qtbot, window, order)
    ui = invoice.ui
    assert ui.checklist.y() < ui.summary.y()  # read first: what is in order, then the invoice
    invoice.issue_button.click()
    qtbot.waitUntil(lambda: invoice.issued, timeout=10_000)
    assert ui.consequences.isHidden() and ui.checklist.isHidden()  # of a button that is gone
    document = invoice.summary.toPlainText()
    record = window.ctx.invoices.get("001", order.order_id)
    assert record is not None and record.number and len(record.access_key) == 44
    assert record.grouped_access_key() in document  # in groups of four, as a DANFE prints it
    assert "accessKey" not in document  # a document, not the service's key: value lines
    invoice.ui.details_button.click()
    assert record.access_key in invoice.summary.toPlainText()  # the whole answer, under Details
    pdf = invoice.save_pdf(str(tmp_path / "invoice.pdf"))
    assert pdf is not None and Path(pdf).read_bytes().startswith(b"%PDF")


def test_an_open_journal_is_reconciled_at_start_up(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
    tmp_path: Path,
) -> None:
    """A payment sent by an app that was killed before it heard back is settled by the next."""
    journal_path = tmp_path / "shared-journal.sqlite3"
    orders = httpx.get(
        f"{sandbox.base_url}/api/v1/orders-payment/orders/001",
        headers={"Authorization": f"Bearer {sandbox.token()}"},
    ).json()
    order = next(o for o in orders if o["amountPaid"] == 0)
    from desktop_app.api.models import NewPayment

    killed = PaymentJournal(journal_path)
    payment = NewPayment(
        order_id=order["orderId"], card="************4242", auth="KILL1", nsu="31337",
        installments=1, amount=Decimal("5.00"), flag_name="Visa", payment_type="credit", user_id=2001,
    )  # fmt: skip
    entry = killed.add("001", payment)
    httpx.post(
        f"{sandbox.base_url}/api/v1/orders-payment/payments/create",
        headers={"Authorization": f"Bearer {sandbox.token()}", "Content-Type": "application/json"},
        content=payment.to_json(),
    ).raise_for_status()  # the first app died right here
    killed.close()
    main = open_window(qtbot, sandbox, settings, journal=journal_path)
    recorder = main.ctx.outbox
    qtbot.waitUntil(
        lambda: recorder.journal.get(entry.id).state is EntryState.CONFIRMED, timeout=10_000
    )
    # The bar follows when the reconciliation task ends, a moment after the journal changes.
    qtbot.waitUntil(lambda: not main.pending_bar.isVisible(), timeout=5_000)
    close_window(qtbot, main)


def test_after_a_session_no_card_number_or_token_is_on_disk(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer, settings: QSettings, tmp_path: Path
) -> None:
    token = window.ctx.session.session.token
    assert token is not None
    order = open_order(window)
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, order))
    form.ui.last_four.setFocus()
    qtbot.keyClicks(form.ui.last_four, PAN)  # the cashier types the whole number by mistake
    qtbot.waitUntil(lambda: form.ui.last_four.text() == "", timeout=5_000)  # refused
    fill_slip(qtbot, form)
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    settings.sync()
    window.sign_out_action.trigger()
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name.startswith("journal") for p in files) and any(
        p.suffix == ".ini" for p in files
    )
    on_disk = b"".join(p.read_bytes() for p in files)
    assert PAN.encode() not in on_disk and PAN[:12].encode() not in on_disk
    assert token.encode() not in on_disk and token.split(".")[1].encode() not in on_disk


def test_time_out_before_commit_then_one_resend_records_one(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, timeout=0.5)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    order, form = payment_at_summary(qtbot, main)
    sandbox.faults.update({"latency_ms": 1_500})  # slower than the app waits: nothing committed
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 2, timeout=15_000)
    assert "may or may not" in form.ui.review_text.text()  # it could not even check
    assert not form.ui.send_again_button.isEnabled()  # no re-send before the check
    assert sandbox.faults.wait_for_client_left(10)
    sandbox.faults.reset()
    form.ui.check_again_button.click()
    qtbot.waitUntil(lambda: "does not have it" in form.ui.review_text.text(), timeout=10_000)
    assert nsus(sandbox, order.order_id) == []
    form.ui.send_again_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    assert nsus(sandbox, order.order_id) == ["778899"]
    close_window(qtbot, main)


def test_the_cashier_can_stop_waiting_and_the_payment_is_looked_for(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window = open_window(qtbot, sandbox, settings, timeout=60)  # the cashier gives up first
    qtbot.waitUntil(lambda: window.orders.model.rowCount() == 60, timeout=10_000)
    order, form = payment_at_summary(qtbot, window)
    create = "/api/v1/orders-payment/payments/create"
    # The service takes its time over this payment (not over the reads): the cashier stops waiting.
    sandbox.faults.update({"latency_ms": 60_000, "latency_path": create})
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(form.ui.stop_waiting_button.isVisible, timeout=5_000)
    qtbot.waitUntil(lambda: create in sandbox.faults.paths_seen, timeout=5_000)  # it is there
    assert form.ui.stop_waiting_button.text() == "Stop &waiting"  # Alt+W, or Tab to it
    form.ui.stop_waiting_button.setFocus()
    qtbot.keyClick(form.ui.stop_waiting_button, Qt.Key.Key_Space)
    assert "Checking whether the service has" in form.ui.message_bar.text()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 2, timeout=15_000)
    assert sandbox.faults.client_left  # the send was abandoned, not waited out
    assert "does not have it" in form.ui.review_text.text()
    assert form.entry is not None and form.entry.state is EntryState.NEEDS_REVIEW
    sandbox.faults.reset()
    assert nsus(sandbox, order.order_id) == []
    close_window(qtbot, window)


def order_with_one_payment(qtbot: QtBot, window: MainWindow) -> tuple[Order, OrderDialog]:
    """An open order that a payment of 10.00 (NSU 778899) was just recorded on, in its window."""
    order, form = payment_at_summary(qtbot, window)
    form.ui.amount.setText("10.00")
    form.show_form()
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    dialog = window_titled(qtbot, f"Order {order.order_id}", OrderDialog)
    qtbot.waitUntil(lambda: len(dialog.payment_list) == 1, timeout=10_000)
    return order, dialog


def second_payment_at_summary(
    qtbot: QtBot, dialog: OrderDialog, amount: str, **slip: str
) -> PaymentDialog:
    """Another payment of the order in ``dialog``, filled in and at its summary page."""
    second = start_payment_again(qtbot, dialog)
    second.ui.amount.setText(amount)
    fill_slip(qtbot, second, **slip)
    second.ui.review_button.click()
    qtbot.waitUntil(lambda: second.ui.pages.currentIndex() == 1, timeout=5_000)
    return second


def test_a_near_duplicate_asks_before_sending(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, dialog = order_with_one_payment(qtbot, window)
    # The same card, brand and amount as the first.
    second = second_payment_at_summary(qtbot, dialog, "10.00", nsu="112233", auth="ZZ99")
    assert "Careful" in second.ui.summary.text()
    assert "anyway" in second.ui.send_button.text()
    second.ui.back_button.click()
    assert nsus(sandbox, order.order_id) == ["778899"]


def test_an_unreadable_payment_of_the_order_makes_the_summary_warn(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, dialog = order_with_one_payment(qtbot, window)
    sandbox.faults.update({"unreadable_next": 1})  # the order's payments, read for the review
    second = second_payment_at_summary(
        qtbot, dialog, "5.00", last_four="1111", nsu="5550001", auth="QQ11", brand="Elo"
    )
    assert "could not be read here (1)" in second.ui.summary.text()
    # Enter lands on Back: the unreadable payment may be this very slip.
    assert second.ui.back_button.isDefault() and not second.ui.send_button.isDefault()
    qtbot.keyClick(second.ui.back_button, Qt.Key.Key_Return)
    assert second.ui.pages.currentIndex() == 0
    assert nsus(sandbox, order.order_id) == ["778899"]


def test_two_payment_forms_review_without_cancelling_each_other(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    dialogs = [open_order_by_keyboard(qtbot, window, open_order(window, n)) for n in (0, 1)]
    forms = [dialog.open_payment() for dialog in dialogs]  # two orders, each with its form
    for number, form in enumerate(forms):
        fill_slip(qtbot, form, nsu=f"55{number}")
    sandbox.faults.update({"latency_ms": 400})  # both checks are at the service at once
    for form in forms:
        form.ui.review_button.click()

    def both_at_their_summary() -> None:  # else what each form says, in the failure
        said = [(f.ui.pages.currentIndex(), f.ui.message_bar.text()) for f in forms]
        assert [page for page, _ in said] == [1, 1], said

    qtbot.waitUntil(both_at_their_summary, timeout=10_000)
    assert all(f.ui.review_button.isEnabled() for f in forms)


def test_a_401_while_sending_signs_in_over_the_form_and_sends_the_same_payment_once(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    sandbox.faults.update({"fail_next": 1, "fail_status": 401})  # the session ended meanwhile
    form.ui.send_button.click()
    sign_in = window_titled(qtbot, "Sign in", SignInDialog)
    assert sign_in.parent() is form  # over the form, which keeps the slip as it was
    assert nsus(sandbox, order.order_id) == []  # the service did not look at it
    sign_in.ui.token_way_button.click()
    sign_in.ui.token_field.setText(sandbox.token("manager"))
    sign_in.sign_in_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)  # the same send, made again
    assert nsus(sandbox, order.order_id) == ["778899"]  # once


def test_the_look_after_a_sign_in_leaves_the_slip_its_form_sends_again(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """A 401 ended the form's sending; the sign-in both sends it again (the form) and looks for
    what was left open (the desk). The look must leave the form's slip to the form: found by
    the look before the form's answer came, it was confirmed twice, and the cashier was shown
    an error for a payment the service had recorded (a loaded machine, once in three runs).
    Here the look reads after the service took the payment and before its answer came."""
    order, form = payment_at_summary(qtbot, window)
    sandbox.faults.update({"fail_next": 1, "fail_status": 401})  # the session ended meanwhile
    form.ui.send_button.click()
    sign_in = window_titled(qtbot, "Sign in", SignInDialog)
    sandbox.faults.update(
        {
            "answer_delay_ms": 1_500,  # the payment is taken at once, its answer comes late
            "latency_ms": 300,  # and the look's read of the order's payments comes between
            "latency_path": f"/api/v1/orders-payment/payments/{order.order_id}",
        }
    )
    sign_in.ui.token_way_button.click()
    sign_in.ui.token_field.setText(sandbox.token("manager"))
    sign_in.sign_in_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)  # no error: recorded, and said
    assert nsus(sandbox, order.order_id) == ["778899"]
    entries = window.ctx.outbox.journal.entries_of(LOOKED_FOR)
    assert entries == []  # nothing left to look for: the form's answer settled it


def test_a_401_while_checking_pending_payments_signs_in_and_checks_again(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 2, timeout=10_000)
    behind = form.parent()  # reads the order again after the answer: done before the 401
    assert isinstance(behind, OrderDialog)
    reading = ("order", "payments")
    qtbot.waitUntil(lambda: not any(map(behind.calls.is_running, reading)), timeout=10_000)
    window.pending_bar.button.click()
    pending = window_titled(qtbot, "Pending payments", PendingPaymentsDialog)
    assert not pending.ui.slip.isVisible()  # nothing chosen: no slip to decide about
    pending.ui.table.selectRow(0)
    slip = pending.ui.slip.ui  # the card's fields, made as it first shows a slip
    assert slip.nsu_value.isVisible() and slip.nsu_value.text() == "778899"
    assert pending.ui.slip.ui.order_value.text() == str(order.order_id)
    sandbox.faults.update({"fail_next": 1, "fail_status": 401})  # the session has ended
    pending.ui.check_button.click()
    sign_in = window_titled(qtbot, "Sign in", SignInDialog)
    assert sign_in.parent() is pending and "Done" not in pending.message_bar.text()
    sign_in.ui.token_way_button.click()
    sign_in.ui.token_field.setText(sandbox.token("manager"))
    sign_in.sign_in_button.click()
    # The check that met the 401 runs again by itself once signed in, and says so.
    qtbot.waitUntil(lambda: pending.message_bar.text() == "Done.", timeout=10_000)
    assert nsus(sandbox, order.order_id) == []


SCANNED = "5555555555554444"  # recognised at its 13th digit: three more keys follow at once


@pytest.mark.parametrize(
    ("field_name", "typed"),
    [("last_four", SCANNED), ("nsu", SCANNED), ("brand", "4111.1111.1111.1111")],
)
def test_a_card_number_typed_at_scanner_speed_leaves_nothing_in_the_field(
    qtbot: QtBot, window: MainWindow, field_name: str, typed: str
) -> None:
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, open_order(window)))
    named = getattr(form.ui, field_name)
    field: QLineEdit = named if isinstance(named, QLineEdit) else named.lineEdit()
    field.setFocus()
    qtbot.keyClicks(field, typed, delay=1)  # a scanner: a key a millisecond, events between
    qtbot.waitUntil(lambda: "full card number" in form.ui.message_bar.text(), timeout=5_000)
    assert field.text() == ""  # no tail of it ("444") was left behind
    assert form.ui.message_bar.text().startswith(named.accessibleName() + ":")  # names its field
    assert "digits only" not in form.ui.message_bar.text()  # the real reason, not the field's rule


def test_what_to_correct_is_said_in_words_and_goes_once_its_field_is_edited(
    qtbot: QtBot, window: MainWindow
) -> None:
    order = open_order(window)
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, order))
    fill_slip(qtbot, form)
    form.ui.amount.setText(f"{order.balance_due + Decimal('0.01'):.2f}")
    form.ui.review_button.click()
    # Refused once the service answers (away, the slip would be kept and held for a person).
    qtbot.waitUntil(lambda: "more than the balance due" in form.ui.message_bar.text())
    assert form.ui.pages.currentIndex() == 0
    assert money(order.balance_due, window.ctx.locale) in form.ui.message_bar.text()
    qtbot.keyClicks(form.ui.nsu, "1")  # another field: the words stay
    assert form.ui.message_bar.text()
    form.ui.amount.setFocus()
    qtbot.keyClick(form.ui.amount, Qt.Key.Key_Backspace)  # the amount itself: they go
    assert form.ui.message_bar.text() == ""
    form.ui.amount.setText("10.00")
    form.ui.brand.setCurrentIndex(-1)
    form.ui.brand.setEditText("")
    form.ui.review_button.click()
    assert form.ui.message_bar.text() == "Choose the card brand."
    assert form.ui.pages.currentIndex() == 0  # nothing reviewed, nothing checked


def test_more_than_four_digits_that_are_no_card_number_are_emptied_with_a_word(
    qtbot: QtBot, window: MainWindow
) -> None:
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, open_order(window)))
    field = form.ui.last_four
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)  # the form is the active window: Tab leaves the field
    qtbot.keyClicks(field, "12345")  # more than four digits, not a card number
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    assert field.text() == "" and "only the last four" in form.ui.message_bar.text()


def test_a_near_duplicate_is_not_sent_by_enter_enter(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    form.ui.back_button.click()
    form.ui.amount.setText("10.00")
    form.ui.review_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    qtbot.keyClick(form.focusWidget(), Qt.Key.Key_Return)  # the ordinary flow: Enter sends
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    dialog = window_titled(qtbot, f"Order {order.order_id}", OrderDialog)
    qtbot.waitUntil(lambda: len(dialog.payment_list) == 1, timeout=10_000)
    second = start_payment_again(qtbot, dialog)
    second.ui.amount.setText("10.00")
    fill_slip(qtbot, second, nsu="112233", auth="ZZ99")  # same card, brand and amount
    qtbot.keyClick(second.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: second.ui.pages.currentIndex() == 1, timeout=5_000)
    assert "Careful" in second.ui.summary.text()
    qtbot.keyClick(second.focusWidget(), Qt.Key.Key_Return)  # a practised second Enter...
    assert second.ui.pages.currentIndex() == 0  # ...goes back: nothing sent
    assert nsus(sandbox, order.order_id) == ["778899"]
    qtbot.keyClick(second.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: second.ui.pages.currentIndex() == 1, timeout=5_000)
    qtbot.keyClick(second.focusWidget(), Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: recorded(second), timeout=10_000)  # its own key sends it
    assert sorted(nsus(sandbox, order.order_id)) == ["112233", "778899"]


def test_esc_keeps_the_slip_until_the_order_is_closed(qtbot: QtBot, window: MainWindow) -> None:
    dialog = open_order_by_keyboard(qtbot, window, open_order(window))
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form, nsu="4455", auth="QW12")
    qtbot.keyClick(form.ui.nsu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not form.isVisible(), timeout=5_000)
    again = start_payment(qtbot, dialog)  # F8 again: the same slip, as it was typed
    assert (again.ui.last_four.text(), again.ui.nsu.text(), again.ui.auth.text()) == (
        "4242", "4455", "QW12",
    )  # fmt: skip
    assert again.ui.brand.currentText() == "Visa"


def test_no_brand_is_chosen_for_the_cashier(qtbot: QtBot, window: MainWindow) -> None:
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, open_order(window)))
    assert form.ui.brand.currentText() == ""
    for field, text in ((form.ui.last_four, "4242"), (form.ui.nsu, "1"), (form.ui.auth, "A1")):
        field.setFocus()
        qtbot.keyClicks(field, text)
    form.ui.review_button.click()
    assert "brand" in form.ui.message_bar.text() and form.ui.pages.currentIndex() == 0
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow, timeout=5_000)
    form.ui.brand.setFocus()
    qtbot.keyClicks(form.ui.brand, "m")  # one letter completes it
    qtbot.keyClick(form.ui.brand, Qt.Key.Key_Return)  # and Enter there reviews, as anywhere
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    assert form.ui.summary_slip.ui.card_value.text().startswith("Mastercard, ")


def pay_in_full(sandbox: SandboxServer, order: Order) -> None:
    httpx.post(
        f"{sandbox.base_url}/api/v1/orders-payment/payments/create",
        headers={"Authorization": f"Bearer {sandbox.token('cashier', 7)}"},
        json={"orderId": order.order_id, "card": "************1111", "auth": "X9", "nsu": "1",
              "installments": 1, "amount": float(order.amount), "flagName": "Elo",
              "paymentType": "debit", "userId": 7},
    ).raise_for_status()  # fmt: skip


def test_an_invoice_issued_here_is_found_again_and_opens_again(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    pay_in_full(sandbox, order)
    dialog, invoice = open_invoice_by_keyboard(qtbot, window, order)
    invoice.issue_button.click()
    qtbot.waitUntil(lambda: invoice.issued, timeout=10_000)
    document = invoice.summary.toPlainText()
    invoice.close()
    assert dialog.fields["status"].text() == "Invoiced here"
    page = window.orders  # behind the windows in front, it follows on the next turn
    row = page.model.visible_orders().index(order)
    qtbot.waitUntil(lambda: page.model.data(page.model.index(row, 2)) == "Invoiced here")
    page.ui.status_combo.setCurrentIndex(page.ui.status_combo.findText("Invoiced here"))
    assert page.model.visible_orders() == [order]  # the status filter finds it
    press(qtbot, dialog, Qt.Key.Key_F9)  # again: the same invoice, for reprint or PDF
    again = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    assert again.issued and again.summary.toPlainText() == document
    assert not again.issue_button.isVisible()


def test_enter_on_the_invoice_closes_it_and_issuing_takes_its_own_key(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    # An invoice cannot be taken back from the app: Enter lands on the safe choice.
    order = open_order(window)
    pay_in_full(sandbox, order)
    dialog, invoice = open_invoice_by_keyboard(qtbot, window, order)
    consequences = invoice.ui.consequences.text()  # what each button does, under them
    assert "(Alt+I): the service issues this order's invoice" in consequences
    assert consequences.endswith("Close (Enter): nothing is issued.")
    assert invoice.ui.close_button.isDefault() and not invoice.issue_button.autoDefault()
    qtbot.keyClick(invoice, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not invoice.isVisible(), timeout=5_000)
    assert not invoice.issued and window.ctx.invoices.get("001", order.order_id) is None
    press(qtbot, dialog, Qt.Key.Key_F9)
    again = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    qtbot.waitUntil(again.isActiveWindow, timeout=5_000)
    qtbot.keyClick(again, Qt.Key.Key_I, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: again.issued, timeout=10_000)


def test_an_invoice_the_service_refuses_can_be_marked_invoiced_elsewhere(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order = open_order(window)
    pay_in_full(sandbox, order)
    httpx.post(  # another machine invoiced it
        f"{sandbox.base_url}/api/v1/orders-payment/invoice/create",
        headers={"Authorization": f"Bearer {sandbox.token()}"},
        json={"orderId": order.order_id, "userId": 2001},
    ).raise_for_status()
    dialog, invoice = open_invoice_by_keyboard(qtbot, window, order)
    invoice.issue_button.click()
    qtbot.waitUntil(lambda: "already invoiced" in invoice.message_bar.text(), timeout=10_000)
    assert invoice.ui.mark_elsewhere_button.isVisible()  # the service's own words, and a way
    invoice.ui.mark_elsewhere_button.click()
    assert "elsewhere" in invoice.message_bar.text() and not invoice.issue_button.isVisible()
    record = window.ctx.invoices.get("001", order.order_id)
    assert record is not None and record.elsewhere and record.number == ""
    qtbot.waitUntil(lambda: dialog.fields["status"].text() == "Invoiced elsewhere")


def test_after_a_payment_the_orders_list_stays_on_that_order(
    qtbot: QtBot, window: MainWindow
) -> None:
    order = open_order(window, skip=3)
    page = window.orders
    dialog = open_order_by_keyboard(qtbot, window, order)  # its row is the current one
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)
    qtbot.keyClick(form.ui.auth, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    qtbot.keyClick(form.ui.send_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    qtbot.waitUntil(
        lambda: page.model.order_at(page.table.currentIndex().row()).amount_paid > 0,
        timeout=10_000,
    )
    assert page.model.order_at(page.table.currentIndex().row()).order_id == order.order_id


def test_f9_for_a_cashier_says_why_it_does_nothing(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, role="cashier")
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    dialog = open_order_by_keyboard(qtbot, main, open_order(main))
    press(qtbot, dialog, Qt.Key.Key_F9)
    assert dialog.ui.message_bar.isVisible()
    assert "ask a manager" in dialog.ui.message_bar.label.text()
    close_window(qtbot, main)


def test_a_field_says_why_it_dropped_a_character_and_an_error_goes_once_fixed(
    qtbot: QtBot, window: MainWindow
) -> None:
    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, open_order(window)))
    form.ui.nsu.setFocus()
    qtbot.keyClicks(form.ui.nsu, "12a")  # a letter in the NSU
    assert form.ui.nsu.text() == "12" and "digits only" in form.ui.message_bar.text()
    qtbot.keyClicks(form.ui.nsu, "3")  # a key taken: the word goes, once it could be read
    qtbot.waitUntil(lambda: form.ui.message_bar.text() == "", timeout=5_000)
    form.ui.review_button.click()
    assert "last four" in form.ui.message_bar.text()
    form.ui.last_four.setFocus()
    qtbot.keyClicks(form.ui.last_four, "4")
    assert "last four" in form.ui.message_bar.text()  # one digit: still not the last four
    qtbot.keyClicks(form.ui.last_four, "242")
    assert form.ui.message_bar.text() == ""  # the field it was about is fixed


def test_the_invoice_checklist_of_a_paid_order_is_all_ticked(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)  # the whole balance, by the slip
    dialog = form.parent()
    assert isinstance(dialog, OrderDialog)
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    closed_paid_in_full(qtbot, window, dialog, order)
    qtbot.keyClick(window.orders.filter_edit, Qt.Key.Key_F9)  # the list's row: the order paid
    invoice = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    assert invoice.ui.checklist.text().splitlines() == [
        "✓ Nothing is left to pay.",
        "✓ Every payment has its brand, authorization code and NSU.",
        "✓ No payment of this order waits at this desk.",
    ]
    assert invoice.issue_button.text() == "&Issue invoice" and invoice.message_bar.text() == ""


def test_the_invoice_checklist_names_a_payment_waiting_at_this_desk(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    order, form = payment_at_summary(qtbot, window)
    dialog = form.parent()
    assert isinstance(dialog, OrderDialog)
    sandbox.faults.update({"fail_next": 1, "fail_status": 500})
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 2, timeout=10_000)
    form.reject()  # decided later, in Pending payments
    press(qtbot, dialog, Qt.Key.Key_F9)
    invoice = window_titled(qtbot, f"Invoice — order {order.order_id}", InvoiceDialog)
    lines = invoice.ui.checklist.text().splitlines()
    assert lines[0].startswith("✗ ") and "is still to pay" in lines[0]
    assert len(lines) == 2  # nothing of payments the order does not have
    assert lines[1] == (
        f"✗ A payment of {money(order.balance_due, 'en_US')} to this order waits at this desk"
        " (Needs your decision): settle it in Pending payments first."
    )
    assert invoice.issue_button.text() == "&Issue invoice anyway"  # the manager may go on
    assert "The service decides" in invoice.message_bar.text()
    assert invoice.ui.close_button.isDefault()  # and Enter stays on the safe side


def test_a_slip_that_never_left_is_sent_again_as_the_same_entry_and_counted_once(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """An unusable authority file: nothing leaves. Corrected, Send again sends the same slip:
    one entry, one payment at the service, the day close counts it once."""
    from desktop_app.core.day_close.closing import close_day
    from desktop_app.core.journal import local_today
    from desktop_app.gui.settings import preferences as prefs

    order, form = payment_at_summary(qtbot, window)
    unusable = tmp_path / "store-ca.pem"
    unusable.write_text("not a certificate")
    window.ctx.preferences.set(prefs.CA_FILE, str(unusable))
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: form.ui.message_bar.kind == "error", timeout=10_000)
    assert nsus(sandbox, order.order_id) == []  # nothing left this machine
    window.ctx.preferences.set(prefs.CA_FILE, "")  # IT corrects the setting
    qtbot.waitUntil(form.ui.send_button.isEnabled, timeout=5_000)
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: recorded(form), timeout=10_000)
    assert nsus(sandbox, order.order_id) == ["778899"]
    journal = window.ctx.outbox.journal
    ours = [
        e
        for e in journal.entries_of_day("001", local_today())
        if e.payment.order_id == order.order_id
    ]
    assert [e.state for e in ours] == [EntryState.CONFIRMED]  # one slip, one entry
    event_loop = asyncio.get_event_loop()
    event_loop.run_until_complete(window.ctx.outbox.reconcile_open())  # as at the next start
    assert close_day(journal, "001", local_today()).amount == ours[0].payment.amount


def test_an_invoice_that_never_left_says_so_and_may_be_sent_again(
    qtbot: QtBot, window: MainWindow, sandbox: SandboxServer
) -> None:
    """The service cannot be reached (the connection refused): the invoice was not sent, so it
    is not "may or may not have been issued"; Issue stays there to try again."""
    order = open_order(window)
    pay_in_full(sandbox, order)
    _, invoice = open_invoice_by_keyboard(qtbot, window, order)
    port, database = sandbox.port, sandbox.db.path
    sandbox.stop()
    invoice.issue_button.click()
    qtbot.waitUntil(lambda: invoice.message_bar.kind == "error", timeout=10_000)
    assert "may or may not" not in invoice.message_bar.text()
    assert invoice.issue_button.isEnabled() and invoice.ui.resend_confirmation.isHidden()
    back = SandboxServer(database, port=port).start()
    try:
        invoice.issue_button.click()
        qtbot.waitUntil(lambda: invoice.issued, timeout=10_000)
    finally:
        back.stop()

"""One order: every field, its payments and the balance due; F8 records a payment, F9 issues
the invoice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QPushButton, QTableWidgetItem, QWidget

from desktop_app.core.cards import display_card
from desktop_app.core.journal_states import EntryState
from desktop_app.core.money import local_time, money
from desktop_app.core.orders.criteria import status_of
from desktop_app.gui.app_wide.held_over import hold_over
from desktop_app.gui.app_wide.type_ahead import type_ahead
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.calls.reach import service_reach
from desktop_app.gui.generated.ui_order import Ui_OrderDialog
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.value_labels import (
    given,
    named,
    payment_method_label,
    payment_type_label,
    plan_label,
)
from desktop_app.gui.look.window_placement import place, stand_apart
from desktop_app.gui.orders.columns import invoiced_label, status_label
from desktop_app.gui.payments.slip_journal import kept_for, waits_here
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.labels import name_with_value
from desktop_app.gui.widgets.message_bar import Ends
from desktop_app.gui.words.kept_slips import balance_words, recorded_words

if TYPE_CHECKING:
    from collections.abc import Callable

    from desktop_app.api.models import Order, Payment
    from desktop_app.core.journal_entry import JournalEntry
    from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
    from desktop_app.gui.payments.payment_dialog import PaymentDialog
    from desktop_app.gui.shared.context import AppContext
    from desktop_app.gui.words.errors import UserMessage


class OrderDialog(FormTexts, QDialog):
    """One order, its payments, and the ways to record a payment or issue its invoice."""

    PAYMENT_COLUMNS = (  # marked for lupdate, translated where shown
        QT_TRANSLATE_NOOP("OrderDialog", "Paid on"),
        QT_TRANSLATE_NOOP("OrderDialog", "Card"),
        QT_TRANSLATE_NOOP("OrderDialog", "Brand"),
        QT_TRANSLATE_NOOP("OrderDialog", "Type"),
        QT_TRANSLATE_NOOP("OrderDialog", "Inst."),
        QT_TRANSLATE_NOOP("OrderDialog", "Amount"),
        QT_TRANSLATE_NOOP("OrderDialog", "NSU"),
        QT_TRANSLATE_NOOP("OrderDialog", "Auth."),
        QT_TRANSLATE_NOOP("OrderDialog", "User"),
    )

    order_changed = Signal(object)  # Order, as the service now has it (after a payment)
    paid_in_full = Signal(str)  # a payment left nothing owed: what to say (the window closes)

    def __init__(
        self, order: Order, ctx: AppContext, parent: QWidget | None = None, *, store_id: str = ""
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.store_id = order.store_id or store_id  # the service may leave it out
        self.payment_list: list[Payment] = []
        self._payments_read = False
        self._payments_unread = False  # their read failed: F8 need not wait for them
        self._pressed_early: QPushButton | None = None  # F8 or F9 before the payments came
        self._payment_draft: PaymentDialog | None = None
        self._invoiced_elsewhere: bool | None = None  # None: not invoiced, as far as known here
        self.ui = ui = Ui_OrderDialog()
        ui.setupUi(self)
        add_training_banner(ui.layout, ctx.training)
        # A window apart from the list before it is placed: made so after, it lost how its
        # place was meant (the frame's corner, or the inside) and came back a title bar lower.
        stand_apart(self)
        place(self, ctx.preferences)  # fitted to the screen, where it was left
        self.fields = {
            key: getattr(ui, key)
            for key in (
                "order_id", "create_date", "status", "customer", "seller", "billing", "plan",
                "installments", "amount", "amount_paid", "balance_due",
            )
        }  # fmt: skip
        ui.payments.setColumnCount(len(self.PAYMENT_COLUMNS))
        self.calls = Calls(self, ctx.session, ui.message_bar)
        for key, button in (
            (Qt.Key.Key_F8, ui.record_payment_button),
            (Qt.Key.Key_F9, ui.issue_invoice_button),
        ):
            QShortcut(QKeySequence(key), self).activated.connect(
                lambda button=button: self.press(button)
            )
        ui.payments.installEventFilter(self)  # a number typed there: the next order's, surely
        self._retranslate()
        self.show_order(order)
        ctx.pending.changed.connect(self._show_balance)
        ctx.pending.slip_sent.connect(self._on_slip_sent)
        service_reach().answered.connect(self._on_service_back)

    def _retranslate(self) -> None:
        self.ui.payments.setHorizontalHeaderLabels(
            [QCoreApplication.translate("OrderDialog", str(c)) for c in self.PAYMENT_COLUMNS]
        )
        if hasattr(self, "order"):  # shown again in the new language (not yet, while built)
            self._fill(self.order)
            self.show_payments(self.payment_list)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Digits typed into the payments table find nothing there (it searched its rows)."""
        if watched is self.ui.payments and _typed_a_digit(event):
            self._refuse_number()
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        """Digits no field of the window took (a button had the focus)."""
        if _typed_a_digit(event):
            self._refuse_number()
            return
        super().keyPressEvent(event)

    def _refuse_number(self) -> None:
        """No field here takes a number: a cashier typing one means the next order, which
        this window is not. Said, with the key that finds it."""
        self.ui.message_bar.show_info(
            QCoreApplication.translate(
                "OrderDialog",
                "This window is order {number}: nothing here takes a number. To find another"
                " order, press Ctrl+F and type its number.",
            ).format(number=self.order.order_id)
        )

    def press_record_payment(self) -> None:
        """F8, from here or from the orders list."""
        self.press(self.ui.record_payment_button)

    def press_issue_invoice(self) -> None:
        """F9, from here or from the orders list."""
        self.press(self.ui.issue_invoice_button)

    def press(self, button: QPushButton) -> None:
        """The button's action once the payments are read (the form and the invoice show
        them); or, where it is off, the reason it is off."""
        if not self._payments_read and not self._payments_unread:
            self._pressed_early = button  # F8 or F9 from the list: pressed when they come
            type_ahead().hold()  # the card's digits typed meanwhile are the form's
            return
        self._press_now(button)

    def _press_the_early_key(self) -> None:
        """The payments came (or could not): F8 or F9 pressed before them acts now, and the
        keys held for its form go where the focus is if it opened none."""
        if self._pressed_early is not None:
            button, self._pressed_early = self._pressed_early, None
            self._press_now(button)
            type_ahead().let_go()

    def _press_now(self, button: QPushButton) -> None:
        """F8 or F9: the button's action, or, where it is off, the reason it is off (its
        tooltip says it to the mouse; a key gets the same words)."""
        if button.isEnabled():
            button.click()
        else:
            self.ui.message_bar.show_info(button.toolTip())

    @Slot()
    def on_record_payment_button_clicked(self) -> None:
        self.open_payment()

    @Slot()
    def on_issue_invoice_button_clicked(self) -> None:
        if self._payments_unread:  # its checklist would be green for want of the payments
            self.ui.message_bar.show_info(
                QCoreApplication.translate(
                    "OrderDialog",
                    "An invoice needs the order's payments, which could not be read, and the"
                    " service, which numbers it. Try again when the service answers.",
                ),
                ends=Ends(self.calls.answered, ended=lambda name: name == "payments"),
            )
            return
        self.open_invoice()

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.close()

    def show_order(self, order: Order) -> None:
        """Fill the fields with ``order`` (again, after a payment or an invoice)."""
        record = self._ctx.invoices.get(self.store_id, order.order_id)
        self._invoiced_elsewhere = None if record is None else record.elsewhere
        self._fill(order)

    def _fill(self, order: Order) -> None:
        """The fields, in the language of the moment (a change of language reads no file)."""
        self.order = order
        locale = self._ctx.locale
        self.setWindowTitle(
            QCoreApplication.translate("OrderDialog", "Order {number}").format(
                number=order.order_id
            )
        )
        billing, plan = payment_method_label(order.billing_name), plan_label(order.plan_name)
        values = {
            "order_id": str(order.order_id),
            "create_date": local_time(order.create_date, locale),
            "status": self._status_text(order),
            "customer": named(order.customer_name, order.customer_id),
            "seller": named(order.seller_name, order.seller_id),
            "billing": named(billing.text, order.billing_id),
            "plan": named(plan.text, order.plan_id),
            "installments": str(order.installments),
            "amount": money(order.amount, locale),
            "amount_paid": money(order.amount_paid, locale),
        }
        for key, value in values.items():
            self.fields[key].setText(value)
            name_with_value(self.fields[key], getattr(self.ui, f"{key}_title").text())
        for key, name in (("billing", billing), ("plan", plan)):  # unknown: the service's own
            self.fields[key].set_note(name.hint)
        self._show_balance()
        paid_up = order.balance_due <= 0
        record, invoice = self.ui.record_payment_button, self.ui.issue_invoice_button
        record.setEnabled(not paid_up)
        record.setToolTip(
            QCoreApplication.translate("OrderDialog", "This order is paid in full.")
            if paid_up
            else QCoreApplication.translate("OrderDialog", "Record a card payment (F8).")
        )
        refusal = self._invoice_refusal()
        invoice.setEnabled(not refusal)
        invoice.setToolTip(
            refusal or QCoreApplication.translate("OrderDialog", "Issue the invoice (F9).")
        )

    def _show_balance(self) -> None:
        """The balance due, less the slips kept here for this order (read again as they are
        kept, sent or let go)."""
        order = self.order
        kept = kept_for(self._ctx, self.store_id, order.order_id)
        field = self.fields["balance_due"]
        field.setText(balance_words(order.balance_due, kept, self._ctx.locale))
        name_with_value(field, self.ui.balance_due_title.text())

    def _on_slip_sent(self, entry: JournalEntry) -> None:
        """A slip kept for this order reached the service: the order as it now stands there,
        and the words that it is recorded (those that it waits for the service end)."""
        if (entry.store_id, entry.payment.order_id) == (self.store_id, self.order.order_id):
            self.ui.message_bar.show_info(recorded_words(entry, self._ctx.locale))
            self.reload()

    def _status_text(self, order: Order) -> str:
        if self._invoiced_elsewhere is not None:
            return invoiced_label(self._invoiced_elsewhere)
        return status_label(status_of(order))

    def _invoice_refusal(self) -> str:
        if self._ctx.session.session.claims.can_invoice:
            return ""
        return QCoreApplication.translate(
            "OrderDialog", "Your sign-in does not allow issuing invoices: ask a manager."
        )

    def load_payments(self) -> None:
        """Read the order's payments (again)."""
        self.calls.run(
            "payments",
            lambda: self._ctx.client.list_payments(self.order.order_id),
            self._on_payments_read,
            on_error=self._on_payments_unread,
        )

    def _on_payments_unread(self, message: UserMessage, retry: Callable[[], None] | None) -> None:
        """The payments could not be read (the service away): said so, and F8 still opens the
        payment form, which can keep the slip; an invoice waits for the service."""
        self._payments_unread = True
        self.ui.payments_count.setText(
            QCoreApplication.translate("OrderDialog", "The payments could not be read.")
        )
        # Said until the service answers (then read again: _on_service_back).
        self.ui.message_bar.show_error(message.text, retry, ends=message.ends)
        self._press_the_early_key()

    def _on_service_back(self) -> None:
        """The service answers again (to any window): payments it could not give are read."""
        if self._payments_unread:
            self.load_payments()

    def _on_payments_read(self, payments: list[Payment]) -> None:
        self.show_payments(payments)
        self._payments_read = True
        self._payments_unread = False
        self._press_the_early_key()

    def show_payments(self, payments: list[Payment]) -> None:
        """Fill the payments table (cards re-masked to the last four)."""
        self.payment_list = payments
        table = self.ui.payments
        table.setRowCount(len(payments))
        for row, payment in enumerate(payments):
            values = [
                local_time(payment.pay_date, self._ctx.locale),
                given(display_card(payment.card)),  # a Pix payment has none
                given(payment.flag_name),
                payment_type_label(payment.type),
                str(payment.installments),
                money(payment.amount, self._ctx.locale),
                payment.nsu,
                payment.auth,
                payment.user_id,
            ]
            for column, value in enumerate(values):
                table.setItem(row, column, QTableWidgetItem(value))
        table.resizeColumnsToContents()
        self.ui.payments_count.setText(
            QCoreApplication.translate("OrderDialog", "No payments yet.")
            if not payments
            else plural(
                len(payments),
                QCoreApplication.translate("OrderDialog", "{count} payment."),
                QCoreApplication.translate("OrderDialog", "{count} payments."),
            )
        )

    def reload(self, said: str = "") -> None:
        """Read the order and its payments again (a payment was recorded: ``said``, once
        shown)."""
        order = self.order

        def show(fresh: Order) -> None:
            self.show_order(fresh)
            self.order_changed.emit(fresh)
            if said and fresh.balance_due <= 0:
                # Nothing is left to do here: the list, the next order's place, comes forward
                # with the words (README, "The right order").
                self.paid_in_full.emit(said)
                self.close()
                return
            self.load_payments()
            if said:
                self.ui.message_bar.show_info(said)

        self.calls.run(
            "order",
            lambda: self._ctx.client.get_order(self.store_id, order.order_id),
            show,
        )

    # -- F8 and F9 -------------------------------------------------------------------------

    def open_payment(self) -> PaymentDialog:
        """The payment form of this order (F8)."""
        from desktop_app.gui.payments.payment_dialog import PaymentDialog

        dialog = self._payment_draft
        if dialog is None:
            known = sorted({p.type for p in self.payment_list if p.type})
            dialog = PaymentDialog(
                self.order, self._ctx, store_id=self.store_id, known_types=known, parent=self
            )
            hold_over(dialog, self)  # not Qt's modality: it dropped the digits typed with F8
            dialog.payment_recorded.connect(self._on_payment_recorded)
            # Whatever the service answered (a refusal: another desk paid meanwhile), the order
            # here is shown as the service now has it; a recorded payment reloads it above.
            dialog.service_answered.connect(lambda _: self.reload())
            # Esc or Close keeps what was typed until the payment is recorded or this order
            # is closed: F8 brings the same form back.
            self._payment_draft = dialog
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()  # F8 on a window the form was left open over brings it forward
        type_ahead().follow(dialog)
        return dialog

    def _on_payment_recorded(self, _order_id: int) -> None:
        entry = None
        if self._payment_draft is not None:
            entry = self._payment_draft.entry
            self._payment_draft.deleteLater()
            self._payment_draft = None
        said = recorded_words(entry, self._ctx.locale) if entry is not None else ""
        if entry is not None and entry.state in (EntryState.KEPT, EntryState.HELD):
            # Nothing changed at the service yet, which cannot be reached: no reload. The words
            # last while the slip waits here (sent, refused or set aside, they go).
            journal, kept_id = self._ctx.outbox.journal, entry.id
            self.ui.message_bar.show_info(
                said,
                ends=Ends(
                    self._ctx.pending.changed, ended=lambda: not waits_here(journal, kept_id)
                ),
            )
            return
        self.reload(said)  # said where the cashier looks next: it is done

    def open_invoice(self) -> InvoiceDialog:
        """The invoice of this order (F9)."""
        from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog

        dialog = InvoiceDialog(
            self.order, self.payment_list, self._ctx, store_id=self.store_id, parent=self
        )
        dialog.invoice_issued.connect(lambda _: self.show_order(self.order))
        hold_over(dialog, self)
        dialog.show()
        type_ahead().follow(dialog)
        return dialog


def _typed_a_digit(event: QEvent) -> bool:
    return (
        event.type() == QEvent.Type.KeyPress
        and isinstance(event, QKeyEvent)
        and event.text().isdigit()
        and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    )

"""One order: every field, its payments and the balance due; F8 records a payment, F9 issues
the invoice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.cards import display_card
from desktop_app.core.money import local_time, money
from desktop_app.core.orders import status_of
from desktop_app.gui.calls import Calls
from desktop_app.gui.orders.model import status_label
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.message_bar import MessageBar

if TYPE_CHECKING:
    from desktop_app.api.models import Order, Payment
    from desktop_app.gui.context import AppContext
    from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog
    from desktop_app.gui.payments.payment_dialog import PaymentDialog


class OrderDialog(QDialog):
    """One order, its payments, and the ways to record a payment or issue its invoice."""

    PAYMENT_COLUMNS = (  # marked for lupdate, translated where shown
        QT_TRANSLATE_NOOP("dialogs", "Paid on"),
        QT_TRANSLATE_NOOP("dialogs", "Card"),
        QT_TRANSLATE_NOOP("dialogs", "Brand"),
        QT_TRANSLATE_NOOP("dialogs", "Type"),
        QT_TRANSLATE_NOOP("dialogs", "Inst."),
        QT_TRANSLATE_NOOP("dialogs", "Amount"),
        QT_TRANSLATE_NOOP("dialogs", "NSU"),
        QT_TRANSLATE_NOOP("dialogs", "Auth."),
        QT_TRANSLATE_NOOP("dialogs", "User"),
    )

    order_changed = Signal(object)  # Order, as the service now has it (after a payment)

    def __init__(
        self, order: Order, ctx: AppContext, parent: QWidget | None = None, *, store_id: str = ""
    ) -> None:
        super().__init__(parent)
        self.setObjectName("OrderDialog")
        self._ctx = ctx
        self.store_id = order.store_id or store_id  # the service may leave it out
        self.payment_list: list[Payment] = []
        layout = QVBoxLayout(self)
        add_training_banner(layout, ctx.training)
        form = QFormLayout()
        self.fields: dict[str, QLabel] = {}
        titles = {
            "order_id": QCoreApplication.translate("dialogs", "Order"),
            "create_date": QCoreApplication.translate("dialogs", "Date"),
            "status": QCoreApplication.translate("dialogs", "Status"),
            "customer": QCoreApplication.translate("dialogs", "Customer"),
            "seller": QCoreApplication.translate("dialogs", "Seller"),
            "billing": QCoreApplication.translate("dialogs", "Payment method"),
            "plan": QCoreApplication.translate("dialogs", "Plan"),
            "installments": QCoreApplication.translate("dialogs", "Installments"),
            "amount": QCoreApplication.translate("dialogs", "Amount"),
            "amount_paid": QCoreApplication.translate("dialogs", "Paid"),
            "balance_due": QCoreApplication.translate("dialogs", "Balance due"),
        }
        for key, title in titles.items():
            label = QLabel()
            label.setTextFormat(Qt.TextFormat.PlainText)  # service data is data
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setAccessibleName(title)
            self.fields[key] = label
            form.addRow(title, label)
        layout.addLayout(form)
        self.payments = QTableWidget(0, len(self.PAYMENT_COLUMNS))
        self.payments.setHorizontalHeaderLabels(
            [QCoreApplication.translate("dialogs", str(c)) for c in self.PAYMENT_COLUMNS]
        )
        self.payments.setAccessibleName(
            QCoreApplication.translate("dialogs", "Payments of this order")
        )
        self.payments.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.payments.verticalHeader().hide()
        self.payments.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.payments)
        self.message = QLabel(QCoreApplication.translate("dialogs", "Loading payments…"))
        self.message.setObjectName("paymentsCount")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.message_bar = MessageBar()
        layout.addWidget(self.message_bar)
        actions = QDialogButtonBox()
        self.record_payment_button = actions.addButton(
            QCoreApplication.translate("dialogs", "Record payment (F8)"),
            QDialogButtonBox.ButtonRole.ActionRole,
        )
        self.issue_invoice_button = actions.addButton(
            QCoreApplication.translate("dialogs", "Issue invoice (F9)"),
            QDialogButtonBox.ButtonRole.ActionRole,
        )
        actions.addButton(QDialogButtonBox.StandardButton.Close).clicked.connect(self.close)
        layout.addWidget(actions)
        self.calls = Calls(self, ctx.session, self.message_bar)
        self.record_payment_button.clicked.connect(self.open_payment)
        self.issue_invoice_button.clicked.connect(self.open_invoice)
        for shortcut, button in (
            (Qt.Key.Key_F8, self.record_payment_button),
            (Qt.Key.Key_F9, self.issue_invoice_button),
        ):
            QShortcut(QKeySequence(shortcut), self).activated.connect(button.click)
        self.show_order(order)
        self.resize(760, 560)

    def show_order(self, order: Order) -> None:
        """Fill the fields with ``order`` (again, after a payment)."""
        self.order = order
        locale = self._ctx.locale
        self.setWindowTitle(
            QCoreApplication.translate("dialogs", "Order {number}").format(number=order.order_id)
        )
        values = {
            "order_id": str(order.order_id),
            "create_date": local_time(order.create_date, locale),
            "status": status_label(status_of(order)),
            "customer": f"{order.customer_name} ({order.customer_id})",
            "seller": f"{order.seller_name} ({order.seller_id})",
            "billing": f"{order.billing_name} ({order.billing_id})",
            "plan": f"{order.plan_name} ({order.plan_id})",
            "installments": str(order.installments),
            "amount": money(order.amount, locale),
            "amount_paid": money(order.amount_paid, locale),
            "balance_due": money(order.balance_due, locale),
        }
        for key, value in values.items():
            self.fields[key].setText(value)
        paid_up = order.balance_due <= 0
        self.record_payment_button.setEnabled(not paid_up)
        self.record_payment_button.setToolTip(
            QCoreApplication.translate("dialogs", "This order is paid in full.")
            if paid_up
            else QCoreApplication.translate("dialogs", "Record a card payment (F8).")
        )
        refusal = self._invoice_refusal()
        self.issue_invoice_button.setEnabled(not refusal)
        self.issue_invoice_button.setToolTip(
            refusal or QCoreApplication.translate("dialogs", "Issue the invoice (F9).")
        )

    def _invoice_refusal(self) -> str:
        if self._ctx.session.session.claims.can_invoice:
            return ""
        return QCoreApplication.translate(
            "MainWindow", "Your sign-in does not allow issuing invoices: ask a manager."
        )

    def load_payments(self) -> None:
        """Read the order's payments (again)."""
        self.calls.run(
            "payments",
            lambda: self._ctx.client.list_payments(self.order.order_id),
            self.show_payments,
        )

    def show_payments(self, payments: list[Payment]) -> None:
        """Fill the payments table (cards re-masked to the last four)."""
        self.payment_list = payments
        self.payments.setRowCount(len(payments))
        for row, payment in enumerate(payments):
            values = [
                local_time(payment.pay_date, self._ctx.locale),
                display_card(payment.card),
                payment.flag_name,
                payment.type,
                str(payment.installments),
                money(payment.amount, self._ctx.locale),
                payment.nsu,
                payment.auth,
                payment.user_id,
            ]
            for column, value in enumerate(values):
                self.payments.setItem(row, column, QTableWidgetItem(value))
        self.payments.resizeColumnsToContents()
        self.message.setText(
            QCoreApplication.translate("dialogs", "No payments yet.")
            if not payments
            else QCoreApplication.translate("dialogs", "{count} payment(s).").format(
                count=len(payments)
            )
        )

    def reload(self) -> None:
        """Read the order and its payments again (a payment was recorded)."""
        order = self.order

        def show(fresh: Order) -> None:
            self.show_order(fresh)
            self.load_payments()
            self.order_changed.emit(fresh)

        self.calls.run(
            "order",
            lambda: self._ctx.client.get_order(self.store_id, order.order_id),
            show,
        )

    # -- F8 and F9 -------------------------------------------------------------------------

    def open_payment(self) -> PaymentDialog:
        """The payment form of this order (F8)."""
        from desktop_app.gui.payments.payment_dialog import PaymentDialog

        known = sorted({p.type for p in self.payment_list if p.type})
        dialog = PaymentDialog(
            self.order, self._ctx, store_id=self.store_id, known_types=known, parent=self
        )
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.payment_recorded.connect(lambda _: self.reload())
        dialog.open()
        return dialog

    def open_invoice(self) -> InvoiceDialog:
        """The invoice of this order (F9)."""
        from desktop_app.gui.invoices.invoice_dialog import InvoiceDialog

        dialog = InvoiceDialog(self.order, self.payment_list, self._ctx, parent=self)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.open()
        return dialog

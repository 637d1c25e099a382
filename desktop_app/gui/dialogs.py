"""Sign-in and the order view."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.money import local_time, money
from desktop_app.core.orders import status_of
from desktop_app.core.session import InvalidTokenError, read_claims
from desktop_app.gui.bridge import TaskRunner
from desktop_app.gui.errors import describe
from desktop_app.gui.orders_model import status_label
from desktop_app.gui.style import add_training_banner

if TYPE_CHECKING:
    from desktop_app.api.models import Order, Payment


def masked_card(card: str) -> str:
    """Whatever the service sent, only the last four digits are shown."""
    digits = "".join(c for c in card if c.isdigit())
    return "•••• " + digits[-4:] if digits else ""


class SignInDialog(QDialog):
    """Sign in by pasting a token, or with a user name and password at the login address."""

    def __init__(
        self,
        runner: TaskRunner,
        login: Callable[[str, str], Coroutine[Any, Any, str]],
        parent: QWidget | None = None,
        reason: str = "",
        *,
        training: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(QCoreApplication.translate("dialogs", "Sign in"))
        self.setObjectName("SignInDialog")
        self._runner = runner
        self._login = login
        self.token = ""
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
        self.reason = QLabel(reason)
        self.reason.setWordWrap(True)
        self.reason.setVisible(bool(reason))
        layout.addWidget(self.reason)
        self.tabs = QTabWidget()
        self.tabs.setUsesScrollButtons(False)
        self.setMinimumWidth(380)
        layout.addWidget(self.tabs)

        password_page = QWidget()
        form = QFormLayout(password_page)
        self.username = QLineEdit()
        self.username.setAccessibleName(QCoreApplication.translate("dialogs", "User name"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(QCoreApplication.translate("dialogs", "Password"))
        form.addRow(QCoreApplication.translate("dialogs", "&User name"), self.username)
        form.addRow(QCoreApplication.translate("dialogs", "&Password"), self.password)
        self.tabs.addTab(password_page, QCoreApplication.translate("dialogs", "User and password"))

        token_page = QWidget()
        token_form = QFormLayout(token_page)
        self.token_field = QLineEdit()
        self.token_field.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_field.setAccessibleName(QCoreApplication.translate("dialogs", "Access token"))
        token_form.addRow(QCoreApplication.translate("dialogs", "&Access token"), self.token_field)
        self.tabs.addTab(token_page, QCoreApplication.translate("dialogs", "Paste a token"))

        self.message = QLabel()
        self.message.setObjectName("signInMessage")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.sign_in_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.sign_in_button.setText(QCoreApplication.translate("dialogs", "Sign in"))
        layout.addWidget(self.buttons)
        self.buttons.accepted.connect(self.on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)

    def on_buttons_accepted(self) -> None:
        self.message.clear()
        if self.tabs.currentIndex() == 1:
            token = self.token_field.text().strip()
            try:
                read_claims(token)
            except InvalidTokenError:
                self.message.setText(
                    QCoreApplication.translate(
                        "dialogs", "That is not a sign-in token. Copy it again, whole."
                    )
                )
                return
            self._accept_token(token)
            return
        if not self.username.text().strip() or not self.password.text():
            self.message.setText(
                QCoreApplication.translate("dialogs", "Type your user name and password.")
            )
            return
        self.sign_in_button.setEnabled(False)
        self._runner.run(
            "sign-in",
            self._login(self.username.text().strip(), self.password.text()),
            self._accept_token,
            self._on_error,
        )

    def _accept_token(self, token: str) -> None:
        self.token = token
        self.password.clear()
        self.token_field.clear()
        self.accept()

    def _on_error(self, error: BaseException) -> None:
        self.sign_in_button.setEnabled(True)
        from desktop_app import api

        if isinstance(error, api.AuthenticationError):
            self.message.setText(
                QCoreApplication.translate("dialogs", "Wrong user name or password.")
            )
        else:
            self.message.setText(describe(error).text)


class OrderDialog(QDialog):
    """One order: every field, its payments and the balance due."""

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

    record_payment_requested = Signal()
    issue_invoice_requested = Signal()

    def __init__(
        self,
        order: Order,
        locale: str,
        parent: QWidget | None = None,
        *,
        training: bool = False,
        invoice_refusal: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("OrderDialog")
        self.money_locale = locale
        self.invoice_refusal = invoice_refusal
        self.payment_list: list[Payment] = []
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
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
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
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
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.retry_button = QPushButton(QCoreApplication.translate("dialogs", "&Retry"))
        self.retry_button.hide()
        layout.addWidget(self.retry_button)
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
        self.record_payment_button.clicked.connect(self.record_payment_requested)
        self.issue_invoice_button.clicked.connect(self.issue_invoice_requested)
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
        locale = self.money_locale
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
        self.issue_invoice_button.setEnabled(not self.invoice_refusal)
        self.issue_invoice_button.setToolTip(
            self.invoice_refusal or QCoreApplication.translate("dialogs", "Issue the invoice (F9).")
        )

    def show_payments(self, payments: list[Payment]) -> None:
        """Fill the payments table (cards re-masked to the last four)."""
        self.payment_list = payments
        self.payments.setRowCount(len(payments))
        for row, payment in enumerate(payments):
            values = [
                local_time(payment.pay_date, self.money_locale),
                masked_card(payment.card),
                payment.flag_name,
                payment.type,
                str(payment.installments),
                money(payment.amount, self.money_locale),
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
        self.retry_button.hide()

    def show_error(self, text: str) -> None:
        """Say what went wrong, and offer Retry."""
        self.message.setText(text)
        self.retry_button.show()

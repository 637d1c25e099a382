"""Record a card payment the terminal has approved: by keyboard, confirmed, sent exactly once.

Enter on the form shows a summary; Enter again sends. The form stays filled until the service
has accepted the payment; the send button cannot send twice. What the recorder says comes
back here: rejected (the service's words, the form kept for correction), sign in again (then
sent), or unknown (checked at the service; if not found, the cashier chooses to send again or
set it aside, and nothing is ever re-sent by itself).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale, QRegularExpression, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QRegularExpressionValidator, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.cards import masked
from desktop_app.core.money import money
from desktop_app.core.payments import raising_on_sign_in
from desktop_app.gui.calls import Calls
from desktop_app.gui.errors import UserMessage, describe
from desktop_app.gui.payments.slip import BRANDS, PAYMENT_TYPES, parse_amount, warn_near
from desktop_app.gui.widgets.banner import add_training_banner

if TYPE_CHECKING:
    from desktop_app.api.models import NewPayment, Order
    from desktop_app.core.journal import JournalEntry
    from desktop_app.core.payments import DuplicateCheck, Result
    from desktop_app.gui.context import AppContext


class PaymentDialog(QDialog):
    """The payment form of one order."""

    payment_recorded = Signal(int)  # order id

    def __init__(
        self,
        order: Order,
        ctx: AppContext,
        *,
        store_id: str,
        known_types: list[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("PaymentDialog")
        self.setWindowTitle(
            QCoreApplication.translate("PaymentDialog", "Record payment — order {number}").format(
                number=order.order_id
            )
        )
        self.order = order
        self._ctx = ctx
        self.recorder = ctx.recorder
        self.store_id = store_id
        self.money_locale = ctx.locale
        self.qlocale = QLocale(ctx.locale)
        self.entry: JournalEntry | None = None
        user_id = ctx.session.session.claims.user_id

        layout = QVBoxLayout(self)
        add_training_banner(layout, ctx.training)
        self.pages = QStackedWidget()
        layout.addWidget(self.pages)

        form_page = QWidget()
        form = QFormLayout(form_page)
        self.amount = QLineEdit(self.qlocale.toString(float(order.balance_due), "f", 2))
        self.amount.setAccessibleName(QCoreApplication.translate("PaymentDialog", "Amount"))
        self.installments = QSpinBox()
        self.installments.setRange(1, max(order.installments, 1))
        self.installments.setValue(max(order.installments, 1))
        self.installments.setAccessibleName(
            QCoreApplication.translate("PaymentDialog", "Installments")
        )
        self.brand = QComboBox()
        self.brand.setEditable(True)
        self.brand.addItems(BRANDS)
        self.brand.setAccessibleName(QCoreApplication.translate("PaymentDialog", "Card brand"))
        self.payment_type = QComboBox()
        self.payment_type.setEditable(True)
        for kind in dict.fromkeys([*PAYMENT_TYPES, *known_types]):
            self.payment_type.addItem(kind)
        if order.billing_id.upper() == "CD" or "débito" in order.billing_name.casefold():
            self.payment_type.setCurrentText("debit")
        self.payment_type.setAccessibleName(
            QCoreApplication.translate("PaymentDialog", "Payment type")
        )
        self.last_four = QLineEdit()
        self.last_four.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,4}")))
        self.last_four.setPlaceholderText("1234")
        self.last_four.setAccessibleName(
            QCoreApplication.translate("PaymentDialog", "Last four digits of the card")
        )
        self.nsu = QLineEdit()
        self.nsu.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,12}")))
        self.nsu.setAccessibleName(QCoreApplication.translate("PaymentDialog", "NSU"))
        self.auth = QLineEdit()
        self.auth.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"[A-Za-z0-9]{0,12}"))
        )
        self.auth.setAccessibleName(
            QCoreApplication.translate("PaymentDialog", "Authorization code")
        )
        self.user_id = QSpinBox()
        self.user_id.setRange(0, 2_000_000_000)
        self.user_id.setAccessibleName(QCoreApplication.translate("PaymentDialog", "User id"))
        if user_id is not None:
            self.user_id.setValue(user_id)
            self.user_id.setEnabled(False)  # from the session: shown, not typed
        form.addRow(QCoreApplication.translate("PaymentDialog", "&Amount"), self.amount)
        form.addRow(QCoreApplication.translate("PaymentDialog", "&Installments"), self.installments)
        form.addRow(QCoreApplication.translate("PaymentDialog", "&Brand"), self.brand)
        form.addRow(QCoreApplication.translate("PaymentDialog", "T&ype"), self.payment_type)
        form.addRow(
            QCoreApplication.translate("PaymentDialog", "&Card, last four digits"), self.last_four
        )
        form.addRow(QCoreApplication.translate("PaymentDialog", "&NSU"), self.nsu)
        form.addRow(QCoreApplication.translate("PaymentDialog", "Au&thorization code"), self.auth)
        form.addRow(QCoreApplication.translate("PaymentDialog", "&User"), self.user_id)
        self.review_button = QPushButton(
            QCoreApplication.translate("PaymentDialog", "&Review (Enter)")
        )
        self.review_button.setDefault(True)
        form.addRow("", self.review_button)
        self.pages.addWidget(form_page)

        summary_page = QWidget()
        summary_layout = QVBoxLayout(summary_page)
        self.summary = QLabel()
        self.summary.setObjectName("paymentSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        summary_layout.addWidget(self.summary)
        buttons = QHBoxLayout()
        self.back_button = QPushButton(QCoreApplication.translate("PaymentDialog", "&Back"))
        self.send_button = QPushButton(QCoreApplication.translate("PaymentDialog", "&Send (Enter)"))
        buttons.addWidget(self.back_button)
        buttons.addStretch(1)
        buttons.addWidget(self.send_button)
        summary_layout.addLayout(buttons)
        self.pages.addWidget(summary_page)

        review_page = QWidget()
        review_layout = QVBoxLayout(review_page)
        self.review_text = QLabel()
        self.review_text.setWordWrap(True)
        review_layout.addWidget(self.review_text)
        review_buttons = QHBoxLayout()
        self.set_aside_button = QPushButton(
            QCoreApplication.translate("PaymentDialog", "Set it &aside")
        )
        self.check_again_button = QPushButton(
            QCoreApplication.translate("PaymentDialog", "&Check again")
        )
        self.send_again_button = QPushButton(
            QCoreApplication.translate("PaymentDialog", "Send it a&gain")
        )
        for button in (self.set_aside_button, self.check_again_button, self.send_again_button):
            review_buttons.addWidget(button)
        review_layout.addLayout(review_buttons)
        self.pages.addWidget(review_page)

        self.message = QLabel()
        self.message.setObjectName("paymentMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color:#b00020;")
        layout.addWidget(self.message)
        self.calls = Calls(self, ctx.session, None)

        self.review_button.clicked.connect(self.on_review_button_clicked)
        self.back_button.clicked.connect(self.show_form)
        self.send_button.clicked.connect(self.on_send_button_clicked)
        self.send_again_button.clicked.connect(self.on_send_again_button_clicked)
        self.check_again_button.clicked.connect(self.on_check_again_button_clicked)
        self.set_aside_button.clicked.connect(self.on_set_aside_button_clicked)
        for edit in (self.amount, self.last_four, self.nsu, self.auth):
            edit.returnPressed.connect(self.on_review_button_clicked)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self).activated.connect(self.on_escape)
        self.last_four.setFocus()
        self.resize(460, 420)

    # -- form ------------------------------------------------------------------------------

    def payment(self) -> NewPayment | str:
        """The payment the form describes, or words saying what to correct."""
        from desktop_app.api.models import NewPayment

        amount = parse_amount(self.amount.text(), self.qlocale)
        if amount is None or amount <= 0:
            return QCoreApplication.translate("PaymentDialog", "Type the amount, more than zero.")
        if amount != amount.quantize(Decimal("0.01")):
            return QCoreApplication.translate(
                "PaymentDialog", "The amount has at most two decimals."
            )
        if amount > self.order.balance_due:
            return QCoreApplication.translate(
                "PaymentDialog", "The amount is more than the balance due ({due})."
            ).format(due=money(self.order.balance_due, self.money_locale))
        if len(self.last_four.text()) != 4:
            return QCoreApplication.translate(
                "PaymentDialog", "Type the last four digits of the card, from the terminal's slip."
            )
        if not self.nsu.text():
            return QCoreApplication.translate(
                "PaymentDialog", "Type the NSU from the terminal's slip."
            )
        if not self.auth.text():
            return QCoreApplication.translate(
                "PaymentDialog", "Type the authorization code from the terminal's slip."
            )
        if not self.brand.currentText().strip():
            return QCoreApplication.translate("PaymentDialog", "Choose the card brand.")
        return NewPayment(
            order_id=self.order.order_id,
            card=masked(self.last_four.text()),
            auth=self.auth.text().upper(),
            nsu=self.nsu.text(),
            installments=self.installments.value(),
            amount=amount.quantize(Decimal("0.01")),
            flag_name=self.brand.currentText().strip(),
            payment_type=self.payment_type.currentText().strip(),
            user_id=self.user_id.value(),
        )

    def show_form(self) -> None:
        """Back to the form, as it was filled."""
        self.pages.setCurrentIndex(0)
        self.review_button.setDefault(True)
        self.last_four.setFocus()

    def sending(self) -> bool:
        """Whether the payment is on its way to the service (the form cannot close then)."""
        return self.calls.is_running("payment-send")

    def on_escape(self) -> None:
        if self.sending():
            return  # never close while the service may be recording it
        if self.pages.currentIndex() == 1:
            self.show_form()
        else:
            self.reject()

    def reject(self) -> None:
        """Close, unless the payment is being sent (its outcome must come back here)."""
        if not self.sending():
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """The window's close button waits, too, while the payment is being sent."""
        if self.sending():
            event.ignore()
            return
        super().closeEvent(event)

    def on_review_button_clicked(self) -> None:
        self.message.clear()
        payment = self.payment()
        if isinstance(payment, str):
            self.message.setText(payment)
            return
        self.review_button.setEnabled(False)
        self.calls.run(
            "payment-check",
            lambda: self.recorder.check(payment),
            lambda check: self._show_summary(payment, check),
            on_error=self._on_check_failed,
        )

    def _on_check_failed(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        self.review_button.setEnabled(True)  # Review again is the retry
        self.message.setText(
            QCoreApplication.translate(
                "PaymentDialog", "The order's payments could not be checked for duplicates:"
            )
            + " "
            + message.text
        )

    def _show_summary(self, payment: NewPayment, check: DuplicateCheck) -> None:
        self.review_button.setEnabled(True)
        if check.exact is not None:
            self.message.setText(
                QCoreApplication.translate(
                    "PaymentDialog",
                    "This order already has a payment with NSU {nsu} and authorization code"
                    " {auth}: it is recorded. Nothing was sent.",
                ).format(nsu=payment.nsu, auth=payment.auth)
            )
            return
        text = QCoreApplication.translate(
            "PaymentDialog",
            "Record {amount} on order {order}: {brand} card ending {last}, {kind},"
            " {installments}x. NSU {nsu}, authorization {auth}, user {user}.",
        ).format(
            amount=money(payment.amount, self.money_locale),
            order=payment.order_id,
            brand=payment.flag_name,
            last=payment.card[-4:],
            kind=payment.payment_type,
            installments=payment.installments,
            nsu=payment.nsu,
            auth=payment.auth,
            user=payment.user_id,
        )
        if check.near:
            text += "\n\n" + warn_near(check.near[0], self.money_locale)
            self.send_button.setText(
                QCoreApplication.translate("PaymentDialog", "&Send anyway (Enter)")
            )
        else:
            self.send_button.setText(QCoreApplication.translate("PaymentDialog", "&Send (Enter)"))
        self.summary.setText(text)
        self.pages.setCurrentIndex(1)
        self.send_button.setEnabled(True)
        self.send_button.setDefault(True)
        self.send_button.setFocus()

    # -- sending ---------------------------------------------------------------------------

    def on_send_button_clicked(self) -> None:
        if self.sending() or not self.send_button.isEnabled():
            return
        payment = self.payment()
        if isinstance(payment, str):
            self.show_form()
            self.message.setText(payment)
            return
        self.entry = self.recorder.write(self.store_id, payment)
        self._send()

    def _send(self) -> None:
        assert self.entry is not None
        self.send_button.setEnabled(False)
        self.send_again_button.setEnabled(False)
        self.message.setText(QCoreApplication.translate("PaymentDialog", "Sending…"))
        entry = self.entry
        self.calls.run(
            "payment-send",
            lambda: raising_on_sign_in(self.recorder.send(entry)),
            self._on_result,
            on_error=self._on_crash,
            on_sign_in=self._on_sign_in_needed,
        )

    def _on_sign_in_needed(self) -> None:
        # Send stays off: the same entry is sent once signed in, and a second click now would
        # send it twice. Given up, it waits in Pending payments.
        self.message.setText(
            QCoreApplication.translate(
                "PaymentDialog", "Sign in again; the payment is sent as soon as you have."
            )
        )

    def _on_result(self, result: Result) -> None:
        from desktop_app.core.payments import Outcome

        self.entry = result.entry
        self._ctx.pending.note_change()
        self.send_button.setEnabled(True)
        self.send_again_button.setEnabled(True)
        if result.outcome is Outcome.CONFIRMED:
            self.message.clear()
            self.payment_recorded.emit(self.order.order_id)
            self.accept()
        elif result.outcome is Outcome.REJECTED:
            self.show_form()
            self.message.setText(describe(result.error).text if result.error else result.entry.note)
        elif result.outcome is Outcome.NEEDS_REVIEW:
            text = QCoreApplication.translate(
                "PaymentDialog",
                "The service did not confirm the payment, and it does not have it. Check the"
                " terminal: if it was approved, send it again; otherwise set it aside.",
            )
            if "different" in result.entry.note:  # found, but not quite the same payment
                text += "\n\n" + result.entry.note
            self._show_review(text)
        else:  # still unknown: the service could not even be asked
            self._show_review(
                QCoreApplication.translate(
                    "PaymentDialog",
                    "The payment may or may not have been recorded: the service could not be"
                    " reached to check. It is kept in Pending payments. Check again when the"
                    " network is back; do not send it again before.",
                )
            )
            self.send_again_button.setEnabled(False)

    def _on_crash(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        self.send_button.setEnabled(True)
        self._ctx.pending.note_change()
        self.message.setText(message.text)

    def _show_review(self, text: str) -> None:
        self.review_text.setText(text)
        self.message.clear()
        self.pages.setCurrentIndex(2)
        self.check_again_button.setFocus()

    def on_send_again_button_clicked(self) -> None:
        if self.entry is not None and not self.sending():
            self._send()

    def on_check_again_button_clicked(self) -> None:
        if self.entry is None:
            return
        self.message.setText(QCoreApplication.translate("PaymentDialog", "Checking…"))
        entry = self.entry
        self.calls.run(
            "payment-send",
            lambda: raising_on_sign_in(self.recorder.reconcile(entry)),
            self._on_result,
            on_error=self._on_crash,
        )

    def on_set_aside_button_clicked(self) -> None:
        if self.entry is not None:
            self.recorder.set_aside(self.entry)
            self._ctx.pending.note_change()
        self.reject()

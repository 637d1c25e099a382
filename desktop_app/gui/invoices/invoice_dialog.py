"""Issue an order's invoice: confirm, send once, show and print what the service answered.

The answer's shape is not part of the interface, so whatever comes back (a record, a list,
nothing) is shown as it is. An invoice cannot be looked up through the interface either: after
an ambiguous failure the dialog says plainly that it may or may not exist, and sending again
needs an explicit confirmation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Signal, Slot
from PySide6.QtWidgets import QDialog, QWidget

from desktop_app import api
from desktop_app.api.models import NewInvoice
from desktop_app.core.failures import Reading, read_failure
from desktop_app.core.invoices import check_before_invoice
from desktop_app.gui.app_wide.saving import print_html, save_pdf
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.generated.ui_invoice import Ui_InvoiceDialog
from desktop_app.gui.invoices.answer_words import describe_answer
from desktop_app.gui.invoices.document import order_document
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.labels import mnemonic_key, without_mnemonic
from desktop_app.gui.words.errors import UserMessage
from desktop_app.gui.words.invoice_checks import checklist
from desktop_app.gui.words.sign_in import no_user_number_words

if TYPE_CHECKING:
    from desktop_app.api.models import Order, Payment
    from desktop_app.core.invoices import InvoiceRecord
    from desktop_app.gui.shared.context import AppContext


class InvoiceDialog(FormTexts, QDialog):
    """The invoice of one order."""

    invoice_issued = Signal(int)

    def __init__(
        self,
        order: Order,
        payments: list[Payment],
        ctx: AppContext,
        parent: QWidget | None = None,
        *,
        store_id: str = "",
    ) -> None:
        super().__init__(parent)
        self.ui = ui = Ui_InvoiceDialog()
        ui.setupUi(self)
        style_marked_labels(self)
        add_training_banner(ui.layout, ctx.training)
        place(self, ctx.preferences)  # fitted to the screen, where it was left
        self.order, self.payments = order, payments
        self.store_id = store_id
        self._ctx = ctx
        self.client = ctx.client
        self.user_id = ctx.session.session.claims.user_id  # None: nothing is sent
        self._left = False  # whether the last sending started to leave (see _on_failed)
        self.money_locale = ctx.locale
        self.summary, self.message_bar, self.issue_button = (
            ui.summary,
            ui.message_bar,
            ui.issue_button,
        )
        ui.resend_confirmation.hide()
        ui.mark_elsewhere_button.hide()
        ui.details_button.hide()  # until there is an invoice to detail
        # An invoice this machine issued (or was told of) opens again, for reprint or PDF.
        self.record: InvoiceRecord | None = ctx.invoices.get(store_id, order.order_id)
        # Checked once, as the dialog opens (the words follow the language; the facts stay).
        self._checks = check_before_invoice(order, payments, ctx.outbox.journal.open_entries())
        if self.record is not None:
            self._show_recorded()
        self.calls = Calls(self, ctx.session, None)
        self._retranslate()
        if self.user_id is None and self.record is None:
            self.ui.issue_button.setEnabled(False)  # greyed, with the words why above it
            self.message_bar.show_error(no_user_number_words())

    def _retranslate(self) -> None:
        order = self.order
        self.setWindowTitle(
            QCoreApplication.translate("InvoiceDialog", "Invoice — order {number}").format(
                number=order.order_id
            )
        )
        checks = self._checks
        said = checklist(checks, self.money_locale, has_payments=bool(self.payments))
        self.ui.checklist.setText(said if self.record is None else "")
        self.ui.checklist.setVisible(self.record is None)
        doubtful = not checks.passed and self.record is None
        self.ui.issue_button.setText(
            QCoreApplication.translate("InvoiceDialog", "&Issue invoice anyway")
            if doubtful
            else QCoreApplication.translate("InvoiceDialog", "&Issue invoice")
        )
        # An invoice cannot be taken back from here: Enter closes, issuing takes its own key.
        self.ui.consequences.setText(
            QCoreApplication.translate(
                "InvoiceDialog",
                "{button} ({key}): the service issues this order's invoice, which cannot be"
                " undone from this app. Close (Enter): nothing is issued.",
            ).format(
                button=without_mnemonic(self.ui.issue_button.text()),
                key=mnemonic_key(self.ui.issue_button.text()),
            )
            if self.record is None
            else ""
        )
        if doubtful:
            self.ui.message_bar.show_warning(
                QCoreApplication.translate(
                    "InvoiceDialog",
                    "Not everything is in order (marked ✗ above). The service decides: a"
                    " manager can still issue the invoice.",
                )
            )
        self._render()

    @Slot(bool)
    def on_resend_confirmation_toggled(self, checked: bool) -> None:
        self.ui.issue_button.setEnabled(checked)

    @property
    def issued(self) -> bool:
        """Whether this order's invoice is known here (issued now or before)."""
        return self.record is not None

    def _show_recorded(self) -> None:
        record = self.record
        assert record is not None
        self.ui.issue_button.hide()
        self.ui.resend_confirmation.hide()
        self.ui.mark_elsewhere_button.hide()
        self.ui.consequences.hide()  # of a button that is gone
        self.ui.checklist.hide()  # what was to check before issuing
        self.ui.details_button.setVisible(not record.elsewhere)
        self.ui.message_bar.show_info(
            QCoreApplication.translate(
                "InvoiceDialog",
                "Invoiced elsewhere: the service said so, and this machine has no copy of it.",
            )
            if record.elsewhere
            else QCoreApplication.translate("InvoiceDialog", "The invoice was issued.")
        )
        self._render()

    @Slot(bool)
    def on_details_button_toggled(self, _shown: bool) -> None:
        self._render()

    @Slot()
    def on_mark_elsewhere_button_clicked(self) -> None:
        self.record = self._ctx.invoices.mark_elsewhere(self.store_id, self.order.order_id)
        self._show_recorded()
        self.invoice_issued.emit(self.order.order_id)

    @Slot()
    def on_pdf_button_clicked(self) -> None:
        self.save_pdf()

    @Slot()
    def on_close_button_clicked(self) -> None:
        self.reject()

    def _render(self) -> None:
        self.summary.setHtml(self.document_html())

    def document_html(self) -> str:
        """The order, its payments and the service's answer, as printed."""
        record = self.record
        details = None
        if record is not None and self.ui.details_button.isChecked():
            details = describe_answer(
                record.answer, self.money_locale, self._ctx.client.service_zone
            )
        return order_document(
            self.order, self.payments, record, self.money_locale,
            read_in_part=self._checks.not_all_read, details=details,
        )  # fmt: skip

    @Slot()
    def on_issue_button_clicked(self) -> None:
        if self.calls.is_running("invoice-send") or self.issued:
            return

        if self.user_id is None:  # never sent under a made-up number
            self.message_bar.show_error(no_user_number_words())
            return
        self.issue_button.setEnabled(False)
        self.ui.resend_confirmation.hide()
        self.message_bar.show_under_way(
            QCoreApplication.translate("InvoiceDialog", "Sending…"),
            ends=self.calls.while_running("invoice-send"),
        )
        invoice = NewInvoice(order_id=self.order.order_id, user_id=self.user_id)
        self._left = False  # whether this sending started to leave: what a failure means

        def leaving() -> None:
            self._left = True

        self.calls.run(
            "invoice-send",
            lambda: self.client.create_invoice(invoice, on_leaving=leaving),
            self._on_issued,
            on_error=self._on_failed,
            on_sign_in=self._waits_for_sign_in,
        )

    def _waits_for_sign_in(self) -> None:
        self.message_bar.show_info(
            QCoreApplication.translate(
                "InvoiceDialog", "Sign in again; the invoice is sent as soon as you have."
            )
        )

    def _on_issued(self, answer: Any) -> None:
        self.record = self._ctx.invoices.issued(
            self.store_id, self.order.order_id, answer, self._ctx.client.service_zone
        )
        self._show_recorded()
        self.invoice_issued.emit(self.order.order_id)

    def _on_failed(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        error = message.error
        if isinstance(error, api.PermissionDeniedError):
            self.message_bar.show_error(
                QCoreApplication.translate(
                    "InvoiceDialog",
                    "Only a manager may issue invoices. Ask a manager to sign in and issue it.",
                )
            )
            return
        reading = read_failure(error, left=self._left) if error is not None else None
        if reading is Reading.UNKNOWN:
            self.message_bar.show_warning(
                QCoreApplication.translate(
                    "InvoiceDialog",
                    "The invoice may or may not have been issued: the service did not answer"
                    " clearly ({reason}). Invoices cannot be looked up from here: check with"
                    " the office before sending it again.",
                ).format(reason=message.text)
            )
            self.ui.resend_confirmation.setChecked(False)
            self.ui.resend_confirmation.show()
            self.issue_button.setText(QCoreApplication.translate("InvoiceDialog", "&Send again"))
            return
        # Not sent, or refused: nothing issued.
        self.message_bar.show_error(message.text, ends=message.ends)
        self.issue_button.setEnabled(True)
        refused = reading is Reading.REFUSED and isinstance(error, api.BadRequestError)
        if refused or reading is Reading.MAY_BE_THERE:
            # The service refused it (often: already invoiced, from another machine; a 409
            # says so outright). Its own words are above; the manager can keep that this order
            # is invoiced elsewhere.
            self.ui.mark_elsewhere_button.show()

    def save_pdf(self, path: str | None = None) -> str | None:
        """Save the order, its payments and the answer as a PDF (asks where, unless given)."""
        return save_pdf(
            self,
            QCoreApplication.translate("InvoiceDialog", "Save as PDF"),
            f"invoice-{self.order.order_id}.pdf",
            self.document_html(),
            path,
        )

    @Slot()
    def on_print_button_clicked(self) -> None:
        print_html(self, self.document_html())

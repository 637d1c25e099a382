"""Record a card payment the terminal has approved: by keyboard, confirmed, sent exactly once.

Enter on the form shows a summary; Enter again sends through the outbox. The form stays filled
until the service has accepted the payment; the send button cannot send twice. What comes back:
rejected (its words, the form kept), sign in again (then sent), or unknown (looked for at the
service; not found, the cashier sends again or sets it aside); away, the slip may be kept."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QCoreApplication, QLocale, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QLineEdit, QPushButton, QWidget

from desktop_app.core.failures import service_away
from desktop_app.core.money import amount_in_text
from desktop_app.core.payments import SENT_AGAIN_AS_THE_SAME_ENTRY, Outcome
from desktop_app.core.slip import Problem, SlipEntry, payment_of
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.generated.ui_payment import Ui_PaymentDialog
from desktop_app.gui.look.language import number_marks
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.look.value_labels import note_label, payment_type_of
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.payments import slip_journal
from desktop_app.gui.payments.slip_fields import fill_from_order, kept_fields, limit_fields
from desktop_app.gui.shared.typed_fields import KeptFields
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.field_problems import FieldProblems
from desktop_app.gui.widgets.form_texts import FormTexts
from desktop_app.gui.widgets.labels import mnemonic_key
from desktop_app.gui.words import kept_slips, payment_form, unreachable
from desktop_app.gui.words.errors import UserMessage, describe

if TYPE_CHECKING:
    import asyncio

    from desktop_app.api.models import NewPayment, Order
    from desktop_app.core.journal_entry import JournalEntry
    from desktop_app.core.payments import DuplicateCheck, Result
    from desktop_app.gui.shared.context import AppContext


class PaymentDialog(FormTexts, QDialog):
    """The payment form of one order."""

    payment_recorded = Signal(int)  # order id
    service_answered = Signal(int)  # order id: the order may have changed there (a refusal)

    def __init__(
        self,
        order: Order,
        ctx: AppContext,
        *,
        store_id: str,
        known_types: list[str],
        parent: QWidget | None = None,
        typed: bool = False,
    ) -> None:
        super().__init__(parent)
        self._problem: Problem | None = None  # of the slip, as payment() last found it
        self.ui = ui = Ui_PaymentDialog()
        ui.setupUi(self)
        style_marked_labels(self)
        add_training_banner(ui.layout, ctx.training)
        place(self, ctx.preferences)  # fitted to the screen, where it was left
        self.order = order
        self._ctx = ctx
        self.outbox = ctx.outbox
        self.store_id = store_id
        self.money_locale = ctx.locale
        self.qlocale = QLocale(ctx.locale)
        self.entry: JournalEntry | None = None
        self._last_result: Result | None = None  # of this form's last sending
        self._stop_waiting: asyncio.Event | None = None  # set: give up on the answer
        self._keeping = False  # the summary offers to keep the slip (the service is away)
        self.typed = typed  # the order was typed by hand: not read from the service
        # Slips kept here for the order: the service does not count them yet, the desk does.
        self.kept_here = slip_journal.kept_for(ctx, store_id, order.order_id)
        self._retranslate()
        fill_from_order(ui, order, self.left, self.qlocale, known_types)
        limit_fields(ui, ctx.session.session.claims.user_id)
        if typed:
            ui.amount.clear()  # no balance is known to suggest
            ui.installments.setRange(1, 24)  # nor the plan's installments
        self.calls = Calls(self, ctx.session, None)
        self.problems = FieldProblems(ui.message_bar, self._problem_now)
        self.problems.watch(*kept_fields(ui).values())
        ui.slip_date.not_taken.connect(lambda words: self.problems.problem(ui.slip_date, words))
        self._wire_keys()
        ui.pages.setCurrentIndex(0)
        (ui.amount if typed else ui.last_four).setFocus()
        # What the cashier typed for this order before a key closed the form comes back.
        self.kept = KeptFields(ctx.session, ("payment", store_id, order.order_id), kept_fields(ui))
        if self.kept.bring_back():
            ui.message_bar.show_info(payment_form.brought_back())

    def _wire_keys(self) -> None:
        """Esc, the installments' refusals, and Enter in every slip field."""
        ui = self.ui
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self).activated.connect(self.on_escape)
        spin_editor = ui.installments.lineEdit()  # the box's own editor, not a form widget
        assert spin_editor is not None
        spin_editor.inputRejected.connect(self._installments_rejected)
        # Enter in a slip field reaches the form's default button, Review (a line edit lets
        # it through: told to review as well, it reviewed twice, the problem said twice). An
        # editable combo box keeps Enter for itself: its editor is told to review.
        for combo in (ui.brand, ui.payment_type):
            editor = combo.lineEdit()
            assert editor is not None  # both combo boxes are editable in the form
            editor.returnPressed.connect(self.on_review_button_clicked)

    def _retranslate(self) -> None:
        title = (
            QCoreApplication.translate("PaymentDialog", "Record payment — order {number}, typed")
            if self.typed
            else QCoreApplication.translate("PaymentDialog", "Record payment — order {number}")
        )
        self.setWindowTitle(title.format(number=self.order.order_id))
        self.ui.order_banner.setText(payment_form.whose_order(self.order, typed=self.typed))

    # A refused key is said at its field; a problem lives as long as its field has it. One
    # cause, one message: a card number the guard refused is said as that (below), in the note
    # and the bar alike, in the place of the field's own rule ("digits only").
    @Slot()
    def on_amount_inputRejected(self) -> None:  # noqa: N802
        point = number_marks(self.qlocale)[0]
        self.problems.refused(self.ui.amount, payment_form.refused_characters("amount", point))

    @Slot()
    def on_nsu_inputRejected(self) -> None:  # noqa: N802
        self._refused_key(self.ui.nsu, "nsu")

    @Slot()
    def on_last_four_inputRejected(self) -> None:  # noqa: N802
        self._refused_key(self.ui.last_four, "last_four")

    @Slot()
    def on_auth_inputRejected(self) -> None:  # noqa: N802
        self._refused_key(self.ui.auth, "auth")

    def _refused_key(self, field: QLineEdit, name: str) -> None:
        self.problems.refused(field, payment_form.refused_characters(name))

    def say_card_refused(self, edit: QLineEdit, text: str) -> None:
        """A full card number typed in a field of the slip (the card guard emptied it): said
        at that field and in the bar, the one reason."""
        self.problems.refused(edit, text)

    def _installments_rejected(self) -> None:
        most = payment_form.most_installments(self.ui.installments.maximum())
        self.problems.refused(self.ui.installments, most)

    def _problem_now(self) -> tuple[QWidget, str] | None:
        """The slip's problem as the fields are now, and the field it is about."""
        payment = self.payment()
        return (self._problem_field(), payment) if isinstance(payment, str) else None

    def _problem_field(self) -> QWidget:
        """The field the slip's last problem is about."""
        assert self._problem is not None
        return cast("QWidget", getattr(self.ui, self._problem.field.value))

    def _tell(self, words: str) -> None:
        """The slip's problem, at its field (more than four digits of a card go, first)."""
        if self._problem is Problem.MORE_THAN_LAST_FOUR:
            self.ui.last_four.clear()
        self.problems.problem(self._problem_field(), words)

    @Slot()
    def on_last_four_editingFinished(self) -> None:  # noqa: N802
        if len(self.ui.last_four.text()) > 4:
            self.ui.last_four.clear()
            self.problems.problem(self.ui.last_four, payment_form.only_the_last_four())

    @Slot()
    def on_back_button_clicked(self) -> None:
        self.show_form()

    # -- form ------------------------------------------------------------------------------

    def slip_date(self) -> date:
        """The day printed on the slip, as the cashier set it."""
        return cast("date", self.ui.slip_date.date().toPython())

    @property
    def left(self) -> Decimal:  # what is left to pay on the order as the desk sees it
        return self.order.balance_due - self.kept_here

    def payment(self, *, over_held: bool = False) -> NewPayment | str:
        """The payment the form describes, or words saying what to correct (and the field they
        are about, which editing clears them); ``over_held``: see ``core.slip.payment_of``."""
        ui = self.ui
        # The fields as the person typed them, read the locale's way; then core's rules.
        payment_type = payment_type_of(ui.payment_type.currentText())
        amount = amount_in_text(ui.amount.text(), *number_marks(self.qlocale), either_way=True)
        slip = SlipEntry(
            amount=amount,
            last_four=ui.last_four.text(),
            nsu=ui.nsu.text(),
            auth=ui.auth.text(),
            brand=ui.brand.currentText(),
            payment_type=payment_type,
            installments=ui.installments.value(),
            user_id=self._ctx.session.session.claims.user_id,  # the session's, never typed
        )
        payment = payment_of(slip, self.order, kept=self.kept_here, over_held=over_held)
        self._problem = payment if isinstance(payment, Problem) else None
        if not isinstance(payment, Problem):
            return payment
        if payment is Problem.MORE_THAN_LAST_FOUR:
            return payment_form.only_the_last_four()
        return payment_form.problem_words(payment, self.left, self.money_locale)

    def show_form(self) -> None:
        """Back to the form, as it was filled."""
        self._keeping = False
        self.ui.pages.setCurrentIndex(0)
        self.ui.review_button.setDefault(True)
        self.ui.last_four.setFocus()

    def sending(self) -> bool:
        """Whether the payment is on its way to the service (the form cannot close then)."""
        return self.calls.is_running("payment-send")

    def on_escape(self) -> None:
        if self.sending():
            return  # never close while the service may be recording it
        if self.ui.pages.currentIndex() == 1:
            self.show_form()
        else:
            self.reject()

    def give_way(self) -> bool:
        """Ctrl+F on the form's first page: it closes as Esc closes it (what was typed kept for
        this order's next F8), and the cashier goes on to find the next order. Past the first
        page a slip is being checked or sent: it stays, and says why."""
        if self.ui.pages.currentIndex() != 0 or self.sending():
            return False
        self.reject()
        return True

    def reject(self) -> None:
        """Close, unless the payment is being sent (its outcome must come back here); what
        was typed is kept for the next F8 of this order."""
        if not self.sending():
            self.kept.keep()
            super().reject()

    def done(self, result: int) -> None:
        """Recorded, kept or set aside: nothing typed for it is kept (rejected: see above)."""
        if result == QDialog.DialogCode.Accepted.value:
            self.kept.done()
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """The window's close button waits, too, while the payment is being sent."""
        if self.sending():
            event.ignore()
            return
        super().closeEvent(event)

    @Slot()
    def on_review_button_clicked(self) -> None:
        self.problems.clear()
        self.ui.message_bar.clear()
        payment = self.payment(over_held=True)  # over the balance: refused only if not away
        if isinstance(payment, str):
            self._tell(payment)
            return
        self.ui.review_button.setEnabled(False)
        self.calls.run(
            "payment-check",
            lambda: self.outbox.check(payment),
            lambda check: self._show_summary(payment, check),
            on_error=lambda message, _retry: self._on_check_failed(payment, message),
        )

    def _on_check_failed(self, payment: NewPayment, message: UserMessage) -> None:
        self.ui.review_button.setEnabled(True)  # Review again is the retry
        if service_away(message.error):
            self._offer_keeping(payment, message)
            return
        self.ui.message_bar.show_error(
            QCoreApplication.translate(
                "PaymentDialog", "The order's payments could not be checked for duplicates:"
            )
            + " "
            + message.text,
            ends=message.ends,
        )

    def _offer_keeping(self, payment: NewPayment, message: UserMessage) -> None:
        """The service cannot be reached: the summary offers to keep the slip here."""
        self._keeping = True
        self.ui.summary_slip.show_payment(payment, self.money_locale, None, self.slip_date())
        typed_for = self.store_id if self.typed else ""
        offer = unreachable.keep_offer(payment, self.left, self.money_locale, typed_for)
        self.ui.summary.setText(offer)
        self.ui.summary_consequences.setText(kept_slips.consequences())
        self.ui.message_bar.show_warning(message.text)
        send = self.ui.send_button
        send.setText(QCoreApplication.translate("PaymentDialog", "&Keep the slip (Enter)"))
        self._show_summary_page(send)

    def _show_summary(self, payment: NewPayment, check: DuplicateCheck) -> None:
        self._keeping = False
        self.ui.review_button.setEnabled(True)
        if isinstance(over := self.payment(), str):  # the service answers: over is refused
            self._tell(over)
            return
        if check.exact is not None:
            self.ui.message_bar.show_warning(payment_form.already_recorded(payment))
            return
        self.ui.summary_slip.show_payment(payment, self.money_locale, None, self.slip_date())
        send, back = self.ui.send_button, self.ui.back_button
        warnings = payment_form.summary_warnings(check, self.money_locale)
        text = payment_form.record_question(payment.order_id, warnings)
        if warnings:
            # A warning: Enter goes back, and sending takes its own key (Alt+S), so a
            # practised Enter, Enter cannot send what may be the same payment twice.
            send.setText(QCoreApplication.translate("PaymentDialog", "&Send anyway"))
            consequences = payment_form.send_anyway_consequences(mnemonic_key(send.text()))
            chosen = back
        else:
            send.setText(QCoreApplication.translate("PaymentDialog", "&Send (Enter)"))
            consequences = payment_form.send_consequences()
            chosen = send
        self.ui.summary.setText(text)
        self.ui.summary_consequences.setText(consequences)
        self._show_summary_page(chosen)

    def _show_summary_page(self, chosen: QPushButton) -> None:
        send, back = self.ui.send_button, self.ui.back_button
        # Read with the button the focus lands on, before its Enter: what is about to be
        # recorded, whose, and why to look twice (Orca 43 said only "Send (Enter) push button").
        whose = payment_form.whose_order(self.order, typed=self.typed)
        summary = " ".join(
            (self.ui.summary.text(), whose + ".", self.ui.summary_slip.spoken())
        ).replace("\n", " ")
        for button in (send, back):
            button.setAccessibleDescription(summary if button is chosen else "")
        self.ui.pages.setCurrentIndex(1)
        send.setEnabled(True)
        for button in (send, back):
            button.setAutoDefault(button is chosen)  # Enter never lands on the other
        chosen.setDefault(True)
        chosen.setFocus()

    # -- sending ---------------------------------------------------------------------------

    @Slot()
    def on_send_button_clicked(self) -> None:
        if self.sending() or not self.ui.send_button.isEnabled():
            return
        payment = self.payment(over_held=self._keeping)
        written = payment if isinstance(payment, str) else slip_journal.journalled(
            self._ctx, self.store_id, payment, self.order, self.slip_date(),
            keep=self._keeping, typed_by_hand=self.typed, last=self._last_result,
        )  # fmt: skip
        if isinstance(written, str):  # what to correct, or why the journal took nothing
            self.show_form()
            if isinstance(payment, str):
                self._tell(payment)
            else:
                self.ui.message_bar.show_error(written)
            return
        self.entry = written
        if not self._keeping:
            self._send()
            return
        # Kept here, for the sender to send once the service is back.
        self._ctx.pending.note_change()
        self.payment_recorded.emit(self.order.order_id)
        self.accept()

    def _send(self) -> None:
        assert self.entry is not None
        self.ui.send_button.setEnabled(False)
        self.ui.send_again_button.setEnabled(False)
        self.ui.message_bar.show_under_way(
            QCoreApplication.translate("PaymentDialog", "Sending…"),
            ends=self.calls.while_running("payment-send"),
        )
        entry = self.entry
        stop = self._stop_waiting = asyncio.Event()
        self.ui.pages.setCurrentIndex(1)
        self.ui.stop_waiting_button.show()
        self.calls.run(
            "payment-send",
            lambda: self.outbox.send(entry, stop),
            self._on_result,
            on_error=self._on_crash,
            on_sign_in=self._on_sign_in_needed,
        )

    @Slot()
    def on_stop_waiting_button_clicked(self) -> None:
        """The cashier gives up on the service's answer: the payment is looked for instead."""
        if self._stop_waiting is not None and self.sending():
            self._stop_waiting.set()
            self.ui.stop_waiting_button.hide()
            self.ui.message_bar.show_under_way(
                payment_form.looking_for_it(), ends=self.calls.while_running("payment-send")
            )

    def _on_sign_in_needed(self) -> None:
        # Send stays off: the same entry is sent once signed in, and a second click now would
        # send it twice. Given up, it waits in Pending payments.
        self.ui.message_bar.show_info(payment_form.sent_after_sign_in())

    def _on_result(self, result: Result) -> None:
        self.entry, self._last_result = result.entry, result
        self.ui.stop_waiting_button.hide()
        self._ctx.pending.note_change()
        self.ui.send_button.setEnabled(True)
        self.ui.send_again_button.setEnabled(True)
        if result.outcome is not Outcome.CONFIRMED:  # confirmed: recorded, read again there
            self.service_answered.emit(self.order.order_id)
        if result.outcome is Outcome.CONFIRMED:
            self.ui.message_bar.clear()
            self.payment_recorded.emit(self.order.order_id)
            self.accept()
        elif result.outcome in SENT_AGAIN_AS_THE_SAME_ENTRY:  # Send sends the same entry
            if result.outcome is Outcome.REJECTED:
                self.show_form()  # to correct it; not sent, the summary stays
            self.ui.message_bar.show_error(
                describe(result.error).text if result.error else note_label(result.entry)
            )
        else:
            self._show_review(*payment_form.review_words(result))
            if not payment_form.sent_again_from_here(result):  # a check comes first
                self.ui.send_again_button.setEnabled(False)

    def _on_crash(self, message: UserMessage, _retry: Callable[[], None] | None) -> None:
        # A fault of this app: whether it left is unknown; it waits in Pending payments.
        self.ui.stop_waiting_button.hide()
        self._last_result = None
        self._ctx.pending.note_change()
        self.ui.message_bar.show_error(message.text, ends=message.ends)

    def _show_review(self, text: str, consequences: str) -> None:
        """The page that asks the cashier to decide, with the slip it is about."""
        if self.entry is not None:
            self.ui.review_slip.show_entry(self.entry, self.money_locale)
        self.ui.review_text.setText(text)
        self.ui.review_consequences.setText(consequences)
        self.ui.message_bar.clear()
        self.ui.pages.setCurrentIndex(2)
        self.ui.check_again_button.setFocus()

    @Slot()
    def on_send_again_button_clicked(self) -> None:
        if self.entry is not None and not self.sending():
            self._send()

    @Slot()
    def on_check_again_button_clicked(self) -> None:
        if self.entry is None:
            return
        self.ui.message_bar.show_under_way(
            QCoreApplication.translate("PaymentDialog", "Checking…"),
            ends=self.calls.while_running("payment-send"),
        )
        entry = self.entry
        self.calls.run(
            "payment-send",
            lambda: self.outbox.reconcile(entry),
            self._on_result,
            on_error=self._on_crash,
        )

    @Slot()
    def on_set_aside_button_clicked(self) -> None:
        if self.entry is not None:
            self.outbox.set_aside(self.entry)
            self._ctx.pending.note_change()
        self.kept.done()  # Pending payments has it now
        super().reject()

"""The slip a decision is about, shown above the question: order, amount, card, installments,
NSU, authorization code, when it was written and by whom (``ui/slip_card.ui``).

Every page that asks a cashier to decide about a payment (send it, send it anyway, set it
aside, send it again) shows this card, so the answer is given looking at the slip in hand."""

from __future__ import annotations

from datetime import date, datetime

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QFrame, QWidget

from desktop_app.api.models import NewPayment
from desktop_app.core.cards import display_card
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.money import local_date, local_time, money
from desktop_app.gui.generated.ui_slip_card import Ui_SlipCard
from desktop_app.gui.look.style import style_marked_labels
from desktop_app.gui.look.value_labels import payment_type_label
from desktop_app.gui.widgets.form_texts import FormTexts


class SlipCard(FormTexts, QFrame):
    """A payment's slip, field by field (plain text: the cashier typed it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._form: Ui_SlipCard | None = None
        self._shown: tuple[NewPayment, str, datetime | None, date] | None = None

    @property
    def ui(self) -> Ui_SlipCard:
        """The card's fields, made when a slip is first shown on it (every card is out of
        view until then). A payment form carries two: the summary's, made now at Review, and
        the one for an answer never heard, almost never made. Both made on F8 were a third
        of the turn that opens the form."""
        if self._form is None:
            self._form = Ui_SlipCard()
            self._form.setupUi(self)
            style_marked_labels(self)
        return self._form

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if self._form is None and event.type() == QEvent.Type.LanguageChange:
            QFrame.changeEvent(self, event)  # no fields yet: each is made in the language then
            return
        super().changeEvent(event)

    def show_entry(self, entry: JournalEntry, locale: str) -> None:
        """Show a journalled payment: its slip, its day and when it was written down."""
        self.show_payment(entry.payment, locale, entry.created_at, entry.slip_date)

    def show_payment(
        self, payment: NewPayment, locale: str, written: datetime | None, slip_date: date
    ) -> None:
        """Show ``payment`` of the slip of ``slip_date``; ``written``: when it was written
        down (None: it is being now)."""
        self._shown = (payment, locale, written, slip_date)
        ui = self.ui
        ui.order_value.setText(str(payment.order_id))
        ui.amount_value.setText(money(payment.amount, locale))
        ui.card_value.setText(
            QCoreApplication.translate("SlipCard", "{brand}, {kind}, {card}").format(
                brand=payment.flag_name,
                kind=payment_type_label(payment.payment_type),
                card=display_card(payment.card),
            )
        )
        ui.installments_value.setText(str(payment.installments))
        ui.nsu_value.setText(payment.nsu)
        ui.auth_value.setText(payment.auth)
        ui.day_value.setText(local_date(slip_date, locale))
        ui.user_value.setText(str(payment.user_id))
        ui.time_value.setText(local_time(written, locale) if written is not None else "")
        ui.fields.setRowVisible(ui.time_value, written is not None)

    def spoken(self) -> str:
        """The slip in one line, as a screen reader says it before Send: the amount, the
        card, the installments (empty until a slip is shown)."""
        if self._shown is None:
            return ""
        ui = self.ui
        return QCoreApplication.translate(
            "SlipCard", "{amount}, {card}, {installments} installment(s)."
        ).format(
            amount=ui.amount_value.text(),
            card=ui.card_value.full_text(),  # all of it: the screen may show a part
            installments=ui.installments_value.text(),
        )

    def _retranslate(self) -> None:
        if self._shown is not None:
            self.show_payment(*self._shown)

"""The payment form's fields as the order suggests them, and what each one takes."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, QLocale, QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator

from desktop_app.core.money import amount_typed_text
from desktop_app.core.slip import BRANDS, PAYMENT_TYPES
from desktop_app.gui.app_wide.card_guard import set_validator
from desktop_app.gui.look.language import number_marks
from desktop_app.gui.look.value_labels import payment_type_label
from desktop_app.gui.words.sign_in import no_user_number_words

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from desktop_app.api.models import Order
    from desktop_app.gui.generated.ui_payment import Ui_PaymentDialog

SLIP_DAYS_BACK = 60
"""How far back a slip's day can be set: a slip found in a drawer weeks later still counts on
its own day (the journal keeps confirmed payments 90 days by default)."""


def fill_from_order(
    ui: Ui_PaymentDialog, order: Order, left: Decimal, qlocale: QLocale, known_types: list[str]
) -> None:
    """The fields as the order suggests them: what is left to pay (its balance due, less the
    slips kept here for it), its plan's installments, and debit for a debit billing; the brand
    left to choose."""
    ui.amount.setText(amount_typed_text(max(left, Decimal(0)), *number_marks(qlocale)))
    ui.installments.setRange(1, max(order.installments, 1))
    ui.installments.setValue(max(order.installments, 1))
    ui.brand.addItems(BRANDS)
    ui.brand.setCurrentIndex(-1)  # no default: a forgotten brand is not recorded as Visa
    for kind in dict.fromkeys([*PAYMENT_TYPES, *known_types]):
        ui.payment_type.addItem(payment_type_label(kind), kind)
    if order.billing_id.upper() == "CD" or "débito" in order.billing_name.casefold():
        ui.payment_type.setCurrentIndex(ui.payment_type.findData("debit"))


def limit_fields(ui: Ui_PaymentDialog, user_id: int | None) -> None:
    """What each field takes: its characters, the slip's days, the signed-in user."""
    for edit, pattern in (
        # Longer runs are taken so that the card guard sees a whole card number typed by
        # mistake (and refuses it, as that and not as "digits only"); anything over four
        # digits, or an NSU over twelve, is said with a word.
        (ui.last_four, r"\d{0,19}"),
        (ui.nsu, r"\d{0,19}"),
        (ui.auth, r"[A-Za-z0-9]{0,12}"),
        # Digits and either mark (amount_in_text reads a slip's 1.622,74 in any language): a
        # letter or a currency's sign is refused as it is typed, with words.
        (ui.amount, r"[\d\s.,]{0,32}"),
    ):
        set_validator(edit, QRegularExpressionValidator(QRegularExpression(pattern), edit))
    # The slip's day: today, unless the slip is from before (typed the next morning).
    today = QDate.currentDate()
    ui.slip_date.setDateRange(today.addDays(-SLIP_DAYS_BACK), today)
    ui.slip_date.setDate(today)
    # The session's number, shown, never typed: a number typed here would be made up.
    ui.user_id.setEnabled(False)
    if user_id is not None:
        ui.user_id.setValue(user_id)
    else:
        ui.user_id.setSpecialValueText("—")
        ui.user_id.setValue(ui.user_id.minimum())
        ui.message_bar.show_error(no_user_number_words())


def kept_fields(ui: Ui_PaymentDialog) -> dict[str, QWidget]:
    """Every field of the slip a cashier types, kept when a key closes the form."""
    return {
        "amount": ui.amount, "last_four": ui.last_four, "nsu": ui.nsu, "auth": ui.auth,
        "brand": ui.brand, "payment_type": ui.payment_type, "installments": ui.installments,
        "slip_date": ui.slip_date,
    }  # fmt: skip

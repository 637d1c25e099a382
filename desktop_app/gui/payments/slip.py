"""What a terminal's slip says, as the payment form repeats it: the near-duplicate warning (the
slip's rules are in ``core.slip``, its amount read by ``core.money.amount_in_text``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop_app.core.cards import last_four
from desktop_app.core.money import money

if TYPE_CHECKING:
    from desktop_app.api.models import Payment


def warn_near(near: Payment, locale: str) -> str:
    """The warning shown when the order already has a payment that looks like this one."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Careful: this order already has a payment of {amount} on a {brand} card ending {last},"
        " NSU {nsu}, a few minutes ago. Send only if this is a different payment.",
    ).format(
        amount=money(near.amount, locale),
        brand=near.flag_name,
        last=last_four(near.card),
        nsu=near.nsu,
    )

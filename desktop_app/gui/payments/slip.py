"""What a terminal's slip says, as the payment form reads and repeats it: the amount typed the
locale's way and the near-duplicate warning (the slip's rules are in ``core.slip``)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale

from desktop_app.core.cards import last_four
from desktop_app.core.money import money

if TYPE_CHECKING:
    from desktop_app.api.models import Payment


def parse_amount(text: str, locale: QLocale) -> Decimal | None:
    """An amount typed the locale's way (``1.234,56`` in pt_BR, ``1,234.56`` in en_US).

    A lone group separator before one or two final digits (``12.50`` in pt_BR) is read as
    the decimal point, as cashiers used to other tills type it.
    """
    cleaned = text.strip().replace("R$", "").replace("\u00a0", "").replace(" ", "")
    if not cleaned:
        return None
    point, group = locale.decimalPoint(), locale.groupSeparator()
    if (
        point not in cleaned
        and cleaned.count(group) == 1
        and re.search(rf"{re.escape(group)}\d{{1,2}}$", cleaned)
    ):
        cleaned = cleaned.replace(group, point)
    try:
        value = Decimal(cleaned.replace(group, "").replace(point, "."))
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


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

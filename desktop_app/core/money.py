"""Money and dates as the chosen locale writes them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

DEFAULT_CURRENCY = "BRL"


def money(amount: Decimal, locale: str = "pt_BR", currency: str = DEFAULT_CURRENCY) -> str:
    """``amount`` in the locale's currency format (``R$ 1.234,56`` in pt_BR)."""
    from babel.numbers import format_currency  # imported on first use, after the first paint

    return format_currency(amount, currency, locale=locale)


def local_time(moment: datetime | None, locale: str = "pt_BR") -> str:
    """An aware datetime in the user's local time, short form."""
    if moment is None:
        return ""
    from babel.dates import format_datetime

    return format_datetime(moment.astimezone(), "short", locale=locale)

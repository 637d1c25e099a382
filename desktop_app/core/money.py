"""Money and dates as the chosen locale writes them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

DEFAULT_CURRENCY = "BRL"
_currency = DEFAULT_CURRENCY


def set_currency(code: str) -> None:
    """The currency every amount is shown in (a setting; the service's amounts carry none)."""
    global _currency
    _currency = code.strip().upper() or DEFAULT_CURRENCY


def money(amount: Decimal, locale: str = "pt_BR", currency: str | None = None) -> str:
    """``amount`` in the locale's format of the chosen currency (``R$ 1.234,56`` in pt_BR)."""
    currency = currency or _currency
    from babel.numbers import format_currency  # imported on first use, after the first paint

    return format_currency(amount, currency, locale=locale)


def local_time(moment: datetime | None, locale: str = "pt_BR") -> str:
    """An aware datetime in the user's local time, short form."""
    if moment is None:
        return ""
    from babel.dates import format_datetime

    return format_datetime(moment.astimezone(), "short", locale=locale)

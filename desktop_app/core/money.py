"""Money and dates as the chosen locale writes them."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Babel is imported on first use, after the first paint
    from babel import Locale

DEFAULT_CURRENCY = "BRL"
_currency = DEFAULT_CURRENCY


def set_currency(code: str) -> None:
    """The currency every amount is shown in (a setting; the service's amounts carry none)."""
    global _currency
    _currency = code.strip().upper() or DEFAULT_CURRENCY


@cache
def _locale(name: str) -> Locale:
    # Babel parses the locale (and looks up its pattern) on every call otherwise: half the
    # cost of formatting one amount, and the orders table formats dozens per screen.
    from babel import Locale

    return Locale.parse(name)


@cache
def _currency_pattern(name: str) -> Any:
    return _locale(name).currency_formats["standard"]


def money(amount: Decimal, locale: str = "pt_BR", currency: str | None = None) -> str:
    """``amount`` in the locale's format of the chosen currency (``R$ 1.234,56`` in pt_BR)."""
    pattern = _currency_pattern(locale)
    return str(pattern.apply(amount, _locale(locale), currency=currency or _currency))


def local_time(moment: datetime | None, locale: str = "pt_BR") -> str:
    """An aware datetime in the user's local time, short form."""
    if moment is None:
        return ""
    from babel.dates import format_datetime

    return format_datetime(moment.astimezone(), "short", locale=_locale(locale))


def local_date(day: date, locale: str = "pt_BR") -> str:
    """A calendar day, short form (``24/08/2026`` in pt_BR, ``8/24/26`` in en_US)."""
    from babel.dates import format_date

    return format_date(day, "short", locale=_locale(locale))


def day_and_month(day: date, locale: str = "pt_BR") -> str:
    """A day without its year, for crowded places (``24/08`` in pt_BR, ``8/24`` in en_US)."""
    from babel.dates import format_skeleton

    return format_skeleton("dM", day, locale=_locale(locale))


def currency_symbol(locale: str = "pt_BR") -> str:
    """The chosen currency's symbol as the locale writes it (``R$``)."""
    from babel.numbers import get_currency_symbol

    return get_currency_symbol(_currency, locale=_locale(locale))

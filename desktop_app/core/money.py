"""Money and dates as the chosen locale writes them."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal, InvalidOperation, localcontext
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


EXACT_DIGITS = 18
"""Amounts with more whole digits than this (no real till has them; a service may still send
one) are written in scientific form: a JSON number can have hundreds of digits."""


def money(amount: Decimal, locale: str = "pt_BR", currency: str | None = None) -> str:
    """``amount`` in the locale's format of the chosen currency (``R$ 1.234,56`` in pt_BR).

    Any finite amount is written, however large: the default decimal context holds 28 digits,
    and cents of 10^26 are 29."""
    if not amount.is_finite():
        return str(amount)
    exponent = amount.adjusted()
    if exponent >= EXACT_DIGITS:
        from babel.numbers import format_decimal

        wide = Context(prec=EXACT_DIGITS, Emax=MAX_EMAX, Emin=MIN_EMIN)
        mantissa = amount.scaleb(-exponent, wide).quantize(Decimal("0.001"), context=wide)
        number = format_decimal(abs(mantissa), "0.###", locale=_locale(locale))
        sign = "-" if amount < 0 else ""  # where the locale's own pattern puts it, before all
        return f"{sign}{currency_symbol(locale, currency)}\xa0{number}E{exponent}"
    pattern = _currency_pattern(locale)
    with localcontext(prec=max(28, amount.adjusted() + 10)):
        return str(pattern.apply(amount, _locale(locale), currency=currency or _currency))


def as_local(moment: datetime) -> datetime | None:
    """``moment`` in the user's time zone; None at the very ends of the calendar (year 1 west
    of Greenwich, year 9999 east of it), where it has no local time."""
    try:
        return moment.astimezone()
    except (OverflowError, ValueError, OSError):
        return None


def local_day(moment: datetime) -> date:
    """The calendar day of ``moment`` where the user is (its UTC day where it has no local
    time: see :func:`as_local`)."""
    return (as_local(moment) or _in_utc(moment)).date()


def _in_utc(moment: datetime) -> datetime:
    """``moment`` in UTC, or as it came where even UTC is past the calendar's end."""
    try:
        return moment.astimezone(UTC)
    except (OverflowError, ValueError):
        return moment


def local_time(moment: datetime | None, locale: str = "pt_BR") -> str:
    """An aware datetime in the user's local time, short form."""
    if moment is None:
        return ""
    from babel.dates import format_datetime

    local = as_local(moment)
    if local is not None:
        try:
            return format_datetime(local, "short", locale=_locale(locale))
        except (OverflowError, ValueError):  # Babel looks at the zone's rules around it
            pass
    fixed = _in_utc(moment)
    zone = fixed.strftime("%z") or "UTC"
    zone = "UTC" if zone == "+0000" else f"UTC{zone[:3]}:{zone[3:]}"
    return format_datetime(fixed.replace(tzinfo=None), "short", locale=_locale(locale)) + " " + zone


def local_date(day: date, locale: str = "pt_BR") -> str:
    """A calendar day, short form (``24/08/2026`` in pt_BR, ``8/24/26`` in en_US)."""
    from babel.dates import format_date

    return format_date(day, "short", locale=_locale(locale))


def day_and_month(day: date, locale: str = "pt_BR") -> str:
    """A day without its year, for crowded places (``24/08`` in pt_BR, ``8/24`` in en_US)."""
    from babel.dates import format_skeleton

    return format_skeleton("dM", day, locale=_locale(locale))


def currency_symbol(locale: str = "pt_BR", currency: str | None = None) -> str:
    """The chosen currency's symbol as the locale writes it (``R$``)."""
    from babel.numbers import get_currency_symbol

    return get_currency_symbol(currency or _currency, locale=_locale(locale))


def amount_in_text(text: str, decimal_comma: bool | None = None) -> Decimal | None:
    """The amount a person or a file wrote (``R$ 1.234,56``, ``1,234.56``, ``99,90``), or None.

    ``decimal_comma`` says which mark separates the cents; when not known, the last of a
    comma or a point is taken for it (``1.234,56`` and ``1,234.56`` both read 1234.56)."""
    cleaned = "".join(c for c in text if c.isdigit() or c in ",.-")
    if decimal_comma is None:
        decimal_comma = cleaned.rfind(",") > cleaned.rfind(".")
    if decimal_comma:
        cleaned = cleaned.replace(".", "").replace(",", ".")
    else:
        cleaned = cleaned.replace(",", "")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def typed_amount(text: str, point: str, group: str) -> Decimal | None:
    """An amount typed with a locale's decimal ``point`` and ``group`` mark (``1.234,56`` in
    pt_BR, ``1,234.56`` in en_US), or None. Strict: a letter makes it no amount.

    A lone group mark before one or two final digits (``12.50`` in pt_BR) is read as the decimal
    point, as cashiers used to other tills type it.
    """
    cleaned = text.strip().replace("R$", "").replace("\u00a0", "").replace(" ", "")
    if not cleaned:
        return None
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


def amount_typed_text(amount: Decimal, point: str, group: str) -> str:
    """``amount`` with two decimals, as :func:`typed_amount` reads it back (``1.622,74``), exact
    at any size (a ``float`` is not past 15 digits)."""
    with localcontext(Context(prec=max(28, amount.adjusted() + 4), Emax=MAX_EMAX, Emin=MIN_EMIN)):
        plain = f"{amount.quantize(Decimal('0.01')):,.2f}"  # 1,622.74
    return plain.replace(",", "\0").replace(".", point).replace("\0", group)

"""Money and dates as the chosen locale writes them."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, date, datetime
from decimal import MAX_EMAX, Context, Decimal, InvalidOperation, localcontext
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


def money(amount: Decimal, locale: str, currency: str | None = None) -> str:
    """``amount`` in the locale's format of the chosen currency (``R$ 1.234,56`` in pt_BR).

    Any finite amount is written, however large: past :data:`EXACT_DIGITS` whole digits, in
    scientific form with four significant digits (``R$ 1,235E22``)."""
    if not amount.is_finite():
        return str(amount)
    if amount.adjusted() >= EXACT_DIGITS:
        from babel.numbers import format_decimal

        # One rounding, from every digit the amount has to the four shown, and the exponent
        # read after it: rounded twice, 1.2345000000000000000001E22 showed as 1,234E22, and
        # 9.9996E22 as 10E22 (issue 98, mutants' finds). The exponent can be any JSON holds.
        wide = Context(prec=4, Emax=MAX_EMAX)
        shown = wide.plus(amount)
        exponent = shown.adjusted()
        # Four digits, the first a unit: the locale's own pattern (#,##0.###) shows them whole.
        number = format_decimal(abs(shown.scaleb(-exponent, wide)), locale=_locale(locale))
        sign = "-" if shown.is_signed() else ""  # where the locale's pattern puts it, before all
        return f"{sign}{currency_symbol(locale, currency)}\xa0{number}E{exponent}"
    # Under EXACT_DIGITS whole digits the default context's 28 digits hold every cent.
    pattern = _currency_pattern(locale)
    return str(pattern.apply(amount, _locale(locale), currency=currency or _currency))


def as_local(moment: datetime) -> datetime | None:
    """``moment`` in the user's time zone; None at the very ends of the calendar (year 1 west
    of Greenwich, year 9999 east of it), where it has no local time."""
    try:
        return moment.astimezone()
    except (OverflowError, ValueError, OSError):
        return None


def local_day(moment: datetime | date) -> date:
    """The calendar day of ``moment`` where the user is (its UTC day where it has no local
    time: see :func:`as_local`); a day the service wrote as only a date is that day."""
    if not isinstance(moment, datetime):
        return moment
    return (as_local(moment) or _in_utc(moment)).date()


def _in_utc(moment: datetime) -> datetime:
    """``moment`` in UTC, or as it came where even UTC is past the calendar's end."""
    try:
        return moment.astimezone(UTC)
    except (OverflowError, ValueError):
        return moment


def local_time(moment: datetime | date | None, locale: str) -> str:
    """An aware datetime in the user's local time, short form; a day the service wrote as
    only a date, as that day."""
    if moment is None:
        return ""
    if not isinstance(moment, datetime):
        return local_date(moment, locale)
    from babel.dates import format_datetime

    local = as_local(moment)
    if local is not None:
        try:
            return format_datetime(local, "short", locale=_locale(locale))
        except (OverflowError, ValueError):  # Babel looks at the zone's rules around it
            pass
    fixed = _in_utc(moment)
    offset = fixed.strftime("%z")  # an aware moment's: +HHMM
    zone = "UTC" if offset == "+0000" else f"UTC{offset[:3]}:{offset[3:]}"
    return format_datetime(fixed.replace(tzinfo=None), "short", locale=_locale(locale)) + " " + zone


def local_date(day: date, locale: str) -> str:
    """A calendar day, short form (``24/08/2026`` in pt_BR, ``8/24/26`` in en_US)."""
    from babel.dates import format_date

    return format_date(day, "short", locale=_locale(locale))


def day_and_month(day: date, locale: str) -> str:
    """A day without its year, for crowded places (``24/08`` in pt_BR, ``8/24`` in en_US)."""
    from babel.dates import format_skeleton

    return format_skeleton("dM", day, locale=_locale(locale))


def currency_symbol(locale: str, currency: str | None = None) -> str:
    """The chosen currency's symbol as the locale writes it (``R$``)."""
    from babel.numbers import get_currency_symbol

    return get_currency_symbol(currency or _currency, locale=_locale(locale))


_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")
_WRITTEN_AMOUNT = re.compile(r"[+-]?[\d.,]*\d[\d.,]*")  # \d: any decimal digit, as Decimal reads


def amount_in_text(
    text: str, point: str | None = None, group: str | None = None, *, either_way: bool = False
) -> Decimal | None:
    """The amount written in ``text``, or None: the app's one reader of money, for a form's
    amount, a search box, the terminal's totals typed at the day close and a terminal export.

    ``point`` and ``group`` are the writer's decimal and group marks (the locale's for a person,
    the mapping's for a file). When not known, the last comma or point is the decimal point
    (``1.234,56`` and ``1,234.56`` both read 1234.56). A lone group mark before one or two final
    digits (``12.50`` in pt_BR) is read as the decimal point, as cashiers used to other tills
    type it. Strict: beside the currency's symbol or code, any letter makes it no amount, so a
    search for ``AB12CD`` is not a search for R$12.00. ``either_way``: a text with both marks
    reads its last one as the decimal point, whatever ``point`` says (no group mark comes after
    the decimals): a slip's ``1.622,74`` typed on an English desk, ``1,622.74`` on a Brazilian
    one.
    """
    cleaned = text.replace("R$", "")
    cleaned = re.sub(re.escape(_currency), "", cleaned, flags=re.IGNORECASE)
    cleaned = "".join(c for c in cleaned if unicodedata.category(c) != "Sc")  # $, €, £…
    cleaned = _SPACES.sub("", cleaned)
    if not _WRITTEN_AMOUNT.fullmatch(cleaned):
        return None
    both = "," in cleaned and "." in cleaned
    if point is None or (either_way and both):
        point = "," if cleaned.rfind(",") > cleaned.rfind(".") else "."
        group = None
    if group is None:
        group = "." if point == "," else ","
    if (
        point not in cleaned
        and cleaned.count(group) == 1
        and re.search(rf"{re.escape(group)}\d{{1,2}}$", cleaned)
    ):
        cleaned = cleaned.replace(group, point)
    try:  # only digits and marks are left: a number, finite, or no amount
        return Decimal(cleaned.replace(group, "").replace(point, "."))
    except InvalidOperation:
        return None


def amount_typed_text(amount: Decimal, point: str, group: str) -> str:
    """``amount`` with two decimals, as :func:`amount_in_text` reads it back (``1.622,74``), exact
    at any size (a ``float`` is not past 15 digits)."""
    with localcontext(Context(prec=max(28, amount.adjusted() + 4), Emax=MAX_EMAX)):
        plain = f"{amount.quantize(Decimal('0.01')):,.2f}"  # 1,622.74
    return plain.replace(",", "\0").replace(".", point).replace("\0", group)

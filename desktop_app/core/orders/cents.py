"""Money as exact whole cents: sums and comparisons over a million amounts, never a float's
rounding."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TypeAlias

import numpy as np

Cents: TypeAlias = "int | Decimal"
"""An amount of money in cents, exactly: an ``int`` for any amount of at most two decimals
under 10 trillion (every real one), else a ``Decimal`` (``0.125`` is ``Decimal('12.5')``)."""


_EXACT_CENTS_BELOW = 1e15
"""Below this many cents (15 digits), a float that is the nearest to some number of cents
reads back, through its shortest text, as exactly that number: each 15-digit decimal has a
float of its own."""


def cents_of(numbers: Sequence[int | float | Decimal]) -> list[Cents]:
    """Amounts as the order keeps them (``Order.amount_number``), in exact cents: the value of
    ``Order.amount`` (``money_of``), times 100.

    A float whose cents, rounded, divide back to it exactly and are under 15 digits is that
    many cents (see :data:`_EXACT_CENTS_BELOW`): checked in C for a slice at a time. Any other
    (more decimals, a huge or an odd value, an amount that came as text) is made exactly from
    its ``Decimal``, one by one.
    """
    count = len(numbers)
    if Decimal in set(map(type, numbers)):  # came as text: exact only through its Decimal
        return [_exact_cents(number) for number in numbers]
    try:
        values = np.fromiter(numbers, np.float64, count)
    except OverflowError:  # an int past any float: each one exactly, the slow way
        return [_exact_cents(number) for number in numbers]
    with np.errstate(over="ignore"):  # a huge float's cents overflow: not exact, see below
        cents = np.rint(values * 100)
    odd = (cents / 100 != values) | (np.abs(cents) >= _EXACT_CENTS_BELOW)
    cents[odd] = 0
    result: list[Cents] = cents.astype(np.int64).tolist()
    for at in np.flatnonzero(odd).tolist():
        result[at] = _exact_cents(numbers[at])
    return result


_NOISE_CENTS = Decimal("0.000001")
"""A millionth of a cent: what a float's sum strays from a cent (``4986.8099999999995``)."""


def _exact_cents(number: int | float | Decimal) -> Cents:
    # As ``money_of`` reads it (the API's models stay out of this module's imports): within
    # a millionth of a cent of a cent, that cent.
    if type(number) is int:
        return number * 100
    cents = _shifted(Decimal(repr(number)) if type(number) is float else Decimal(number), 2)
    whole = cents.to_integral_value()
    return int(whole) if cents != whole and abs(cents - whole) <= _NOISE_CENTS else cents


def _shifted(value: Decimal, places: int) -> Decimal:
    """``value`` times ten to ``places``, exactly (``scaleb`` rounds to 28 digits)."""
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite: no amount is infinite or NaN
    return Decimal((sign, digits, exponent + places))


def cents_in(amount: Decimal) -> Cents:
    """``amount`` in cents: an ``int`` when whole cents (which compares fastest)."""
    cents = _shifted(amount, 2)
    return int(cents) if cents == cents.to_integral_value() else cents


def money_in(cents: Cents) -> Decimal:
    """Cents as an amount of money."""
    return _shifted(Decimal(cents), -2)

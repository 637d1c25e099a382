"""What is read right after pydantic has validated a slice of an answer, where a fair service
answers otherwise than the interface's example and pydantic cannot say it in Rust.

Done for a few decoded slices at a time (see ``desktop_app.api._arrays``), in C where it can
be (a look over their amounts), one element at a time only where one needs it:

* **Time** is read in validation (``models.Moment``): a timestamp with a zone is that instant;
  one with none is in the service's zone (:attr:`Reading.zone`, the validation's context: UTC,
  as the interface says, unless IT names the service's own); a date stays that calendar day.
* **Money.** An amount within a millionth of a cent of a cent is that cent: a service that
  sums in binary floating point writes ``4986.8099999999995`` for ``4986.81``. Any other
  amount with finer fractions makes its element unread, with the reason; never rounded.
* **Gaps.** A text that is ``null`` is empty (shown as not given), a count of installments
  one: both read in Rust (``models.Text``, ``models.Count``). An amount paid that is ``null``
  is nothing paid. An order with no store is of the store asked for; a payment with no order,
  of the order asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, tzinfo
from decimal import Decimal
from itertools import chain
from operator import attrgetter
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import numpy as np

from desktop_app.api import models


@dataclass(frozen=True, slots=True)
class Reading:
    """How to read one answer: the service's zone, and what was asked (for what it leaves out)."""

    zone: tzinfo = UTC
    store_id: str = ""
    order_id: int | None = None


AS_THE_INTERFACE_SAYS = Reading()
"""Times with no zone in UTC, nothing asked about."""


def zone_named(name: str) -> tzinfo | None:
    """The time zone ``name`` names (``America/Sao_Paulo``; empty: UTC), from the system's zone
    data or the ``tzdata`` package where the system has none; None when there is no such zone."""
    if not name.strip():
        return UTC
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        return None


Rejects = list[tuple[int, str]]
"""Elements of a slice to leave out: their place in the slice, and why."""


_MONEY_FIELDS: dict[type, tuple[str, ...]] = {
    models.Order: ("amount_number", "amount_paid_number"),
    models.Payment: ("amount",),
    models.BillingRecord: ("total",),
}
_WIRE_NAME = {"amount_number": "amount", "amount_paid_number": "amountPaid"}
_STORE = attrgetter("store_id")


def read_after_validation(
    items: Sequence[Any], texts: Sequence[bytes], reading: Reading
) -> Rejects:
    """Read ``items`` (validated from the slices ``texts``) as the module says; the elements to
    leave out, by their place in ``items``."""
    kind = type(items[0]) if items else None
    if kind is None:
        return []
    if kind is models.Order and reading.store_id and _some_without_a_store(items, texts):
        for item in items:
            if not item.store_id:
                object.__setattr__(item, "store_id", reading.store_id)
    if kind is models.Payment and reading.order_id is not None:
        for item in items:
            if item.order_id is None:
                object.__setattr__(item, "order_id", reading.order_id)
    return _odd_amounts(items, _MONEY_FIELDS.get(kind, ()))


def reader_after_validation(
    reading: Reading = AS_THE_INTERFACE_SAYS,
) -> Callable[[list[Any], Sequence[bytes]], Rejects]:
    """:func:`read_after_validation` as ``desktop_app.api._arrays.ArrayDecoder`` calls it, for
    ``reading``."""
    return lambda items, texts: read_after_validation(items, texts, reading)


def _some_without_a_store(items: Sequence[Any], texts: Sequence[bytes]) -> bool:
    """Whether an order may lack its store: looked for one by one only where a slice's text or
    the ends say so (a scan of every order costs a sixtieth of the decode)."""
    if all(b'"storeId"' in text for text in texts) and items[0].store_id and items[-1].store_id:
        return False
    return "" in map(_STORE, items)


def _odd_amounts(items: Sequence[Any], fields: tuple[str, ...]) -> Rejects:
    """The elements whose amounts (``fields``) are no amounts of whole cents (see
    ``models.to_cent``); a value within a millionth of a cent of one is made that cent where it
    is kept as a ``Decimal``."""
    count = len(items)
    suspects: Sequence[int] = range(count * len(fields))  # one by one: a payment's, a day's
    if type(items[0]) is models.Order:  # a store's orders: in C, many at a time
        try:
            # A Decimal (an amount sent as text) goes through its float: one that is not whole
            # cents is a suspect, checked exactly below; one within float noise of a cent is
            # that cent where it is read (money_of, cents_of).
            every = chain.from_iterable(map(attrgetter(field), items) for field in fields)
            numbers = np.fromiter(every, np.float64, len(suspects))
        except (TypeError, ValueError, OverflowError):  # an int past any float: one by one
            pass
        else:
            with np.errstate(over="ignore", invalid="ignore"):  # huge: a suspect, as it should
                cents = numbers * 100
                np.rint(cents, out=cents)
                cents /= 100
            suspects = np.flatnonzero(cents != numbers).tolist()  # a null (NaN) among them
    refused: dict[int, str] = {}  # one reason per element: its first odd amount's
    for suspect in suspects:
        at, field = suspect % count, fields[suspect // count]
        value = getattr(items[at], field)
        if value is None:  # a null amount paid: nothing paid yet
            object.__setattr__(items[at], field, 0)
            continue
        exact = models.money_of(value, snap=False)
        cent = models.to_cent(exact)
        if cent is None:
            name = _WIRE_NAME.get(field, field)
            refused.setdefault(at, f"{name}: {exact} is not an amount of whole cents")
        elif type(value) is Decimal and cent != value:
            object.__setattr__(items[at], field, cent)
    return sorted(refused.items())

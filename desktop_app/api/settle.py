"""What is read right after pydantic has validated a slice of an answer, where a fair service
answers otherwise than the interface's example and pydantic cannot say it in Rust.

Done once per decoded slice (see ``desktop_app.api._arrays``), in C where it can be (a look
over a slice's amounts, its times), one element at a time only where one needs it:

* **Time.** A timestamp with a zone is that instant. One with none is read in the service's
  zone (:attr:`Reading.zone`: UTC, as the interface says, unless IT names the service's own).
  A value that is only a date stays that calendar day (a ``date``), never moved by a zone.
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
from datetime import UTC, datetime, tzinfo
from decimal import Decimal
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


_TIME_FIELD = {
    models.Order: "create_date",
    models.Payment: "pay_date",
    models.BillingRecord: "date",
}
_MONEY_FIELDS: dict[type, tuple[str, ...]] = {
    models.Order: ("amount_number", "amount_paid_number"),
    models.Payment: ("amount",),
    models.BillingRecord: ("total",),
}
_WIRE_NAME = {"amount_number": "amount", "amount_paid_number": "amountPaid"}
_STORE = attrgetter("store_id")


def settle(items: Sequence[Any], text: bytes, reading: Reading) -> Rejects:
    """Read ``items`` (one validated slice, from ``text``) as the module says; the elements to
    leave out."""
    kind = type(items[0]) if items else None
    if kind is None:
        return []
    if kind is models.Order and reading.store_id and _some_without_a_store(items, text):
        for item in items:
            if not item.store_id:
                object.__setattr__(item, "store_id", reading.store_id)
    if kind is models.Payment and reading.order_id is not None:
        for item in items:
            if item.order_id is None:
                object.__setattr__(item, "order_id", reading.order_id)
    field = _TIME_FIELD.get(kind)
    if field is not None:
        _in_zone(items, field, reading.zone)
    rejects: Rejects = []
    for name in _MONEY_FIELDS.get(kind, ()):
        rejects.extend(_odd_amounts(items, name))
    return sorted(set(rejects))


def settler(reading: Reading = AS_THE_INTERFACE_SAYS) -> Callable[[list[Any], bytes], Rejects]:
    """:func:`settle` as ``desktop_app.api._arrays.ArrayDecoder`` calls it, for ``reading``."""
    return lambda items, text: settle(items, text, reading)


def _some_without_a_store(items: Sequence[Any], text: bytes) -> bool:
    """Whether an order of the slice may lack its store: looked for one by one only where the
    slice's text or its ends say so (a scan of every order costs a sixtieth of the decode)."""
    if b'"storeId"' not in text or not items[0].store_id or not items[-1].store_id:
        return "" in map(_STORE, items)
    return False


def _in_zone(items: Sequence[Any], field: str, zone: tzinfo) -> None:
    """A timestamp that came without a zone is in the service's ``zone``; a date stays a date."""
    for item, moment in zip(items, map(attrgetter(field), items), strict=True):
        if type(moment) is datetime and moment.tzinfo is None:
            object.__setattr__(item, field, moment.replace(tzinfo=zone))


def _odd_amounts(items: Sequence[Any], field: str) -> Rejects:
    """The elements whose ``field`` is no amount of whole cents (see ``models.to_cent``); a value
    within a millionth of a cent of one is made that cent where it is kept as a ``Decimal``."""
    value_of = attrgetter(field)
    suspects: Sequence[int] = range(len(items))  # one by one: a payment's, a day's
    if type(items[0]) is models.Order:  # a store's orders: in C, a slice at a time
        try:
            # A Decimal (an amount sent as text) goes through its float: one that is not whole
            # cents is a suspect, checked exactly below; one within float noise of a cent is
            # that cent where it is read (money_of, cents_of).
            numbers = np.fromiter(map(value_of, items), np.float64, len(items))
        except (TypeError, ValueError, OverflowError):  # an int past any float: one by one
            pass
        else:
            with np.errstate(over="ignore", invalid="ignore"):  # huge: a suspect, as it should
                cents = np.rint(numbers * 100)
                suspects = np.flatnonzero(cents / 100 != numbers).tolist()
    rejects: Rejects = []
    for at in suspects:
        value = value_of(items[at])
        if value is None:  # a null amount paid (numpy reads it as NaN): nothing paid yet
            object.__setattr__(items[at], field, 0)
            continue
        exact = models.money_of(value, snap=False)
        cent = models.to_cent(exact)
        if cent is None:
            name = _WIRE_NAME.get(field, field)
            rejects.append((at, f"{name}: {exact} is not an amount of whole cents"))
        elif type(value) is Decimal and cent != value:
            object.__setattr__(items[at], field, cent)
    return rejects

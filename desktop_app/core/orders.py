"""What the orders browser computes, kept free of Qt so it is tested at full speed."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # keeps the GUI's first paint free of httpx and pydantic imports
    from desktop_app.api.models import Order


class OrderStatus(enum.Enum):
    """Where an order stands, from its amount and what was paid."""

    OPEN = "open"
    PARTLY_PAID = "partly_paid"
    PAID = "paid"


def status_of(order: Order) -> OrderStatus:
    """The status of ``order``."""
    if order.amount_paid <= 0:
        return OrderStatus.OPEN
    if order.amount_paid < order.amount:
        return OrderStatus.PARTLY_PAID
    return OrderStatus.PAID


@dataclass(frozen=True, slots=True)
class OrderFilter:
    """What the person asked to see. Empty fields match everything."""

    text: str = ""
    status: OrderStatus | None = None
    since: date | None = None
    until: date | None = None
    seller_id: str = ""
    customer_id: str = ""

    def matches(self, order: Order) -> bool:
        """Whether ``order`` is shown."""
        if self.status is not None and status_of(order) is not self.status:
            return False
        if self.seller_id and order.seller_id != self.seller_id:
            return False
        if self.customer_id and order.customer_id != self.customer_id:
            return False
        if self.since or self.until:
            if order.create_date is None:
                return False
            day = order.create_date.astimezone().date()
            if (self.since and day < self.since) or (self.until and day > self.until):
                return False
        if self.text:
            needle = self.text.casefold()
            return (
                needle in order.customer_name.casefold()
                or needle in order.seller_name.casefold()
                or needle in str(order.order_id)
            )
        return True


@dataclass(frozen=True, slots=True)
class Totals:
    """The totals line of what is shown."""

    count: int
    amount: Decimal
    paid: Decimal
    balance_due: Decimal


def totals(orders: Iterable[Order]) -> Totals:
    """Count and sums of ``orders``.

    The sums run in C (``map``, ``attrgetter``, ``operator.sub``): a Python loop over 100,000
    orders takes ~200 ms on a worker thread whose GIL the GUI then keeps waiting for.
    """
    chosen = list(orders)
    amounts = list(map(_AMOUNT, chosen))
    paids = list(map(_PAID, chosen))
    due = sum(map(max, map(operator.sub, amounts, paids), repeat(_ZERO)), _ZERO)
    return Totals(len(chosen), sum(amounts, _ZERO), sum(paids, _ZERO), due)


_AMOUNT = attrgetter("amount")
_PAID = attrgetter("amount_paid")
_ZERO = Decimal(0)


SORT_KEYS: dict[str, Callable[[Order], Any]] = {
    "order_id": lambda o: o.order_id,
    "create_date": lambda o: o.create_date.timestamp() if o.create_date else float("-inf"),
    "customer_name": lambda o: o.customer_name.casefold(),
    "seller_name": lambda o: o.seller_name.casefold(),
    "billing_name": lambda o: o.billing_name.casefold(),
    "plan_name": lambda o: o.plan_name.casefold(),
    "installments": lambda o: o.installments,
    "amount": lambda o: float(o.amount),
    "amount_paid": lambda o: float(o.amount_paid),
    "balance_due": lambda o: float(o.balance_due),
    "status": lambda o: list(OrderStatus).index(status_of(o)),
    "customer_id": lambda o: o.customer_id,
    "seller_id": lambda o: o.seller_id,
    "store_id": lambda o: o.store_id,
}
"""Sort keys by column: numbers where the value is a number (money as float keeps the order
of amounts with two decimals exactly), folded text where it is text."""

EVERYTHING = OrderFilter()


class OrderIndex:
    """What filtering and sorting one list of orders needs, computed once per list.

    Folding 200,000 names for every keystroke in the filter box, or building 100,000 sort keys
    for every click on a header, costs more than the filtering or sorting itself.
    """

    def __init__(self, orders: Sequence[Order]) -> None:
        self.orders = orders
        self._haystacks: list[str] | None = None
        self._keys: dict[str, list[Any]] = {}
        self._everything: Totals | None = None

    def totals_of(self, rows: list[int], wanted: OrderFilter) -> Totals:
        """Totals of the orders at ``rows``; those of the whole list are kept."""
        if wanted != EVERYTHING:
            return totals(map(self.orders.__getitem__, rows))
        if self._everything is None:
            self._everything = totals(self.orders)
        return self._everything

    def haystacks(self) -> list[str]:
        """Per order, the folded text the filter box searches."""
        if self._haystacks is None:
            self._haystacks = [
                f"{o.customer_name.casefold()}\0{o.seller_name.casefold()}\0{o.order_id}"
                for o in self.orders
            ]
        return self._haystacks

    def sort_keys(self, column: str) -> list[Any]:
        """Per order, a number that sorts like the column's value."""
        keys = self._keys.get(column)
        if keys is None:
            key = SORT_KEYS[column]
            keys = self._keys[column] = numeric_keys([key(o) for o in self.orders])
        return keys


def visible_rows(
    orders: Sequence[Order] | OrderIndex,
    wanted: OrderFilter,
    sort_key: str | None,
    descending: bool,
) -> list[int]:
    """Indexes of the orders to show, in the order to show them.

    Sorting the Python list and resetting the model takes a fraction of a second for 100,000
    rows; a ``QSortFilterProxyModel`` over a Python model makes millions of ``data()`` calls.
    This runs on a worker thread, so it avoids long C calls that keep the GIL: keys are numbers
    (comparing 100,000 Decimals or strings in one ``list.sort`` holds the GIL for ~100 ms,
    comparing numbers for ~10 ms).
    """
    index = orders if isinstance(orders, OrderIndex) else OrderIndex(orders)
    items = index.orders
    if wanted == EVERYTHING:
        rows = list(range(len(items)))
    else:
        text_only = OrderFilter(text=wanted.text)
        if wanted.text and wanted == text_only:
            needle = wanted.text.casefold()
            rows = [i for i, hay in enumerate(index.haystacks()) if needle in hay]
        else:
            rows = [i for i, order in enumerate(items) if wanted.matches(order)]
    if sort_key is not None and rows:
        keys = index.sort_keys(sort_key)
        rows.sort(key=keys.__getitem__, reverse=descending)
    return rows


def numeric_keys(values: list[Any]) -> list[Any]:
    """``values`` as numbers of the same order: text becomes the rank of its distinct value.

    There are far fewer distinct names than orders, so the one text sort is short.
    """
    if values and isinstance(values[0], str):
        rank = {value: position for position, value in enumerate(sorted(set(values)))}
        return [rank[value] for value in values]
    return values

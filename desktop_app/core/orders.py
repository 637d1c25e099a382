"""What the orders browser computes, kept free of Qt so it is tested at full speed."""

from __future__ import annotations

import enum
import operator
import threading
import time
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


def totals(orders: Iterable[Order], pause: float = 0.0) -> Totals:
    """Count and sums of ``orders``.

    The sums run in C (``map``, ``attrgetter``, ``operator.sub``): a Python loop over 100,000
    orders takes ~200 ms on a worker thread whose GIL the GUI then keeps waiting for.
    """
    chosen = list(orders)
    amount = paid = due = _ZERO
    size = IDLE_CHUNK if pause else CHUNK
    for start in range(0, len(chosen), size):
        part = chosen[start : start + size]
        amounts = list(map(_AMOUNT, part))
        paids = list(map(_PAID, part))
        amount += sum(amounts, _ZERO)
        paid += sum(paids, _ZERO)
        due += sum(map(max, map(operator.sub, amounts, paids), repeat(_ZERO)), _ZERO)
        if pause:
            time.sleep(pause)
    return Totals(len(chosen), amount, paid, due)


_AMOUNT = attrgetter("amount")
_CUSTOMER = attrgetter("customer_name")
_SELLER = attrgetter("seller_name")
_NUMBER = attrgetter("order_id")
_PAID = attrgetter("amount_paid")
_ZERO = Decimal(0)


CHUNK = 8_192
"""Items per C-level loop: a few milliseconds each, so the GIL changes hands in between."""


IDLE_CHUNK = 1_024
"""Items per slice of idle-time work, which sleeps between slices: under a millisecond each."""


def chunked(
    build: Callable[[Sequence[Any]], list[Any]], items: Sequence[Any], pause: float = 0.0
) -> list[Any]:
    """``build(items)``, done slice by slice (the GUI thread gets the GIL between slices).

    ``pause`` makes it idle-time work: smaller slices, with a sleep after each, so that it
    gives way to anything the person does meanwhile.
    """
    size = IDLE_CHUNK if pause else CHUNK
    result: list[Any] = []
    for start in range(0, len(items), size):
        result.extend(build(items[start : start + size]))
        if pause:
            time.sleep(pause)
    return result


def _folded(field: str) -> Callable[[Sequence[Order]], list[Any]]:
    get = attrgetter(field)
    return lambda orders: numeric_keys(
        chunked(lambda part: list(map(str.casefold, map(get, part))), orders)
    )


def _text(field: str) -> Callable[[Sequence[Order]], list[Any]]:
    get = attrgetter(field)
    return lambda orders: numeric_keys(chunked(lambda part: list(map(get, part)), orders))


def _number(field: str) -> Callable[[Sequence[Order]], list[Any]]:
    get = attrgetter(field)
    return lambda orders: chunked(lambda part: list(map(float, map(get, part))), orders)


def _each(key: Callable[[Order], Any]) -> Callable[[Sequence[Order]], list[Any]]:
    return lambda orders: [key(order) for order in orders]


_STATUS_RANK = {status: rank for rank, status in enumerate(OrderStatus)}

SORT_KEYS: dict[str, Callable[[Sequence[Order]], list[Any]]] = {
    "order_id": _text("order_id"),
    "create_date": _each(lambda o: o.create_date.timestamp() if o.create_date else float("-inf")),
    "customer_name": _folded("customer_name"),
    "seller_name": _folded("seller_name"),
    "billing_name": _folded("billing_name"),
    "plan_name": _folded("plan_name"),
    "installments": _text("installments"),
    "amount": _number("amount"),
    "amount_paid": _number("amount_paid"),
    "balance_due": _number("balance_due"),
    "status": _each(lambda o: _STATUS_RANK[status_of(o)]),
    "customer_id": _text("customer_id"),
    "seller_id": _text("seller_id"),
    "store_id": _text("store_id"),
}
"""Per column, the sort keys of a whole list, as numbers: money as float keeps the order of
amounts with two decimals exactly; text becomes the rank of its folded value. Built with
``map`` where possible, so the loop runs in C rather than a Python frame per order."""

EVERYTHING = OrderFilter()


class OrderIndex:
    """What filtering and sorting one list of orders needs, computed once per list.

    Folding 200,000 names for every keystroke in the filter box, or building 100,000 sort keys
    for every click on a header, costs more than the filtering or sorting itself.
    """

    def __init__(self, orders: Sequence[Order]) -> None:
        self.orders = orders
        self._lock = threading.Lock()  # one builder at a time; a second caller waits for it
        self._haystacks: list[str] | None = None
        self._keys: dict[str, list[Any]] = {}
        self._everything: Totals | None = None

    def totals_of(self, rows: list[int], wanted: OrderFilter, pause: float = 0.0) -> Totals:
        """Totals of the orders at ``rows`` (all of them when ``wanted`` is everything;
        those are kept)."""
        if wanted != EVERYTHING:
            return totals(chunked(lambda part: list(map(self.orders.__getitem__, part)), rows))
        with self._lock:
            if self._everything is None:
                self._everything = totals(self.orders, pause)
            return self._everything

    def prepare(self, pause: float = 0.001) -> Totals:
        """Build what the first filter needs and the whole list's totals, giving way between
        slices: for idle time just after the list is shown."""
        self.haystacks(pause)
        return self.totals_of([], EVERYTHING, pause)

    def haystacks(self, pause: float = 0.0) -> list[str]:
        """Per order, the folded text the filter box searches (customer, seller, number)."""
        with self._lock:
            return self._build_haystacks(pause)

    def _build_haystacks(self, pause: float) -> list[str]:
        if self._haystacks is None:

            def build(part: Sequence[Order]) -> list[str]:
                customers = map(str.casefold, map(_CUSTOMER, part))
                sellers = map(str.casefold, map(_SELLER, part))
                numbers = map(str, map(_NUMBER, part))
                return list(map("\0".join, zip(customers, sellers, numbers, strict=True)))

            self._haystacks = chunked(build, self.orders, pause)
        return self._haystacks

    def sort_keys(self, column: str) -> list[Any]:
        """Per order, a number that sorts like the column's value."""
        keys = self._keys.get(column)
        if keys is None:
            keys = self._keys[column] = SORT_KEYS[column](self.orders)
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
        return chunked(lambda part: list(map(rank.__getitem__, part)), values)
    return values

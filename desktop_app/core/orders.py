"""What the orders browser computes, kept free of Qt so it is tested at full speed."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from itertools import compress, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from desktop_app.core.steps import Steps, finish

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


def totals(orders: Sequence[Order]) -> Totals:
    """Count and sums of ``orders``, at once."""
    return finish(totals_steps(orders))


def totals_steps(orders: Sequence[Order]) -> Steps[Totals]:
    """Count and sums of ``orders``, a slice per step.

    The sums run in C (``map``, ``attrgetter``, ``operator.sub``): a Python loop over 100,000
    orders takes ~200 ms.
    """
    amount = paid = due = _ZERO
    for start in range(0, len(orders), CHUNK):
        part = orders[start : start + CHUNK]
        amounts = list(map(_AMOUNT, part))
        paids = list(map(_PAID, part))
        amount += sum(amounts, _ZERO)
        paid += sum(paids, _ZERO)
        due += sum(map(max, map(operator.sub, amounts, paids), repeat(_ZERO)), _ZERO)
        yield
    return Totals(len(orders), amount, paid, due)


_AMOUNT = attrgetter("amount")
_CUSTOMER = attrgetter("customer_name")
_SELLER = attrgetter("seller_name")
_NUMBER = attrgetter("order_id")
_PAID = attrgetter("amount_paid")
_ZERO = Decimal(0)


CHUNK = 4_096
"""Items per C-level loop: one or two milliseconds each, so the window gets its turns."""


def chunked(
    build: Callable[[Sequence[Any]], Iterable[Any]], items: Sequence[Any]
) -> Steps[list[Any]]:
    """``build(items)``, done slice by slice, a step each."""
    result: list[Any] = []
    for start in range(0, len(items), CHUNK):
        result.extend(build(items[start : start + CHUNK]))
        yield
    return result


def _folded(field: str) -> Callable[[Sequence[Order]], Steps[list[Any]]]:
    get = attrgetter(field)

    def keys(orders: Sequence[Order]) -> Steps[list[Any]]:
        values = yield from chunked(lambda part: map(str.casefold, map(get, part)), orders)
        return (yield from numeric_keys(values))

    return keys


def _text(field: str) -> Callable[[Sequence[Order]], Steps[list[Any]]]:
    get = attrgetter(field)

    def keys(orders: Sequence[Order]) -> Steps[list[Any]]:
        values = yield from chunked(lambda part: map(get, part), orders)
        return (yield from numeric_keys(values))

    return keys


def _number(field: str) -> Callable[[Sequence[Order]], Steps[list[Any]]]:
    get = attrgetter(field)
    return lambda orders: chunked(lambda part: map(float, map(get, part)), orders)


def _each(key: Callable[[Order], Any]) -> Callable[[Sequence[Order]], Steps[list[Any]]]:
    return lambda orders: chunked(lambda part: map(key, part), orders)


_STATUS_RANK = {status: rank for rank, status in enumerate(OrderStatus)}

SORT_KEYS: dict[str, Callable[[Sequence[Order]], Steps[list[Any]]]] = {
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

    Folding 200,000 names for every keystroke in the filter box, or sorting 100,000 orders for
    every click on a header, costs more than filtering a list already in order. Everything here
    is built in steps on the one thread of the window, so a half-built part is simply
    continued by whichever computation needs it next.
    """

    def __init__(self, orders: Sequence[Order]) -> None:
        self.orders = orders
        self._haystacks: list[str] = []
        self._keys: dict[str, list[Any]] = {}
        self._orderings: dict[tuple[str, bool], list[int]] = {}
        self._everything: Totals | None = None

    def totals_of(self, rows: Sequence[int], wanted: OrderFilter) -> Steps[Totals]:
        """Totals of the orders at ``rows`` (all of them when ``wanted`` is everything;
        those are kept)."""
        if wanted != EVERYTHING:
            chosen = yield from chunked(lambda part: map(self.orders.__getitem__, part), rows)
            return (yield from totals_steps(chosen))
        if self._everything is None:
            self._everything = yield from totals_steps(self.orders)
        return self._everything

    def prepare(self) -> Steps[Totals]:
        """Build what the first filter needs and the whole list's totals: idle-time work for
        just after the list is shown."""
        yield from self.haystacks()
        return (yield from self.totals_of([], EVERYTHING))

    def haystacks(self) -> Steps[list[str]]:
        """Per order, the folded text the filter box searches (customer, seller, number)."""
        built = self._haystacks
        while len(built) < len(self.orders):
            part = self.orders[len(built) : len(built) + CHUNK]
            customers = map(str.casefold, map(_CUSTOMER, part))
            sellers = map(str.casefold, map(_SELLER, part))
            numbers = map(str, map(_NUMBER, part))
            built.extend(map("\0".join, zip(customers, sellers, numbers, strict=True)))
            yield
        return built

    def sort_keys(self, column: str) -> Steps[list[Any]]:
        """Per order, a number that sorts like the column's value."""
        keys = self._keys.get(column)
        if keys is None:
            keys = self._keys[column] = yield from SORT_KEYS[column](self.orders)
        return keys

    def ordering(self, column: str, descending: bool) -> Steps[list[int]]:
        """Every order's index, sorted by ``column``; equal values keep the list's order.

        Kept per column and direction, so going back to a sort already seen is immediate and a
        filter only has to pick from an ordering.
        """
        found = self._orderings.get((column, descending))
        if found is None:
            keys = yield from self.sort_keys(column)
            if descending:
                # Negated keys rather than reverse=True keep equal values in the list's order.
                keys = yield from chunked(lambda part: map(operator.neg, part), keys)
            yield
            # One C call of ~30 ms for 100,000 numeric keys (strings or Decimals: far longer).
            found = sorted(range(len(self.orders)), key=keys.__getitem__)
            self._orderings[column, descending] = found
            yield
        return found

    def matching(self, wanted: OrderFilter) -> Steps[list[bool]]:
        """Per order, whether ``wanted`` shows it."""
        hays = (yield from self.haystacks()) if wanted.text else None
        needle = wanted.text.casefold()
        rest = replace(wanted, text="")
        mask: list[bool] = []
        for start in range(0, len(self.orders), CHUNK):
            part = self.orders[start : start + CHUNK]
            if hays is None:
                mask.extend(map(rest.matches, part))
                yield
                continue
            found = map(operator.contains, hays[start : start + CHUNK], repeat(needle))
            if rest == EVERYTHING:
                mask.extend(found)
            else:
                mask.extend(map(operator.and_, found, map(rest.matches, part)))
            yield
        return mask


def view_steps(
    index: OrderIndex, wanted: OrderFilter, sort_key: str | None, descending: bool
) -> Steps[list[int]]:
    """Indexes of the orders to show, in the order to show them, in steps.

    Sorting the Python list and resetting the model takes a fraction of a second for 100,000
    rows; a ``QSortFilterProxyModel`` over a Python model makes millions of ``data()`` calls.
    """
    count = len(index.orders)
    order: Sequence[int] = range(count)
    if sort_key is not None and count:
        order = yield from index.ordering(sort_key, descending)
    if wanted == EVERYTHING:
        return list(order)
    mask = yield from index.matching(wanted)
    rows: list[int] = []
    for start in range(0, count, CHUNK):
        part = order[start : start + CHUNK]
        rows.extend(compress(part, map(mask.__getitem__, part)))
        yield
    return rows


def visible_rows(
    orders: Sequence[Order] | OrderIndex,
    wanted: OrderFilter,
    sort_key: str | None,
    descending: bool,
) -> list[int]:
    """Indexes of the orders to show, in the order to show them, at once."""
    index = orders if isinstance(orders, OrderIndex) else OrderIndex(orders)
    return finish(view_steps(index, wanted, sort_key, descending))


def numeric_keys(values: list[Any]) -> Steps[list[Any]]:
    """``values`` as numbers of the same order: text becomes the rank of its distinct value.

    There are far fewer distinct names than orders, so the one text sort is short.
    """
    if values and isinstance(values[0], str):
        rank = {value: position for position, value in enumerate(sorted(set(values)))}
        yield
        return (yield from chunked(lambda part: map(rank.__getitem__, part), values))
    return values

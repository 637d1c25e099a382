"""What the orders browser computes, kept free of Qt so it is tested at full speed."""

from __future__ import annotations

import enum
import operator
import sys
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from itertools import compress, islice, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from desktop_app.core.money import local_day
from desktop_app.core.steps import Steps, finish
from desktop_app.core.text import fold, fold_all

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
    """What the person asked to see. Empty fields match everything.

    ``text`` is found in the customer's or seller's name (case and accents ignored) or the
    order's number; ``amount`` (what the text reads as, typed the locale's way) finds orders of
    that amount, amount paid or balance due: either one is enough."""

    text: str = ""
    amount: Decimal | None = None
    order_ids: frozenset[int] | None = None  # only these orders (those invoiced here)
    status: OrderStatus | None = None
    since: date | None = None
    until: date | None = None
    seller_id: str = ""
    customer_id: str = ""

    def matches(self, order: Order) -> bool:
        """Whether ``order`` is shown."""
        if self.status is not None and status_of(order) is not self.status:
            return False
        if self.order_ids is not None and order.order_id not in self.order_ids:
            return False
        if self.seller_id and order.seller_id != self.seller_id:
            return False
        if self.customer_id and order.customer_id != self.customer_id:
            return False
        if self.since or self.until:
            if order.create_date is None:
                return False
            day = local_day(order.create_date)
            if (self.since and day < self.since) or (self.until and day > self.until):
                return False
        if self.text:
            needle = fold(self.text)
            return (
                needle in fold(order.customer_name)
                or needle in fold(order.seller_name)
                or needle in str(order.order_id)
                or self.amount in (order.amount, order.amount_paid, order.balance_due)
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
    """Count and sums of ``orders``."""
    return finish(OrderIndex(orders).totals_of(range(len(orders)), EVERYTHING))


_CUSTOMER = attrgetter("customer_name")
_SELLER = attrgetter("seller_name")
_NUMBER = attrgetter("order_id")
_ZERO = Decimal(0)
_NO_DATE = float("-inf")

CHUNK = 4_096
"""Items per C-level loop: one or two milliseconds each, so the window gets its turns."""


def chunked(build: Callable[..., Iterable[Any]], *columns: Sequence[Any]) -> Steps[list[Any]]:
    """``build(*columns)`` over aligned slices of the columns, a step after each slice."""
    result: list[Any] = []
    for start in range(0, len(columns[0]), CHUNK):
        result.extend(build(*(column[start : start + CHUNK] for column in columns)))
        yield
    return result


def _timestamp(moment: datetime | None) -> float:
    return _NO_DATE if moment is None else moment.timestamp()


def _local_midnight(day: date) -> float:
    return datetime.combine(day, time.min).astimezone().timestamp()


EVERYTHING = OrderFilter()

_TEXT_COLUMNS = {"customer_name", "seller_name", "billing_name", "plan_name"}
_MONEY_COLUMNS = ("amount", "amount_paid", "balance_due")


class OrderIndex:
    """What filtering, sorting and totals of one list of orders need, computed once per list.

    Everything is kept as per-order columns (values, numbers, folded text) built with ``map``,
    so filters, sorts and sums run in C rather than a Python frame per order: folding 200,000
    names for every keystroke in the filter box, or sorting 100,000 orders for every click on
    a header, would cost more than the filtering or sorting itself. Parts are built in steps on
    the window's one thread, so a half-built part is continued by whatever needs it next.
    """

    def __init__(self, orders: Sequence[Order]) -> None:
        self.orders = orders
        self._haystacks: list[str] = []
        self._folded: dict[str, str] = {}  # each distinct name, folded
        self._columns: dict[str, list[Any]] = {}
        self._keys: dict[str, list[Any]] = {}
        self._ranks: dict[str, int] = {}  # columns whose keys are ranks 0..n-1: n
        self._orderings: dict[tuple[str, bool], list[int]] = {}
        self._everything: Totals | None = None
        self._last_mask: tuple[OrderFilter, list[bool]] | None = None

    def release(self) -> list[list[Any]]:
        """Empty the index and hand over its large lists, for the caller to free in steps: a
        million orders' folded names, sort keys and orderings freed at once hold the window a
        quarter of a second."""
        parts: list[list[Any]] = [self._haystacks]
        for kept in (self._columns, self._keys):
            parts.extend(value for value in kept.values() if isinstance(value, list))
        parts.extend(self._orderings.values())
        self._haystacks = []
        self._columns, self._keys, self._orderings = {}, {}, {}
        self._last_mask = None
        return parts

    # -- columns -----------------------------------------------------------------------------

    def column(self, field: str) -> Steps[list[Any]]:
        """Per order, one field's value (or a derived one: "balance_due", "status" rank,
        "timestamp")."""
        values = self._columns.get(field)
        if values is not None:
            return values
        if field == "balance_due":
            amounts, paids = (
                (yield from self.column("amount")),
                (yield from self.column("amount_paid")),
            )
            values = yield from chunked(
                lambda a, p: map(max, map(operator.sub, a, p), repeat(_ZERO)), amounts, paids
            )
        elif field == "status":
            # 0 open, 1 partly paid, 2 paid: as status_of, with paid > 0 and paid >= amount.
            amounts, paids = (
                (yield from self.column("amount")),
                (yield from self.column("amount_paid")),
            )
            values = yield from chunked(
                lambda a, p: map(
                    operator.mul,
                    map(operator.gt, p, repeat(_ZERO)),
                    map(operator.add, repeat(1), map(operator.ge, p, a)),
                ),
                amounts,
                paids,
            )
        elif field == "timestamp":
            dates = yield from self.column("create_date")
            values = yield from chunked(lambda part: map(_timestamp, part), dates)
        else:
            values = yield from chunked(lambda part: map(attrgetter(field), part), self.orders)
        self._columns[field] = values
        return values

    def haystacks(self) -> Steps[list[str]]:
        """Per order, the folded text the filter box searches (customer, seller, number).

        A store has far fewer names than orders (a million orders, some 20,000 customers and
        a few sellers): each distinct name is folded once and looked up after."""
        built, folded = self._haystacks, self._folded
        while len(built) < len(self.orders):
            part = self.orders[len(built) : len(built) + CHUNK * 2]
            customers = list(map(_CUSTOMER, part))
            sellers = list(map(_SELLER, part))
            new = list(set(customers).union(sellers).difference(folded))
            folded.update(zip(new, fold_all(new), strict=True))
            numbers = map(str, map(_NUMBER, part))
            built.extend(
                map(
                    "\0".join,
                    zip(
                        map(folded.__getitem__, customers),
                        map(folded.__getitem__, sellers),
                        numbers,
                        strict=True,
                    ),
                )
            )
            yield
        return built

    # -- totals ------------------------------------------------------------------------------

    def totals_of(self, rows: Sequence[int], wanted: OrderFilter) -> Steps[Totals]:
        """Totals of the orders at ``rows``, which ``wanted`` chose (the whole list's totals
        are kept)."""
        if wanted == EVERYTHING and self._everything is not None:
            return self._everything
        sums = []
        for field in _MONEY_COLUMNS:
            values = yield from self.column(field)
            if wanted == EVERYTHING:
                chosen: Iterable[Decimal] = values
            elif self._last_mask is not None and self._last_mask[0] == wanted:
                chosen = compress(values, self._last_mask[1])  # in list order: no jumping about
            else:
                chosen = map(values.__getitem__, rows)
            total, left = _ZERO, iter(chosen)
            while True:  # a million Decimals in one sum held the window 100 ms
                part = list(islice(left, CHUNK * 4))
                if not part:
                    break
                total = sum(part, total)
                yield
            sums.append(total)
        count = len(self.orders) if wanted == EVERYTHING else len(rows)
        result = Totals(count, sums[0], sums[1], sums[2])
        if wanted == EVERYTHING:
            self._everything = result
        return result

    def prepare(self) -> Steps[Totals]:
        """Idle-time work for just after the list is shown: what the first filter needs, the
        whole list's totals, then the sort keys that take longest to build (money as float
        goes through text: ~40 ms per column; timestamps of aware datetimes: ~100 ms)."""
        yield from self.haystacks()
        everything = yield from self.totals_of(range(len(self.orders)), EVERYTHING)
        for column in (*_MONEY_COLUMNS, "create_date", "status"):
            yield from self.sort_keys(column)
        return everything

    # -- sorting -----------------------------------------------------------------------------

    def sort_keys(self, column: str) -> Steps[list[Any]]:
        """Per order, a number that sorts like the column's value.

        Money as float keeps the order of amounts with two decimals exactly; text becomes the
        rank of its folded value; comparing numbers in one ``list.sort`` is several times faster
        than comparing Decimals or strings.
        """
        keys = self._keys.get(column)
        if keys is not None:
            return keys
        if column in _MONEY_COLUMNS:
            values = yield from self.column(column)
            keys = yield from chunked(lambda part: map(float, part), values)
        elif column == "create_date":
            keys = yield from self.column("timestamp")
        elif column == "status":
            keys = yield from self.column("status")
            self._ranks[column] = len(OrderStatus)
        else:
            values = yield from self.column(column)
            keys = yield from numeric_keys(values, folded=column in _TEXT_COLUMNS)
            if values and isinstance(values[0], str):  # the keys are ranks from 0
                self._ranks[column] = max(keys) + 1
        self._keys[column] = keys
        return keys

    def ordering(self, column: str, descending: bool) -> Steps[list[int]]:
        """Every order's index, sorted by ``column``; equal values keep the list's order.

        Kept per column and direction, so going back to a sort already seen is immediate and a
        filter only has to pick from an ordering.
        """
        found = self._orderings.get((column, descending))
        if found is None:
            keys = yield from self.sort_keys(column)
            yield
            found = yield from sorted_in_steps(keys, descending, self._ranks.get(column))
            self._orderings[column, descending] = found
            yield
        return found

    # -- filtering ---------------------------------------------------------------------------

    def matching(self, wanted: OrderFilter) -> Steps[list[bool]]:
        """Per order, whether ``wanted`` shows it (as :meth:`OrderFilter.matches` says)."""
        tests: list[tuple[Callable[..., Iterable[Any]], list[Any]]] = []
        either: list[tuple[Callable[..., Iterable[Any]], list[Any]]] = []  # any one will do
        if wanted.text:
            needle = fold(wanted.text)
            hays = yield from self.haystacks()
            either.append((lambda part: map(operator.contains, part, repeat(needle)), hays))
        if wanted.text and wanted.amount is not None:
            for field in _MONEY_COLUMNS:
                values = yield from self.column(field)
                either.append((lambda part: map(operator.eq, part, repeat(wanted.amount)), values))
        if wanted.order_ids is not None:
            numbers = yield from self.column("order_id")
            chosen = wanted.order_ids
            tests.append((lambda part: map(chosen.__contains__, part), numbers))
        if wanted.status is not None:
            rank = list(OrderStatus).index(wanted.status)
            ranks = yield from self.column("status")
            tests.append((lambda part: map(operator.eq, part, repeat(rank)), ranks))
        for field in ("seller_id", "customer_id"):
            value = getattr(wanted, field)
            if value:
                ids = yield from self.column(field)
                tests.append((lambda part, v=value: map(operator.eq, part, repeat(v)), ids))
        if wanted.since or wanted.until:
            # An order without a date (key -inf) is never inside a date range.
            low = _local_midnight(wanted.since) if wanted.since else -sys.float_info.max
            high = (
                _local_midnight(wanted.until + timedelta(days=1))
                if wanted.until and wanted.until < date.max
                else float("inf")
            )
            stamps = yield from self.column("timestamp")
            tests.append((lambda part: map(operator.le, repeat(low), part), stamps))
            tests.append((lambda part: map(operator.lt, part, repeat(high)), stamps))
        mask: list[bool] = []
        for start in range(0, len(self.orders), CHUNK):
            results = [test(values[start : start + CHUNK]) for test, values in tests]
            if either:
                alternatives = [test(values[start : start + CHUNK]) for test, values in either]
                found = alternatives[0]
                for more in alternatives[1:]:
                    found = map(operator.or_, found, more)
                results.insert(0, found)
            combined = (
                results[0] if results else repeat(True, len(self.orders[start : start + CHUNK]))
            )
            for more in results[1:]:
                combined = map(operator.and_, combined, more)
            mask.extend(combined)
            yield
        self._last_mask = (wanted, mask)
        return mask


SORT_RUN = 25_000
"""Keys sorted in one C call at most: ~6-12 ms of numbers (100,000 take 25-35 ms)."""
RANKS_PER_BUCKET_SORT = 20
"""Ranks are dealt into buckets when there are at least this many keys per rank: with more
buckets than that, sorting is faster than filling them."""


def sorted_in_steps(
    keys: Sequence[Any], descending: bool = False, ranks: int | None = None
) -> Steps[list[int]]:
    """The indexes of ``keys`` in the order of their values, in steps: the same list as
    ``sorted(range(len(keys)), key=keys.__getitem__, reverse=descending)``.

    A long list is sorted in parts. Keys that are ``ranks`` (whole numbers from 0), when there
    are far fewer of them than keys (names of customers, statuses), are dealt into one bucket
    per rank, a slice of keys per step. Other keys are dealt, in one pass, into parts between
    pivots (quantiles of a sample) of about ``SORT_RUN`` keys each, each part sorted in a step
    of its own, then joined in order; a part of mostly equal keys (balances of zero) sorts in
    linear time. The pass is what keeps a million keys to a second: a pass per part would
    read every key twenty times. Either way equal keys stay in the list's order: the sort is
    stable.
    """
    count = len(keys)
    if count <= SORT_RUN:
        return sorted(range(count), key=keys.__getitem__, reverse=descending)
    if ranks is not None and ranks <= count // RANKS_PER_BUCKET_SORT:
        buckets: list[list[int]] = [[] for _ in range(ranks)]
        deal = list(map(attrgetter("append"), buckets))
        for start in range(0, count, CHUNK):
            at = range(start, min(count, start + CHUNK))
            deque(map(operator.call, map(deal.__getitem__, keys[start : at.stop]), at), 0)
            yield
        joined: list[int] = []
        since_step = 0
        for bucket in reversed(buckets) if descending else buckets:
            joined.extend(bucket)
            since_step += len(bucket)
            if since_step >= CHUNK * 16:  # a million indexes in one list(): tens of ms
                since_step = 0
                yield
        return joined
    sample = sorted(keys[:: max(1, count // 1_000)])
    slices = -(-count // SORT_RUN)
    pivots = sorted({sample[len(sample) * part // slices] for part in range(1, slices)})
    # One pass deals every index into its part (pivots[i-1] < key <= pivots[i]: bisect_left),
    # in list order, so each part's sort keeps equal keys in the list's order.
    parts: list[list[int]] = [[] for _ in range(len(pivots) + 1)]
    deal = list(map(attrgetter("append"), parts))
    for start in range(0, count, CHUNK):
        chunk = keys[start : start + CHUNK]
        places = map(bisect_left, repeat(pivots), chunk)
        deque(
            map(operator.call, map(deal.__getitem__, places), range(start, start + len(chunk))), 0
        )
        yield
    ordered: list[int] = []
    for part in reversed(parts) if descending else parts:
        part.sort(key=keys.__getitem__, reverse=descending)
        ordered.extend(part)
        yield
    return ordered


def view_steps(
    index: OrderIndex, wanted: OrderFilter, sort_key: str | None, descending: bool
) -> Steps[Sequence[int]]:
    """Indexes of the orders to show, in the order to show them, in steps.

    Without a filter the answer is the range itself or the kept ordering, never a copy: a
    million row numbers as a list hold 36 MB (an int object each).

    Sorting the Python list and resetting the model takes a fraction of a second for 100,000
    rows; a ``QSortFilterProxyModel`` over a Python model makes millions of ``data()`` calls.
    """
    count = len(index.orders)
    order: Sequence[int] = range(count)
    if sort_key is not None and count:
        order = yield from index.ordering(sort_key, descending)
    if wanted == EVERYTHING:
        return order  # read only: the ordering stays kept for the next time
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
    return list(finish(view_steps(index, wanted, sort_key, descending)))


def numeric_keys(values: list[Any], folded: bool = False) -> Steps[list[Any]]:
    """``values`` as numbers of the same order: text becomes the rank of its distinct value
    (``folded``: compared without regard to case).

    There are far fewer distinct names than orders, so only those are folded and sorted.
    """
    if not values or not isinstance(values[0], str):
        return values
    distinct: set[str] = set()
    for start in range(0, len(values), CHUNK * 8):  # a million names in one set(): 80 ms
        distinct.update(values[start : start + CHUNK * 8])
        yield
    fold = str.casefold if folded else str
    rank: dict[str, int] = {}
    position, previous = -1, None
    for value in sorted(distinct, key=fold):
        if fold(value) != previous:  # values that fold alike ("ANA", "Ana") share a rank
            position, previous = position + 1, fold(value)
        rank[value] = position
    yield
    return (yield from chunked(lambda part: map(rank.__getitem__, part), values))

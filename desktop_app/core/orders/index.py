"""The index of one list of orders: the columns, keys and orderings that filter, sort and sum
it in C, built in steps on the window's thread."""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, time, timedelta
from itertools import compress, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeAlias

# numpy asks the system for huge pages for arrays of 4 MB and more; the first touch of one
# then zeroes 2 MB at once, and the window stalled 11-15 ms per 8 MB array, against 4 ms
# without. Read when numpy is first imported.
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")

import numpy as np
import numpy.typing as npt

from desktop_app.core.orders.cents import Cents, cents_in, cents_of, money_in
from desktop_app.core.orders.columns import (
    CHUNK,
    Partial,
    array_in_steps,
    chunked,
    distinct_in_steps,
    numeric_keys,
)
from desktop_app.core.orders.criteria import EVERYTHING, OrderFilter, OrderStatus, Totals
from desktop_app.core.orders.sorting import sorted_in_steps
from desktop_app.core.steps import Steps, finish
from desktop_app.core.text import fold, fold_all

if TYPE_CHECKING:
    from desktop_app.api.models import Order

Rows: TypeAlias = "range | npt.NDArray[np.intp]"
"""Indexes of orders, in the order shown: the list's own order is the range itself, never a
million row numbers; anything else is an array of machine integers (8 bytes a row, where a
list of Python ints holds 36)."""


_DATE = attrgetter("create_date")
_NO_DATE = float("-inf")
_NUMBER_CHARACTERS = frozenset("-0123456789")


_NAME_COLUMNS = ("customer_name", "seller_name")
_TEXT_COLUMNS = {"customer_name", "seller_name", "billing_name", "plan_name"}
_MONEY_COLUMNS = ("amount", "amount_paid", "balance_due")
_NUMBER_OF = {"amount": "amount_number", "amount_paid": "amount_paid_number"}
"""The order's own fields under its money columns, which hold cents (see ``cents_of``)."""
PAID_COLUMNS = ("amount_paid", "balance_due", "status")
"""What a payment changes of an order, as columns (``OrderIndex.column``) and sort keys."""


def totals(orders: Sequence[Order]) -> Totals:
    """Count and sums of ``orders``."""
    return finish(OrderIndex(orders).totals_of(range(len(orders)), EVERYTHING))


def _pairs_at(
    amounts: list[Cents],
    paids: list[Cents],
    rows: Rows | None,
    mask: npt.NDArray[np.bool_] | None,
) -> Iterable[tuple[list[Cents], list[Cents]]]:
    """Amounts and amounts paid at ``rows`` (all of them: None), a slice at a time; with the
    ``mask`` that chose the rows, in list order (no jumping about memory)."""
    step = CHUNK  # two sums of cents and a comparison each: well under a millisecond
    if rows is None:
        for start in range(0, len(amounts), step):
            yield amounts[start : start + step], paids[start : start + step]
    elif mask is not None:
        for start in range(0, len(amounts), step):
            chosen = mask[start : start + step].tolist()
            yield (
                list(compress(amounts[start : start + step], chosen)),
                list(compress(paids[start : start + step], chosen)),
            )
    else:
        for start in range(0, len(rows), step):
            at = rows[start : start + step]
            positions = list(at) if isinstance(at, range) else at.tolist()
            yield list(map(amounts.__getitem__, positions)), list(map(paids.__getitem__, positions))


def _timestamps(orders: Sequence[Order]) -> Iterable[float]:
    dates = list(map(_DATE, orders))
    if set(map(type, dates)) - {datetime}:  # no date, or only a day: one by one
        return map(_timestamp, dates)
    return map(datetime.timestamp, dates)  # no Python frame per order: 30 % faster


def _timestamp(moment: datetime | date | None) -> float:
    """A time as seconds since 1970; a day (only a date) as its local midnight, so that it
    sorts and filters as that calendar day wherever the desk is."""
    if moment is None:
        return _NO_DATE
    if isinstance(moment, datetime):
        return moment.timestamp()
    return _local_midnight(moment)


def _local_midnight(day: date) -> float:
    return datetime.combine(day, time.min).astimezone().timestamp()


Test: TypeAlias = "tuple[Callable[..., Iterable[Any]], list[Any]]"
"""A test of one column: given a slice of its values, whether each order of the slice passes."""


def _all_of(count: int, tests: list[Test], either: list[Test]) -> Steps[npt.NDArray[np.bool_]]:
    """Per order, whether it passes every one of ``tests`` and any one of ``either`` (when
    there are any), a slice per step."""
    mask = np.ones(count, dtype=np.bool_)
    if not (tests or either):
        return mask
    for start in range(0, count, CHUNK):
        stop = min(count, start + CHUNK)
        results = [test(values[start:stop]) for test, values in tests]
        if either:
            alternatives = [test(values[start:stop]) for test, values in either]
            found_any = alternatives[0]
            for more in alternatives[1:]:
                found_any = map(operator.or_, found_any, more)
            results.insert(0, found_any)
        combined = results[0]
        for more in results[1:]:
            combined = map(operator.and_, combined, more)
        mask[start:stop] = np.fromiter(combined, np.bool_, stop - start)
        yield
    return mask


class OrderIndex:
    """What filtering, sorting and totals of one list of orders need, computed once per list.

    Everything is kept as per-order columns (values, numbers, folded text) built with ``map``,
    and sort keys, orderings and filter results as numpy arrays, so filters, sorts and sums run
    in C rather than a Python frame per order: folding 200,000 names for every keystroke in the
    filter box, or sorting 100,000 orders for every click on a header, would cost more than the
    filtering or sorting itself. Parts are built in steps on the window's one thread, so a
    half-built part is continued by whatever needs it next.
    """

    def __init__(self, orders: Sequence[Order]) -> None:
        self.orders = orders
        self._columns: dict[str, list[Any]] = {}
        self._distinct: dict[str, set[str]] = {}  # each name column's distinct names
        self._folded: dict[str, str] = {}  # each distinct name, folded
        self._number_texts: list[str] | None = None
        self._keys: dict[str, npt.NDArray[Any]] = {}
        self._orderings: dict[tuple[str, bool], npt.NDArray[np.intp]] = {}
        self._everything: Totals | None = None
        self._last_mask: tuple[OrderFilter, npt.NDArray[np.bool_]] | None = None
        self._partials: dict[str, Partial] = {}  # parts half built, by name

    def _partial(self, name: str) -> Partial:
        """The half-built part ``name``, for whoever needs it next to continue."""
        return self._partials.setdefault(name, Partial())

    def release(self) -> list[list[Any]]:
        """Empty the index and hand over its large lists, for the caller to free in steps: a
        million orders' columns freed at once hold the window a quarter of a second. (Arrays
        are one block of memory each: freed at once in no time.)"""
        parts: list[list[Any]] = list(self._columns.values())
        if self._number_texts is not None:
            parts.append(self._number_texts)
        self._columns, self._distinct, self._folded = {}, {}, {}
        self._number_texts, self._keys, self._orderings = None, {}, {}
        self._last_mask, self._partials = None, {}
        return parts

    def forget_paid(self) -> None:
        """Forget what a payment changes (what was paid, the balance, the status) and what was
        worked out from it, once an order of the list was replaced in place by its copy read
        after a payment: worked out again when next needed. Dates, names and numbers stay."""
        for field in PAID_COLUMNS:
            for kept in (self._columns, self._keys):
                kept.pop(field, None)
            for part in ("column ", "keys "):
                self._partials.pop(part + field, None)
            for descending in (False, True):
                self._orderings.pop((field, descending), None)
        self._everything = self._last_mask = None

    # -- columns -----------------------------------------------------------------------------

    def column(self, field: str) -> Steps[list[Any]]:
        """Per order, one field's value (or a derived one: "balance_due", "status" rank); the
        money columns in exact cents (see ``cents_of``)."""
        values = self._columns.get(field)
        if values is not None:
            return values
        if field == "balance_due":
            amounts, paids = (
                (yield from self.column("amount")),
                (yield from self.column("amount_paid")),
            )
            values = yield from chunked(
                lambda a, p: map(max, map(operator.sub, a, p), repeat(0)),
                amounts,
                paids,
                partial=self._partial("column " + field),
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
                    map(operator.gt, p, repeat(0)),
                    map(operator.add, repeat(1), map(operator.ge, p, a)),
                ),
                amounts,
                paids,
                partial=self._partial("column " + field),
            )
        elif field in _NUMBER_OF:
            number = attrgetter(_NUMBER_OF[field])
            values = yield from chunked(
                lambda part: cents_of(list(map(number, part))),
                self.orders,
                partial=self._partial("column " + field),
            )
        else:
            values = yield from chunked(
                lambda part: map(attrgetter(field), part),
                self.orders,
                partial=self._partial("column " + field),
            )
        self._columns[field] = values
        self._partials.pop("column " + field, None)
        return values

    def timestamps(self) -> Steps[npt.NDArray[np.float64]]:
        """Per order, its date as seconds since 1970 (no date: minus infinity)."""
        stamps = self._keys.get("create_date")
        if stamps is None:
            # A timestamp of the time zone pydantic gives takes about a microsecond: half
            # slices keep each step near 2 ms.
            stamps = self._keys["create_date"] = yield from array_in_steps(
                _timestamps, self.orders, float, self._partial("keys create_date"), CHUNK // 2
            )
            self._partials.pop("keys create_date", None)
        return stamps

    def names(self) -> Steps[None]:
        """The filter's index of names: each distinct customer and seller name, folded.

        A store has far fewer names than orders (a million orders, some 20,000 customers and a
        few sellers): each distinct name is folded once, and a search looks at each once."""
        for field in _NAME_COLUMNS:
            if field in self._distinct:
                continue
            values = yield from self.column(field)
            distinct = yield from distinct_in_steps(values)
            new = list(distinct.difference(self._folded))
            for start in range(0, len(new), CHUNK):
                part = new[start : start + CHUNK]
                self._folded.update(zip(part, fold_all(part), strict=True))
                yield
            self._distinct[field] = distinct

    # -- totals ------------------------------------------------------------------------------

    def totals_of(self, rows: Rows, wanted: OrderFilter) -> Steps[Totals]:
        """Totals of the orders at ``rows``, which ``wanted`` chose (the whole list's totals
        are kept)."""
        if wanted == EVERYTHING and self._everything is not None:
            return self._everything
        mask = self._last_mask[1] if self._last_mask and self._last_mask[0] == wanted else None
        amounts = yield from self.column("amount")
        paids = yield from self.column("amount_paid")
        amount: Cents = 0
        paid: Cents = 0
        overpaid: Cents = 0
        # The balance due is never negative: the sum of (amount - paid), plus what was paid
        # beyond the amount where it was. No column of a million balances is built for it.
        for part, paid_part in _pairs_at(
            amounts, paids, None if wanted == EVERYTHING else rows, mask
        ):
            amount, paid = sum(part, amount), sum(paid_part, paid)
            beyond = list(map(operator.gt, paid_part, part))
            if any(beyond):
                overpaid = sum(
                    map(operator.sub, compress(paid_part, beyond), compress(part, beyond)),
                    overpaid,
                )
            yield
        count = len(self.orders) if wanted == EVERYTHING else len(rows)
        result = Totals(count, money_in(amount), money_in(paid), money_in(amount - paid + overpaid))
        if wanted == EVERYTHING:
            self._everything = result
        return result

    def prepare(self) -> Steps[Totals]:
        """Idle-time work for just after the list is shown, what people reach for first
        first: the whole list's totals, the dates' keys (newest first is the usual sort, and
        the slowest to build: each aware datetime asks its time zone, 0.5 s per million), what
        the filter needs, then the other sort keys."""
        yield from self.timestamps()
        everything = yield from self.totals_of(range(len(self.orders)), EVERYTHING)
        yield from self.names()
        for column in ("amount", "balance_due", "amount_paid", "status"):
            yield from self.sort_keys(column)
        return everything

    # -- sorting -----------------------------------------------------------------------------

    def sort_keys(self, column: str) -> Steps[npt.NDArray[Any]]:
        """Per order, a number that sorts like the column's value.

        Money is its cents as a float, exact under 15 digits (odd amounts of more decimals or
        digits round to the nearest float); text becomes the rank of its folded value; numbers
        are compared in C many times faster than Decimals or strings.
        """
        keys = self._keys.get(column)
        if keys is not None:
            return keys
        if column == "create_date":
            return (yield from self.timestamps())
        if column in _MONEY_COLUMNS:
            values = yield from self.column(column)
            keys = yield from array_in_steps(
                lambda part: map(float, part), values, float, self._partial("keys " + column)
            )
        else:
            values = yield from self.column(column)
            numbers = yield from numeric_keys(
                values, folded=column in _TEXT_COLUMNS, distinct=self._distinct.get(column)
            )
            keys = yield from array_in_steps(iter, numbers, int, self._partial("keys " + column))
        self._keys[column] = keys
        self._partials.pop("keys " + column, None)
        return keys

    def ordering(self, column: str, descending: bool) -> Steps[npt.NDArray[np.intp]]:
        """Every order's index, sorted by ``column``; equal values keep the list's order.

        Kept per column and direction, so going back to a sort already seen is immediate and a
        filter only has to pick from an ordering.
        """
        found = self._orderings.get((column, descending))
        if found is None:
            keys = yield from self.sort_keys(column)
            yield
            found = yield from sorted_in_steps(keys, descending)
            self._orderings[column, descending] = found
            yield
        return found

    # -- filtering ---------------------------------------------------------------------------

    def matching(self, wanted: OrderFilter) -> Steps[npt.NDArray[np.bool_]]:
        """Per order, whether ``wanted`` shows it (as :meth:`OrderFilter.matches` says): any one
        of the text's tests, and every one of the fields' tests, and the date range."""
        either = yield from self._text_tests(wanted)
        tests = yield from self._field_tests(wanted)
        mask = yield from _all_of(len(self.orders), tests, either)
        if wanted.since or wanted.until:
            # An order without a date (minus infinity) is never inside a date range.
            stamps = yield from self.timestamps()
            if wanted.since:
                mask &= stamps >= _local_midnight(wanted.since)
            else:
                mask &= stamps > _NO_DATE
            if wanted.until and wanted.until < date.max:
                mask &= stamps < _local_midnight(wanted.until + timedelta(days=1))
            yield
        self._last_mask = (wanted, mask)
        return mask

    def _text_tests(self, wanted: OrderFilter) -> Steps[list[Test]]:
        """The tests of the searched text, any one of which shows an order: a name holding it,
        a number holding its digits, an amount equal to what it reads as."""
        either: list[Test] = []
        if wanted.text:
            needle = fold(wanted.text)
            yield from self.names()
            found = {name for name, folded in self._folded.items() if needle in folded}
            for field in _NAME_COLUMNS:
                names = yield from self.column(field)
                either.append((lambda part: map(found.__contains__, part), names))
            if _NUMBER_CHARACTERS.issuperset(needle):  # only digits can be in a number
                texts = yield from self.number_texts()
                either.append((lambda part: map(operator.contains, part, repeat(needle)), texts))
        if wanted.text and wanted.amount is not None:
            cents = cents_in(wanted.amount)
            for field in _MONEY_COLUMNS:
                values = yield from self.column(field)
                either.append((lambda part: map(operator.eq, part, repeat(cents)), values))
        return either

    def _field_tests(self, wanted: OrderFilter) -> Steps[list[Test]]:
        """The tests of the chosen fields (orders, status, seller, customer), all of which an
        order must pass."""
        tests: list[Test] = []
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
        return tests

    def number_texts(self) -> Steps[list[str]]:
        """Per order, its number as text (built when a search is all digits)."""
        if self._number_texts is None:
            numbers = yield from self.column("order_id")
            self._number_texts = yield from chunked(lambda part: map(str, part), numbers)
        return self._number_texts

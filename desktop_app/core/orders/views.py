"""What a list of orders shows, from its index: the rows a filter and a sort choose, and
whether an order read again keeps its place among them."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from desktop_app.core.orders.criteria import EVERYTHING, OrderFilter
from desktop_app.core.orders.index import PAID_COLUMNS, OrderIndex, Rows
from desktop_app.core.steps import Steps, finish

if TYPE_CHECKING:
    from desktop_app.api.models import Order


def keeps_its_place(shown: Order, fresh: Order, sort_key: str | None, wanted: OrderFilter) -> bool:
    """Whether ``fresh``, read again after a payment, stands where ``shown`` stood in a view
    sorted by ``sort_key`` and filtered by ``wanted``: only what was paid changed, and the view
    neither sorts by it nor filters on it (a status, an amount searched)."""
    return (
        sort_key not in PAID_COLUMNS
        and wanted.status is None
        and wanted.amount is None
        and _paid_alone_changed(shown, fresh)
    )


def _paid_alone_changed(shown: Order, fresh: Order) -> bool:
    """Whether ``fresh`` differs from ``shown`` in what was paid alone (a payment's change)."""
    return all(
        getattr(shown, field.name) == getattr(fresh, field.name)
        for field in dataclasses.fields(shown)
        if field.name != "amount_paid_number"
    )


def row_of(rows: Rows, position: int) -> int | None:
    """The row that shows the order at ``position`` of the list, if one does."""
    if isinstance(rows, range):
        return rows.index(position) if position in rows else None
    found = np.flatnonzero(np.asarray(rows) == position)
    return int(found[0]) if len(found) else None


def view_steps(
    index: OrderIndex, wanted: OrderFilter, sort_key: str | None, descending: bool
) -> Steps[Rows]:
    """Indexes of the orders to show, in the order to show them, in steps.

    Without a filter the answer is the range itself or the kept ordering, never a copy.

    Sorting the index and resetting the model takes a fraction of a second for 100,000 rows; a
    ``QSortFilterProxyModel`` over a Python model makes millions of ``data()`` calls.
    """
    count = len(index.orders)
    order: Rows = range(count)
    if sort_key is not None and count:
        order = yield from index.ordering(sort_key, descending)
    if wanted == EVERYTHING:
        return order  # read only: the ordering stays kept for the next time
    mask = yield from index.matching(wanted)
    if isinstance(order, range):
        return np.flatnonzero(mask)
    return order[mask[order]]


def visible_rows(
    orders: Sequence[Order] | OrderIndex,
    wanted: OrderFilter,
    sort_key: str | None,
    descending: bool,
) -> list[int]:
    """Indexes of the orders to show, in the order to show them, at once."""
    index = orders if isinstance(orders, OrderIndex) else OrderIndex(orders)
    rows = finish(view_steps(index, wanted, sort_key, descending))
    return list(rows) if isinstance(rows, range) else rows.tolist()

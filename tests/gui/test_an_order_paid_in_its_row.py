"""An order read again after a payment takes its place in the orders list.

When only what was paid changed and the list is neither sorted nor filtered by it, the copy
goes into its row without the list being shown anew; whichever way it goes, the list then reads
exactly as a list read afresh with that copy would: the rows, their order, every cell's words,
the totals, and every sort and filter asked of it afterwards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop_app.api.models import Order
from desktop_app.core.orders.criteria import OrderFilter, OrderStatus
from desktop_app.core.steps import Steps, finish
from desktop_app.gui.orders.columns import COLUMNS, column_of
from desktop_app.gui.orders.in_steps import BACKGROUND_ABOVE
from desktop_app.gui.orders.model import OrdersTableModel

NAMES = ("Ana", "ana", "Bruno", "Çecília", "")
FILTERS = (
    OrderFilter(),
    OrderFilter(text="an"),
    OrderFilter(seller_id="s1"),
    OrderFilter(status=OrderStatus.PARTLY_PAID),
    OrderFilter(text="9", amount=Decimal("1.00")),  # no order's number holds a 9: its amounts
)
DAY = datetime(2026, 11, 2, 9, tzinfo=UTC)
CENTS = st.sampled_from((0, 100, 250, 350)) | st.integers(0, 600)
"""Amounts and payments: often R$1.00 apart (the amount filter's), else any."""


@st.composite
def an_order(draw: st.DrawFn, order_id: int) -> Order:
    amount = draw(CENTS)
    return Order(
        order_id=order_id,
        amount_number=amount / 100,
        amount_paid_number=draw(CENTS) / 100,
        create_date=DAY + timedelta(hours=draw(st.integers(0, 5))),
        customer_name=draw(st.sampled_from(NAMES)),
        seller_id=draw(st.sampled_from(("s1", "s2"))),
        seller_name=draw(st.sampled_from(NAMES)),
    )


@st.composite
def a_list(draw: st.DrawFn) -> list[Order]:
    count = draw(st.integers(1, 12))
    return [draw(an_order(200 + 2 * n)) for n in range(count)]


def what_it_shows(model: OrdersTableModel) -> tuple[object, ...]:
    cells = [
        [model.index(row, column).data() for column in range(len(COLUMNS))]
        for row in range(model.rowCount())
    ]
    return model.visible_orders(), cells, model.totals


def shown(
    orders: list[Order], sort: tuple[int, Qt.SortOrder] | None, wanted: OrderFilter
) -> OrdersTableModel:
    model = OrdersTableModel("pt_BR")
    model.set_orders(orders)
    if sort is not None:
        model.sort(*sort)
    model.set_filter(wanted)
    return model


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    orders=a_list(),
    place=st.integers(0, 11),
    paid_cents=CENTS,
    renamed=st.booleans(),
    sort=st.none() | st.tuples(st.integers(0, len(COLUMNS) - 1), st.sampled_from(Qt.SortOrder)),
    wanted=st.sampled_from(FILTERS),
)
def test_an_order_read_again_reads_as_the_list_read_afresh_would(
    qapp: QApplication,
    orders: list[Order],
    place: int,
    paid_cents: int,
    sort: tuple[int, Qt.SortOrder] | None,
    wanted: OrderFilter,
    renamed: bool,
) -> None:
    paid = orders[place % len(orders)]
    fresh = dataclasses.replace(paid, amount_paid_number=paid_cents / 100)
    if renamed:  # the service's copy may change more than a payment does
        fresh = dataclasses.replace(fresh, customer_name="Zeca", seller_id="s2")
    model = shown(list(orders), sort, wanted)
    what_it_shows(model)  # its rows read and laid out, as on screen
    model.replace_order(fresh)
    afresh = shown([fresh if o is paid else o for o in orders], sort, wanted)
    assert what_it_shows(model) == what_it_shows(afresh)
    # What was worked out of the list before (sort keys, totals) is not read again stale.
    for later in (model, afresh):
        later.sort(column_of("balance_due"), Qt.SortOrder.DescendingOrder)
        later.set_filter(OrderFilter(status=OrderStatus.PAID))
    assert what_it_shows(model) == what_it_shows(afresh)
    for later in (model, afresh):
        later.sort(column_of("amount_paid"), Qt.SortOrder.AscendingOrder)
        later.set_filter(OrderFilter())
    assert what_it_shows(model) == what_it_shows(afresh)


def order(number: int, amount: str, paid: str = "0", name: str = "Ana") -> Order:
    return Order(
        order_id=number,
        amount_number=Decimal(amount),
        amount_paid_number=Decimal(paid),
        customer_name=name,
        create_date=DAY + timedelta(hours=number % 7),
    )


@pytest.mark.parametrize(
    ("before", "fresh", "sort", "wanted"),
    [
        pytest.param(  # paid R$1.00 now: found by the amount searched
            [order(200, "3.50", "0.50"), order(202, "1.00")],
            order(200, "3.50", "1.00"),
            None,
            FILTERS[-1],
            id="into-an-amount-search",
        ),
        pytest.param(  # paid in full: no longer partly paid
            [order(200, "5.00", "2.00"), order(202, "5.00", "1.00")],
            order(200, "5.00", "5.00"),
            None,
            OrderFilter(status=OrderStatus.PARTLY_PAID),
            id="out-of-a-status",
        ),
        pytest.param(  # sorted by what was paid: it moves
            [order(200, "9.00"), order(202, "9.00", "1.00"), order(204, "9.00", "2.00")],
            order(200, "9.00", "3.00"),
            (column_of("amount_paid"), Qt.SortOrder.AscendingOrder),
            OrderFilter(),
            id="down-a-sort-by-paid",
        ),
        pytest.param(  # the service's copy renamed the customer too
            [order(200, "9.00"), order(202, "9.00", name="Bruno")],
            order(200, "9.00", "1.00", name="Zeca"),
            (column_of("customer_name"), Qt.SortOrder.AscendingOrder),
            OrderFilter(),
            id="renamed",
        ),
    ],
)
def test_an_order_read_again_moves_where_the_list_read_afresh_has_it(
    qapp: QApplication,
    before: list[Order],
    fresh: Order,
    sort: tuple[int, Qt.SortOrder] | None,
    wanted: OrderFilter,
) -> None:
    model = shown(list(before), sort, wanted)
    what_it_shows(model)
    model.replace_order(fresh)
    afresh = shown([fresh if o.order_id == fresh.order_id else o for o in before], sort, wanted)
    assert what_it_shows(model) == what_it_shows(afresh)


def test_a_payment_changes_its_row_alone(qapp: QApplication) -> None:
    """Sorted by date (the usual), a payment's copy goes into its row: the list is not shown
    anew, so the person's row, selection and scroll stay, and one row is painted again."""
    orders = [
        Order(order_id=n, amount_number=10.0, create_date=DAY + timedelta(hours=n))
        for n in range(1, 6)
    ]
    model = shown(orders, (column_of("create_date"), Qt.SortOrder.DescendingOrder), OrderFilter())
    resets: list[None] = []
    changed: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(None))
    model.dataChanged.connect(lambda first, last: changed.append((first.row(), last.row())))
    model.replace_order(dataclasses.replace(orders[1], amount_paid_number=4.0))
    assert resets == [] and changed == [(3, 3)]  # order 2 of five, newest first
    assert model.totals.paid == Decimal("4.00") and model.totals.balance_due == Decimal("46.00")


STEPS_TAKEN = 3
"""Of the view's computation, before the copy arrives: its last step left to take."""


def test_a_copy_arriving_while_a_large_view_is_computed_is_in_that_view(
    qapp: QApplication,
) -> None:
    """A large list's view is computed between the window's events; a payment's copy that
    arrives meanwhile is in the view that comes out (here: filtered by the status it takes)."""
    waiting: dict[str, tuple[Steps[Any], Callable[[Any], None]]] = {}

    def background(name: str, steps: Steps[Any], then: Callable[[Any], None], _idle: bool) -> None:
        waiting[name] = (steps, then)  # the newest of a name replaces the older, as the page's

    orders = [order(200 + 2 * n, "9.00") for n in range(BACKGROUND_ABOVE + 1)]
    model = OrdersTableModel(
        "pt_BR", background=background, cancel=lambda name: waiting.pop(name, None) and None
    )
    model.set_orders(orders)
    while waiting:
        steps, then = waiting.pop(next(iter(waiting)))
        then(finish(steps))
    model.set_filter(OrderFilter(status=OrderStatus.PAID))
    under_way, _ = waiting["orders-view"]
    for _ in range(STEPS_TAKEN):
        next(under_way)  # each order's status read already (none is paid yet), not yet shown
    fresh = order(orders[7].order_id, "9.00", "9.00")
    model.replace_order(fresh)
    while "orders-view" in waiting:
        steps, then = waiting.pop("orders-view")
        then(finish(steps))
    assert model.visible_orders() == [fresh]


PREPARED_STEPS = 10
"""Of the idle-time work after a large list is shown: its whole totals worked out."""


def test_the_totals_worked_out_in_idle_time_take_in_a_payment_arriving_meanwhile(
    qapp: QApplication,
) -> None:
    """A large list's totals are worked out in idle time after it is shown; a payment's copy
    that arrives meanwhile is in the totals shown."""
    waiting: dict[str, tuple[Steps[Any], Callable[[Any], None]]] = {}

    def background(name: str, steps: Steps[Any], then: Callable[[Any], None], _idle: bool) -> None:
        waiting[name] = (steps, then)

    orders = [order(200 + 2 * n, "9.00") for n in range(BACKGROUND_ABOVE + 1)]
    model = OrdersTableModel(
        "pt_BR", background=background, cancel=lambda name: waiting.pop(name, None) and None
    )
    model.set_orders(orders)
    steps, then = waiting.pop("orders-view")
    then(finish(steps))
    preparing, _ = waiting["orders-prepare"]
    for _ in range(PREPARED_STEPS):
        next(preparing)  # the whole list's totals worked out, the sort keys not yet
    model.replace_order(order(orders[7].order_id, "9.00", "4.00"))
    for name in ("orders-totals", "orders-prepare"):  # the idle-time work, longer, ends last
        if name in waiting:
            steps, then = waiting.pop(name)
            then(finish(steps))
    assert (model.totals.paid, model.totals.balance_due) == (Decimal("4.00"), Decimal(9 * 5001 - 4))

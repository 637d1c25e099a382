"""What the orders browser shows: filtering and sorting by real values, in steps."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from desktop_app.api.models import Order
from desktop_app.core.orders import (
    OrderFilter,
    OrderIndex,
    OrderStatus,
    Totals,
    totals,
    view_steps,
    visible_rows,
)
from desktop_app.core.steps import Steps, finish, run_in_steps


def order(
    number: int, amount: str, paid: str = "0", customer: str = "Ana", **fields: object
) -> Order:
    return Order(
        order_id=number,
        amount=Decimal(amount),
        amount_paid=Decimal(paid),
        customer_name=customer,
        **fields,  # type: ignore[arg-type]
    )


ORDERS = [
    order(1, "10.00", customer="bruno"),
    order(2, "9.50", "9.50", customer="Ana Silva", seller_name="Rita"),
    order(
        3, "100.00", "20.00", customer="Álvaro", create_date=datetime(2026, 3, 1, 12, tzinfo=UTC)
    ),
    order(4, "10.00", customer="carla silva"),
]


EVERYTHING = OrderFilter()


def shown(
    wanted: OrderFilter = EVERYTHING, key: str | None = None, desc: bool = False
) -> list[int]:
    return [ORDERS[i].order_id for i in visible_rows(ORDERS, wanted, key, desc)]


def test_money_sorts_by_value_and_ties_keep_the_list_order_both_ways() -> None:
    assert shown(key="amount") == [2, 1, 4, 3]
    assert shown(key="amount", desc=True) == [3, 1, 4, 2]


def test_names_sort_without_regard_to_case() -> None:
    assert shown(key="customer_name") == [2, 1, 4, 3]  # "Álvaro" folds after the ASCII names


def test_filter_text_matches_customer_seller_and_number_in_any_case() -> None:
    assert shown(OrderFilter(text="SILVA")) == [2, 4]
    assert shown(OrderFilter(text="rita")) == [2]
    assert shown(OrderFilter(text="3")) == [3]


def test_filters_combine_with_the_sort() -> None:
    wanted = OrderFilter(text="silva", status=OrderStatus.OPEN)
    assert shown(wanted, key="amount", desc=True) == [4]
    assert shown(OrderFilter(status=OrderStatus.PARTLY_PAID)) == [3]
    dated = OrderFilter(since=date(2026, 2, 1), until=date(2026, 3, 31))
    assert shown(dated) == [3]


@settings(max_examples=60, deadline=None)
@given(
    amounts=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60),
    desc=st.booleans(),
)
def test_sorting_matches_a_plain_sort_of_the_values(amounts: list[int], desc: bool) -> None:
    orders = [order(n, f"{cents / 100:.2f}") for n, cents in enumerate(amounts)]
    rows = visible_rows(orders, OrderFilter(), "amount", desc)
    expected = sorted(range(len(orders)), key=lambda i: -amounts[i] if desc else amounts[i])
    assert rows == expected


def test_the_index_keeps_its_work_for_the_next_view() -> None:
    index = OrderIndex(ORDERS)
    first = finish(view_steps(index, OrderFilter(text="silva"), "amount", False))
    again = finish(view_steps(index, OrderFilter(text="silva"), "amount", False))
    assert first == again == [1, 3]
    assert finish(index.totals_of(first, OrderFilter(text="silva"))) == totals(
        [ORDERS[3], ORDERS[1]]
    )


def test_steps_give_the_loop_its_turns_and_a_cancelled_one_stops() -> None:
    events: list[str] = []
    closed: list[bool] = []
    three_steps = asyncio.Event()

    def endless() -> Steps[None]:
        try:
            while True:
                events.append("step")
                if events.count("step") == 3:
                    three_steps.set()
                yield
        finally:
            closed.append(True)

    async def scenario() -> None:
        work = asyncio.create_task(run_in_steps(endless(), budget=0))
        await three_steps.wait()  # only reached if the steps give the loop its turns
        events.append("other work")
        work.cancel()
        await asyncio.gather(work, return_exceptions=True)

    asyncio.run(scenario())
    assert events[-1] == "other work"  # nothing ran after the cancel
    assert closed == [True]


def test_steps_return_their_result_on_the_loop_and_at_once() -> None:
    assert asyncio.run(run_in_steps(ORDER_TOTALS())) == finish(ORDER_TOTALS()) == totals(ORDERS)


def ORDER_TOTALS() -> Steps[Totals]:  # noqa: N802
    return OrderIndex(ORDERS).totals_of([], OrderFilter())

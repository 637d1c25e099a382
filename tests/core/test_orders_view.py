"""What the orders browser shows: filtering and sorting by real values, in steps."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime
from decimal import Decimal, localcontext
from operator import attrgetter
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop_app.api.models import Order, money_of
from desktop_app.core.orders.cents import cents_of
from desktop_app.core.orders.criteria import OrderFilter, OrderStatus, Totals, status_of
from desktop_app.core.orders.index import OrderIndex, totals
from desktop_app.core.orders.sorting import SORT_RUN, sorted_in_steps
from desktop_app.core.orders.views import view_steps, visible_rows
from desktop_app.core.steps import Steps, finish, run_in_steps


def order(
    number: int, amount: str, paid: str = "0", customer: str = "Ana", **fields: object
) -> Order:
    return Order(
        order_id=number,
        amount_number=json.loads(amount),  # as the wire has it: "10.00" a float, "10" an int
        amount_paid_number=json.loads(paid),
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


def test_the_orders_invoiced_here_are_those_shown_by_the_list_and_by_one_orders_check() -> None:
    wanted = OrderFilter(order_ids=frozenset({1, 3, 99}))
    assert shown(wanted) == [1, 3]
    assert [o.order_id for o in ORDERS if wanted.matches(o)] == [1, 3]


def test_money_sorts_by_value_and_ties_keep_the_list_order_both_ways() -> None:
    assert shown(key="amount") == [2, 1, 4, 3]
    assert shown(key="amount", desc=True) == [3, 1, 4, 2]


def test_names_sort_without_regard_to_case() -> None:
    assert shown(key="customer_name") == [2, 1, 4, 3]  # "Álvaro" folds after the ASCII names


def test_names_that_differ_only_in_case_sort_as_equals() -> None:
    orders = [order(1, "1", customer=name) for name in ("ana", "Bia", "ANA", "ana", "Ana")]
    assert visible_rows(orders, EVERYTHING, "customer_name", False) == [0, 2, 3, 4, 1]
    assert visible_rows(orders, EVERYTHING, "customer_name", True) == [1, 0, 2, 3, 4]


def test_filter_text_matches_customer_seller_and_number_in_any_case() -> None:
    assert shown(OrderFilter(text="SILVA")) == [2, 4]
    assert shown(OrderFilter(text="rita")) == [2]
    assert shown(OrderFilter(text="3")) == [3]


def test_filter_text_ignores_accents_as_people_type_them() -> None:
    assert shown(OrderFilter(text="alvaro")) == [3]
    assert shown(OrderFilter(text="ÁLV")) == [3]
    orders = [order(1, "1", customer="Brás Araújo"), order(2, "1", customer="Bras Araujo")]
    for typed in ("bras", "Brás", "araujo", "ARAÚJO"):
        assert visible_rows(orders, OrderFilter(text=typed), None, False) == [0, 1], typed


def test_an_amount_finds_orders_of_that_amount_balance_or_amount_paid() -> None:
    # A slip says 10.00: the order of that amount, and the one with that much paid or due.
    assert shown(OrderFilter(text="10,00", amount=Decimal("10.00"))) == [1, 4]
    assert shown(OrderFilter(text="9.50", amount=Decimal("9.50"))) == [2]  # paid
    assert shown(OrderFilter(text="80.00", amount=Decimal("80.00"))) == [3]  # balance due


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


wire_amounts = (
    st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.integers(min_value=-(10**15), max_value=10**15).map(lambda cents: cents / 100)
    | st.decimals(allow_nan=False, allow_infinity=False)  # an amount that came as text
    # Text of more digits than a float holds, which a float would read as a round amount.
    | st.sampled_from([Decimal("0.10000000000000000001"), Decimal("12.340000000000000000001")])
)


@settings(max_examples=300, deadline=None)
@given(numbers=st.lists(wire_amounts, max_size=40))
def test_cents_are_exactly_what_the_order_reads_as_money(
    numbers: list[int | float | Decimal],
) -> None:
    """The index sums, compares and sorts amounts as cents: each must be exactly the order's
    Decimal amount times 100, for any number the wire can bring."""
    with localcontext() as exact:
        exact.prec = 1_000
        expected = [money_of(number) * 100 for number in numbers]
    assert cents_of(numbers) == expected


def test_totals_are_exact_past_what_a_decimal_context_holds() -> None:
    """Sums of cents are Python ints, exact at any size; turned into money without the
    28-digit rounding of Decimal arithmetic."""
    huge = 10**40 + 1  # 41 digits
    orders = [order(1, str(huge)), order(2, "0.01", paid=str(huge))]
    result = totals(orders)
    assert result.amount == Decimal(f"{huge}.01")  # text: exact, unlike Decimal's "+"
    assert result.paid == Decimal(huge)
    assert result.balance_due == Decimal(huge)  # the second is overpaid: it counts as 0


def test_the_index_keeps_its_work_for_the_next_view() -> None:
    index = OrderIndex(ORDERS)
    first = finish(view_steps(index, OrderFilter(text="silva"), "amount", False))
    again = finish(view_steps(index, OrderFilter(text="silva"), "amount", False))
    assert list(first) == list(again) == [1, 3]
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
    return OrderIndex(ORDERS).totals_of(range(len(ORDERS)), OrderFilter())


names = st.sampled_from(["Ana Silva", "BRUNO", "Álvaro", "carla silva", "Zé", ""])
moments = st.none() | st.datetimes(
    min_value=datetime(2025, 12, 25), max_value=datetime(2026, 1, 5), timezones=st.just(UTC)
)
orders_strategy = st.lists(
    st.builds(
        order,
        number=st.integers(min_value=1, max_value=999),
        # Odd amounts too (more decimals, more digits than a float holds, a float's
        # sum): the index's cents must agree with the orders' own Decimals.
        amount=st.sampled_from(
            [
                "0.00",
                "10.00",
                "99.99",
                "0.3",
                "0.125",
                "12345678901234.56",
                "10",
                "99999999999999999999",
            ]
        ),
        paid=st.sampled_from(
            ["0.00", "5.00", "10.00", "99.99", "120.00", "0.30000000000000004", "0.1", "0.125"]
        ),
        customer=names,
        seller_name=names,
        seller_id=st.sampled_from(["V1", "V2"]),
        customer_id=st.sampled_from(["C1", "C2"]),
        create_date=moments,
    ),
    max_size=30,
)
filters = st.builds(
    OrderFilter,
    text=st.sampled_from(["", "silva", "SIL", "álv", "alv", "1", "zz", "10.00"]),
    amount=st.none()
    | st.sampled_from(
        [Decimal("10.00"), Decimal("9.50"), Decimal("0.00"), Decimal("0.3"), Decimal("0.125")]
    ),
    status=st.none() | st.sampled_from(list(OrderStatus)),
    since=st.none() | st.dates(min_value=date(2025, 12, 24), max_value=date(2026, 1, 6)),
    until=st.none() | st.dates(min_value=date(2025, 12, 24), max_value=date(2026, 1, 6)),
    seller_id=st.sampled_from(["", "V1"]),
    customer_id=st.sampled_from(["", "C2"]),
)


@settings(max_examples=300, deadline=None)
@given(orders=orders_strategy, wanted=filters)
def test_the_index_shows_what_the_filter_says_with_its_totals(
    orders: list[Order], wanted: OrderFilter
) -> None:
    index = OrderIndex(orders)
    rows = finish(view_steps(index, wanted, None, False))
    assert list(rows) == [i for i, o in enumerate(orders) if wanted.matches(o)]
    chosen = [orders[i] for i in rows]
    assert finish(index.totals_of(rows, wanted)) == Totals(
        len(chosen),
        sum((o.amount for o in chosen), Decimal(0)),
        sum((o.amount_paid for o in chosen), Decimal(0)),
        sum((o.balance_due for o in chosen), Decimal(0)),
    )


@settings(max_examples=100, deadline=None)
@given(orders=orders_strategy, desc=st.booleans())
def test_status_and_date_sort_by_their_real_values(orders: list[Order], desc: bool) -> None:
    ranks = {OrderStatus.OPEN: 0, OrderStatus.PARTLY_PAID: 1, OrderStatus.PAID: 2}
    rows = visible_rows(orders, EVERYTHING, "status", desc)
    statuses = [ranks[status_of(orders[i])] for i in rows]
    assert statuses == sorted(statuses, reverse=desc)
    rows = visible_rows(orders, EVERYTHING, "create_date", desc)
    dates = [orders[i].create_date for i in rows]
    stamps = [moment.timestamp() if isinstance(moment, datetime) else -1e300 for moment in dates]
    assert stamps == sorted(stamps, reverse=desc)


@settings(max_examples=150, deadline=None)
@given(
    # Sort keys are exact under 15 digits of cents (10 trillion): beyond, amounts that differ
    # in their last digits may sort as equals, as they did when keys were floats of Decimals.
    orders=st.lists(
        st.builds(
            order,
            number=st.integers(min_value=1, max_value=999),
            amount=st.sampled_from(["0.00", "10.00", "99.99", "0.3", "0.125", "1234567890123.45"]),
            paid=st.sampled_from(["0.00", "10.00", "0.30000000000000004", "0.1", "0.125"]),
        ),
        max_size=30,
    ),
    column=st.sampled_from(["amount", "amount_paid", "balance_due"]),
    desc=st.booleans(),
)
def test_money_columns_sort_by_the_orders_own_amounts(
    orders: list[Order], column: str, desc: bool
) -> None:
    rows = visible_rows(orders, EVERYTHING, column, desc)
    value = attrgetter(column)
    assert rows == sorted(range(len(orders)), key=lambda i: value(orders[i]), reverse=desc)


@settings(max_examples=200, deadline=None)
@given(
    orders=orders_strategy,
    wanted=filters,
    column=st.sampled_from(["amount", "customer_name", "status", "create_date", "order_id"]),
    desc=st.booleans(),
)
def test_a_filtered_view_keeps_the_sorted_order(
    orders: list[Order], wanted: OrderFilter, column: str, desc: bool
) -> None:
    index = OrderIndex(orders)
    everything = finish(view_steps(index, EVERYTHING, column, desc))
    filtered = finish(view_steps(index, wanted, column, desc))
    assert list(filtered) == [i for i in everything if wanted.matches(orders[i])]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(-3, 3), st.floats(allow_nan=False), st.just(float("-inf"))),
        max_size=400,
    ),
    st.booleans(),
    st.integers(1, 120),
)
def test_a_long_sort_in_steps_orders_like_one_sort(keys: list[float], desc: bool, run: int) -> None:
    # Long lists are split at pivots and sorted part by part: the result must be the one
    # stable sort, with many equal values (a balance of zero) and missing dates (-inf).
    with patch("desktop_app.core.orders.sorting.SORT_RUN", run):
        ordered = finish(sorted_in_steps(keys, desc))
    assert ordered.tolist() == sorted(range(len(keys)), key=keys.__getitem__, reverse=desc)


def test_sorting_100000_orders_never_holds_the_loop_for_the_whole_sort() -> None:
    keys = [float((n * 7919) % 100_003) for n in range(100_000)]
    steps = sorted_in_steps(keys)
    turns = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            ordered = done.value
            break
        turns += 1
    assert turns >= 2 * (len(keys) // SORT_RUN)  # parts sorted one per step, at least
    assert ordered.tolist() == sorted(range(len(keys)), key=keys.__getitem__)


@pytest.mark.parametrize("desc", [False, True])
def test_names_of_many_orders_sort_by_rank_in_steps(desc: bool) -> None:
    names = ["bruno", "Ana", "carla", "ana", "Bruno"]
    orders = [order(n, "1.00", customer=names[n % 5]) for n in range(200)]
    with patch("desktop_app.core.orders.sorting.SORT_RUN", 10):
        rows = visible_rows(orders, OrderFilter(), "customer_name", desc)
    # By name without regard to case, and equal names in the list's order, both ways.
    assert rows == sorted(
        range(200), key=lambda row: orders[row].customer_name.casefold(), reverse=desc
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="aAbBcÇçZé ", max_size=4), min_size=1, max_size=150),
    st.booleans(),
    st.integers(1, 9),
)
def test_names_sorted_a_run_at_a_time_sort_like_one_sort(
    names: list[str], desc: bool, chunk: int
) -> None:
    # The distinct names are sorted a run per step, then merged: the ranks must be those of
    # one sort without regard to case, names that fold alike sharing a rank.
    orders = [order(n + 1, "1.00", customer=name) for n, name in enumerate(names)]
    with (
        patch("desktop_app.core.orders.columns.CHUNK", chunk),
        patch("desktop_app.core.orders.sorting.SORT_RUN", 7),
    ):
        rows = visible_rows(orders, OrderFilter(), "customer_name", desc)
    assert rows == sorted(range(len(names)), key=lambda row: names[row].casefold(), reverse=desc)


def test_folding_survives_any_text_the_service_sends() -> None:
    from desktop_app.core.text import fold, fold_all

    assert fold_all(["Brás", "a\0b", "ÁRVORE"]) == ["bras", "a b", "arvore"]
    assert fold_all([]) == [] and fold("") == ""
    orders = [order(1, "1", customer="Zé\0Araújo"), order(2, "1", customer="Ana")]
    assert visible_rows(orders, OrderFilter(text="araujo"), None, False) == [0]


def idle_then_sort(
    orders: list[Order], head_start: int, column: str, desc: bool
) -> tuple[list[int], Totals, list[int]]:
    """Idle-time work ``head_start`` steps in, then a sort by ``column``, then the idle work
    to its end (slices of two orders, dates one): the rows, the idle work's totals, and how many orders
    each turning of dates into keys took."""
    from desktop_app.core.orders import columns
    from desktop_app.core.orders import index as module

    turned: list[int] = []
    timestamps = module._timestamps

    def counted(part: list[Order]) -> object:
        turned.append(len(part))
        return timestamps(part)

    with (
        patch.object(module, "CHUNK", 2),
        patch.object(columns, "CHUNK", 2),
        patch.object(module, "_timestamps", counted),
    ):
        index = OrderIndex(orders)
        idle, ended = index.prepare(), []
        for _ in range(head_start):
            try:
                next(idle)
            except StopIteration as done:
                ended.append(done.value)
                break
        rows = finish(index.ordering(column, desc))
        everything = ended[0] if ended else finish(idle)
    return list(rows), everything, turned


def test_a_sort_by_date_continues_the_date_keys_idle_work_began() -> None:
    """The date keys of a million orders take half a second: a sort by date asked for while
    idle-time work has built part of them continues from where it stopped (each date turned
    into a key once), rather than starting over."""
    orders = [order(n, "1.00", create_date=datetime(2026, 1, n, tzinfo=UTC)) for n in range(1, 11)]
    rows, _, turned = idle_then_sort(orders, 3, "create_date", True)
    assert rows == list(range(9, -1, -1))
    # Dates take half slices (one order here): three by the idle work, seven by the sort.
    assert turned == [1] * 10


@settings(max_examples=150, deadline=None)
@given(
    orders=orders_strategy,
    head_start=st.integers(min_value=0, max_value=40),
    column=st.sampled_from(["create_date", "amount", "balance_due", "customer_name", "status"]),
    desc=st.booleans(),
)
def test_a_sort_while_idle_work_is_half_done_sorts_as_on_a_fresh_index(
    orders: list[Order], head_start: int, column: str, desc: bool
) -> None:
    """Sharing half-built keys and columns between the idle work and a sort changes nothing
    they produce: the same order as on a fresh index, the idle work's totals still right."""
    rows, everything, _ = idle_then_sort(orders, head_start, column, desc)
    assert rows == list(finish(OrderIndex(orders).ordering(column, desc)))
    assert everything == totals(orders)


def test_a_released_index_hands_over_every_large_list_it_built_and_keeps_none() -> None:
    """Its columns, and the numbers as text a search by number built, go to whoever frees
    them in steps (a million orders' lists freed at once hold the window)."""
    index = OrderIndex(ORDERS)
    finish(view_steps(index, OrderFilter(text="10000"), "amount", False))  # numbers as text
    texts = finish(index.number_texts())
    parts = index.release()
    assert any(part is texts for part in parts)
    assert finish(index.number_texts()) is not texts  # built anew if asked again


def test_orders_without_a_date_or_with_a_day_only_sort_where_people_expect() -> None:
    """The service may leave an order's date out or write only its day (the interface allows
    both): no date sorts first from the oldest, never dropped; a day sorts as its start where
    the desk is, before that day's orders of later hours."""
    orders = [
        order(1, "10.00"),
        order(2, "10.00", create_date=datetime(2026, 3, 1, 18, tzinfo=UTC)),
        order(3, "10.00", create_date=date(2026, 3, 1)),
        order(4, "10.00", create_date=datetime(2026, 2, 27, 12, tzinfo=UTC)),
    ]
    index = OrderIndex(orders)  # a long list's way: each date a number, in steps
    oldest = finish(view_steps(index, EVERYTHING, "create_date", False))
    assert [orders[i].order_id for i in oldest] == [1, 4, 3, 2]

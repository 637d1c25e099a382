"""The streaming array decoder and the wire models, with property tests."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from desktop_app.api import models
from desktop_app.api._arrays import ArrayDecoder, ArrayShapeError
from desktop_app.api.after_validation import (
    AS_THE_INTERFACE_SAYS,
    Reading,
    read_after_validation,
    reader_after_validation,
)  # fmt: skip
from desktop_app.api.listing import Listing

ORDERS = TypeAdapter(list[models.Order])

names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30
) | st.sampled_from(["},{", '"},{"', "}, {", "\\", '{"a":1},{"b":2}', "]"])
money = st.decimals(
    min_value=Decimal("0.00"), max_value=Decimal("9999999999999.99"), places=2,
    allow_nan=False, allow_infinity=False,
)  # fmt: skip
order_dicts = st.fixed_dictionaries(
    {
        "orderId": st.integers(min_value=1, max_value=2**53),
        "amount": money,
        "amountPaid": money,
        "customerName": names,
        "sellerName": names,
    },
    optional={
        "extra": st.recursive(
            st.none() | names,
            lambda inner: st.lists(inner) | st.dictionaries(names, inner),
            max_leaves=4,
        )
    },
)


def _dumps(rows: Sequence[Mapping[str, object]], indent: int | None) -> bytes:
    return json.dumps(rows, default=lambda d: float(d), indent=indent, ensure_ascii=False).encode()


class CountingAdapter:
    """The orders adapter, counting the bytes it is given: decoding must stay linear."""

    def __init__(self) -> None:
        self.bytes_validated = 0

    def validate_json(self, data: bytes, context: object = None) -> list[models.Order]:
        self.bytes_validated += len(data)
        return ORDERS.validate_json(data, context=context)


def _decoder(slice_bytes: int, adapter: object = ORDERS) -> ArrayDecoder[models.Order]:
    return ArrayDecoder(
        adapter,  # type: ignore[arg-type]
        slice_bytes=slice_bytes,
        after_validation=reader_after_validation(),
    )


def _decode(
    body: bytes | str, chunk: int = 64, slice_bytes: int = 256, adapter: object = ORDERS
) -> Listing[models.Order]:
    """The client's way: chunks as they arrive, a slice validated per step, then the rest."""
    body = body.encode() if isinstance(body, str) else body
    decoder = _decoder(slice_bytes, adapter)
    for start in range(0, len(body), chunk):
        decoder.feed(body[start : start + chunk])
        while decoder.step():
            pass
    decoder.close()
    while decoder.step():
        pass
    return decoder.finish()


@settings(max_examples=150, deadline=None)
@given(
    rows=st.lists(order_dicts, max_size=40),
    chunk=st.integers(min_value=1, max_value=97),
    slice_bytes=st.integers(min_value=1, max_value=400),
    indent=st.sampled_from([None, 1, 4]),
)
def test_decoder_matches_one_shot_validation(
    rows: list[dict[str, object]], chunk: int, slice_bytes: int, indent: int | None
) -> None:
    body = _dumps(rows, indent)
    decoded = _decode(body, chunk, slice_bytes)
    assert decoded == ORDERS.validate_json(body) and decoded.complete


@settings(max_examples=100, deadline=None)
@given(
    rows=st.lists(order_dicts, min_size=2, max_size=30),
    bad=st.sets(st.integers(min_value=0, max_value=29)),
    chunk=st.integers(min_value=1, max_value=97),
    slice_bytes=st.integers(min_value=1, max_value=400),
)
def test_elements_that_do_not_validate_are_left_out_and_counted(
    rows: list[dict[str, object]], bad: set[int], chunk: int, slice_bytes: int
) -> None:
    bad = {i for i in bad if i < len(rows)}
    if len(bad) * 2 > len(rows):
        bad = set(sorted(bad)[: len(rows) // 2])
    sent = [dict(row, orderId=1.5) if i in bad else row for i, row in enumerate(rows)]
    decoded = _decode(_dumps(sent, None), chunk, slice_bytes)
    good = [row for i, row in enumerate(rows) if i not in bad]
    assert decoded == ORDERS.validate_json(_dumps(good, None))
    assert decoded.unread_count == len(bad) and decoded.received == len(rows)
    assert [u.index for u in decoded.unread] == sorted(bad)
    assert all("orderId" in u.reason for u in decoded.unread)


def test_decoder_survives_separators_and_braces_inside_strings() -> None:
    tricky = [
        {"orderId": i, "amount": 1, "customerName": '},{"orderId": 999, "amount": 5}, {',
         "sellerName": "{{{ loja" if i % 3 else "}"}
        for i in range(300)
    ]  # fmt: skip
    decoded = _decode(_dumps(tricky, None), 700, 500)
    assert [o.order_id for o in decoded] == list(range(300))
    assert all(o.customer_name.startswith("},{") for o in decoded)


def _nested_orders(count: int, items: int) -> bytes:
    rows = [
        {"orderId": i, "amount": 10, "items": [{"sku": j, "qty": 1} for j in range(items)]}
        for i in range(count)
    ]
    return _dumps(rows, None)


@pytest.mark.parametrize(
    "body",
    [
        _nested_orders(400, 20),  # an extension a real service may add: line items
        _nested_orders(3, 20_000),  # one element far larger than a slice
        _dumps([{"orderId": 1, "amount": 1, "x": [[[[{"y": [{}]}]]]] * 40} for _ in range(300)], 2),
        # A name with a cut's look in it sets the reader counting braces; then an element of
        # more nested objects than it looks at in one step.
        _dumps(
            [{"orderId": 1, "amount": 1, "customerName": '},{"orderId": 9}'}]
            + [
                {"orderId": i, "amount": 10, "items": [{"sku": j} for j in range(5_000)]}
                for i in range(2, 5)
            ],
            None,
        ),
    ],
    ids=["items", "huge-element", "deep", "braces-then-huge"],
)
def test_decoding_is_linear_whatever_the_shape(body: bytes) -> None:
    counting = CountingAdapter()
    decoded = _decode(body, 4096, 2048, counting)
    assert decoded == ORDERS.validate_json(body)
    # Each byte is judged at most twice (a fooled cut, then the exact one): never re-parsed
    # from the slice's start for every candidate cut, as the old decoder did.
    assert counting.bytes_validated <= 2 * len(body) + 64


def test_another_shape_fails_at_once_not_at_the_end() -> None:
    decoder = _decoder(1024)
    decoder.feed(b"[" + b",".join(b'{"id": %d}' % i for i in range(5_000)))  # no end yet
    with pytest.raises(ArrayShapeError, match="not of the expected form"):
        while decoder.step():
            pass


def test_a_list_of_numbers_fails_at_once() -> None:
    decoder = _decoder(1024)
    decoder.feed(b"[" + b",".join(b"%d" % i for i in range(100_000)))
    with pytest.raises(ArrayShapeError):
        while decoder.step():
            pass


def test_most_elements_failing_is_another_shape() -> None:
    body = b'[{"orderId": 1, "amount": 1}, {"orderId": "x", "amount": 1}, {"amount": 1}]'
    with pytest.raises(ArrayShapeError, match="2 of 3"):
        _decode(body, 5, 4)


def test_a_body_that_is_not_json_is_refused() -> None:
    with pytest.raises(ValidationError):
        _decode(b'[{"orderId": 1, "amount": 1}, {"orderId": 2, "amount": 1} oops', 5, 4)


@settings(max_examples=200)
@given(amount=money)
def test_money_is_exact_through_json(amount: Decimal) -> None:
    body = json.dumps([{"orderId": 1, "amount": float(amount)}]).encode()
    (order,) = ORDERS.validate_json(body)
    assert order.amount == amount


MONEY = TypeAdapter(models.Money)
json_numbers = (
    st.integers(min_value=-(10**30), max_value=10**30).map(str)
    | st.floats(allow_nan=False, allow_infinity=False).map(repr)
    | money.map(lambda amount: format(amount, "f"))
    | st.sampled_from(["0.1", "0.30000000000000004", "12345678901234567.89", "1e300", "-0.0",
                       "5e-324", "1E2", "2.675", "9007199254740993", "123456789012.345"])
)  # fmt: skip


@settings(max_examples=500)
@given(text=json_numbers)
def test_an_order_reads_its_amounts_as_a_money_field_would(text: str) -> None:
    """An order keeps the JSON number and makes its Decimal on use: the same Decimal a
    ``Money`` field makes of that number, to the last digit, whatever the number (within a
    millionth of a cent of a cent, that cent: float noise)."""
    body = f'[{{"orderId": 1, "amount": {text}, "amountPaid": {text}}}]'.encode()
    (order,) = ORDERS.validate_json(body)
    expected = models.money_of(MONEY.validate_json(text))
    assert order.amount == order.amount_paid
    if order.amount != expected:
        # A float exactly halfway between two shortest texts (562949953421312.25, read from
        # "562949953421312.2"): pydantic's JSON reader writes the other one. The order's is the
        # same float, and the one nearer to what the service wrote.
        assert float(order.amount) == float(expected)
        assert abs(order.amount - Decimal(text)) <= abs(expected - Decimal(text))


@pytest.mark.parametrize(
    "text", ["true", "false", '"12.50"', '"abc"', "null", "[]", "{}", "1e400", '"NaN"']
)
def test_an_order_takes_or_refuses_an_odd_amount_as_a_money_field_does(text: str) -> None:
    body = f'[{{"orderId": 1, "amount": {text}}}]'.encode()
    try:
        expected: Decimal | None = MONEY.validate_json(text)
    except ValidationError:
        expected = None
    if expected is None:
        with pytest.raises(ValidationError):
            ORDERS.validate_json(body)
    else:
        (order,) = ORDERS.validate_json(body)
        assert order.amount == expected


@settings(max_examples=200)
@given(amount=money, user_id=st.integers(min_value=0, max_value=2**31))
def test_new_payment_round_trips_through_its_wire_form(amount: Decimal, user_id: int) -> None:
    payment = models.NewPayment(
        order_id=5, card="************0005", auth="A", nsu="1", installments=2,
        amount=amount, flag_name="Elo", payment_type="debit", user_id=user_id,
    )  # fmt: skip
    wire = json.loads(payment.to_json(), parse_float=Decimal)
    assert wire["amount"] == amount and isinstance(wire["userId"], int)
    assert TypeAdapter(models.NewPayment).validate_python(wire) == payment


@pytest.mark.parametrize(
    "text",
    ["2026-11-20T13:45:00Z", "2026-11-20T10:45:00-03:00", "2026-11-20T13:45:00.000Z",
     "2026-11-20T13:45:00"],
)  # fmt: skip
def test_timestamps_are_aware_and_one_without_offset_is_utc(text: str) -> None:
    (order,) = _decode(json.dumps([{"orderId": 1, "amount": 1, "createDate": text}]))
    assert isinstance(order.create_date, datetime) and order.create_date.tzinfo is not None
    assert order.create_date == datetime(2026, 11, 20, 13, 45, tzinfo=UTC)


@settings(max_examples=100)
@given(moment=st.datetimes(timezones=st.just(timezone(timedelta(hours=-3)))))
def test_any_offset_timestamp_is_the_same_instant(moment: datetime) -> None:
    (order,) = _decode(json.dumps([{"orderId": 1, "amount": 1, "createDate": moment.isoformat()}]))
    assert order.create_date == moment


def test_numeric_identifiers_are_read_as_text() -> None:
    store = TypeAdapter(models.Store).validate_json(b'{"id": 7, "name": "Loja", "extra": true}')
    assert store.id == "7" and store.label == "7 - Loja"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2016-12-31T23:59:60Z", datetime(2016, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)),
        ("2016-12-31T21:59:60.5-02:00", datetime(2016, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)),
        ("0001-01-01T00:00:00Z", datetime(1, 1, 1, tzinfo=UTC)),
        ("9999-12-31T23:59:59Z", datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)),
    ],
)
def test_timestamps_at_the_edges_are_read(text: str, expected: datetime) -> None:
    body = json.dumps([{"orderId": n, "amount": 1, "createDate": text} for n in range(3)])
    orders = _decode(body)
    assert orders.complete and [o.create_date for o in orders] == [expected] * 3


def _read_after_validation(rows: Sequence[object], adapter: Any, reading: Reading) -> Any:
    decoder = ArrayDecoder(
        adapter, after_validation=reader_after_validation(reading), context=reading
    )
    decoder.feed(json.dumps(rows).encode())
    decoder.close()
    while decoder.step():
        pass
    return decoder.finish()


def test_float_noise_is_that_cent_and_a_finer_amount_leaves_its_row_with_the_reason() -> None:
    rows = [
        {"orderId": 1, "amount": 4986.81, "amountPaid": 4986.8099999999995},
        {"orderId": 2, "amount": "4986.81", "amountPaid": "4986.8099999999995"},
        {"orderId": 3, "amount": 10.125},
        *({"orderId": 10 + n, "amount": 1} for n in range(3)),
    ]
    read = _read_after_validation(rows, ORDERS, AS_THE_INTERFACE_SAYS)
    assert [o.order_id for o in read] == [1, 2, 10, 11, 12]
    assert all(o.amount_paid == o.amount == Decimal("4986.81") for o in read[:2])
    assert all(o.balance_due == 0 for o in read[:2])
    assert read.unread[0].index == 2
    assert read.unread[0].reason == "amount: 10.125 is not an amount of whole cents"


def test_each_unread_order_is_named_by_its_place_in_the_answer_across_slices() -> None:
    # IT is told which element to look for: orders that fail validation and orders refused
    # for their amounts, in slices read after validation together, each at its own place, counted once.
    rows: list[dict[str, object]] = [{"orderId": n, "amount": 1} for n in range(2_500)]
    rows[3] = {"amount": 1}  # no orderId: fails validation
    rows[4] = {"orderId": 4, "amount": 1.005, "amountPaid": 1.005}  # both odd: one reason
    rows[2_400] = {"orderId": 2_400, "amount": 2.5, "amountPaid": 0.001}
    decoder = ArrayDecoder(ORDERS, slice_bytes=700, after_validation=reader_after_validation())
    decoder.feed(json.dumps(rows).encode())
    decoder.close()
    while decoder.step():
        pass
    read = decoder.finish()
    assert (len(read), read.unread_count) == (2_497, 3)
    assert [(u.index, u.reason.split(":")[0]) for u in read.unread] == [
        (3, "orderId"), (4, "amount"), (2_400, "amountPaid")
    ]  # fmt: skip
    assert 4 not in {o.order_id for o in read} and read[-1].order_id == 2_499


def test_gaps_times_and_days_are_read_as_the_service_meant_them() -> None:
    zone = ZoneInfo("America/Sao_Paulo")
    orders = _read_after_validation(
        [{"orderId": 7, "amount": 5, "customerName": None, "planName": None, "amountPaid": None,
          "installments": None, "createDate": "2026-11-20T10:45:00"}],
        ORDERS, Reading(zone=zone, store_id="001"),
    )  # fmt: skip
    (walk_in,) = orders
    assert (walk_in.customer_name, walk_in.plan_name, walk_in.store_id) == ("", "", "001")
    assert (walk_in.amount_paid, walk_in.installments) == (0, 1)
    assert walk_in.create_date == datetime(2026, 11, 20, 13, 45, tzinfo=UTC)  # that instant
    payments = _read_after_validation(
        [{"amount": 10, "card": None, "flagName": None, "type": "pix", "payDate": "2026-11-20"}],
        TypeAdapter(list[models.Payment]), Reading(zone=zone, order_id=7),
    )  # fmt: skip
    (pix,) = payments
    assert (pix.order_id, pix.card, pix.flag_name) == (7, "", "")
    assert pix.pay_date == date(2026, 11, 20)  # a day alone: no zone moves it


@pytest.mark.parametrize(
    "amount",
    ["NaN", "Infinity", "1000000000000000000000000000000.001"],
    ids=["nan", "infinity", "a-fraction-past-28-digits"],
)
def test_an_amount_that_is_no_number_of_cents_reads_as_none(amount: str) -> None:
    """No cent is guessed: what is no number, or holds a fraction no cent can be told from."""
    assert models.to_cent(Decimal(amount)) is None


@pytest.mark.parametrize("written", ["not a time", {"at": 1}, [2026, 11, 30], float("nan"), True])
def test_a_time_where_no_model_reads_it_is_none_when_it_is_no_time(written: object) -> None:
    """An invoice answer's own fields: what is no time reads as none, never a guess."""
    assert models.moment_in(written) is None
    assert models.moment_in("2026-11-30T12:00:00") == datetime(2026, 11, 30, 12, tzinfo=UTC)


def test_an_order_of_more_whole_digits_than_any_float_is_read_exactly_with_the_others() -> None:
    """JSON's integers have no end; a float's do (past 1e308): such an amount is read exactly,
    one by one, and the orders beside it as ever (one finer than a cent still left out)."""
    rows = [
        {"orderId": 1, "amount": 10**400},
        {"orderId": 2, "amount": 12.5},
        {"orderId": 3, "amount": 10.125},
    ]
    read = _read_after_validation(rows, ORDERS, AS_THE_INTERFACE_SAYS)
    assert [o.order_id for o in read] == [1, 2]
    assert read[0].amount == Decimal(10**400) and read[1].amount == Decimal("12.50")
    assert read.unread[0].index == 2


def test_a_leap_second_read_does_not_let_another_fault_of_its_element_through() -> None:
    """An order written at a leap second is read (as the instant before it); one that also
    fails otherwise (a fractional number) is left out with its reason, the others read."""
    leap = "2016-12-31T23:59:60Z"
    rows: list[dict[str, object]] = [
        {"orderId": 1, "amount": 1, "createDate": leap},
        {"orderId": 1.5, "amount": 1, "createDate": leap},
        {"orderId": 3, "amount": 1},
    ]
    decoded = _decode(_dumps(rows, None))
    assert [o.order_id for o in decoded] == [1, 3]
    assert decoded[0].create_date == datetime(2016, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)
    assert [u.index for u in decoded.unread] == [1]
    assert "orderId" in decoded.unread[0].reason


def test_a_long_list_is_written_short_where_asyncio_writes_a_result() -> None:
    """A finished load's result in a log line (asyncio's reprlib) is a line, not every order."""
    listing = _decode(_dumps([{"orderId": i, "amount": 1} for i in range(3_000)], None), 4096)
    assert repr(listing) == "<Listing of 3000 read, 0 unread>"


def test_a_slice_with_no_element_left_leaves_none_out() -> None:
    assert read_after_validation([], [], Reading()) == []

"""The streaming array decoder and the wire models, with property tests."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from desktop_app.api import models
from desktop_app.api._arrays import ArrayDecoder

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


def _dumps(rows: list[dict[str, object]], indent: int | None) -> bytes:
    return json.dumps(rows, default=lambda d: float(d), indent=indent, ensure_ascii=False).encode()


def _decode(body: bytes | str, chunk: int = 64, slice_bytes: int = 256) -> list[models.Order]:
    """The client's way: chunks as they arrive, a slice validated per step, then the rest."""
    body = body.encode() if isinstance(body, str) else body
    decoder = ArrayDecoder(ORDERS, slice_bytes=slice_bytes, settle=models.assume_utc)
    for start in range(0, len(body), chunk):
        decoder.feed(body[start : start + chunk])
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
    assert _decode(body, chunk, slice_bytes) == ORDERS.validate_json(body)


def test_decoder_survives_separators_inside_strings() -> None:
    tricky = [
        {"orderId": i, "amount": 1, "customerName": '},{"orderId": 999, "amount": 5}, {'}
        for i in range(50)
    ]
    body = _dumps(tricky, None)
    decoded = _decode(body, 7, 16)
    assert [o.order_id for o in decoded] == list(range(50))
    assert all(o.customer_name.startswith("},{") for o in decoded)


def test_decoder_reports_a_bad_element() -> None:
    body = b'[{"orderId": 1, "amount": 1}, {"orderId": "x", "amount": 1}]'
    with pytest.raises(ValidationError):
        _decode(body, 5, 4)


@settings(max_examples=200)
@given(amount=money)
def test_money_is_exact_through_json(amount: Decimal) -> None:
    body = json.dumps([{"orderId": 1, "amount": float(amount)}]).encode()
    (order,) = ORDERS.validate_json(body)
    assert order.amount == amount


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
    assert order.create_date is not None and order.create_date.tzinfo is not None
    assert order.create_date == datetime(2026, 11, 20, 13, 45, tzinfo=UTC)


@settings(max_examples=100)
@given(moment=st.datetimes(timezones=st.just(timezone(timedelta(hours=-3)))))
def test_any_offset_timestamp_is_the_same_instant(moment: datetime) -> None:
    (order,) = _decode(json.dumps([{"orderId": 1, "amount": 1, "createDate": moment.isoformat()}]))
    assert order.create_date == moment


def test_numeric_identifiers_are_read_as_text() -> None:
    store = TypeAdapter(models.Store).validate_json(b'{"id": 7, "name": "Loja", "extra": true}')
    assert store.id == "7" and store.label == "7 - Loja"

"""The slip's rules, without a window: what makes it a payment, and what to correct first."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from desktop_app.api.models import NewPayment, Order
from desktop_app.core.slip import Field, Problem, SlipEntry, payment_of

ORDER = Order(order_id=100003, amount_number=661.38, amount_paid_number=100)  # R$ 561.38 due
SLIP = SlipEntry(
    amount=Decimal("561.38"), last_four="4242", nsu="778899", auth="ab12cd", brand="visa",
    payment_type="credit", installments=1, user_id=1001,
)  # fmt: skip


def test_a_whole_slip_is_the_payment_as_the_interface_spells_it() -> None:
    payment = payment_of(SLIP, ORDER)
    assert payment == NewPayment(
        order_id=100003, card="************4242", auth="AB12CD", nsu="778899", installments=1,
        amount=Decimal("561.38"), flag_name="Visa", payment_type="credit", user_id=1001,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("change", "problem", "field"),
    [
        ({"amount": None}, Problem.NO_AMOUNT, Field.AMOUNT),
        ({"amount": Decimal("0")}, Problem.NO_AMOUNT, Field.AMOUNT),
        ({"amount": Decimal("-5")}, Problem.NO_AMOUNT, Field.AMOUNT),
        ({"amount": Decimal("10.005")}, Problem.FRACTION_OF_A_CENT, Field.AMOUNT),
        ({"amount": Decimal("561.39")}, Problem.OVER_BALANCE, Field.AMOUNT),
        ({"amount": Decimal("1e308")}, Problem.OVER_BALANCE, Field.AMOUNT),
        ({"last_four": "42424"}, Problem.MORE_THAN_LAST_FOUR, Field.LAST_FOUR),
        ({"last_four": "424"}, Problem.NO_LAST_FOUR, Field.LAST_FOUR),
        ({"nsu": ""}, Problem.NO_NSU, Field.NSU),
        ({"nsu": "1234567890123"}, Problem.LONG_NSU, Field.NSU),
        ({"auth": ""}, Problem.NO_AUTH, Field.AUTH),
        ({"brand": "  "}, Problem.NO_BRAND, Field.BRAND),
    ],
)
def test_each_problem_names_its_field(
    change: dict[str, object], problem: Problem, field: Field
) -> None:
    found = payment_of(replace(SLIP, **change), ORDER)  # type: ignore[arg-type]
    assert found is problem and found.field is field


def test_the_first_problem_is_the_first_a_cashier_reads() -> None:
    empty = SlipEntry(None, "", "", "", "", "credit", 1, 1001)
    assert payment_of(empty, ORDER) is Problem.NO_AMOUNT
    assert payment_of(replace(empty, amount=Decimal(1)), ORDER) is Problem.NO_LAST_FOUR


def test_the_whole_balance_may_be_paid_and_a_brand_not_offered_is_kept() -> None:
    payment = payment_of(replace(SLIP, amount=Decimal("561.380"), brand="Sorocred"), ORDER)
    assert isinstance(payment, NewPayment)
    assert payment.amount == Decimal("561.38") and payment.flag_name == "Sorocred"


def test_a_slip_of_a_sign_in_that_named_no_user_number_is_no_payment() -> None:
    assert payment_of(replace(SLIP, user_id=None), ORDER) is Problem.NO_USER_NUMBER

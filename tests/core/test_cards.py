"""Card numbers are recognised in any form people type them, and nothing else is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from stdnum import luhn

from desktop_app.core.cards import contains_card_number, last_four, masked


def with_check_digit(body: str) -> str:
    return body + luhn.calc_check_digit(body)


@given(
    body=st.text(alphabet="0123456789", min_size=12, max_size=18),
    prefix=st.text(alphabet="abc :", max_size=5),
    suffix=st.text(alphabet="abc ", max_size=5),
)
def test_any_luhn_valid_run_is_found(body: str, prefix: str, suffix: str) -> None:
    assert contains_card_number(f"{prefix}{with_check_digit(body)}{suffix}")


@given(body=st.text(alphabet="0123456789", min_size=12, max_size=18))
def test_a_wrong_check_digit_is_not_a_card(body: str) -> None:
    good = with_check_digit(body)
    wrong = good[:-1] + str((int(good[-1]) + 1) % 10)
    assert not contains_card_number(wrong)


@pytest.mark.parametrize(
    "text",
    ["4111 1111 1111 1111", "4111-1111-1111-1111", "nsu 4111111111111111", "x5555555555554444."],
)
def test_grouped_numbers_are_found(text: str) -> None:
    assert contains_card_number(text)


@pytest.mark.parametrize(
    "text", ["1234", "000123", "CPF 390.533.447-05", "123456789012", "", "41111111111111110000"]
)
def test_other_numbers_are_not_cards(text: str) -> None:
    assert not contains_card_number(text)


def test_masked_form_and_last_four() -> None:
    assert masked("4242") == "************4242"
    assert last_four("411111******1111") == "1111"
    with pytest.raises(ValueError, match="four digits"):
        masked("424")


# Brazilian EAN-13 product codes (prefix 789, valid GTIN check digit) that also pass Luhn:
# about one in ten does, and a scanner types them into the product search.
EAN13_PASSING_LUHN = (
    "7899935181907", "7895075291704", "7895632122335",
    "7898200182632", "7895326502016", "7896111489369",
)  # fmt: skip


@pytest.mark.parametrize("code", EAN13_PASSING_LUHN)
def test_a_barcode_is_a_barcode_where_barcodes_are_expected(code: str) -> None:
    assert contains_card_number(code)  # anywhere else it is refused, as any such run
    assert not contains_card_number(code, barcodes=True)
    assert not contains_card_number(f"scan {code}", barcodes=True)


@pytest.mark.parametrize("pan", ["4111111111111111", "5555555555554444", "4111 1111 1111 1111"])
def test_card_numbers_stay_refused_where_barcodes_are_expected(pan: str) -> None:
    assert contains_card_number(pan, barcodes=True)


def test_a_13_digit_card_number_with_a_wrong_gtin_digit_is_still_a_card() -> None:
    # 4222222222222 is Luhn-valid (a 13-digit test card) and not a valid EAN-13.
    assert contains_card_number("4222222222222", barcodes=True)

"""Cells a spreadsheet would run are written as text; the desk's amounts stay numbers (issue 89,
OWASP's advice on CSV injection)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop_app.core.money import money
from desktop_app.core.spreadsheet import FORMULA_STARTS, safe_cell


@pytest.mark.parametrize(
    "cell",
    ['=HYPERLINK("http://x.invalid","Ver")', "+1+1", "-2+3", "-1e5", "@SUM(A1:A9)", "\t=1",
     "\r=1", "-R$ 10,00 =1", "+55 11 98765-4321", "-", "=", "-cmd|' /C calc'!A0"],
)  # fmt: skip
def test_a_cell_that_would_start_a_formula_is_text(cell: str) -> None:
    assert safe_cell(cell) == "'" + cell


@pytest.mark.parametrize("locale", ["pt_BR", "en_US"])
def test_a_negative_amount_the_desk_wrote_stays_a_number(locale: str) -> None:
    for amount in (Decimal("-1622.74"), Decimal("-0.01"), Decimal("-1000000")):
        written = money(amount, locale)
        assert safe_cell(written) == written
    assert safe_cell("-10.50") == "-10.50" and safe_cell("+3") == "+3"


@pytest.mark.parametrize("currency", ["USD", "EUR", "CAD", "JPY", "CHF", "ARS"])
def test_a_negative_amount_in_the_desks_other_currency_stays_a_number_in_pt_br(
    currency: str,
) -> None:
    """Found reading the lines no test reached (issue 98): a desk set to US dollars wrote its
    refunds as "-US$ 1.622,74", and the spreadsheet got text it does not sum."""
    written = money(Decimal("-1622.74"), "pt_BR", currency)
    assert safe_cell(written) == written
    assert safe_cell("-1.622,74 €") == "-1.622,74 €"  # as locales that put the sign after do


@pytest.mark.parametrize("cell", ["-A1", "-A$1", "-CHF1", "-SUM( 1", "-1 SUM(", "-CA$1,622.74"])
def test_letters_glued_to_digits_or_a_bracket_are_text_whatever_currency_they_look_like(
    cell: str,
) -> None:
    """``CHF1`` and ``A$1`` name cells and ``SUM(`` opens a function: only a symbol set apart
    by a space reads as a currency's."""
    assert safe_cell(cell) == "'" + cell


@given(st.text())
def test_no_cell_is_left_starting_a_formula_and_none_is_changed_but_by_its_mark(text: str) -> None:
    written = safe_cell(text)
    assert written in (text, "'" + text)
    if written == text and text.startswith(FORMULA_STARTS):
        # Only a signed amount is left as it came: its sign, digits and separators alone.
        assert text[0] in "+-" and not any(c.isalpha() and c != "R" for c in text)
        assert not any(c in text for c in "=@()|!&\"'")

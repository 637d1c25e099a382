"""Amounts and dates read as the person's locale writes them."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from babel.numbers import format_currency
from hypothesis import given
from hypothesis import strategies as st

from desktop_app.core.money import local_time, money


@given(
    amount=st.decimals(min_value=-(10**12), max_value=10**12, places=3, allow_nan=False),
    locale=st.sampled_from(["pt_BR", "en_US"]),
)
def test_amounts_are_written_as_babel_writes_the_locale(amount: Decimal, locale: str) -> None:
    assert money(amount, locale) == format_currency(amount, "BRL", locale=locale)


def test_brazilian_reals_and_dates_read_as_in_brazil() -> None:
    assert money(Decimal("1234.5"), "pt_BR") == "R$\xa01.234,50"
    assert money(Decimal("-0.5"), "en_US") == "-R$0.50"
    assert local_time(None) == ""
    assert local_time(datetime(2026, 11, 20, 13, 45, tzinfo=UTC), "pt_BR").count("/") == 2

"""Amounts and dates read as the person's locale writes them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from babel.numbers import format_currency
from hypothesis import given
from hypothesis import strategies as st

from desktop_app.core.money import (
    DEFAULT_CURRENCY,
    amount_in_text,
    amount_typed_text,
    currency_symbol,
    day_and_month,
    local_day,
    local_time,
    money,
    set_currency,
)
from tests.platforms import local_zone


@given(
    amount=st.decimals(min_value=-(10**12), max_value=10**12, places=3, allow_nan=False),
    locale=st.sampled_from(["pt_BR", "en_US"]),
)
def test_amounts_are_written_as_babel_writes_the_locale(amount: Decimal, locale: str) -> None:
    assert money(amount, locale) == format_currency(amount, "BRL", locale=locale)


def test_brazilian_reals_and_dates_read_as_in_brazil() -> None:
    assert money(Decimal("1234.5"), "pt_BR") == "R$\xa01.234,50"
    assert money(Decimal("-0.5"), "en_US") == "-R$0.50"
    assert local_time(None, "pt_BR") == ""
    assert local_time(datetime(2026, 11, 20, 13, 45, tzinfo=UTC), "pt_BR").count("/") == 2


@pytest.fixture(params=["America/Sao_Paulo", "Asia/Tokyo"])
def far_zone(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The process's local time zone, as a person's machine sets it."""
    with local_zone(monkeypatch, request.param):
        yield request.param


@pytest.mark.parametrize(
    "moment",
    [
        datetime(1, 1, 1, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC),
        datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=5))),
        datetime(9999, 12, 31, 23, 59, tzinfo=timezone(timedelta(hours=-5))),
    ],
)
def test_the_ends_of_the_calendar_are_shown_in_any_zone(far_zone: str, moment: datetime) -> None:
    text = local_time(moment, "pt_BR")
    assert ("/1 " in text or "/9999 " in text) and local_day(moment).year in (1, 9999)


@pytest.mark.parametrize(
    ("amount", "shown"),
    [
        (Decimal("1e26"), "R$\xa01E26"),
        (Decimal("-1.5e26"), "-R$\xa01,5E26"),
        (Decimal("1.23456e400"), "R$\xa01,235E400"),
        (Decimal("1e1000000"), "R$\xa01E1000000"),
        (Decimal("999999999999999999.99"), "R$\xa0999.999.999.999.999.999,99"),
        (Decimal("1e-400"), "R$\xa00,00"),
    ],
)
def test_any_json_number_is_written_as_money(amount: Decimal, shown: str) -> None:
    assert money(amount, "pt_BR") == shown


def test_a_huge_amount_is_rounded_once_and_in_the_currency_asked() -> None:
    """Found by mutation (issue 98): the scientific form rounded the amount to 18 digits and
    then to its three decimals, so 1.2345000000000000000001E22 showed as 1,234E22; once, it is
    1,235E22. The first amount of nineteen whole digits takes the form; a currency asked for
    is the one written."""
    assert money(Decimal("12345000000000000000001"), "pt_BR") == "R$\xa01,235E22"
    assert money(Decimal("-12345000000000000000001"), "pt_BR") == "-R$\xa01,235E22"
    assert money(Decimal("1e18"), "pt_BR") == "R$\xa01E18"
    assert money(Decimal("1e26"), "en_US", "USD") == "$\xa01E26"


@pytest.mark.parametrize("amount", ["NaN", "-Infinity", "sNaN"])
def test_an_amount_that_is_no_number_is_written_as_it_came(amount: str) -> None:
    assert money(Decimal(amount), "pt_BR") == amount


def test_a_time_with_no_local_time_keeps_its_own_offset_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At the calendar's very ends a time has no local time, nor one in UTC: it is written as
    the service wrote it, its offset said the way people read one."""
    with local_zone(monkeypatch, "UTC"):
        year_one = datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=5)))
        assert local_time(year_one, "pt_BR") == "01/01/1 00:00 UTC+05:00"
        last = datetime(9999, 12, 31, 23, 59, tzinfo=timezone(-timedelta(hours=5, minutes=30)))
        assert local_time(last, "en_US") == "12/31/99, 11:59\u202fPM UTC-05:30"
    with local_zone(monkeypatch, "Asia/Tokyo"):  # no local time; in UTC, one
        assert local_time(datetime(9999, 12, 31, 23, 0, tzinfo=UTC), "pt_BR") == (
            "31/12/9999 23:00 UTC"
        )


def test_a_day_alone_is_written_as_that_day_in_the_locale() -> None:
    assert local_time(date(2026, 8, 24), "en_US") == "8/24/26"
    assert local_time(date(2026, 8, 24), "pt_BR") == "24/08/2026"


@pytest.mark.parametrize(
    ("text", "amount"),
    [("€12,50", "12.50"), ("£ 3.50", "3.50"), ("R$ 1.234,56", "1234.56"), ("$1,234.56", "1234.56")],
)
def test_a_currency_sign_typed_or_pasted_with_an_amount_is_left_out(text: str, amount: str) -> None:
    assert amount_in_text(text) == Decimal(amount)


def test_an_amount_is_read_as_a_person_or_a_terminal_wrote_it() -> None:
    assert amount_in_text("R$ 1.234,56") == amount_in_text("1,234.56") == Decimal("1234.56")
    assert amount_in_text("99,90") == amount_in_text("99.90") == Decimal("99.90")
    assert amount_in_text("R$\u00a0-12,00") == Decimal("-12.00")  # as money() writes it
    assert amount_in_text("BRL 12,50") == amount_in_text("12,50 brl") == Decimal("12.50")
    assert amount_in_text("1.234", ",", ".") == Decimal("1234")  # a file's own marks
    assert amount_in_text("1,234", ".", ",") == Decimal("1234")
    assert amount_in_text("dez reais") is None and amount_in_text("") is None


@pytest.mark.parametrize(
    ("typed", "read"),
    [("12.5", "12.5"), ("12.50", "12.50"), ("1.234", "1234"), ("1.234,5", "1234.5")],
)
def test_a_cashier_used_to_other_tills_types_a_point_for_the_cents_in_pt_br(
    typed: str, read: str
) -> None:
    """In pt_BR the point groups thousands, but a lone point before one or two final digits is
    the cents a cashier meant: R$12.5 is never read as R$125 (nor 1.234 as 1.234)."""
    assert amount_in_text(typed, ",", ".") == Decimal(read)


@pytest.mark.parametrize(
    ("marks", "typed"),
    [
        ((".", ","), "1.622,74"),  # an English desk, the slip's Brazilian amount
        ((".", ","), "1,622.74"),
        ((",", "."), "1,622.74"),  # a Brazilian desk, an amount written the other way
        ((",", "."), "1.622,74"),
        ((".", ","), "R$ 1.622,74"),
    ],
)
def test_a_search_reads_an_amount_with_both_marks_either_way(
    marks: tuple[str, str], typed: str
) -> None:
    """With both marks, the last is the decimal point whatever the desk's language (no group
    mark follows the decimals): the filter finds the slip's order as its terminal printed it.
    Without ``either_way`` (a terminal file's own marks) the marks given stand."""
    assert amount_in_text(typed, *marks, either_way=True) == Decimal("1622.74")
    assert amount_in_text("1.622", ".", ",", either_way=True) == Decimal("1.622")  # one mark
    assert amount_in_text("1.622,74", ".", ",") != Decimal("1622.74")  # a file's marks stand


@pytest.mark.parametrize("text", ["AB12CD", "12a", "12 reais", "1²", "NSU 123", "R$", "-", "."])
def test_letters_or_no_digit_make_no_amount(text: str) -> None:
    """A search for an NSU such as ``AB12CD`` must not also find every payment of R$12.00."""
    assert amount_in_text(text) is None
    assert amount_in_text(text, ",", ".") is None


@given(
    cents=st.integers(min_value=0, max_value=10**40),
    marks=st.sampled_from([(",", "."), (".", ",")]),  # pt_BR, en_US
)
def test_an_amount_written_for_typing_reads_back_exactly_at_any_size(
    cents: int, marks: tuple[str, str]
) -> None:
    amount = Decimal(cents).scaleb(-2)
    written = amount_typed_text(amount, *marks)
    assert amount_in_text(written, *marks) == amount


def test_typed_amounts_read_the_locales_way() -> None:
    assert amount_in_text("R$ 1.234,56", ",", ".") == Decimal("1234.56")
    assert amount_in_text("1,234.56", ".", ",") == Decimal("1234.56")
    assert amount_in_text("12.50", ",", ".") == Decimal("12.50")  # a lone point before cents
    assert amount_in_text("1.234", ",", ".") == Decimal("1234")  # a group of three
    assert amount_in_text("٣٤,٥٠", ",", ".") == Decimal("34.50")  # any decimal digit
    assert amount_typed_text(Decimal("1622.74"), ",", ".") == "1.622,74"
    assert (
        amount_typed_text(Decimal("12345678901234567.89"), ".", ",") == "12,345,678,901,234,567.89"
    )


@pytest.mark.parametrize(
    ("amount", "shown"),
    [
        ("9.9996e22", "R$\xa01E23"),  # rounded, it is the next power of ten
        ("-9.9996e22", "-R$\xa01E23"),
        ("1" + "2345" + "0" * 29 + "1", "R$\xa01,235E34"),  # over 28 digits, still once
        ("9.9996e3000000", "R$\xa01E3000001"),  # an exponent past the default context's
    ],
)
def test_a_huge_amount_has_one_unit_before_its_point(amount: str, shown: str) -> None:
    """Found by mutation (issue 98): 9.9996E22 showed as R$ 10E22; its four digits rounded
    from every digit it has, the exponent read after the rounding, it is R$ 1E23."""
    assert money(Decimal(amount), "pt_BR") == shown


@pytest.fixture
def chosen_currency() -> Iterator[None]:
    """The currency setting restored after the test, as the next one expects it."""
    yield
    set_currency(DEFAULT_CURRENCY)


@pytest.mark.usefixtures("chosen_currency")
def test_the_chosen_currency_is_the_one_every_amount_is_written_in() -> None:
    set_currency(" usd ")  # as a person may type it into Settings
    assert money(Decimal("1234.5"), "en_US") == "$1,234.50"
    assert currency_symbol("pt_BR") == "US$"
    set_currency("")  # nothing chosen: the default, not a blank
    assert money(Decimal("1234.5"), "pt_BR") == "R$\xa01.234,50"


def test_a_currency_symbol_is_written_as_the_locale_asked_writes_it() -> None:
    assert currency_symbol("pt_BR", "USD") == "US$"
    assert currency_symbol("en_US", "USD") == "$"


def test_a_day_without_its_year_is_written_in_the_locales_order() -> None:
    assert day_and_month(date(2026, 8, 24), "pt_BR") == "24/08"
    assert day_and_month(date(2026, 8, 24), "en_US") == "8/24"


def test_a_time_is_shown_in_the_desks_own_zone_without_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with local_zone(monkeypatch, "America/Sao_Paulo"):
        moment = datetime(2026, 8, 24, 15, 30, tzinfo=UTC)
        assert local_time(moment, "pt_BR") == "24/08/2026 12:30"
        assert local_day(datetime(2026, 8, 25, 1, 0, tzinfo=UTC)) == date(2026, 8, 24)


def test_a_time_past_the_local_calendar_is_shown_in_utc_not_in_its_own_offset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In Tokyo the last evening of 9999 in UTC is already the year 10000, which no calendar
    here has: the time is said in UTC, one offset every desk reads alike."""
    with local_zone(monkeypatch, "Asia/Tokyo"):
        moment = datetime(9999, 12, 31, 22, 0, tzinfo=timezone(timedelta(hours=2)))
        assert local_time(moment, "pt_BR") == "31/12/9999 20:00 UTC"


def test_one_mark_on_a_brazilian_desk_is_read_by_the_desks_rule_even_either_way() -> None:
    """``either_way`` decides only a text with both marks: a lone point of three digits on a
    Brazilian desk still groups thousands."""
    assert amount_in_text("1.234", ",", ".", either_way=True) == Decimal("1234")
    assert amount_in_text("1,234", ".", ",", either_way=True) == Decimal("1234")


@pytest.mark.parametrize("text", ["1,234.567,89", "1.234,567.89", "1.2.3,4,5"])
def test_marks_that_cross_each_other_make_no_amount(text: str) -> None:
    """No reading of these is the one a person meant: never guess money."""
    assert amount_in_text(text) is None
    assert amount_in_text(text, ",", ".", either_way=True) is None


def test_an_amount_written_for_typing_is_exact_past_the_default_contexts_exponent() -> None:
    amount = Decimal("1e1000000")
    written = amount_typed_text(amount, ",", ".")
    assert written.startswith("10.000.000") and written.endswith(".000,00")
    assert Decimal(written.replace(".", "").replace(",", ".")) == amount

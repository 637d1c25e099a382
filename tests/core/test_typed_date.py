"""A date is read as a person types it, whole or not at all: never completed with a guess."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop_app.core.typed_date import Unread, part_order, read_typed_date


@pytest.mark.parametrize(
    ("display_format", "order"),
    [("M/d/yy", "Mdy"), ("dd/MM/yyyy", "dMy"), ("yyyy-MM-dd", "yMd"), ("d.M.yy", "dMy")],
)
def test_the_order_of_a_formats_parts(display_format: str, order: str) -> None:
    assert part_order(display_format) == order


def test_a_format_without_the_three_parts_is_refused() -> None:
    with pytest.raises(ValueError, match="not a day, month and year"):
        part_order("MM/yy")


@pytest.mark.parametrize(
    ("typed", "order"),
    [
        ("11/20/26", "Mdy"),
        ("11/20/2026", "Mdy"),
        ("112026", "Mdy"),
        ("11202026", "Mdy"),
        ("11-20-26", "Mdy"),
        (" 11 . 20 . 26 ", "Mdy"),
        ("20/11/2026", "dMy"),
        ("20/11/26", "dMy"),
        ("20112026", "dMy"),
        ("201126", "dMy"),
        ("2026-11-20", "yMd"),
        ("20261120", "yMd"),
    ],
)
def test_a_whole_date_with_or_without_separators(typed: str, order: str) -> None:
    assert read_typed_date(typed, order).day == date(2026, 11, 20)


def test_one_digit_day_and_month_with_separators() -> None:
    assert read_typed_date("1/5/26", "Mdy").day == date(2026, 1, 5)
    assert read_typed_date("1/5/26", "dMy").day == date(2026, 5, 1)


@pytest.mark.parametrize("typed", ["11", "11/20", "1120", "20/11/", "", "  ", "11202", "11/20/"])
def test_a_date_typed_in_part_is_a_part(typed: str) -> None:
    read = read_typed_date(typed, "Mdy")
    assert (read.day, read.unread) == (None, Unread.PART)


@pytest.mark.parametrize("typed", ["02/31/26", "13/01/26", "00/10/26", "02/29/2027"])
def test_a_day_no_calendar_has(typed: str) -> None:
    assert read_typed_date(typed, "Mdy").unread is Unread.NO_SUCH_DAY


@pytest.mark.parametrize(
    "typed", ["1/5/026", "1/5/2/26", "123/1/26", "1120202", "112020266", "11/20/26x", "11a20"]
)
def test_what_cannot_be_cut_into_a_date_without_a_guess(typed: str) -> None:
    read = read_typed_date(typed, "Mdy")
    assert (read.day, read.unread) == (None, Unread.NOT_A_DATE)


@given(
    st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31)),
    st.sampled_from(["Mdy", "dMy", "yMd"]),
)
def test_every_date_written_in_its_order_reads_back(day: date, order: str) -> None:
    parts = {"d": f"{day.day:02}", "M": f"{day.month:02}", "y": f"{day.year}"}
    written = [parts[letter] for letter in order]
    assert read_typed_date("/".join(written), order).day == day
    assert read_typed_date("".join(written), order).day == day

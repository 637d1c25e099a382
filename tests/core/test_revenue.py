"""The revenue chart's money axis, marked as a person reads one."""

from __future__ import annotations

from decimal import Decimal

from desktop_app.core.revenue import axis_marks


def test_a_charts_money_axis_is_marked_in_round_steps_from_zero() -> None:
    assert axis_marks([Decimal("12345"), Decimal("800")]) == [
        Decimal(n) for n in (0, 2500, 5000, 7500, 10000, 12500)
    ]
    assert axis_marks([Decimal("-500"), Decimal("1000")])[0] < 0  # a day of refunds shows


def test_a_chart_of_no_sales_still_has_an_axis() -> None:
    assert axis_marks([Decimal(0), Decimal(0)]) == [0, 1]
    assert axis_marks([]) == [0, 1]

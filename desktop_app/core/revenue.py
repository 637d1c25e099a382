"""Revenue by day: the service's billing records summed into one total per calendar day.

The interface says a billing record has a date and a total, not that a day has one record: a
service may keep one per store, per till or per payment method. The days are what a person
reads, so records of one day are summed into that day's row and bar, and the daily average is
per day, never per record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Protocol

from desktop_app.core.money import local_day


class BillingLike(Protocol):
    """What a billing record gives: when, and how much."""

    @property
    def date(self) -> datetime | date: ...

    @property
    def total(self) -> Decimal: ...


@dataclass(frozen=True, slots=True)
class DayRevenue:
    """One calendar day's revenue: its total, and how many records it sums."""

    day: date
    total: Decimal
    records: int


@dataclass(frozen=True, slots=True)
class RevenueSummary:
    """The days shown: how many, of how many records, their sum and the average per day."""

    days: int
    records: int
    total: Decimal
    daily_average: Decimal


def by_day(records: Iterable[BillingLike]) -> list[DayRevenue]:
    """The records summed per calendar day (a timestamp's day where the user is, a bare date
    as it is), oldest first."""
    totals: dict[date, Decimal] = {}
    counts: dict[date, int] = {}
    for record in records:
        day = local_day(record.date)
        totals[day] = totals.get(day, Decimal(0)) + record.total
        counts[day] = counts.get(day, 0) + 1
    return [DayRevenue(day, totals[day], counts[day]) for day in sorted(totals)]


def between(days: Sequence[DayRevenue], since: date, until: date) -> list[DayRevenue]:
    """The days from ``since`` to ``until``, both included."""
    return [day for day in days if since <= day.day <= until]


def summary(days: Sequence[DayRevenue]) -> RevenueSummary:
    """How many days and records, the sum, and the average per day (unrounded)."""
    total = sum((day.total for day in days), Decimal(0))
    average = total / len(days) if days else Decimal(0)
    return RevenueSummary(len(days), sum(day.records for day in days), total, average)


AXIS_STEPS = (Decimal(1), Decimal(2), Decimal("2.5"), Decimal(5))
"""The round steps of a chart's money axis, times a power of ten."""


def axis_marks(totals: Sequence[Decimal], most: int = 6) -> list[Decimal]:
    """Round amounts to mark a chart's money axis with, from zero (or the lowest total, when
    below it) to at least the highest total: at most ``most`` marks, each step 1, 2, 2.5 or 5
    times a power of ten (as a person reads an axis: 0, 5,000, 10,000…)."""
    low = min((*totals, Decimal(0)))
    high = max((*totals, Decimal(0)))
    span = high - low
    if span <= 0 or not span.is_finite():
        return [Decimal(0), Decimal(1)]
    power = Decimal(10) ** (span / (most - 1)).adjusted()
    step = next(
        (power * s for s in (*AXIS_STEPS, Decimal(10)) if span / (power * s) <= most - 1),
        power * 10,
    )
    first = (low / step).to_integral_value(rounding="ROUND_FLOOR") * step
    marks = [first]
    while marks[-1] < high:
        marks.append(marks[-1] + step)
    return marks

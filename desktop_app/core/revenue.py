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

"""What a person asks of a list of orders: each order's status, the filter, the totals line."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from desktop_app.core.money import local_day
from desktop_app.core.text import fold

if TYPE_CHECKING:  # keeps the GUI's first paint free of httpx and pydantic imports
    from desktop_app.api.models import Order


class OrderStatus(enum.Enum):
    """Where an order stands, from its amount and what was paid."""

    OPEN = "open"
    PARTLY_PAID = "partly_paid"
    PAID = "paid"


def status_of(order: Order) -> OrderStatus:
    """The status of ``order``."""
    paid = order.amount_paid
    if paid <= 0:
        return OrderStatus.OPEN
    if paid < order.amount:
        return OrderStatus.PARTLY_PAID
    return OrderStatus.PAID


@dataclass(frozen=True, slots=True)
class OrderFilter:
    """What the person asked to see. Empty fields match everything.

    ``text`` is found in the customer's or seller's name (case and accents ignored) or the
    order's number; ``amount`` (what the text reads as, typed the locale's way) finds orders of
    that amount, amount paid or balance due: either one is enough."""

    text: str = ""
    amount: Decimal | None = None
    order_ids: frozenset[int] | None = None  # only these orders (those invoiced here)
    status: OrderStatus | None = None
    since: date | None = None
    until: date | None = None
    seller_id: str = ""
    customer_id: str = ""

    def matches(self, order: Order) -> bool:
        """Whether ``order`` is shown."""
        if self.status is not None and status_of(order) is not self.status:
            return False
        if self.order_ids is not None and order.order_id not in self.order_ids:
            return False
        if self.seller_id and order.seller_id != self.seller_id:
            return False
        if self.customer_id and order.customer_id != self.customer_id:
            return False
        if self.since or self.until:
            if order.create_date is None:
                return False
            day = local_day(order.create_date)
            if (self.since and day < self.since) or (self.until and day > self.until):
                return False
        if self.text:
            needle = fold(self.text)
            return (
                needle in fold(order.customer_name)
                or needle in fold(order.seller_name)
                or needle in str(order.order_id)
                or self.amount in (order.amount, order.amount_paid, order.balance_due)
            )
        return True


EVERYTHING = OrderFilter()


@dataclass(frozen=True, slots=True)
class Totals:
    """The totals line of what is shown."""

    count: int
    amount: Decimal
    paid: Decimal
    balance_due: Decimal

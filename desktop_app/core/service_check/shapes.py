"""How the service writes what the interface leaves open, seen in its answers as written: where
its timestamps keep their zone, whether money is numbers or strings (or binary floating point's
sums), which fields come back null or not at all. Facts only; ``findings`` turns them into the
check's findings, with what the app does with each."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from desktop_app.api import models, routes


@dataclass(frozen=True, slots=True)
class Fields:
    """The fields of one list's elements the check looks at, by kind."""

    times: tuple[str, ...] = ()
    money: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()  # shown as not given when null or missing
    paid: tuple[str, ...] = ()  # null: nothing paid
    counts: tuple[str, ...] = ()  # null: one installment


FIELDS = {
    routes.STORES: Fields(texts=("name",)),
    routes.SELLERS: Fields(texts=("name",)),
    routes.BILLINGS: Fields(times=("date",), money=("total",)),
    routes.CUSTOMERS: Fields(texts=("name", "document")),
    routes.PRODUCTS: Fields(texts=("name", "manufacturerCode")),
    routes.ORDERS: Fields(
        times=("createDate",),
        money=("amount", "amountPaid"),
        texts=("customerName", "sellerName", "billingName", "planName"),
        paid=("amountPaid",),
        counts=("installments",),
    ),
    routes.PAYMENTS: Fields(
        times=("payDate",),
        money=("amount",),
        texts=("card", "flagName", "type", "nsu", "auth"),
        counts=("installments",),
    ),
}
"""What is looked at in each list (the interface's names)."""

_CLOCK = r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?"
_UTC = re.compile(_CLOCK + r"(?:[Zz]|[+-]00(?::?00)?)")
_OFFSET = re.compile(_CLOCK + r"([+-]\d{2}(?::?\d{2})?)")
_NAIVE = re.compile(_CLOCK)
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(slots=True)
class Times:
    """How one timestamp field is written, counted: ``offsets`` by the offset written."""

    utc: int = 0
    offsets: Counter[str] = field(default_factory=Counter)
    naive: int = 0
    days: int = 0
    numbers: int = 0
    naive_example: str = ""


@dataclass(slots=True)
class Money:
    """How amounts are written, over every list."""

    numbers: int = 0
    strings: int = 0
    noisy: int = 0  # within float noise of a cent: read as that cent
    string_example: str = ""
    noisy_example: str = ""


@dataclass(slots=True)
class ListShape:
    """One list as written: its elements, and per field how many are null or missing."""

    total: int = 0
    not_given: Counter[str] = field(default_factory=Counter)  # texts null or missing
    null_paid: Counter[str] = field(default_factory=Counter)
    null_counts: Counter[str] = field(default_factory=Counter)


@dataclass(slots=True)
class Survey:
    """What the answers looked at say, gathered as each comes."""

    times: dict[str, Times] = field(default_factory=dict)  # by field
    money: Money = field(default_factory=Money)

    def look(self, route: str, values: Iterable[Any]) -> ListShape:
        """Look at a list's elements (as JSON gave them); the list's own shape."""
        fields = FIELDS.get(route, Fields())
        shape = ListShape()
        for value in values:
            if not isinstance(value, dict):
                continue  # the app's reading says why it is not read
            shape.total += 1
            for name in fields.texts:
                if not isinstance(value.get(name), str) or not value[name].strip():
                    shape.not_given[name] += 1
            for name in fields.paid:
                if value.get(name, 0) is None:
                    shape.null_paid[name] += 1
            for name in fields.counts:
                if value.get(name, 1) is None:
                    shape.null_counts[name] += 1
            for name in fields.times:
                if name in value:
                    self._time(name, value[name])
            for name in fields.money:
                if name in value:
                    self._amount(value[name])
        return shape

    def _time(self, name: str, written: object) -> None:
        times = self.times.setdefault(name, Times())
        if isinstance(written, int | float) and not isinstance(written, bool):
            times.numbers += 1
        elif not isinstance(written, str):
            return
        elif _UTC.fullmatch(written):
            times.utc += 1
        elif offset := _OFFSET.fullmatch(written):
            times.offsets[offset.group(1)] += 1
        elif _NAIVE.fullmatch(written):
            times.naive += 1
            times.naive_example = times.naive_example or written
        elif _DAY.fullmatch(written):
            times.days += 1

    def _amount(self, written: object) -> None:
        money = self.money
        if isinstance(written, str):
            money.strings += 1
            money.string_example = money.string_example or written
        elif isinstance(written, int | float) and not isinstance(written, bool):
            money.numbers += 1
        else:
            return
        try:
            exact = Decimal(repr(written)) if type(written) is float else Decimal(written)
        except (InvalidOperation, ValueError):
            return
        exponent = exact.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -2 and models.to_cent(exact) is not None:
            money.noisy += 1
            money.noisy_example = money.noisy_example or str(written)

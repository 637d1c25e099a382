"""The answers of the dialects that read data otherwise: times, money, gaps and revenue as a
NestJS + TypeORM service may write them (see :mod:`desktop_app.sandbox.dialects`).

The sandbox builds its answers in SQLite as its own reading writes them; under one of these
dialects an answer is decoded, rewritten here, and encoded again. Slower, and only ever asked
for by tests, training and demos of another service: the default answers are untouched.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import orjson
from fastapi.responses import Response

from desktop_app.sandbox.dialects import Dialect, Dialects

SERVICE_ZONE = ZoneInfo("America/Sao_Paulo")
"""The zone a service of a Brazilian store keeps its clock in."""

RESHAPING = frozenset(
    {
        Dialect.ZONED_TIMES, Dialect.NAIVE_TIMES, Dialect.BARE_DATES, Dialect.TEXT_MONEY,
        Dialect.FLOAT_SUMS, Dialect.NULLS, Dialect.BILLING_PER_STORE,
    }
)  # fmt: skip
"""The dialects that rewrite answers (the others change statuses, tokens and errors)."""

_TIME_FIELDS = ("createDate", "payDate", "issueDate", "date")
_MONEY_FIELDS = ("amount", "amountPaid", "total")


def reshapes(dialects: Dialects) -> bool:
    """Whether answers are rewritten under ``dialects``."""
    return not RESHAPING.isdisjoint(dialects)


def answer(
    body: bytes, dialects: Dialects, conn: sqlite3.Connection, kind: str, status: int = 200
) -> Response:
    """The answer of ``body`` (JSON of ``kind``), rewritten as ``dialects`` write it."""
    if reshapes(dialects):
        body = rewritten(body, dialects, conn, kind)
    return Response(body, status_code=status, media_type="application/json")


def rewritten(body: bytes, dialects: Dialects, conn: sqlite3.Connection, kind: str) -> bytes:
    """``body`` (a JSON object or array of ``kind``: orders, payments, billings, invoice) as
    ``dialects`` write it."""
    value = orjson.loads(body)
    rows = value if isinstance(value, list) else [value]
    if kind == "billings" and Dialect.BILLING_PER_STORE in dialects:
        rows = _per_store(rows, conn)
    if kind == "orders" and Dialect.FLOAT_SUMS in dialects:
        _float_sums(rows, conn)
    for row in rows:
        _rewrite(row, dialects, kind)
    return orjson.dumps(rows if isinstance(value, list) else rows[0])


def _rewrite(row: dict[str, Any], dialects: Dialects, kind: str) -> None:
    for field in _TIME_FIELDS:
        if isinstance(row.get(field), str):
            row[field] = _moment(row[field], dialects, bare=kind == "billings")
    if Dialect.TEXT_MONEY in dialects:
        for field in _MONEY_FIELDS:
            if isinstance(row.get(field), int | float):
                row[field] = _text(row[field])
    if Dialect.NULLS in dialects:
        _gaps(row, kind)


def _moment(text: str, dialects: Dialects, *, bare: bool) -> str:
    """A UTC timestamp as the dialects write it: with the service's offset, with no zone (the
    service's wall clock), or, for a day's record, as only the date."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)
    local = moment.astimezone(SERVICE_ZONE)
    if bare and Dialect.BARE_DATES in dialects:
        return moment.date().isoformat()  # the day the record is for (kept at its midnight)
    if Dialect.NAIVE_TIMES in dialects:
        return local.replace(tzinfo=None).isoformat(timespec="milliseconds")
    if Dialect.ZONED_TIMES in dialects:
        return local.isoformat(timespec="milliseconds")
    return text


def _text(number: float) -> str | float:
    """An amount as text with two decimals (a float's noise is kept as it is: written whole)."""
    exact = Decimal(repr(number))
    return f"{exact:.2f}" if exact == exact.quantize(Decimal("0.01")) else repr(number)


def _gaps(row: dict[str, Any], kind: str) -> None:
    """Nulls where a value is optional: walk-in orders (no customer), orders with no plan or no
    seller named, and payments recorded as Pix (no card, brand nor installments)."""
    if kind == "orders":
        number = int(row.get("orderId") or 0)
        if number % 7 == 3:
            row["customerId"] = row["customerName"] = None
        if number % 11 == 5:
            row["planId"] = row["planName"] = None
        if number % 13 == 6:
            row["sellerName"] = None
    elif kind == "payments" and str(row.get("type", "")).casefold() == "pix":
        row.update(card=None, flagName=None, installments=None)


def _float_sums(rows: list[dict[str, Any]], conn: sqlite3.Connection) -> None:
    """Each order's amount paid as the sum of its payments in binary floating point, as a
    service that sums a float column writes it (``4986.8099999999995``)."""
    ids = {int(row["orderId"]) for row in rows}
    parts: dict[int, list[int]] = {}
    for order_id, cents in conn.execute("SELECT order_id, amount_cents FROM payments ORDER BY id"):
        if order_id in ids:
            parts.setdefault(order_id, []).append(cents)
    for row in rows:
        paid = parts.get(int(row["orderId"]))
        if paid:
            row["amountPaid"] = _float_sum(paid)


def _float_sum(cents: Iterable[int]) -> float:
    total = 0.0
    for part in cents:
        total += part / 100
    return total


def _per_store(rows: list[dict[str, Any]], conn: sqlite3.Connection) -> list[dict[str, Any]]:
    """Each day's record as one record per store, their totals summing to the day's."""
    stores = [store for (store,) in conn.execute("SELECT id FROM stores ORDER BY id")] or ["001"]
    split: list[dict[str, Any]] = []
    for row in rows:
        total = round(Decimal(repr(row["total"])) * 100)
        share, left = divmod(total, len(stores))
        for index, store in enumerate(stores):
            cents = share + (left if index == 0 else 0)
            split.append(
                {**row, "id": f"{row['id']}-{store}", "storeId": store, "total": cents / 100}
            )
    return split

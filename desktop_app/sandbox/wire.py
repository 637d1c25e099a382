"""The service's answers as bytes: JSON that SQLite writes, the one error shape, exact money.

Every route answers through here, so an error always reads ``{"statusCode", "message",
"error"}`` (with any card number in its message redacted) and money is always two decimals
written from whole cents, never through a float.
"""

from __future__ import annotations

from decimal import Decimal
from http import HTTPStatus
from typing import Annotated, Any

import orjson
from fastapi import Depends, Request
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from desktop_app.sandbox.cards import redact
from desktop_app.sandbox.db import Database


class ServiceError(HTTPException):
    """An error answer in the service's one shape."""


def error_json(status: int, message: str | list[str]) -> Response:
    """The one error shape; never an echo of a card number, whatever a message quotes."""
    message = redact(message) if isinstance(message, str) else [redact(m) for m in message]
    body = {"statusCode": status, "message": message, "error": HTTPStatus(status).phrase}
    return Response(orjson.dumps(body), status_code=status, media_type="application/json")


def json_answer(payload: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(payload), status_code=status, media_type="application/json")


def database(request: Request) -> Database:
    """The app's database (a FastAPI dependency)."""
    db: Database = request.app.state.db
    return db


Db = Annotated[Database, Depends(database)]


def json_array(db: Database, sql: str, *params: Any) -> Response:
    """An answer whose body SQLite built (``json_group_array``) in one query."""
    row = db.connect().execute(sql, params).fetchone()
    body = (row[0] if row and row[0] is not None else "[]").encode()
    return Response(body, media_type="application/json")


def money_sql(column: str) -> str:
    """Cents as a JSON number with two decimals, written by SQLite itself (no float rounding)."""
    return f"json(printf('%d.%02d', {column} / 100, {column} % 100))"


def cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_value())


def money(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


ORDER_JSON = f"""json_object(
    'createDate', create_date, 'storeId', store_id, 'orderId', order_id,
    'customerId', customer_id, 'customerName', customer_name,
    'sellerId', seller_id, 'sellerName', seller_name,
    'billingId', billing_id, 'billingName', billing_name,
    'planId', plan_id, 'planName', plan_name,
    'amount', {money_sql("amount_cents")}, 'installments', installments,
    'amountPaid', {money_sql("amount_paid_cents")})"""

PAYMENT_JSON = f"""json_object(
    'orderId', order_id, 'payDate', pay_date, 'card', card, 'installments', installments,
    'flagName', flag_name, 'type', type, 'amount', {money_sql("amount_cents")},
    'userId', user_id, 'nsu', nsu, 'auth', auth)"""

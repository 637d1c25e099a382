"""``orders-payment``: a store's orders, an order's payments, and the two writes (a payment, an
invoice), each checked against the order inside one SQLite transaction.

Create payment answers 201 with the payment as the list shows it; create invoice answers 201
with the invoice record (number, series, issueDate, orderId, amount, accessKey). An unknown
store, order or payment list is a 404; a slip already recorded, or an order already invoiced,
is a 400. The dialects ``empty-create`` and ``conflict`` answer these as other services do.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from desktop_app.sandbox.auth import Principal
from desktop_app.sandbox.dialect_answers import answer, reshapes
from desktop_app.sandbox.dialects import Dialect, Dialects, Speaks
from desktop_app.sandbox.guards import refuse_card_numbers, segment
from desktop_app.sandbox.nfe import access_key
from desktop_app.sandbox.order_list import OrderListResponse
from desktop_app.sandbox.routes.sign_in import User
from desktop_app.sandbox.schemas import InvoiceOut, OrderOut, PaymentOut, answers
from desktop_app.sandbox.wire import (
    ORDER_JSON,
    PAYMENT_JSON,
    Db,
    ServiceError,
    cents,
    json_array,
    money,
)

MAX_ID = 2**63 - 1  # SQLite's INTEGER
MAX_AMOUNT = Decimal("1e13")  # ten trillion: beyond any order, and inside exact cents
OrderNumber = Annotated[int, Path(ge=0, le=MAX_ID, description="order identifier")]
MASKED_CARD = re.compile(r"^[*xX•#\s.-]*[0-9]{4}$")
ISSUER_CNPJ = "12345678000195"

router = APIRouter(prefix="/orders-payment", tags=["orders-payment"])


class NewPaymentBody(BaseModel):
    """The create-payment body as the interface document spells it."""

    model_config = ConfigDict(extra="ignore")

    orderId: StrictInt = Field(ge=0, le=MAX_ID)  # noqa: N815 - the wire's name
    card: str = Field(max_length=32, pattern=MASKED_CARD.pattern)
    auth: str = Field(min_length=1, max_length=32)
    nsu: str = Field(min_length=1, max_length=32)
    installments: StrictInt = Field(ge=1, le=99)
    amount: Decimal = Field(
        gt=0, lt=MAX_AMOUNT, decimal_places=2, json_schema_extra={"type": "number"}
    )
    flagName: str = Field(max_length=40)  # noqa: N815
    paymentType: str = Field(max_length=40)  # noqa: N815
    userId: StrictInt = Field(ge=0, le=MAX_ID)  # noqa: N815

    @field_validator("amount", mode="before")
    @classmethod
    def _number(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
            raise ValueError("amount must be a JSON number")
        try:
            return Decimal(str(value))
        except InvalidOperation as error:
            raise ValueError("amount must be a finite number") from error


class NewInvoiceBody(BaseModel):
    """The create-invoice body."""

    model_config = ConfigDict(extra="ignore")

    orderId: StrictInt = Field(ge=0, le=MAX_ID)  # noqa: N815
    userId: StrictInt = Field(ge=0, le=MAX_ID)  # noqa: N815


@router.get("/orders/{id}", responses=answers(list[OrderOut], 400, 401, 404))
def orders(id: str, _: User, db: Db, request: Request, dialects: Speaks) -> Response:
    id = segment(id)
    if db.connect().execute("SELECT 1 FROM stores WHERE id = ?", (id,)).fetchone() is None:
        raise ServiceError(404, f"Store {id} not found")
    listed = request.app.state.order_lists.get(id)
    if reshapes(dialects):  # the cached body, rewritten as another service writes it
        return answer(b"".join(listed.pieces), dialects, db.connect(), "orders")
    return OrderListResponse(listed)


@router.get("/orders/{id}/{orderId}", responses=answers(OrderOut, 400, 401, 404))
def order(id: str, orderId: OrderNumber, _: User, db: Db, dialects: Speaks) -> Response:  # noqa: N803
    id = segment(id)
    row = (
        db.connect()
        .execute(
            f"SELECT {ORDER_JSON} FROM orders WHERE store_id = ? AND order_id = ?", (id, orderId)
        )
        .fetchone()
    )
    if row is None:
        raise ServiceError(404, f"Order {orderId} not found in store {id}")
    return answer(row[0].encode(), dialects, db.connect(), "orders")


@router.get("/payments/{id}", responses=answers(list[PaymentOut], 400, 401, 404))
def payments(id: OrderNumber, _: User, db: Db, dialects: Speaks) -> Response:
    conn = db.connect()
    if conn.execute("SELECT 1 FROM orders WHERE order_id = ?", (id,)).fetchone() is None:
        raise ServiceError(404, f"Order {id} not found")
    listed = json_array(
        db,
        f"SELECT json_group_array({PAYMENT_JSON}) FROM"
        " (SELECT * FROM payments WHERE order_id = ? ORDER BY pay_date, id)",
        id,
    )
    return answer(bytes(listed.body), dialects, conn, "payments")


@router.post(
    "/payments/create",
    status_code=201,
    responses=answers(PaymentOut, 400, 401, 403, 404, status=201),
)
def create_payment(
    body: NewPaymentBody, user: User, db: Db, request: Request, dialects: Speaks
) -> Response:
    _refuse_another_user(body.userId, user)
    if not card_is_masked(body.card):
        raise ServiceError(400, "card must show only its last four digits")
    refuse_card_numbers(body)
    if body.amount <= 0:
        raise ServiceError(400, "amount must be positive")
    if body.amount != body.amount.quantize(Decimal("0.01")):
        raise ServiceError(400, "amount has at most two decimals")
    conn = db.connect()
    conn.execute("BEGIN IMMEDIATE")  # one writer at a time: no two payments pass one check
    try:
        _check_payment_fits(conn, body, dialects, request.app.state.faults.accept_duplicates)
        created = _record_payment(conn, body)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    if Dialect.EMPTY_CREATE in dialects:
        return Response(status_code=201)
    return answer(created.encode(), dialects, conn, "payments", 201)


def _refuse_another_user(user_id: int, user: Principal) -> None:
    """A create names the user who signed in: another user's number is refused (403). A token
    with no number of its own (a UUID subject) cannot be checked, and is not."""
    if user.user_id is not None and user_id != user.user_id:
        raise ServiceError(403, f"userId {user_id} is not the signed-in user's ({user.user_id})")


def _check_payment_fits(
    conn: sqlite3.Connection,
    body: NewPaymentBody,
    dialects: Dialects,
    accept_duplicates: bool = False,
) -> None:
    """Refuse a payment its order cannot take: unknown, over the balance, beyond the plan's
    installments, or a second one with the same NSU and authorization code (unless the fault
    switch ``accept_duplicates`` is on)."""
    row = conn.execute(
        "SELECT amount_cents, amount_paid_cents, installments FROM orders WHERE order_id = ?",
        (body.orderId,),
    ).fetchone()
    if row is None:
        raise ServiceError(404, f"Order {body.orderId} not found")
    amount, paid, max_installments = row
    if cents(body.amount) > amount - paid:
        raise ServiceError(
            400, f"amount {body.amount} exceeds the balance due {money(amount - paid)}"
        )
    if not 1 <= body.installments <= max_installments:
        raise ServiceError(400, f"installments must be between 1 and {max_installments}")
    if accept_duplicates:
        return
    duplicate = conn.execute(
        "SELECT 1 FROM payments WHERE order_id = ? AND nsu = ? AND auth = ?",
        (body.orderId, body.nsu, body.auth),
    ).fetchone()
    if duplicate is not None and Dialect.CONFLICT in dialects:
        raise ServiceError(409, "Payment already registered")
    if duplicate is not None:
        raise ServiceError(
            400, "a payment with this NSU and authorization code is already recorded"
        )


def _record_payment(conn: sqlite3.Connection, body: NewPaymentBody) -> str:
    """Write the payment and the order's new amount paid; the payment's JSON as listed."""
    pay_date = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    amount = cents(body.amount)
    cursor = conn.execute(
        "INSERT INTO payments (order_id, pay_date, card, installments, flag_name, type,"
        " amount_cents, user_id, nsu, auth) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (body.orderId, pay_date, mask(body.card), body.installments, body.flagName,
         body.paymentType, amount, str(body.userId), body.nsu, body.auth),
    )  # fmt: skip
    conn.execute(
        "UPDATE orders SET amount_paid_cents = amount_paid_cents + ? WHERE order_id = ?",
        (amount, body.orderId),
    )
    created: str = conn.execute(
        f"SELECT {PAYMENT_JSON} FROM payments WHERE id = ?", (cursor.lastrowid,)
    ).fetchone()[0]
    return created


@router.post(
    "/invoice/create",
    status_code=201,
    responses=answers(InvoiceOut, 400, 401, 403, 404, status=201),
)
def create_invoice(body: NewInvoiceBody, user: User, db: Db, dialects: Speaks) -> Response:
    refuse_card_numbers(body)
    _refuse_another_user(body.userId, user)
    if "manager" not in user.roles:
        raise ServiceError(403, "Only a manager may issue invoices")
    conn = db.connect()
    conn.execute("BEGIN IMMEDIATE")
    try:
        row = conn.execute(
            "SELECT amount_cents, amount_paid_cents FROM orders WHERE order_id = ?",
            (body.orderId,),
        ).fetchone()
        if row is None:
            raise ServiceError(404, f"Order {body.orderId} not found")
        amount, paid = row
        if paid < amount:
            raise ServiceError(400, f"the order still has a balance due of {money(amount - paid)}")
        if conn.execute("SELECT 1 FROM invoices WHERE order_id = ?", (body.orderId,)).fetchone():
            status = 409 if Dialect.CONFLICT in dialects else 400
            raise ServiceError(status, f"order {body.orderId} is already invoiced")
        issued = datetime.now(UTC).replace(microsecond=0)
        number = conn.execute("SELECT coalesce(max(number), 0) + 1 FROM invoices").fetchone()[0]
        key = access_key(issued, ISSUER_CNPJ, "1", number, body.orderId)
        conn.execute(
            "INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?, ?)",
            (number, body.orderId, "1", issued.strftime("%Y-%m-%dT%H:%M:%SZ"), amount, key,
             body.userId),
        )  # fmt: skip
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    record = {
        "number": number,
        "series": "1",
        "issueDate": issued.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "orderId": body.orderId,
        "amount": float(money(amount)),
        "accessKey": key,
    }
    if Dialect.EMPTY_CREATE in dialects:
        return Response(status_code=204)
    return answer(orjson.dumps(record), dialects, conn, "invoice", 201)


def card_is_masked(card: str) -> bool:
    """Mask characters, then exactly the last four digits: anything more is a card number."""
    return MASKED_CARD.fullmatch(card.strip()) is not None


def mask(card: str) -> str:
    return "*" * 12 + card.strip()[-4:]

"""The sandbox service: every endpoint of ``shared/interface-spec.md`` over SQLite.

Written from the interface document alone; it imports nothing of the app's client, so a wrong
field name in one of them cannot hide behind a shared model.

Choices where the interface is silent (documented here and in the README):
* Errors are ``{"statusCode", "message", "error"}`` everywhere; validation errors are 400.
* Searches return at most :data:`SEARCH_LIMIT` rows; customers match a name (no case, no
  accents, any part) or document characters (punctuation ignored); products match a name, a
  manufacturer code or a barcode, exact code matches first.
* Create payment answers 201 with the payment as the list shows it; create invoice answers 201
  with the invoice record (number, series, issueDate, orderId, amount, accessKey).
* An unknown store, order or payment list is a 404.
* A path parameter is exactly one segment, whatever it holds: an encoded ``/`` (``%2F``) is part
  of it (a formatted CNPJ ``12.345.678/0001-95`` is one search), never a route separator.
* A search filter is at most :data:`MAX_FILTER` characters; a request body at most
  :data:`MAX_BODY_BYTES` (413, unread beyond its declared length) that arrives within
  :data:`MAX_BODY_SECONDS` (408); a full card number in any field of a payment or any part of
  an address is refused (400), and never echoed in an answer or written to the log.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import re
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from http import HTTPStatus
from typing import Annotated, Any
from urllib.parse import unquote

import orjson
from fastapi import Depends, FastAPI, Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator
from starlette.exceptions import HTTPException

from desktop_app.sandbox import auth
from desktop_app.sandbox.cards import has_card_number, redact
from desktop_app.sandbox.db import Database, document_key, search_key
from desktop_app.sandbox.faults import FaultMiddleware, Faults
from desktop_app.sandbox.nfe import access_key
from desktop_app.sandbox.schemas import (
    BillingOut,
    CustomerOut,
    InvoiceOut,
    OrderOut,
    PaymentOut,
    ProductOut,
    SellerOut,
    StoreOut,
    TokenOut,
    answers,
)

log = logging.getLogger("desktop_app.sandbox")

SEARCH_LIMIT = 200
MAX_ID = 2**63 - 1  # SQLite's INTEGER
MAX_AMOUNT = Decimal("1e13")  # ten trillion: beyond any order, and inside exact cents
OrderNumber = Annotated[int, Path(ge=0, le=MAX_ID, description="order identifier")]
MASKED_CARD = re.compile(r"^[*xX•#\s.-]*[0-9]{4}$")
ISSUER_CNPJ = "12345678000195"
PREFIX = "/api/v1"
MAX_FILTER = 200
"""Characters of a search: any name or document fits; SQLite's LIKE refuses ~50,000."""
MAX_BODY_BYTES = 64 * 1024
"""A payment or invoice body is under 300 bytes."""
MAX_BODY_SECONDS = 15.0
"""A body of 300 bytes arrives in a millisecond; one still incomplete after this is not coming."""
CARD_REFUSED = "a full card number is never accepted, in any field"
SLASH_IN_SEGMENT = "\ue000"
"""Stands for an encoded ``/`` inside a path segment while routing (see :class:`OneSegment`)."""


class ServiceError(HTTPException):
    """An error answer in the service's one shape."""


class OneSegment:
    """ASGI middleware: route on segments as they were sent, so ``%2F`` stays inside one.

    Starlette routes on the decoded path, where ``a%2Fb`` has become two segments. Here each
    segment of the raw path is decoded on its own, with a ``/`` it holds replaced by a private
    character the handlers turn back (:func:`segment`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        raw = scope.get("raw_path")
        if scope["type"] == "http" and raw and b"%2f" in raw.lower():
            parts = raw.split(b"?", 1)[0].split(b"/")
            decoded = [unquote(part.decode("latin-1")) for part in parts]
            scope = dict(scope, path="/".join(p.replace("/", SLASH_IN_SEGMENT) for p in decoded))
        await self.app(scope, receive, send)


class BodyLimit:
    """ASGI middleware: a request body over :data:`MAX_BODY_BYTES` is refused, unread, and one
    that takes longer than ``seconds`` to arrive is given up (408).

    A declared length over the limit is answered at once; a body sent in chunks is counted as
    it is read and refused the moment it passes the limit (nothing more of it is read). A body
    shorter than its declared length would otherwise hold its connection open for ever."""

    def __init__(self, app: Any, seconds: float = MAX_BODY_SECONDS) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await _error_json(413, _too_large())(scope, receive, send)
            return
        received = 0
        deadline: float | None = None
        whole = False  # the body is all here: later reads (a disconnect) take their time

        async def counted() -> Any:
            nonlocal received, deadline, whole
            if whole:
                return await receive()
            loop = asyncio.get_running_loop()
            deadline = deadline or loop.time() + self.seconds
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                # The rest of the body is not coming: the connection goes with the answer.
                raise ServiceError(
                    408, _too_slow(self.seconds), headers={"Connection": "close"}
                ) from None
            whole = message.get("type") != "http.request" or not message.get("more_body")
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise ServiceError(413, _too_large())
            return message

        await self.app(scope, counted, send)


def _too_large() -> str:
    return f"a request body is at most {MAX_BODY_BYTES} bytes"


def _too_slow(seconds: float) -> str:
    return f"the request body did not arrive within {seconds:g} s"


class NoCardNumbers:
    """ASGI middleware: a full card number anywhere in a request's address is refused (400)
    before any route sees it, so no answer, list or error message can echo it.

    Each path segment and each query value is read on its own (a store and an order number
    side by side are two values, not one long number); a customer search may be a CNPJ and
    a product search a barcode (see :mod:`desktop_app.sandbox.cards`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and _address_has_card(scope):
            await _error_json(400, CARD_REFUSED)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _address_has_card(scope: Any) -> bool:
    raw = scope.get("raw_path") or scope["path"].encode()
    segments = raw.decode("utf-8", "replace").split("?", 1)[0].split("/")
    for index, part in enumerate(segments):
        after = segments[index - 1] if index else ""
        if has_card_number(part, documents=after == "customers", barcodes=after == "products"):
            return True
    query = scope.get("query_string", b"").decode("utf-8", "replace")
    return any(has_card_number(value) for value in re.split(r"[&=]", query))


def segment(value: str) -> str:
    """A path parameter as the client sent it (an encoded ``/`` included)."""
    return value.replace(SLASH_IN_SEGMENT, "/")


def _search_text(value: str) -> str:
    text = segment(value).strip()
    if len(text) > MAX_FILTER:
        raise ServiceError(400, f"a search is at most {MAX_FILTER} characters")
    return text


def _error_json(status: int, message: str | list[str]) -> Response:
    # Never an echo of a card number, whatever a message quotes.
    message = redact(message) if isinstance(message, str) else [redact(m) for m in message]
    body = {"statusCode": status, "message": message, "error": HTTPStatus(status).phrase}
    return Response(orjson.dumps(body), status_code=status, media_type="application/json")


def _json(payload: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(payload), status_code=status, media_type="application/json")


def _money_sql(column: str) -> str:
    # Cents as a JSON number with two decimals, written by SQLite itself (no float rounding).
    return f"json(printf('%d.%02d', {column} / 100, {column} % 100))"


def _cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_value())


def _money(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


ORDER_JSON = f"""json_object(
    'createDate', create_date, 'storeId', store_id, 'orderId', order_id,
    'customerId', customer_id, 'customerName', customer_name,
    'sellerId', seller_id, 'sellerName', seller_name,
    'billingId', billing_id, 'billingName', billing_name,
    'planId', plan_id, 'planName', plan_name,
    'amount', {_money_sql("amount_cents")}, 'installments', installments,
    'amountPaid', {_money_sql("amount_paid_cents")})"""

PAYMENT_JSON = f"""json_object(
    'orderId', order_id, 'payDate', pay_date, 'card', card, 'installments', installments,
    'flagName', flag_name, 'type', type, 'amount', {_money_sql("amount_cents")},
    'userId', user_id, 'nsu', nsu, 'auth', auth)"""


PIECE_BYTES = 1 << 20
"""A store's cached answer is kept in pieces of about this size, each starting at an order."""
_ORDER_START = b',{"createDate":'


class OrderListBody:
    """A store's order list as JSON, in pieces of about :data:`PIECE_BYTES` cut between orders
    (views of the one body SQLite built: no copy), with the first order number of each.

    A payment changes one order: only the piece that holds it is copied with the order's new
    text. Patching one body of 336 MB (a million orders) cost a fresh copy of all of it, 0.7 s
    in this machine's memory; a piece costs a millisecond.
    """

    def __init__(self, pieces: list[bytes | memoryview], first_ids: list[int]) -> None:
        self.pieces = pieces
        self.first_ids = first_ids

    @classmethod
    def cut(cls, body: bytes, piece_bytes: int = PIECE_BYTES) -> OrderListBody:
        """``body`` (a JSON array of orders sorted by number) in pieces."""
        whole = memoryview(body)
        starts = [0]
        at = piece_bytes
        while at < len(body):
            cut = body.find(_ORDER_START, at)
            if cut < 0:
                break
            starts.append(cut)
            at = cut + piece_bytes
        ends = [*starts[1:], len(body)]
        first_ids = []
        for start in starts:
            at = body.find(b'"orderId":', start) + 10
            number = re.match(rb"\d+", body[at : at + 20])  # 20 bytes, not the rest of the body
            first_ids.append(int(number.group()) if number else -1)
        return cls([whole[a:b] for a, b in zip(starts, ends, strict=True)], first_ids)

    def __len__(self) -> int:
        return sum(len(piece) for piece in self.pieces)

    def patched(self, order_id: int, text: bytes) -> OrderListBody | None:
        """This body with order ``order_id``'s JSON replaced by ``text`` (None: not found)."""
        index = bisect.bisect_right(self.first_ids, order_id) - 1
        if index < 0:
            return None
        piece = bytes(self.pieces[index])
        at = piece.find(b'"orderId":%d,' % order_id)
        start = piece.rfind(b'{"createDate":', 0, at)
        if at < 0 or start < 0:
            return None
        end = piece.find(_ORDER_START, at)
        if end < 0:  # the piece's last order: up to the next piece, or to the list's "]"
            end = len(piece) - (1 if index == len(self.pieces) - 1 else 0)
        pieces = list(self.pieces)
        pieces[index] = b"".join((piece[:start], text, piece[end:]))
        return OrderListBody(pieces, self.first_ids)


class OrderListResponse(Response):
    """An :class:`OrderListBody` sent a piece at a time, with its whole length declared."""

    def __init__(self, body: OrderListBody) -> None:
        super().__init__(media_type="application/json")
        self._pieces = body.pieces
        self.raw_headers = [
            *((k, v) for k, v in self.raw_headers if k != b"content-length"),
            (b"content-length", str(len(body)).encode()),
        ]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await send(
            {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
        )
        last = len(self._pieces) - 1
        for index, piece in enumerate(self._pieces):
            await send({"type": "http.response.body", "body": piece, "more_body": index < last})


class OrderListCache:
    """The JSON of each store's order list, kept current as orders change.

    Building 100,000 orders takes SQLite about 0.45 s (a million, 4 s) while sending them takes
    a fraction of that; the list is the hot read of every till. A trigger bumps
    ``orders_version`` on any change to ``orders`` (whichever process makes it) and notes the
    order in ``order_changes``. A cached answer whose version is behind is brought up to date
    in place: each changed order's JSON, read again, replaces its old text in the piece that
    holds it (found by its ``"orderId":N,``, which cannot occur inside a JSON string, where
    every quote is escaped). When the notes do not account for every version (pruned, or an
    order came or went), the list is built again. The version is read before the rows, so a
    write in between leaves rows newer than their version: the next request brings them up to
    date again, and a stale list is never served.
    """

    MAX_STORES = 4
    MAX_PATCHES = 50
    """Changed orders patched in place at most; past that a rebuild is as quick."""
    NOTES_KEPT = 10_000

    def __init__(self, db: Database) -> None:
        self._db = db
        self._lock = threading.Lock()
        self._cached: OrderedDict[str, tuple[int, OrderListBody]] = OrderedDict()

    def get(self, store_id: str) -> OrderListBody:
        version = int(self._db.meta("orders_version") or "0")
        with self._lock:
            hit = self._cached.get(store_id)
            if hit is not None and hit[0] == version:
                self._cached.move_to_end(store_id)
                return hit[1]
        body = None
        if hit is not None and version - hit[0] <= self.MAX_PATCHES:
            body = self._brought_up_to_date(store_id, hit, version)
        if body is None:
            body = OrderListBody.cut(self._built(store_id))
        with self._lock:
            self._cached[store_id] = (version, body)
            self._cached.move_to_end(store_id)
            while len(self._cached) > self.MAX_STORES:
                self._cached.popitem(last=False)
        return body

    def _built(self, store_id: str) -> bytes:
        conn = self._db.connect()
        row = conn.execute(
            f"SELECT json_group_array({ORDER_JSON}) FROM"
            " (SELECT * FROM orders WHERE store_id = ? ORDER BY order_id)",
            (store_id,),
        ).fetchone()
        with conn:  # notes older than any cache still needs are of no use
            conn.execute(
                "DELETE FROM order_changes WHERE version < (SELECT max(version) FROM"
                " order_changes) - ?",
                (self.NOTES_KEPT,),
            )
        return (row[0] if row and row[0] is not None else "[]").encode()

    def _brought_up_to_date(
        self, store_id: str, hit: tuple[int, OrderListBody], version: int
    ) -> OrderListBody | None:
        """The cached body with every order changed since it was built replaced (None: it
        cannot be brought up to date; build it again)."""
        conn = self._db.connect()
        notes = conn.execute(
            "SELECT order_id, store_id FROM order_changes WHERE version > ? AND version <= ?",
            (hit[0], version),
        ).fetchall()
        if len(notes) != version - hit[0]:
            return None  # some notes are gone: whatever they said is unknown
        body: OrderListBody | None = hit[1]
        for order_id in dict.fromkeys(order for order, store in notes if store == store_id):
            row = conn.execute(
                f"SELECT {ORDER_JSON} FROM orders WHERE order_id = ? AND store_id = ?",
                (order_id, store_id),
            ).fetchone()
            if row is None or body is None:
                return None  # an order came or went: its place in the list is new
            body = body.patched(order_id, row[0].encode())
        return body


def current_user(request: Request) -> auth.Principal:
    """The caller named by a valid bearer token; 401 otherwise."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServiceError(401, "Missing bearer token")
    found = auth.verify_token(request.app.state.secret, token.strip())
    if found is None:
        raise ServiceError(401, "Invalid or expired token")
    return found


User = Annotated[auth.Principal, Depends(current_user)]


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


class LoginBody(BaseModel):
    """The sandbox-only training sign-in."""

    username: str = Field(max_length=100)
    password: str = Field(max_length=200)


def create_app(
    db: Database,
    faults: Faults | None = None,
    *,
    fault_control: bool = False,
    body_seconds: float = MAX_BODY_SECONDS,
) -> FastAPI:
    """The ASGI application over ``db``. ``app.state.faults`` holds the fault switches;
    ``body_seconds`` is how long a request body may take to arrive."""
    faults = faults or Faults.from_env()
    app = FastAPI(
        title="Orders, Payments and Reference-Data Service (sandbox)",
        version="1.0",
        description="Local sandbox of /api/v1 for training mode, demos and tests.",
    )
    app.state.db = db
    app.state.faults = faults
    app.state.secret = secret = db.signing_secret()

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, error: HTTPException) -> Response:
        answer = _error_json(error.status_code, str(error.detail))
        answer.headers.update(error.headers or {})
        return answer

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, error: RequestValidationError) -> Response:
        # Messages name the field and the rule, never the value: a card number typed into the
        # wrong field must not come back in an answer or a log.
        messages = []
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"] if part != "body") or "body"
            messages.append(f"{where}: {item['msg']}")
        return _error_json(400, messages or ["invalid request"])

    @app.exception_handler(Exception)
    async def unexpected_error(_: Request, error: Exception) -> Response:
        log.error("unexpected error: %s", type(error).__name__)
        return _error_json(500, "Internal server error")

    def json_array(sql: str, *params: Any) -> Response:
        """An answer whose body SQLite built (``json_group_array``) in one query."""
        row = db.connect().execute(sql, params).fetchone()
        body = (row[0] if row and row[0] is not None else "[]").encode()
        return Response(body, media_type="application/json")

    def store_exists(store_id: str) -> bool:
        return (
            db.connect().execute("SELECT 1 FROM stores WHERE id = ?", (store_id,)).fetchone()
            is not None
        )

    # -- sign-in (sandbox only) ------------------------------------------------------------

    @app.post(
        PREFIX + "/auth/login",
        tags=["sandbox"],
        summary="Training sign-in (sandbox only)",
        responses=answers(TokenOut, 400, 401),
    )
    def login(body: LoginBody) -> Response:
        who = auth.check_password(db, body.username, body.password)
        if who is None:
            raise ServiceError(401, "Wrong user name or password")
        minutes = 480
        token = auth.issue_token(
            secret,
            subject=who.subject,
            user_id=who.user_id,
            name=who.name,
            roles=who.roles,
            minutes=minutes,
        )
        return _json({"access_token": token, "token_type": "bearer", "expires_in": minutes * 60})

    # -- data-consult ----------------------------------------------------------------------

    @app.get(
        PREFIX + "/data-consult/stores",
        tags=["data-consult"],
        responses=answers(list[StoreOut], 401),
    )
    def stores(_: User) -> Response:
        return json_array(
            "SELECT json_group_array(json_object('id', id, 'name', name,"
            " 'store', id || ' - ' || name)) FROM (SELECT * FROM stores ORDER BY id)"
        )

    @app.get(
        PREFIX + "/data-consult/sellers",
        tags=["data-consult"],
        responses=answers(list[SellerOut], 401),
    )
    def sellers(_: User) -> Response:
        return json_array(
            "SELECT json_group_array(json_object('id', id, 'name', name))"
            " FROM (SELECT * FROM sellers ORDER BY name)"
        )

    @app.get(
        PREFIX + "/data-consult/billings",
        tags=["data-consult"],
        responses=answers(list[BillingOut], 401),
    )
    def billings(_: User) -> Response:
        return json_array(
            "SELECT json_group_array(json_object('id', id, 'date', date,"
            f" 'total', {_money_sql('total_cents')}))"
            " FROM (SELECT * FROM billings ORDER BY date)"
        )

    @app.get(
        PREFIX + "/data-consult/customers/{filter}",
        tags=["data-consult"],
        responses=answers(list[CustomerOut], 401),
    )
    def customers(filter: str, _: User) -> Response:
        text = _search_text(filter)
        name_pattern = "%" + _like_escape(search_key(text)) + "%"
        doc = document_key(text)
        doc_pattern = (
            "%" + _like_escape(doc) + "%"
            if len(doc) >= 3 and any(c.isdigit() for c in doc)
            else None
        )
        sql = (
            "SELECT json_group_array(json_object('id', id, 'name', name, 'document', document))"
            " FROM (SELECT * FROM customers WHERE name_key LIKE ? ESCAPE '\\'"
            " OR (? IS NOT NULL AND document_key LIKE ? ESCAPE '\\')"
            " ORDER BY name LIMIT ?)"
        )
        return json_array(sql, name_pattern, doc_pattern, doc_pattern, SEARCH_LIMIT)

    @app.get(
        PREFIX + "/data-consult/products/{filter}",
        tags=["data-consult"],
        responses=answers(list[ProductOut], 401),
    )
    def products(filter: str, _: User) -> Response:
        text = _search_text(filter)
        pattern = "%" + _like_escape(search_key(text)) + "%"
        code_pattern = "%" + _like_escape(text.upper()) + "%"
        sql = (
            "SELECT json_group_array(json_object('id', id, 'name', name,"
            " 'manufacturerCode', manufacturer_code)) FROM (SELECT * FROM products"
            " WHERE name_key LIKE ? ESCAPE '\\' OR upper(manufacturer_code) LIKE ? ESCAPE '\\'"
            " OR barcode = ?"
            " ORDER BY (upper(manufacturer_code) = ? OR barcode = ?) DESC, name LIMIT ?)"
        )
        return json_array(sql, pattern, code_pattern, text, text.upper(), text, SEARCH_LIMIT)

    # -- orders-payment --------------------------------------------------------------------

    order_lists = OrderListCache(db)

    @app.get(
        PREFIX + "/orders-payment/orders/{id}",
        tags=["orders-payment"],
        responses=answers(list[OrderOut], 401, 404),
    )
    def orders(id: str, _: User) -> Response:
        id = segment(id)
        if not store_exists(id):
            raise ServiceError(404, f"Store {id} not found")
        return OrderListResponse(order_lists.get(id))

    @app.get(
        PREFIX + "/orders-payment/orders/{id}/{orderId}",
        tags=["orders-payment"],
        responses=answers(OrderOut, 400, 401, 404),
    )
    def order(id: str, orderId: OrderNumber, _: User) -> Response:  # noqa: N803
        id = segment(id)
        number = orderId
        row = (
            db.connect()
            .execute(
                f"SELECT {ORDER_JSON} FROM orders WHERE store_id = ? AND order_id = ?", (id, number)
            )
            .fetchone()
        )
        if row is None:
            raise ServiceError(404, f"Order {orderId} not found in store {id}")
        return Response(row[0].encode(), media_type="application/json")

    @app.get(
        PREFIX + "/orders-payment/payments/{id}",
        tags=["orders-payment"],
        responses=answers(list[PaymentOut], 400, 401, 404),
    )
    def payments(id: OrderNumber, _: User) -> Response:
        number = id
        conn = db.connect()
        if conn.execute("SELECT 1 FROM orders WHERE order_id = ?", (number,)).fetchone() is None:
            raise ServiceError(404, f"Order {id} not found")
        return json_array(
            f"SELECT json_group_array({PAYMENT_JSON}) FROM"
            " (SELECT * FROM payments WHERE order_id = ? ORDER BY pay_date, id)",
            number,
        )

    @app.post(
        PREFIX + "/orders-payment/payments/create",
        tags=["orders-payment"],
        status_code=201,
        responses=answers(PaymentOut, 400, 401, 404, status=201),
    )
    def create_payment(body: NewPaymentBody, _: User) -> Response:
        if not _card_is_masked(body.card):
            raise ServiceError(400, "card must show only its last four digits")
        _refuse_card_numbers(body)
        if body.amount <= 0:
            raise ServiceError(400, "amount must be positive")
        if body.amount != body.amount.quantize(Decimal("0.01")):
            raise ServiceError(400, "amount has at most two decimals")
        cents = _cents(body.amount)
        conn = db.connect()
        conn.execute("BEGIN IMMEDIATE")  # one writer at a time: no two payments pass one check
        try:
            row = conn.execute(
                "SELECT amount_cents, amount_paid_cents, installments FROM orders"
                " WHERE order_id = ?",
                (body.orderId,),
            ).fetchone()
            if row is None:
                raise ServiceError(404, f"Order {body.orderId} not found")
            amount, paid, max_installments = row
            if cents > amount - paid:
                raise ServiceError(
                    400, f"amount {body.amount} exceeds the balance due {_money(amount - paid)}"
                )
            if not 1 <= body.installments <= max_installments:
                raise ServiceError(400, f"installments must be between 1 and {max_installments}")
            duplicate = conn.execute(
                "SELECT 1 FROM payments WHERE order_id = ? AND nsu = ? AND auth = ?",
                (body.orderId, body.nsu, body.auth),
            ).fetchone()
            if duplicate is not None:
                raise ServiceError(
                    400, "a payment with this NSU and authorization code is already recorded"
                )
            pay_date = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
            cursor = conn.execute(
                "INSERT INTO payments (order_id, pay_date, card, installments, flag_name, type,"
                " amount_cents, user_id, nsu, auth) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    body.orderId,
                    pay_date,
                    _mask(body.card),
                    body.installments,
                    body.flagName,
                    body.paymentType,
                    cents,
                    str(body.userId),
                    body.nsu,
                    body.auth,
                ),
            )
            conn.execute(
                "UPDATE orders SET amount_paid_cents = amount_paid_cents + ? WHERE order_id = ?",
                (cents, body.orderId),
            )
            created = conn.execute(
                f"SELECT {PAYMENT_JSON} FROM payments WHERE id = ?", (cursor.lastrowid,)
            ).fetchone()[0]
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return Response(created.encode(), status_code=201, media_type="application/json")

    @app.post(
        PREFIX + "/orders-payment/invoice/create",
        tags=["orders-payment"],
        status_code=201,
        responses=answers(InvoiceOut, 400, 401, 403, 404, status=201),
    )
    def create_invoice(body: NewInvoiceBody, user: User) -> Response:
        _refuse_card_numbers(body)
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
                raise ServiceError(
                    400, f"the order still has a balance due of {_money(amount - paid)}"
                )
            if conn.execute(
                "SELECT 1 FROM invoices WHERE order_id = ?", (body.orderId,)
            ).fetchone():
                raise ServiceError(400, f"order {body.orderId} is already invoiced")
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
            "amount": float(_money(amount)),
            "accessKey": key,
        }
        return _json(record, 201)

    if fault_control:

        @app.get("/_sandbox/faults", include_in_schema=False)
        def get_faults() -> Response:
            return _json(faults.public())

        @app.put("/_sandbox/faults", include_in_schema=False)
        async def put_faults(request: Request) -> Response:
            try:
                faults.update(orjson.loads(await request.body()))
            except (ValueError, TypeError) as error:
                raise ServiceError(400, str(error)) from None
            return _json(faults.public())

    app.add_middleware(BodyLimit, seconds=body_seconds)
    app.add_middleware(NoCardNumbers)
    app.add_middleware(OneSegment)
    # Outermost: a fault drops the connection itself, through the server's own receive.
    app.add_middleware(FaultMiddleware, faults=faults)
    return app


def _refuse_card_numbers(body: BaseModel) -> None:
    """A card number in any field is refused: typed into the wrong field, it would otherwise be
    echoed by the answer, the list and the log. (An amount is money, not text.)"""
    if any(has_card_number(str(value)) for name, value in body if name != "amount"):
        raise ServiceError(400, CARD_REFUSED)


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _card_is_masked(card: str) -> bool:
    # Mask characters, then exactly the last four digits: anything more is a card number.
    return MASKED_CARD.fullmatch(card.strip()) is not None


def _mask(card: str) -> str:
    return "*" * 12 + card.strip()[-4:]

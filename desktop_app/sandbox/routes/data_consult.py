"""``data-consult``: stores, sellers, billings, and the customer and product searches.

Searches return at most :data:`SEARCH_LIMIT` rows; customers match a name (no case, no
accents, any part) or document characters (punctuation ignored); products match a name, a
manufacturer code or a barcode, exact code matches first. A search is at most
:data:`MAX_FILTER` characters. A search that finds nothing answers ``[]``, or 404 in the
``search-404`` dialect.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from desktop_app.sandbox.db import document_key, search_key
from desktop_app.sandbox.dialect_answers import answer
from desktop_app.sandbox.dialects import Dialect, Dialects, Speaks
from desktop_app.sandbox.guards import segment
from desktop_app.sandbox.routes.sign_in import User
from desktop_app.sandbox.schemas import (
    BillingOut,
    CustomerOut,
    ProductOut,
    SellerOut,
    StoreOut,
    answers,
)
from desktop_app.sandbox.wire import Db, ServiceError, json_array, money_sql

SEARCH_LIMIT = 200
MAX_FILTER = 200
"""Characters of a search: any name or document fits; SQLite's LIKE refuses ~50,000."""

router = APIRouter(prefix="/data-consult", tags=["data-consult"])


@router.get("/stores", responses=answers(list[StoreOut], 401))
def stores(_: User, db: Db) -> Response:
    return json_array(
        db,
        "SELECT json_group_array(json_object('id', id, 'name', name,"
        " 'store', id || ' - ' || name)) FROM (SELECT * FROM stores ORDER BY id)",
    )


@router.get("/sellers", responses=answers(list[SellerOut], 401))
def sellers(_: User, db: Db) -> Response:
    return json_array(
        db,
        "SELECT json_group_array(json_object('id', id, 'name', name))"
        " FROM (SELECT * FROM sellers ORDER BY name)",
    )


@router.get("/billings", responses=answers(list[BillingOut], 401))
def billings(_: User, db: Db, dialects: Speaks) -> Response:
    listed = json_array(
        db,
        "SELECT json_group_array(json_object('id', id, 'date', date,"
        f" 'total', {money_sql('total_cents')}))"
        " FROM (SELECT * FROM billings ORDER BY date)",
    )
    return answer(bytes(listed.body), dialects, db.connect(), "billings")


@router.get("/customers/{filter}", responses=answers(list[CustomerOut], 400, 401))
def customers(filter: str, _: User, db: Db, dialects: Speaks) -> Response:
    text = search_text(filter)
    name_pattern = "%" + like_escape(search_key(text)) + "%"
    doc = document_key(text)
    doc_pattern = (
        "%" + like_escape(doc) + "%" if len(doc) >= 3 and any(c.isdigit() for c in doc) else None
    )
    sql = (
        "SELECT json_group_array(json_object('id', id, 'name', name, 'document', document))"
        " FROM (SELECT * FROM customers WHERE name_key LIKE ? ESCAPE '\\'"
        " OR (? IS NOT NULL AND document_key LIKE ? ESCAPE '\\')"
        " ORDER BY name LIMIT ?)"
    )
    found = json_array(db, sql, name_pattern, doc_pattern, doc_pattern, SEARCH_LIMIT)
    return _nothing_found(found, "customers", dialects)


@router.get("/products/{filter}", responses=answers(list[ProductOut], 400, 401))
def products(filter: str, _: User, db: Db, dialects: Speaks) -> Response:
    text = search_text(filter)
    pattern = "%" + like_escape(search_key(text)) + "%"
    code_pattern = "%" + like_escape(text.upper()) + "%"
    sql = (
        "SELECT json_group_array(json_object('id', id, 'name', name,"
        " 'manufacturerCode', manufacturer_code)) FROM (SELECT * FROM products"
        " WHERE name_key LIKE ? ESCAPE '\\' OR upper(manufacturer_code) LIKE ? ESCAPE '\\'"
        " OR barcode = ?"
        " ORDER BY (upper(manufacturer_code) = ? OR barcode = ?) DESC, name LIMIT ?)"
    )
    found = json_array(db, sql, pattern, code_pattern, text, text.upper(), text, SEARCH_LIMIT)
    return _nothing_found(found, "products", dialects)


def _nothing_found(found: Response, what: str, dialects: Dialects) -> Response:
    """``found``, or a 404 in the ``search-404`` dialect when it is empty."""
    if Dialect.SEARCH_404 in dialects and bytes(found.body) == b"[]":
        raise ServiceError(404, f"No {what} found")
    return found


def search_text(value: str) -> str:
    """A search filter as typed, refused when longer than :data:`MAX_FILTER`."""
    text = segment(value).strip()
    if len(text) > MAX_FILTER:
        raise ServiceError(400, f"a search is at most {MAX_FILTER} characters")
    return text


def like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")

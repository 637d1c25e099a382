"""Invoices this app issued, kept on this machine: the service has no way to look one up.

Each record holds the order, the invoice's number, series, access key and issue date, and the
service's answer, with no card and no customer data: keys that name a customer, a document, a
card or a contact are left out of the kept answer, and an answer holding a full card number is
not kept at all. An order the service says is invoiced already, with no record here, can be
marked as invoiced elsewhere (kept without a number). Invoices issued from other machines are
not known here.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from decimal import Decimal, InvalidOperation
from pathlib import Path
from threading import Lock
from typing import TYPE_CHECKING, Any

from desktop_app import api
from desktop_app.api.card_numbers import contains_card_number
from desktop_app.api.models import moment_in
from desktop_app.core.file_shape import Shape
from desktop_app.core.journal_trouble import Trouble, trouble_at
from desktop_app.core.storage import keep_aside, open_database, open_read_only

if TYPE_CHECKING:
    from desktop_app.api.models import Order, Payment
    from desktop_app.core.journal_entry import JournalEntry

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS invoices (
    store_id TEXT NOT NULL,
    order_id INTEGER NOT NULL,
    number TEXT NOT NULL DEFAULT '',
    series TEXT NOT NULL DEFAULT '',
    access_key TEXT NOT NULL DEFAULT '',
    issued_at TEXT NOT NULL DEFAULT '',
    amount TEXT NOT NULL DEFAULT '',
    answer TEXT NOT NULL DEFAULT 'null',
    elsewhere INTEGER NOT NULL DEFAULT 0,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (store_id, order_id)
);
"""
SHAPE = Shape.of(SCHEMA)
COLUMNS = (
    "store_id", "order_id", "number", "series", "access_key", "issued_at", "amount", "answer",
    "elsewhere", "recorded_at",
)  # fmt: skip
"""The book's columns, as :data:`SCHEMA` makes them."""
"""What an invoice book holds: nothing else (see :mod:`desktop_app.core.file_shape`)."""
# Words that name personal data in an answer's keys (English and Portuguese): left out.
PERSONAL = (
    "customer", "client", "cliente", "cpf", "cnpj", "document", "card", "cartao", "cartão",
    "name", "nome", "email", "phone", "telefone", "address", "endereco", "endereço", "buyer",
    "comprador", "destinat",
)  # fmt: skip
NAMES = {
    "number": ("number", "numero", "número", "nnf", "invoicenumber"),
    "series": ("series", "serie", "série"),
    "access_key": ("accesskey", "chave", "chaveacesso", "key"),
    "issued_at": ("issuedate", "issuedat", "dataemissao", "date", "dhemi"),
    "amount": ("amount", "valor", "total", "vnf"),
    "order_id": ("orderid", "pedido", "numeropedido"),
}


@dataclass(frozen=True, slots=True)
class InvoiceRecord:
    """One invoice of one order, as this machine knows it."""

    store_id: str
    order_id: int
    number: str = ""
    series: str = ""
    access_key: str = ""
    issued_at: datetime | date | None = None  # a day, where the service wrote only that
    amount: Decimal | None = None
    answer: Any = None
    elsewhere: bool = False  # invoiced, by the service's word, from somewhere else

    def grouped_access_key(self) -> str:
        """The 44-digit access key in groups of four, as printed on a DANFE."""
        key = "".join(self.access_key.split())
        return " ".join(key[i : i + 4] for i in range(0, len(key), 4))


def _personal(key: str) -> bool:
    folded = key.casefold().replace("_", "").replace("-", "")
    return any(word in folded for word in PERSONAL)


def kept_answer(answer: Any) -> Any:
    """The service's answer without the keys that name personal data (at any depth)."""
    if isinstance(answer, dict):
        return {k: kept_answer(v) for k, v in answer.items() if not _personal(str(k))}
    if isinstance(answer, list):
        return [kept_answer(item) for item in answer]
    return answer


def _field(answer: Any, names: tuple[str, ...]) -> Any:
    if isinstance(answer, list) and answer:
        return _field(answer[0], names)
    if not isinstance(answer, dict):
        return None
    for key, value in answer.items():
        if str(key).casefold().replace("_", "") in names and not isinstance(value, dict | list):
            return value
    for value in answer.values():  # one level down: {"invoice": {...}}, {"nfe": {...}}
        if isinstance(value, dict):
            found = _field(value, names)
            if found is not None:
                return found
    return None


def field_named(key: object) -> str | None:
    """Which of the invoice's usual fields (a key of :data:`NAMES`) an answer's key names, or
    None for a key of the service's own."""
    folded = str(key).casefold().replace("_", "")
    return next((field for field, names in NAMES.items() if folded in names), None)


def amount_of(value: Any) -> Decimal | None:
    """An amount the service wrote (a number or its text), or None."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return None
    return amount if amount.is_finite() else None


def record_of(store_id: str, order_id: int, answer: Any, zone: tzinfo = UTC) -> InvoiceRecord:
    """The record of an invoice from whatever the service answered (its shape is not part of
    the interface: the usual names are looked for, and what is missing stays empty); a time
    written with no zone is in ``zone``, the service's, as every time it writes."""

    def text(field: str) -> str:
        value = _field(answer, NAMES[field])
        return "" if value is None else str(value)

    return InvoiceRecord(
        store_id=store_id,
        order_id=order_id,
        number=text("number"),
        series=text("series"),
        access_key=text("access_key"),
        issued_at=moment_in(_field(answer, NAMES["issued_at"]), zone),
        amount=amount_of(_field(answer, NAMES["amount"])),
        answer=kept_answer(answer),
    )


def invoice_book_path(journal_path: Path) -> Path:
    """Beside the payment journal, in the user's data folder (or the practice folder)."""
    return journal_path.with_name("invoices.sqlite3")


def _holds_card_number(value: object) -> bool:
    """Whether any text or number in a JSON answer is a card number, each value on its own.
    A timestamp is a timestamp: a day and a time to the microsecond have a card's digits."""
    if isinstance(value, dict):
        return any(_holds_card_number(k) or _holds_card_number(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_card_number(item) for item in value)
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value)
        except ValueError:
            return contains_card_number(value)
        return False
    return value is not None and not isinstance(value, bool) and contains_card_number(str(value))


class InvoiceBook:
    """The invoices this machine issued or was told of, in SQLite."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            self._conn, self._lock = open_database(self.path, SCHEMA, SHAPE)
        except (sqlite3.Error, OSError) as error:
            self._conn, self._lock = self._instead(error)

    def _instead(self, error: sqlite3.Error | OSError) -> tuple[sqlite3.Connection, Lock]:
        """A book that cannot be opened (issue 67): a damaged one is kept aside, never
        deleted, and a new one started; one that cannot be written (read-only, a full disk)
        is kept in memory for this run, the invoices issued meanwhile shown as usual."""
        trouble = trouble_at(error, self.path)
        if trouble is None:
            raise error
        if trouble is Trouble.DAMAGED:
            aside = keep_aside(self.path)
            log.warning("the invoice book was damaged (%s): kept as %s", error, aside)
            conn, lock = open_database(self.path, SCHEMA, SHAPE)
            carried = _carry_over(aside, conn)
            log.warning("%d invoices of it were carried into a new book", carried)
            return conn, lock
        log.error("the invoice book %s cannot be written (%s): kept in memory", self.path, error)
        memory = sqlite3.connect(":memory:", check_same_thread=False)
        memory.executescript(SCHEMA)
        return memory, Lock()

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._conn.close()

    def add(self, record: InvoiceRecord) -> InvoiceRecord:
        """Keep ``record`` (an order's later record replaces an earlier one)."""
        answer = json.dumps(record.answer, default=str, ensure_ascii=False)
        if _holds_card_number(record.answer):
            answer = "null"  # the service's answer is not kept with a card number in it
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT OR REPLACE INTO invoices VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.store_id, record.order_id, record.number, record.series,
                    record.access_key,
                    record.issued_at.isoformat() if record.issued_at else "",
                    str(record.amount) if record.amount is not None else "",
                    answer, int(record.elsewhere), datetime.now(UTC).isoformat(),
                ),
            )  # fmt: skip
        return self.get(record.store_id, record.order_id) or record

    def mark_elsewhere(self, store_id: str, order_id: int) -> InvoiceRecord:
        """The service says the order is invoiced and this machine has no record: keep that."""
        return self.add(InvoiceRecord(store_id=store_id, order_id=order_id, elsewhere=True))

    def get(self, store_id: str, order_id: int) -> InvoiceRecord | None:
        """The record of an order, if this machine has one."""
        with self._lock:
            row = self._conn.execute(
                "SELECT * FROM invoices WHERE store_id = ? AND order_id = ?", (store_id, order_id)
            ).fetchone()
        return None if row is None else _record(row)

    def invoiced(self, store_id: str) -> dict[int, bool]:
        """The orders of a store with a record: order id -> invoiced elsewhere."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT order_id, elsewhere FROM invoices WHERE store_id = ?", (store_id,)
            ).fetchall()
        return {order_id: bool(elsewhere) for order_id, elsewhere in rows}


def _carry_over(aside: Path, book: sqlite3.Connection) -> int:
    """The records of a damaged book kept ``aside``, read from its table alone (never a view)
    into the new ``book``; how many. What cannot be read is left there for IT."""
    columns = ", ".join(COLUMNS)
    try:
        with closing(open_read_only(aside)) as source:
            made = source.execute("SELECT sql FROM sqlite_schema WHERE name = 'invoices'")
            sql = made.fetchone()
            if sql is None or not str(sql[0]).upper().startswith("CREATE TABLE"):
                return 0
            rows = source.execute(f"SELECT {columns} FROM invoices").fetchall()  # noqa: S608
    except sqlite3.Error as error:
        log.warning("nothing could be read of the damaged invoice book: %s", error)
        return 0
    places = ", ".join("?" * len(COLUMNS))
    with book:
        book.executemany(f"INSERT OR IGNORE INTO invoices ({columns}) VALUES ({places})", rows)  # noqa: S608
    return len(rows)


def _record(row: tuple[Any, ...]) -> InvoiceRecord:
    store_id, order_id, number, series, key, issued, amount, answer, elsewhere, _ = row
    return InvoiceRecord(
        store_id=store_id,
        order_id=order_id,
        number=number,
        series=series,
        access_key=key,
        issued_at=moment_in(issued) if issued else None,  # kept with its zone, or a day
        amount=amount_of(amount) if amount else None,
        answer=json.loads(answer),
        elsewhere=bool(elsewhere),
    )


@dataclass(frozen=True)
class InvoiceChecks:
    """What is checked before an invoice is issued (the service decides; these explain).

    An NF-e's card group needs each card payment's brand and authorization code, and the
    acquirer's settlement file is matched on NSU: a payment without them makes a document
    the accountant must fix by hand."""

    balance_due: Decimal
    incomplete: tuple[Payment, ...]
    """Payments of the order missing the brand, the authorization code or the NSU."""
    waiting: tuple[JournalEntry, ...]
    """This desk's payments of the order still pending or needing a decision."""
    not_all_read: bool = False
    """Whether the order has payments at the service this app did not read (of a shape it
    cannot read, or not sent: a list in pages it could not follow): those were not checked."""

    @property
    def passed(self) -> bool:
        """Whether nothing stands in the way."""
        return (
            self.balance_due <= 0
            and not self.incomplete
            and not self.waiting
            and not self.not_all_read
        )


def check_before_invoice(
    order: Order, payments: Sequence[Payment], open_entries: Sequence[JournalEntry]
) -> InvoiceChecks:
    """The checklist of an invoice for ``order``, given its payments at the service and this
    desk's open journal entries."""
    return InvoiceChecks(
        balance_due=order.balance_due,
        incomplete=tuple(
            p for p in payments if not (p.flag_name.strip() and p.auth.strip() and p.nsu.strip())
        ),
        waiting=tuple(e for e in open_entries if e.payment.order_id == order.order_id),
        not_all_read=not api.read_whole(payments),
    )

"""The sandbox's SQLite database: schema, connections, and the signing secret.

Money is kept in integer cents so that sums are exact; the JSON layer writes it as a number
with two decimals. Each thread gets its own connection (FastAPI runs plain endpoints in a
thread pool); WAL and a busy timeout let readers and one writer work side by side.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
import threading
import unicodedata
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
    username TEXT PRIMARY KEY, password_hash TEXT NOT NULL, salt TEXT NOT NULL,
    user_id INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stores (id TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sellers (id TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS billing_methods (id TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS plans (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, installments INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS billings (
    id TEXT PRIMARY KEY, date TEXT NOT NULL, total_cents INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS customers (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, document TEXT NOT NULL,
    name_key TEXT NOT NULL, document_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS products (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, manufacturer_code TEXT NOT NULL,
    barcode TEXT NOT NULL, name_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
    order_id INTEGER PRIMARY KEY, store_id TEXT NOT NULL, create_date TEXT NOT NULL,
    customer_id TEXT NOT NULL, customer_name TEXT NOT NULL,
    seller_id TEXT NOT NULL, seller_name TEXT NOT NULL,
    billing_id TEXT NOT NULL, billing_name TEXT NOT NULL,
    plan_id TEXT NOT NULL, plan_name TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    installments INTEGER NOT NULL,
    amount_paid_cents INTEGER NOT NULL DEFAULT 0
        CHECK (amount_paid_cents >= 0 AND amount_paid_cents <= amount_cents));
CREATE INDEX IF NOT EXISTS orders_by_store ON orders (store_id, order_id);
-- Every change to orders bumps a version and notes which order it was, whoever makes it:
-- cached order lists check the version, and bring themselves up to date from the notes.
INSERT OR IGNORE INTO meta (key, value) VALUES ('orders_version', '0');
CREATE TABLE IF NOT EXISTS order_changes (
    version INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, store_id TEXT NOT NULL);
DROP TRIGGER IF EXISTS orders_inserted;
DROP TRIGGER IF EXISTS orders_updated;
DROP TRIGGER IF EXISTS orders_deleted;
CREATE TRIGGER IF NOT EXISTS orders_inserted_noted AFTER INSERT ON orders BEGIN
    UPDATE meta SET value = value + 1 WHERE key = 'orders_version';
    INSERT INTO order_changes SELECT value, NEW.order_id, NEW.store_id FROM meta
        WHERE key = 'orders_version'; END;
CREATE TRIGGER IF NOT EXISTS orders_updated_noted AFTER UPDATE ON orders BEGIN
    UPDATE meta SET value = value + 1 WHERE key = 'orders_version';
    INSERT INTO order_changes SELECT value, NEW.order_id, NEW.store_id FROM meta
        WHERE key = 'orders_version'; END;
CREATE TRIGGER IF NOT EXISTS orders_deleted_noted AFTER DELETE ON orders BEGIN
    UPDATE meta SET value = value + 1 WHERE key = 'orders_version';
    INSERT INTO order_changes SELECT value, OLD.order_id, OLD.store_id FROM meta
        WHERE key = 'orders_version'; END;
CREATE TABLE IF NOT EXISTS payments (
    id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders (order_id),
    pay_date TEXT NOT NULL, card TEXT NOT NULL, installments INTEGER NOT NULL,
    flag_name TEXT NOT NULL, type TEXT NOT NULL, amount_cents INTEGER NOT NULL,
    user_id TEXT NOT NULL, nsu TEXT NOT NULL, auth TEXT NOT NULL);
-- Not unique: the create route refuses a second payment of one terminal transaction, unless
-- the fault switch accept_duplicates plays a service without that check.
CREATE INDEX IF NOT EXISTS payments_by_transaction ON payments (order_id, nsu, auth);
CREATE TABLE IF NOT EXISTS invoices (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL UNIQUE REFERENCES orders (order_id),
    series TEXT NOT NULL, issue_date TEXT NOT NULL, amount_cents INTEGER NOT NULL,
    access_key TEXT NOT NULL, user_id INTEGER NOT NULL);
"""


def search_key(text: str) -> str:
    """Text folded for search: no accents, no case."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def document_key(text: str) -> str:
    """A document (CPF, CNPJ, alphanumeric CNPJ) without punctuation, upper case."""
    return "".join(c for c in text if c.isalnum()).upper()


class Database:
    """Opens per-thread connections to one SQLite file and owns its schema."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.connect() as conn:
            conn.executescript(SCHEMA)

    def connect(self) -> sqlite3.Connection:
        """This thread's connection (autocommit off; use ``with conn:`` for a transaction)."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA cache_size=-65536")  # 64 MiB: a 100,000-order store fits
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    def close(self) -> None:
        """Close every connection this object opened."""
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()

    def meta(self, key: str) -> str | None:
        """A value of the meta table."""
        row = self.connect().execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        """Store a value in the meta table."""
        conn = self.connect()
        with conn:
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def is_seeded(self) -> bool:
        """Whether demo data was written."""
        return self.meta("seeded") == "1"

    def signing_secret(self) -> str:
        """The JWT secret: ``POS_SANDBOX_SECRET`` if set, else one made once for this file."""
        override = os.environ.get("POS_SANDBOX_SECRET")
        if override:
            return override
        secret = self.meta("jwt_secret")
        if secret is None:
            conn = self.connect()
            with conn:
                conn.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES ('jwt_secret', ?)",
                    (secrets.token_urlsafe(48),),
                )
            secret = self.meta("jwt_secret")
            assert secret is not None
        return secret

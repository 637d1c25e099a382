"""The journal's file: its tables, and what journals of earlier versions gain when opened.

Kept apart from :mod:`desktop_app.core.journal`, which reads and writes the entries: this is
only the shape of the file and its migrations, run once as a journal opens."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime
from pathlib import Path

from desktop_app.core.storage import open_database

SCHEMA = """
CREATE TABLE IF NOT EXISTS payments (
    id TEXT PRIMARY KEY,
    store_id TEXT NOT NULL,
    order_id INTEGER NOT NULL,
    body TEXT NOT NULL,
    state TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS payments_by_state ON payments (state);
CREATE TABLE IF NOT EXISTS facts (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
SLIP_DATE_COLUMN = "ALTER TABLE payments ADD COLUMN slip_date TEXT NOT NULL DEFAULT ''"
"""Journals written before the slip date existed gain it; their entries' day is the local day
they were written."""


KEPT_COLUMNS = (
    "ALTER TABLE payments ADD COLUMN kept TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE payments ADD COLUMN hold TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE payments ADD COLUMN left_at TEXT NOT NULL DEFAULT ''",
)
"""What a kept slip adds (journals of earlier versions gain them empty: none of their entries
was kept)."""

SLIP_INDEXES = """
CREATE INDEX IF NOT EXISTS payments_by_nsu ON payments (lower(json_extract(body, '$.nsu')));
CREATE INDEX IF NOT EXISTS payments_by_auth ON payments (lower(json_extract(body, '$.auth')));
CREATE INDEX IF NOT EXISTS payments_by_last_four
    ON payments (substr(json_extract(body, '$.card'), -4));
CREATE INDEX IF NOT EXISTS payments_by_amount ON payments (json_extract(body, '$.amount'));
CREATE INDEX IF NOT EXISTS payments_by_transaction
    ON payments (lower(json_extract(body, '$.nsu')), lower(json_extract(body, '$.auth')));
"""
"""What finding a payment by its slip looks up (the expressions :meth:`PaymentJournal.find`
uses, word for word, so that SQLite uses these)."""


def _local_day(moment: str) -> str:
    """The local day of a moment the journal wrote (ISO 8601, in UTC)."""
    return datetime.fromisoformat(moment).astimezone().date().isoformat()


def open_journal_database(path: Path) -> tuple[sqlite3.Connection, threading.Lock]:
    """The journal's file at ``path``, made or brought up to date, and the lock that guards
    its connection."""
    conn, lock = open_database(path, SCHEMA)
    with lock, conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(payments)")}
        if "slip_date" not in columns:
            conn.execute(SLIP_DATE_COLUMN)
            written = conn.execute("SELECT id, created_at FROM payments").fetchall()
            conn.executemany(
                "UPDATE payments SET slip_date = ? WHERE id = ?",
                [(_local_day(created), entry_id) for entry_id, created in written],
            )
        for statement in KEPT_COLUMNS:
            if statement.split()[5] not in columns:  # ALTER TABLE t ADD COLUMN name ...
                conn.execute(statement)
        conn.execute("CREATE INDEX IF NOT EXISTS payments_by_day ON payments (store_id, slip_date)")
        conn.executescript(SLIP_INDEXES)
    return conn, lock

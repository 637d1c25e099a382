"""The local payment journal: every payment is written here before it is sent.

If the app dies, the network drops or the service answers with an error whose outcome is
unknown, the journal still knows what the cashier recorded, so the payment can be looked for
at the service and never recorded twice. It holds the masked card only (twelve asterisks and
the last four digits) and no token.

States: ``pending`` (written, being sent or the outcome not yet known) → ``confirmed`` (the
service has it) | ``rejected`` (the service refused it) | ``needs_review`` (the outcome is
unknown and it was not found at the service: the cashier decides) → ``set_aside`` (the
cashier chose not to send it).
"""

from __future__ import annotations

import enum
import json
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from desktop_app.api.models import NewPayment
from desktop_app.core.cards import contains_card_number
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
"""


class EntryState(enum.StrEnum):
    """Where a journalled payment stands."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    NEEDS_REVIEW = "needs_review"
    SET_ASIDE = "set_aside"


OPEN_STATES = (EntryState.PENDING, EntryState.NEEDS_REVIEW)


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One payment as the cashier recorded it, and where it stands."""

    id: str
    store_id: str
    payment: NewPayment
    state: EntryState
    note: str
    created_at: datetime
    updated_at: datetime


def default_journal_path() -> Path:
    """The journal in the user's data folder."""
    return Path(platformdirs.user_data_dir("pos-backoffice", appauthor=False)) / "journal.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat()


class PaymentJournal:
    """SQLite-backed journal; safe to use from several threads and several app instances."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._conn, self._lock = open_database(self.path, SCHEMA)

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._conn.close()

    def add(self, store_id: str, payment: NewPayment) -> JournalEntry:
        """Write a new pending entry (before the payment is sent)."""
        body = payment.to_json().decode()
        if contains_card_number(body):  # the forms refuse these; this is the last gate
            raise ValueError("a full card number is never written to the journal")
        entry_id = uuid.uuid4().hex
        now = _now()
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT INTO payments VALUES (?, ?, ?, ?, ?, '', ?, ?)",
                (entry_id, store_id, payment.order_id, body, EntryState.PENDING, now, now),
            )
        return self.get(entry_id)

    def set_state(self, entry_id: str, state: EntryState, note: str = "") -> JournalEntry:
        """Move an entry to ``state`` with a note for the cashier."""
        with self._lock, self._conn:
            self._conn.execute(
                "UPDATE payments SET state = ?, note = ?, updated_at = ? WHERE id = ?",
                (state, note, _now(), entry_id),
            )
        return self.get(entry_id)

    def get(self, entry_id: str) -> JournalEntry:
        """One entry."""
        with self._lock:
            row = self._conn.execute("SELECT * FROM payments WHERE id = ?", (entry_id,)).fetchone()
        if row is None:
            raise KeyError(entry_id)
        return _entry(row)

    def open_entries(self) -> list[JournalEntry]:
        """Entries still pending or needing review, oldest first."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT * FROM payments WHERE state IN (?, ?) ORDER BY created_at",
                OPEN_STATES,
            ).fetchall()
        return [_entry(row) for row in rows]


def _entry(row: tuple[Any, ...]) -> JournalEntry:
    entry_id, store_id, _order_id, body, state, note, created, updated = row
    from pydantic import TypeAdapter

    payment = TypeAdapter(NewPayment).validate_python(json.loads(body))
    return JournalEntry(
        id=entry_id,
        store_id=store_id,
        payment=payment,
        state=EntryState(state),
        note=note,
        created_at=datetime.fromisoformat(created),
        updated_at=datetime.fromisoformat(updated),
    )

"""The local payment journal: every payment is written here before it is sent.

If the app dies, the network drops or the service answers with an error whose outcome is
unknown, the journal still knows what the cashier recorded, so the payment can be looked for
at the service and never recorded twice. It holds the masked card only (twelve asterisks and
the last four digits) and no token.

States: ``pending`` (written, being sent or the outcome not yet known) → ``confirmed`` (the
service has it) | ``rejected`` (the service refused it) | ``needs_review`` (the outcome is
unknown and it was not found at the service: the cashier decides) → ``set_aside`` (the
cashier chose not to send it).

Each entry keeps the day of its slip (``slip_date``, today unless the cashier said otherwise:
slips are often typed the next morning), which the day close reads. Confirmed entries older
than a setting are removed at start-up (:meth:`PaymentJournal.prune`); the journal remembers
up to which day, so a day close of an older day can say its data is gone.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from desktop_app.api.models import NewPayment
from desktop_app.core.cards import contains_card_number
from desktop_app.core.money import amount_in_text
from desktop_app.core.storage import open_database

if TYPE_CHECKING:
    from pydantic import TypeAdapter

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


SLIP_INDEXES = """
CREATE INDEX IF NOT EXISTS payments_by_nsu ON payments (lower(json_extract(body, '$.nsu')));
CREATE INDEX IF NOT EXISTS payments_by_auth ON payments (lower(json_extract(body, '$.auth')));
CREATE INDEX IF NOT EXISTS payments_by_last_four
    ON payments (substr(json_extract(body, '$.card'), -4));
CREATE INDEX IF NOT EXISTS payments_by_amount ON payments (json_extract(body, '$.amount'));
"""
"""What finding a payment by its slip looks up (the expressions :meth:`PaymentJournal.find`
uses, word for word, so that SQLite uses these)."""


def _local_day(moment: str) -> str:
    """The local day of a moment the journal wrote (ISO 8601, in UTC)."""
    return datetime.fromisoformat(moment).astimezone().date().isoformat()


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
    slip_date: date


def local_today() -> date:
    """Today in this machine's time zone (the store's day)."""
    return datetime.now().astimezone().date()


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
        with self._lock, self._conn:
            columns = {row[1] for row in self._conn.execute("PRAGMA table_info(payments)")}
            if "slip_date" not in columns:
                self._conn.execute(SLIP_DATE_COLUMN)
                written = self._conn.execute("SELECT id, created_at FROM payments").fetchall()
                self._conn.executemany(
                    "UPDATE payments SET slip_date = ? WHERE id = ?",
                    [(_local_day(created), entry_id) for entry_id, created in written],
                )
            self._conn.execute(
                "CREATE INDEX IF NOT EXISTS payments_by_day ON payments (store_id, slip_date)"
            )
            self._conn.executescript(SLIP_INDEXES)

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._conn.close()

    def add(
        self, store_id: str, payment: NewPayment, slip_date: date | None = None
    ) -> JournalEntry:
        """Write a new pending entry (before the payment is sent), of the slip's day (today
        when not given)."""
        # The forms refuse these; this is the last gate. Each value on its own, as typed: the
        # JSON escapes what is not ASCII ("４" is "\uff14" there, and no digit).
        if any(
            contains_card_number(str(getattr(payment, field.name)))
            for field in fields(payment)
            if field.name != "amount"  # money, not text
        ):
            raise ValueError("a full card number is never written to the journal")
        body = payment.to_json().decode()
        entry_id = uuid.uuid4().hex
        now = _now()
        day = (slip_date or local_today()).isoformat()
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT INTO payments (id, store_id, order_id, body, state, note, created_at,"
                " updated_at, slip_date) VALUES (?, ?, ?, ?, ?, '', ?, ?, ?)",
                (entry_id, store_id, payment.order_id, body, EntryState.PENDING, now, now, day),
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
        rows = self._select("WHERE id = ?", (entry_id,))
        if not rows:
            raise KeyError(entry_id)
        return rows[0]

    def counts(self) -> dict[EntryState, int]:
        """How many payments stand in each state (for the log at start: what a desk holds)."""
        with self._lock:
            rows = self._conn.execute("SELECT state, COUNT(*) FROM payments GROUP BY state")
            return {EntryState(state): count for state, count in rows.fetchall()}

    def open_entries(self) -> list[JournalEntry]:
        """Entries still pending or needing review, oldest first."""
        return self._select("WHERE state IN (?, ?) ORDER BY created_at", OPEN_STATES)

    def entries_of_day(self, store_id: str, day: date) -> list[JournalEntry]:
        """This desk's entries of a store whose slip is of ``day``, in the order written."""
        return self._select(
            "WHERE store_id = ? AND slip_date = ? ORDER BY created_at", (store_id, day.isoformat())
        )

    def find(self, text: str) -> list[JournalEntry]:
        """Entries of any day kept whose NSU, authorization code or card's last four are
        ``text``, or whose amount is (``125.90``, ``125,90``); the newest first."""
        wanted = text.strip()
        if not wanted:
            return []
        amount = amount_in_text(wanted)
        amount = amount if amount is not None and amount > 0 else None
        # Looked for by SQLite in the journal's own JSON: reading every kept entry (90 days of
        # a busy desk: 180,000) into Python took 2 s a search.
        clauses = [
            "lower(json_extract(body, '$.nsu')) = ?",
            "lower(json_extract(body, '$.auth')) = ?",
        ]
        parameters: list[object] = [wanted.lower(), wanted.lower()]
        if wanted.isdigit() and len(wanted) == 4:  # the card's last four digits
            clauses.append("substr(json_extract(body, '$.card'), -4) = ?")
            parameters.append(wanted)
        cents = amount.scaleb(2) if amount is not None else None
        if cents is not None and cents == cents.to_integral_value() and cents < 2**53:
            # Written as a JSON number with two decimals (to_json), compared in whole cents:
            # exact below 2**53, where a double holds every integer.
            clauses.append("round(json_extract(body, '$.amount') * 100) = ?")
            parameters.append(int(cents))
        where = "WHERE " + " OR ".join(clauses) + " ORDER BY created_at DESC"
        return self._select(where, tuple(parameters))

    def prune(self, keep_days: int, today: date | None = None) -> int:
        """Remove confirmed entries whose slip is more than ``keep_days`` old; how many went.

        Entries not confirmed stay whatever their age: each still needs a decision, or is the
        record of one (refused, set aside)."""
        cutoff = (today or local_today()) - timedelta(days=keep_days)
        with self._lock, self._conn:
            removed = self._conn.execute(
                "DELETE FROM payments WHERE state = ? AND slip_date < ?",
                (EntryState.CONFIRMED, cutoff.isoformat()),
            ).rowcount
            known = self._conn.execute(
                "SELECT value FROM facts WHERE name = 'pruned_before'"
            ).fetchone()
            if known is None or known[0] < cutoff.isoformat():
                self._conn.execute(
                    "INSERT OR REPLACE INTO facts VALUES ('pruned_before', ?)",
                    (cutoff.isoformat(),),
                )
        return removed

    def pruned_before(self) -> date | None:
        """The day before which confirmed entries were removed (None: none ever were)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT value FROM facts WHERE name = 'pruned_before'"
            ).fetchone()
        return date.fromisoformat(row[0]) if row else None

    def _select(self, where: str, parameters: tuple[Any, ...]) -> list[JournalEntry]:
        query = _COLUMNS + where  # ``where``: this class's own text, never a person's
        with self._lock:
            rows = self._conn.execute(query, parameters).fetchall()
        return [_entry(row) for row in rows]


_COLUMNS = (
    "SELECT id, store_id, body, state, note, created_at, updated_at, slip_date FROM payments "
)


@cache
def _payment_reader() -> TypeAdapter[NewPayment]:
    """Made once, on first use (pydantic builds a validator per adapter)."""
    from pydantic import TypeAdapter

    return TypeAdapter(NewPayment)


def _entry(row: tuple[Any, ...]) -> JournalEntry:
    entry_id, store_id, body, state, note, created, updated, slip_date = row
    payment = _payment_reader().validate_json(body)
    return JournalEntry(
        id=entry_id,
        store_id=store_id,
        payment=payment,
        state=EntryState(state),
        note=note,
        created_at=datetime.fromisoformat(created),
        updated_at=datetime.fromisoformat(updated),
        slip_date=date.fromisoformat(slip_date),
    )

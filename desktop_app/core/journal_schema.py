"""The journal's file: its tables, and what journals of earlier versions gain when opened.

Kept apart from :mod:`desktop_app.core.journal`, which reads and writes the entries: this is
only the shape of the file and its migrations, run once as a journal opens."""

from __future__ import annotations

import sqlite3
import threading
from datetime import datetime
from pathlib import Path

from desktop_app.core.file_shape import Shape
from desktop_app.core.journal_entry import payment_of, slip_keys
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState
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

SLIP_KEY_COLUMNS = (
    "ALTER TABLE payments ADD COLUMN nsu_key TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE payments ADD COLUMN auth_key TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE payments ADD COLUMN last_four TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE payments ADD COLUMN cents INTEGER",
)
"""What a slip is looked up by, written beside its body (:func:`~desktop_app.core.journal_entry.
slip_keys`): indexes on expressions of the body's JSON use ``json_extract``, which SQLite 3.40
(Debian 12's) counts unsafe in a schema once ``trusted_schema`` is off."""

SLIP_INDEXES = """
CREATE INDEX IF NOT EXISTS payments_by_nsu_key ON payments (nsu_key);
CREATE INDEX IF NOT EXISTS payments_by_auth_key ON payments (auth_key);
CREATE INDEX IF NOT EXISTS payments_by_last_four_digits ON payments (last_four);
CREATE INDEX IF NOT EXISTS payments_by_cents ON payments (cents);
CREATE INDEX IF NOT EXISTS payments_by_nsu_and_auth ON payments (nsu_key, auth_key);
CREATE INDEX IF NOT EXISTS payments_kept_by_moved ON payments (updated_at) WHERE kept != '';
"""
"""What finding a payment by its slip looks up (:meth:`PaymentJournal.find`), and the day's
kept slips sent (a few among a busy desk's 180,000 entries: read in 90 ms without it, on the
window's thread)."""

DAY_INDEX = "CREATE INDEX IF NOT EXISTS payments_by_day ON payments (store_id, slip_date)"
"""The day close's reading of a store's day."""

INDEXES_OF_VERSION_1 = """
CREATE INDEX IF NOT EXISTS payments_by_nsu ON payments (lower(json_extract(body, '$.nsu')));
CREATE INDEX IF NOT EXISTS payments_by_auth ON payments (lower(json_extract(body, '$.auth')));
CREATE INDEX IF NOT EXISTS payments_by_last_four
    ON payments (substr(json_extract(body, '$.card'), -4));
CREATE INDEX IF NOT EXISTS payments_by_amount ON payments (json_extract(body, '$.amount'));
CREATE INDEX IF NOT EXISTS payments_by_transaction
    ON payments (lower(json_extract(body, '$.nsu')), lower(json_extract(body, '$.auth')));
"""
"""Version 1's indexes on the body's JSON, word for word: a journal of version 1 holds them
(the desk's own), and loses them as it opens (see :data:`SLIP_KEY_COLUMNS`)."""


JOURNAL_VERSION = 2
"""The journal's version (SQLite's ``user_version``): 0 for every journal written before
versions were numbered, whose notes are English sentences; 1 keeps notes as codes
(:class:`~desktop_app.core.journal_notes.Note`) with the service's words beside them; 2 keeps
each slip's keys in columns of their own (:data:`SLIP_KEY_COLUMNS`): a version 1 app, which
would not write them, refuses it."""

WORDS_COLUMN = "ALTER TABLE payments ADD COLUMN words TEXT NOT NULL DEFAULT ''"

NOTES_OF_VERSION_0: dict[str, Note] = {
    "Not sent: it never left this computer.": Note.NEVER_LEFT,
    "Not sent: the session had ended.": Note.SESSION_ENDED,
    "Not sent: the service could not be reached.": Note.UNREACHABLE,
    "Not sent yet.": Note.NOT_SENT_YET,
    "The service could not read this order's payments.": Note.PAYMENTS_UNREADABLE,
    "The service could not be asked whether it has this payment.": Note.COULD_NOT_ASK,
    "The service's list of this order's payments could be read only in part: whether it has"
    " this payment cannot be told.": Note.READ_IN_PART,
    "The service has a payment with this NSU and authorization code, but a different amount or"
    " card.": Note.SAME_TRANSACTION_DIFFERS,
    "The service did not confirm this payment and does not have it.": Note.NOT_AT_THE_SERVICE,
    "The service had this payment already.": Note.HAD_IT_ALREADY,
    "Confirm the order with its customer and balance.": Note.CONFIRM_THE_ORDER,
    "The order has a payment of the same amount and card from around the same time.": (
        Note.NEAR_DUPLICATE
    ),
    "Set aside by the cashier.": Note.SET_ASIDE,
}
"""The English notes journals of version 0 hold, word for word, and their codes. Any other
note there is the service's words (a refusal) or an older version's own: kept as written."""


ADDED = (SLIP_DATE_COLUMN, *KEPT_COLUMNS, WORDS_COLUMN, *SLIP_KEY_COLUMNS)
"""Every column a version added to :data:`SCHEMA`'s, in the order they came."""

SHAPE = Shape.of(
    SCHEMA,
    added={"payments": ADDED},
    indexes=f"{DAY_INDEX};{SLIP_INDEXES};{INDEXES_OF_VERSION_1}",
)
"""What a journal holds, of this version or an earlier one: nothing else (see
:mod:`desktop_app.core.file_shape`)."""


class JournalTooNewError(RuntimeError):
    """The journal was written by a newer version of the app, which this one cannot read."""

    def __init__(self, path: Path, version: int) -> None:
        super().__init__(
            f"{path} is a journal of version {version} (this app reads up to {JOURNAL_VERSION})"
        )
        self.path = path
        self.version = version


def _local_day(moment: str) -> str:
    """The local day of a moment the journal wrote (ISO 8601, in UTC)."""
    return datetime.fromisoformat(moment).astimezone().date().isoformat()


def open_journal_database(path: Path) -> tuple[sqlite3.Connection, threading.Lock]:
    """The journal's file at ``path``, made or carried over to :data:`JOURNAL_VERSION`, and the
    lock that guards its connection; :class:`JournalTooNewError` if a newer version wrote it."""

    def bring_up(conn: sqlite3.Connection, lock: threading.Lock) -> None:
        with lock:
            # One write transaction, taken before the version is read: two apps starting at
            # once carry a journal over once, and a failure half-way leaves it as it was.
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = int(conn.execute("PRAGMA user_version").fetchone()[0])
                if version > JOURNAL_VERSION:
                    raise JournalTooNewError(path, version)
                bring_to_this_version(conn, version)
                _check_once_a_day(conn, path)
                conn.commit()
            except BaseException:
                conn.rollback()
                raise

    return open_database(path, SCHEMA, SHAPE, bring_up)


def bring_to_this_version(conn: sqlite3.Connection, version: int) -> None:
    """A journal of ``version`` (this one's or earlier) brought to :data:`JOURNAL_VERSION`, in
    the transaction the caller holds."""
    _add_columns(conn)
    if version < 1:
        _notes_as_codes(conn)
    conn.execute(f"PRAGMA user_version = {JOURNAL_VERSION}")


def empty_journal() -> sqlite3.Connection:
    """A journal of this version in memory, holding nothing: what is read of a journal that
    cannot be."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    conn.executescript(SCHEMA)
    _add_columns(conn)
    conn.execute(f"PRAGMA user_version = {JOURNAL_VERSION}")
    conn.commit()
    return conn


ADDED_COLUMNS = {statement.split()[5]: statement for statement in ADDED}
"""Each column a version added to :data:`SCHEMA`'s, by name, and how it was added."""


class JournalDamagedError(sqlite3.DatabaseError):
    """SQLite's own check found damaged pages in the journal."""


def _check_once_a_day(conn: sqlite3.Connection, path: Path) -> None:
    """SQLite's check of every page, at the first start of each day: a page damaged since
    (a power cut, a failing disk) is found before a payment is written beside it. The whole
    file is read (0.2 s for 90 days of a busy desk, 180,000 entries): once a day, not at each
    start."""
    today = datetime.now().astimezone().date().isoformat()
    row = conn.execute("SELECT value FROM facts WHERE name = 'checked_on'").fetchone()
    if row is not None and row[0] == today:
        return
    found = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
    if found != "ok":
        raise JournalDamagedError(f"{path}: {found}")
    conn.execute("INSERT OR REPLACE INTO facts VALUES ('checked_on', ?)", (today,))


def _add_columns(conn: sqlite3.Connection) -> None:
    """The columns journals of earlier versions lack, and the indexes every journal has."""
    columns = {row[1] for row in conn.execute("PRAGMA table_info(payments)")}
    if "slip_date" not in columns:
        conn.execute(SLIP_DATE_COLUMN)
        written = conn.execute("SELECT id, created_at FROM payments").fetchall()
        conn.executemany(
            "UPDATE payments SET slip_date = ? WHERE id = ?",
            [(_local_day(created), entry_id) for entry_id, created in written],
        )
    for name, statement in ADDED_COLUMNS.items():
        if name not in columns and name != "slip_date":
            conn.execute(statement)
    for index in _statements(INDEXES_OF_VERSION_1):
        conn.execute("DROP INDEX IF EXISTS " + index.split()[5])  # CREATE INDEX IF NOT EXISTS x
    _key_every_slip(conn)
    conn.execute(DAY_INDEX)
    for index in _statements(SLIP_INDEXES):
        conn.execute(index)  # executescript would commit the carry-over half-way


def _statements(script: str) -> list[str]:
    return [statement for statement in script.split(";") if statement.strip()]


def _key_every_slip(conn: sqlite3.Connection) -> None:
    """Each entry's slip keys from its body, where it has none (carried over from an earlier
    version, or from a damaged journal: never taken from a column of the file)."""
    unkeyed = conn.execute(
        "SELECT id, body FROM payments WHERE nsu_key = '' AND auth_key = '' AND last_four = ''"
    ).fetchall()
    keyed = []
    for entry_id, body in unkeyed:
        try:
            keys = slip_keys(payment_of(body))
        except ValueError:
            continue  # a body that does not read: its entry is not read either
        keyed.append((*keys, entry_id))
    conn.executemany(
        "UPDATE payments SET nsu_key = ?, auth_key = ?, last_four = ?, cents = ? WHERE id = ?",
        keyed,
    )


def _notes_as_codes(conn: sqlite3.Connection) -> None:
    """Version 0's English notes become codes; any other note is kept as written beside its
    code (a refused payment's: the service's words)."""
    rows = conn.execute("SELECT id, state, note FROM payments WHERE note != ''").fetchall()
    carried = []
    for entry_id, state, note in rows:
        code = NOTES_OF_VERSION_0.get(note)
        if code is not None:
            carried.append((code, "", entry_id))
        else:
            carried.append(
                (Note.REFUSED if state == EntryState.REJECTED else Note.AS_WRITTEN, note, entry_id)
            )
    conn.executemany("UPDATE payments SET note = ?, words = ? WHERE id = ?", carried)

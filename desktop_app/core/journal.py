"""The local payment journal: every payment is written here before it is sent.

If the app dies, the network drops or the service answers with an error whose outcome is
unknown, the journal still knows what the cashier recorded, so the payment can be looked for
at the service and never recorded twice. It holds the masked card only (twelve asterisks and
the last four digits) and no token.

Its states, the moves between them and the groups of them are declared once in
:mod:`desktop_app.core.journal_states`; every write here checks its move there.

A slip kept while the service cannot be reached starts ``kept`` (waiting for the service:
:mod:`desktop_app.core.keeping` sends it) or ``held`` (waiting for a person first: its order
was typed by hand, or the service has a payment much like it); it carries what was known when
it was kept (:class:`KeptFacts`). It moves to ``pending`` at the moment its request starts to
leave (``left_at``), never before: a slip still ``kept`` never reached the service.

Each entry keeps the day of its slip (``slip_date``, today unless the cashier said otherwise:
slips are often typed the next morning), which the day close reads. Confirmed entries older
than a setting are removed at start-up and at the first lock of each day
(:meth:`PaymentJournal.prune_daily`); the journal remembers up to which day, so a day close of
an older day can say its data is gone.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import uuid
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from desktop_app.api.card_numbers import MIN_CARD_DIGITS
from desktop_app.api.models import NewPayment
from desktop_app.api.routes import refuse_card_numbers
from desktop_app.core.journal_entry import SELECT_ENTRIES, JournalEntry, entry_of, slip_keys
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_reads import JournalQueries
from desktop_app.core.journal_recording import Recording, RecordingOff
from desktop_app.core.journal_schema import JournalTooNewError, open_journal_database
from desktop_app.core.journal_states import (
    TAKEN_AS_IT_LEAVES,
    TO_LOOK_AT,
    UNSETTLED,
    WAITING_FOR_A_PERSON,
    WAITING_FOR_THE_SERVICE,
    EntryState,
    Group,
    IllegalMoveError,
    check_move,
    moves_into,
)
from desktop_app.core.kept_slip import HoldReason, KeptFacts

if TYPE_CHECKING:
    from desktop_app.core.journal_damaged import CarriedOver


def local_today() -> date:
    """Today in this machine's time zone (the store's day)."""
    return datetime.now().astimezone().date()


def default_journal_path() -> Path:
    """The journal in the user's data folder."""
    return Path(platformdirs.user_data_dir("pos-backoffice", appauthor=False)) / "journal.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat()


_CARD_LONG_DIGITS = re.compile(rf"\d{{{MIN_CARD_DIGITS},}}")


def new_entry_id() -> str:
    """A new entry's id: a random UUID's hex, drawn again while a run of its digits is as long
    as a card number. IT's log names a payment by its id alone, and the log's redaction hides
    a run of digits that reads as a card: about one hex id in 460 held one (its line then named
    no payment); a shorter run is never read as a card. About one draw in 45 is drawn again."""
    while _CARD_LONG_DIGITS.search(candidate := uuid.uuid4().hex):
        pass
    return candidate


class PaymentJournal(JournalQueries):
    """SQLite-backed journal; safe to use from several threads and several app instances."""

    def __init__(
        self,
        path: Path | str,
        readable: sqlite3.Connection | None = None,
        off: RecordingOff | None = None,
    ) -> None:
        """The journal at ``path``, opened to record; or, with recording ``off``, what can be
        read of it (``readable``: see :func:`~desktop_app.core.journal_opening.open_journal`)."""
        self.path = Path(path)
        self.recording = Recording(self.path, off)
        self._conn = readable if readable is not None else open_journal_database(self.path)[0]
        self._lock = threading.Lock()
        self._pruned_on: date | None = None
        self.carried_over: CarriedOver | None = None  # it was damaged: see journal_opening

    def try_recording(self) -> bool:
        """With recording off, open the journal again and write to it: True when that
        succeeded and recording is back (the file as it now is read from then on)."""
        if self.recording.off is None:
            return True
        try:
            fresh = open_journal_database(self.path)[0]
            with fresh:
                fresh.execute("INSERT OR REPLACE INTO facts VALUES ('written_at', ?)", (_now(),))
        except (sqlite3.Error, OSError, JournalTooNewError):
            return False
        with self._lock:
            self._conn, stale = fresh, self._conn
        stale.close()
        self.recording.turn_on()
        return True

    def _writing(self) -> AbstractContextManager[None]:
        """The lock, for a write: refused while recording is off (:mod:`journal_recording`)."""
        return self.recording.writing(self._lock)

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._conn.close()

    def add(
        self,
        store_id: str,
        payment: NewPayment,
        slip_date: date | None = None,
        *,
        kept: KeptFacts | None = None,
        hold: HoldReason | None = None,
    ) -> JournalEntry:
        """Write a new entry, of the slip's day (today when not given): pending (about to be
        sent), or with ``kept`` facts a slip kept for the service (held for a person when
        ``hold`` says why)."""
        # The forms refuse these; before the disk, this is the last gate. Each text on its
        # own, as typed (the JSON escapes what is not ASCII: "４" is "\uff14" there, and no
        # digit); identifiers as the service gave them (CardNumberRefusedError, a ValueError).
        refuse_card_numbers(payment.wire_fields())
        body = payment.to_json().decode()
        entry_id = new_entry_id()
        now = _now()
        day = (slip_date or local_today()).isoformat()
        state = EntryState.PENDING
        if kept is not None:
            state = EntryState.HELD if hold is not None else EntryState.KEPT
        with self._writing(), self._conn:
            self._conn.execute(
                "INSERT INTO payments (id, store_id, order_id, body, state, note, created_at,"
                " updated_at, slip_date, kept, hold, nsu_key, auth_key, last_four, cents)"
                " VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    entry_id, store_id, payment.order_id, body, state, now, now, day,
                    kept.to_json() if kept is not None else "", hold or "", *slip_keys(payment),
                ),
            )  # fmt: skip
        return self.get(entry_id)

    def set_state(
        self,
        entry_id: str,
        state: EntryState,
        note: Note = Note.NONE,
        words: str = "",
        *,
        restorable: bool = False,
    ) -> JournalEntry:
        """Move an entry to ``state``, with what happened (``note``) and the service's own
        ``words`` about it where it gave some.

        ``restorable``: what is written can be learnt again from the service (a payment it has
        confirmed is found there by looking), so the write does not wait for the disk; the next
        write that does carries it there. A power cut in between leaves the entry as it was,
        and looking at the service settles it again."""
        with self._writing():
            if restorable:
                self._conn.execute("PRAGMA synchronous = NORMAL")
            try:
                with self._conn:
                    self._move(entry_id, state, "note = ?, words = ?", (note, words))
            finally:
                if restorable:
                    self._conn.execute("PRAGMA synchronous = FULL")
        return self.get(entry_id)

    def note(self, entry_id: str, state: EntryState, note: Note) -> JournalEntry:
        """Say what happened (``note``: it could not be looked for) of an entry still in the
        ``state`` it was read in; one that moved on since is left as it now stands."""
        with self._writing(), self._conn:
            self._conn.execute(
                "UPDATE payments SET note = ?, words = '', updated_at = ?"
                " WHERE id = ? AND state = ?",
                (note, _now(), entry_id, state),
            )
        return self.get(entry_id)

    def _move(self, entry_id: str, state: EntryState, also: str, values: tuple[str, ...]) -> None:
        """Move an entry to ``state`` (setting ``also`` to ``values`` with it) in one write that
        checks the state it moves from (:data:`~desktop_app.core.journal_states.MOVES`): another
        copy of the app on this file, or another road in this one (a send and a look), may
        have moved it since it was read. Moved to ``state`` already by another road, it is left
        as that road wrote it, and that is no error; moved where ``state`` cannot follow, the
        move is refused (:class:`IllegalMoveError`): a confirmed payment is never undone."""
        sources = moves_into(state)
        moved = self._conn.execute(
            f"UPDATE payments SET state = ?, {also}, updated_at = ?"  # noqa: S608 - ours
            f" WHERE id = ? AND state IN ({', '.join('?' * len(sources))})",
            (state, *values, _now(), entry_id, *sources),
        ).rowcount
        if moved:
            return
        row = self._conn.execute("SELECT state FROM payments WHERE id = ?", (entry_id,)).fetchone()
        if row is None:
            raise KeyError(entry_id)
        if EntryState(row[0]) is not state:
            check_move(EntryState(row[0]), state)  # raises: no such move

    def amend(
        self, entry_id: str, payment: NewPayment, slip_date: date | None = None
    ) -> JournalEntry:
        """Put the slip as the cashier now has it into an entry that never reached the service
        (not sent, or refused), pending again: the same entry is sent again."""
        refuse_card_numbers(payment.wire_fields())
        with self._writing(), self._conn:
            row = self._conn.execute(
                "SELECT state FROM payments WHERE id = ?", (entry_id,)
            ).fetchone()
            if row is None:
                raise KeyError(entry_id)
            if EntryState(row[0]) not in (EntryState.PENDING, EntryState.REJECTED):
                raise IllegalMoveError(f"a {row[0]} payment is never sent again as written")
            day = (slip_date or local_today()).isoformat()
            self._conn.execute(
                "UPDATE payments SET body = ?, order_id = ?, slip_date = ?, state = ?, note = '',"
                " words = '', left_at = '', updated_at = ?, nsu_key = ?, auth_key = ?,"
                " last_four = ?, cents = ? WHERE id = ?",
                (
                    payment.to_json().decode(), payment.order_id, day, EntryState.PENDING,
                    _now(), *slip_keys(payment), entry_id,
                ),
            )  # fmt: skip
        return self.get(entry_id)

    def take_leaving(self, entry_id: str) -> bool:
        """Take a slip as its request starts to leave (pending, ``left_at`` now), in one write:
        a kept slip, a slip sent from the form, or one a person chose to send again after a
        look. False when it can no longer be sent (a person set it aside a moment ago, another
        sender took it, it is confirmed, or it is pending and left before: it may be at the
        service): its request must then not leave.

        Only a kept slip's take waits for the disk: a kept slip still ``kept`` after a power cut
        would be sent again, where a form's slip is looked for at the next start whatever its
        ``left_at`` says."""
        with self._writing():
            row = self._conn.execute(
                "SELECT state, left_at FROM payments WHERE id = ?", (entry_id,)
            ).fetchone()
            if row is None or EntryState(row[0]) not in TAKEN_AS_IT_LEAVES:
                return False
            if row[0] == EntryState.PENDING and row[1]:
                return False  # it left before and may be at the service: looked for, not sent
            restorable = EntryState(row[0]) is not EntryState.KEPT
            if restorable:
                self._conn.execute("PRAGMA synchronous = NORMAL")
            try:
                with self._conn:
                    now = _now()
                    taken = self._conn.execute(
                        "UPDATE payments SET state = ?, note = '', words = '', left_at = ?,"
                        " updated_at = ? WHERE id = ? AND state = ? AND left_at = ?",
                        (EntryState.PENDING, now, now, entry_id, row[0], row[1]),
                    ).rowcount
            finally:
                if restorable:
                    self._conn.execute("PRAGMA synchronous = FULL")
        return taken == 1

    def not_sent(self, entry_id: str, note: Note) -> JournalEntry:
        """A sending that never left: a kept slip is kept again, to go with the next round; a
        form's slip stays pending, to be sent again as the same entry. Set aside meanwhile, it
        stays as the person left it."""
        with self._writing(), self._conn:
            self._conn.execute(
                "UPDATE payments SET state = CASE WHEN kept != '' THEN ? ELSE ? END, note = ?,"
                " words = '', left_at = '', updated_at = ? WHERE id = ? AND state IN (?, ?)",
                (
                    EntryState.KEPT, EntryState.PENDING, note, _now(), entry_id,
                    EntryState.PENDING, EntryState.KEPT,
                ),
            )  # fmt: skip
        return self.get(entry_id)

    def hold(self, entry_id: str, reason: HoldReason, note: Note) -> JournalEntry:
        """A kept slip waits for a person, for ``reason``."""
        with self._writing(), self._conn:
            self._move(entry_id, EntryState.HELD, "hold = ?, note = ?, words = ''", (reason, note))
        return self.get(entry_id)

    def release(self, entry_id: str) -> JournalEntry:
        """A person let a held slip go: kept again, and its hold is not raised again."""
        with self._writing(), self._conn:
            row = self._conn.execute(
                "SELECT kept, hold FROM payments WHERE id = ? AND state = ?",
                (entry_id, EntryState.HELD),
            ).fetchone()
            if row is None:
                raise KeyError(entry_id)
            facts = KeptFacts.from_json(row[0])
            if facts is None:
                raise KeyError(entry_id)
            cleared = replace(facts, cleared=(*facts.cleared, HoldReason(row[1])))
            self._conn.execute(
                "UPDATE payments SET state = ?, hold = '', note = '', words = '', kept = ?,"
                " updated_at = ?"
                " WHERE id = ?",
                (EntryState.KEPT, cleared.to_json(), _now(), entry_id),
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
        """Entries not settled (:data:`~desktop_app.core.journal_states.UNSETTLED`), oldest
        first."""
        return self.entries_of(UNSETTLED)

    def entries_of(self, group: Group) -> list[JournalEntry]:
        """Entries of ``group``, oldest first."""
        where, parameters = group.where()
        return self._select(f"WHERE {where} ORDER BY created_at", parameters)

    def entries_in(self, states: tuple[EntryState, ...]) -> list[JournalEntry]:
        """Entries in any of ``states``, on either road, oldest first."""
        return self.entries_of(Group.of("asked for", *states))

    def count(self, group: Group) -> int:
        """How many entries ``group`` holds (counted by SQLite: asked often)."""
        where, parameters = group.where()  # declared in journal_states: never a person's text
        query = _COUNT + "WHERE " + where
        with self._lock:
            row = self._conn.execute(query, parameters).fetchone()
        return int(row[0])

    def kept_waiting(self) -> int:
        """How many kept slips wait for the service: kept, or caught mid-sending."""
        return self.count(WAITING_FOR_THE_SERVICE)

    def needing_a_person(self) -> int:
        """How many entries wait for a person
        (:data:`~desktop_app.core.journal_states.WAITING_FOR_A_PERSON`)."""
        return self.count(WAITING_FOR_A_PERSON)

    def to_look_at(self) -> list[JournalEntry]:
        """What Pending payments lists, oldest first
        (:data:`~desktop_app.core.journal_states.TO_LOOK_AT`)."""
        return self.entries_of(TO_LOOK_AT)

    def next_kept(self, passed: frozenset[str] = frozenset()) -> JournalEntry | None:
        """The oldest slip waiting for the service, but those in ``passed``."""
        marks = ", ".join("?" * len(passed))
        rows = self._select(
            f"WHERE state = ? AND id NOT IN ({marks}) ORDER BY created_at LIMIT 1",
            (EntryState.KEPT, *passed),
        )
        return rows[0] if rows else None

    def prune(self, keep_days: int, today: date | None = None) -> int:
        """Remove confirmed entries whose slip is more than ``keep_days`` old; how many went.

        Entries not confirmed stay whatever their age: each still needs a decision, or is the
        record of one (refused, set aside)."""
        cutoff = (today or local_today()) - timedelta(days=keep_days)
        if self.recording.off is not None:
            return 0  # they go once the journal can be written again
        with self._writing(), self._conn:
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

    def prune_daily(self, keep_days: int, today: date | None = None) -> int:
        """:meth:`prune`, at most once a day: run at start-up and at each lock, so that a desk
        left open for weeks keeps to its setting without a restart."""
        today = today or local_today()
        if self._pruned_on == today:
            return 0
        self._pruned_on = today
        return self.prune(keep_days, today)

    def pruned_before(self) -> date | None:
        """The day before which confirmed entries were removed (None: none ever were)."""
        with self._lock:
            row = self._conn.execute(
                "SELECT value FROM facts WHERE name = 'pruned_before'"
            ).fetchone()
        return date.fromisoformat(row[0]) if row else None

    def _select(self, where: str, parameters: tuple[Any, ...]) -> list[JournalEntry]:
        query = SELECT_ENTRIES + where  # ``where``: this class's own text, never a person's
        with self._lock:
            rows = self._conn.execute(query, parameters).fetchall()
        return [entry_of(row) for row in rows]


_COUNT = "SELECT COUNT(*) FROM payments "

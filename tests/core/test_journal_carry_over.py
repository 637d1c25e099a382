"""A journal already on a desk is carried over on first start: its notes become codes, and every
entry stands where it stood, the day close totals the same.

``fixtures/journal_written_by_ee93795.sqlite3`` was written by the app at commit ee93795 (the
last whose notes were English sentences): an entry in every state, with every note that version
wrote, two refusals in the service's words, a note no version of the app recognises, and other
stores and days. ``fixtures/journal_written_by_ee93795.json`` is what that version read from it:
each entry's state, three day closes, what Pending payments listed and what the bar
counted."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections import Counter
from contextlib import closing
from datetime import date
from pathlib import Path

import pytest

from desktop_app.core.day_close.closing import close_day
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_schema import JOURNAL_VERSION, JournalTooNewError
from desktop_app.core.journal_states import EntryState, Group

FIXTURES = Path(__file__).parent / "fixtures"
WRITTEN = FIXTURES / "journal_written_by_ee93795.sqlite3"
READ_THEN = json.loads((FIXTURES / "journal_written_by_ee93795.json").read_text())

S = EntryState
CARRIED_NOTES = Counter(
    {
        (S.CONFIRMED, Note.NONE, ""): 8,
        (S.CONFIRMED, Note.HAD_IT_ALREADY, ""): 1,
        (S.PENDING, Note.NEVER_LEFT, ""): 1,
        (S.PENDING, Note.SESSION_ENDED, ""): 1,
        (S.PENDING, Note.COULD_NOT_ASK, ""): 1,
        (S.PENDING, Note.NONE, ""): 2,  # one from the form, one kept slip caught mid-sending
        (S.NEEDS_REVIEW, Note.READ_IN_PART, ""): 1,
        (S.NEEDS_REVIEW, Note.SAME_TRANSACTION_DIFFERS, ""): 1,
        (S.NEEDS_REVIEW, Note.NOT_AT_THE_SERVICE, ""): 1,
        (S.NEEDS_REVIEW, Note.AS_WRITTEN, "Looked for at 10:02; not found."): 1,
        (S.REJECTED, Note.REFUSED, "Order 113 is already fully paid."): 1,
        (S.REJECTED, Note.REFUSED, "Pagamento recusado: pedido cancelado"): 1,
        (S.SET_ASIDE, Note.SET_ASIDE, ""): 1,
        (S.KEPT, Note.NONE, ""): 1,
        (S.KEPT, Note.NOT_SENT_YET, ""): 1,
        (S.KEPT, Note.UNREACHABLE, ""): 1,
        (S.KEPT, Note.SESSION_ENDED, ""): 1,
        (S.KEPT, Note.PAYMENTS_UNREADABLE, ""): 1,
        (S.HELD, Note.CONFIRM_THE_ORDER, ""): 1,
        (S.HELD, Note.NEAR_DUPLICATE, ""): 1,
        (S.HELD, Note.SAME_TRANSACTION_DIFFERS, ""): 1,
        (S.HELD, Note.READ_IN_PART, ""): 1,
    }
)
"""Every entry of the fixture after the carry-over: its state, its note's code, the words kept
beside it (the service's, or a note not recognised, as written)."""


@pytest.fixture
def carried(tmp_path: Path) -> PaymentJournal:
    """The journal of the desk, a copy of the fixture, opened by this version."""
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(WRITTEN, path)
    return PaymentJournal(path)


def every_entry(journal: PaymentJournal) -> list[JournalEntry]:
    return journal.entries_in(tuple(EntryState))


def test_every_entry_stands_where_it_stood(carried: PaymentJournal) -> None:
    assert {e.id: str(e.state) for e in every_entry(carried)} == READ_THEN["states"]


def assert_day_closes_as_then(journal: PaymentJournal) -> None:
    """The fixture's three day closes, as the version that wrote it read them."""
    for then in READ_THEN["day_closes"]:
        now = close_day(journal, then["store"], date.fromisoformat(then["day"]))
        assert str(now.amount) == then["amount"]
        totals = [
            [t.kind.brand, t.kind.payment_type, str(t.kind.split), t.count, str(t.amount)]
            for t in now.totals
        ]
        assert totals == then["totals"]
        apart = {str(s): sorted(e.id for e in entries) for s, entries in now.apart.items()}
        assert apart == then["apart"]


def test_the_day_closes_are_the_same(carried: PaymentJournal) -> None:
    assert_day_closes_as_then(carried)


def test_the_notes_become_codes_and_the_services_words_stay_as_written(
    carried: PaymentJournal,
) -> None:
    found = Counter((e.state, e.note, e.words) for e in every_entry(carried))
    assert found == CARRIED_NOTES


def test_pending_payments_and_the_bar_count_the_same(carried: PaymentJournal) -> None:
    assert [e.id for e in carried.to_look_at()] == READ_THEN["to_look_at"]
    assert carried.needing_a_person() == READ_THEN["needing_a_person"]
    assert carried.kept_waiting() == READ_THEN["kept_waiting"]


def test_the_journal_says_its_version_and_a_second_start_changes_nothing(
    carried: PaymentJournal, tmp_path: Path
) -> None:
    carried.close()
    path = tmp_path / "journal.sqlite3"
    with closing(sqlite3.connect(path)) as raw, raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (JOURNAL_VERSION,)
        rows = raw.execute("SELECT * FROM payments ORDER BY id").fetchall()
    again = PaymentJournal(path)
    again.close()
    with closing(sqlite3.connect(path)) as raw, raw:
        assert raw.execute("SELECT * FROM payments ORDER BY id").fetchall() == rows


def test_a_journal_of_a_newer_version_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(WRITTEN, path)
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute(f"PRAGMA user_version = {JOURNAL_VERSION + 1}")
        raw.execute("UPDATE payments SET note = 'a code of a version to come' WHERE note != ''")
    before = path.read_bytes()
    with pytest.raises(JournalTooNewError):
        PaymentJournal(path)
    assert path.read_bytes() == before


def test_a_note_of_an_unknown_code_is_shown_as_written(carried: PaymentJournal) -> None:
    entry = carried.entries_of(Group.of("refused", S.SET_ASIDE))[0]
    with closing(sqlite3.connect(carried.path)) as raw, raw:
        raw.execute("UPDATE payments SET note = 'checked_by_phone' WHERE id = ?", (entry.id,))
    shown = carried.get(entry.id)
    assert (shown.note, shown.words) == (Note.AS_WRITTEN, "checked_by_phone")


def test_each_slip_of_an_earlier_journal_is_found_by_what_is_printed_on_it(tmp_path: Path) -> None:
    """Version 1 looked slips up through indexes on the body's JSON, which a connection that
    trusts nothing of its schema cannot even read (issue 87): the keys move to columns of their
    own as the journal opens, and every slip is found as before."""
    path = tmp_path / "journal.sqlite3"
    shutil.copy(WRITTEN, path)
    journal = PaymentJournal(path)
    for entry in journal.entries_in(tuple(EntryState)):
        payment = entry.payment
        for printed in (payment.nsu.upper(), payment.auth.lower(), f"{payment.amount:.2f}"):
            assert entry in journal.find(printed), printed
        assert entry in journal.find(payment.card[-4:])
    names = {name for (name,) in journal._conn.execute("SELECT name FROM sqlite_schema")}
    assert not names & {"payments_by_nsu", "payments_by_auth", "payments_by_amount"}

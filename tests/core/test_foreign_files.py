"""No file the desk did not make is obeyed (issue 87): a journal or an invoice book holding a
trigger, a view or anything else the desk never writes is damaged. Its code never runs; the file
is kept aside untouched; what its tables hold is carried over by ``SELECT``; IT is told. Every
file is real, edited with SQLite as anyone with the account could."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop_app.core.file_shape import defensive
from desktop_app.core.invoices import InvoiceBook, InvoiceRecord
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_opening import open_journal
from desktop_app.core.journal_states import EntryState
from tests.core.test_journal import slip

FORGED = (
    "INSERT INTO payments (id, store_id, order_id, body, state, created_at, updated_at)"
    " SELECT 'forged', store_id, order_id, body, 'confirmed', created_at, updated_at"
    " FROM payments WHERE id = NEW.id"
)


def a_journal(tmp_path: Path, *edits: str) -> tuple[Path, bytes]:
    """A journal the desk wrote, with one slip waiting, then edited by ``edits``; the path and
    the file's bytes as edited."""
    path = tmp_path / "journal.sqlite3"
    journal = PaymentJournal(path)
    journal.add("001", slip("7"))
    journal.close()
    with closing(sqlite3.connect(path)) as other:
        for edit in edits:
            other.execute(edit)
        other.commit()
        other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path, path.read_bytes()


def carried_over(path: Path, before: bytes, caplog: pytest.LogCaptureFixture) -> PaymentJournal:
    """The journal the desk opens at ``path``: a new one, the edited file kept aside as it was
    and IT told what it held."""
    with caplog.at_level(logging.WARNING):
        journal = open_journal(path)
    assert journal.recording.off is None
    assert journal.carried_over is not None
    assert journal.carried_over.aside.read_bytes() == before  # untouched, for IT
    assert "holds what this app never makes" in caplog.text
    with closing(sqlite3.connect(path)) as new:
        kinds = {kind for (kind,) in new.execute("SELECT type FROM sqlite_schema")}
    assert kinds == {"table", "index"}
    return journal


def test_a_trigger_that_forges_a_confirmed_payment_never_runs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, before = a_journal(
        tmp_path, f"CREATE TRIGGER forge AFTER INSERT ON payments BEGIN {FORGED}; END"
    )
    journal = carried_over(path, before, caplog)
    journal.add("001", slip("8"))  # the desk's next write
    assert sorted(e.payment.nsu for e in journal.open_entries()) == ["7", "8"]
    assert journal.entries_in((EntryState.CONFIRMED,)) == []  # no day close counts a forgery


def test_a_trigger_that_raises_at_every_start_does_not_stop_the_desk(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, before = a_journal(
        tmp_path,
        "UPDATE facts SET value = '2000-01-01' WHERE name = 'checked_on'",  # checked at start
        "CREATE TRIGGER stop BEFORE INSERT ON facts BEGIN SELECT RAISE(ABORT, 'no'); END",
        "CREATE TRIGGER stop_too BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'no'); END",
    )
    journal = carried_over(path, before, caplog)
    assert journal.add("001", slip("8")).state is EntryState.PENDING
    assert len(journal.open_entries()) == 2


def test_a_view_where_the_payments_are_read_shows_none_of_its_rows(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, before = a_journal(
        tmp_path,
        "ALTER TABLE payments RENAME TO kept_elsewhere",
        "CREATE VIEW payments AS SELECT * FROM kept_elsewhere"
        " UNION ALL SELECT 'forged', store_id, order_id, body, 'confirmed', note, created_at,"
        " updated_at, slip_date, kept, hold, left_at, words, nsu_key, auth_key, last_four, cents"
        " FROM kept_elsewhere",
    )
    journal = carried_over(path, before, caplog)
    assert journal.carried_over is not None and journal.carried_over.shape_lost  # IT is told
    assert journal.entries_in(tuple(EntryState)) == []  # nothing read from a view


def test_a_table_the_desk_never_makes_is_damage_too(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, before = a_journal(tmp_path, "CREATE TABLE notes (text TEXT)")
    journal = carried_over(path, before, caplog)
    assert [e.payment.nsu for e in journal.open_entries()] == ["7"]


@pytest.mark.parametrize(
    "edit",
    [
        "ALTER TABLE payments ADD COLUMN forged TEXT DEFAULT 'confirmed'",  # a column never added
        "ALTER TABLE payments RENAME TO older; CREATE TABLE payments (id TEXT, body TEXT)",
    ],
    ids=["a-column-the-desk-never-adds", "a-table-of-the-name-made-otherwise"],
)
def test_a_payments_table_the_desk_did_not_grow_is_damage(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, edit: str
) -> None:
    path, before = a_journal(tmp_path, *edit.split("; "))
    carried_over(path, before, caplog)


def test_every_file_is_read_trusting_nothing_of_its_schema(tmp_path: Path) -> None:
    """``trusted_schema`` off on every connection; SQLite's defensive mode where this Python
    can set it (3.12+: Debian 13's; Debian 12's and Windows' 3.11 cannot, and say None)."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    book = InvoiceBook(tmp_path / "invoices.sqlite3")
    for connection in (journal._conn, book._conn):
        assert connection.execute("PRAGMA trusted_schema").fetchone()[0] == 0
        assert defensive(connection) is (None if not hasattr(connection, "setconfig") else True)


def test_an_invoice_book_with_a_trigger_is_kept_aside_and_its_invoices_carried_over(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "invoices.sqlite3"
    book = InvoiceBook(path)
    book.add(InvoiceRecord(store_id="001", order_id=7, number="123", series="1"))
    book.close()
    with closing(sqlite3.connect(path)) as other:
        other.execute(
            "CREATE TRIGGER forge AFTER INSERT ON invoices BEGIN"
            " UPDATE invoices SET number = '999' WHERE order_id = 7; END"
        )
        other.commit()
    before = path.read_bytes()
    with caplog.at_level(logging.WARNING):
        book = InvoiceBook(path)
    assert "holds what this app never makes" in caplog.text
    asides = [p for p in tmp_path.iterdir() if p.name.startswith("invoices.sqlite3.damaged-")]
    assert [p.read_bytes() for p in asides if not p.name.endswith(("-wal", "-shm"))] == [before]
    book.add(InvoiceRecord(store_id="001", order_id=8, number="124", series="1"))
    record = book.get("001", 7)
    assert record is not None and record.number == "123"  # carried, and no trigger ran


def test_an_invoice_book_whose_invoices_are_a_view_carries_none_of_its_rows(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Its invoices moved into another table and shown through a view that adds a forged one:
    kept aside, and nothing read from the view; the new book records."""
    path = tmp_path / "invoices.sqlite3"
    book = InvoiceBook(path)
    book.add(InvoiceRecord(store_id="001", order_id=7, number="123", series="1"))
    book.close()
    with closing(sqlite3.connect(path)) as other:
        other.execute("ALTER TABLE invoices RENAME TO kept_elsewhere")
        other.execute(
            "CREATE VIEW invoices AS SELECT * FROM kept_elsewhere UNION ALL SELECT '001', 8,"
            " '666', '1', '', '', '', '', 0, '' FROM kept_elsewhere"
        )
        other.commit()
    with caplog.at_level(logging.WARNING):
        book = InvoiceBook(path)
    assert book.get("001", 7) is None and book.get("001", 8) is None
    book.add(InvoiceRecord(store_id="001", order_id=9, number="125", series="1"))
    assert book.get("001", 9) is not None

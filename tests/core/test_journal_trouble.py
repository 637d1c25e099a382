"""What keeps a real journal from being used, read from the error its opening or writing
raises: each cause is told apart (the way forward differs for each)."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from decimal import Decimal
from pathlib import Path

import pytest

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_recording import RecordingOffError
from desktop_app.core.journal_trouble import Trouble, trouble_of


def _opening(path: Path) -> BaseException:
    with pytest.raises(Exception) as raised:  # noqa: PT011 - the kinds are what is tested
        PaymentJournal(path).close()
    return raised.value


def test_a_file_that_is_no_database_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"not a database " * 300)
    assert trouble_of(_opening(path)) is Trouble.DAMAGED


def test_a_journal_of_a_newer_version_is_too_new(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    PaymentJournal(path).close()
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("PRAGMA user_version = 99")
    assert trouble_of(_opening(path)) is Trouble.TOO_NEW


def test_a_journal_whose_folder_cannot_be_made_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    assert trouble_of(_opening(tmp_path / "a-file" / "journal.sqlite3")) is Trouble.CANNOT_WRITE


def test_a_journal_with_no_room_left_is_on_a_full_disk(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    journal._conn.execute("PRAGMA max_page_count = 40")  # SQLite's own limit: a disk this full
    payment = NewPayment(
        order_id=1, card="************4242", auth="A", nsu="1", installments=1,
        amount=Decimal("1.00"), flag_name="Visa", payment_type="credit", user_id=2001,
    )  # fmt: skip
    with pytest.raises(RecordingOffError) as raised:  # recording turns off: see journal_opening
        for _ in range(10_000):
            journal.add("001", payment)
    assert trouble_of(raised.value.__cause__ or raised.value) is Trouble.DISK_FULL
    journal.close()


def test_other_errors_are_no_journal_trouble() -> None:
    assert trouble_of(ValueError("no")) is None
    assert trouble_of(sqlite3.IntegrityError("constraint")) is None


def test_a_write_refused_for_what_it_holds_is_no_trouble_of_the_disk(tmp_path: Path) -> None:
    """SQLite refusing a write by the journal's own rules (a second entry of one id) says the
    write was wrong, not the disk: it goes up as it is, and recording stays on."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", NewPayment(
        order_id=1, card="************4242", auth="A1", nsu="1", installments=1,
        amount=Decimal("1.00"), flag_name="Visa", payment_type="credit", user_id=1,
    ))  # fmt: skip
    with pytest.raises(sqlite3.IntegrityError), journal._writing(), journal._conn:
        journal._conn.execute(
            "INSERT INTO payments SELECT * FROM payments WHERE id = ?", (entry.id,)
        )
    assert journal.recording.off is None
    assert journal.get(entry.id) == entry

"""The real program started on a payment journal a hostile desk leaves it (issue 67): read-only
(its file, or its folder), a full disk, garbage, a newer version's. It starts, says in words
why payments cannot be recorded or what became of the journal (the log holds them for IT),
deletes nothing, and a SIGTERM ends it within 5 s. A full disk freed brings recording back.

Read-only and full are made with mounts in a namespace of the program's own (a chmod does not
stop root, which CI may be): they bind whoever runs it, and go with it."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from decimal import Decimal
from pathlib import Path

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_schema import JOURNAL_VERSION
from tests.e2e.test_bad_files import Running, start_and_stop

SLIP = NewPayment(
    order_id=100001, card="************4242", auth="AB12", nsu="777", installments=1,
    amount=Decimal("10.00"), flag_name="Visa", payment_type="credit", user_id=2001,
)  # fmt: skip


def journal_of(home: Path) -> Path:
    """Where the program keeps its journal (the user's data folder)."""
    return home / "data" / "pos-backoffice" / "journal.sqlite3"


def a_journal_with_a_pending_payment(home: Path) -> Path:
    path = journal_of(home)
    journal = PaymentJournal(path)
    journal.add("1", SLIP)
    journal.close()
    return path


def read_only(path: Path) -> str:
    return f"mount --bind '{path}' '{path}'; mount -o remount,ro,bind '{path}' '{path}'"


def test_a_read_only_journal_is_read_and_records_nothing(tmp_path: Path) -> None:
    path = a_journal_with_a_pending_payment(tmp_path)
    before = path.read_bytes()
    log = start_and_stop(tmp_path, read_only(path))
    assert (
        f"Payments cannot be recorded: this computer cannot write its payment journal ({path}):"
        " the file or its folder is read-only. Orders and lookups still work." in log
    )
    assert f"payment journal {path}: 1 pending" in log  # what it holds is still read
    assert path.read_bytes() == before


def test_a_journal_in_a_read_only_folder_is_read_and_records_nothing(tmp_path: Path) -> None:
    path = a_journal_with_a_pending_payment(tmp_path)
    before = path.read_bytes()
    log = start_and_stop(tmp_path, read_only(path.parent))
    assert f"cannot write its payment journal ({path})" in log
    assert f"payment journal {path}: 1 pending" in log
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["journal.sqlite3"]


def test_a_full_disk_records_nothing_until_space_is_freed(tmp_path: Path) -> None:
    folder = journal_of(tmp_path).parent
    folder.mkdir(parents=True)
    full = f"mount -t tmpfs -o size=128k tmpfs '{folder}'; cat /dev/zero > '{folder}/filler' || :"

    def free_the_disk(running: Running) -> None:
        running.wait_for(f"the disk that holds the payment journal ({folder / 'journal.sqlite3'})")
        # Seen through the program's own root: its mounts are its alone.
        (Path(f"/proc/{running.process.pid}/root") / str(folder).lstrip("/") / "filler").unlink()
        running.wait_for(f"the payment journal {folder / 'journal.sqlite3'} records again")

    log = start_and_stop(tmp_path, full, meanwhile=free_the_disk)
    assert "Orders and lookups still work. Free some space on it, or ask IT" in log


def test_a_journal_on_a_disk_that_filled_up_is_said_to_be_on_a_full_disk(tmp_path: Path) -> None:
    """The journal was there before the disk filled up: SQLite says "disk I/O error" as it
    sets up its write-ahead log, and the disk itself says why (issue 87)."""
    made = a_journal_with_a_pending_payment(tmp_path / "made")
    path = journal_of(tmp_path)
    path.parent.mkdir(parents=True)
    full = (
        f"mount -t tmpfs -o size=256k tmpfs '{path.parent}'; cp '{made}' '{path}';"
        f" cat /dev/zero > '{path.parent}/filler' || :"
    )
    log = start_and_stop(tmp_path, full)
    assert f"the disk that holds the payment journal ({path})" in log
    assert "Free some space on it, or ask IT" in log
    assert "read-only" not in log


def test_garbage_in_the_journal_is_kept_aside_and_a_new_journal_starts(tmp_path: Path) -> None:
    path = journal_of(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database " * 300)
    # Stopped once the person's words are out (said after the window is up: a busy machine said
    # them after the stop had come); the log's own line, said earlier, also says "was damaged".
    words = "This computer's payment journal was damaged"
    log = start_and_stop(tmp_path, meanwhile=lambda running: running.wait_for(words))
    (aside,) = path.parent.glob("journal.sqlite3.damaged-*")
    assert aside.read_bytes() == b"not a database " * 300  # kept, never deleted
    assert (
        "This computer's payment journal was damaged, and nothing in it could be read. It is"
        f" kept as {aside}, and a new, empty one was started: ask IT to check this computer's"
        " payments at the service." in log
    )
    with closing(sqlite3.connect(path)) as raw:  # the new journal
        assert raw.execute("SELECT COUNT(*) FROM payments").fetchone() == (0,)


def test_a_newer_versions_journal_is_refused_naming_both_versions(tmp_path: Path) -> None:
    path = a_journal_with_a_pending_payment(tmp_path)
    with closing(sqlite3.connect(path)) as raw:  # closed: the version is in the file itself
        raw.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    log = start_and_stop(tmp_path)
    assert (
        f"Payments cannot be recorded: the payment journal ({path}) was written by a newer"
        " version of POS Back-Office (journal version 99; this version reads up to"
        f" {JOURNAL_VERSION}). Nothing in it was changed." in log
    )
    assert path.read_bytes() == before

"""Files holding people's data are their owner's only: the journal and the invoice book (with
SQLite's companions), the log and its rotated files, exports; those an earlier version left
readable are made so at start, and logs from before passwords were kept out are removed."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from desktop_app.core import owner_only
from desktop_app.core.invoices import InvoiceBook
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_opening import open_journal
from desktop_app.core.redaction import CLEAN_MARK, LOG_NAME, forget_logs_from_before


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_journal_and_the_invoice_book_are_their_owners_only(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "pos-backoffice"
    PaymentJournal(folder / "journal.sqlite3")
    InvoiceBook(folder / "invoices.sqlite3")
    files = sorted(folder.iterdir())
    assert {f.name for f in files} >= {"journal.sqlite3", "journal.sqlite3-wal", "invoices.sqlite3"}
    assert all(mode(f) == 0o600 for f in files), [(f.name, oct(mode(f))) for f in files]
    assert mode(folder) == 0o700


@pytest.mark.parametrize("shared_mode", [0o1777, 0o755], ids=["like-tmp", "like-etc"])
def test_a_journal_named_in_a_folder_not_the_apps_leaves_that_folder_as_it_is(
    tmp_path: Path, shared_mode: int
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, shared_mode)
    PaymentJournal(shared / "journal.sqlite3").close()
    assert mode(shared) == shared_mode  # others' files there stay theirs to reach
    assert mode(shared / "journal.sqlite3") == 0o600


@pytest.mark.allow_error_logs  # IT's log says recording is off
def test_a_journal_named_at_a_pipe_is_never_opened_nor_changed(tmp_path: Path) -> None:
    pipe = tmp_path / "journal.sqlite3"
    os.mkfifo(pipe, 0o644)
    journal = open_journal(pipe)
    assert journal.recording.off is not None  # and nothing waited on the pipe
    assert mode(pipe) == 0o644 and stat.S_ISFIFO(pipe.stat().st_mode)


def test_files_an_earlier_version_left_readable_are_made_owner_only_at_start(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "pos-backoffice"  # the app's own folder
    path = folder / "journal.sqlite3"
    PaymentJournal(path)
    companions = [path, *(path.with_name(path.name + s) for s in ("-wal", "-shm"))]
    for file in [f for f in companions if f.exists()]:
        os.chmod(file, 0o644)
    os.chmod(folder, 0o755)  # noqa: S103 - an earlier version's folder, open to all
    PaymentJournal(path)
    assert all(mode(f) == 0o600 for f in companions if f.exists())
    assert mode(folder) == 0o700


def test_a_log_and_each_of_its_rotated_files_are_owner_only(tmp_path: Path) -> None:
    path = tmp_path / LOG_NAME
    handler = owner_only.RotatingLog(path, maxBytes=200, backupCount=3, encoding="utf-8")
    logger = logging.getLogger("tests.owner_only")
    logger.addHandler(handler)
    try:
        for line in range(40):
            logger.warning("line %d of a long day at the desk", line)
    finally:
        logger.removeHandler(handler)
        handler.close()
    logs = sorted(tmp_path.glob(LOG_NAME + "*"))
    assert len(logs) == 4 and all(mode(log) == 0o600 for log in logs)


def test_an_export_is_owner_only_even_over_a_file_that_was_not(tmp_path: Path) -> None:
    path = tmp_path / "orders.csv"
    path.write_text("old")
    os.chmod(path, 0o644)
    with owner_only.open_for_writing(path, encoding="utf-8", newline="") as handle:
        handle.write("order;amount\n")
    assert mode(path) == 0o600 and path.read_text(encoding="utf-8") == "order;amount\n"


def test_logs_from_before_passwords_were_kept_out_are_removed_once(tmp_path: Path) -> None:
    old = [tmp_path / LOG_NAME, tmp_path / f"{LOG_NAME}.1", tmp_path / f"{LOG_NAME}.5"]
    for log in old:
        log.write_text("DEBUG qasync: got callback partial(..., 'ana', 'her password')\n")
    other = tmp_path / "notes.txt"
    other.write_text("kept")
    forget_logs_from_before(tmp_path)
    assert not any(log.exists() for log in old) and other.exists()
    assert mode(tmp_path / CLEAN_MARK) == 0o600
    (tmp_path / LOG_NAME).write_text("written by this version\n")
    forget_logs_from_before(tmp_path)  # later starts leave this version's logs alone
    assert (tmp_path / LOG_NAME).read_text() == "written by this version\n"

"""Files holding people's data are their owner's only: the journal and the invoice book (with
SQLite's companions), the log and its rotated files, exports; those an earlier version left
readable are made so at start, and logs from before passwords were kept out are removed.

On Windows the person's own profile protects them (process/system): there each test checks
what the app does of them (written, rotated, removed, left writable), and the tests of POSIX
modes by nature have their Windows counterparts at the end."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from desktop_app.core import owner_only
from desktop_app.core.invoices import InvoiceBook
from desktop_app.core.journal import PaymentJournal, default_journal_path
from desktop_app.core.journal_opening import open_journal
from desktop_app.core.redaction import CLEAN_MARK, LOG_NAME, forget_logs_from_before
from desktop_app.process.system import WINDOWS
from tests.platforms import posix_by_nature


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def owners_only(path: Path) -> bool:
    """0600 for a file, 0700 for a folder; on Windows, left writable by its owner (the app sets
    no attribute there: the profile's access list keeps others out)."""
    if WINDOWS:
        return os.access(path, os.W_OK)
    return mode(path) == (0o700 if path.is_dir() else 0o600)


def test_the_journal_and_the_invoice_book_are_their_owners_only(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "pos-backoffice"
    PaymentJournal(folder / "journal.sqlite3")
    InvoiceBook(folder / "invoices.sqlite3")
    files = sorted(folder.iterdir())
    assert {f.name for f in files} >= {"journal.sqlite3", "journal.sqlite3-wal", "invoices.sqlite3"}
    assert all(owners_only(f) for f in files), [(f.name, oct(mode(f))) for f in files]
    assert owners_only(folder)


@posix_by_nature("test_on_windows_a_journal_in_a_shared_folder_changes_nothing_of_it")
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


@posix_by_nature("test_a_journal_named_at_a_folder_is_never_opened_nor_changed")
@pytest.mark.allow_error_logs  # IT's log says recording is off
def test_a_journal_named_at_a_pipe_is_never_opened_nor_changed(tmp_path: Path) -> None:
    pipe = tmp_path / "journal.sqlite3"
    os.mkfifo(pipe, 0o644)
    journal = open_journal(pipe)
    assert journal.recording.off is not None  # and nothing waited on the pipe
    assert mode(pipe) == 0o644 and stat.S_ISFIFO(pipe.stat().st_mode)


@posix_by_nature("test_on_windows_the_desks_data_is_in_the_persons_own_profile")
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
    assert len(logs) == 4 and all(owners_only(log) for log in logs)


def test_an_export_is_owner_only_even_over_a_file_that_was_not(tmp_path: Path) -> None:
    path = tmp_path / "orders.csv"
    path.write_text("old")
    os.chmod(path, 0o644)
    with owner_only.open_for_writing(path, encoding="utf-8", newline="") as handle:
        handle.write("order;amount\n")
    assert owners_only(path) and path.read_text(encoding="utf-8") == "order;amount\n"


def test_logs_from_before_passwords_were_kept_out_are_removed_once(tmp_path: Path) -> None:
    old = [tmp_path / LOG_NAME, tmp_path / f"{LOG_NAME}.1", tmp_path / f"{LOG_NAME}.5"]
    for log in old:
        log.write_text("DEBUG qasync: got callback partial(..., 'ana', 'her password')\n")
    other = tmp_path / "notes.txt"
    other.write_text("kept")
    forget_logs_from_before(tmp_path)
    assert not any(log.exists() for log in old) and other.exists()
    assert owners_only(tmp_path / CLEAN_MARK)
    (tmp_path / LOG_NAME).write_text("written by this version\n")
    forget_logs_from_before(tmp_path)  # later starts leave this version's logs alone
    assert (tmp_path / LOG_NAME).read_text() == "written by this version\n"


@pytest.mark.allow_error_logs  # IT's log says recording is off
def test_a_journal_named_at_a_folder_is_never_opened_nor_changed(tmp_path: Path) -> None:
    folder = tmp_path / "journal.sqlite3"
    folder.mkdir()
    (folder / "theirs.txt").write_text("kept")
    journal = open_journal(folder)
    assert journal.recording.off is not None
    assert [f.name for f in folder.iterdir()] == ["theirs.txt"]


@pytest.mark.skipif(not WINDOWS, reason="Windows' own: its POSIX counterpart is the modes' test")
def test_on_windows_the_desks_data_is_in_the_persons_own_profile() -> None:
    profile = Path(os.environ["LOCALAPPDATA"]).resolve()
    assert default_journal_path().resolve().is_relative_to(profile)


@pytest.mark.skipif(not WINDOWS, reason="Windows' own: its POSIX counterpart is the modes' test")
def test_on_windows_a_journal_in_a_shared_folder_changes_nothing_of_it(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    before = shared.stat().st_file_attributes  # type: ignore[attr-defined]
    PaymentJournal(shared / "journal.sqlite3").close()
    assert shared.stat().st_file_attributes == before  # type: ignore[attr-defined]
    assert owners_only(shared / "journal.sqlite3")

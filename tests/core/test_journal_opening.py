"""A journal whatever its file's state (issue 67): a damaged one is kept aside and carried over,
one that cannot be written opens with recording off until a write succeeds, a newer version's
is refused untouched.

``fixtures/journal_written_by_b268490.sqlite3`` is the journal of ``test_journal_carry_over``
as the app at commit b268490 (the main before this change) left it after opening it: version 1,
every state and note, three stores' days. What that version read from it is the same as then
(``journal_written_by_ee93795.json``)."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from decimal import Decimal
from pathlib import Path

import pytest

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_opening import open_journal
from desktop_app.core.journal_recording import RecordingOffError
from desktop_app.core.journal_schema import JOURNAL_VERSION
from desktop_app.core.journal_states import EntryState
from desktop_app.core.journal_trouble import Trouble
from tests.core.test_journal_carry_over import READ_THEN, assert_day_closes_as_then

FIXTURES = Path(__file__).parent / "fixtures"
WRITTEN = FIXTURES / "journal_written_by_b268490.sqlite3"
PAGE = 4096
INDEX_PAGE = 8  # the root (and only) page of payments_by_nsu in the fixture
TABLE_LEAF = 14  # the second of the three leaves of its payments table: ten entries
ID_INDEX = 3  # sqlite_autoindex_payments_1: each entry's id by its row
TABLE_ROOT = 2  # the payments table's interior page, over its three leaves


def a_slip(nsu: str = "777") -> NewPayment:
    return NewPayment(
        order_id=100001, card="************4242", auth="AB12", nsu=nsu, installments=1,
        amount=Decimal("10.00"), flag_name="Visa", payment_type="credit", user_id=2001,
    )  # fmt: skip


def every_entry(journal: PaymentJournal) -> dict[str, JournalEntry]:
    return {e.id: e for e in journal.entries_in(tuple(EntryState))}


def damaged_at(tmp_path: Path, *pages: int, garble: str = "") -> Path:
    """The fixture with ``pages`` overwritten; ``garble``: that entry's slip made unreadable
    first (valid to SQLite, no slip to the desk), as a failing disk's bits can leave it."""
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(WRITTEN, path)
    if garble:
        with closing(sqlite3.connect(path)) as raw, raw:
            raw.execute("UPDATE payments SET body = '{\"nsu\": 1}' WHERE id = ?", (garble,))
    data = bytearray(path.read_bytes())
    for page in pages:
        data[(page - 1) * PAGE : page * PAGE] = b"\xff" * PAGE
    path.write_bytes(bytes(data))
    return path


def test_a_journal_written_by_the_main_before_opens_with_the_same_day_closes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(WRITTEN, path)
    journal = open_journal(path)
    assert journal.recording.off is None and journal.carried_over is None
    assert {e.id: str(e.state) for e in every_entry(journal).values()} == READ_THEN["states"]
    assert_day_closes_as_then(journal)


def test_a_damaged_journal_is_kept_aside_and_carried_over_with_the_same_day_closes(
    tmp_path: Path,
) -> None:
    path = damaged_at(tmp_path, INDEX_PAGE)  # SQLite's own check finds it
    damaged = path.read_bytes()
    journal = open_journal(path)
    carried = journal.carried_over
    assert carried is not None and carried.carried == len(READ_THEN["states"])
    assert carried.not_read == () and not carried.shape_lost
    assert carried.aside.read_bytes() == damaged  # kept, byte for byte: never deleted
    assert {e.id: str(e.state) for e in every_entry(journal).values()} == READ_THEN["states"]
    assert_day_closes_as_then(journal)
    assert journal.add("1", a_slip()).state is EntryState.PENDING  # it records
    with closing(sqlite3.connect(path)) as raw, raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (JOURNAL_VERSION,)


def test_a_damaged_page_loses_only_its_entries_and_it_is_told_which(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    whole.mkdir()
    shutil.copyfile(WRITTEN, whole / "journal.sqlite3")
    before = every_entry(PaymentJournal(whole / "journal.sqlite3"))
    journal = open_journal(damaged_at(tmp_path, TABLE_LEAF))
    carried = journal.carried_over
    assert carried is not None
    after = every_entry(journal)
    assert carried.carried == len(after) == len(before) - 10
    assert all(before[entry_id] == entry for entry_id, entry in after.items())  # as they were
    lost = set(before) - set(after)
    # Each named by its id, its store and its slip's day (the indexes still knew them).
    named = {line.split(" ")[0]: line for line in carried.not_read}
    assert set(named) == lost
    for entry_id in lost:
        assert (
            f"store {before[entry_id].store_id}, slip of {before[entry_id].slip_date}"
            in (named[entry_id])
        )


def test_a_file_that_is_no_journal_is_kept_aside_and_a_new_one_records(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database " * 500)
    journal = open_journal(path)
    carried = journal.carried_over
    assert carried is not None and carried.shape_lost and carried.carried == 0
    assert carried.aside.read_bytes() == b"this is not a database " * 500
    assert journal.recording.off is None
    assert journal.add("1", a_slip()).state is EntryState.PENDING


@pytest.mark.allow_error_logs  # IT's log says recording is off
def test_a_newer_versions_journal_is_refused_untouched_with_recording_off(
    tmp_path: Path,
) -> None:
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(WRITTEN, path)
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute(f"PRAGMA user_version = {JOURNAL_VERSION + 1}")
    before = path.read_bytes()
    journal = open_journal(path)
    off = journal.recording.off
    assert off is not None and off.trouble is Trouble.TOO_NEW
    assert off.version == JOURNAL_VERSION + 1
    assert every_entry(journal) == {}  # a newer version's file is not read
    with pytest.raises(RecordingOffError):
        journal.add("1", a_slip())
    assert not journal.try_recording()
    journal.close()
    assert path.read_bytes() == before


@pytest.mark.allow_error_logs  # IT's log says recording is off
def test_a_journal_that_cannot_be_written_records_once_a_write_succeeds(tmp_path: Path) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("a file where the journal's folder goes")
    journal = open_journal(blocked / "journal.sqlite3")
    off = journal.recording.off
    assert off is not None and off.trouble is Trouble.CANNOT_WRITE
    told: list[bool] = []
    journal.recording.on_change = lambda: told.append(journal.recording.off is None)
    assert journal.open_entries() == [] and journal.prune(0) == 0  # reads work: nothing there
    with pytest.raises(RecordingOffError):
        journal.add("1", a_slip())
    assert not journal.try_recording() and told == []
    blocked.unlink()  # IT fixed it
    assert journal.try_recording() and told == [True]
    assert journal.add("1", a_slip()).state is EntryState.PENDING
    assert [e.payment.nsu for e in PaymentJournal(journal.path).open_entries()] == ["777"]


def test_a_full_disk_mid_day_turns_recording_off_and_loses_no_entry(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "journal.sqlite3")
    journal._conn.execute("PRAGMA max_page_count = 40")  # SQLite's own limit: a disk this full
    told: list[bool] = []
    journal.recording.on_change = lambda: told.append(journal.recording.off is None)
    written = 0
    with pytest.raises(RecordingOffError) as raised:
        for number in range(10_000):
            journal.add("1", a_slip(str(number)))
            written += 1
    off = raised.value.off
    assert off.trouble is Trouble.DISK_FULL and journal.recording.off == off and told == [False]
    assert len(journal.open_entries()) == written  # the one refused is not half there
    with pytest.raises(RecordingOffError):  # refused at once, while off
        journal.add("1", a_slip("again"))
    assert journal.try_recording() and told == [False, True]  # space freed: a new connection
    journal.add("1", a_slip("after"))
    assert len(journal.open_entries()) == written + 1


def test_a_damaged_id_index_names_the_lost_entries_by_their_row_and_slip_day(
    tmp_path: Path,
) -> None:
    journal = open_journal(damaged_at(tmp_path, ID_INDEX, TABLE_LEAF))
    carried = journal.carried_over
    assert carried is not None and carried.carried == len(READ_THEN["states"]) - 10
    assert len(carried.not_read) == 10
    assert all(line.startswith("row ") and ", slip of " in line for line in carried.not_read)


def test_a_damaged_table_root_loses_its_entries_each_named_by_its_id(tmp_path: Path) -> None:
    """Its highest row cannot be read, nor any row through it: each entry the id index still
    knows is named, none is carried, and how many it held is known (from that index)."""
    journal = open_journal(damaged_at(tmp_path, TABLE_ROOT))
    carried = journal.carried_over
    assert carried is not None and carried.carried == 0 and not carried.shape_lost
    named = {line.split(" ")[0] for line in carried.not_read}
    assert named == set(READ_THEN["states"])
    assert journal.add("1", a_slip()).state is EntryState.PENDING  # it records again


def test_an_entry_whose_slip_no_longer_reads_is_named_and_the_others_carried(
    tmp_path: Path,
) -> None:
    garbled = sorted(READ_THEN["states"])[0]
    journal = open_journal(damaged_at(tmp_path, INDEX_PAGE, garble=garbled))
    carried = journal.carried_over
    assert carried is not None and carried.not_read == (garbled,)
    assert carried.carried == len(READ_THEN["states"]) - 1
    assert set(every_entry(journal)) == set(READ_THEN["states"]) - {garbled}


def test_damage_only_the_days_check_finds_is_carried_over_too(tmp_path: Path) -> None:
    """A journal of this version whose index is damaged opens as usual; the first start of the
    day reads the whole file (SQLite's quick check), finds it, and carries the journal over."""
    path = tmp_path / "journal.sqlite3"
    shutil.copyfile(WRITTEN, path)
    PaymentJournal(path).close()  # brought to this version, and checked today
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("DELETE FROM facts WHERE name = 'checked_on'")  # as on the next day
        (page,) = raw.execute(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'payments_by_day'"
        ).fetchone()
    data = bytearray(path.read_bytes())
    data[(page - 1) * PAGE : page * PAGE] = b"\xff" * PAGE
    path.write_bytes(bytes(data))
    journal = open_journal(path)
    carried = journal.carried_over
    assert carried is not None and carried.carried == len(READ_THEN["states"])
    assert {e.id: str(e.state) for e in every_entry(journal).values()} == READ_THEN["states"]


@pytest.mark.allow_error_logs  # IT's log says recording is off
def test_a_damaged_journal_that_cannot_be_carried_over_is_left_as_it_is_with_recording_off(
    tmp_path: Path,
) -> None:
    """Where the new journal is built cannot be written (here a folder holds its name): the
    damaged file stays where it was, byte for byte, and the desk records nothing, saying why."""
    path = damaged_at(tmp_path, INDEX_PAGE)
    damaged = path.read_bytes()
    (tmp_path / "journal.sqlite3.carrying").mkdir()
    journal = open_journal(path)
    off = journal.recording.off
    assert off is not None and off.trouble is Trouble.CANNOT_WRITE
    assert journal.carried_over is None and path.read_bytes() == damaged

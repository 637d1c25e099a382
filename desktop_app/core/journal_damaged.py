"""A damaged payment journal carried over into a new one (issue 67).

Whatever can still be read of the damaged file is copied into a new journal, built beside it
under a name of its own; only when that is whole does the damaged file move aside (renamed,
never deleted: IT or support may get more out of it) and the new one take its place. A disk
that fails half-way leaves everything as it was, to be tried again at the next start.

Rows are read all at once, else one by one: a damaged page loses only the entries it holds.
Of an entry that cannot be read, the journal's indexes often still know its id, store and day:
IT is told each, to look for at the service.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop_app.core import owner_only
from desktop_app.core.journal_entry import SELECT_ENTRIES, entry_of
from desktop_app.core.journal_schema import (
    ADDED_COLUMNS,
    JOURNAL_VERSION,
    SCHEMA,
    SLIP_KEY_COLUMNS,
)
from desktop_app.core.journal_schema import open_journal_database as _open_journal_database
from desktop_app.core.storage import keep_aside, open_read_only, with_companions

log = logging.getLogger(__name__)

SLIP_KEYS = frozenset(statement.split()[5] for statement in SLIP_KEY_COLUMNS)
"""The slip's keys a version keeps beside its body: worked out again from the body."""
BASE_COLUMNS = ("id", "store_id", "order_id", "body", "state", "note", "created_at", "updated_at")
"""The columns of :data:`~desktop_app.core.journal_schema.SCHEMA`'s payments: every version's."""


@dataclass(frozen=True, slots=True)
class CarriedOver:
    """What became of a damaged journal."""

    aside: Path  # where the damaged file is kept
    carried: int  # entries carried into the new journal
    not_read: tuple[str, ...]  # the entries that could not be, as IT is told them
    shape_lost: bool  # its first pages could not be read: how many it held is not known


@dataclass(slots=True)
class _Readout:
    """What could be read of a damaged journal."""

    version: int = 0
    columns: list[str] = field(default_factory=list)
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    facts: list[tuple[Any, ...]] = field(default_factory=list)
    not_read: list[str] = field(default_factory=list)
    shape_lost: bool = False


def carry_over(path: Path) -> CarriedOver:
    """Carry the damaged journal at ``path`` into a new one there; the damaged file (with its
    companions) is kept aside. Raises what the disk raises (nothing is then moved)."""
    readout = _read_what_can_be(path)
    building = path.with_name(path.name + ".carrying")
    for leftover in with_companions(building):  # an earlier try's, cut short: this app's own
        leftover.unlink(missing_ok=True)
    carried = _build(building, readout)
    aside = keep_aside(path)
    os.replace(building, path)
    result = CarriedOver(aside, carried, tuple(readout.not_read), readout.shape_lost)
    log.warning(
        "the damaged payment journal is kept as %s; %d entries were carried into a new one",
        aside,
        carried,
    )
    if readout.shape_lost:
        log.warning("nothing of its shape could be read: how many entries it held is not known")
    for entry in readout.not_read:
        log.warning("an entry of the damaged journal could not be read: %s", entry)
    return result


def _read_what_can_be(path: Path) -> _Readout:
    """What can be read of the damaged file, which is closed again whatever was read: Windows
    never moves a file still open (it is kept aside next)."""
    readout = _Readout()
    try:
        source = open_read_only(path)
    except sqlite3.Error:
        readout.shape_lost = True
        return readout
    with contextlib.closing(source):
        _read_from(source, readout)
    return readout


def _read_from(source: sqlite3.Connection, readout: _Readout) -> None:
    try:
        readout.version = int(source.execute("PRAGMA user_version").fetchone()[0])
        if readout.version > JOURNAL_VERSION:  # a newer version's, damaged: its shape unknown
            readout.shape_lost = True
            return
        tables = _tables(source)
        if "payments" not in tables:  # none, or a view in its place: nothing of it is read
            readout.shape_lost = True
            return
        cursor = source.execute("SELECT * FROM payments LIMIT 0")
        readout.columns = [column[0] for column in cursor.description]
    except sqlite3.Error:
        readout.shape_lost = True
        return
    try:
        readout.rows = source.execute("SELECT * FROM payments").fetchall()
    except sqlite3.Error:
        _read_one_by_one(source, readout)
    with contextlib.suppress(sqlite3.Error):  # how far back entries were pruned: said again
        if "facts" in tables:
            readout.facts = source.execute("SELECT name, value FROM facts").fetchall()


def _tables(source: sqlite3.Connection) -> set[str]:
    """The file's tables (a view, a trigger or a virtual table is never read as one)."""
    rows = source.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").fetchall()
    return {name for name, sql in rows if not str(sql).upper().startswith("CREATE VIRTUAL")}


def _read_one_by_one(source: sqlite3.Connection, readout: _Readout) -> None:
    """Each row on its own, by its row number: the damaged pages lose only theirs."""
    ids = _known(source, "SELECT rowid, id FROM payments INDEXED BY sqlite_autoindex_payments_1")
    days = _known(
        source, "SELECT rowid, store_id || ', slip of ' || slip_date FROM payments"
        " INDEXED BY payments_by_day",
    )  # fmt: skip
    try:
        highest = int(source.execute("SELECT max(rowid) FROM payments").fetchone()[0] or 0)
    except sqlite3.Error:
        highest = 0
        readout.shape_lost = not ids
    for number in sorted(set(range(1, highest + 1)) | ids.keys()):
        try:
            row = source.execute("SELECT * FROM payments WHERE rowid = ?", (number,)).fetchone()
        except sqlite3.Error:
            place = days.get(number)
            name = ids.get(number, f"row {number}")
            readout.not_read.append(f"{name} (store {place})" if place else str(name))
            continue
        if row is not None:
            readout.rows.append(row)


def _known(source: sqlite3.Connection, query: str) -> dict[int, str]:
    """What an index still knows of each row (nothing if it is damaged, or missing)."""
    try:
        return {int(rowid): str(value) for rowid, value in source.execute(query)}
    except sqlite3.Error:
        return {}


def _build(building: Path, readout: _Readout) -> int:
    """The new journal at ``building``: the rows read, brought to this version; how many were
    carried. A row that does not read as an entry once there joins those not read."""
    owner_only.database(building)
    target = sqlite3.connect(building)
    try:
        target.executescript(SCHEMA)
        carried = [name for name in readout.columns if name in BASE_COLUMNS]
        for name in readout.columns:
            if name in ADDED_COLUMNS and name not in SLIP_KEYS:  # those are read from the body
                target.execute(ADDED_COLUMNS[name])
                carried.append(name)
        places = [readout.columns.index(name) for name in carried]
        if carried:  # names of this module's own lists alone, never the file's text
            target.executemany(
                f"INSERT OR IGNORE INTO payments ({', '.join(carried)})"  # noqa: S608
                f" VALUES ({', '.join('?' * len(carried))})",
                [tuple(row[place] for place in places) for row in readout.rows],
            )
        target.executemany("INSERT OR REPLACE INTO facts VALUES (?, ?)", readout.facts)
        target.execute(f"PRAGMA user_version = {readout.version}")
        target.commit()
    finally:
        target.close()
    migrated, _ = _open_journal_database(building)  # brought to this version as any older
    try:
        with migrated:
            for row in migrated.execute(SELECT_ENTRIES).fetchall():
                try:
                    entry_of(row)
                except (ValueError, TypeError):  # garbled, but readable: not carried
                    readout.not_read.append(str(row[0]))
                    migrated.execute("DELETE FROM payments WHERE id = ?", (row[0],))
            count = int(migrated.execute("SELECT COUNT(*) FROM payments").fetchone()[0])
        migrated.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # one file to move into place
    finally:
        migrated.close()
    return count

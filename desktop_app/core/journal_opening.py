"""Opening the payment journal whatever state its file is in (issue 67).

Each trouble (:mod:`desktop_app.core.journal_trouble`) has its own way forward:

- damaged: the file is kept aside under a new name, never deleted; what can still be read of it
  is carried into a new journal (:mod:`desktop_app.core.journal_damaged`);
- a read-only file or folder, or a full disk: recording is off, and the journal is read as it
  stands where it can be (the payments waiting in it still show);
- written by a newer version: refused, nothing of it read or changed, recording off.

A fault that is none of these (a bug of this app) is not caught here.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from desktop_app.core.file_shape import guard
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_damaged import carry_over
from desktop_app.core.journal_entry import SELECT_ENTRIES
from desktop_app.core.journal_recording import RecordingOff
from desktop_app.core.journal_schema import (
    JOURNAL_VERSION,
    SHAPE,
    bring_to_this_version,
    empty_journal,
)
from desktop_app.core.journal_trouble import Trouble, trouble_at
from desktop_app.core.storage import open_read_only

log = logging.getLogger(__name__)


def open_journal(path: Path) -> PaymentJournal:
    """The journal at ``path``, recording where it can (see the module): its ``recording``
    says whether it does, its ``carried_over`` what became of it if it was damaged."""
    try:
        return PaymentJournal(path)
    except Exception as error:  # told apart below: a fault of another kind goes on up
        trouble = trouble_at(error, path)
        if trouble is None:
            raise
        failure: Exception = error
    if trouble is Trouble.DAMAGED:
        log.warning("the payment journal %s is damaged (%s): carrying it over", path, failure)
        try:
            carried = carry_over(path)
            journal = PaymentJournal(path)
            journal.carried_over = carried
            return journal
        except Exception as error:  # the folder cannot be written, the disk is full
            trouble = trouble_at(error, path)
            if trouble is None or trouble is Trouble.DAMAGED:
                raise
            failure = error
    off = RecordingOff(trouble, path, str(failure), getattr(failure, "version", None))
    log.error("the payment journal %s records nothing (%s): %s", path, trouble.value, failure)
    return PaymentJournal(path, _as_it_stands(path, trouble), off)


def _as_it_stands(path: Path, trouble: Trouble) -> sqlite3.Connection:
    """What can be read of a journal that cannot be written: a copy in memory of the file as it
    stands, brought to this version, if it is of this version or an earlier one and holds
    nothing the desk never makes; else an empty journal (a newer version's or a damaged one is
    not read)."""
    if trouble in (Trouble.CANNOT_WRITE, Trouble.DISK_FULL) and path.is_file():
        # A read-only folder cannot hold the companion files SQLite's reading needs: the file
        # is then read as unchanging (nobody can write it there either).
        for unchanging in (False, True):
            connection = None
            try:
                connection = open_read_only(path, unchanging=unchanging)
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if version <= JOURNAL_VERSION and not SHAPE.foreign(connection):
                    return _brought_up_in_memory(connection, version)
            except sqlite3.Error as error:
                log.info("the payment journal %s cannot be read as it stands: %s", path, error)
            finally:
                if connection is not None:
                    connection.close()
    return empty_journal()


def _brought_up_in_memory(source: sqlite3.Connection, version: int) -> sqlite3.Connection:
    """A copy of ``source`` in memory, of this version (its own file is never written)."""
    memory = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        source.backup(memory)
        with memory:
            bring_to_this_version(memory, version)
            memory.execute(SELECT_ENTRIES + "LIMIT 1").fetchall()  # its entries read
        return guard(memory)
    except BaseException:
        memory.close()
        raise

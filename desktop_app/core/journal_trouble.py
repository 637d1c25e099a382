"""Why the payment journal cannot be opened or written, told apart so that each cause gets its
own way forward (issue 67): a damaged file is carried over, a file or folder that cannot be
written or a full disk turn recording off until a write succeeds, a newer version's journal is
refused. Read from the error alone: SQLite's own code, or the operating system's."""

from __future__ import annotations

import enum
import errno
import sqlite3

from desktop_app.core.file_shape import ForeignSchemaError
from desktop_app.core.journal_schema import JournalDamagedError, JournalTooNewError


class Trouble(enum.Enum):
    """What keeps the journal from being used."""

    DAMAGED = "damaged"  # not a database, or a database with damaged pages
    CANNOT_WRITE = "cannot_write"  # a read-only file or folder, no folder, not allowed
    DISK_FULL = "disk_full"
    TOO_NEW = "too_new"  # written by a newer version of the app


_SQLITE = {
    11: Trouble.DAMAGED,  # SQLITE_CORRUPT
    26: Trouble.DAMAGED,  # SQLITE_NOTADB
    3: Trouble.CANNOT_WRITE,  # SQLITE_PERM
    8: Trouble.CANNOT_WRITE,  # SQLITE_READONLY
    10: Trouble.CANNOT_WRITE,  # SQLITE_IOERR: the disk refused a read or a write
    14: Trouble.CANNOT_WRITE,  # SQLITE_CANTOPEN
    13: Trouble.DISK_FULL,  # SQLITE_FULL
}
"""SQLite's primary result codes (the low byte of an extended code), by what they mean here."""


def trouble_of(error: BaseException) -> Trouble | None:
    """The trouble ``error`` says the journal has; None for an error that is not about it."""
    if isinstance(error, JournalTooNewError):
        return Trouble.TOO_NEW
    if isinstance(error, JournalDamagedError | ForeignSchemaError):
        return Trouble.DAMAGED
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return _SQLITE.get(code & 0xFF) if isinstance(code, int) else None
    if isinstance(error, OSError):
        return Trouble.DISK_FULL if error.errno == errno.ENOSPC else Trouble.CANNOT_WRITE
    return None

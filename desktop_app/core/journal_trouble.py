"""Why the payment journal cannot be opened or written, told apart so that each cause gets its
own way forward (issue 67): a damaged file is carried over, a file or folder that cannot be
written or a full disk turn recording off until a write succeeds, a newer version's journal is
refused. Read from the error (SQLite's own code, or the operating system's), and for a write the
disk refused, from the disk itself (:func:`trouble_at`): SQLite says "disk I/O error" for a full
disk as it sets up its write-ahead log, and "read-only" is not all a read-only disk says."""

from __future__ import annotations

import enum
import errno
import os
import shutil
import sqlite3
from pathlib import Path

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


ROOM_TO_WRITE = 1024 * 1024
"""Free bytes under which a disk is full for the journal: a write takes its write-ahead log's
frames and its 32 KB index file, and a disk this close to full refuses one soon either way."""


def trouble_at(error: BaseException, path: Path) -> Trouble | None:
    """What ``error``, met writing the file at ``path``, says is wrong: for a write the disk
    refused, what the disk says, asked directly (a folder that takes no writes, or no room
    left on it); else as :func:`trouble_of` reads the error."""
    trouble = trouble_of(error)
    if trouble not in (Trouble.CANNOT_WRITE, Trouble.DISK_FULL):
        return trouble
    return _as_the_disk_says(path) or trouble


def _as_the_disk_says(path: Path) -> Trouble | None:
    folder = path.parent
    try:
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            return Trouble.CANNOT_WRITE  # a read-only disk answers so whoever asks, root too
        if shutil.disk_usage(folder).free < ROOM_TO_WRITE:
            return Trouble.DISK_FULL
    except OSError:
        return None  # the folder itself cannot be reached: the error's own reading stands
    return None

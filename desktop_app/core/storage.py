"""The SQLite files this machine keeps (the payment journal, the invoice book)."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from desktop_app.core import owner_only
from desktop_app.core.file_shape import ForeignSchemaError, Shape, guard, without_code
from desktop_app.process.files import name_aside


def open_database(
    path: Path,
    schema: str,
    shape: Shape,
    bring_up: Callable[[sqlite3.Connection, threading.Lock], None] | None = None,
) -> tuple[sqlite3.Connection, threading.Lock]:
    """Open (or create) ``path`` with ``schema``: WAL, so several app instances and threads can
    share it, and a lock for this process's threads. The file, its companions and its folder
    are its owner's only (they hold people's payments).

    Before anything is written, the file is checked to hold nothing but ``shape``
    (:class:`ForeignSchemaError`: it is damaged); ``bring_up`` then carries a file of an
    earlier version over (its indexes may need the schema trusted as they are dropped), and
    from then on the connection trusts nothing of the schema (:func:`guard`)."""
    owner_only.database(path)
    lock = threading.Lock()
    connection = sqlite3.connect(path, timeout=30, check_same_thread=False)
    try:
        found = shape.foreign(connection)
        if found:
            raise ForeignSchemaError(path, found)
        with lock, connection:
            connection.execute("PRAGMA journal_mode=WAL")
            # Each commit waits for the disk (SQLite's default in WAL is this, unless built
            # otherwise): a payment written is on disk before it is sent.
            connection.execute("PRAGMA synchronous=FULL")
            connection.executescript(schema)
        if bring_up is not None:
            bring_up(connection, lock)
        guard(connection)
    except BaseException:
        connection.close()
        raise
    return connection, lock


def with_companions(path: Path) -> list[Path]:
    """``path`` and the files SQLite keeps beside it (``-wal``, ``-shm``, ``-journal``)."""
    return [path, *(path.with_name(path.name + end) for end in owner_only.SQLITE_COMPANIONS)]


def keep_aside(path: Path) -> Path:
    """Move a damaged database and its companion files (``-wal``, ``-shm``) to a new name
    beside it, read together as before: kept for IT, never deleted. Its new name."""
    aside = Path(name_aside(path, "damaged"))
    for file, kept in zip(with_companions(path), with_companions(aside), strict=True):
        if os.path.lexists(file):
            os.replace(file, kept)
    return aside


def open_read_only(path: Path, *, unchanging: bool = False) -> sqlite3.Connection:
    """``path`` opened for reading only, never written nor created. ``unchanging``: read as a
    file nobody writes (what a read-only folder needs, where SQLite cannot make the companion
    file its reading of a WAL journal takes)."""
    address = "file:" + quote(str(path.resolve())) + "?mode=ro"
    # Read from its tables alone, never written: no trigger runs, and its schema must still
    # parse with an earlier version's indexes in it (which trusting none of it refuses).
    return without_code(
        sqlite3.connect(
            address + ("&immutable=1" if unchanging else ""), uri=True, check_same_thread=False
        )
    )

"""The SQLite files this machine keeps (the payment journal, the invoice book)."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from urllib.parse import quote

from desktop_app.core import owner_only
from desktop_app.process.files import name_aside


def open_database(path: Path, schema: str) -> tuple[sqlite3.Connection, threading.Lock]:
    """Open (or create) ``path`` with ``schema``: WAL, so several app instances and threads can
    share it, and a lock for this process's threads. The file, its companions and its folder
    are its owner's only (they hold people's payments)."""
    owner_only.database(path)
    lock = threading.Lock()
    connection = sqlite3.connect(path, timeout=30, check_same_thread=False)
    with lock, connection:
        connection.execute("PRAGMA journal_mode=WAL")
        # Each commit waits for the disk (SQLite's default in WAL is this, unless built
        # otherwise): a payment written is on disk before it is sent.
        connection.execute("PRAGMA synchronous=FULL")
        connection.executescript(schema)
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
    return sqlite3.connect(
        address + ("&immutable=1" if unchanging else ""), uri=True, check_same_thread=False
    )

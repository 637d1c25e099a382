"""The SQLite files this machine keeps (the payment journal, the invoice book)."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

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


def keep_aside(path: Path) -> Path:
    """Move a damaged database and its companion files (``-wal``, ``-shm``) to a new name
    beside it, read together as before: kept for IT, never deleted. Its new name."""
    aside = Path(name_aside(path, "damaged"))
    for end in ("", *owner_only.SQLITE_COMPANIONS):
        if os.path.lexists(f"{path}{end}"):
            os.replace(f"{path}{end}", f"{aside}{end}")
    return aside

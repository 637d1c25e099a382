"""The SQLite files this machine keeps (the payment journal, the invoice book)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from desktop_app.core import owner_only


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

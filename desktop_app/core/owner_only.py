"""Files that hold people's data are readable by their owner only.

The log (what people searched, whom they served), the payment journal and the invoice book, and
what is exported (CSV, PDF) are created owner-only (0600, in folders of 0700), and those made by
an earlier version are set so at start: another account on the same computer reads none of it.
SQLite's ``-wal`` and ``-shm`` files take the database's permissions as SQLite creates them.
On Windows the person's own profile protects them instead (``process/system``).
"""

from __future__ import annotations

import contextlib
import logging.handlers
import os
from io import TextIOWrapper
from pathlib import Path

from desktop_app.process.files import NotAFileError
from desktop_app.process.system import (
    FILE_MODE,
    FOLDER_MODE,
    make_open_file_owner_only,
    make_owner_only,
)

SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


APP_FOLDER = "pos-backoffice"
"""The name of the app's own folders (data, logs): an earlier version's is made owner-only."""


def folder(path: Path, *, the_apps: bool = False) -> Path:
    """``path`` as a folder only its owner can enter: made so when missing (with its parents),
    and made so again when it is the app's own (an earlier version's, open to all; ``the_apps``
    says so of a folder not named :data:`APP_FOLDER`). Any other folder a journal is put in on
    the command line is left as it is: ``/tmp`` closed to every other account, or ``/etc`` when
    run as root, would break the computer."""
    existed = path.is_dir()
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    if not existed or the_apps or path.name == APP_FOLDER:
        make_owner_only(path, folder=True)
    return path


def restrict(*paths: Path) -> None:
    """Make each existing file of ``paths`` owner-only (one that is missing is skipped)."""
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            make_owner_only(path)


def create(path: Path) -> None:
    """Create ``path`` empty and owner-only if it is missing; make it owner-only if not."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE))
    restrict(path)


def database(path: Path) -> None:
    """Get ``path`` ready to be a SQLite database only its owner reads: its folder, the file
    itself (created so before SQLite makes it with the default mode), and its companions."""
    if path.exists() and not path.is_file():  # a device, a pipe: never opened nor changed
        raise NotAFileError(f"{path} is not a file")
    folder(path.parent)
    create(path)
    restrict(*(path.with_name(path.name + suffix) for suffix in SQLITE_COMPANIONS))


def open_for_writing(
    path: str | os.PathLike[str], *, encoding: str, newline: str | None = None
) -> TextIOWrapper:
    """``open(path, "w")`` on a file created owner-only (or made so, if it was there)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    try:
        make_open_file_owner_only(descriptor)
        return open(descriptor, "w", encoding=encoding, newline=newline)
    except BaseException:
        os.close(descriptor)
        raise


class RotatingLog(logging.handlers.RotatingFileHandler):
    """A rotating log whose every file is owner-only, the rotated ones included (a rename keeps
    the mode)."""

    def _open(self) -> TextIOWrapper:
        create(Path(self.baseFilename))
        return super()._open()

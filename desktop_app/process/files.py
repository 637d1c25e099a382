"""Files the app reads that a person or IT names (a certificate authority, a settings file):
read only when they are what they say, a regular file of a sensible size.

A path may name anything: ``/dev/zero`` is read for ever, opening a named pipe waits for a
writer that never comes, and a 2 GB file fills the memory. Each is told apart before a byte is
read: the file is opened without waiting (``O_NONBLOCK``: a pipe opens at once), then asked
what it is, then read up to its cap and no further.
"""

from __future__ import annotations

import os
import stat
from datetime import datetime
from pathlib import Path

SETTINGS_FILE_BYTES = 1024 * 1024
"""A settings file's most: a few kilobytes in use, window places and terminal mappings
included."""


class NotAFileError(OSError):
    """The path names a device, a pipe, a socket or a folder: nothing a file can be read from."""


class FileTooLargeError(OSError):
    """The file is larger than what it can be (``limit`` bytes)."""

    def __init__(self, path: str, limit: int) -> None:
        super().__init__(f"{path} is larger than {limit:,} bytes")
        self.limit = limit


def read_small_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them. Raises
    :class:`NotAFileError`, :class:`FileTooLargeError`, or the ``OSError`` of a file that is
    missing or not allowed."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    descriptor = os.open(path, flags | getattr(os, "O_BINARY", 0))
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode):
            raise NotAFileError(f"{path} is not a file")
        if found.st_size > limit:
            raise FileTooLargeError(str(path), limit)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    finally:
        os.close(descriptor)
    if len(data) > limit:  # it grew while read
        raise FileTooLargeError(str(path), limit)
    return data


def file_problem(path: str | Path, limit: int) -> OSError | None:
    """Why the file at ``path`` would not be read (a device, a pipe, too large), asked of its
    entry alone (nothing is opened); None when it is a regular file within ``limit``, or there
    is nothing there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(found.st_mode):
        return NotAFileError(f"{path} is not a file")
    if found.st_size > limit:
        return FileTooLargeError(str(path), limit)
    return None


STAMP = "%Y%m%dT%H%M%S"
"""When a file was kept aside, in its new name."""


def name_aside(file: str | Path, why: str) -> str:
    """A new name beside ``file`` to keep it under, saying ``why`` and when:
    ``….conf.not-read-20261127T153000`` (a number follows where that name is taken). The
    letter between day and time keeps them two numbers: fourteen digits joined by a dash read
    as a card number once in ten, and the log that names the file redacted it."""
    stamp = datetime.now().strftime(STAMP)
    aside = f"{file}.{why}-{stamp}"
    number = 1
    while os.path.lexists(aside):
        number += 1
        aside = f"{file}.{why}-{stamp}-{number}"
    return aside

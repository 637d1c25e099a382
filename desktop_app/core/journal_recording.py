"""Whether the payment journal can record payments now, and why not (issue 67).

A payment is written to the journal before it is sent: a journal that cannot be written (a
read-only file or folder, a full disk, a journal of a newer version) means no payment can be
recorded. The app still opens, with recording off: orders and lookups work, what the journal
held is read where it can be, and a banner says why. Every write to the journal passes through
:meth:`Recording.writing`: refused at once while recording is off, and turning it off when the
disk refuses one mid-day. Recording comes back when a write succeeds
(:meth:`desktop_app.core.journal.PaymentJournal.try_recording`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from desktop_app.core.journal_trouble import Trouble, trouble_at

TURNS_RECORDING_OFF = (Trouble.CANNOT_WRITE, Trouble.DISK_FULL)
"""What a write can meet mid-day that stops recording until the disk takes writes again."""


@dataclass(frozen=True, slots=True)
class RecordingOff:
    """Why the journal records nothing now."""

    trouble: Trouble
    path: Path  # the journal's file
    detail: str  # as SQLite or the system said it: for IT's log
    version: int | None = None  # a newer journal's own version


class RecordingOffError(RuntimeError):
    """A payment could not be written to the journal: nothing of it was recorded or sent."""

    def __init__(self, off: RecordingOff) -> None:
        super().__init__(f"the payment journal {off.path} records nothing: {off.detail}")
        self.off = off


class Recording:
    """Recording's state (on, or off and why), and the guard of every write."""

    def __init__(self, path: Path, off: RecordingOff | None = None) -> None:
        self.path = path
        self.off = off
        self.on_change: Callable[[], None] | None = None  # told after each turn, lock released

    def turn_on(self) -> None:
        """A write succeeded: payments can be recorded again."""
        self.off = None
        self._announce()

    @contextmanager
    def writing(self, lock: threading.Lock) -> Iterator[None]:
        """Hold ``lock`` for one write: refused while recording is off; a write the disk
        refuses (read-only, full) turns recording off. Either way the write did not happen
        (its transaction rolled back) and :class:`RecordingOffError` says why."""
        with lock:
            if self.off is not None:
                raise RecordingOffError(self.off)
            try:
                yield
                return
            except sqlite3.Error as error:
                trouble = trouble_at(error, self.path)
                if trouble not in TURNS_RECORDING_OFF:
                    raise
                assert trouble is not None
                off = self.off = RecordingOff(trouble, self.path, str(error))
                cause = error
        self._announce()  # the lock is free: whoever is told may read the journal
        raise RecordingOffError(off) from cause

    def _announce(self) -> None:
        if self.on_change is not None:
            self.on_change()

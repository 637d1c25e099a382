"""One sender of kept slips per journal, however many copies of the app share it.

An exclusive lock on a file beside the journal, taken without waiting: the copy that holds it
sends, the others leave the slips to it. The operating system lets go of the lock when its
holder ends in any way (a crash or ``kill -9`` included), so a dead sender never blocks the
next one, and a slow one is never overtaken while it lives (which a lease with a time limit
could not promise).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from desktop_app.process.system import try_lock


class SenderLock:
    """The right to send a journal's kept slips (see the module's text)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextlib.contextmanager
    def held(self) -> Iterator[bool]:
        """Hold the lock for the block if it is free: yields whether this copy holds it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            # Each opening is its own holder (flock locks belong to the open file, not the
            # process), so two senders in one process exclude each other too.
            yield try_lock(descriptor)
        finally:
            os.close(descriptor)  # closing lets go of the lock

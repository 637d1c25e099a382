"""SIGINT (Ctrl+C in a terminal) and SIGTERM ask the app to stop, as closing its window does.

Python runs a signal handler only when the interpreter next gets control, and Qt's event loop
can sleep in C++ for as long as nothing happens: the default SIGINT handler then raises
``KeyboardInterrupt`` inside whatever Qt calls into Python next (an event filter, a paint),
where it becomes an "Error calling Python override" and the app goes on. Here the C-level
handler writes the signal's number to a pipe (``signal.set_wakeup_fd``), a Qt socket
notifier wakes the loop on it, and the app closes through its ordinary path.
"""

from __future__ import annotations

import os
import signal
import sys

from PySide6.QtCore import QObject, QSocketNotifier, Signal

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _note_signal(_signum: int, _frame: object) -> None:
    """The Python-level handler: nothing to do here, the byte on the socket does the work
    (and, unlike the default SIGINT handler, nothing is raised into Qt's calls)."""


class StopSignals(QObject):
    """Turns SIGINT and SIGTERM into :attr:`stop_requested`, delivered by Qt's loop."""

    stop_requested = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.requested: int | None = None  # the first stop signal received, if any
        self._reader, self._writer = _wakeup_ends()
        self._previous_fd = signal.set_wakeup_fd(self._writer, warn_on_full_buffer=False)
        self._previous = {sig: signal.signal(sig, _note_signal) for sig in STOP_SIGNALS}
        self._notifier = QSocketNotifier(self._reader, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_wakeup)

    def _on_wakeup(self) -> None:
        try:
            received = _read(self._reader)
        except BlockingIOError:
            return
        for number in received:
            if number in STOP_SIGNALS:
                if self.requested is None:
                    self.requested = number
                self.stop_requested.emit(number)

    def uninstall(self) -> None:
        """Give the signals back to Python's handlers (the app has finished stopping)."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_fd)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        for end in (self._reader, self._writer):
            _close(end)


# A pipe where there is one (it costs the first paint nothing); Windows wakes only on a socket.
if sys.platform == "win32":  # pragma: no cover - the packaged Windows build
    import socket

    _sockets: dict[int, socket.socket] = {}

    def _wakeup_ends() -> tuple[int, int]:
        reader, writer = socket.socketpair()
        for end in (reader, writer):
            end.setblocking(False)
            _sockets[end.fileno()] = end
        return reader.fileno(), writer.fileno()

    def _read(end: int) -> bytes:
        return _sockets[end].recv(64)

    def _close(end: int) -> None:
        _sockets.pop(end).close()

else:

    def _wakeup_ends() -> tuple[int, int]:
        reader, writer = os.pipe()
        for end in (reader, writer):
            os.set_blocking(end, False)
        return reader, writer

    def _read(end: int) -> bytes:
        return os.read(end, 64)

    def _close(end: int) -> None:
        os.close(end)

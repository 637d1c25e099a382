"""SIGINT (Ctrl+C in a terminal) and SIGTERM ask the app to stop, as closing its window does
(on Windows, Ctrl+C and Ctrl+Break: ``process/system.STOP_SIGNALS``), and so does the end of the
person's desktop session (log-off, shut-down: Windows sends no SIGTERM; Qt's
``commitDataRequest`` tells of it there and on Linux alike).

Python runs a signal handler only when the interpreter next gets control, and Qt's event loop
can sleep in C++ for as long as nothing happens: the default SIGINT handler then raises
``KeyboardInterrupt`` inside whatever Qt calls into Python next (an event filter, a paint),
where it becomes an "Error calling Python override" and the app goes on. Here the C-level
handler writes the signal's number to a pipe (``signal.set_wakeup_fd``), a Qt socket
notifier wakes the loop on it, and the app closes through its ordinary path.
"""

from __future__ import annotations

import logging
import signal

from PySide6.QtCore import QObject, QSocketNotifier, Signal
from PySide6.QtGui import QGuiApplication, QSessionManager

from desktop_app.process.system import STOP_SIGNALS, WakeUp


def _note_signal(_signum: int, _frame: object) -> None:
    """The Python-level handler: nothing to do here, the byte on the socket does the work
    (and, unlike the default SIGINT handler, nothing is raised into Qt's calls)."""


log = logging.getLogger(__name__)

SESSION_ENDS = 0
"""The number :attr:`StopSignals.stop_requested` carries for the desktop session's end."""


class StopSignals(QObject):
    """Turns the stop signals and the session's end into :attr:`stop_requested`, delivered by
    Qt's loop."""

    stop_requested = Signal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.requested: int | None = None  # the first stop signal received, if any
        self._wake_up = WakeUp()
        self._previous_fd = signal.set_wakeup_fd(self._wake_up.writer, warn_on_full_buffer=False)
        self._previous = {sig: signal.signal(sig, _note_signal) for sig in STOP_SIGNALS}
        self._notifier = QSocketNotifier(self._wake_up.reader, QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_wakeup)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.commitDataRequest.connect(self.session_ends)

    def session_ends(self, _manager: QSessionManager | None = None) -> None:
        """The person logs off or the computer shuts down: the run ends as on SIGTERM (the
        payments in flight kept in the journal, nobody asked: the session will not wait)."""
        self._requested(SESSION_ENDS)

    def _on_wakeup(self) -> None:
        try:
            received = self._wake_up.read()
        except BlockingIOError:
            return
        for number in received:
            if number in STOP_SIGNALS:
                self._requested(number)

    def _requested(self, number: int) -> None:
        if number == SESSION_ENDS:
            log.info("stopping: the desktop session ends (log-off or shut-down)")
        else:
            log.info("stopping on signal %d", number)
        if self.requested is None:
            self.requested = number
        self.stop_requested.emit(number)

    def uninstall(self) -> None:
        """Give the signals back to Python's handlers (the app has finished stopping)."""
        self._notifier.setEnabled(False)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.commitDataRequest.disconnect(self.session_ends)
        signal.set_wakeup_fd(self._previous_fd)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._wake_up.close()

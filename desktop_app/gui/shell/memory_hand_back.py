"""Memory a closed window freed goes back to the system soon after it closes.

A window closed is the moment its memory is freed (its widgets, its model, the replies it
read), and the person is back at the list: a third of a millisecond to hand free pages back
(:func:`desktop_app.process.allocator.hand_back_freed_memory`) is not seen then. Once at most in
:data:`AT_MOST_EVERY_MS`: a desk closes an order window every minute or so in its busiest hour,
a benchmark every tenth of a second.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QApplication

from desktop_app.gui.app_wide.window_watch import single_instance, window_watch
from desktop_app.process.allocator import hand_back_freed_memory

AFTER_CLOSE_MS = 1_000
"""Time for the closed window's deferred deletions to run before its memory is looked at."""
AT_MOST_EVERY_MS = 30_000


class MemoryHandBack(QObject):
    """Hands freed memory back after a window closes (see the module)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._hand_back)
        self._last = -float(AT_MOST_EVERY_MS)  # ms on the monotonic clock
        window_watch().on_each(self._watch)

    def _watch(self, window: QWindow) -> None:
        window.visibleChanged.connect(self._window_shown_or_hidden)

    def _window_shown_or_hidden(self, visible: bool) -> None:
        if visible or self._timer.isActive():
            return
        since = time.monotonic() * 1000 - self._last
        self._timer.start(int(max(AFTER_CLOSE_MS, AT_MOST_EVERY_MS - since)))

    def _hand_back(self) -> None:
        self._last = time.monotonic() * 1000
        hand_back_freed_memory()


def install_memory_hand_back(app: QApplication) -> MemoryHandBack:
    """The application's one memory hand-back (made on first call)."""
    return single_instance(MemoryHandBack, app)

"""The pause in typing after which a window searches, never while that window is hidden."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class TypingPause(QTimer):
    """Fires ``then`` once typing pauses for ``ms`` (``start()`` at each key), and is stopped
    as ``window`` hides: a window closed as its last keys were typed does nothing out of view.
    It once did: a lookup searched after the idle lock had taken the token (its refusal asked
    for a sign-in), and Find a payment by its slip searched the journal after quit had closed
    it. Opened again, the window searches for what was typed (its box shows it)."""

    def __init__(self, window: QWidget, ms: int, then: Callable[[], None]) -> None:
        super().__init__(window)
        self.setSingleShot(True)
        self.setInterval(ms)
        self.timeout.connect(then)
        self._cut_short = False  # stopped by a hide before it fired
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.parent() and event.type() == QEvent.Type.Hide and self.isActive():
            self.stop()
            self._cut_short = True
        elif watched is self.parent() and event.type() == QEvent.Type.Show and self._cut_short:
            self._cut_short = False
            self.start()
        return False

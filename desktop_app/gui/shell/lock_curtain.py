"""What the idle lock hides (every window of customer or sales data, and the dialogs they hold:
hiding an order window hides not its payment form) and brings back after a sign-in."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget
from shiboken6 import isValid


class LockCurtain:
    """The windows the lock hid, to show again: only those still open."""

    def __init__(self) -> None:
        self._hidden: list[QWidget] = []

    def close_over(self, windows: list[QWidget]) -> None:
        """Hide ``windows`` and every dialog of theirs that shows, as they are."""
        shown = [w for window in windows for w in (window, *window.findChildren(QDialog))]
        self._hidden += [window for window in shown if window.isVisible()]
        for window in self._hidden:
            window.hide()

    def lift(self, windows: list[QWidget]) -> None:
        """Show again what was hidden and is still one of ``windows`` (or of theirs): a window
        closed meanwhile stays closed."""
        for window in self._hidden:
            if isValid(window) and {window, window.parent()} & set(windows):
                window.show()
        self._hidden = []

    def forget(self) -> None:
        """Nothing to bring back (signed out: the windows are closed)."""
        self._hidden = []

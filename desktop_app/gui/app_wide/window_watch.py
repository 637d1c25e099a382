"""Tells the app about each of its top-level windows once, as the window takes the focus.

What must notice a person's input (the idle clock) installs its event filter on each window of
the platform rather than on the whole application: an application-wide filter receives every
event of every widget, about 800 as the order window opens, each a call into Python, and made
every window a third slower to open. A window is reported as it takes the focus (Qt's own
signal), which is at once for every window this app opens; nothing polls for windows. A window
that never takes the focus (a tooltip, a menu's popup) takes no typing either.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication

from desktop_app.gui.look.app_parts import single_instance

_SEEN = "posWindowSeen"  # a property on the window: a wrapper's identity outlives its window


class WindowWatch(QObject):
    """Emits :attr:`window_seen` once for each top-level window of the application."""

    window_seen = Signal(QWindow)

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        app.focusWindowChanged.connect(self.look)

    @staticmethod
    def windows() -> list[QWindow]:
        """Every top-level window there is now."""
        # A window being destroyed is still listed as the focus leaves it.
        return [w for w in QGuiApplication.topLevelWindows() if shiboken6.isValid(w)]

    def on_each(self, listener: Callable[[QWindow], None]) -> None:
        """Call ``listener`` with every window there is now, and with each one seen later."""
        self.window_seen.connect(listener)
        for window in self.windows():
            listener(window)

    def look(self) -> None:
        """Report the windows not seen before."""
        for window in QGuiApplication.topLevelWindows():
            # Asked one at a time: a window being destroyed is listed, and goes as it is asked.
            if shiboken6.isValid(window) and not window.property(_SEEN):
                window.setProperty(_SEEN, True)
                self.window_seen.emit(window)


def window_watch() -> WindowWatch:
    """The application's one window watch."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return single_instance(WindowWatch, app)

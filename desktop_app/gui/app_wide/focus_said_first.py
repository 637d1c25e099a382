"""A text field tells a screen reader it has the focus before it tells where its cursor is.

Qt tells assistive technology of a widget's focus once the widget has handled its focus-in;
a line edit's focus-in selects its text or moves its cursor, and those are told first. Orca 43
then took the field as the one it already spoke of (moving to it without a word), and said
nothing as Tab entered NSU, Authorization code or Password. Here a text field's focus-in is
handled just after Qt has told of the focus, as the event loop next turns: the reader hears
the field, then its selection. A key, a click or the focus leaving before then has the field
take its focus-in first, so nothing typed at a cashier's speed meets a field not yet ready.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAccessible, QFocusEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from desktop_app.gui.look.app_parts import single_instance
from desktop_app.gui.look.desk_style import desk_style

_CATCH_UP = frozenset({
    QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride, QEvent.Type.InputMethod,
    QEvent.Type.MouseButtonPress, QEvent.Type.FocusOut, QEvent.Type.Hide,
})  # fmt: skip
"""What a field must have taken its focus-in for: it comes first."""


class FocusSaidFirst(QObject):
    """Has every text field of the application take its focus-in after Qt told of it."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._waiting: dict[QLineEdit, QFocusEvent] = {}  # fields, and the focus-in they wait for
        desk_style(app).when_polished(self._polished)

    def _polished(self, widget: QWidget) -> None:
        if isinstance(widget, QLineEdit):
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.FocusIn and isinstance(watched, QLineEdit):
            if watched in self._waiting or not QAccessible.isActive():
                return False  # its own, handed back now; or no reader to tell first
            assert isinstance(event, QFocusEvent)
            self._waiting[watched] = QFocusEvent(QEvent.Type.FocusIn, event.reason())
            QTimer.singleShot(0, self, lambda: self.catch_up(watched))
            return True
        if kind in _CATCH_UP and watched in self._waiting:
            self.catch_up(watched)
        return False

    def catch_up(self, field: QLineEdit) -> None:
        """``field`` takes the focus-in it waits for (now, if it still waits)."""
        waiting = self._waiting.get(field)
        if waiting is None:
            return
        try:
            if shiboken6.isValid(field):
                QApplication.sendEvent(field, waiting)  # passes the filter: it is waited for
        finally:
            self._waiting.pop(field, None)


def install_focus_said_first(app: QApplication) -> FocusSaidFirst:
    """The application's one (made on first call)."""
    return single_instance(FocusSaidFirst, app)

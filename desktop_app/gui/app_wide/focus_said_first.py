"""A text field tells a screen reader it has the focus before it tells where its cursor is.

Qt sends a line edit's focus to assistive technology after the field has handled its focus-in,
which selects its text or moves its cursor, each sent first: Orca 43 then took the field as the
one it already spoke of, and said nothing as Tab entered NSU or Authorization code (6 moves of
10). Here each text field says it has the focus as that focus comes in, before anything else;
Qt's own focus event that follows is the same news, which Orca does not repeat.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from desktop_app.gui.app_wide.window_watch import single_instance
from desktop_app.gui.look.desk_style import desk_style


class FocusSaidFirst(QObject):
    """Has every text field of the application say its focus first."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        desk_style(app).when_polished(self._polished)

    def _polished(self, widget: QWidget) -> None:
        if isinstance(widget, QLineEdit):
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.FocusIn and QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(watched, QAccessible.Event.Focus))
        return False


def install_focus_said_first(app: QApplication) -> FocusSaidFirst:
    """The application's one (made on first call)."""
    return single_instance(FocusSaidFirst, app)

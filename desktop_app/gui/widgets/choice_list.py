"""A filter's drop-down list that changes what is shown only when the person chooses.

A closed combo box takes Up, Down, Page Up, Page Down, Home and End as a new choice at once: on
the orders list each key ran the filter again, the list changing under a person who was only
looking through the choices. Here those keys open the list instead (as Alt+Down does), and the
choice is made with Enter or a click, as in any list."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox

_BROWSING_KEYS = frozenset({
    Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home,
    Qt.Key.Key_End,
})  # fmt: skip


_PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)


class _OpensOnBrowsing(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QComboBox)
            and event.key() in _BROWSING_KEYS
            and event.modifiers()
            in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)
        ):
            watched.showPopup()  # the choices shown; the one current stays until one is chosen
            return True
        return False


def chosen_from_a_list(*combos: QComboBox) -> None:
    """Each of ``combos`` changes its choice only when the person chooses from its list."""
    for combo in combos:
        combo.installEventFilter(_OpensOnBrowsing(combo))

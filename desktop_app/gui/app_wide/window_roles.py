"""Windows that are plain widgets (the lookups, the day close, find a slip) exposed to a screen
reader as windows: Qt exposes a ``QWidget`` window as a "client" area (AT-SPI's "filler"), and
Orca then announces no window as the person moves to it. One accessibility factory, installed
the first time such a window is made, gives each the window role; its title is its name."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QWidget

_MARK = "posPlainWindow"  # a property on the widget: the factory answers for these only
_installed = False


def _interface(_class_name: str, thing: QObject) -> QAccessibleInterface | None:
    if isinstance(thing, QWidget) and thing.property(_MARK):
        return QAccessibleWidget(thing, QAccessible.Role.Window)
    return None  # Qt's own interface


def expose_as_window(window: QWidget) -> None:
    """Have a screen reader meet ``window`` as a window, named by its title."""
    global _installed
    window.setProperty(_MARK, True)
    if not _installed:
        QAccessible.installFactory(_interface)
        _installed = True

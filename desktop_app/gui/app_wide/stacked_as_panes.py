"""A stack of pages is a plain pane to a screen reader.

Qt calls a stacked widget (the main window's lock page and orders, a dialog's pages, a tab
widget's pages) a "layered pane", and Orca 43 says that role, unnamed, each time the focus
enters one: "layered pane" five times a run, and meaning nothing to a cashier. A pane it does
not say. The pages stay the stack's children, read as before.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QStackedWidget


def _as_pane(_class_name: str, target: QObject) -> QAccessibleInterface | None:
    if isinstance(target, QStackedWidget):
        return QAccessibleWidget(target, QAccessible.Role.Pane)
    return None  # every other object as Qt describes it


_installed = False


def install_stacked_as_panes() -> None:
    """Describe every stacked widget as a pane, from now on (once per process)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_as_pane)
        _installed = True

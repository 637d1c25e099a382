"""What the application installs once, before any window of its own: one list, for the app, its
tests and its benchmarks alike (a bench that left one out measured another program)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from desktop_app.gui.app_wide.card_guard import install_card_guard
from desktop_app.gui.app_wide.editor_names import install_editor_names
from desktop_app.gui.app_wide.focus_said_first import install_focus_said_first
from desktop_app.gui.app_wide.stacked_as_panes import install_stacked_as_panes


def install_app_wide(app: QApplication) -> None:
    """The card guard on every field, the names of editors made by views, a window's focus
    said before its words, stacked pages told as panes."""
    install_card_guard(app)
    install_editor_names(app)
    install_focus_said_first(app)
    install_stacked_as_panes()

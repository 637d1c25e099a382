"""The app's own list of its windows: what the tests (and a new window measuring the frame)
walk instead of Qt's list of every top-level widget."""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.look.open_windows import app_windows, shown_windows
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.shell.main_window import MainWindow


def test_a_window_placed_is_listed_while_it_lives_and_nothing_qt_made_is(qtbot: QtBot) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    place(dialog, None)
    dialog.show()
    other = QWidget()  # a top-level widget nobody told the list of (as a popup Qt makes)
    qtbot.addWidget(other)
    other.show()
    assert shown_windows(QDialog) == [dialog]
    assert [w for w in shown_windows() if w is not dialog] == []
    dialog.hide()
    assert dialog in app_windows(QDialog) and dialog not in shown_windows()
    shiboken6.delete(dialog)  # deleted by Qt, its wrapper still held here
    assert all(shiboken6.isValid(w) for w in app_windows())
    assert all(w is not dialog for w in app_windows())


def test_closing_the_main_window_closes_every_window_it_opened(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Settings, Pending payments and Help go with the window that opened them, as the order
    windows and lookups do: nothing of a closed desk stays on the screen."""
    opened = [window.open_settings(), window.open_pending(), window.open_shortcuts()]
    opened.append(window.open_customers())
    assert all(shown.isVisible() for shown in opened)
    window.close()
    assert [type(shown).__name__ for shown in shown_windows()] == []

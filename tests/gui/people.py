"""Finding windows and controls as a person does: by the window's title, the active window,
and the names a screen reader says."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.look.open_windows import shown_windows

W = TypeVar("W", bound=QWidget)


def windows_titled(title: str, kind: type[W]) -> list[W]:
    """The app's windows on screen whose title holds ``title`` (the app's own list of its
    windows: never Qt's list of every top-level widget, whose wrappers of widgets Qt made and
    deleted by itself crash when called)."""
    return [window for window in shown_windows(kind) if title in window.windowTitle()]


def window_titled(qtbot: QtBot, title: str, kind: type[W], timeout: int = 10_000) -> W:
    """Wait for the one window on screen whose title holds ``title``, and return it."""
    qtbot.waitUntil(lambda: len(windows_titled(title, kind)) == 1, timeout=timeout)
    return windows_titled(title, kind)[0]


def named(root: QWidget, name: str, kind: type[W]) -> W:
    """The control in ``root``'s window that a screen reader calls ``name``."""
    found = [w for w in root.findChildren(kind) if w.accessibleName() == name]
    assert len(found) == 1, f"{len(found)} controls named {name!r}"
    return found[0]


def valued(root: QWidget, caption: str, kind: type[W]) -> W:
    """The value in ``root``'s window a screen reader says as "``caption`` is its value"."""
    found = [w for w in root.findChildren(kind) if w.accessibleName().startswith(f"{caption} is ")]
    assert len(found) == 1, f"{len(found)} values heard as {caption!r}"
    return found[0]

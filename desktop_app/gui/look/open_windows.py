"""The app's own windows, each told here once as it is made: where the app (a new window
measuring the window manager's frame) and its tests find the windows on screen.

Qt's own list of every top-level widget also holds widgets Qt made by itself (a combo box's
popup, a tooltip, a menu): asking it makes a Python wrapper of each, and a wrapper of a widget Qt
deleted behind Python's back can be handed out again for another object at the same address.
Calling into such a wrapper crashed the test suite (a segmentation fault in ``isVisible``). The
windows told here were all made from Python, so each wrapper knows when its widget goes.
"""

from __future__ import annotations

import weakref
from typing import Any, TypeGuard, TypeVar, overload

import shiboken6
from PySide6.QtWidgets import QWidget

W = TypeVar("W", bound=QWidget)

_made: list[weakref.ref[QWidget]] = []


def register(window: QWidget) -> None:
    """``window`` is one of the app's windows (a weak reference: a closed window still goes)."""
    _made[:] = [ref for ref in _made if _alive(ref())]
    if not any(ref() is window for ref in _made):
        _made.append(weakref.ref(window))


def _alive(window: QWidget | None) -> TypeGuard[QWidget]:
    return window is not None and shiboken6.isValid(window)


@overload
def app_windows() -> list[QWidget]: ...
@overload
def app_windows(kind: type[W]) -> list[W]: ...
def app_windows(kind: type[Any] = QWidget) -> list[Any]:
    """The app's windows (of ``kind``) that exist now, in the order they were made."""
    found = []
    for ref in _made:
        window = ref()
        if _alive(window) and isinstance(window, kind):
            found.append(window)
    return found


@overload
def shown_windows() -> list[QWidget]: ...
@overload
def shown_windows(kind: type[W]) -> list[W]: ...
def shown_windows(kind: type[Any] = QWidget) -> list[Any]:
    """The app's windows (of ``kind``) on screen now."""
    return [window for window in app_windows(kind) if window.isVisible()]

"""Where windows open: inside the screen they open on, where the person left them last."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QRect, QSize
from PySide6.QtWidgets import QWidget

from desktop_app.gui.settings import preferences as prefs

if TYPE_CHECKING:
    from desktop_app.gui.settings.preferences import Preferences

MARGIN = 0.95  # of the screen's free area a new window takes at most


def fitted(wanted: QSize, screen: QRect) -> QRect:
    """``wanted`` shrunk to fit ``screen`` (with a margin), centred on it."""
    size = wanted.boundedTo(QSize(int(screen.width() * MARGIN), int(screen.height() * MARGIN)))
    area = QRect(0, 0, size.width(), size.height())
    area.moveCenter(screen.center())
    return area


@cache
def _keeper() -> Callable[[QWidget, Preferences], QObject]:
    """The class that keeps a window's size and place (made once, on first use)."""

    class _Keeper(QObject):
        """Keeps a window's size and place each time it is hidden or closed."""

        def __init__(self, window: QWidget, preferences: Preferences) -> None:
            super().__init__(window)
            self._window, self._preferences = window, preferences
            window.installEventFilter(self)

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if watched is self._window and event.type() in (QEvent.Type.Hide, QEvent.Type.Close):
                places = _places(self._preferences)
                geometry = bytes(self._window.saveGeometry().toBase64().data()).decode()
                places[self._window.objectName()] = geometry
                kept = "|".join(f"{name}:{places[name]}" for name in sorted(places))
                self._preferences.set(prefs.WINDOW_PLACES, kept)
            return False

    return _Keeper


def _places(preferences: Preferences) -> dict[str, str]:
    """``name:geometry|name:geometry`` (base64 holds neither separator)."""
    places = {}
    for entry in preferences.get(prefs.WINDOW_PLACES).split("|"):
        name, _, geometry = entry.partition(":")
        if name and geometry:
            places[name] = geometry
    return places


def place(
    window: QWidget,
    preferences: Preferences | None,
    wanted: QSize | None = None,
    *,
    remember: bool = True,
) -> None:
    """Open ``window`` where it was last left (Qt keeps it on a screen and inside it), else at
    ``wanted`` (its own size when not given) fitted to the screen; remember it from now on."""
    screen = window.screen().availableGeometry()
    saved = _places(preferences).get(window.objectName()) if preferences is not None else None
    restored = saved is not None and window.restoreGeometry(QByteArray.fromBase64(saved.encode()))
    # Never narrower than what it shows: a form's own minimum size (Designer's) would keep a
    # window smaller than a longer language's words, or the training banner, need.
    needed = window.minimumSizeHint()
    if not restored or not screen.contains(window.geometry()):
        window.setGeometry(fitted((wanted or window.size()).expandedTo(needed), screen))
    elif needed.boundedTo(window.size()) != needed:  # saved smaller than it needs now
        window.resize(window.size().expandedTo(needed).boundedTo(screen.size()))
    if preferences is not None and remember:
        _keeper()(window, preferences)


def grow_to_fit(window: QWidget) -> None:
    """Make ``window`` taller when what it shows now needs it (a long message wraps to more
    lines), up to the screen's height: never cut off, never squeezing its fields."""
    layout = window.layout()
    if layout is None or window.isMaximized() or window.isFullScreen():
        return
    layout.activate()
    needed = max(layout.totalHeightForWidth(window.width()), layout.totalMinimumSize().height())
    room = window.screen().availableGeometry().height()
    if needed > window.height():
        window.resize(window.width(), min(needed, room))

"""Where windows open: inside the screen they open on, where the person left them last."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QMargins, QObject, QRect, QSize, Qt
from PySide6.QtWidgets import QWidget

from desktop_app.gui.look.open_windows import register, shown_windows
from desktop_app.gui.settings import preferences as prefs

if TYPE_CHECKING:
    from desktop_app.gui.settings.preferences import Preferences

MARGIN = 0.95  # of the screen's free area a new window takes at most


FRAME = QMargins(4, 32, 4, 4)
"""The frame a window manager draws round a window (its title bar above), until one is seen."""


def fitted(wanted: QSize, screen: QRect, frame: QMargins = FRAME) -> QRect:
    """``wanted`` shrunk to fit ``screen`` (with a margin) inside its frame, centred on it: the
    window's inside, so that its title bar too is on the screen."""
    room = screen.marginsRemoved(frame)
    size = wanted.boundedTo(QSize(int(room.width() * MARGIN), int(room.height() * MARGIN)))
    area = QRect(0, 0, size.width(), size.height())
    area.moveCenter(room.center())
    return area


def frame_margins(besides: QWidget | None = None) -> QMargins:
    """The window manager's frame, as measured round a window already shown (they all get the
    same); :data:`FRAME` before any is."""
    for shown in shown_windows():
        if shown is besides:
            continue
        outer, inner = shown.frameGeometry(), shown.geometry()
        if outer != inner:
            return QMargins(
                inner.left() - outer.left(), inner.top() - outer.top(),
                outer.right() - inner.right(), outer.bottom() - inner.bottom(),
            )  # fmt: skip
    return FRAME


@cache
def _keeper() -> Callable[[QWidget, Preferences], QObject]:
    """The class that keeps a window's size and place (made once, on first use)."""

    class _Keeper(QObject):
        """Keeps a window's size and place each time it is hidden or closed. The window is its
        parent and the one object it watches, never an attribute: a keeper holding its window
        would make a cycle (the window's wrapper owns its child), which Python's collector
        breaks by clearing the keeper's attributes first, and the window, destroyed after,
        would call a keeper that has none."""

        def __init__(self, window: QWidget, preferences: Preferences) -> None:
            super().__init__(window)
            self._preferences = preferences
            window.installEventFilter(self)

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            closing = event.type() in (QEvent.Type.Hide, QEvent.Type.Close)
            if closing and isinstance(watched, QWidget) and watched is self.parent():
                places = _places(self._preferences)
                geometry = bytes(watched.saveGeometry().toBase64().data()).decode()
                places[watched.objectName()] = geometry
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
    ``wanted`` (its own size when not given) fitted to the screen; remember it from now on.
    Every window of the app is placed as it is made: it is one of the app's windows from then."""
    register(window)
    screen = window.screen().availableGeometry()
    saved = _places(preferences).get(window.objectName()) if preferences is not None else None
    restored = saved is not None and window.restoreGeometry(QByteArray.fromBase64(saved.encode()))
    # Never narrower than what it shows: a form's own minimum size (Designer's) would keep a
    # window smaller than a longer language's words, or the training banner, need.
    needed = window.minimumSizeHint()
    if not restored or not screen.contains(window.geometry()):
        wanted_size = (wanted or window.size()).expandedTo(needed)
        frame = frame_margins(besides=window)
        window.setGeometry(fitted(wanted_size, screen, frame))
        keep_inside(window, screen.marginsRemoved(frame))  # its own minimum may be taller
    elif needed.boundedTo(window.size()) != needed:  # saved smaller than it needs now
        window.resize(window.size().expandedTo(needed).boundedTo(screen.size()))
        keep_inside(window, screen.marginsRemoved(frame_margins(besides=window)))
    if preferences is not None and remember:
        _keeper()(window, preferences)


def keep_inside(window: QWidget, room: QRect) -> None:
    """Move ``window`` so that as much of it as can be is inside ``room`` (the screen less the
    frame), its top left corner and title bar first."""
    area = window.geometry()
    area.moveBottom(min(area.bottom(), room.bottom()))
    area.moveRight(min(area.right(), room.right()))
    area.moveTop(max(area.top(), room.top()))
    area.moveLeft(max(area.left(), room.left()))
    if area.topLeft() != window.geometry().topLeft():
        window.move(area.topLeft() - (window.geometry().topLeft() - window.pos()))


def grow_to_fit(window: QWidget) -> None:
    """Make ``window`` taller when what it shows now needs it (a long message wraps to more
    lines), up to the screen's height: never cut off, never squeezing its fields."""
    layout = window.layout()
    if layout is None or window.isMaximized() or window.isFullScreen():
        return
    layout.activate()
    needed = max(layout.totalHeightForWidth(window.width()), layout.totalMinimumSize().height())
    room = window.screen().availableGeometry().marginsRemoved(frame_margins())
    if needed > window.height():
        window.resize(window.width(), min(needed, room.height()))
        keep_inside(window, room)


def stand_apart(window: QWidget) -> None:
    """Make ``window`` a window of its own beside the main window, not one held above it.

    Qt makes every window that has a parent a transient of it: the window manager (and Windows,
    as an owned window) keeps it above its parent. An order window then stayed over the list
    after Ctrl+F had made the list the active window, so the next order's number went to a
    window the cashier could not see. Apart, the window that is active is the one in front;
    the parent still closes it (with the main window, at sign-out).

    A dialog is made apart before :func:`place`: changing its kind makes its native window
    anew, which forgets whether its place was the frame's corner (a place restored) or its
    inside, and a restored window came back a title bar lower each time it opened."""
    if window.windowType() != Qt.WindowType.Window:  # a dialog type is made transient again
        kind = Qt.WindowType.WindowType_Mask
        window.setWindowFlags((window.windowFlags() & ~kind) | Qt.WindowType.Window)
    window.winId()  # the native window now, so that Qt's choice can be undone before it shows
    handle = window.windowHandle()
    if handle is not None:
        handle.setTransientParent(None)  # type: ignore[arg-type]  # Qt takes nullptr: none

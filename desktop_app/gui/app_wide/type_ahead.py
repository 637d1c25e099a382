"""Type-ahead: the keys typed while a window comes forward are given to it once it is in front.

A cashier types at 80 ms a key and a card reader or a scanner at a few: F8, then the card's
digits at once. Until the window manager has put the new form in front (tens of milliseconds
under X, more on a busy desk), keys still arrive at the window that was active, the order
window, where its payments table took them and the form's first field lost them. So from the
key that opens a window until that window is active, every key is held here, then given to it
in the order typed.

They are given as Qt gives a key it did not get from the system (a recorded key played back):
``QApplication.notify`` offers such a key press to the shortcuts first, as a real one is, so
Alt+B held for the payment form still chooses the brand there and F8 held for an order window
still opens its form.

While nothing is held, nothing here looks at any key: the application-wide filter is installed
only for the few milliseconds a window takes to come forward.
"""

from __future__ import annotations

import weakref
from collections import deque
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QWindow
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid

from desktop_app.gui.look.open_windows import app_windows

HOLD_AT_MOST_MS = 3_000
"""How long keys wait for a window that does not come forward (a window manager that refuses
it, a service slow to give an order's payments): then they go where the focus is, as typed."""

_KEYS = (QEvent.Type.KeyPress, QEvent.Type.KeyRelease)


@dataclass(frozen=True)
class _Key:
    press: bool
    key: int
    modifiers: Qt.KeyboardModifier
    text: str
    repeat: bool

    def event(self) -> QKeyEvent:
        kind = QEvent.Type.KeyPress if self.press else QEvent.Type.KeyRelease
        return QKeyEvent(kind, self.key, self.modifiers, self.text, self.repeat)

    @classmethod
    def of(cls, event: QKeyEvent) -> _Key:
        return cls(
            event.type() == QEvent.Type.KeyPress,
            event.key(),
            event.modifiers(),
            event.text(),
            event.isAutoRepeat(),
        )


class TypeAhead(QObject):
    """The desk's one keeper of keys typed ahead (see the module's text)."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self._app = app
        self._held: deque[_Key] = deque()
        self._holding = False
        self._for: weakref.ref[QWidget] | None = None  # the window the keys wait for
        self._replaying = False  # a held key is being given: it passes
        self._giving_soon = False
        self._wait = 0  # which wait a giving scheduled belongs to (a newer wait voids it)
        self._filtering = False
        self._give_up = QTimer(self)
        self._give_up.setSingleShot(True)
        self._give_up.timeout.connect(self._abandon)

    # -- what the windows say ---------------------------------------------------------------

    def follow(self, window: QWidget) -> None:
        """Keys typed from now until ``window`` is active are given to it."""
        self._for = weakref.ref(window)
        self._start_holding()
        if window.isActiveWindow():
            self._give_soon()

    def hold(self) -> None:
        """Keys typed from now wait for a window about to open (F8 while the order's payments
        are read): :meth:`follow` names it once it opens, :meth:`let_go` says none will."""
        self._for = None
        self._start_holding()

    def let_go(self) -> None:
        """After :meth:`hold`: no window opened after all (the key said why instead), so the
        keys held go where the focus is, as typed. Nothing, if a window was named since."""
        if self._holding and self._waited_for() is None:
            self._abandon()

    def forget(self) -> None:
        """The windows keys waited for are gone (signed out, quit): wait for none."""
        if self._holding:
            self._abandon()

    def _abandon(self) -> None:
        """Wait no longer: the keys held go where the focus is, as typed."""
        self._for = None
        self._give_soon()

    @property
    def holding(self) -> bool:
        """Whether keys are being held now (for a window coming forward)."""
        return self._holding

    # -- holding ------------------------------------------------------------------------------

    def _start_holding(self) -> None:
        self._wait += 1
        self._giving_soon = False
        self._holding = True
        self._give_up.start(HOLD_AT_MOST_MS)
        if not self._filtering:
            self._app.installEventFilter(self)
            self._filtering = True

    def _waited_for(self) -> QWidget | None:
        window = self._for() if self._for is not None else None
        return window if window is not None and isValid(window) else None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if self._replaying or not self._holding:
            return False
        waited = self._waited_for()
        if self._for is not None and waited is None:
            self._abandon()  # the window waited for was deleted before it came forward
            return False
        if isinstance(event, QKeyEvent) and self._typed_ahead(watched, waited):
            if kind == QEvent.Type.ShortcutOverride:
                # Taken as a plain key, so that no shortcut of the window behind acts on it:
                # the key press comes next and is held; given later, it meets the shortcuts
                # of the window it was meant for.
                event.accept()
                return True
            if kind in _KEYS:
                self._held.append(_Key.of(event))
                return True
        if waited is not None and watched is waited:
            if kind == QEvent.Type.WindowActivate:
                self._give_soon()  # after Qt has finished making it active
            elif kind in (QEvent.Type.Hide, QEvent.Type.Close):
                self._abandon()  # closed before it came forward: the keys are not lost
        return False

    def _typed_ahead(self, watched: QObject, waited: QWidget | None) -> bool:
        """Whether a key for ``watched`` was typed ahead: it came to the window that is still
        active (the keyboard's, until the one coming forward takes it), or the system gave it
        to the window coming forward while keys typed before it still wait. A key sent
        straight to a field of another window is no person's typing, and goes there."""
        window = _window_of(watched)
        if window is None:
            return False
        if waited is not None and window is waited:
            # The system's key for it (its native window's): after those before it, and not
            # before it is active (its shortcuts are heard only then).
            return isinstance(watched, QWindow) and (
                bool(self._held) or not waited.isActiveWindow()
            )
        return window is QApplication.activeWindow()

    # -- giving ----------------------------------------------------------------------------

    def _give_soon(self) -> None:
        """Give the held keys on the loop's next turn (keys typed meanwhile are held too, so
        their order is kept)."""
        if not self._giving_soon:
            self._giving_soon = True
            wait = self._wait
            QTimer.singleShot(0, self, lambda: self._give(wait))

    def _give(self, wait: int) -> None:
        if wait != self._wait:
            return  # a window was asked for since: the keys wait for that one
        self._giving_soon = False
        self._holding = False
        self._give_up.stop()
        while self._held and not self._holding:  # a key given may open the next window
            self._replay(self._held.popleft())
        if not self._holding and self._filtering:
            self._app.removeEventFilter(self)
            self._filtering = False

    def _replay(self, key: _Key) -> None:
        waited = self._waited_for()
        receiver = QApplication.focusWidget() or QApplication.activeWindow() or waited
        if receiver is None:
            return  # no window of the app is left to type into
        self._replaying = True
        try:
            QApplication.sendEvent(receiver, key.event())
        finally:
            self._replaying = False


_keeper: TypeAhead | None = None


def type_ahead() -> TypeAhead:
    """The application's keeper of keys typed ahead (made with the first window that asks)."""
    global _keeper
    app = QCoreApplication.instance()
    assert app is not None, "type-ahead needs the application"
    if _keeper is None or not isValid(_keeper) or _keeper.parent() is not app:
        _keeper = TypeAhead(app)
    return _keeper


def _window_of(thing: QObject) -> QWidget | None:
    """The window of the app a key was sent to: a widget's own, or the one whose native window
    Qt handed the key to first (a key goes to the window, then to its focused widget)."""
    if isinstance(thing, QWidget):
        return thing.window()
    if isinstance(thing, QWindow):
        active = QApplication.activeWindow()
        if active is not None and active.windowHandle() is thing:
            return active
        return next((w for w in app_windows() if w.windowHandle() is thing), None)
    return None

"""A form held over the window it belongs to (the payment form over its order's window), as a
window-modal dialog is, but without Qt's modality.

Qt drops every key the window system sends to a window a modal dialog blocks. Under X the
keyboard stays with the window behind for some milliseconds after the form is shown, until the
window manager gives it to the form: a card's digits typed right after F8 were dropped there
before any part of the app could keep them for the form (measured on Xvfb with openbox, keys 5 ms
apart: "778899" became "8899"). Held over by hand, the window behind still receives those keys,
the type-ahead keeper (:mod:`type_ahead`) gives them to the form, and anything else typed or
clicked there is refused as a modal dialog's parent refuses it: its input stops at its native
window, its own close waits, and coming to the front brings the form forward instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

HELD_OVER = "heldOverItsWindow"
"""A form's property while it holds its window (the desk's keys treat it as a modal form)."""
_APP_CLOSES = "closedByTheApp"

_REFUSED = frozenset({
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick, QEvent.Type.Wheel, QEvent.Type.KeyPress,
    QEvent.Type.KeyRelease, QEvent.Type.TouchBegin, QEvent.Type.TabletPress, QEvent.Type.Close,
})  # fmt: skip


class _HeldOver(QObject):
    """Lives with the window (a form can go first: a recorded payment's form is deleted)."""

    def __init__(self, form: QWidget, window: QWidget) -> None:
        super().__init__(window)
        self._form = form
        self._native: QWindow | None = None  # the window's own, while the form shows
        form.installEventFilter(self)
        window.installEventFilter(self)
        form.destroyed.connect(self._form_gone)

    def _held_window(self) -> QWidget | None:
        """The window, its parent (never an attribute: a cycle the collector would break by
        clearing this object's attributes while the window can still send it events); None as
        it goes."""
        window = self.parent()
        return window if isinstance(window, QWidget) and isValid(window) else None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if not isValid(self._form):
            return False
        kind = event.type()
        if watched is self._form:
            if kind == QEvent.Type.Show:
                self._hold(True)
            elif kind == QEvent.Type.Hide:
                self._hold(False)
            return False
        if watched is self._native and kind in _REFUSED:
            window = self._held_window()
            if kind == QEvent.Type.Close and window is not None and window.property(_APP_CLOSES):
                return False  # quit or sign-out: the app closes it, as Qt lets it a modal's
            event.ignore()  # a close from the window manager waits, as for a modal dialog
            return True
        if watched is self._held_window() and kind == QEvent.Type.WindowActivate and self._native:
            QTimer.singleShot(0, self, self._bring_the_form)  # after Qt's own turn
        return False

    def _hold(self, holding: bool) -> None:
        if isValid(self._form):
            self._form.setProperty(HELD_OVER, holding)
        if self._native is not None and isValid(self._native):
            self._native.removeEventFilter(self)
        window = self._held_window()
        self._native = window.windowHandle() if holding and window is not None else None
        if self._native is not None:
            self._native.installEventFilter(self)  # each input event of a window passes here

    def _form_gone(self) -> None:
        window = self._held_window()
        if window is None:
            return  # the form went with its window, and this with them
        self._hold(False)
        window.removeEventFilter(self)
        self.deleteLater()

    def _bring_the_form(self) -> None:
        window = self._held_window()
        if window is None or not window.isActiveWindow():
            return  # another window was chosen meanwhile: it keeps the keys
        if isValid(self._form) and self._form.isVisible():
            self._form.raise_()
            self._form.activateWindow()


def hold_over(form: QWidget, window: QWidget) -> None:
    """Show ``form`` (a child of ``window``) as held over ``window`` from now on, each time it
    shows; instead of Qt's window modality (see the module's text)."""
    _HeldOver(form, window)


def close_as_the_app(window: QWidget) -> None:
    """Close ``window`` as the app does at quit or sign-out: a form held over it does not stop
    it (Qt lets the app close a window its modal dialog blocks, not the window manager)."""
    window.setProperty(_APP_CLOSES, True)
    window.close()

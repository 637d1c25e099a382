"""The keys of the desk: F1, F2, F3, Ctrl+D and Ctrl+Shift+F open their window from every
window of the app that is not a modal form (the Revenue window, an order, the day close…), not
only from the main window; inside a modal form, where they cannot, they say why.

Qt gives a main window's action its key only while that window is active; an application-wide
key is heard in every window a modal form does not block. Inside a modal form they wait (a
payment form half typed is not left behind), so each form gets the same keys, once, as it
first takes the focus, to say so in its message bar; while a form is in front, the main
window's actions hear their keys only in the main window (a payment form is modal to its
order window alone, so both would hear them, and Qt runs neither of two).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeyEvent, QShortcut, QWindow
from PySide6.QtWidgets import QAbstractItemView, QApplication, QWidget

from desktop_app.gui.app_wide.held_over import HELD_OVER
from desktop_app.gui.widgets.labels import without_mnemonic
from desktop_app.gui.widgets.message_bar import MessageBar

_TOLD = "deskKeysSayWhy"
"""A modal form's property: it has the desk's keys, to say why they wait."""


def waits_for_the_form(action_text: str) -> str:
    """What a desk key says inside a modal form."""
    return QCoreApplication.translate(
        "MainWindow",
        "{window} opens once this form is closed: finish it, or close it with Esc.",
    ).format(window=without_mnemonic(action_text).rstrip("…").strip())


class GivesWay(Protocol):
    """A modal form that can close for a desk key without losing anything (the payment form
    on its first page: what was typed is kept for its order's next F8)."""

    def give_way(self) -> bool:
        """Close if nothing is lost by it; whether it closed."""
        ...


class DeskKeys(QObject):
    """``actions``' keys, heard from every window; said about inside a modal form, unless
    the action is one ``given_way_to`` and the form can close for it (:class:`GivesWay`)."""

    def __init__(
        self,
        actions: Sequence[QAction],
        parent: QObject,
        *,
        given_way_to: Sequence[QAction] = (),
    ) -> None:
        super().__init__(parent)
        self._actions = tuple(actions)
        self._given_way_to = tuple(given_way_to)
        for action in self._actions:
            action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.focusWindowChanged.connect(self._focus_went_to)

    def _focus_went_to(self, _window: QWindow | None) -> None:
        active = QApplication.activeWindow()
        in_a_form = active is not None and (active.isModal() or bool(active.property(HELD_OVER)))
        # A form modal to its order window alone leaves the main window open to the keys: its
        # own keys (below) are then the only ones heard in it, not both (Qt would run neither).
        context = (
            Qt.ShortcutContext.WindowShortcut
            if in_a_form
            else Qt.ShortcutContext.ApplicationShortcut
        )
        for action in self._actions:
            action.setShortcutContext(context)
        form = active if in_a_form else None
        if form is None or form.property(_TOLD) or form.findChild(MessageBar) is None:
            return  # a question box has nowhere to say it, and is answered at once
        form.setProperty(_TOLD, True)
        for action in self._actions:
            for keys in action.shortcuts():
                QShortcut(keys, form).activated.connect(
                    lambda action=action, form=form: self._say_why(form, action)
                )

    def _say_why(self, form: QWidget, action: QAction) -> None:
        give_way = getattr(form, "give_way", None)
        if action in self._given_way_to and callable(give_way) and give_way():
            action.trigger()  # the form closed, keeping what was typed: the key does its work
            return
        bar = form.findChild(MessageBar)
        if bar is not None and action.isEnabled():
            bar.show_info(waits_for_the_form(action.text()))


class EditingKeepsF2(QObject):
    """A table whose cells are typed in keeps F2, the key that opens the cell it is on (the
    desk's F2, Customers, is heard from it only where the cell cannot be typed in)."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.ShortcutOverride
            and event.key() == Qt.Key.Key_F2
            and self._view.model().flags(self._view.currentIndex()) & Qt.ItemFlag.ItemIsEditable
        ):
            event.accept()  # the key goes to the table, as a key press: the cell opens
            return True
        return False

"""What a screen reader is told as it happens: a problem shown, the desk locked, the session's
last minutes, a change in the slips waiting, a payment recorded.

Two roads, as readers differ. Qt's accessibility announcement (Qt 6.8), which newer readers
speak. And what Orca 43 (Debian 12's) follows, which never listens for announcements: the
description of the object that has the focus. The words become that description for as long
as the focus stays there (read as they change), and, when the focus is about to leave their
window (a form that closes as it records), the description of wherever it lands, read with it.
Each field gets its own description back as the focus leaves it. Nothing is sent while no
screen reader listens (Qt drops it).
"""

from __future__ import annotations

import time

import shiboken6
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication, QWidget

from desktop_app.gui.look.app_parts import single_instance

CARRIED_FOR = 1.5
"""Seconds during which words just said are also told where the focus lands next."""


class Announcer(QObject):
    """Says words to a screen reader, and tells the app it did (:attr:`said`: tests and the
    log of what a person was told)."""

    said = Signal(str, bool)  # the words, and whether they interrupt (a problem)

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        # Words just said, until when they are carried, and the window they were said in.
        self._carried: tuple[str, float, QWidget | None] | None = None
        self._own: dict[QWidget, str] = {}  # fields telling words: their own descriptions
        self._first: dict[QWidget, str] = {}  # words a field took the focus with, kept first
        app.focusChanged.connect(self._focus_changed)

    def say(self, source: QObject, words: str, *, urgent: bool = False) -> None:
        """Have ``words`` spoken about ``source`` (the widget they show in); ``urgent`` words
        interrupt what is being read, others wait their turn."""
        if not words:
            return
        _announcement(source, words, urgent)
        if QAccessible.isActive():
            focused = QApplication.focusWidget()
            window = focused.window() if focused is not None else None
            self._carried = (words, time.monotonic() + CARRIED_FOR, window)
            if focused is not None:
                self._tell(focused, words)
        self.said.emit(words, urgent)

    def say_with_focus(self, field: QWidget, words: str, *, urgent: bool = False) -> None:
        """Give ``field`` the focus with ``words`` as its description, read with it once (the
        lock's reason on its Sign in button; said, then changed under the focus, they were
        read twice); an announcement for newer readers."""
        self._carried = None
        self._tell(field, words)
        self._first[field] = words
        field.setFocus()
        _announcement(field, words, urgent)
        self.said.emit(words, urgent)

    def _tell(self, field: QWidget, words: str) -> None:
        """``words`` as ``field``'s description (a change is what Orca reads), on one line:
        a description of two lines (the lock's reason, then the slips waiting) went unheard."""
        words = " ".join(words.split())
        own = self._own.setdefault(field, field.accessibleDescription())
        first = self._first.get(field)
        if first is not None and not words.startswith(first):
            # Later news does not take the place of why the focus came here (the lock's
            # reason, then "the service answers again": the reason went unheard).
            words = f"{first} {words}"
        if field.accessibleDescription() == words:
            field.setAccessibleDescription(own if own != words else "")
        field.setAccessibleDescription(words)

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if new is None:
            return  # its window went to the back: the words stay for when it comes again
        for field, own in list(self._own.items()):
            if field is not new:
                if shiboken6.isValid(field):
                    field.setAccessibleDescription(own)
                del self._own[field]
                self._first.pop(field, None)
        carried = self._carried
        if carried is None or time.monotonic() >= carried[1]:
            return
        if not QAccessible.isActive():  # the reader left meanwhile: nobody to carry them to
            self._carried = None
            return
        words, _, window = carried
        if window is None or not shiboken6.isValid(window) or new.window() is not window:
            self._tell(new, words)  # the words' window went (a form that closed as it said)


def _announcement(source: QObject, words: str, urgent: bool) -> None:
    """Qt's announcement of ``words`` (Qt 6.8), for the readers that listen for it."""
    event = QAccessibleAnnouncementEvent(source, words)
    event.setPoliteness(
        QAccessible.AnnouncementPoliteness.Assertive
        if urgent
        else QAccessible.AnnouncementPoliteness.Polite
    )
    QAccessible.updateAccessibility(event)


def announcer() -> Announcer:
    """The application's one announcer."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return single_instance(Announcer, app)


def announce(source: QObject, words: str, *, urgent: bool = False) -> None:
    """Say ``words`` to a screen reader (see :class:`Announcer`)."""
    announcer().say(source, words, urgent=urgent)

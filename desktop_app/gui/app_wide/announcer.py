"""What a screen reader is told as it happens: a problem shown, the desk locked, the session's
last minutes, a change in the slips waiting. Qt's accessibility announcement (Qt 6.8), which
the Linux bridge hands to AT-SPI as an announcement that Orca speaks; Qt's bridge ignores the
older "alert" event. Nothing is sent while no screen reader listens (Qt drops it)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication

from desktop_app.gui.app_wide.window_watch import single_instance


class Announcer(QObject):
    """Says words to a screen reader, and tells the app it did (:attr:`said`: tests and the
    log of what a person was told)."""

    said = Signal(str, bool)  # the words, and whether they interrupt (a problem)

    def say(self, source: QObject, words: str, *, urgent: bool = False) -> None:
        """Have ``words`` spoken about ``source`` (the widget they show in); ``urgent`` words
        interrupt what is being read, others wait their turn."""
        if not words:
            return
        event = QAccessibleAnnouncementEvent(source, words)
        event.setPoliteness(
            QAccessible.AnnouncementPoliteness.Assertive
            if urgent
            else QAccessible.AnnouncementPoliteness.Polite
        )
        QAccessible.updateAccessibility(event)
        self.said.emit(words, urgent)


def announcer() -> Announcer:
    """The application's one announcer."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return single_instance(Announcer, app)


def announce(source: QObject, words: str, *, urgent: bool = False) -> None:
    """Say ``words`` to a screen reader (see :class:`Announcer`)."""
    announcer().say(source, words, urgent=urgent)

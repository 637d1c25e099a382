"""A line over the main window that stays while its cause lasts (the journal records nothing, a
newer version waits for a restart): plain text that wraps, reached by Tab for a screen reader's
user, its colours in the style sheet under its object name."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from desktop_app.gui.look.style import give_style_sheet


class NoticeLine(QLabel):
    """Shows :meth:`notice_text` while there is any, hidden otherwise; said again in a new
    language."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setTextFormat(Qt.TextFormat.PlainText)  # it may quote data: a path, a version
        self.setWordWrap(True)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a screen reader's user can reach it
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        give_style_sheet(self)
        self.hide()

    def notice_text(self) -> str:
        """What the line says now, in the current language; empty when it has nothing to say."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Show the line's words now (its accessible name the same), or hide it."""
        words = self.notice_text()
        self.setHidden(not words)
        if words:
            self.setText(words)
            self.setAccessibleName(words)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()
        super().changeEvent(event)

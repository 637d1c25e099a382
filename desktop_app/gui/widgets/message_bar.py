"""The one message bar every window uses: what went wrong, and Retry for exactly that call."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QPushButton, QStyle, QWidget

from desktop_app.gui.app_wide.announcer import announce
from desktop_app.gui.app_wide.open_windows import register
from desktop_app.gui.look.style import give_style_sheet, icon
from desktop_app.gui.look.window_placement import grow_to_fit
from desktop_app.gui.widgets.labels import (
    mnemonic_letter,
    mnemonics_in,
    plain_label,
    with_free_mnemonic,
    without_mnemonic,
)


class MessageBar(QWidget):
    """A line of words under a window's controls, with a Retry button when retrying helps.

    The Retry belongs to the message it sits on: a newer message replaces both.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)  # a QWidget subclass
        give_style_sheet(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.kind_icon = plain_label()  # the kind at a glance: a red circle, an amber triangle…
        self.kind_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.label = plain_label()  # it may quote the service's words
        self.label.setObjectName("messageLabel")
        self.label.setWordWrap(True)
        self.retry_button = QPushButton()
        self.details_button = QPushButton()
        layout.addWidget(self.kind_icon)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.details_button)
        layout.addWidget(self.retry_button)
        self._retry: Callable[[], None] | None = None
        self._details = ""
        self._kind = ""
        self.retry_button.clicked.connect(self._on_retry_clicked)
        self.details_button.clicked.connect(self._on_details_clicked)
        self.hide()
        self.retranslate()

    def retranslate(self) -> None:
        """Texts in the current language."""
        self.kind_icon.setAccessibleName(self._kind_word())
        self._name_buttons()

    def _name_buttons(self) -> None:
        """The buttons' words, their Alt+letter one that nothing else shown in the window
        takes (hidden, they take none: the window's own letters stay its own)."""
        buttons = (self.retry_button, self.details_button)
        texts = (
            QCoreApplication.translate("MessageBar", "&Retry"),
            QCoreApplication.translate("MessageBar", "&Details…"),
        )
        # Only a button shown takes a letter: finding the window's letters walks all of it.
        shown = not self.isHidden() and any(not button.isHidden() for button in buttons)
        taken = mnemonics_in(self.window(), besides=buttons) if shown else None
        for button, text in zip(buttons, texts, strict=True):
            if taken is None:
                button.setText(without_mnemonic(text))
            else:
                button.setText(with_free_mnemonic(text, taken))
                taken.add(mnemonic_letter(button.text()))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    @property
    def kind(self) -> str:
        """What the bar shows: "error", "warning", "info", or "" when hidden."""
        return self._kind

    def text(self) -> str:
        """The words shown ("" when the bar is hidden)."""
        return self.label.text() if self._kind else ""

    def _show(
        self, kind: str, text: str, retry: Callable[[], None] | None, details: str = ""
    ) -> None:
        self._kind = kind
        self._retry = retry
        self._details = details
        if self.property("kind") != kind:  # polishing again is most of a message's cost
            self.setProperty("kind", kind)  # the style sheet colours each kind
            for widget in (self, *self.findChildren(QLabel)):  # its words take the colour too
                widget.style().unpolish(widget)
                widget.style().polish(widget)
        self.label.setText(text)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, self)
        self.kind_icon.setPixmap(
            icon(f"message-{kind}").pixmap(QSize(size, size), self.devicePixelRatioF())
        )
        self.kind_icon.setAccessibleName(self._kind_word())
        self.retry_button.setVisible(retry is not None)
        self.details_button.setVisible(bool(details))
        self.show()
        # Spoken as it shows (a label that appears is not read by itself): a problem at once.
        announce(self.label, f"{self._kind_word()}: {text}", urgent=kind == "error")
        if self.window().isWindow() and self.window() is not self:
            grow_to_fit(self.window())  # a long message in a small dialog: the dialog grows
        self._name_buttons()

    def _kind_word(self) -> str:
        """The kind of message in words, for screen readers (the icon says it to the eye)."""
        words = {
            "error": QCoreApplication.translate("MessageBar", "Error"),
            "warning": QCoreApplication.translate("MessageBar", "Warning"),
            "info": QCoreApplication.translate("MessageBar", "Information"),
        }
        return words.get(self._kind, "")

    def show_error(self, text: str, retry: Callable[[], None] | None = None) -> None:
        """Say what went wrong; with ``retry``, offer to run exactly that call again."""
        self._show("error", text, retry)

    def show_warning(
        self, text: str, details: str = "", retry: Callable[[], None] | None = None
    ) -> None:
        """Say that something is not quite right, with its particulars under Details; with
        ``retry``, offer to run that call again."""
        self._show("warning", text, retry, details)

    def show_info(self, text: str, retry: Callable[[], None] | None = None) -> None:
        """Say something that is not a problem; with ``retry``, offer to do it again."""
        self._show("info", text, retry)

    def clear(self) -> None:
        """Hide the bar (its Retry goes with it)."""
        self._kind = ""
        self._retry = None
        self.hide()
        self._name_buttons()

    def _on_details_clicked(self) -> None:
        box = QMessageBox(self.window())
        register(box)
        box.setIcon(QMessageBox.Icon.Information)
        box.setWindowTitle(self.window().windowTitle())
        box.setTextFormat(Qt.TextFormat.PlainText)  # the reasons quote the service's answer
        box.setText(self.label.text() + "\n\n" + self._details)
        box.exec()

    def _on_retry_clicked(self) -> None:
        retry = self._retry
        self.clear()
        if retry is not None:
            retry()

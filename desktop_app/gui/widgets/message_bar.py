"""The one message bar every window uses: what went wrong, and Retry for exactly that call.

A message lives exactly as long as its cause. Words true until something happens (a slip kept
"until the service returns", "choose an order first") are shown with :class:`Ends`: the signals
that may end the cause and, where a signal alone does not say it, the test that it has ended.
The bar then takes the message down itself; a newer message, or a clear, forgets it."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, SignalInstance
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QPushButton, QStyle, QWidget

from desktop_app.gui.look.announcer import announce
from desktop_app.gui.look.open_windows import register
from desktop_app.gui.look.style import give_style_sheet, icon
from desktop_app.gui.look.window_placement import grow_to_fit
from desktop_app.gui.widgets.labels import (
    mnemonic_letter,
    mnemonics_in,
    plain_label,
    with_free_mnemonic,
    without_mnemonic,
)

UNDER_WAY_SAID_AFTER_MS = 700
"""How long a call runs before its words under way ("Sending…") are said to a screen reader: a
wait a person notices. Said at once, they came after the answer they led to: Orca 48 (Debian
13) reads a closing form's announcement after the focus has landed, so "Payment … recorded"
was followed by "Sending…"."""


class Ends:
    """What ends a message's cause: any of ``signals`` emitted while ``ended`` (given the
    signal's arguments) holds; with no ``ended``, the emission itself. :meth:`either` joins
    causes that end in different ways (a call that succeeds, or the service that answers)."""

    __slots__ = ("alternatives", "ended", "signals")

    def __init__(self, *signals: SignalInstance, ended: Callable[..., bool] | None = None) -> None:
        self.signals = signals
        self.ended = ended
        self.alternatives: tuple[Ends, ...] = ()

    @classmethod
    def either(cls, *ends: Ends | None) -> Ends | None:
        """Ended by whichever of ``ends`` ends first (``None``s left out; none: never)."""
        given = [end for end in ends if end is not None]
        if len(given) <= 1:
            return given[0] if given else None
        joined = cls()
        joined.alternatives = tuple(part for end in given for part in end.parts())
        return joined

    def parts(self) -> tuple[Ends, ...]:
        """Each signal with its own test."""
        return self.alternatives or (self,)


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
        self._cause: _Cause | None = None  # what may end the message shown
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
        self,
        kind: str,
        text: str,
        retry: Callable[[], None] | None,
        details: str = "",
        ends: Ends | None = None,
        *,
        said: bool = True,
    ) -> None:
        self._forget_the_cause()
        if ends is not None:
            self._watch(ends)
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
        if said:
            self._say()
        if self.window().isWindow() and self.window() is not self:
            grow_to_fit(self.window())  # a long message in a small dialog: the dialog grows
        self._name_buttons()

    def _say(self) -> None:
        """The words shown, spoken (a label that appears is not read by itself): a problem at
        once, interrupting."""
        announce(self.label, f"{self._kind_word()}: {self.text()}", urgent=self._kind == "error")

    def _kind_word(self) -> str:
        """The kind of message in words, for screen readers (the icon says it to the eye)."""
        words = {
            "error": QCoreApplication.translate("MessageBar", "Error"),
            "warning": QCoreApplication.translate("MessageBar", "Warning"),
            "info": QCoreApplication.translate("MessageBar", "Information"),
        }
        return words.get(self._kind, "")

    def show_error(
        self, text: str, retry: Callable[[], None] | None = None, *, ends: Ends | None = None
    ) -> None:
        """Say what went wrong; with ``retry``, offer to run exactly that call again; with
        ``ends``, until its cause ends."""
        self._show("error", text, retry, ends=ends)

    def show_warning(
        self,
        text: str,
        details: str = "",
        retry: Callable[[], None] | None = None,
        *,
        ends: Ends | None = None,
    ) -> None:
        """Say that something is not quite right, with its particulars under Details; with
        ``retry``, offer to run that call again; with ``ends``, until its cause ends."""
        self._show("warning", text, retry, details, ends)

    def show_info(
        self, text: str, retry: Callable[[], None] | None = None, *, ends: Ends | None = None
    ) -> None:
        """Say something that is not a problem; with ``retry``, offer to do it again; with
        ``ends``, until its cause ends."""
        self._show("info", text, retry, ends=ends)

    def show_under_way(self, text: str, *, ends: Ends) -> None:
        """The words of a call under way ("Sending…") until ``ends`` (the call's end): shown at
        once, said to a screen reader only if the call still runs after
        ``UNDER_WAY_SAID_AFTER_MS`` (a quick answer's words come alone)."""
        self._show("info", text, None, ends=ends, said=False)
        cause = self._cause
        assert cause is not None  # ends given: watched
        # Timed by the cause: a message that goes before then (ended, replaced) is never said.
        QTimer.singleShot(UNDER_WAY_SAID_AFTER_MS, cause, lambda: self._say_if_shown(cause))

    def _say_if_shown(self, cause: _Cause) -> None:
        if cause is self._cause:
            self._say()

    def _watch(self, ends: Ends) -> None:
        """Take this message down when ``ends`` says its cause has ended."""
        self._cause = _Cause(ends, self)

    def _forget_the_cause(self) -> None:
        """The message shown goes: what would have ended its cause no longer concerns the bar."""
        cause, self._cause = self._cause, None
        if cause is not None:
            cause.forget()

    def clear(self) -> None:
        """Hide the bar (its Retry goes with it)."""
        self._forget_the_cause()
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


class _Cause(QObject):
    """The cause of the message a bar shows, watched: a child of the bar, so that a bar that
    goes (its window closed) takes its connections with it (Qt drops a receiver's connections
    as it is destroyed)."""

    def __init__(self, ends: Ends, bar: MessageBar) -> None:
        super().__init__(bar)
        self._parts = [_Part(part, self) for part in ends.parts()]

    def ended(self) -> None:
        bar = self.parent()
        if isinstance(bar, MessageBar):
            bar.clear()  # which forgets this cause

    def forget(self) -> None:
        for part in self._parts:
            part.forget()
        self.deleteLater()


class _Part(QObject):
    """One way a cause ends, heard by a QObject of the cause's: destroyed with it, so that no
    signal of a longer-lived object (the service's reach) still calls it."""

    def __init__(self, ends: Ends, cause: _Cause) -> None:
        super().__init__(cause)
        self._ends = ends
        for signal in ends.signals:
            signal.connect(self.maybe_ended)

    def maybe_ended(self, *arguments: Any) -> None:
        cause = self.parent()  # its parent, never an attribute: no cycle for the collector
        if isinstance(cause, _Cause) and (self._ends.ended is None or self._ends.ended(*arguments)):
            cause.ended()

    def forget(self) -> None:
        for signal in self._ends.signals:
            with contextlib.suppress(RuntimeError, TypeError):  # its sender went first
                signal.disconnect(self.maybe_ended)

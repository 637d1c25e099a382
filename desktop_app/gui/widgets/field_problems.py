"""A form's problem tied to the field it is about, for as long as its cause lasts.

Three rules every form keeps with this one piece:

- A problem takes the focus to the field it names, and its words are said there (a note right
  under the field) as well as in the window's message bar (which a screen reader announces).
- Its words go when that field changes, and come back, as the new value makes them, only if
  the new value still has a problem there ("at most 12 installments" goes once 10 is typed).
- A key the field refused (a letter in the NSU) is said the same way and stays until the field
  takes a key again, and never for less than the time to read it: typed at a cashier's speed,
  the next digit came before anyone could.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QTimer
from PySide6.QtWidgets import QComboBox, QDateEdit, QLabel, QLineEdit, QSpinBox, QWidget

from desktop_app.gui.look.style import give_style_sheet
from desktop_app.gui.widgets.labels import plain_label
from desktop_app.gui.widgets.message_bar import MessageBar

Recheck = Callable[[], tuple[QWidget, str] | None]
"""The form's problem now (its field and words), or ``None`` when it has none."""

READ_SECONDS = 3.0
"""How long a refused key's words stay at least: a short sentence read at a glance."""


class FieldProblems(QObject):
    """The one problem a form shows, tied to its field."""

    def __init__(self, bar: MessageBar, recheck: Recheck) -> None:
        super().__init__(bar)
        self._bar = bar
        self._recheck = recheck
        self.field: QWidget | None = None  # the field the words are about
        self._refused_at: float | None = None  # shown for a refused key, then
        self._note = plain_label()
        self._note.setObjectName("fieldNote")
        self._note.setWordWrap(True)
        self._note.hide()
        self._end = QTimer(self)
        self._end.setSingleShot(True)
        self._end.timeout.connect(self.clear)

    def watch(self, *fields: QWidget) -> None:
        """Hear each field change, as the person changes it."""
        for field in fields:
            changed = (
                field.textEdited if isinstance(field, QLineEdit)
                else field.currentTextChanged if isinstance(field, QComboBox)
                else field.dateChanged if isinstance(field, QDateEdit)
                else field.valueChanged if isinstance(field, QSpinBox)
                else None
            )  # fmt: skip
            if changed is None:
                raise TypeError(f"no change is heard from {type(field).__name__}")
            changed.connect(lambda *_args, field=field: self._changed(field))

    def problem(self, field: QWidget, words: str) -> None:
        """Say ``words`` about ``field``, and take the person there."""
        self._say(field, words)
        self._refused_at = None
        field.setFocus()

    def refused(self, field: QWidget, words: str) -> None:
        """``field`` refused a key: why, where the person is typing."""
        self._say(field, words)
        self._refused_at = time.monotonic()

    def clear(self) -> None:
        """No problem shown any more."""
        self._hide_words()
        self.field = self._refused_at = None

    def _hide_words(self) -> None:
        """The note and the bar's same words go (the field may stay watched)."""
        self._end.stop()
        if self._bar.text() == self._note.text():
            self._bar.clear()
        self._note.hide()
        if self.field is not None:
            self.field.setAccessibleDescription("")

    def _say(self, field: QWidget, words: str) -> None:
        self._end.stop()
        if self.field is not None and self.field is not field:
            self.field.setAccessibleDescription("")
        self.field = field
        # The field's description, read with its name as the focus comes to it (any Orca).
        field.setAccessibleDescription(words)
        self._bar.show_error(words)
        self._show_note(field, words)

    def _show_note(self, field: QWidget, words: str) -> None:
        window = field.window()
        note = self._note
        if note.parent() is not window:
            note.setParent(window)
            give_style_sheet(note)
        note.setText(words)
        # As wide as the field (the words on one line where they fit), never past the window.
        one_line = note.fontMetrics().horizontalAdvance(words) + 32  # the sheet's padding, border
        note.setFixedWidth(max(min(max(field.width(), one_line), window.width() - 16), 120))
        note.adjustSize()
        under = field.mapTo(window, QPoint(0, field.height() + 2))
        if under.y() + note.height() > window.height():  # no room under it: over it
            under = field.mapTo(window, QPoint(0, -note.height() - 2))
        x = min(under.x(), max(window.width() - note.width() - 4, 0))
        note.move(x, under.y())
        note.show()
        note.raise_()

    def _changed(self, field: QWidget) -> None:
        if field is not self.field:
            return
        if self._refused_at is not None:  # a key taken: gone, once it could be read
            left = READ_SECONDS - (time.monotonic() - self._refused_at)
            if left <= 0:
                self.clear()
            elif not self._end.isActive():
                self._end.start(int(left * 1000))
            return
        now = self._recheck()  # the field stays watched while the person types in it
        if now is not None and now[0] is field:
            self._say(field, now[1])  # the words of the value as it is now
        else:
            self._hide_words()

    @property
    def note(self) -> QLabel:
        """The words under the field (for tests and the screen's layout)."""
        return self._note

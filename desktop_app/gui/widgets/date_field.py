"""Every date field of the app, typed as a person types a date: the whole of it.

A digit starts the typing of a whole date, shown as it is typed, with or without separators
(``11/20/26``, ``112026``; ``20/11/2026`` in pt_BR), read in the language's order of day, month
and year when the person leaves the field or presses Enter (``core.typed_date``). Qt's date
field took each digit into a part and moved on: Tab after "11" left a field holding the month
typed and the old day and year, a date nobody wrote. Here a date typed in part, a day no
calendar has or one outside the field's range is said (:attr:`DateField.not_taken`, shown by
:func:`say_in`) and the field keeps the date it held: nothing is completed behind the person.
Backspace takes back a character (from the date shown, to correct its end); Esc takes the
typing back. Tab leaves the field; Up and Down, the arrows and the calendar work as Qt's do.
"""

from __future__ import annotations

from datetime import date
from typing import cast

from PySide6.QtCore import QCoreApplication, QDate, QEvent, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QValidator, QWheelEvent
from PySide6.QtWidgets import QDateEdit, QWidget

from desktop_app.core.typed_date import Unread, part_order, read_typed_date
from desktop_app.gui.widgets.message_bar import Ends, MessageBar

_TYPED = frozenset("0123456789/.- ")
_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class DateField(QDateEdit):
    """A date field that takes a whole date typed, and that Tab leaves."""

    not_taken = Signal(str)
    """What was typed is not a whole date the field takes: the words why (the field kept its
    date)."""
    taken = Signal()
    """A whole date was typed and taken (its date may be the one it held)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The date changes when a typed date is read whole, never on the way to it (15/08 on
        # the way to 15/09 filtered a list by a day nobody chose): what is typed is not Qt's
        # to read, and Qt's own edits (a paste, Delete in a part) are read as the field is left.
        self.setKeyboardTracking(False)
        self._typed: str | None = None  # what is being typed, or None while not typing
        # The year whole, as typed or not: English's short format wrote 2100 as "1/1/00".
        shown = self.displayFormat()
        if "yyyy" not in shown:
            self.setDisplayFormat(shown.replace("yy", "yyyy"))

    @property
    def typing(self) -> str | None:
        """What is being typed and not yet read (``None`` when nothing is)."""
        return self._typed

    def validate(self, text: str, position: int) -> tuple[QValidator.State, str, int]:
        if self._typed is not None:  # the typing is read whole, when it ends, not by Qt's parts
            return QValidator.State.Intermediate, text, position
        return super().validate(text, position)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802 - Qt's names
        # Qt's date field took Tab to step through its parts and held it on "any".
        return QWidget.focusNextPrevChild(self, next)

    def event(self, event: QEvent) -> bool:
        # Esc and Enter while typing are the field's (taken back, read) before any window's
        # shortcut: Esc closed the form holding the typing.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self._typed is not None
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Escape, *_ENTER)
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        text, key = event.text(), event.key()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if plain and text and all(character in _TYPED for character in text):
            if self._typed is None and text.strip(" ") == "":
                return super().keyPressEvent(event)  # a space alone starts nothing
            self._show_typing((self._typed or "") + text)
        elif plain and key == Qt.Key.Key_Backspace:
            self._take_back_one()
        elif self._typed is not None and key == Qt.Key.Key_Escape:
            self._stop_typing()  # the typing taken back; the window stays open
        elif self._typed is not None and key in _ENTER:
            if self.read_typing():
                super().keyPressEvent(event)  # the form's Enter, with the date read
                return
        else:
            if self._typed is not None and key != Qt.Key.Key_Tab:
                self.read_typing()  # an arrow, the calendar: from the date read, or kept
            super().keyPressEvent(event)
            return
        event.accept()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        self.read_typing()
        super().focusOutEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.read_typing()
        super().mousePressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        self.read_typing()
        super().wheelEvent(event)

    def _show_typing(self, typed: str) -> None:
        self._typed = typed
        line = self.lineEdit()
        # Unheard by Qt's date field, which put its parts back over the text as the cursor
        # moved (a reader still hears the text: a line edit tells it itself).
        line.blockSignals(True)
        line.setText(typed)
        line.blockSignals(False)

    def _take_back_one(self) -> None:
        if self._typed is None:  # correcting the end of the date shown
            line = self.lineEdit()
            whole_chosen = line.selectedText() == line.text()
            shown = "" if whole_chosen or self.shows_any() else line.text()
            self._show_typing(shown[:-1])
        else:
            self._show_typing(self._typed[:-1])

    def shows_any(self) -> bool:
        """Whether the field holds its special value ("any" in a filter), not a date."""
        return bool(self.specialValueText()) and self.date() == self.minimumDate()

    def _stop_typing(self) -> None:
        self._typed = None
        self.setDate(self.date())  # the date held, shown again (or its "any")

    def read_typing(self) -> bool:
        """Read what is being typed: its date taken, or why not said and the date held kept.
        True unless something typed was not taken."""
        typed = self._typed
        if typed is None:
            return True
        self._stop_typing()
        if not typed.strip() and self.specialValueText():  # all taken back: "any" again
            self.setDate(self.minimumDate())
            self.taken.emit()
            return True
        if not typed.strip():
            return True  # nothing typed: the date held, as shown
        read = read_typed_date(typed, part_order(self.displayFormat()))
        words = self._not_taken_words(typed, read.day, read.unread)
        if words:
            self.setAccessibleDescription(words)
            self.not_taken.emit(words)
            return False
        assert read.day is not None
        self.setAccessibleDescription("")
        self.setDate(QDate(read.day.year, read.day.month, read.day.day))
        self.taken.emit()
        return True

    def _not_taken_words(self, typed: str, day: date | None, unread: Unread | None) -> str:
        """Why ``typed`` is not taken ("" when it is)."""
        name, held = self.accessibleName(), self.text()
        example = self.textFromDateTime(QDate.currentDate().startOfDay())
        if unread is Unread.PART:
            said = QCoreApplication.translate(
                "DateField",
                "{name}: “{typed}” is only a part of a date. Type the whole date, as {example}. "
                "The date stays {held}.",
            )
        elif unread is Unread.NO_SUCH_DAY:
            said = QCoreApplication.translate(
                "DateField",
                "{name}: no calendar has {typed}. Type it as {example}. The date stays {held}.",
            )
        elif unread is Unread.NOT_A_DATE:
            said = QCoreApplication.translate(
                "DateField",
                "{name}: “{typed}” is not a date. Type it as {example}. The date stays {held}.",
            )
        else:
            assert day is not None
            low = cast("date", self.minimumDate().toPython())
            high = cast("date", self.maximumDate().toPython())
            if low <= day <= high:
                return ""
            typed = self._written(day)
            if day < low:
                said = QCoreApplication.translate(
                    "DateField",
                    "{name}: {typed} is before {low}, the earliest it takes. "
                    "The date stays {held}.",
                )
            else:
                said = QCoreApplication.translate(
                    "DateField",
                    "{name}: {typed} is after {high}, the latest it takes. The date stays {held}.",
                )
            return said.format(
                name=name, typed=typed, held=held, low=self._written(low),
                high=self._written(high),
            )  # fmt: skip
        return said.format(name=name, typed=typed.strip(), example=example, held=held)

    def _written(self, day: date) -> str:
        """``day`` as the field writes it."""
        return self.textFromDateTime(QDate(day.year, day.month, day.day).startOfDay())


def say_in(bar: MessageBar, *fields: DateField) -> None:
    """Say in ``bar`` why what was typed in one of ``fields`` was not taken, until the field
    takes a date."""
    for field in fields:
        field.not_taken.connect(
            lambda words, field=field: bar.show_error(
                words, ends=Ends(field.dateChanged, field.taken)
            )
        )


def range_words(since: DateField, until: DateField) -> str:
    """Why no day is between ``since`` and ``until`` ("" when days are, or either is "any")."""
    if since.shows_any() or until.shows_any() or since.date() <= until.date():
        return ""
    return QCoreApplication.translate(
        "DateField", "{from_name}, {since}, is after {to_name}, {until}: no day is between them."
    ).format(
        from_name=since.accessibleName(), since=since.text(),
        to_name=until.accessibleName(), until=until.text(),
    )  # fmt: skip


def say_a_range_in(bar: MessageBar, since: DateField, until: DateField) -> None:
    """Say in ``bar`` when ``since`` comes after ``until``, until the range holds a day."""

    def check() -> None:
        words = range_words(since, until)
        if words:
            bar.show_warning(words, ends=Ends(
                since.dateChanged, until.dateChanged, ended=lambda *_: not range_words(since, until)
            ))  # fmt: skip

    for field in (since, until):
        field.dateChanged.connect(lambda _day: check())

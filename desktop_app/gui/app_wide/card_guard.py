"""No field of the app accepts a full card number.

Every line edit gets a validator that refuses text holding a card number, written in any way
:mod:`desktop_app.core.cards` recognises, so the keystroke or paste that would complete one never
reaches the widget's text or its undo history. The field is then emptied (which also clears its
undo history: it may hold most of the number) and the person is told why in the window's own
message line.

A field is guarded where it is made, before anything can be typed, pasted or dropped into it:
the app's style polishes every widget once before it is first shown, Qt's own editors included
(those inside editable combo boxes, spin boxes and date fields, a table's editor, an input
dialog's, the file dialog's name field), and each line edit is guarded there; and again as it
takes the focus, in case its validator was replaced since. Neither receives the ordinary events
of the app's widgets, and nothing polls for windows, so guarding costs nothing while people work.

A scanner or a practised hand types sixteen digits in a second, and the number is recognised at
its thirteenth: after a refusal, the digits and separators still coming are swallowed until a
pause of :data:`SWALLOW_PAUSE` seconds or another key, so no tail of the number lands in the
emptied field (nor starts a search). Only then does the guard see every key of the app.
"""

from __future__ import annotations

import time
import unicodedata
from typing import Any, Protocol, runtime_checkable

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QToolTip,
    QWidget,
)

from desktop_app.api.card_numbers import contains_card_number
from desktop_app.gui.look.app_parts import single_instance
from desktop_app.gui.look.desk_style import desk_style
from desktop_app.gui.widgets.message_bar import MessageBar

SWALLOW_PAUSE = 0.3
"""Seconds without a key that end a refused number's swallowing."""
DOCUMENTS = "documents"
"""The property of a field that takes company documents: a valid CNPJ there is not a card."""
BARCODES = "barcodes"
"""The property of a field that takes barcodes: a GTIN-13 there is not a card."""


def refusal_text(field: str = "") -> str:
    """What the person reads when a card number is refused (naming the field, when it has a
    name)."""
    text = QCoreApplication.translate(
        "CardGuard",
        "That is a full card number, and it is never typed here. The field was emptied. "
        "For a payment, type only the last four digits of the card.",
    )
    return f"{field}: {text}" if field else text


@runtime_checkable
class SaysCardRefused(Protocol):
    """A window that says a refusal its own way (a search that would otherwise clear it)."""

    def say_card_refused(self, edit: QLineEdit, text: str) -> None:
        """Show ``text``, the reason ``edit`` was emptied, where the person looks."""


class CardNumberValidator(QValidator):
    """Refuses any text with a full card number; otherwise defers to the field's own rule."""

    refused = Signal()

    def __init__(self, edit: QLineEdit, inner: QValidator | None) -> None:
        super().__init__(edit)
        self.edit = edit
        self.inner = inner

    def _expects(self, kind: str) -> bool:
        # An editable combo box being destroyed still validates through its deleted editor:
        # then nothing is expected, and the plain rule holds.
        return shiboken6.isValid(self.edit) and self.edit.property(kind) is True

    def validate(self, text: str, position: int) -> Any:
        # Fields that take a known document say so: EAN-13 codes in the product search,
        # CNPJs in the customer search.
        if contains_card_number(
            text, barcodes=self._expects(BARCODES), documents=self._expects(DOCUMENTS)
        ):
            if shiboken6.isValid(self.edit):  # a field still there is emptied, with a word
                self.refused.emit()
            return QValidator.State.Invalid, "", 0
        if self._inner_lives():
            return self.inner.validate(text, position)  # type: ignore[union-attr]
        return QValidator.State.Acceptable, text, position

    def fixup(self, text: str) -> str:
        return self.inner.fixup(text) if self._inner_lives() else text  # type: ignore[union-attr]

    def _inner_lives(self) -> bool:
        # A spin box being destroyed deletes its own validator before its editor, which may
        # still validate as it goes.
        return self.inner is not None and shiboken6.isValid(self.inner)


def _part_of_a_number(text: str) -> bool:
    """Whether a key's text is digits or separators (what follows a refused number's first
    thirteen digits), or the Enter a scanner ends with."""
    return bool(text) and all(
        char == "\r"
        or unicodedata.category(char) == "Nd"
        or (char.isprintable() and not char.isalpha())
        for char in text
    )


class CardGuard(QObject):
    """Guards every line edit of the application before it takes input; says so when it
    refuses."""

    card_number_refused = Signal(QLineEdit)

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._app = app
        self._swallowing: tuple[QLineEdit, float] | None = None  # the field, and until when
        self._swallow_ends = QTimer(self)
        self._swallow_ends.setSingleShot(True)
        self._swallow_ends.timeout.connect(self._stop_swallowing)
        desk_style(app).when_polished(self._polished)
        app.focusChanged.connect(self._focus_changed)

    def _polished(self, widget: QWidget) -> None:
        # Once for every widget, before it is first shown: whoever made it, Qt included.
        if isinstance(widget, QLineEdit):
            self.guard(widget)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        # Keys, input methods and pastes reach only the focused widget: a spin box, a date field
        # or an editable combo box holds the focus for the line edit it has inside.
        if new is not None:
            self.guard_within(new)

    def guard_within(self, widget: QWidget) -> None:
        """Guard ``widget`` if it is a line edit, and every line edit inside it."""
        if isinstance(widget, QLineEdit):
            self.guard(widget)
        for edit in widget.findChildren(QLineEdit):
            self.guard(edit)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """While a refused number's tail is coming: swallow it (installed only then)."""
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress:
            return self._swallowed(watched, event)
        return False

    def _swallowed(self, watched: QObject, event: QKeyEvent) -> bool:
        if self._swallowing is None:  # ended by the key before, in this same event
            return False
        edit, until = self._swallowing
        if not shiboken6.isValid(edit):
            # Its window closed while the tail came: the next key is typed where it goes. (Asked
            # anything, the closed field raises an error Qt sets, which PySide for Python 3.11
            # turns into a crash when an application-wide filter lets it out.)
            self._stop_swallowing()
            return False
        if not isinstance(watched, QWidget):
            return False  # the window's own copy of the key: the widget's comes next
        now = time.monotonic()
        text = event.text()
        typed_into = watched is edit or (
            isinstance(watched, QComboBox | QAbstractSpinBox) and edit.parent() is watched
        )
        if typed_into and now < until and _part_of_a_number(text):
            if text == "\r":
                self._stop_swallowing()  # the scanner's last key
            else:
                self._swallow(edit)
            return True
        self._stop_swallowing()  # a pause, or another key: typing goes on as usual
        return False

    def _swallow(self, edit: QLineEdit) -> None:
        if self._swallowing is None:
            self._app.installEventFilter(self)
        self._swallowing = (edit, time.monotonic() + SWALLOW_PAUSE)
        self._swallow_ends.start(int(SWALLOW_PAUSE * 1000))

    def _stop_swallowing(self) -> None:
        if self._swallowing is not None:
            self._app.removeEventFilter(self)
        self._swallowing = None
        self._swallow_ends.stop()

    def guard(self, edit: QLineEdit) -> None:
        """Give ``edit`` the card-number validator (around whatever validator it has)."""
        current = edit.validator()
        if isinstance(current, CardNumberValidator):
            return
        validator = CardNumberValidator(edit, current)
        validator.refused.connect(lambda: self._refused(edit))
        edit.setValidator(validator)

    def _refused(self, edit: QLineEdit) -> None:
        # From this key on, the rest of the number is swallowed.
        self._swallow(edit)

        # After Qt has finished refusing the edit: empty the field, which also empties its
        # undo history, then say why.
        def empty_and_tell() -> None:
            edit.setText("")
            show_refusal_near(edit, refusal_text(_field_name(edit)))
            self.card_number_refused.emit(edit)

        QTimer.singleShot(0, edit, empty_and_tell)


def _field_name(edit: QLineEdit) -> str:
    """What a person calls the field: its accessible name, or that of the box it edits for (an
    editable combo box or a spin box makes its own nameless line edit)."""
    if edit.accessibleName():
        return edit.accessibleName()
    owner = edit.parentWidget()
    return owner.accessibleName() if isinstance(owner, QComboBox | QAbstractSpinBox) else ""


def show_refusal_near(edit: QLineEdit, text: str) -> None:
    """Say ``text`` in the message line of ``edit``'s window: the window's own way if it has
    one, else the nearest message bar, else a tip on the field itself (never over another
    field)."""
    widget: QWidget | None = edit
    while widget is not None:
        if isinstance(widget, SaysCardRefused):
            widget.say_card_refused(edit, text)
            return
        if widget.isWindow():
            break
        widget = widget.parentWidget()
    ancestor: QWidget | None = edit.parentWidget()
    while ancestor is not None:
        bars = ancestor.findChildren(MessageBar)
        if bars:
            bars[0].show_warning(text)
            return
        if ancestor.isWindow():
            break
        ancestor = ancestor.parentWidget()
    QToolTip.showText(edit.mapToGlobal(edit.rect().bottomLeft()), text, edit)


def set_validator(edit: QLineEdit, validator: QValidator) -> None:
    """Give ``edit`` its own rule ``validator``, inside the card guard's (Qt's ``setValidator``
    would put the rule in the guard's place, until the field next had the focus)."""
    edit.setValidator(validator)
    app = QApplication.instance()
    guard = app.findChild(CardGuard) if app is not None else None
    if guard is not None:
        guard.guard(edit)


def install_card_guard(app: QApplication) -> CardGuard:
    """The application's one card guard (made on first call)."""
    return single_instance(CardGuard, app)

"""No field of the app accepts a full card number.

Every line edit gets a validator that refuses text holding a Luhn-valid run of 13-19 digits,
so the keystroke or paste that would complete one never reaches the widget's text or its undo
history. The field is then emptied (which also clears its undo history: it may hold most of
the number) and the person is told why, in words.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QTimer, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip

from desktop_app.core.cards import contains_card_number


def refusal_text(field: str = "") -> str:
    """What the person reads when a card number is refused (naming the field, when it has a
    name)."""
    text = QCoreApplication.translate(
        "CardGuard",
        "That is a full card number, and it is never typed here. The field was emptied. "
        "For a payment, type only the last four digits of the card.",
    )
    return f"{field}: {text}" if field else text


class CardNumberValidator(QValidator):
    """Refuses any text with a full card number; otherwise defers to the field's own rule."""

    refused = Signal()

    def __init__(self, edit: QLineEdit, inner: QValidator | None) -> None:
        super().__init__(edit)
        self.edit = edit
        self.inner = inner

    def validate(self, text: str, position: int) -> Any:
        # A field that takes barcodes says so (the product search): EAN-13 codes pass there.
        if contains_card_number(text, barcodes=self.edit.property("barcodes") is True):
            self.refused.emit()
            return QValidator.State.Invalid, "", 0
        if self.inner is not None:
            return self.inner.validate(text, position)
        return QValidator.State.Acceptable, text, position

    def fixup(self, text: str) -> str:
        return self.inner.fixup(text) if self.inner is not None else text


class CardGuard(QObject):
    """Guards every line edit of the application as it is shown; says so when it refuses."""

    card_number_refused = Signal(QLineEdit)

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Guard line edits before they can take input."""
        if event.type() in (QEvent.Type.Show, QEvent.Type.FocusIn) and isinstance(
            watched, QLineEdit
        ):
            self.guard(watched)
        return False

    def guard(self, edit: QLineEdit) -> None:
        """Give ``edit`` the card-number validator (around whatever validator it has)."""
        current = edit.validator()
        if isinstance(current, CardNumberValidator):
            return
        validator = CardNumberValidator(edit, current)
        validator.refused.connect(lambda: self._refused(edit))
        edit.setValidator(validator)

    def _refused(self, edit: QLineEdit) -> None:
        # After Qt has finished refusing the edit: empty the field, which also empties its
        # undo history, then say why.
        def empty_and_tell() -> None:
            edit.setText("")
            # Above the field, where it covers what was typed before, not the fields to come.
            above = edit.mapToGlobal(edit.rect().topLeft()) - QPoint(0, 2 * edit.height())
            QToolTip.showText(above, refusal_text(edit.accessibleName()), edit)
            self.card_number_refused.emit(edit)

        QTimer.singleShot(0, empty_and_tell)


_guard: CardGuard | None = None


def install_card_guard(app: QApplication) -> CardGuard:
    """The application's one card guard (created on first call)."""
    global _guard
    if _guard is None or _guard.parent() is not app:
        _guard = CardGuard(app)
    return _guard

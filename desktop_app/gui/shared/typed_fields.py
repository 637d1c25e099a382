"""The one way a window keeps what a person typed when a key closes it, and gives it back.

A window names its fields; what they hold when it opens is what it suggested. When Esc, Ctrl+W
or the close button closes it, the fields that differ from the suggestion are kept with the
session (:class:`desktop_app.core.typed_work.TypedWork`: for that person, in memory, wiped at
sign-out); opened again for the same thing, it shows them as they were typed. Quit, a stop
signal and the idle lock never ask: the session keeps the work, the journal what was sent.

A window whose changes cannot wait for later (Settings, the terminal's columns) asks instead,
with :func:`ask_before_discarding`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QDate, Qt
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDoubleSpinBox,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from desktop_app.gui.look.open_windows import register

if TYPE_CHECKING:
    from desktop_app.gui.session.controller import SessionController


def field_value(widget: QWidget) -> object:
    """What ``widget`` holds, as a value kept in memory (never its display alone)."""
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, QComboBox):
        return widget.currentText() if widget.isEditable() else widget.currentIndex()
    if isinstance(widget, QDateEdit):
        return widget.date().toString("yyyy-MM-dd")
    if isinstance(widget, QSpinBox | QDoubleSpinBox):
        return widget.value()
    raise TypeError(f"no typed value is read from {type(widget).__name__}")


def set_field_value(widget: QWidget, value: object) -> None:
    """Put back what :func:`field_value` read (a day now out of the field's range is left
    out)."""
    if isinstance(widget, QLineEdit) and isinstance(value, str):
        widget.setText(value)
    elif isinstance(widget, QComboBox) and isinstance(value, str) and widget.isEditable():
        index = widget.findText(value)
        widget.setCurrentIndex(index)
        if index < 0:
            widget.setEditText(value)
    elif isinstance(widget, QComboBox) and isinstance(value, int) and value < widget.count():
        widget.setCurrentIndex(value)
    elif isinstance(widget, QDateEdit) and isinstance(value, str):
        day = QDate.fromString(value, "yyyy-MM-dd")
        if widget.minimumDate() <= day <= widget.maximumDate():
            widget.setDate(day)
    elif isinstance(widget, QSpinBox) and isinstance(value, int):
        widget.setValue(value)  # Qt keeps it within the box's range (the order's plan)


class KeptFields:
    """The fields of one window about one thing, kept with the session when it closes."""

    def __init__(
        self, session: SessionController, about: Hashable, fields: Mapping[str, QWidget]
    ) -> None:
        self._session = session
        self._about = about
        self._fields = dict(fields)
        self._suggested = self._values()  # as the window filled them, before any key

    def _values(self) -> dict[str, object]:
        return {name: field_value(widget) for name, widget in self._fields.items()}

    def typed(self) -> dict[str, object]:
        """The fields the person changed from what the window suggested."""
        suggested = self._suggested
        return {name: v for name, v in self._values().items() if v != suggested.get(name)}

    def bring_back(self) -> bool:
        """Show what this person typed here before, if anything (``True`` if so)."""
        kept = self._session.typed_work_of(self._about)
        if not kept:
            return False
        for name, value in kept.items():
            if (widget := self._fields.get(name)) is not None:
                set_field_value(widget, value)
        return True

    def keep(self) -> None:
        """Closed by a key: what was typed is kept (nothing typed: nothing is)."""
        typed = self.typed()
        if typed:
            self._session.keep_typed_work(self._about, typed)
        else:
            self._session.drop_typed_work(self._about)

    def done(self) -> None:
        """The work is finished: nothing of it is kept."""
        self._session.drop_typed_work(self._about)


class AsksBeforeDiscarding:
    """Mixin (before ``QDialog``) for a dialog whose changes apply only when saved: Esc,
    Ctrl+W, Cancel and the title bar's close button ask before a change goes; Quit and a stop
    signal (which close every window from the program, not the person) never ask.

    The dialog calls :meth:`remember_as_shown` with its fields once they are filled."""

    _shown_fields: Sequence[QWidget] = ()
    _shown_values: Sequence[object] = ()
    _closed_by_the_program = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        dialog = self.as_dialog()
        QShortcut(QKeySequence("Ctrl+W"), dialog).activated.connect(dialog.reject)

    def as_dialog(self) -> QDialog:
        assert isinstance(self, QDialog)
        return self

    def remember_as_shown(self, fields: Sequence[QWidget]) -> None:
        """What ``fields`` hold now is what closing keeps without asking."""
        self._shown_fields = tuple(fields)
        self._shown_values = tuple(field_value(field) for field in fields)

    def has_changes(self) -> bool:
        """Whether a field holds something else than when it was shown."""
        return tuple(field_value(field) for field in self._shown_fields) != self._shown_values

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self._closed_by_the_program = not event.spontaneous()  # the program's: quit, stop
        try:
            super().closeEvent(event)  # type: ignore[misc]  # QDialog's: reject()
        finally:
            self._closed_by_the_program = False

    def reject(self) -> None:
        dialog = self.as_dialog()
        if self._closed_by_the_program or not self.has_changes():
            super().reject()  # type: ignore[misc]  # QDialog's
        else:  # asked over the dialog, which stays open until "Discard" is chosen
            ask_before_discarding(dialog, lambda: QDialog.reject(dialog))


def ask_before_discarding(parent: QWidget, discard: Callable[[], None]) -> QMessageBox:
    """Ask, over ``parent``, whether its changes may go; ``discard`` runs if the person says
    so (Enter, Esc and "Keep editing" keep them)."""
    return ask_over(
        parent,
        QCoreApplication.translate("TypedFields", "Discard your changes?"),
        QCoreApplication.translate(
            "TypedFields", "Your changes here are not saved. Close and discard them?"
        ),
        (QCoreApplication.translate("TypedFields", "&Discard changes"), discard),
        QCoreApplication.translate("TypedFields", "&Keep editing"),
        enter_goes=False,  # a practised Enter never throws work away
    )


def ask_over(
    parent: QWidget,
    title: str,
    text: str,
    go: tuple[str, Callable[[], object]],
    stay: str,
    *,
    enter_goes: bool,
) -> QMessageBox:
    """A question over ``parent`` before it closes: ``go``'s button runs its action, ``stay``'s
    (and Esc) leaves everything as it is; Enter is ``go`` when ``enter_goes``. The box does
    not wait in a loop of its own: a stop signal closes it with everything else."""
    box = QMessageBox(parent)
    register(box)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    going = box.addButton(go[0], QMessageBox.ButtonRole.DestructiveRole)
    staying = box.addButton(stay, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(going if enter_goes else staying)
    box.setEscapeButton(staying)
    box.buttonClicked.connect(lambda button: go[1]() if button is going else None)
    box.open()
    return box

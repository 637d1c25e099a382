"""Every date field of the app, typed as a person types a date.

Digits fill the parts in the language's order (day, month, year in pt_BR; month, day, year in
English): a part's last digit, or "/", moves to the next; the arrows move between parts and Up
and Down change the one the cursor is in. Tab leaves the field, whatever part the cursor is in
and when it shows its special value ("any"): Qt's date field took Tab to step through its parts
and held it on "any", so a person tabbing through a form was stopped at every date.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDateEdit, QWidget


class DateField(QDateEdit):
    """A date field Tab leaves."""

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802 - Qt's names
        return QWidget.focusNextPrevChild(self, next)

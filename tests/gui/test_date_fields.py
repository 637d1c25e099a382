"""Every date field is typed as a date is written in the person's language, and Tab leaves it:
Revenue's, the orders filter's (its "any" included), the day close's, the slip's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QDateEdit, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.main_window import MainWindow


def every_date_field(qtbot: QtBot, window: MainWindow) -> list[QDateEdit]:
    """The date fields of every window that has one."""
    order = next(o for o in window.orders.model.visible_orders() if o.balance_due > 0)
    windows: list[QWidget] = [window, window.open_revenue(), window.open_day_close()]
    form = window.open_order(order).open_payment()
    windows.append(form)
    qtbot.waitUntil(form.isActiveWindow)  # in front, as a person sees it before typing
    return [field for shown in windows for field in shown.findChildren(QDateEdit)]


def tab_from(qtbot: QtBot, field: QDateEdit, section: QDateEdit.Section) -> QWidget | None:
    field.window().activateWindow()
    qtbot.waitUntil(field.window().isActiveWindow)
    field.setFocus()
    field.setCurrentSection(section)
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    return QApplication.focusWidget()


def test_tab_leaves_every_date_field_from_any_part_and_from_any(
    qtbot: QtBot, window: MainWindow
) -> None:
    fields = every_date_field(qtbot, window)
    names = {field.accessibleName() for field in fields}
    assert {"From date", "To date", "From", "To", "Date on the slip"} <= names, names
    stopped = []
    for field in fields:
        for section in (QDateEdit.Section.DaySection, QDateEdit.Section.MonthSection):
            if tab_from(qtbot, field, section) in (field, *field.findChildren(QWidget)):
                stopped.append(f"{field.accessibleName()}, {section.name}")
    since = window.orders.ui.since_edit
    since.setDate(since.minimumDate())  # the filter's "any"
    assert since.text() == "any"
    if tab_from(qtbot, since, QDateEdit.Section.DaySection) in (since, since.lineEdit()):
        stopped.append("From date, any")
    assert stopped == []


@pytest.mark.parametrize(
    ("language", "digits"), [("en_US", "112026"), ("pt_BR", "20112026")], indirect=["language"]
)
def test_digits_fill_the_parts_of_a_date_in_the_languages_order(
    qtbot: QtBot, language: str, digits: str, window: MainWindow
) -> None:
    revenue = window.open_revenue()
    field = revenue.findChildren(QDateEdit)[0]
    revenue.activateWindow()
    qtbot.waitUntil(revenue.isActiveWindow)
    field.setFocus()
    field.setSelectedSection(field.sectionAt(0))  # as Tab into it leaves it
    qtbot.keyClicks(field, digits)  # each part's last digit moves on to the next part
    assert field.date() == QDate(2026, 11, 20), field.text()

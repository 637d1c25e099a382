"""Every date field is typed as a date is written in the person's language, and Tab leaves it:
Revenue's, the orders filter's (its "any" included), the day close's, the slip's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication, QDateEdit, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.gui.shell.main_window import MainWindow
from tests.gui.test_payments import fill_slip, open_order_by_keyboard, start_payment


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


def written(field: QDateEdit, day: QDate) -> str:
    """``day`` as ``field`` writes it (the tests' language, or the one a test installs)."""
    return day.toString(field.displayFormat())


def in_front(qtbot: QtBot, field: QDateEdit) -> None:
    """``field``'s window in front and the cursor in it, as Tab into it leaves it."""
    field.window().activateWindow()
    qtbot.waitUntil(field.window().isActiveWindow)
    field.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(field.hasFocus)


def revenue_read(qtbot: QtBot, window: MainWindow) -> RevenueWindow:
    revenue = window.open_revenue()
    assert isinstance(revenue, RevenueWindow)
    qtbot.waitUntil(lambda: bool(revenue.days), timeout=10_000)
    return revenue


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("en_US", "112026"),
        ("en_US", "11/20/26"),
        ("en_US", "11/20/2026"),
        ("pt_BR", "20112026"),
        ("pt_BR", "20/11/2026"),
        ("pt_BR", "20/11/26"),
    ],
    indirect=["language"],
)
def test_a_whole_date_typed_with_or_without_separators_is_taken_as_tab_leaves(
    qtbot: QtBot, language: str, typed: str, window: MainWindow
) -> None:
    revenue = revenue_read(qtbot, window)
    field = revenue.since_edit
    in_front(qtbot, field)
    changes: list[QDate] = []
    field.dateChanged.connect(changes.append)
    qtbot.keyClicks(field, typed)
    assert (changes, field.text()) == ([], typed)  # shown as typed, not read on the way
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    assert changes == [QDate(2026, 11, 20)], field.text()
    assert QApplication.focusWidget() is revenue.until_edit
    assert not revenue.message_bar.isVisible()


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_parts_typed_and_tabbed_over_are_said_and_never_completed(
    qtbot: QtBot, language: str, window: MainWindow
) -> None:
    """The Saturday's keys: 11 Tab 20 Tab 26 gave From 11/30/26, To 2/28/26 and "0 days"."""
    revenue = revenue_read(qtbot, window)
    since, until = revenue.since_edit, revenue.until_edit
    held = since.date(), until.date()
    summary = revenue.summary.text()
    in_front(qtbot, since)
    for part in ("11", "20"):
        qtbot.keyClicks(QApplication.focusWidget(), part)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert (since.date(), until.date()) == held  # neither completed with its old parts
    assert revenue.summary.text() == summary
    part_words = QApplication.translate(
        "DateField", "{name}: “{typed}” is only a part of a date. Type the whole date, as "
        "{example}. The date stays {held}."
    )  # fmt: skip
    said = part_words.format(
        name=until.accessibleName(), typed="20", held=until.text(),
        example=until.textFromDateTime(QDate.currentDate().startOfDay()),
    )  # fmt: skip
    assert revenue.message_bar.text() == said  # the last field left, in the bar
    assert since.accessibleDescription().startswith(f"{since.accessibleName()}: “11”")
    in_front(qtbot, until)  # the whole date typed: the words go with their cause
    qtbot.keyClicks(until, written(until, held[1]))
    qtbot.keyClick(until, Qt.Key.Key_Tab)
    assert not revenue.message_bar.isVisible()
    assert until.accessibleDescription() == ""


def test_an_inverted_range_is_said_and_not_summed(qtbot: QtBot, window: MainWindow) -> None:
    revenue = revenue_read(qtbot, window)
    since, until = revenue.since_edit, revenue.until_edit
    last = until.date()
    in_front(qtbot, since)
    qtbot.keyClicks(since, written(since, last.addDays(1)))
    qtbot.keyClick(since, Qt.Key.Key_Tab)
    said = f"From, {since.text()}, is after To, {until.text()}: no day is between them."
    assert (revenue.summary.text(), revenue.message_bar.text()) == (said, said)
    assert revenue.model.rowCount() == 0 and revenue.chart.series() == []  # nothing summed
    assert not revenue.export_button.isEnabled()
    qtbot.keyClicks(until, written(until, last.addDays(9)))  # the cause put right
    qtbot.keyClick(until, Qt.Key.Key_Tab)
    assert not revenue.message_bar.isVisible()
    assert revenue.summary.text() == f"No record is from {since.text()} to {until.text()}."
    assert revenue.export_button.isEnabled() is False
    in_front(qtbot, since)
    qtbot.keyClicks(since, written(since, last))
    qtbot.keyClick(since, Qt.Key.Key_Tab)
    assert revenue.summary.text().startswith("1 day (1 record)")
    assert revenue.export_button.isEnabled()


def test_a_days_filter_changes_the_list_once_the_whole_date_is_read(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = window.orders
    since = page.ui.since_edit
    everything = page.model.rowCount()
    in_front(qtbot, since)
    qtbot.keyClicks(since, "1/1/2")  # on the way to 1/1/26: no list of 2002's orders
    assert page.model.rowCount() == everything and since.text() == "1/1/2"
    qtbot.keyClick(since, Qt.Key.Key_Escape)  # the typing taken back, the window kept
    assert since.text() == "any" and window.isVisible()
    qtbot.keyClicks(since, written(since, QDate(2099, 1, 1)))
    qtbot.keyClick(since, Qt.Key.Key_Return)
    assert since.date() == QDate(2099, 1, 1) and page.model.rowCount() == 0
    until = page.ui.until_edit
    in_front(qtbot, until)
    qtbot.keyClicks(until, written(until, QDate(2098, 1, 1)))
    qtbot.keyClick(until, Qt.Key.Key_Tab)
    assert page.message_bar.text() == (
        f"From date, {since.text()}, is after To date, {until.text()}: no day is between them."
    )
    in_front(qtbot, since)
    qtbot.keyClick(since, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(since, Qt.Key.Key_Backspace)  # the whole date chosen: all of it goes
    assert since.text() == ""
    qtbot.keyClick(since, Qt.Key.Key_Tab)  # nothing typed in a field that takes "any"
    assert since.text() == "any" and not page.message_bar.isVisible()  # the range holds days
    until.setDate(until.minimumDate())
    assert page.model.rowCount() == everything


def test_backspace_corrects_the_end_of_the_date_shown(qtbot: QtBot, window: MainWindow) -> None:
    revenue = revenue_read(qtbot, window)
    until = revenue.until_edit
    until.setDate(QDate(2026, 11, 20))
    in_front(qtbot, until)
    until.lineEdit().deselect()  # the cursor after the date, as a click there leaves it
    qtbot.keyClick(until, Qt.Key.Key_Backspace)
    assert until.text() == written(until, QDate(2026, 11, 20))[:-1]
    qtbot.keyClicks(until, "7")
    qtbot.keyClick(until, Qt.Key.Key_Tab)
    assert until.date() == QDate(2027, 11, 20)


def test_a_slip_date_typed_in_part_or_too_early_is_said_and_the_form_waits(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The day a payment is counted on is never made up: Enter on a date typed in part stays
    on the form, with the words under the field, and the slip keeps today."""
    order = next(o for o in window.orders.model.visible_orders() if o.balance_due > 0)
    dialog = open_order_by_keyboard(qtbot, window, order)
    form = start_payment(qtbot, dialog)
    fill_slip(qtbot, form)
    field, today = form.ui.slip_date, QDate.currentDate()
    in_front(qtbot, field)
    qtbot.keyClicks(field, written(field, today.addDays(-1))[:5])  # the day and month, say
    qtbot.keyClick(field, Qt.Key.Key_Escape)  # the typing taken back; the form stays
    assert form.isVisible() and field.date() == today
    qtbot.keyClicks(field, written(field, today.addDays(-1))[:5])
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert form.ui.pages.currentIndex() == 0 and field.date() == today  # not reviewed
    assert form.problems.field is field and form.problems.note.isVisible()
    assert form.problems.note.text().startswith(f"{field.accessibleName()}: “")
    too_early = field.minimumDate().addDays(-1)
    qtbot.keyClicks(field, written(field, too_early))
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert form.ui.pages.currentIndex() == 0 and field.date() == today
    assert f"{written(field, too_early)} is before {written(field, field.minimumDate())}" in (
        form.problems.note.text()
    )
    qtbot.keyClicks(field, written(field, today.addDays(-1)))
    qtbot.keyClick(field, Qt.Key.Key_Return)  # whole: read, then Enter reviews as ever
    qtbot.waitUntil(lambda: form.ui.pages.currentIndex() == 1, timeout=5_000)
    assert field.date() == today.addDays(-1) and not form.problems.note.isVisible()

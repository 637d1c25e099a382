"""Every key a cashier relies on: no two things of a window answer the same Alt+letter, Ctrl+F
goes to the orders filter, Tab leaves a table, Esc or Ctrl+W closes a lookup."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QMenu,
    QPushButton,
    QStackedWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop_app.gui.day_close.mapping_dialog import TerminalMappingDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.widgets.message_bar import MessageBar
from tests.gui.people import window_titled

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
MNEMONIC = re.compile(r"&([^&\s])")


def letter(text: str) -> str | None:
    found = MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).casefold() if found else None


def on_a_page_not_shown(widget: QWidget, window: QWidget) -> bool:
    """Pages of a stack take turns: what is on another page does not compete."""
    parent = widget.parentWidget()
    child = widget
    while parent is not None and parent is not window:
        if isinstance(parent, QStackedWidget) and parent.currentWidget() is not child:
            return True
        child, parent = parent, parent.parentWidget()
    return False


def mnemonics(window: QWidget) -> list[str]:
    """The Alt+letters of a window: its buttons, labels with a buddy, and its menu bar."""
    letters = []
    for widget in window.findChildren(QWidget):
        if widget.window() is not window or on_a_page_not_shown(widget, window):
            continue
        if isinstance(widget, QAbstractButton) or (isinstance(widget, QLabel) and widget.buddy()):
            found = letter(widget.text())
            if found:
                letters.append(found)
    if hasattr(window, "menuBar"):
        letters += [letter(menu.title()) or "" for menu in window.findChildren(QMenu)
                    if menu.parentWidget() is window.menuBar()]  # fmt: skip
    return [found for found in letters if found]


def hidden(window: QWidget) -> Callable[[], bool]:
    return lambda: not window.isVisible()


def clashes(letters: list[str]) -> list[str]:
    return sorted(key for key, count in Counter(letters).items() if count > 1)


def every_window(window: MainWindow) -> Iterator[QWidget]:
    page = window.orders
    order = next(o for o in page.model.visible_orders() if o.balance_due > 0)
    yield window
    dialog = window.open_order(order)
    yield dialog
    yield dialog.open_payment()
    yield dialog.open_invoice()
    yield window.open_customers()
    yield window.open_products()
    yield window.open_revenue()
    yield window.open_settings()
    yield window.open_day_close()
    yield window.open_find_slip()
    yield TerminalMappingDialog(["Data", "NSU", "Valor"], window.ctx.preferences, window)
    yield window.open_pending()
    yield window.open_shortcuts()
    yield window.open_about()
    yield window.ctx.session.request_sign_in(window, "")


def speaks(window: MainWindow, language: str) -> None:
    """Assert the window is in ``language``, as a person sees it: its first menu's title."""
    first_menu = window.menuBar().actions()[0].text().replace("&", "")
    assert first_menu == {"en_US": "File", "pt_BR": "Arquivo"}[language]


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_no_two_things_of_a_window_or_menu_share_an_alt_letter(
    qtbot: QtBot, language: str, window: MainWindow
) -> None:
    speaks(window, language)
    found = {}
    for shown in every_window(window):
        shown.show()
        name = shown.windowTitle() or type(shown).__name__
        found[name] = clashes(mnemonics(shown))
        for bar in shown.findChildren(MessageBar):  # its Retry and Details take free letters
            bar.show_error("The service did not answer.", retry=lambda: None)
            found[name + ", Retry shown"] = clashes(mnemonics(shown))
            bar.show_warning("Not quite right.", details="Why.")
            found[name + ", Details shown"] = clashes(mnemonics(shown))
            bar.clear()
    for menu in window.menuBar().findChildren(QMenu):
        found[menu.title()] = clashes([letter(a.text()) or "" for a in menu.actions() if a.text()])
    assert {name: letters for name, letters in found.items() if letters} == {}


def buttons_without_a_letter(window: QWidget) -> list[str]:
    """The buttons of a window shown on its page that no Alt+letter reaches."""
    return [
        button.text() or button.accessibleName()
        for button in window.findChildren(QPushButton)
        if button.window() is window
        and button.isVisibleTo(window)
        and not on_a_page_not_shown(button, window)
        and letter(button.text()) is None
        and not re.search(r"\(F\d+\)", button.text())  # a key of its own: "Refresh (F5)"
    ]


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_every_button_of_every_window_has_an_alt_letter(
    qtbot: QtBot, language: str, window: MainWindow
) -> None:
    speaks(window, language)
    found = {}
    for shown in every_window(window):
        shown.show()
        found[shown.windowTitle() or type(shown).__name__] = buttons_without_a_letter(shown)
    assert {name: buttons for name, buttons in found.items() if buttons} == {}


def test_ctrl_f_puts_the_cursor_in_the_orders_filter_and_tab_leaves_the_table(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = window.orders
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Tab)
    assert not page.table.hasFocus()  # Tab leaves; arrows walk the cells
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert page.filter_edit.hasFocus()


@pytest.mark.parametrize("keys", ["Esc", "Ctrl+W"])
def test_esc_or_ctrl_w_closes_a_lookup(qtbot: QtBot, window: MainWindow, keys: str) -> None:
    from desktop_app.gui.lookups.customers import CustomersWindow
    from desktop_app.gui.lookups.revenue import RevenueWindow

    for action, title, kind in (
        (window.customers_action, "Customers", CustomersWindow),
        (window.revenue_action, "Revenue", RevenueWindow),
    ):
        action.trigger()
        lookup = window_titled(qtbot, title, kind)
        lookup.activateWindow()
        qtbot.waitUntil(lookup.isActiveWindow)
        key, modifier = (
            (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
            if keys == "Esc"
            else (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
        )
        qtbot.keyClick(lookup.focusWidget() or lookup, key, modifier)
        qtbot.waitUntil(hidden(lookup), timeout=5_000)


def test_every_window_fits_a_1024x600_screen_and_opens_where_it_was_left(
    qtbot: QtBot, window: MainWindow
) -> None:
    screen = QApplication.primaryScreen().availableGeometry()
    assert (screen.width(), screen.height()) == (1024, 600)  # the test session's screen
    from desktop_app.gui.look.window_placement import frame_margins

    for shown in every_window(window):
        shown.show()
        assert screen.contains(shown.frameGeometry()), shown.windowTitle()
        # Room for the frame round it, as measured round the main window.
        room = screen.marginsRemoved(frame_margins(besides=shown))
        assert room.contains(shown.geometry()), shown.windowTitle()
    window.customers_action.trigger()
    from desktop_app.gui.lookups.customers import CustomersWindow

    lookup = window_titled(qtbot, "Customers", CustomersWindow)
    lookup.setGeometry(10, 20, 600, 400)
    lookup.close()
    from desktop_app.gui.look.window_placement import place

    again = CustomersWindow(window.ctx, window)  # another day: where it was left
    qtbot.addWidget(again)
    left, top = again.geometry().topLeft().toTuple()
    assert abs(left - 10) <= 10 and abs(top - 20) <= 10  # Qt keeps its title bar reachable
    assert again.size().toTuple() == (600, 400)
    place(again, None, QSize(5000, 5000))  # asked for more than the screen: it fits
    assert screen.contains(again.geometry())


def test_a_window_left_smaller_than_it_needs_now_grows_inside_the_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Left small low on the screen, it needs more now (a longer language, Windows' larger
    fonts): it grows, and is moved up so that none of it is below the screen (it grew past
    the screen's foot under Wine at 1024x768)."""
    from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

    from desktop_app.gui.look.window_placement import frame_margins, place

    screen = QApplication.primaryScreen().availableGeometry()
    left = QDialog()
    left.setObjectName("grows")
    qtbot.addWidget(left)
    place(left, window.ctx.preferences)
    left.show()
    left.setGeometry(300, 380, 300, 200)
    left.close()  # where and how large it was left is kept
    again = QDialog()
    again.setObjectName("grows")
    qtbot.addWidget(again)
    content = QWidget()
    content.setMinimumSize(500, 400)  # what it shows: its layout's minimum, not the window's
    QVBoxLayout(again).addWidget(content)
    place(again, window.ctx.preferences)
    assert again.width() >= 500 and again.height() >= 400
    assert screen.marginsRemoved(frame_margins(besides=again)).contains(again.geometry())


def test_a_window_taller_than_the_screen_allows_keeps_its_title_bar_on_it(qtbot: QtBot) -> None:
    """Centred on 95 % of the screen, a window whose own minimum is taller grew down from where
    it was put, and its title bar went above the screen (pt_BR at 1024x600)."""
    from PySide6.QtCore import QMargins, QRect
    from PySide6.QtWidgets import QDialog

    from desktop_app.gui.look.window_placement import fitted, keep_inside

    screen, frame = QRect(0, 0, 1024, 600), QMargins(1, 30, 1, 1)  # a window manager's
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setMinimumSize(700, 560)
    dialog.setGeometry(fitted(QSize(760, 560), screen, frame))
    keep_inside(dialog, screen.marginsRemoved(frame))
    assert screen.marginsRemoved(frame).contains(dialog.geometry())


@pytest.mark.parametrize(
    ("where", "size"),
    [
        ((100, -200), (600, 400)),  # left above the screen (a screen taken away)
        ((-300, 50), (600, 400)),  # left of it
        ((900, 500), (600, 400)),  # beyond its bottom right
        ((0, 0), (700, 800)),  # taller than the screen: its title bar first, its foot below
    ],
)
def test_a_window_is_moved_onto_the_screen_title_bar_first(
    qtbot: QtBot, where: tuple[int, int], size: tuple[int, int]
) -> None:
    """Wherever a window was left, it is moved back so that its title bar and top left corner
    are on the screen, inside the window manager's frame: a person can always drag it."""
    from PySide6.QtCore import QMargins, QRect
    from PySide6.QtWidgets import QDialog

    from desktop_app.gui.look.window_placement import keep_inside

    room = QRect(0, 0, 1024, 600).marginsRemoved(QMargins(1, 30, 1, 1))
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setGeometry(QRect(*where, *size))
    keep_inside(dialog, room)
    area = dialog.geometry()
    assert room.contains(area.topLeft()) and room.contains(area.topRight())
    if size[1] <= room.height():
        assert room.contains(area)


def test_an_order_number_then_enter_opens_the_order(qtbot: QtBot, window: MainWindow) -> None:
    from desktop_app.gui.orders.order_dialog import OrderDialog

    page = window.orders
    wanted = page.model.visible_orders()[5]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(page.filter_edit, str(wanted.order_id))
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_Return)  # the one order it leaves: opened
    dialog = window_titled(qtbot, f"Order {wanted.order_id}", OrderDialog)
    dialog.reject()

    qtbot.keyClick(page.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(page.filter_edit, "1000")  # many orders: Down, or Enter, goes to them
    qtbot.waitUntil(lambda: page.model.rowCount() > 1)
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_Down)
    assert page.table.hasFocus() and page.table.currentIndex().row() == 0
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    window_titled(qtbot, f"Order {page.model.order_at(0).order_id}", OrderDialog)


def test_the_letters_of_a_dialogs_buttons_stay_through_a_change_of_language(
    qtbot: QtBot, window: MainWindow, qapp: QApplication
) -> None:
    from PySide6.QtCore import QLocale, QTranslator
    from PySide6.QtWidgets import QDialogButtonBox

    from desktop_app.gui.look.language import install_translations

    box = window.open_settings().findChild(QDialogButtonBox)
    assert box is not None
    save = box.button(QDialogButtonBox.StandardButton.Save)
    assert save.text() == "&Save"
    before = QLocale()
    install_translations(qapp, "pt_BR")  # the language changes while the dialog is open
    try:
        qtbot.waitUntil(lambda: save.text() == "&Salvar", timeout=5_000)
    finally:
        for translator in qapp.findChildren(QTranslator):
            qapp.removeTranslator(translator)
        QLocale.setDefault(before)


def test_the_desks_keys_open_their_windows_from_any_window_and_say_why_in_a_form(
    qtbot: QtBot, window: MainWindow
) -> None:
    from desktop_app.gui.day_close.find_slip import FindSlipWindow
    from desktop_app.gui.day_close.window import DayCloseWindow
    from desktop_app.gui.lookups.customers import CustomersWindow
    from desktop_app.gui.lookups.revenue import RevenueWindow
    from tests.gui.test_payments import open_order, open_order_by_keyboard, start_payment

    window.revenue_action.trigger()
    revenue = window_titled(qtbot, "Revenue", RevenueWindow)
    for key, modifiers, title, kind in (
        (Qt.Key.Key_F2, Qt.KeyboardModifier.NoModifier, "Customers", CustomersWindow),
        (Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier, "Day close", DayCloseWindow),
        (Qt.Key.Key_F, CTRL_SHIFT, "Find a payment", FindSlipWindow),
    ):
        revenue.activateWindow()
        qtbot.waitUntil(revenue.isActiveWindow)
        qtbot.keyClick(revenue.focusWidget() or revenue, key, modifiers)  # from Revenue
        opened = window_titled(qtbot, title, kind)
        opened.close()

    form = start_payment(qtbot, open_order_by_keyboard(qtbot, window, open_order(window)))
    qtbot.keyClick(form.focusWidget(), Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert form.ui.message_bar.text() == (
        "Close the day opens once this form is closed: finish it, or close it with Esc."
    )
    assert form.isActiveWindow()  # nothing opened behind it


@pytest.mark.qt_log_ignore("does not support grabbing the keyboard")  # an open menu, offscreen
def test_enter_on_the_lock_page_signs_in_after_the_menus_were_opened_and_closed(
    qtbot: QtBot, window: MainWindow
) -> None:
    from tests.gui.test_session_and_errors import sign_in_dialog

    window.ctx.session.sign_out()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)  # File
    qtbot.waitUntil(window.file_menu.isVisible)
    qtbot.keyClick(window.file_menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.file_menu.isVisible())
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Escape)  # off the menus
    # Under a window manager the focus is then on none of the page's buttons (offscreen puts
    # it back on Sign in): Enter signs in all the same.
    window.lock_page.ui.sign_in_button.clearFocus()
    qtbot.keyClick(window, Qt.Key.Key_Return)
    sign_in_dialog(qtbot).reject()

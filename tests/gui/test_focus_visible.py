"""The focus is seen on every button as the keyboard moves it (issue 69): a cashier walking the
Revenue window by Tab found Refresh and Export with no mark on them; a click shows no ring."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.look.desk_style import FOCUS_WIDTH
from desktop_app.gui.lookups.revenue import RevenueWindow
from desktop_app.gui.shell.main_window import MainWindow
from tests.gui.people import window_titled


def ringed(button: QPushButton) -> bool:
    """Whether ``button`` is drawn with the focus ring: its top and left edges, inside the
    frame, in the palette's highlight."""
    image = button.grab().toImage()
    highlight = button.palette().color(QPalette.ColorRole.Highlight)
    inside = 1 + FOCUS_WIDTH // 2  # the ring's middle line
    top = [image.pixelColor(x, inside) for x in range(6, image.width() - 6)]
    left = [image.pixelColor(inside, y) for y in range(6, image.height() - 6)]
    return all(_near(colour, highlight) for colour in top + left)


def _near(colour: QColor, wanted: QColor) -> bool:
    pairs = (
        (colour.red(), wanted.red()),
        (colour.green(), wanted.green()),
        (colour.blue(), wanted.blue()),
    )
    return all(abs(a - b) <= 8 for a, b in pairs)


def tab_to(qtbot: QtBot, window: QWidget, button: QPushButton) -> None:
    """Tab through the window until ``button`` has the focus, as a person does."""
    for _ in range(40):
        if QApplication.focusWidget() is button:
            return
        qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {button.text()!r}")


def test_every_button_of_the_revenue_window_shows_the_keyboards_focus(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.revenue_action.trigger()
    revenue = window_titled(qtbot, "Revenue", RevenueWindow)
    qtbot.waitUntil(lambda: len(revenue.records) == 90, timeout=10_000)
    revenue.activateWindow()
    qtbot.waitUntil(revenue.isActiveWindow, timeout=5_000)
    buttons = [b for b in revenue.findChildren(QPushButton) if b.isVisible() and b.isEnabled()]
    assert {b.text().replace("&", "") for b in buttons} >= {"Refresh", "Export CSV…"}
    for button in buttons:
        tab_to(qtbot, revenue, button)
        assert ringed(button), button.text()
    clicked = buttons[0]
    clicked.setFocus(Qt.FocusReason.MouseFocusReason)
    revenue.setAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange, False)  # as a click leaves it
    assert not ringed(clicked)
    revenue.close()

"""One style sheet for the fixed colours, readable in the light and the dark palette."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.style import STYLE_SHEET, TEXT_COLOURS, apply_style


def contrast(one: QColor, other: QColor) -> float:
    """WCAG contrast ratio of two colours."""

    def luminance(colour: QColor) -> float:
        channels = []
        for value in (colour.redF(), colour.greenF(), colour.blueF()):
            channels.append(value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4)
        red, green, blue = channels
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture
def dark(qapp: QApplication) -> Iterator[QPalette]:
    """The app under a dark palette for one test, then as it was."""
    light, sheet = qapp.palette(), qapp.styleSheet()
    palette = QPalette(light)
    palette.setColor(QPalette.ColorRole.Window, QColor("#2d2d2d"))
    palette.setColor(QPalette.ColorRole.WindowText, QColor("#f0f0f0"))
    qapp.setPalette(palette)
    yield palette
    qapp.setPalette(light)
    qapp.setStyleSheet(sheet)


def test_text_on_the_window_takes_the_colours_of_a_dark_palette(
    qapp: QApplication, dark: QPalette
) -> None:
    apply_style(qapp)
    error_rule = re.search(r'QLabel\[kind="error"\] \{ color: (#[0-9a-f]{6})', qapp.styleSheet())
    assert error_rule is not None and error_rule.group(1) == TEXT_COLOURS["@ERROR@"][1]
    for _light, dark_colour in TEXT_COLOURS.values():
        assert contrast(QColor(dark_colour), dark.window().color()) >= 4.5


def test_text_colours_read_on_the_light_window(qapp: QApplication) -> None:
    window = QApplication.style().standardPalette().window().color()
    for light_colour, _ in TEXT_COLOURS.values():
        assert contrast(QColor(light_colour), window) >= 4.5


def test_no_window_styles_itself() -> None:
    """Every fixed colour is in the one sheet: no module of the app calls setStyleSheet but
    the one that applies it."""
    from desktop_app.gui.i18n import ROOT

    sources = (ROOT / "desktop_app").rglob("*.py")
    callers = [
        str(path.relative_to(ROOT))
        for path in sources
        if "generated" not in path.parts and "setStyleSheet(" in path.read_text(encoding="utf-8")
    ]
    assert callers == ["desktop_app/gui/style.py"]
    assert "@ERROR@" in STYLE_SHEET.read_text(encoding="utf-8")


def test_a_message_bar_placed_by_a_form_keeps_its_colours(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from desktop_app.gui.widgets.message_bar import MessageBar

    window = QWidget()
    qtbot.addWidget(window)
    bar = MessageBar()
    bar.setObjectName("message_bar")  # as setupUi names it
    QVBoxLayout(window).addWidget(bar)
    bar.show_error("The service cannot be reached.")
    window.resize(320, 60)
    window.show()
    qtbot.waitExposed(window)
    assert bar.grab().toImage().pixelColor(2, 2) == QColor("#fff4ce")

"""No word of a window is cut (issue 69): every label, button and field's placeholder of every
window the desk opens shows its whole text, in English and in Brazilian Portuguese (longer), on
the offscreen screen of 800×600, narrower than the smallest desk's (1024×600)."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.widgets.labels import ElidedLabel
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.test_every_field_guarded import open_every_window

LINE_EDIT_MARGINS = 10
"""A line edit's frame and text margins, either side together (Fusion)."""


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def cut_words(root: QWidget) -> list[str]:
    """Each text inside ``root`` shown with less room than it needs."""
    cut = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not root:
            continue
        metrics = widget.fontMetrics()
        if isinstance(widget, QLabel) and not isinstance(widget, ElidedLabel):
            if widget.wordWrap() or widget.textFormat().name != "PlainText" or not widget.text():
                continue
            needed = max(
                metrics.horizontalAdvance(line) for line in _plain(widget.text()).split("\n")
            )
            if widget.contentsRect().width() < needed:
                cut.append(f"label {widget.text()!r}: {widget.contentsRect().width()} < {needed}")
        elif isinstance(widget, QAbstractButton) and widget.text():
            if widget.width() < widget.minimumSizeHint().width():
                cut.append(
                    f"button {widget.text()!r}: {widget.width()} < {widget.minimumSizeHint().width()}"
                )
        elif isinstance(widget, QLineEdit) and widget.placeholderText():
            if isinstance(widget.parentWidget(), QComboBox | QAbstractSpinBox):
                continue
            needed = metrics.horizontalAdvance(widget.placeholderText()) + LINE_EDIT_MARGINS
            if widget.width() < needed:
                cut.append(f"placeholder {widget.placeholderText()!r}: {widget.width()} < {needed}")
    return cut


async def _never_asked(*_: object) -> None:
    raise AssertionError("nobody signs in here")


@pytest.mark.parametrize("language", ["C", "pt_BR"], indirect=True)
def test_every_window_shows_its_words_whole(
    qtbot: QtBot,
    language: str,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    main = open_window(qtbot, sandbox, settings, locale=language)
    qtbot.waitUntil(lambda: main.orders.model.rowCount() == 60, timeout=10_000)
    opened = open_every_window(qtbot, main)
    # In training mode, with its banner (never used to sign in here).
    reason = QApplication.translate("MainWindow", "You signed out. Sign in to continue.")
    sign_in = SignInDialog(_never_asked, main.ctx.session, main, reason, training=True)
    sign_in.show()
    qtbot.waitExposed(sign_in)
    cut = [
        f"{w.windowTitle()}: {words}" for w in [main, *opened, sign_in] for words in cut_words(w)
    ]
    assert not cut, "\n".join(cut)
    for shown in [*opened, sign_in]:
        shown.close()
    close_window(qtbot, main)

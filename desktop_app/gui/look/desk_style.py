"""The application's style: the platform's own (Fusion on Linux), with two things of the desk's.

* **A focus you can see across the counter.** Fusion marks a focused button with a one-pixel
  line a shade off its frame, which a cashier walking a window by Tab cannot find at arm's
  length; here the focused control (a button, a check box, anything that draws a focus frame)
  is ringed in the palette's highlight, two pixels wide, as the keyboard moves it. A click
  never shows it, as in Qt's own styles.
* **Widgets handed over as they are polished**, once each, before first shown (the card
  guard wraps every line edit there, Qt's own editors included): see :meth:`when_polished`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QWidget,
)

FOCUS_WIDTH = 2
"""Pixels of the focus ring."""
_KEYBOARD_FOCUS = QStyle.StateFlag.State_HasFocus | QStyle.StateFlag.State_KeyboardFocusChange


class DeskStyle(QProxyStyle):
    """The platform's style, with the desk's focus ring and its polish hand-over."""

    def __init__(self, base: str) -> None:
        super().__init__(QStyleFactory.create(base))
        self._on_polish: list[Callable[[QWidget], None]] = []

    def when_polished(self, hand_to: Callable[[QWidget], None]) -> None:
        """Give ``hand_to`` each widget as it is polished, from now on."""
        self._on_polish.append(hand_to)

    def polish(self, target: Any) -> Any:
        if isinstance(target, QWidget):  # the other forms polish a palette or the application
            super().polish(target)
            for hand_to in self._on_polish:
                hand_to(target)
            return None
        return super().polish(target)

    def drawControl(  # noqa: N802
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawControl(element, option, painter, widget)
        if element == QStyle.ControlElement.CE_PushButton and _keyboard_focus(option):
            _ring(painter, option.rect.adjusted(1, 1, -1, -1), option.palette)

    def drawPrimitive(  # noqa: N802
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element == QStyle.PrimitiveElement.PE_FrameFocusRect:
            _ring(painter, option.rect, option.palette)  # check boxes, radio buttons, items
            return
        super().drawPrimitive(element, option, painter, widget)


def _keyboard_focus(option: QStyleOption) -> bool:
    return (option.state & _KEYBOARD_FOCUS) == _KEYBOARD_FOCUS


def _ring(painter: QPainter, rect: QRect, palette: QPalette) -> None:
    painter.save()
    pen = QPen(palette.color(QPalette.ColorRole.Highlight), FOCUS_WIDTH)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = FOCUS_WIDTH // 2
    painter.drawRect(rect.adjusted(inset, inset, -inset - 1, -inset - 1))
    painter.restore()


def desk_style(app: QApplication) -> DeskStyle:
    """The application's one desk style (installed on first call)."""
    style = app.style()
    if isinstance(style, DeskStyle):
        return style
    desk = DeskStyle(style.name())
    app.setStyle(desk)
    return desk

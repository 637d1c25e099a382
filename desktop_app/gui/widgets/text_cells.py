"""One cell's text laid out for painting, and a toned cell (its word on a coloured label, or in
a colour) painted the same way by the table's own painting and by Qt's delegate."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QStaticText
from PySide6.QtWidgets import QStyle, QWidget

from desktop_app.gui.look.style import TONES, tone_colours

RIGHT = Qt.AlignmentFlag.AlignRight.value
CENTRE = Qt.AlignmentFlag.AlignHCenter.value

LABEL_PADDING = 5
"""Pixels between a label's edge and its word."""
LABEL_INSET = 2
"""Pixels between a label's top and bottom and its cell's."""

Cell = tuple[QStaticText, float]
"""A text laid out for painting, and its width in pixels."""


def cell_margin(widget: QWidget) -> int:
    """Pixels between a cell's edge and its text, as Qt's item delegate keeps them."""
    return widget.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1


def labelled(tone: str | None) -> bool:
    """Whether a cell of ``tone`` is drawn as a label."""
    return tone is not None and TONES[tone].background is not None


def paint_toned(
    painter: QPainter,
    cell: QRect,
    text: Cell,
    alignment: int,
    tone: str,
    dark: bool,
    chosen_text: QColor | None,
    margin: int,
    line_height: int,
) -> None:
    """Paint a toned cell's word in ``cell`` (its background already painted): on its label,
    or in the tone's colour (``chosen_text`` on a chosen row, where the palette's own colour
    is the one that reads on the selection)."""
    static, width = text
    foreground, background = tone_colours(tone, dark)
    padding = LABEL_PADDING if background is not None else 0
    if alignment & RIGHT:
        x = cell.right() + 1 - margin - padding - width
    elif alignment & CENTRE:
        x = cell.left() + (cell.width() - width) / 2
    else:
        x = cell.left() + margin + padding
    y = cell.top() + (cell.height() - line_height) // 2
    if background is not None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(background)
        label = QRectF(x - padding, cell.top() + LABEL_INSET, width + 2 * padding, 0)
        label.setBottom(cell.bottom() + 1 - LABEL_INSET)
        painter.drawRoundedRect(label, 3, 3)
        painter.restore()
        painter.setPen(foreground)
    else:
        painter.setPen(chosen_text if chosen_text is not None else foreground)
    painter.drawStaticText(QPointF(x, y), static)


K = TypeVar("K")
V = TypeVar("V")


def cached(cache: dict[K, V], key: K, limit: int, make: Callable[[K], V]) -> V:
    """``cache[key]``, made once by ``make(key)``; a cache grown past ``limit`` starts again."""
    value = cache.get(key)
    if value is None:
        if len(cache) > limit:
            cache.clear()
        value = cache[key] = make(key)
    return value

"""A read-only table of text cells: a model that keeps its rows' texts, and a view that paints
them from texts laid out once.

Painting is what a large table spends its time on. Qt's item delegate asks the model for some
seven roles of every visible cell (each a trip through PySide), then lays each text out twice
(to elide it, then to draw it): 20-45 ms for a full screen of orders, on the Qt thread. So:

* the model formats each row's texts once and keeps them (``row_text``), and lays them out
  once for the view's font (``row_cells``, ``QStaticText``); a computation that knows which
  rows come first on screen can lay them out ahead, in its own steps (``lay_out``);
* :class:`TextTableView` paints rows itself from those laid-out texts: backgrounds, selection,
  grid and text in a few calls a row (3-5 ms for the same screen), pixel for pixel as Qt does;
* for Qt's other readers (accessibility, copy, tests), ``multiData`` answers all the roles of
  a cell in one call and ``index`` is one call (the base class's check calls ``rowCount`` and
  ``columnCount`` in Python each time).

A model may give some cells a *tone* (``cell_tone``, a name of :data:`style.TONES`): the word
on a small coloured label, or the word alone in a colour. The view paints those too;
:class:`TonedDelegate` paints them the same way through Qt's delegate, for the focused cell and
for styles the view does not paint under.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QEvent,
    QLine,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QRectF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import (
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from desktop_app.gui.style import TONES, base_style_name, is_dark, tone_colours

Index = QModelIndex | QPersistentModelIndex
DISPLAY_ROLE = int(Qt.ItemDataRole.DisplayRole.value)
ALIGNMENT_ROLE = int(Qt.ItemDataRole.TextAlignmentRole.value)
RIGHT_ALIGNED = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
CACHED_ROWS = 2_000
"""Rows whose text is kept: many screens' worth, a bounded amount of memory."""
LAID_OUT_ROWS = 300
"""Rows whose laid-out texts are kept: several screens' worth."""
LAID_OUT_TEXTS = 5_000
"""Distinct texts kept laid out (about 1 KB each)."""
_PLAIN = Qt.TextFormat.PlainText
_RIGHT = Qt.AlignmentFlag.AlignRight.value
_CENTRE = Qt.AlignmentFlag.AlignHCenter.value
_NO_TRANSFORM = QTransform()

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
    if alignment & _RIGHT:
        x = cell.right() + 1 - margin - padding - width
    elif alignment & _CENTRE:
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


def kept(cache: dict[K, V], key: K, limit: int, make: Callable[[K], V]) -> V:
    """``cache[key]``, made once by ``make(key)``; a cache grown past ``limit`` starts again."""
    value = cache.get(key)
    if value is None:
        if len(cache) > limit:
            cache.clear()
        value = cache[key] = make(key)
    return value


class TextTableModel(QAbstractTableModel):
    """Subclasses say how many rows and columns there are, the header, and a row's texts."""

    def __init__(self) -> None:
        super().__init__()
        self.alignments: list[int | None] = []  # per column; None is Qt's default
        self.toned_columns: frozenset[int] = frozenset()  # columns with cells of a tone
        self.cell_font: QFont | None = None  # what the view paints with; set by the view
        self.rows_on_screen = 40  # how many rows the view shows at once; set by the view
        self._texts: dict[int, list[str]] = {}
        self._cells: dict[int, list[Cell]] = {}
        self._laid_out_texts: dict[str, Cell] = {}

    # -- for subclasses ------------------------------------------------------------------

    def row_count(self) -> int:
        """How many rows are shown."""
        raise NotImplementedError

    def column_titles(self) -> list[str]:
        """The header."""
        raise NotImplementedError

    def format_row(self, row: int) -> list[str]:
        """The texts of a shown row, one per column."""
        raise NotImplementedError

    def cell_tone(self, row: int, column: int) -> str | None:
        """The tone of a shown cell of a toned column (a name of ``style.TONES``), or None."""
        return None

    def keep_texts(
        self, texts: dict[int, list[str]], cells: dict[int, list[Cell]] | None = None
    ) -> None:
        """Forget the kept texts (what is shown changed); start from ``texts`` and their
        laid-out ``cells`` if given."""
        self._texts = texts
        self._cells = cells if cells is not None else {}

    def forget_layout(self) -> None:
        """Forget the laid-out texts (the font changed)."""
        self._cells = {}
        self._laid_out_texts = {}

    def lay_out(self, texts: list[str]) -> list[Cell]:
        """``texts`` laid out once for the view's font, so that painting only draws them.

        Each distinct text is laid out once: statuses, payment methods, sellers and zero
        amounts repeat from row to row, and a laid-out text can be drawn in any number of
        cells."""
        return [kept(self._laid_out_texts, text, LAID_OUT_TEXTS, self._cell_of) for text in texts]

    def _cell_of(self, text: str) -> Cell:
        static = QStaticText(text)
        static.setTextFormat(_PLAIN)
        if self.cell_font is not None:
            static.prepare(_NO_TRANSFORM, self.cell_font)
        return static, static.size().width()

    def alignment(self, column: int) -> int | None:
        """How a column's texts are aligned (``None``: as Qt aligns by default)."""
        return self.alignments[column] if column < len(self.alignments) else None

    def row_cells(self, row: int) -> list[Cell]:
        """The laid-out texts of a shown row."""
        return kept(self._cells, row, LAID_OUT_ROWS, lambda _: self.lay_out(self.row_text(row)))

    def row_text(self, row: int) -> list[str]:
        """The texts of a shown row, formatted once."""
        return kept(self._texts, row, CACHED_ROWS, self.format_row)

    # -- Qt's side ---------------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.column_titles())

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = DISPLAY_ROLE
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY_ROLE:
            return self.column_titles()[section]
        return None

    def data(self, index: Index, role: int = DISPLAY_ROLE) -> Any:
        if not index.isValid():
            return None
        if role == DISPLAY_ROLE:
            return self.row_text(index.row())[index.column()]
        if role == ALIGNMENT_ROLE:
            return self.alignment(index.column())
        return None

    def multiData(self, index: Index, roles: Any) -> None:  # noqa: N802
        """All the roles of a cell in one call."""
        if not index.isValid():
            return
        column = index.column()
        for role_data in roles:
            role = role_data.role()
            if role == DISPLAY_ROLE:
                role_data.setData(self.row_text(index.row())[column])
            elif role == ALIGNMENT_ROLE and (alignment := self.alignment(column)) is not None:
                role_data.setData(alignment)
            else:
                role_data.clearData()

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        """One Python call per index."""
        if parent.isValid() or not (0 <= row < self.row_count() and column >= 0):
            return QModelIndex()
        if column >= len(self.column_titles()):
            return QModelIndex()
        return self.createIndex(row, column)


def fit_columns(table: QTableView, model: TextTableModel, skip: int | None = None) -> None:
    """Columns as wide as the header and the rows on screen need (all but ``skip``).

    Measured from the rows' laid-out texts, which the paint uses next anyway:
    ``resizeColumnsToContents`` asks the delegate to lay out every cell on screen (8-30 ms
    for the orders table), in the same turn as the paint."""
    header = table.horizontalHeader()
    # The delegate's text margins on both sides, and the grid line; never narrower than Qt.
    margin = 2 * cell_margin(table) + 2
    rows = [model.row_cells(row) for row in range(min(model.rows_on_screen, model.rowCount()))]
    for column in range(model.columnCount()):
        if column == skip:
            continue
        widest = math.ceil(max((cells[column][1] for cells in rows), default=0))
        if column in model.toned_columns:  # room for a label around the widest word
            widest += 2 * LABEL_PADDING
        header.resizeSection(column, max(widest + margin, header.sectionSizeHint(column)))


class TonedDelegate(QStyledItemDelegate):
    """Qt's delegate for a :class:`TextTableModel`'s toned cells: the cell's background,
    selection and focus frame as Qt draws them, then the word as :func:`paint_toned` does
    (the view paints the other cells the same way, pixel for pixel)."""

    def __init__(self, view: QTableView, model: TextTableModel) -> None:
        super().__init__(view)
        self._view = view
        self._model = model

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        if self._model.cell_tone(index.row(), index.column()) is not None:
            option.text = ""  # the word is painted by paint() below

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        super().paint(painter, option, index)
        row, column = index.row(), index.column()
        tone = self._model.cell_tone(row, column)
        if tone is None:
            return
        view = self._view
        room = option.rect.width() - 2 * cell_margin(view)
        if labelled(tone):
            room -= 2 * LABEL_PADDING
        text = self._model.row_cells(row)[column]
        if text[1] > room:
            elided = view.fontMetrics().elidedText(
                self._model.row_text(row)[column], Qt.TextElideMode.ElideRight, room
            )
            text = self._model.lay_out([elided])[0]
        chosen = bool(option.state & QStyle.StateFlag.State_Selected)
        group = (
            QPalette.ColorGroup.Active
            if option.state & QStyle.StateFlag.State_Active
            else QPalette.ColorGroup.Inactive
        )
        painter.save()
        if self._model.cell_font is not None:
            painter.setFont(self._model.cell_font)
        paint_toned(
            painter,
            option.rect,
            text,
            self._model.alignment(column) or 0,
            tone,
            is_dark(option.palette),
            option.palette.color(group, QPalette.ColorRole.HighlightedText) if chosen else None,
            cell_margin(view),
            view.fontMetrics().height(),
        )
        painter.restore()


class TextTableView(QTableView):
    """A table view that paints a :class:`TextTableModel`'s cells itself.

    It draws what Qt's item delegate draws for plain text cells in the Fusion style
    (alternating and selected backgrounds, the grid, texts aligned and elided on the right),
    in the palette's colours, from texts the model laid out once; the current cell, which
    carries the style's focus frame, is drawn by Qt's delegate. Under another style (whose
    item views may draw hover, rounded selections and such) or with any other model, Qt
    paints as usual."""

    OWN_PAINTING_STYLES = frozenset({"fusion"})
    """Styles whose item view this view reproduces pixel for pixel (tests compare them)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport made here, so painting holds it from Python: the first viewport() call
        # in a process makes PySide look through every QWidget type it knows for the right
        # wrapper (building some seventy enum types, ~25 ms, on a table's first paint).
        self._canvas = QWidget()
        self._canvas.setObjectName("qt_scrollarea_viewport")  # as Qt's own, for style sheets
        self._canvas.setBackgroundRole(QPalette.ColorRole.Base)
        self._canvas.setAutoFillBackground(True)
        self.setViewport(self._canvas)
        self._text_model: TextTableModel | None = None
        self._toned: TonedDelegate | None = None
        self._elided: dict[tuple[str, int], Cell] = {}
        self._own_painting = self._paints_like_style()
        self.setTabKeyNavigation(False)  # Tab leaves the table; arrows walk its cells

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802
        super().setModel(model)
        self._text_model = model if isinstance(model, TextTableModel) else None
        if self._text_model is not None and self._text_model.toned_columns:
            self._toned = TonedDelegate(self, self._text_model)
            for column in self._text_model.toned_columns:
                self.setItemDelegateForColumn(column, self._toned)
        self._use_font()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.FontChange:
            self._use_font()
        elif event.type() == QEvent.Type.StyleChange:
            self._own_painting = self._paints_like_style()
        super().changeEvent(event)

    def _paints_like_style(self) -> bool:
        # Under the app's style sheet the style's name is empty: the base style draws.
        name = self.style().name() or base_style_name()
        return name.casefold() in self.OWN_PAINTING_STYLES

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._text_model is not None:
            # The table's own height: a row or two more than its viewport holds.
            row_height = max(self.verticalHeader().defaultSectionSize(), 1)
            self._text_model.rows_on_screen = self.height() // row_height + 1

    def _use_font(self) -> None:
        self._elided.clear()
        if self._text_model is not None:
            self._text_model.cell_font = self.font()
            self._text_model.forget_layout()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        model = self._text_model
        if model is None or not self._own_painting:
            super().paintEvent(event)
            return
        area = event.rect()
        first_row = self.rowAt(area.top())
        if first_row < 0:
            return  # below the last row: only the background, already filled
        last_row = self.rowAt(area.bottom())
        if last_row < 0:
            last_row = model.rowCount() - 1
        columns = self._columns_in(area)
        if not columns:
            return
        painter = QPainter(self._canvas)
        if model.cell_font is not None:
            # The texts were laid out in the table's font; the viewport does not always follow
            # a new one (under a style sheet it keeps its own), and text is drawn in the
            # painter's font.
            painter.setFont(model.cell_font)
        try:
            self._paint_rows(painter, model, range(first_row, last_row + 1), columns)
        finally:
            painter.end()

    def _columns_in(self, area: QRect) -> list[tuple[int, int, int]]:
        """(column, x, width) of the columns shown in ``area``, left to right."""
        header = self.horizontalHeader()
        first = header.visualIndexAt(area.left())
        last = header.visualIndexAt(area.right())
        if first < 0:
            return []
        if last < 0:
            last = header.count() - 1
        columns = []
        for visual in range(first, last + 1):
            column = header.logicalIndex(visual)
            if not header.isSectionHidden(column):
                columns.append(
                    (column, header.sectionViewportPosition(column), header.sectionSize(column))
                )
        return columns

    def _paint_rows(
        self,
        painter: QPainter,
        model: TextTableModel,
        rows: range,
        columns: list[tuple[int, int, int]],
    ) -> None:
        palette = self.palette()
        if not self.isEnabled():
            group = QPalette.ColorGroup.Disabled
        elif self.isActiveWindow():
            group = QPalette.ColorGroup.Active
        else:
            group = QPalette.ColorGroup.Inactive
        text_colour = palette.color(group, QPalette.ColorRole.Text)
        chosen_text_colour = palette.color(group, QPalette.ColorRole.HighlightedText)
        chosen = palette.brush(group, QPalette.ColorRole.Highlight)
        alternate = palette.brush(group, QPalette.ColorRole.AlternateBase)
        alternating = self.alternatingRowColors()
        grid = 1 if self.showGrid() else 0
        margin = cell_margin(self)
        line_height = self.fontMetrics().height()
        toned = model.toned_columns
        dark = is_dark(palette)
        selection = self.selectionModel().selection()
        ranges = [
            (part.top(), part.bottom(), part.left(), part.right())
            for part in map(selection.at, range(selection.count()))
        ]
        # The focused current cell is drawn by Qt's delegate, with the style's focus frame.
        current = self.currentIndex() if self.hasFocus() else None
        if current is None or not current.isValid() or current.row() not in rows:
            current = None
        focus_cell = (current.row(), current.column()) if current is not None else None
        left = columns[0][1]
        right = columns[-1][1] + columns[-1][2]
        top = self.rowViewportPosition(rows.start)
        aligned = {column: model.alignment(column) or 0 for column, _, _ in columns}
        bottoms = []  # of the rows, for the grid
        for row in rows:
            y = self.rowViewportPosition(row)
            height = self.rowHeight(row)
            bottoms.append(y + height)
            if alternating and row & 1:
                painter.fillRect(left, y, right - left, height, alternate)
            row_chosen = [(lo, hi) for first, last, lo, hi in ranges if first <= row <= last]
            cells = model.row_cells(row)
            text_y = y + (height - grid - line_height) // 2
            painter.setPen(text_colour)
            for column, x, width in columns:
                if (row, column) == focus_cell:
                    continue
                is_chosen = any(lo <= column <= hi for lo, hi in row_chosen)
                if is_chosen:
                    painter.fillRect(x, y, width - grid, height - grid, chosen)
                    painter.setPen(chosen_text_colour)
                static, text_width = cells[column]
                room = width - grid - 2 * margin
                if column in toned and (tone := model.cell_tone(row, column)) is not None:
                    if labelled(tone):
                        room -= 2 * LABEL_PADDING
                    text = cells[column]
                    if text_width > room:
                        text = self._elided_cell(model, row, column, room)
                    paint_toned(
                        painter,
                        QRect(x, y, width - grid, height - grid),
                        text,
                        aligned[column],
                        tone,
                        dark,
                        chosen_text_colour if is_chosen else None,
                        margin,
                        line_height,
                    )
                    painter.setPen(text_colour)
                    continue
                if text_width > room:
                    static, text_width = self._elided_cell(model, row, column, room)
                if aligned[column] & _RIGHT:
                    text_x = x + width - grid - margin - text_width
                elif aligned[column] & _CENTRE:
                    text_x = x + (width - grid - text_width) / 2
                else:
                    text_x = x + margin
                painter.drawStaticText(QPointF(text_x, text_y), static)
                if is_chosen:
                    painter.setPen(text_colour)
        if grid:
            option = QStyleOptionViewItem()
            self.initViewItemOption(option)  # the style's grid colour depends on the palette
            colour = self.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, self)
            painter.setPen(QColor.fromRgba(colour & 0xFFFFFFFF))
            bottom = bottoms[-1]
            lines = [
                QLine(x + width - 1, top, x + width - 1, bottom - 1) for _, x, width in columns
            ]
            lines.extend(QLine(left, y - 1, right - 1, y - 1) for y in bottoms)
            painter.drawLines(lines)
        if current is not None:
            row, column = current.row(), current.column()
            chosen_focus = any(a <= row <= b and lo <= column <= hi for a, b, lo, hi in ranges)
            self._paint_current(painter, current, chosen_focus)

    def _elided_cell(self, model: TextTableModel, row: int, column: int, room: int) -> Cell:
        """A cell's text cut to ``room`` pixels with an ellipsis, laid out once."""
        text = model.row_text(row)[column]

        def elide(_: object) -> Cell:
            elided = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room)
            return model.lay_out([elided])[0]

        return kept(self._elided, (text, room), CACHED_ROWS, elide)

    def _paint_current(self, painter: QPainter, current: QModelIndex, chosen: bool) -> None:
        """The current cell again, by Qt's own delegate: its focus frame is the style's."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.rect = self.visualRect(current)  # the cell without its grid lines
        option.state |= QStyle.StateFlag.State_HasFocus
        if chosen:
            option.state |= QStyle.StateFlag.State_Selected
        if self.alternatingRowColors() and current.row() & 1:
            option.features |= QStyleOptionViewItem.ViewItemFeature.Alternate
        self.itemDelegateForIndex(current).paint(painter, option, current)

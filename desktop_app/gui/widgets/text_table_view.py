"""A table view that paints a :class:`~desktop_app.gui.widgets.text_table.TextTableModel`'s
cells itself, from texts the model laid out once.

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

from dataclasses import dataclass

from PySide6.QtCore import QAbstractItemModel, QEvent, QLine, QModelIndex, QPointF, QRect, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView, QWidget

from desktop_app.gui.look.style import base_style_name, is_dark
from desktop_app.gui.widgets.text_cells import (
    CENTRE,
    LABEL_PADDING,
    RIGHT,
    Cell,
    cached,
    cell_margin,
    labelled,
    paint_toned,
)
from desktop_app.gui.widgets.text_table import CACHED_ROWS, Index, TextTableModel


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


@dataclass(frozen=True, slots=True)
class _Look:
    """What every row of one paint is painted with: the palette's colours for the table's
    state, the grid, the margins and the columns' alignment."""

    model: TextTableModel
    columns: list[tuple[int, int, int]]  # (column, x, width), left to right
    left: int  # the first column's left edge
    right: int  # the last column's right edge
    aligned: dict[int, int]
    text: QColor
    chosen_text: QColor
    chosen: QBrush
    alternate: QBrush | None  # None: rows do not alternate
    grid: int  # the grid line's width: 1, or 0 without a grid
    margin: int
    line_height: int
    dark: bool


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
        bottom = self.rowAt(self.viewport().height() - 1)
        on_screen = range(max(self.rowAt(0), 0), model.rowCount() if bottom < 0 else bottom + 1)
        model.rows_in_view = on_screen  # which a change of a few rows paints again
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
        """Paint ``rows`` of ``columns`` (column, x, width): each row's background and texts,
        then the grid, then the focused current cell by Qt's delegate."""
        look = self._look(model, columns)
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
        bottoms = []  # of the rows, for the grid
        for row in rows:
            y = self.rowViewportPosition(row)
            height = self.rowHeight(row)
            bottoms.append(y + height)
            chosen = [(lo, hi) for first, last, lo, hi in ranges if first <= row <= last]
            self._paint_row(painter, look, row, y, height, chosen, focus_cell)
        if look.grid:
            self._paint_grid(painter, columns, self.rowViewportPosition(rows.start), bottoms)
        if current is not None:
            row, column = current.row(), current.column()
            chosen_focus = any(a <= row <= b and lo <= column <= hi for a, b, lo, hi in ranges)
            self._paint_current(painter, current, chosen_focus)

    def _look(self, model: TextTableModel, columns: list[tuple[int, int, int]]) -> _Look:
        """What every row of one paint is painted with."""
        palette = self.palette()
        if not self.isEnabled():
            group = QPalette.ColorGroup.Disabled
        elif self.isActiveWindow():
            group = QPalette.ColorGroup.Active
        else:
            group = QPalette.ColorGroup.Inactive
        return _Look(
            model=model,
            columns=columns,
            left=columns[0][1],
            right=columns[-1][1] + columns[-1][2],
            aligned={column: model.alignment(column) or 0 for column, _, _ in columns},
            text=palette.color(group, QPalette.ColorRole.Text),
            chosen_text=palette.color(group, QPalette.ColorRole.HighlightedText),
            chosen=palette.brush(group, QPalette.ColorRole.Highlight),
            alternate=palette.brush(group, QPalette.ColorRole.AlternateBase)
            if self.alternatingRowColors()
            else None,
            grid=1 if self.showGrid() else 0,
            margin=cell_margin(self),
            line_height=self.fontMetrics().height(),
            dark=is_dark(palette),
        )

    def _paint_row(
        self,
        painter: QPainter,
        look: _Look,
        row: int,
        y: int,
        height: int,
        chosen: list[tuple[int, int]],
        focus_cell: tuple[int, int] | None,
    ) -> None:
        """One row's background and texts; ``chosen``: its selected column ranges.

        One loop over the row's cells, kept whole on purpose: it runs for every cell on
        screen at every paint, and a Python call per cell would cost the paint more than the
        drawing does."""
        model, columns, grid, margin, aligned = (
            look.model, look.columns, look.grid, look.margin, look.aligned
        )  # fmt: skip
        if look.alternate is not None and row & 1:
            left = columns[0][1]
            painter.fillRect(
                left, y, columns[-1][1] + columns[-1][2] - left, height, look.alternate
            )
        cells = model.row_cells(row)
        text_y = y + (height - grid - look.line_height) // 2
        painter.setPen(look.text)
        for column, x, width in columns:
            if (row, column) == focus_cell:
                continue
            is_chosen = any(lo <= column <= hi for lo, hi in chosen)
            if is_chosen:
                painter.fillRect(x, y, width - grid, height - grid, look.chosen)
                painter.setPen(look.chosen_text)
            static, text_width = cells[column]
            room = width - grid - 2 * margin
            if column in model.toned_columns and (tone := model.cell_tone(row, column)) is not None:
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
                    look.dark,
                    look.chosen_text if is_chosen else None,
                    margin,
                    look.line_height,
                )
                painter.setPen(look.text)
                continue
            if text_width > room:
                static, text_width = self._elided_cell(model, row, column, room)
            if aligned[column] & RIGHT:
                text_x = x + width - grid - margin - text_width
            elif aligned[column] & CENTRE:
                text_x = x + (width - grid - text_width) / 2
            else:
                text_x = x + margin
            painter.drawStaticText(QPointF(text_x, text_y), static)
            if is_chosen:
                painter.setPen(look.text)

    def _paint_grid(
        self, painter: QPainter, columns: list[tuple[int, int, int]], top: int, bottoms: list[int]
    ) -> None:
        """The grid lines right of each column and under each row, in the style's colour."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)  # the style's grid colour depends on the palette
        colour = self.style().styleHint(QStyle.StyleHint.SH_Table_GridLineColor, option, self)
        painter.setPen(QColor.fromRgba(colour & 0xFFFFFFFF))
        left, right = columns[0][1], columns[-1][1] + columns[-1][2]
        bottom = bottoms[-1]
        lines = [QLine(x + width - 1, top, x + width - 1, bottom - 1) for _, x, width in columns]
        lines.extend(QLine(left, y - 1, right - 1, y - 1) for y in bottoms)
        painter.drawLines(lines)

    def _elided_cell(self, model: TextTableModel, row: int, column: int, room: int) -> Cell:
        """A cell's text cut to ``room`` pixels with an ellipsis, laid out once."""
        text = model.row_text(row)[column]

        def elide(_: object) -> Cell:
            elided = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room)
            return model.lay_out([elided])[0]

        return cached(self._elided, (text, room), CACHED_ROWS, elide)

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

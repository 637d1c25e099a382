"""A read-only table model of text cells that formats each row's texts once and keeps them, laid
out for painting (see :mod:`desktop_app.gui.widgets.text_table_view` for why)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QStaticText, QTransform
from PySide6.QtWidgets import QHeaderView, QTableView

from desktop_app.gui.widgets.text_cells import LABEL_PADDING, Cell, cached, cell_margin

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
_NO_TRANSFORM = QTransform()


class TextTableModel(QAbstractTableModel):
    """Subclasses say how many rows and columns there are, the header, and a row's texts."""

    def __init__(self) -> None:
        super().__init__()
        self.alignments: list[int | None] = []  # per column; None is Qt's default
        self.toned_columns: frozenset[int] = frozenset()  # columns with cells of a tone
        self.cell_font: QFont | None = None  # what the view paints with; set by the view
        self.rows_on_screen = 40  # how many rows the view shows at once; set by the view
        # The rows on screen at the view's last paint (None: painted by Qt, not known).
        self.rows_in_view: range | None = None
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

    def forget_row(self, row: int) -> None:
        """Forget a row's kept texts (what it shows changed)."""
        self._texts.pop(row, None)
        self._cells.pop(row, None)

    def read_rows_again(self, changed: Callable[[int], bool], column: int) -> bool:
        """The rows for which ``changed(row)`` holds read anew, and those on screen painted
        again (``column`` only): a range of rows changed paints the whole view again, every
        row's texts formatted anew. False, doing nothing, when the rows on screen are not
        known (the caller reads them all again)."""
        in_view = self.rows_in_view
        if in_view is None:
            return False
        count = self.row_count()
        shown = range(in_view.start, min(in_view.stop, count))
        kept = (row for row in self._texts.keys() | self._cells.keys() if row < count)
        for row in filter(changed, set(kept).union(shown)):
            self.forget_row(row)
            if row in shown:
                self.dataChanged.emit(self.index(row, column), self.index(row, column))
        return True

    def forget_layout(self) -> None:
        """Forget the laid-out texts (the font changed)."""
        self._cells = {}
        self._laid_out_texts = {}

    def lay_out(self, texts: list[str]) -> list[Cell]:
        """``texts`` laid out once for the view's font, so that painting only draws them.

        Each distinct text is laid out once: statuses, payment methods, sellers and zero
        amounts repeat from row to row, and a laid-out text can be drawn in any number of
        cells."""
        return [cached(self._laid_out_texts, text, LAID_OUT_TEXTS, self._cell_of) for text in texts]

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
        return cached(self._cells, row, LAID_OUT_ROWS, lambda _: self.lay_out(self.row_text(row)))

    def row_text(self, row: int) -> list[str]:
        """The texts of a shown row, formatted once."""
        return cached(self._texts, row, CACHED_ROWS, self.format_row)

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
    """Columns as wide as the header and the rows on screen need (all but ``skip``)."""
    size_sections(table.horizontalHeader(), fitted_widths(table, model, skip))


def fitted_widths(
    table: QTableView, model: TextTableModel, skip: int | None = None
) -> dict[int, int]:
    """The width each column (all but ``skip``) needs for its header and the rows on screen.

    Measured from the rows' laid-out texts, which the paint uses next anyway:
    ``resizeColumnsToContents`` asks the delegate to lay out every cell on screen (8-30 ms
    for the orders table), in the same turn as the paint."""
    header = table.horizontalHeader()
    # The delegate's text margins on both sides, and the grid line; never narrower than Qt.
    margin = 2 * cell_margin(table) + 2
    rows = [model.row_cells(row) for row in range(min(model.rows_on_screen, model.rowCount()))]
    current = table.currentIndex().row()  # the row the person is on, wherever it is
    if current >= len(rows):
        rows.append(model.row_cells(current))
    widths = {}
    for column in range(model.columnCount()):
        if column == skip:
            continue
        widest = math.ceil(max((cells[column][1] for cells in rows), default=0))
        if column in model.toned_columns:  # room for a label around the widest word
            widest += 2 * LABEL_PADDING
        widths[column] = max(widest + margin, header.sectionSizeHint(column))
    return widths


def size_sections(header: QHeaderView, widths: dict[int, int]) -> None:
    """Each section of ``widths`` at its width, set only where it changes: a section resized
    makes the table lay out its scroll bars again and paint what lies right of it, at every
    list shown (after each payment), for widths that had not changed."""
    for column, width in widths.items():
        if header.sectionSize(column) != width:
            header.resizeSection(column, width)

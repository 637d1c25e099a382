"""A read-only table of text cells, answered to Qt in one Python call per cell.

Qt's item delegate asks for some seven roles of every visible cell on every paint, and each
call from Qt into Python costs a trip through PySide. So each row's text is formatted once
and kept, ``multiData`` answers all the roles of a cell in one call, and ``index`` is one call
(the base class's check calls ``rowCount`` and ``columnCount`` in Python each time).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QStyle, QTableView

Index = QModelIndex | QPersistentModelIndex
DISPLAY_ROLE = int(Qt.ItemDataRole.DisplayRole.value)
ALIGNMENT_ROLE = int(Qt.ItemDataRole.TextAlignmentRole.value)
RIGHT_ALIGNED = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)
CACHED_ROWS = 2_000
"""Rows whose text is kept: many screens' worth, a bounded amount of memory."""


class TextTableModel(QAbstractTableModel):
    """Subclasses say how many rows and columns there are, the header, and a row's texts."""

    def __init__(self) -> None:
        super().__init__()
        self.alignments: list[int | None] = []  # per column; None is Qt's default
        self._texts: dict[int, list[str]] = {}

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

    def keep_texts(self, texts: dict[int, list[str]]) -> None:
        """Forget the kept texts (what is shown changed); start from ``texts`` if given."""
        self._texts = texts

    def row_text(self, row: int) -> list[str]:
        """The texts of a shown row, formatted once."""
        text = self._texts.get(row)
        if text is None:
            if len(self._texts) > CACHED_ROWS:
                self._texts.clear()
            text = self._texts[row] = self.format_row(row)
        return text

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
        if role == ALIGNMENT_ROLE and self.alignments:
            return self.alignments[index.column()]
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
            elif role == ALIGNMENT_ROLE and self.alignments:
                role_data.setData(self.alignments[column])
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

    Measured from the rows' kept texts: ``resizeColumnsToContents`` asks the delegate to lay
    out every cell on screen (8-30 ms for the orders table), in the same turn as the paint."""
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    # The delegate's text margins on both sides, and the grid line; never narrower than Qt.
    frame = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table)
    margin = 2 * (frame + 1) + 2
    # The table's own height (a row or two more than its viewport): the first call of
    # viewport() in a process makes PySide build some forty enum types (~16 ms).
    on_screen = table.height() // max(table.rowHeight(0), 1) + 1
    texts = [model.row_text(row) for row in range(min(on_screen, model.rowCount()))]
    for column in range(model.columnCount()):
        if column == skip:
            continue
        widest = max((metrics.horizontalAdvance(text[column]) for text in texts), default=0)
        header.resizeSection(column, max(widest + margin, header.sectionSizeHint(column)))

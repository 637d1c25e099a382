"""The text table paints its cells itself (for speed); people must not see any difference.

Each test shows the same rows in a :class:`TextTableView` and in Qt's own ``QTableView`` side
by side and compares the two pictures pixel for pixel: texts, alignment, elision, alternating
and selected rows, grid, and the focus frame of the current cell.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QItemSelection, QItemSelectionModel
from PySide6.QtGui import QColor, QFont, QImage, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyleFactory, QTableView
from pytestqt.qtbot import QtBot

from desktop_app.gui.look.style import tone_colours
from desktop_app.gui.widgets.text_cells import cell_margin
from desktop_app.gui.widgets.text_table import RIGHT_ALIGNED, TextTableModel, fit_columns
from desktop_app.gui.widgets.text_table_view import TextTableView, TonedDelegate

ROWS = [
    [f"{100_000 + n}", f"Cliente Conceição Gonçalves {n}", f"R$\xa0{n * 37},{n % 100:02d}"]
    for n in range(60)
]


class Rows(TextTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.alignments = [RIGHT_ALIGNED, None, RIGHT_ALIGNED]

    def row_count(self) -> int:
        return len(ROWS)

    def column_titles(self) -> list[str]:
        return ["Order", "Customer", "Amount"]

    def format_row(self, row: int) -> list[str]:
        return ROWS[row]


def pair(qtbot: QtBot, set_up: Callable[[QTableView], None]) -> tuple[QTableView, QTableView]:
    """Qt's view and ours, on models of the same rows, set up alike."""
    views = (QTableView(), TextTableView())
    for view in views:
        qtbot.addWidget(view)
        view.setModel(Rows())
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        view.verticalHeader().hide()
        view.resize(520, 300)
        with qtbot.waitExposed(view):
            view.show()
        set_up(view)
    return views


def picture(qtbot: QtBot, view: QTableView) -> QImage:
    """The view as a person sees it when working in it: its window active, itself focused
    (colours differ in a window in the background, and only one can be active at a time)."""
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(lambda: view.isActiveWindow() and view.hasFocus())
    QApplication.processEvents()
    return view.grab().toImage()


def assert_same_picture(qtbot: QtBot, views: tuple[QTableView, QTableView]) -> None:
    qt_picture, our_picture = (picture(qtbot, view) for view in views)
    assert qt_picture.size() == our_picture.size()
    assert our_picture == qt_picture, "the table does not look like Qt's own"


def test_rows_look_like_qt_draws_them(qtbot: QtBot) -> None:
    def set_up(view: QTableView) -> None:
        view.horizontalHeader().resizeSection(1, 220)
        view.selectRow(3)  # also the current cell: the style's focus frame is drawn on it

    assert_same_picture(qtbot, pair(qtbot, set_up))


def test_narrow_columns_cut_their_text_like_qt(qtbot: QtBot) -> None:
    def set_up(view: QTableView) -> None:
        for column, width in ((0, 30), (1, 90), (2, 45)):
            view.horizontalHeader().resizeSection(column, width)

    assert_same_picture(qtbot, pair(qtbot, set_up))


@pytest.mark.parametrize("grid", [True, False])
def test_scrolled_and_without_grid_like_qt(qtbot: QtBot, grid: bool) -> None:
    def set_up(view: QTableView) -> None:
        view.setShowGrid(grid)
        view.scrollTo(view.model().index(40, 0))
        view.selectRow(41)

    assert_same_picture(qtbot, pair(qtbot, set_up))


def test_a_new_font_is_used_at_once(qtbot: QtBot) -> None:
    views = pair(qtbot, lambda view: None)
    picture(qtbot, views[1])  # the rows are laid out in the old font
    font = QFont(views[1].font())
    font.setPointSize(font.pointSize() + 4)
    for view in views:
        view.setFont(font)
    assert_same_picture(qtbot, views)


def test_single_chosen_cells_look_like_qt(qtbot: QtBot) -> None:
    def set_up(view: QTableView) -> None:
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        model = view.model()
        chosen = QItemSelection(model.index(2, 1), model.index(4, 2))
        view.selectionModel().select(chosen, QItemSelectionModel.SelectionFlag.Select)
        view.selectionModel().setCurrentIndex(
            model.index(3, 1), QItemSelectionModel.SelectionFlag.NoUpdate
        )

    assert_same_picture(qtbot, pair(qtbot, set_up))


def test_another_style_paints_as_qt_does(qtbot: QtBot) -> None:
    # The view reproduces Fusion's item view; under any other style Qt paints the cells.
    def set_up(view: QTableView) -> None:
        view.setStyle(windows_style)
        view.selectRow(1)

    windows_style = QStyleFactory.create("Windows")
    assert_same_picture(qtbot, pair(qtbot, set_up))


def test_scrolling_paints_the_uncovered_rows_like_qt(qtbot: QtBot) -> None:
    # Scrolling moves what is on screen and paints only the strip it uncovers: compare what
    # the screen shows (grab() would paint the whole view afresh).
    def on_screen(view: QTableView) -> QImage:
        QApplication.processEvents()
        return view.screen().grabWindow(view.winId()).toImage()

    pictures = []
    for view in pair(qtbot, lambda view: view.selectRow(5)):
        picture(qtbot, view)
        before = on_screen(view)
        view.verticalScrollBar().setValue(3)

        def scrolled(view: QTableView = view, before: QImage = before) -> bool:
            return on_screen(view) != before

        qtbot.waitUntil(scrolled)
        pictures.append(on_screen(view))
    assert pictures[1] == pictures[0]


# -- toned cells: a status as a coloured label, an amount owed in colour --------------------

STATUSES = ["open", "partly_paid", "paid", "invoiced"]


class TonedRows(Rows):
    """Rows with a status label (column 3) and an amount in the tone "owed" on odd rows."""

    def __init__(self) -> None:
        super().__init__()
        self.alignments = [RIGHT_ALIGNED, None, RIGHT_ALIGNED, None]
        self.toned_columns = frozenset({2, 3})

    def column_titles(self) -> list[str]:
        return ["Order", "Customer", "Amount", "Status"]

    def format_row(self, row: int) -> list[str]:
        return [*ROWS[row], STATUSES[row % 4].replace("_", " ").capitalize()]

    def cell_tone(self, row: int, column: int) -> str | None:
        if column == 3:
            return STATUSES[row % 4]
        return "owed" if column == 2 and row % 2 else None


def toned_pair(
    qtbot: QtBot, set_up: Callable[[QTableView], None], palette: QPalette | None = None
) -> tuple[QTableView, QTableView]:
    """Qt's view with the toned cells' delegate, and ours, set up alike."""

    def toned(view: QTableView) -> None:
        model = TonedRows()
        view.setModel(model)
        if not isinstance(view, TextTableView):
            delegate = TonedDelegate(view, model)
            for column in model.toned_columns:
                view.setItemDelegateForColumn(column, delegate)
        if palette is not None:
            view.setPalette(palette)
        view.horizontalHeader().resizeSection(1, 220)
        fit_columns(view, model, skip=1)
        set_up(view)

    return pair(qtbot, toned)


def label_colour(qtbot: QtBot, view: QTableView, row: int) -> QColor:
    """The colour inside the status label of ``row``, just left of its word."""
    image = picture(qtbot, view)
    cell = view.visualRect(view.model().index(row, 3))
    spot = view.viewport().mapTo(view, cell.topLeft())
    return image.pixelColor(spot.x() + cell_margin(view) + 2, spot.y() + cell.height() // 2)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_statuses_are_labels_in_their_colours(
    qtbot: QtBot, dark: bool, dark_palette: QPalette
) -> None:
    views = toned_pair(qtbot, lambda view: None, dark_palette if dark else None)
    for row, status in enumerate(STATUSES):
        expected = tone_colours(status, dark)[1]
        assert expected is not None
        for view in views:
            assert label_colour(qtbot, view, row) == expected, (status, type(view).__name__)
    assert_same_picture(qtbot, views)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_chosen_rows_keep_their_labels_like_the_delegate(
    qtbot: QtBot, dark: bool, dark_palette: QPalette
) -> None:
    views = toned_pair(qtbot, lambda view: view.selectRow(2), dark_palette if dark else None)
    assert label_colour(qtbot, views[1], 2) == tone_colours("paid", dark)[1]
    assert_same_picture(qtbot, views)


def test_the_focused_label_has_the_focus_frame_like_the_delegate(qtbot: QtBot) -> None:
    def set_up(view: QTableView) -> None:
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        view.setCurrentIndex(view.model().index(1, 3))

    assert_same_picture(qtbot, toned_pair(qtbot, set_up))


def test_narrow_toned_columns_cut_their_words_like_the_delegate(qtbot: QtBot) -> None:
    def set_up(view: QTableView) -> None:
        view.horizontalHeader().resizeSection(2, 40)
        view.horizontalHeader().resizeSection(3, 45)

    assert_same_picture(qtbot, toned_pair(qtbot, set_up))


def test_an_amount_owed_is_in_its_colour_and_none_owed_is_plain(qtbot: QtBot) -> None:
    views = toned_pair(qtbot, lambda view: None)
    image = picture(qtbot, views[1])

    def colours_in(row: int) -> set[int]:
        cell = views[1].visualRect(views[1].model().index(row, 2))
        spot = views[1].viewport().mapTo(views[1], cell.topLeft())
        return {
            image.pixelColor(spot.x() + x, spot.y() + y).rgb()
            for x in range(cell.width())
            for y in range(cell.height())
        }

    owed = tone_colours("owed", False)[0].rgb()
    assert owed in colours_in(1)
    assert owed not in colours_in(0)
    assert_same_picture(qtbot, views)

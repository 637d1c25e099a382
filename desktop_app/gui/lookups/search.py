"""What the lookups share: a search box whose results follow the typing, in a text table.

Search as you type: a short debounce, then a named task; each new keystroke cancels the request
in flight, and an answer is shown only if it is for the text now in the box, so a slow answer
for "mar" never overwrites the answer for "maria".
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale, QSize, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QTableView, QVBoxLayout, QWidget

from desktop_app.core.failures import nothing_matches
from desktop_app.gui.app_wide.window_roles import expose_as_window
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.look.announcer import announce
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.form_texts import closed_by_keys
from desktop_app.gui.widgets.labels import plain_label
from desktop_app.gui.widgets.message_bar import MessageBar
from desktop_app.gui.widgets.search_box import SearchBox
from desktop_app.gui.widgets.text_table import TextTableModel, fit_columns
from desktop_app.gui.widgets.text_table_view import TextTableView
from desktop_app.gui.widgets.typing_pause import TypingPause
from desktop_app.gui.words.errors import UserMessage

if TYPE_CHECKING:
    from desktop_app.gui.shared.context import AppContext

DEBOUNCE_MS = 250
SEARCH_CAP = 200  # the sandbox's documented cap; a real service may have its own


class RowsModel(TextTableModel):
    """A small table of objects with a text function per column (search results)."""

    def __init__(self, columns: list[tuple[str, Callable[[Any], str]]]) -> None:
        super().__init__()
        self.columns = columns
        self._titles = [title for title, _ in columns]
        self.rows: list[Any] = []

    def set_rows(self, rows: Sequence[Any]) -> None:
        """Show ``rows``."""
        self.beginResetModel()
        self.rows = list(rows)
        self.keep_texts({})
        self.endResetModel()

    def refresh(self) -> None:
        """Redraw every cell (a display choice changed)."""
        self.keep_texts({})
        if self.rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self.rows) - 1, len(self.columns) - 1)
            )

    def row_count(self) -> int:
        return len(self.rows)

    def column_titles(self) -> list[str]:
        return self._titles

    def format_row(self, row: int) -> list[str]:
        item = self.rows[row]
        return [show(item) for _, show in self.columns]


def title_of(title: str) -> str:
    """A window's title without its key ("Customers (F2)": "customers")."""
    return title.split(" (")[0].lower()


class LookupWindow(QWidget):
    """A search box and its results, searched as the person types."""

    results_shown = Signal(str)  # the text they answer
    name_column = 0
    model: RowsModel  # the results, set by each kind of lookup

    def __init__(
        self, title: str, placeholder: str, ctx: AppContext, parent: QWidget | None, name: str
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        expose_as_window(self)  # a window to a screen reader, not a pane
        self.setObjectName(name)  # also where its size and place are remembered
        self.setWindowTitle(title)
        self._ctx = ctx
        layout = QVBoxLayout(self)
        add_training_banner(layout, ctx.training)
        self.search = QLineEdit()
        self.search.setPlaceholderText(placeholder)
        self.search.setClearButtonEnabled(True)
        # Named for what it does; the placeholder, what to type, is its description.
        self.search.setAccessibleName(
            QCoreApplication.translate("Lookups", "Search {what}").format(what=title_of(title))
        )
        self.search.setAccessibleDescription(
            QCoreApplication.translate(
                "Lookups", "{hint}: what is found shows below as you type; Down goes to it."
            ).format(hint=placeholder)
        )
        layout.addWidget(self.search)
        self.options = QHBoxLayout()
        layout.addLayout(self.options)
        self.table = TextTableView()
        self.table.setAccessibleName(QCoreApplication.translate("Lookups", "Results"))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.horizontalHeader().setStretchLastSection(False)
        layout.addWidget(self.table, 1)
        self.status = plain_label(QCoreApplication.translate("Lookups", "Type to search."))
        self.status.setObjectName("lookupStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.message_bar = MessageBar()
        layout.addWidget(self.message_bar)
        self.calls = Calls(self, ctx.session, self.message_bar)
        closed_by_keys(self)
        self.debounce = TypingPause(self, DEBOUNCE_MS, self.run_search)
        self.searched_text = ""
        self.search.textChanged.connect(self.on_search_text_changed)
        self.search_box = SearchBox(self.search, self.table, self)
        QShortcut(QKeySequence.StandardKey.Copy, self.table).activated.connect(self.copy_selected)
        place(self, ctx.preferences, QSize(720, 520))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """A window closed as its last keys were typed searched no more (:class:`TypingPause`):
        it searches for them as it is opened again."""
        super().showEvent(event)
        if self.search.text().strip() != self.searched_text:
            self.debounce.start()  # the box and the results say the same again

    def request(self, text: str) -> Coroutine[Any, Any, list[Any]]:
        """The search request for ``text`` (subclasses)."""
        raise NotImplementedError

    def show_results(self, rows: list[Any]) -> None:
        """Put ``rows`` in the table (subclasses may reorder)."""
        raise NotImplementedError

    def copy_text(self, row: Any) -> str:
        """What Ctrl+C copies of a result (subclasses)."""
        raise NotImplementedError

    def on_search_text_changed(self, _text: str) -> None:
        self.debounce.start()  # restarts: only a pause in typing searches

    def run_search(self) -> None:
        """Search for what is in the box now (cancelling the search in flight, and the one
        a pause in typing would start)."""
        self.debounce.stop()
        text = self.search.text().strip()
        self.message_bar.clear()
        if not text:
            self.show_results([])
            self.status.setText(QCoreApplication.translate("Lookups", "Type to search."))
            return
        self.status.setText(QCoreApplication.translate("Lookups", "Searching…"))

        def arrived(rows: list[Any]) -> None:
            if text != self.search.text().strip():
                return  # a stale answer never wins
            self.searched_text = text
            self.show_results(rows)
            # Laid out now: on Qt's next timer, a new number of rows paints the table twice.
            self.table.doItemsLayout()
            self.fit_columns()
            self.status.setText(self.count_text(len(rows), text))
            announce(self.search, self.status.text())  # heard where the typing is
            self.results_shown.emit(text)

        def failed(message: UserMessage, retry: Callable[[], None] | None) -> None:
            if nothing_matches(message.error):  # a 404 for an empty search (failures' table)
                arrived([])
                return
            self.status.clear()
            self.message_bar.show_error(message.text, retry, ends=message.ends)

        self.calls.run("search", lambda: self.request(text), arrived, on_error=failed)

    def say_card_refused(self, _edit: QLineEdit, text: str) -> None:
        """A card number was typed into the search and emptied: no search for what is left,
        the results of none, and why, in the message bar."""
        self.run_search()
        self.message_bar.show_warning(text)

    def fit_columns(self) -> None:
        """Columns as wide as the rows on screen need; the name takes the spare room."""
        fit_columns(self.table, self.model, skip=self.name_column)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(self.name_column, header.ResizeMode.Stretch)

    def count_text(self, count: int, text: str) -> str:
        """How the number of results reads."""
        if count == 0:
            return QCoreApplication.translate(
                "Lookups", "Nothing matches “{text}”. Check the spelling, or type less."
            ).format(text=text)
        if count >= SEARCH_CAP:
            return QCoreApplication.translate(
                "Lookups", "The first {count} matches: type more to narrow them."
            ).format(count=QLocale().toString(count))
        return plural(
            count,
            QCoreApplication.translate("Lookups", "One match."),
            QCoreApplication.translate("Lookups", "{count} matches."),
        )

    def selected(self) -> Any | None:
        """The result the person chose."""
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        model = self.table.model()
        if rows and isinstance(model, RowsModel):
            return model.rows[rows[0].row()]
        return None

    def copy_selected(self) -> None:
        """Copy the chosen result to the clipboard."""
        row = self.selected()
        if row is not None:
            QGuiApplication.clipboard().setText(self.copy_text(row))
            self.status.setText(QCoreApplication.translate("Lookups", "Copied."))

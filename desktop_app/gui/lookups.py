"""Lookups staff make while someone waits: customers (F2), products (F3) and revenue.

Search as you type: a short debounce, then a named task; each new keystroke cancels the request
in flight, and an answer is shown only if it is for the text now in the box, so a slow answer
for "mar" never overwrites the answer for "maria".
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QDate,
    QEvent,
    QModelIndex,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.documents import format_document, mask_document
from desktop_app.core.money import money
from desktop_app.gui.bridge import TaskRunner
from desktop_app.gui.errors import Remedy, describe
from desktop_app.gui.files import export_csv
from desktop_app.gui.style import add_training_banner
from desktop_app.gui.text_table import RIGHT_ALIGNED, TextTableModel, TextTableView, fit_columns

if TYPE_CHECKING:
    from desktop_app.api import ApiClient
    from desktop_app.api.models import BillingRecord, Customer

SessionEnded = Callable[[str, Callable[[], None]], Any]
"""Opens sign-in with a reason, and runs the given call again once signed in."""
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


class LookupWindow(QWidget):
    """A search box and its results, searched as the person types."""

    results_shown = Signal(str)  # the text they answer
    name_column = 0
    model: RowsModel  # the results, set by each kind of lookup
    session_ended: SessionEnded | None = None  # set by the main window: sign in, then retry

    def __init__(
        self, title: str, placeholder: str, parent: QWidget | None, training: bool
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(title)
        self.runner = TaskRunner(self)
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
        self.search = QLineEdit()
        self.search.setPlaceholderText(placeholder)
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(placeholder)
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
        status = QHBoxLayout()
        self.status = QLabel(QCoreApplication.translate("Lookups", "Type to search."))
        self.status.setWordWrap(True)
        self.retry_button = QPushButton(QCoreApplication.translate("Lookups", "&Retry"))
        self.retry_button.hide()
        status.addWidget(self.status, 1)
        status.addWidget(self.retry_button)
        layout.addLayout(status)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.searched_text = ""
        self.search.textChanged.connect(self.on_search_text_changed)
        self.debounce.timeout.connect(self.run_search)
        self.retry_button.clicked.connect(self.run_search)
        QShortcut(QKeySequence.StandardKey.Copy, self.table).activated.connect(self.copy_selected)
        self.resize(720, 520)

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
        """Search for what is in the box now (cancelling the search in flight)."""
        text = self.search.text().strip()
        self.retry_button.hide()
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
            self.results_shown.emit(text)

        def failed(error: BaseException) -> None:
            message = describe(error)
            self.status.setText(message.text)
            if message.remedy is Remedy.SIGN_IN and self.session_ended is not None:
                self.session_ended(message.text, self.run_search)
            self.retry_button.setVisible(message.remedy is Remedy.RETRY)

        self.runner.run("search", self.request(text), arrived, failed)

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
        if count == 1:
            return QCoreApplication.translate("Lookups", "One match.")
        if count >= SEARCH_CAP:
            return QCoreApplication.translate(
                "Lookups", "The first {count} matches: type more to narrow them."
            ).format(count=count)
        return QCoreApplication.translate("Lookups", "{count} matches.").format(count=count)

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

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Cancel what is in flight."""
        self.runner.cancel_all()
        super().closeEvent(event)


class CustomersWindow(LookupWindow):
    """Customers by name or document; documents masked unless asked for."""

    customer_chosen = Signal(object)

    def __init__(
        self, client: ApiClient, parent: QWidget | None = None, *, training: bool = False
    ) -> None:
        super().__init__(
            QCoreApplication.translate("Lookups", "Customers (F2)"),
            QCoreApplication.translate("Lookups", "Customer name, CPF or CNPJ"),
            parent,
            training,
        )
        self.setObjectName("CustomersWindow")
        self.client = client
        self.show_documents = QCheckBox(
            QCoreApplication.translate("Lookups", "Show &whole documents")
        )
        self.options.addWidget(self.show_documents)
        self.options.addStretch(1)
        hint = QLabel(
            QCoreApplication.translate(
                "Lookups", "Enter: this customer's orders in the current store · Ctrl+C: copy"
            )
        )
        self.options.addWidget(hint)
        self.model = RowsModel([
            (QCoreApplication.translate("Lookups", "Name"), lambda c: c.name),
            (QCoreApplication.translate("Lookups", "Document"), self._document),
            (QCoreApplication.translate("Lookups", "Customer id"), lambda c: c.id),
        ])  # fmt: skip
        self.table.setModel(self.model)
        self.show_documents.toggled.connect(self.model.refresh)
        self.table.activated.connect(self.on_table_activated)
        self.search.returnPressed.connect(self.on_search_return_pressed)

    def _document(self, customer: Customer) -> str:
        if self.show_documents.isChecked():
            return format_document(customer.document)
        return mask_document(customer.document)

    def request(self, text: str) -> Coroutine[Any, Any, list[Any]]:
        return self.client.search_customers(text)

    def show_results(self, rows: list[Any]) -> None:
        self.model.set_rows(rows)
        if rows:
            self.table.selectRow(0)

    def copy_text(self, row: Any) -> str:
        return f"{row.name}\t{format_document(row.document)}"

    def on_search_return_pressed(self) -> None:
        if self.debounce.isActive() or self.searched_text != self.search.text().strip():
            self.debounce.stop()
            self.run_search()
            return
        self.on_table_activated(self.table.currentIndex())

    def on_table_activated(self, _index: QModelIndex) -> None:
        customer = self.selected()
        if customer is not None:
            self.customer_chosen.emit(customer)


class ProductsWindow(LookupWindow):
    """Products by name or manufacturer code; a barcode scanned anywhere in the window searches.

    A scanner is a keyboard that types the code and Enter. Wherever focus is in this window,
    printable keys typed outside the search box go into it, and Enter searches at once.
    """

    name_column = 1  # code, NAME, id

    def __init__(
        self, client: ApiClient, parent: QWidget | None = None, *, training: bool = False
    ) -> None:
        super().__init__(
            QCoreApplication.translate("Lookups", "Products (F3)"),
            QCoreApplication.translate("Lookups", "Product name, code or barcode"),
            parent,
            training,
        )
        self.setObjectName("ProductsWindow")
        self.client = client
        self.options.addWidget(
            QLabel(
                QCoreApplication.translate(
                    "Lookups", "Scan a barcode at any time · Ctrl+C: copy the code"
                )
            )
        )
        self.options.addStretch(1)
        self.model = RowsModel([
            (QCoreApplication.translate("Lookups", "Code"), lambda p: p.manufacturer_code),
            (QCoreApplication.translate("Lookups", "Name"), lambda p: p.name),
            (QCoreApplication.translate("Lookups", "Product id"), lambda p: p.id),
        ])  # fmt: skip
        self.table.setModel(self.model)
        self.search.returnPressed.connect(self.search_now)
        self._scanned = ""
        self.table.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Send what a scanner types outside the search box into it."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key, text = event.key(), event.text()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._scanned:
                self.search.setText(self._scanned)
                self._scanned = ""
                self.search_now()
                return True
            if (
                text
                and text.isprintable()
                and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
            ):
                self._scanned += text
                return True
        return False

    def search_now(self) -> None:
        """Enter: search without waiting for the debounce (scanners end with Enter)."""
        self.debounce.stop()
        self.run_search()

    def request(self, text: str) -> Coroutine[Any, Any, list[Any]]:
        return self.client.search_products(text)

    def show_results(self, rows: list[Any]) -> None:
        text = self.search.text().strip().upper()
        exact = [p for p in rows if p.manufacturer_code.upper() == text]
        self.model.set_rows(exact + [p for p in rows if p not in exact])  # an exact code first
        if rows:
            self.table.selectRow(0)

    def copy_text(self, row: Any) -> str:
        return str(row.manufacturer_code)


class RevenueWindow(QWidget):
    """Billing records: a table, a chart of totals by date, the sum and the average."""

    session_ended: SessionEnded | None = None  # set by the main window: sign in, then retry

    def __init__(
        self,
        client: ApiClient,
        locale: str,
        parent: QWidget | None = None,
        *,
        training: bool = False,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("RevenueWindow")
        self.setWindowTitle(QCoreApplication.translate("Lookups", "Revenue"))
        self.client, self.money_locale = client, locale
        self.runner = TaskRunner(self)
        self.records: list[BillingRecord] = []
        layout = QVBoxLayout(self)
        add_training_banner(layout, training)
        bar = QHBoxLayout()
        self.since_edit, self.until_edit = QDateEdit(), QDateEdit()
        for edit, name in (
            (self.since_edit, QCoreApplication.translate("Lookups", "From")),
            (self.until_edit, QCoreApplication.translate("Lookups", "To")),
        ):
            edit.setCalendarPopup(True)
            edit.setAccessibleName(name)
            label = QLabel(name)
            label.setBuddy(edit)
            bar.addWidget(label)
            bar.addWidget(edit)
        self.export_button = QPushButton(QCoreApplication.translate("Lookups", "&Export CSV…"))
        self.refresh_button = QPushButton(QCoreApplication.translate("Lookups", "&Refresh"))
        bar.addStretch(1)
        bar.addWidget(self.refresh_button)
        bar.addWidget(self.export_button)
        layout.addLayout(bar)
        self.summary = QLabel()
        self.summary.setObjectName("revenueSummary")
        layout.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical)
        from PySide6.QtCharts import QChart, QChartView

        self.chart = QChart()
        self.chart.legend().hide()
        self.chart_view = QChartView(self.chart)
        self.chart_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.chart_view.setMinimumHeight(220)
        split.addWidget(self.chart_view)
        self.model = RowsModel(
            [
                (
                    QCoreApplication.translate("Lookups", "Date"),
                    lambda r: r.date.astimezone().strftime("%Y-%m-%d"),
                ),
                (
                    QCoreApplication.translate("Lookups", "Total"),
                    lambda r: money(r.total, self.money_locale),
                ),
                (QCoreApplication.translate("Lookups", "Record"), lambda r: r.id),
            ]
        )
        self.model.alignments = [None, RIGHT_ALIGNED, None]  # amounts line up on the right
        self.table = TextTableView()
        self.table.setAccessibleName(QCoreApplication.translate("Lookups", "Revenue by day"))
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        split.addWidget(self.table)
        layout.addWidget(split, 1)
        self.status = QLabel()
        layout.addWidget(self.status)
        self.since_edit.dateChanged.connect(self.show_range)
        self.until_edit.dateChanged.connect(self.show_range)
        self.refresh_button.clicked.connect(self.load)
        self.export_button.clicked.connect(lambda: self.export_csv())
        self.resize(900, 640)

    def load(self) -> None:
        """Fetch the billing records."""
        self.status.setText(QCoreApplication.translate("Lookups", "Loading…"))

        def failed(error: BaseException) -> None:
            message = describe(error)
            self.status.setText(message.text)
            if message.remedy is Remedy.SIGN_IN and self.session_ended is not None:
                self.session_ended(message.text, self.load)

        self.runner.run("billings", self.client.list_billings(), self._loaded, failed)

    def _loaded(self, records: list[BillingRecord]) -> None:
        self.records = sorted(records, key=lambda r: r.date)
        self.status.clear()
        if self.records:
            first, last = (
                self.records[0].date.astimezone().date(),
                self.records[-1].date.astimezone().date(),
            )
            for edit in (self.since_edit, self.until_edit):
                edit.blockSignals(True)
                edit.setDateRange(
                    QDate(first.year, first.month, first.day),
                    QDate(last.year, last.month, last.day),
                )
            self.since_edit.setDate(QDate(first.year, first.month, first.day))
            self.until_edit.setDate(QDate(last.year, last.month, last.day))
            for edit in (self.since_edit, self.until_edit):
                edit.blockSignals(False)
        self.show_range()

    def shown(self) -> list[BillingRecord]:
        """The records inside the chosen date range."""
        since, until = self.since_edit.date(), self.until_edit.date()
        low = date(since.year(), since.month(), since.day())
        high = date(until.year(), until.month(), until.day())
        return [r for r in self.records if low <= r.date.astimezone().date() <= high]

    def show_range(self) -> None:
        """Table, chart, sum and average of the chosen range."""
        from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis

        rows = self.shown()
        self.model.set_rows(rows)
        total = sum((r.total for r in rows), Decimal(0))
        average = total / len(rows) if rows else Decimal(0)
        self.summary.setText(
            QCoreApplication.translate(
                "Lookups", "{days} days · total {total} · daily average {average}"
            ).format(
                days=len(rows),
                total=money(total, self.money_locale),
                average=money(average.quantize(Decimal("0.01")), self.money_locale),
            )
        )
        self.chart.removeAllSeries()
        for axis in self.chart.axes():
            self.chart.removeAxis(axis)
        bars = QBarSet(QCoreApplication.translate("Lookups", "Total"))
        bars.append([float(r.total) for r in rows])
        series = QBarSeries()
        series.append(bars)
        self.chart.addSeries(series)
        days = QBarCategoryAxis()
        days.append(
            [
                r.date.astimezone().strftime("%d/%m") if i % max(len(rows) // 12, 1) == 0 else ""
                for i, r in enumerate(rows)
            ]
        )
        values = QValueAxis()
        values.setLabelFormat("%.0f")
        self.chart.addAxis(days, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(values, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(days)
        series.attachAxis(values)

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the records shown to CSV (asks where, unless given)."""
        header = [
            QCoreApplication.translate("Lookups", "Date"),
            QCoreApplication.translate("Lookups", "Total"),
            QCoreApplication.translate("Lookups", "Record"),
        ]
        rows = [
            [r.date.astimezone().date().isoformat(), f"{r.total:.2f}", r.id] for r in self.shown()
        ]
        title = QCoreApplication.translate("Lookups", "Export revenue")
        return export_csv(self, title, "revenue.csv", [header, *rows], self.status.setText, path)

"""Revenue: the billing records summed by day (``desktop_app.core.revenue``) in a table and a
chart, with a date range, the sum and the daily average."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QCategoryAxis,
    QChart,
    QChartView,
)
from PySide6.QtCore import QCoreApplication, QDate, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop_app.core.money import day_and_month, local_date, money
from desktop_app.core.revenue import DayRevenue, axis_marks, between, by_day, summary
from desktop_app.gui.app_wide.saving import export_csv
from desktop_app.gui.app_wide.window_roles import expose_as_window
from desktop_app.gui.calls.policy import Calls
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.window_placement import place
from desktop_app.gui.lookups.search import RowsModel
from desktop_app.gui.widgets.banner import add_training_banner
from desktop_app.gui.widgets.date_field import DateField, range_words, say_a_range_in, say_in
from desktop_app.gui.widgets.form_texts import closed_by_keys
from desktop_app.gui.widgets.labels import plain_label
from desktop_app.gui.widgets.message_bar import MessageBar
from desktop_app.gui.widgets.text_table import RIGHT_ALIGNED
from desktop_app.gui.widgets.text_table_view import TextTableView
from desktop_app.gui.words.errors import UserMessage

if TYPE_CHECKING:
    from desktop_app.api.models import BillingRecord
    from desktop_app.gui.shared.context import AppContext


class RevenueWindow(QWidget):
    """Revenue by day: a table, a chart of each day's total, the sum and the average per day."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        expose_as_window(self)  # a window to a screen reader, not a pane
        self.setObjectName("RevenueWindow")
        self.setWindowTitle(QCoreApplication.translate("Lookups", "Revenue"))
        self._ctx = ctx
        self.money_locale = ctx.locale
        self.records: list[BillingRecord] = []
        self.days: list[DayRevenue] = []  # the records summed by day
        self._read_in_part = ""  # why the records are a part of the service's (see api)
        layout = QVBoxLayout(self)
        add_training_banner(layout, ctx.training)
        layout.addLayout(self._range_bar())
        self.summary = plain_label()
        self.summary.setObjectName("revenueSummary")
        layout.addWidget(self.summary)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self._chart_view())
        split.addWidget(self._table())
        layout.addWidget(split, 1)
        self.status = plain_label()
        layout.addWidget(self.status)
        self.message_bar = MessageBar()
        layout.addWidget(self.message_bar)
        self.calls = Calls(self, ctx.session, self.message_bar)
        closed_by_keys(self)
        say_in(self.message_bar, self.since_edit, self.until_edit)
        say_a_range_in(self.message_bar, self.since_edit, self.until_edit)
        self.since_edit.dateChanged.connect(self.show_range)
        self.until_edit.dateChanged.connect(self.show_range)
        self.refresh_button.clicked.connect(self.load)
        self.export_button.clicked.connect(lambda: self.export_csv())
        place(self, ctx.preferences, QSize(900, 640))

    def _range_bar(self) -> QHBoxLayout:
        """From and To, then Refresh and Export."""
        bar = QHBoxLayout()
        self.since_edit, self.until_edit = DateField(), DateField()
        for edit, name in (
            (self.since_edit, QCoreApplication.translate("Lookups", "From")),
            (self.until_edit, QCoreApplication.translate("Lookups", "To")),
        ):
            edit.setCalendarPopup(True)
            edit.setAccessibleName(name)
            label = plain_label(name)
            label.setBuddy(edit)
            bar.addWidget(label)
            bar.addWidget(edit)
        self.export_button = QPushButton(QCoreApplication.translate("Lookups", "&Export CSV…"))
        self.refresh_button = QPushButton(QCoreApplication.translate("Lookups", "&Refresh"))
        bar.addStretch(1)
        bar.addWidget(self.refresh_button)
        bar.addWidget(self.export_button)
        return bar

    def _chart_view(self) -> QWidget:
        """The chart of totals by date (Qt Charts is loaded with the window, not at start)."""
        self.chart = QChart()
        self.chart.legend().hide()
        self.chart_view = QChartView(self.chart)
        self.chart_view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.chart_view.setMinimumHeight(220)
        # A picture of the table beside it, which is what a keyboard and a reader walk.
        self.chart_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.chart_view.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.chart_view.setAccessibleName(
            QCoreApplication.translate("Lookups", "Revenue by day, drawn")
        )
        return self.chart_view

    def _table(self) -> TextTableView:
        """The days: date, total, how many records."""
        self.model = RowsModel(
            [
                (
                    QCoreApplication.translate("Lookups", "Date"),
                    lambda d: local_date(d.day, self.money_locale),
                ),
                (
                    QCoreApplication.translate("Lookups", "Total"),
                    lambda d: money(d.total, self.money_locale),
                ),
                (QCoreApplication.translate("Lookups", "Records"), lambda d: str(d.records)),
            ]
        )
        self.model.alignments = [None, RIGHT_ALIGNED, RIGHT_ALIGNED]  # figures on the right
        self.table = TextTableView()
        self.table.setAccessibleName(QCoreApplication.translate("Lookups", "Revenue by day"))
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        return self.table

    def load(self) -> None:
        """Fetch the billing records."""
        self.status.setText(QCoreApplication.translate("Lookups", "Loading…"))
        self.message_bar.clear()

        def failed(message: UserMessage, retry: Callable[[], None] | None) -> None:
            self.status.clear()
            self.message_bar.show_error(message.text, retry, ends=message.ends)

        self.calls.run("billings", self._ctx.client.list_billings, self._loaded, on_error=failed)

    def _loaded(self, records: list[BillingRecord]) -> None:
        self.records = list(records)
        self._read_in_part = getattr(records, "partial", "")  # the bar says how much, and why
        self.days = by_day(records)
        self.status.clear()
        if self.days:
            first, last = self.days[0].day, self.days[-1].day
            # The fields are not bounded by the records' days: a date typed digit by digit passes
            # through days outside them (15/08 on the way to 15/09), which a bound refuses.
            for edit in (self.since_edit, self.until_edit):
                edit.blockSignals(True)
            self.since_edit.setDate(QDate(first.year, first.month, first.day))
            self.until_edit.setDate(QDate(last.year, last.month, last.day))
            for edit in (self.since_edit, self.until_edit):
                edit.blockSignals(False)
        self.show_range()

    def shown(self) -> list[DayRevenue]:
        """The days inside the chosen date range."""
        since, until = self.since_edit.date(), self.until_edit.date()
        low = date(since.year(), since.month(), since.day())
        high = date(until.year(), until.month(), until.day())
        return between(self.days, low, high)

    def _range_words(self) -> str:
        """Why the range holds no day to sum ("" when it holds some)."""
        inverted = range_words(self.since_edit, self.until_edit)
        if inverted or self.shown():
            return inverted
        return QCoreApplication.translate(
            "Lookups", "No record is from {since} to {until}."
        ).format(since=self.since_edit.text(), until=self.until_edit.text())

    def show_range(self) -> None:
        """Table, chart, sum and average of the chosen range; when it holds no day, why, and
        no sums of nothing ("0 days · total $0.00" read as a day without sales)."""
        rows = self.shown()
        self.model.set_rows(rows)
        self.export_button.setEnabled(bool(rows))
        self.chart.removeAllSeries()
        for axis in self.chart.axes():
            self.chart.removeAxis(axis)
        empty = self._range_words()
        if empty:  # an inverted range is said in the bar too (say_a_range_in)
            self.summary.setText(empty)
            return
        figures = summary(rows)
        said = QCoreApplication.translate(
            "Lookups", "{days} ({records}) · total {total} · daily average {average}"
        )
        if self._read_in_part:
            said = QCoreApplication.translate("Lookups", "{figures} (of a part)").replace(
                "{figures}", said
            )
        self.summary.setText(
            said.format(
                days=plural(
                    figures.days,
                    QCoreApplication.translate("Lookups", "{count} day"),
                    QCoreApplication.translate("Lookups", "{count} days"),
                ),
                records=plural(
                    figures.records,
                    QCoreApplication.translate("Lookups", "{count} record"),
                    QCoreApplication.translate("Lookups", "{count} records"),
                ),
                total=money(figures.total, self.money_locale),
                # rounded as the locale writes it
                average=money(figures.daily_average, self.money_locale),
            )
        )
        bars = QBarSet(QCoreApplication.translate("Lookups", "Total"))
        bars.append([float(d.total) for d in rows])
        series = QBarSeries()
        series.append(bars)
        self.chart.addSeries(series)
        # One label per bar: a category axis keeps one category per distinct label, so blank
        # labels between shown ones would leave the bars under the wrong days.
        days = QBarCategoryAxis()
        days.append(self.day_labels(rows))
        if len(rows) > 31:  # too many to read under each bar: the range, in the axis title
            days.setLabelsVisible(False)
            days.setTitleText(
                QCoreApplication.translate("Lookups", "{first} to {last}, one bar a day").format(
                    first=local_date(rows[0].day, self.money_locale),
                    last=local_date(rows[-1].day, self.money_locale),
                )
            )
        # Money on the axis as everywhere else in the app (a printf format would write
        # "R$ 24976" beside a table's "R$24,976.33"): round marks, each written by money().
        marks = axis_marks([d.total for d in rows])
        values = QCategoryAxis()
        values.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        values.setRange(float(marks[0]), float(marks[-1]))
        values.setStartValue(float(marks[0]))
        for mark in marks:
            values.append(money(mark, self.money_locale), float(mark))
        self.chart.addAxis(days, Qt.AlignmentFlag.AlignBottom)
        self.chart.addAxis(values, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(days)
        series.attachAxis(values)

    def day_labels(self, rows: list[DayRevenue]) -> list[str]:
        """The chart's label of each day shown (with the year when the range spans years)."""
        local = [d.day for d in rows]
        spans_years = len({day.year for day in local}) > 1
        label = local_date if spans_years else day_and_month
        return [label(day, self.money_locale) for day in local]

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the days shown to CSV (asks where, unless given)."""
        header = [
            QCoreApplication.translate("Lookups", "Date"),
            QCoreApplication.translate("Lookups", "Total"),
            QCoreApplication.translate("Lookups", "Records"),
        ]
        rows = [[d.day.isoformat(), f"{d.total:.2f}", str(d.records)] for d in self.shown()]
        if self._read_in_part:  # said at its end, where the sums a spreadsheet makes are read
            rows.append([QCoreApplication.translate(
                "Lookups", "Only a part of the service's records was read: these are of that part."
            )])  # fmt: skip
        title = QCoreApplication.translate("Lookups", "Export revenue")
        return export_csv(self, title, "revenue.csv", [header, *rows], self.status.setText, path)

"""A report saved as CSV or printed: what a person typed and what the service sent is text."""

from __future__ import annotations

from desktop_app.core.report import Report, ReportTable


def test_a_report_prints_every_cell_as_text_and_saves_as_csv_lines() -> None:
    report = Report(
        title="Day <close>",
        facts=[("User", "Ana <b>&</b>")],
        tables=[ReportTable(["What", "NSU"], [["<img src=x>", "1"]])],
    )
    page = report.html()
    assert "<b>&</b>" not in page and "&lt;b&gt;&amp;&lt;/b&gt;" in page
    assert "<img" not in page and "Day &lt;close&gt;" in page
    assert report.csv_rows() == [
        ["User", "Ana <b>&</b>"],
        [],
        ["What", "NSU"],
        ["<img src=x>", "1"],
        [],
    ]

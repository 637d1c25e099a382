"""A report a person saves or prints: a title, a few facts, and tables, each cell already in
the words shown on screen. Written as CSV lines or as an HTML page for Qt to print."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ReportTable:
    """A table of a report: its column titles and its lines."""

    headers: Sequence[str]
    lines: Sequence[Sequence[str]]


@dataclass(frozen=True)
class Report:
    """What a report says: ``facts`` (a label and a value each), then ``tables``."""

    title: str
    facts: Sequence[tuple[str, str]] = ()
    tables: Sequence[ReportTable] = field(default=())

    def csv_rows(self) -> list[list[str]]:
        """The facts a line each, a blank line, then each table (headers first) and a blank
        line after it: one file a spreadsheet opens as it reads."""
        rows: list[list[str]] = [[label, value] for label, value in self.facts]
        rows.append([])
        for table in self.tables:
            rows.append(list(table.headers))
            rows += [list(line) for line in table.lines]
            rows.append([])
        return rows

    def html(self) -> str:
        """The report as a printed page. Every text is escaped: cells hold what people typed
        and what the service sent."""
        parts = [f"<h2>{html.escape(self.title)}</h2>", "<table>"]
        parts += [
            f"<tr><td><b>{html.escape(label)}</b></td><td>{html.escape(value)}</td></tr>"
            for label, value in self.facts
        ]
        parts.append("</table>")
        for table in self.tables:
            parts.append('<table border="1" cellspacing="0" cellpadding="3" width="100%">')
            parts.append(_html_row("th", table.headers))
            parts += [_html_row("td", line) for line in table.lines]
            parts.append("</table><p></p>")
        return "".join(parts)


def _html_row(tag: str, cells: Sequence[str]) -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"

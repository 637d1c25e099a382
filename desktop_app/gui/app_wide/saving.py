"""Saving what is on screen to a file: one way to ask where, write, and say what went wrong."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from desktop_app.core import owner_only
from desktop_app.core.spreadsheet import safe_rows


def export_csv(
    parent: QWidget,
    title: str,
    suggested_name: str,
    rows: Iterable[Sequence[str]],
    show_error: Callable[[str], None],
    path: str | None = None,
) -> str | None:
    """Write ``rows`` as CSV (UTF-8 with a BOM, so spreadsheet programs read the accents),
    every cell that would start a formula written as text (:mod:`desktop_app.core.spreadsheet`).

    Asks where unless ``path`` is given; a failure is said in words through ``show_error`` and
    nothing is lost (the data stays on screen). Returns the path written, or None.
    """
    if not path:
        path, _ = QFileDialog.getSaveFileName(
            parent, title, suggested_name, QCoreApplication.translate("Files", "CSV files (*.csv)")
        )
    if not path:
        return None
    try:
        with owner_only.open_for_writing(path, newline="", encoding="utf-8-sig") as handle:
            csv.writer(handle).writerows(safe_rows(rows))  # no cell a spreadsheet would run
    except OSError as error:
        show_error(
            QCoreApplication.translate(
                "Files", "Could not save the file: {reason}. Choose another folder."
            ).format(reason=error.strerror)
        )
        return None
    return path


def save_pdf(
    parent: QWidget, title: str, suggested_name: str, html: str, path: str | None = None
) -> str | None:
    """Write ``html`` as an A4 PDF (asks where unless ``path`` is given); the path written,
    or None when the person chose none."""

    if not path:
        path, _ = QFileDialog.getSaveFileName(
            parent, title, suggested_name, QCoreApplication.translate("Files", "PDF files (*.pdf)")
        )
    if not path:
        return None
    try:
        owner_only.create(Path(path))  # Qt would make it readable by every account
    except OSError:
        return None  # a folder that cannot be written: as before, nothing is written
    writer = QPdfWriter(path)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
        )
    )
    document = QTextDocument()
    document.setHtml(html)
    document.print_(writer)
    return path


def print_html(parent: QWidget, html: str) -> None:
    """Print ``html`` on a printer the person chooses (the system's print dialog)."""

    printer = QPrinter()
    if QPrintDialog(printer, parent).exec() == QDialog.DialogCode.Accepted:
        document = QTextDocument()
        document.setHtml(html)
        document.print_(printer)

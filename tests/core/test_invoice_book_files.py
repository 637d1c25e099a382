"""The invoice book beside a journal that cannot be used (issue 67): the app still opens, and the
invoices issued are kept, on disk where it can be, else for the run."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop_app.core.invoices import InvoiceBook, InvoiceRecord


def test_a_damaged_book_is_kept_aside_and_a_new_one_keeps_invoices(tmp_path: Path) -> None:
    path = tmp_path / "invoices.sqlite3"
    path.write_bytes(b"not a database " * 400)
    book = InvoiceBook(path)
    book.add(InvoiceRecord(store_id="1", order_id=7, number="123"))
    [aside] = tmp_path.glob("invoices.sqlite3.damaged-*")
    assert aside.read_bytes() == b"not a database " * 400  # never deleted
    book.close()
    kept = InvoiceBook(path).get("1", 7)
    assert kept is not None and kept.number == "123"


@pytest.mark.allow_error_logs  # IT's log says the book is in memory for the run
def test_a_book_that_cannot_be_written_keeps_the_runs_invoices(tmp_path: Path) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("a file where the book's folder goes")
    book = InvoiceBook(blocked / "invoices.sqlite3")
    book.add(InvoiceRecord(store_id="1", order_id=7, number="123"))
    kept = book.get("1", 7)
    assert kept is not None and kept.number == "123"

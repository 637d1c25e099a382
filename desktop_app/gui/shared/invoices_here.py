"""The invoices this machine knows (issued here, or known to be issued elsewhere), shared by
every window and announcing each change: the orders list marks them "Invoiced here". Start-up
makes one; :class:`~desktop_app.gui.shared.context.AppContext` hands it round."""

from __future__ import annotations

from datetime import UTC, tzinfo
from typing import Any

from PySide6.QtCore import QObject, Signal

from desktop_app.core.invoices import InvoiceBook, InvoiceRecord, record_of


class Invoices(QObject):
    """The invoice book, announcing each change (the orders list shows "Invoiced here")."""

    changed = Signal(str)  # the store whose invoices changed

    def __init__(self, book: InvoiceBook, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.book = book

    def get(self, store_id: str, order_id: int) -> InvoiceRecord | None:
        """The invoice of an order, if this machine issued it or was told of it."""
        return self.book.get(store_id, order_id)

    def invoiced(self, store_id: str) -> dict[int, bool]:
        """The orders of a store with an invoice here: order id -> invoiced elsewhere."""
        return self.book.invoiced(store_id)

    def issued(
        self, store_id: str, order_id: int, answer: Any, zone: tzinfo = UTC
    ) -> InvoiceRecord:
        """Keep the invoice the service just issued (its times with no zone in ``zone``, the
        service's)."""
        record = self.book.add(record_of(store_id, order_id, answer, zone))
        self.changed.emit(store_id)
        return record

    def mark_elsewhere(self, store_id: str, order_id: int) -> InvoiceRecord:
        """Keep that the order was invoiced from somewhere else (without a number)."""
        record = self.book.mark_elsewhere(store_id, order_id)
        self.changed.emit(store_id)
        return record

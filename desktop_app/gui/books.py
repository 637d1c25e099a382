"""The books every window shares, each announcing its changes: the journal's unsettled payments
(the pending bar counts them) and the invoices this machine knows (the orders list marks them).
Start-up makes one of each; :class:`~desktop_app.gui.context.AppContext` hands them round."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from desktop_app.core.invoices import InvoiceBook, InvoiceRecord, record_of
from desktop_app.core.payments import PaymentRecorder


class PendingPayments(QObject):
    """The journal's unsettled payments, announced whenever a window changes them."""

    changed = Signal(int)  # how many are open now

    def __init__(self, recorder: PaymentRecorder, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.recorder = recorder

    def count(self) -> int:
        """How many journalled payments are pending or need a decision."""
        return len(self.recorder.journal.open_entries())

    def note_change(self) -> None:
        """A window changed the journal: tell whoever shows the count."""
        self.changed.emit(self.count())


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

    def issued(self, store_id: str, order_id: int, answer: Any) -> InvoiceRecord:
        """Keep the invoice the service just issued."""
        record = self.book.add(record_of(store_id, order_id, answer))
        self.changed.emit(store_id)
        return record

    def mark_elsewhere(self, store_id: str, order_id: int) -> InvoiceRecord:
        """Keep that the order was invoiced from somewhere else (without a number)."""
        record = self.book.mark_elsewhere(store_id, order_id)
        self.changed.emit(store_id)
        return record

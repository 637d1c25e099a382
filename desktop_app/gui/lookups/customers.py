"""The customer lookup (F2): by name or CPF/CNPJ, documents masked unless asked for."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QModelIndex, Signal
from PySide6.QtWidgets import QCheckBox, QWidget

from desktop_app.core.documents import format_document, mask_document
from desktop_app.gui.app_wide.card_guard import DOCUMENTS
from desktop_app.gui.lookups.search import LookupWindow, RowsModel
from desktop_app.gui.widgets.labels import plain_label

if TYPE_CHECKING:
    from desktop_app.api.models import Customer
    from desktop_app.gui.shared.context import AppContext


class CustomersWindow(LookupWindow):
    """Customers by name or document; documents masked unless asked for."""

    customer_chosen = Signal(object)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(
            QCoreApplication.translate("Lookups", "Customers (F2)"),
            QCoreApplication.translate("Lookups", "Customer name, CPF or CNPJ"),
            ctx,
            parent,
            "CustomersWindow",
        )
        self.search.setProperty(DOCUMENTS, True)  # a CNPJ that passes Luhn is still a CNPJ
        self.show_documents = QCheckBox(
            QCoreApplication.translate("Lookups", "Show &whole documents")
        )
        self.options.addWidget(self.show_documents)
        self.options.addStretch(1)
        hint = plain_label(
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
        self.show_documents.toggled.connect(self._on_show_documents_toggled)
        self.table.activated.connect(self.on_table_activated)
        self.search.returnPressed.connect(self.on_search_return_pressed)

    def _on_show_documents_toggled(self, _whole: bool) -> None:
        self.model.refresh()
        self.fit_columns()  # a whole CNPJ is wider than a masked one: never cut

    def _document(self, customer: Customer) -> str:
        if self.show_documents.isChecked():
            return format_document(customer.document)
        return mask_document(customer.document)

    def request(self, text: str) -> Coroutine[Any, Any, list[Any]]:
        return self._ctx.client.search_customers(text)

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

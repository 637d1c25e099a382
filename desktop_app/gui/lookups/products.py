"""The product lookup (F3): by name, manufacturer code or barcode; a scanner works anywhere
in the window."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QWidget

from desktop_app.gui.app_wide.card_guard import BARCODES
from desktop_app.gui.lookups.search import LookupWindow, RowsModel
from desktop_app.gui.widgets.labels import plain_label

if TYPE_CHECKING:
    from desktop_app.gui.shared.context import AppContext


class ProductsWindow(LookupWindow):
    """Products by name or manufacturer code; a barcode scanned anywhere in the window searches.

    A scanner is a keyboard that types the code and Enter. Wherever focus is in this window,
    printable keys typed outside the search box go into it, and Enter searches at once.
    """

    name_column = 1  # code, NAME, id

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(
            QCoreApplication.translate("Lookups", "Products (F3)"),
            QCoreApplication.translate("Lookups", "Product name, code or barcode"),
            ctx,
            parent,
            "ProductsWindow",
        )
        self.search.setProperty(BARCODES, True)  # the card guard lets EAN-13 codes through
        self.options.addWidget(
            plain_label(
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
        return self._ctx.client.search_products(text)

    def show_results(self, rows: list[Any]) -> None:
        text = self.search.text().strip().upper()
        exact = [p for p in rows if p.manufacturer_code.upper() == text]
        self.model.set_rows(exact + [p for p in rows if p not in exact])  # an exact code first
        if rows:
            self.table.selectRow(0)

    def copy_text(self, row: Any) -> str:
        return str(row.manufacturer_code)

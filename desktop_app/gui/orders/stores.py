"""The stores and sellers the service has, in the orders page's two lists, and which store is
chosen: read once someone signs in (the sellers after the stores), the store chosen last
chosen again, forgotten at sign-out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QComboBox

from desktop_app.gui.settings import preferences as prefs

if TYPE_CHECKING:
    from desktop_app.api.models import Seller, Store
    from desktop_app.gui.calls.policy import Calls
    from desktop_app.gui.shared.context import AppContext


class StoreChooser(QObject):
    """The store list (``store_combo``) and the seller filter (``seller_combo``, its first
    item "All sellers"), filled from the service through ``calls``."""

    loaded = Signal(bool)  # the stores were read: whether there are any

    def __init__(
        self,
        ctx: AppContext,
        calls: Calls,
        store_combo: QComboBox,
        seller_combo: QComboBox,
    ) -> None:
        super().__init__(store_combo)
        self._ctx, self._calls = ctx, calls
        self._store_combo, self._seller_combo = store_combo, seller_combo
        self._stores: list[Store] = []

    def load(self) -> None:
        """Read the stores; then the sellers, for the seller filter."""
        self._calls.run("stores", self._ctx.client.list_stores, self._on_stores_loaded)

    def has_stores(self) -> bool:
        """Whether the store list is loaded."""
        return bool(self._stores)

    def stores(self) -> list[tuple[str, str]]:
        """The stores known: each one's id, and how it is shown."""
        return [(store.id, store.label) for store in self._stores]

    def current(self) -> str | None:
        """The chosen store's id (None: none is)."""
        data = self._store_combo.currentData()
        return str(data) if data is not None else None

    def label(self, store_id: str | None) -> str:
        """The store as its list shows it ("001 - Loja Centro"), else its number."""
        for store in self._stores:
            if store.id == store_id:
                return store.label
        return store_id or ""

    def clear(self) -> None:
        """Forget every store (sign-out)."""
        self._stores = []
        self._store_combo.clear()

    def _on_stores_loaded(self, stores: list[Store]) -> None:
        self._stores = stores
        self._store_combo.clear()
        for store in stores:
            self._store_combo.addItem(store.label, store.id)
        last = self._ctx.preferences.get(prefs.LAST_STORE)
        index = self._store_combo.findData(last) if last else -1
        self._store_combo.setCurrentIndex(max(index, 0))
        self._calls.run("sellers", self._ctx.client.list_sellers, self._on_sellers_loaded)
        self.loaded.emit(bool(stores))

    def _on_sellers_loaded(self, sellers: list[Seller]) -> None:
        combo = self._seller_combo
        chosen = combo.currentData()
        combo.blockSignals(True)
        while combo.count() > 1:
            combo.removeItem(1)
        for seller in sellers:
            combo.addItem(seller.name or seller.id, seller.id)
        combo.setCurrentIndex(max(combo.findData(chosen), 0))
        combo.blockSignals(False)

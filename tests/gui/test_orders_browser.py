"""The main window against a real sandbox: stores, orders, sorting, filters, the order view."""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QDate, QSettings, Qt
from pytestqt.qtbot import QtBot

from desktop_app.core.orders import OrderStatus, status_of
from desktop_app.gui.main_window import LAST_STORE_KEY, MainWindow
from desktop_app.gui.orders_model import OBJECT_ROLE


def test_orders_load_with_every_field_and_totals(window: MainWindow) -> None:
    model = window.model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    for title in (
        "Order",
        "Date",
        "Status",
        "Customer",
        "Seller",
        "Payment method",
        "Plan",
        "Inst.",
        "Amount",
        "Paid",
        "Balance due",
        "Customer id",
        "Seller id",
        "Store",
    ):
        assert title in titles  # fmt: skip
    amount = model.data(model.index(0, titles.index("Amount")))
    assert amount.startswith("R$")
    assert window.totals_label.text().startswith("60 orders")
    assert "Marcos Gerente" in window.user_label.text() and "2001" in window.user_label.text()


def test_sorting_uses_real_values(qtbot: QtBot, window: MainWindow) -> None:
    amount_column = [c[0] for c in window.model.columns].index("amount")
    window.table.horizontalHeader().setSortIndicator(amount_column, Qt.SortOrder.DescendingOrder)
    amounts = [o.amount for o in window.model.visible_orders()]
    assert amounts == sorted(amounts, reverse=True)
    date_column = [c[0] for c in window.model.columns].index("create_date")
    window.table.sortByColumn(date_column, Qt.SortOrder.AscendingOrder)
    dates = [o.create_date for o in window.model.visible_orders()]
    assert dates == sorted(dates)  # type: ignore[type-var]


def test_filters_and_totals_follow_what_is_shown(qtbot: QtBot, window: MainWindow) -> None:
    first = window.model.order_at(0)
    qtbot.keyClicks(window.filter_edit, str(first.order_id))
    assert [o.order_id for o in window.model.visible_orders()] == [first.order_id]
    assert window.totals_label.text().startswith("1 orders")
    window.filter_edit.clear()
    window.status_combo.setCurrentIndex(window.status_combo.findData(OrderStatus.OPEN))
    shown = window.model.visible_orders()
    assert shown and all(status_of(o) is OrderStatus.OPEN for o in shown)
    due = sum((o.balance_due for o in shown), Decimal(0))
    assert f"{len(shown)} orders" in window.totals_label.text()
    assert f"{due:,.2f}" in window.totals_label.text()
    window.status_combo.setCurrentIndex(0)
    day = first.create_date
    assert day is not None
    local_day = day.astimezone().date()
    as_qdate = QDate(local_day.year, local_day.month, local_day.day)
    window.since_edit.setDate(as_qdate)
    window.until_edit.setDate(as_qdate)
    assert first in window.model.visible_orders()
    assert all(
        o.create_date is not None and o.create_date.astimezone().date() == local_day
        for o in window.model.visible_orders()
    )


def test_store_choice_by_keyboard_is_remembered(
    qtbot: QtBot, window: MainWindow, settings: QSettings
) -> None:
    window.store_combo.setFocus()
    qtbot.keyClick(window.store_combo, Qt.Key.Key_Down)
    qtbot.waitUntil(
        lambda: window.model.rowCount() == 60 and window.model.order_at(0).store_id == "002",
        timeout=10_000,
    )
    assert settings.value(LAST_STORE_KEY) == "002"


def test_order_view_shows_payments_masked(qtbot: QtBot, window: MainWindow) -> None:
    paid = next(o for o in window.model.visible_orders() if o.amount_paid > 0)
    row = window.model.visible_orders().index(paid)
    assert window.model.data(window.model.index(row, 0), OBJECT_ROLE) is paid
    window.table.setFocus()
    window.table.setCurrentIndex(window.model.index(row, 0))
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(window._open_dialogs), timeout=5_000)
    dialog = window._open_dialogs[0]
    qtbot.waitUntil(lambda: dialog.payments.rowCount() > 0, timeout=10_000)
    item = dialog.payments.item(0, 1)
    assert item is not None
    card = item.text()
    assert card.startswith("••••") and sum(c.isdigit() for c in card) == 4
    assert dialog.fields["balance_due"].text().startswith("R$")
    dialog.close()


def test_export_writes_what_is_shown(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.status_combo.setCurrentIndex(window.status_combo.findData(OrderStatus.PAID))
    path = window.export_csv(str(tmp_path / "orders.csv"))
    assert path is not None
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0][0] == "Order"
    assert len(rows) - 1 == window.model.rowCount()
    assert all(row[2] == "Paid" for row in rows[1:])

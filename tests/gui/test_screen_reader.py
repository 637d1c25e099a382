"""What a screen reader hears, read through Qt's own accessibility interfaces (offscreen: no
bridge; the same objects the Linux bridge hands to AT-SPI): issue "A desk a blind cashier can
work"."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.main_window import MainWindow


def heard(widget: QWidget) -> str:
    """The name a screen reader says for ``widget``."""
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None and interface.isValid()
    return interface.text(QAccessible.Text.Name)


def test_the_totals_are_heard_with_their_values_and_follow_the_filter(
    qtbot: QtBot, window: MainWindow
) -> None:
    ui = window.orders.ui
    assert heard(ui.totals_label) == f"Orders shown: {window.orders.model.rowCount()} orders"
    assert heard(ui.amount_value) == f"Amount of the orders shown: {ui.amount_value.text()}"
    assert heard(ui.paid_value) == f"Paid of the orders shown: {ui.paid_value.text()}"
    assert heard(ui.due_value) == f"Balance due of the orders shown: {ui.due_value.text()}"
    before = heard(ui.due_value)
    ui.filter_edit.setText(str(window.orders.model.order_at(0).order_id))
    qtbot.waitUntil(lambda: heard(ui.totals_label) == "Orders shown: 1 order", timeout=5_000)
    assert heard(ui.due_value) != before  # the value heard is the one shown now
    assert heard(ui.due_value) == f"Balance due of the orders shown: {ui.due_value.text()}"


def test_every_value_of_the_order_window_is_heard_with_its_caption(
    qtbot: QtBot, window: MainWindow
) -> None:
    order = next(o for o in window.orders.model.visible_orders() if o.balance_due > 0)
    dialog = window.open_order(order)
    ui = dialog.ui
    for key, field in dialog.fields.items():
        caption = getattr(ui, f"{key}_title").text()
        assert heard(field) == f"{caption}: {field.full_text()}", key
    assert heard(ui.balance_due).startswith("Balance due: R$")
    dialog.close()

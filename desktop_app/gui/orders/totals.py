"""The four totals under the orders table: how many orders are shown, and their amount, paid
and balance due, following the rows a filter leaves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop_app.core.money import money
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.style import set_kind
from desktop_app.gui.widgets.labels import name_with_value

if TYPE_CHECKING:
    from desktop_app.core.orders.criteria import Totals
    from desktop_app.gui.generated.ui_orders_page import Ui_OrdersPage


def show_totals(
    ui: Ui_OrdersPage, shown: Totals, locale: str, of_a_part: bool = False, kept: bool = False
) -> None:
    """Write the totals of the orders shown into the page's labels; ``of_a_part``: the store's
    orders were read in part (the message bar says how much, and why), and the totals say so;
    ``kept``: slips kept here count in some rows' balance, not in the total, which is the
    service's and says so."""
    count = plural(
        shown.count,
        QCoreApplication.translate("OrdersPage", "{count} order"),
        QCoreApplication.translate("OrdersPage", "{count} orders"),
    )
    if of_a_part:
        count = QCoreApplication.translate("OrdersPage", "{count} (of a part)").format(count=count)
    ui.totals_label.setText(count)
    ui.amount_value.setText(money(shown.amount, locale))
    ui.paid_value.setText(money(shown.paid, locale))
    ui.due_value.setText(money(shown.balance_due, locale))
    ui.due_caption.setText(
        QCoreApplication.translate("OrdersPage", "Balance due at the service")
        if kept
        else QCoreApplication.translate("OrdersPage", "Balance due")
    )
    set_kind(ui.due_value, "figure", "owed" if shown.balance_due > 0 else "money")
    captions = (
        (ui.totals_label, QCoreApplication.translate("OrdersPage", "Orders shown")),
        (ui.amount_value, QCoreApplication.translate("OrdersPage", "Amount of the orders shown")),
        (ui.paid_value, QCoreApplication.translate("OrdersPage", "Paid of the orders shown")),
        (
            ui.due_value,
            QCoreApplication.translate(
                "OrdersPage", "Balance due at the service of the orders shown"
            )
            if kept
            else QCoreApplication.translate("OrdersPage", "Balance due of the orders shown"),
        ),
    )
    for label, caption in captions:
        name_with_value(label, caption)  # "Balance due of the orders shown: R$310,565.51"

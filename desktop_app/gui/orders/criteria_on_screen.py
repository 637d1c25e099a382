"""The orders filter as the page's fields set it: text (a name, a number, an amount typed the
locale's way), status, seller, customer and dates."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import QDate, QLocale

from desktop_app.core.money import amount_in_text
from desktop_app.core.orders.criteria import OrderFilter
from desktop_app.gui.look.language import number_marks

if TYPE_CHECKING:
    from desktop_app.gui.generated.ui_orders_page import Ui_OrdersPage

NO_DATE = QDate(2000, 1, 1)  # the date edits' "any date" value
INVOICED_HERE = "invoiced-here"  # the status filter's choice of the orders invoiced here


def _day(edit_date: QDate) -> date | None:
    """A date edit's day; None for its "any date" value."""
    if edit_date == NO_DATE:
        return None
    return date(edit_date.year(), edit_date.month(), edit_date.day())


def filter_on_screen(
    ui: Ui_OrdersPage, invoiced: Iterable[int], customer_id: str, locale: str
) -> OrderFilter:
    """The filter the fields ask for. A text that reads as an amount (``1.622,74``,
    ``1622.74``, and ``1,622.74`` in either language) also finds the orders of that amount:
    the way to an order from a slip, as its terminal printed it."""
    text = ui.filter_edit.text().strip()
    status = ui.status_combo.currentData()
    here = status == INVOICED_HERE
    return OrderFilter(
        text=text,
        amount=amount_in_text(text, *number_marks(QLocale(locale)), either_way=True),
        status=None if here else status,
        order_ids=frozenset(invoiced) if here else None,
        seller_id=str(ui.seller_combo.currentData() or ""),
        customer_id=customer_id,
        since=_day(ui.since_edit.date()),
        until=_day(ui.until_edit.date()),
    )

"""The form of an order known only by the number typed from its slip (the orders filter's
number, no such order in the list): its store chosen on the form, its balance not known here.

A module of its own because it builds on the payment form: in the kept slips' module, which the
payment form uses, it made the one import circle of the windows (issue 97)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from desktop_app.api.models import Order
from desktop_app.gui.payments.payment_dialog import PaymentDialog

if TYPE_CHECKING:
    from desktop_app.gui.shared.context import AppContext


TYPED_ORDER_CEILING = Decimal("999999999.99")
"""The balance of an order typed by hand, which is not known here: the desk cannot refuse an
amount as over it (the service will, or the person who confirms the order)."""


def choose_store(
    fields: QFormLayout, stores: list[tuple[str, str]], chosen: str, choose: Callable[[str], None]
) -> QComboBox:
    """A typed order's store, chosen on its form (its first row): the store in view unless
    another is chosen (an order number belongs to one store; a slip may be of another's)."""
    combo = QComboBox()
    combo.setAccessibleName(QCoreApplication.translate("PaymentDialog", "Store of the order"))
    for store_id, shown in stores or [(chosen, chosen)]:
        combo.addItem(shown, store_id)
    combo.setCurrentIndex(max(combo.findData(chosen), 0))
    combo.currentIndexChanged.connect(lambda _: choose(str(combo.currentData())))
    label = QLabel(QCoreApplication.translate("PaymentDialog", "St&ore"))
    label.setBuddy(combo)
    fields.insertRow(0, label, combo)
    return combo


def typed_payment_form(
    store_id: str, order_id: int, ctx: AppContext, stores: list[tuple[str, str]], parent: QWidget
) -> PaymentDialog:
    """The form of an order known only by the number typed from its slip: its store chosen
    (the one in view first), the amount typed too; a slip kept for it waits for a person."""
    form = PaymentDialog(
        typed_order(store_id, order_id), ctx, store_id=store_id, known_types=[], parent=parent,
        typed=True,
    )  # fmt: skip
    choose_store(form.ui.fields, stores, store_id, lambda chosen: setattr(form, "store_id", chosen))
    return form


def typed_order(store_id: str, order_id: int) -> Order:
    """An order known only by its number, typed from a slip (nothing else of it is known)."""
    return Order(order_id=order_id, amount_number=TYPED_ORDER_CEILING, store_id=store_id)

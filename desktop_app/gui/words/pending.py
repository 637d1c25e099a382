"""Words of Pending payments for slips kept here: a held slip's order, read to be confirmed, and
what the send button does for each kind of entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop_app import api
from desktop_app.core.journal_states import EntryState
from desktop_app.core.kept_slip import HoldReason
from desktop_app.core.money import money

if TYPE_CHECKING:
    from desktop_app.api.models import Order
    from desktop_app.core.journal_entry import JournalEntry
    from desktop_app.gui.words.errors import UserMessage


def send_text(entry: JournalEntry | None) -> str:
    """The send button's words for the chosen entry (the same Alt letter for each)."""
    if entry is not None and entry.state is EntryState.HELD:
        if entry.hold in (HoldReason.TYPED_ORDER, HoldReason.OVER_BALANCE):
            return QCoreApplication.translate(
                "PendingPaymentsDialog", "Co&nfirm the order and send"
            )
        return QCoreApplication.translate("PendingPaymentsDialog", "Se&nd the chosen one")
    return QCoreApplication.translate("PendingPaymentsDialog", "Send the chosen one a&gain")


def order_words(entry: JournalEntry, order: Order, locale: str) -> str:
    """The order a held slip is for, as the service has it now: what a person confirms."""
    return QCoreApplication.translate(
        "PendingPaymentsDialog",
        "Order {order} of {customer}: balance due {due}. The slip is for {amount}. If this is"
        " the order of the slip, send it; if not, set it aside.",
    ).format(
        order=order.order_id,
        customer=order.customer_name,
        due=money(order.balance_due, locale),
        amount=money(entry.payment.amount, locale),
    )


def released_words() -> str:
    """A held slip let go by a person."""
    return QCoreApplication.translate(
        "PendingPaymentsDialog", "It goes to the service now, or as soon as it can be reached."
    )


def unread_order_words(entry: JournalEntry, message: UserMessage) -> str:
    """Why a held slip's order is not in view: no such order (a number mistyped from the
    slip), or the service's failure as any other."""
    if isinstance(message.error, api.NotFoundError):
        return QCoreApplication.translate(
            "PendingPaymentsDialog",
            "Store {store} has no order {order}. Check the number on the slip: set this one"
            " aside, and keep the slip again with the right number.",
        ).format(store=entry.store_id, order=entry.payment.order_id)
    return message.text


def consequences(entry: JournalEntry | None) -> str:
    """What each button does, for the chosen entry (the form's own line when none is)."""
    if entry is None or entry.state is not EntryState.HELD:
        return QCoreApplication.translate(
            "PendingPaymentsDialog",
            "Check all again: asks the service about each one; nothing is sent. Send the chosen"
            " one again: the service records it now. Set the chosen one aside: nothing is sent,"
            " and it leaves this list.",
        )
    return QCoreApplication.translate(
        "PendingPaymentsDialog",
        "Send: it goes to the service, after the same check for duplicates. Set aside: it is"
        " never sent, and it leaves this list.",
    )

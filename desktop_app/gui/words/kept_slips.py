"""What the desk says of slips kept here while the service cannot be reached: an order's balance
with them counted, why one was not kept, what became of one, how many wait, one sent."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import KeepRefusal
from desktop_app.core.kept_slip import HoldReason
from desktop_app.core.money import money
from desktop_app.gui.look.language import plural
from desktop_app.gui.look.value_labels import state_label

if TYPE_CHECKING:
    from desktop_app.core.journal_entry import JournalEntry
    from desktop_app.core.keeping import SlipNotKeptError


def balance_words(balance_due: Decimal, kept: Decimal, locale: str) -> str:
    """An order's balance as the desk sees it: the service's, less the slips kept here for it
    that the service does not count yet (said, so that the two never read as one)."""
    if kept <= 0:
        return money(balance_due, locale)
    left = balance_due - kept
    if left < 0:  # a slip over the balance, held for a person: never a balance below nothing
        return QCoreApplication.translate(
            "OrderDialog",
            "{left} ({kept} on slips kept here, {over} more than the balance; not yet at the"
            " service)",
        ).format(
            left=money(Decimal(0), locale), kept=money(kept, locale), over=money(-left, locale)
        )
    return QCoreApplication.translate(
        "OrderDialog", "{left} ({kept} on slips kept here, not yet at the service)"
    ).format(left=money(left, locale), kept=money(kept, locale))


def balance_in_a_list(balance_due: Decimal, kept: Decimal, locale: str) -> str:
    """:func:`balance_words` as a list's cell holds them: the balance the order's window
    shows, and what of it is on slips kept here."""
    if kept <= 0:
        return money(balance_due, locale)
    return QCoreApplication.translate("OrdersTableModel", "{left} ({kept} kept here)").format(
        left=money(max(balance_due - kept, Decimal(0)), locale), kept=money(kept, locale)
    )


def consequences() -> str:
    """What each button of the offer does."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Keep the slip: it waits on this computer, counted in the bar below the orders, and"
        " nothing is sent now. Back: change the slip.",
    )


def refusal_words(refused: SlipNotKeptError) -> str:
    """Why the desk did not keep a slip, and what to do."""
    if refused.refusal is KeepRefusal.ALREADY_KEPT and refused.entry is not None:
        return QCoreApplication.translate(
            "PaymentDialog",
            "This computer has a slip with this NSU and authorization code already ({state},"
            " order {order}). See Pending payments.",
        ).format(state=state_label(refused.entry.state), order=refused.entry.payment.order_id)
    return QCoreApplication.translate("PaymentDialog", "The amount must be more than zero.")


def recorded_words(entry: JournalEntry | None, locale: str) -> str:
    """What became of a payment recorded or kept from the orders list, in a line ("": none)."""
    if entry is None:
        return ""
    amount, order = money(entry.payment.amount, locale), entry.payment.order_id
    if entry.state is EntryState.HELD and entry.hold is HoldReason.OVER_BALANCE:
        return QCoreApplication.translate(
            "PaymentDialog",
            "Slip of {amount} kept here for order {order}, for more than was left to pay: it"
            " waits in Pending payments until someone confirms it with the order in view.",
        ).format(amount=amount, order=order)
    if entry.state is EntryState.HELD:
        return QCoreApplication.translate(
            "PaymentDialog",
            "Slip of {amount} kept here for order {order}, typed by hand: it waits in Pending"
            " payments until someone confirms it with the order in view.",
        ).format(amount=amount, order=order)
    if entry.state is EntryState.KEPT:
        return QCoreApplication.translate(
            "OrderDialog",
            "Slip of {amount} kept here for order {order}: it is sent when the service is back.",
        ).format(amount=amount, order=order)
    return QCoreApplication.translate(
        "OrderDialog", "Payment of {amount} recorded for order {order}."
    ).format(amount=amount, order=order)


def waiting_words(count: int) -> str:
    """The slips kept here that wait for a sign-in to be sent ("" for none): said where the
    desk is locked (after a restart while the service was away, say)."""
    if count <= 0:
        return ""
    return plural(
        count,
        QCoreApplication.translate(
            "MainWindow", "{count} slip kept here waits to be sent: it goes once someone signs in."
        ),
        QCoreApplication.translate(
            "MainWindow",
            "{count} slips kept here wait to be sent: they go once someone signs in.",
        ),
    )


def sent_words(entry: JournalEntry, locale: str) -> str:
    """A kept slip has reached the service (said in the status bar as each goes)."""
    return QCoreApplication.translate(
        "MainWindow", "Sent to the service: the slip of {amount} kept for order {order}."
    ).format(amount=money(entry.payment.amount, locale), order=entry.payment.order_id)

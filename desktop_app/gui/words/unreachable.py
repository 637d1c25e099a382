"""What the desk says while the service cannot be reached, wherever it says it: a call that
found no service, the status line, the orders list kept on screen, a password checked here, the
offer to keep a slip; and what it says when the service answers again. One place for the words
of the service's absence, so that each window says it the same way.

(The connection check's own line for an address that cannot be reached is a finding for IT,
naming the machine and the system's reason: ``connection_findings``.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from desktop_app.core.money import money

if TYPE_CHECKING:
    from decimal import Decimal

    from desktop_app.api.models import NewPayment

CALL = QT_TRANSLATE_NOOP(
    "errors", "The service cannot be reached. Check the network cable or Wi-Fi, then retry."
)
"""A call that found no service (``errors.WORDS``' entry for a connection error)."""


def status_line(since: str, who: str) -> str:
    """The status bar while signed in and the service is away: since when, then who."""
    return QCoreApplication.translate(
        "MainWindow", "The service cannot be reached since {since}. {who}"
    ).format(since=since, who=who)


def orders_as_read(since: str, read: str) -> str:
    """The mark over an orders list read before the service went away."""
    return QCoreApplication.translate(
        "OrdersPage",
        "The service cannot be reached since {since}. The orders shown are as read at"
        " {read}: they open, and a payment can be kept here and sent when it is back.",
    ).format(since=since, read=read)


def back_to_sign_in() -> str:
    """The service answers again while nobody is signed in to it (a desk unlocked without
    it): how to read the orders again, and send what was kept."""
    return QCoreApplication.translate(
        "OrdersPage",
        "The service answers again. Sign in (File ▸ Sign in…) to read the orders as they"
        " are now and send what was kept here.",
    )


def wrong_password_here(seconds: int | None) -> str:
    """A password checked on this computer, with the service away, was wrong (``seconds``:
    how long the next try waits; None, it need not)."""
    if seconds is not None:
        return QCoreApplication.translate(
            "SignInDialog",
            "Wrong password, checked on this computer (the service cannot be reached)."
            " After several wrong tries the next one waits: try again in {seconds} s.",
        ).format(seconds=seconds)
    return QCoreApplication.translate(
        "SignInDialog",
        "Wrong password, checked on this computer (the service cannot be reached). Type it again.",
    )


def keep_offer(payment: NewPayment, left: Decimal, locale: str, typed_for: str = "") -> str:
    """The payment summary's question when the service cannot be reached (``left``: what is
    left to pay on the order as the desk sees it; ``typed_for``: the store of an order typed by
    hand)."""
    if typed_for:
        return QCoreApplication.translate(
            "PaymentDialog",
            "The service cannot be reached now. Keep this slip for order {order} of store"
            " {store} here? The order was typed by hand: the slip waits in Pending payments"
            " until someone confirms it with the order in view.",
        ).format(order=payment.order_id, store=typed_for)
    if payment.amount > left:
        return QCoreApplication.translate(
            "PaymentDialog",
            "The service cannot be reached now. This slip is for more than is left to pay on"
            " order {order} ({left}, with the slips kept here for it counted). Keep it here? It"
            " waits in Pending payments until someone confirms it with the order in view.",
        ).format(order=payment.order_id, left=money(left, locale))
    return QCoreApplication.translate(
        "PaymentDialog",
        "The service cannot be reached now. Keep this slip for order {order} here? It is sent"
        " by itself when the service is back, after the same check for duplicates.",
    ).format(order=payment.order_id)

"""Keeping a slip at the desk when the service cannot be reached: when the form offers it, the
words it offers it with, and the keeping itself (``core.kept_slips`` sends it later)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from desktop_app import api
from desktop_app.core.kept import KeptFacts
from desktop_app.core.kept_slips import KeepRefusal, SlipNotKeptError, keep_slip
from desktop_app.core.money import money
from desktop_app.gui.values import state_label

if TYPE_CHECKING:
    from datetime import date

    from desktop_app.api.models import NewPayment, Order
    from desktop_app.core.journal import JournalEntry
    from desktop_app.gui.context import AppContext


def cannot_reach(error: BaseException | None) -> bool:
    """Whether ``error`` says the service cannot be reached now (no connection, no answer in
    time): a certificate refused is not that, and keeping would only hide it."""
    return isinstance(error, api.ApiConnectionError) and not isinstance(error, api.CertificateError)


def offer(order_id: int) -> str:
    """The summary's question when the service cannot be reached."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "The service cannot be reached now. Keep this slip for order {order} here? It is sent"
        " by itself when the service is back, after the same check for duplicates.",
    ).format(order=order_id)


def consequences() -> str:
    """What each button of the offer does."""
    return QCoreApplication.translate(
        "PaymentDialog",
        "Keep the slip: it waits on this computer, counted in the bar below the orders, and"
        " nothing is sent now. Back: change the slip.",
    )


def keep(
    ctx: AppContext, store_id: str, payment: NewPayment, order: Order, slip_date: date
) -> JournalEntry | str:
    """Keep the slip, after the desk's own checks; the kept slip, or what to correct."""
    claims = ctx.session.session.claims
    facts = KeptFacts(
        user_id=payment.user_id,
        user_name=claims.name or "",
        order_from_list=True,
        balance=order.balance_due,
    )
    try:
        return keep_slip(ctx.recorder.journal, store_id, payment, facts, slip_date)
    except SlipNotKeptError as refused:
        return refusal_words(refused, order, ctx.locale)


def refusal_words(refused: SlipNotKeptError, order: Order, locale: str) -> str:
    """Why the desk did not keep a slip, and what to do."""
    if refused.refusal is KeepRefusal.OVER_BALANCE:
        return QCoreApplication.translate(
            "PaymentDialog", "The amount is more than the balance due ({due})."
        ).format(due=money(order.balance_due, locale))
    if refused.refusal is KeepRefusal.ALREADY_KEPT and refused.entry is not None:
        return QCoreApplication.translate(
            "PaymentDialog",
            "This computer has a slip with this NSU and authorization code already ({state},"
            " order {order}). See Pending payments.",
        ).format(state=state_label(refused.entry.state), order=refused.entry.payment.order_id)
    return QCoreApplication.translate("PaymentDialog", "The amount must be more than zero.")

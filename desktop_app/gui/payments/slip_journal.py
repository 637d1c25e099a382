"""The payment form's slip written to the journal: to be sent now, or kept here while the service
cannot be reached (after ``core.keeping``'s checks; the outbox sends it once the service is
back); what the slips kept here add up to per order. Their words: ``words.kept_slips``, and the
offer's ``words.unreachable.keep_offer``."""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from typing import TYPE_CHECKING

from desktop_app.core.journal_recording import RecordingOffError
from desktop_app.core.journal_states import EntryState
from desktop_app.core.keeping import SlipNotKeptError, keep_slip
from desktop_app.core.kept_slip import KeptFacts
from desktop_app.gui.words.errors import describe
from desktop_app.gui.words.kept_slips import refusal_words

if TYPE_CHECKING:
    from datetime import date

    from desktop_app.api.models import NewPayment, Order
    from desktop_app.core.journal import PaymentJournal
    from desktop_app.core.journal_entry import JournalEntry
    from desktop_app.core.payments import Result
    from desktop_app.gui.shared.context import AppContext


def kept_for(ctx: AppContext, store_id: str, order_id: int) -> Decimal:
    """What the slips kept here for an order add up to (the service does not count them yet);
    nothing when the journal cannot be read."""
    try:
        return ctx.outbox.journal.kept_for(store_id, order_id)
    except sqlite3.Error:
        return Decimal(0)


def kept_by_order(ctx: AppContext, store_id: str) -> dict[int, Decimal]:
    """:func:`kept_for` of every order of a store with a slip kept here; none when the journal
    cannot be read."""
    try:
        return ctx.outbox.journal.kept_by_order(store_id)
    except sqlite3.Error:
        return {}


def typed_order_number(text: str) -> int | None:
    """The order number typed in the orders filter (digits only, as on a slip), if it is one."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None


def journalled(
    ctx: AppContext,
    store_id: str,
    payment: NewPayment,
    order: Order,
    slip_date: date,
    *,
    keep: bool,
    typed_by_hand: bool = False,
    last: Result | None = None,
) -> JournalEntry | str:
    """The form's slip written to the journal: to be sent now (as the entry of ``last``, this
    form's previous sending, where that never reached the service), or kept (``keep``) after
    the desk's own checks; else what to correct, or why the journal could not take it (the
    form keeps what was typed). A slip kept for an order typed by hand is held until someone
    confirms the order with it in view."""
    try:
        if not keep:
            return ctx.outbox.entry_to_send(store_id, payment, slip_date, last)
        claims = ctx.session.session.claims
        facts = KeptFacts(
            user_id=payment.user_id,
            user_name=claims.name or "",
            order_from_list=not typed_by_hand,
            balance=(
                None
                if typed_by_hand
                else order.balance_due - kept_for(ctx, store_id, order.order_id)
            ),
        )
        return keep_slip(ctx.outbox.journal, store_id, payment, facts, slip_date)
    except SlipNotKeptError as refused:
        return refusal_words(refused)
    except RecordingOffError as off:
        return describe(off).text


def waits_here(journal: PaymentJournal, entry_id: str) -> bool:
    """Whether the slip ``entry_id`` has not reached the service yet: kept, held for a person,
    or on its way with no answer (not taken, refused, set aside or gone)."""
    try:
        return journal.get(entry_id).state in (EntryState.KEPT, EntryState.HELD, EntryState.PENDING)
    except KeyError:
        return False

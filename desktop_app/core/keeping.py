"""Slips kept at the desk while the service cannot be reached: what the desk checks before it
keeps one, and what holds one for a person before it is sent.

The card terminal goes on approving cards on its own line while the store's link is down; the
cashier keeps each slip here instead of on paper (:func:`keep_slip`), after the checks the desk
can make on its own: the journal has no slip of the same terminal transaction. The card guard is
the journal's own. A slip is never refused for its amount (the terminal has approved the card):
one for more than was left to pay on its order (the balance last read, less the slips kept for
it) is held, as is one whose order was typed by hand, until a person confirms it with the
order's customer and balance in view (:meth:`desktop_app.core.journal.PaymentJournal.release`).

They leave through the outbox (:mod:`desktop_app.core.outbox`) once the service answers, each
after the same duplicate check as a slip sent from the form (:func:`hold_for`).
"""

from __future__ import annotations

import enum
import logging
from datetime import date

from desktop_app.api.models import NewPayment
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_notes import Note
from desktop_app.core.kept_slip import HoldReason, KeptFacts
from desktop_app.core.payments import (
    DuplicateCheck,
)

log = logging.getLogger(__name__)


class KeepRefusal(enum.Enum):
    """Why the desk cannot keep a slip."""

    AMOUNT_NOT_POSITIVE = "amount_not_positive"
    ALREADY_KEPT = "already_kept"  # the journal has this terminal transaction already


class SlipNotKeptError(ValueError):
    """A slip the desk's own checks refuse; ``entry``: the journal's slip of the same
    transaction, for :attr:`KeepRefusal.ALREADY_KEPT`."""

    def __init__(self, refusal: KeepRefusal, entry: JournalEntry | None = None) -> None:
        super().__init__(refusal.value)
        self.refusal = refusal
        self.entry = entry


def keep_slip(
    journal: PaymentJournal,
    store_id: str,
    payment: NewPayment,
    facts: KeptFacts,
    slip_date: date | None = None,
) -> JournalEntry:
    """Keep a slip for the service after the desk's own checks (see the module's text);
    ``facts.balance``: what was left to pay on the order as the desk saw it. One whose order was
    typed by hand, or for more than that, is held until a person confirms the order."""
    if payment.amount <= 0:
        raise SlipNotKeptError(KeepRefusal.AMOUNT_NOT_POSITIVE)
    refuse_a_known_transaction(journal, payment)
    hold = hold_on_keeping(payment, facts)
    entry = journal.add(store_id, payment, slip_date, kept=facts, hold=hold)
    if hold is not None:
        entry = journal.hold(entry.id, hold, KEEPING_NOTES[hold])
    log.info("payment %s kept for the service (%s)", entry.id, entry.state)
    return entry


def refuse_a_known_transaction(
    journal: PaymentJournal, payment: NewPayment, besides: str | None = None
) -> None:
    """Raise :class:`SlipNotKeptError` if this desk holds a slip of the same terminal
    transaction (NSU + authorization code), for any order, but ``besides`` (a slip's own
    entry, sent again): the service only checks the order's own payments."""
    if same := journal.same_transaction(payment.nsu, payment.auth, besides=besides):
        raise SlipNotKeptError(KeepRefusal.ALREADY_KEPT, same[0])


def hold_on_keeping(payment: NewPayment, facts: KeptFacts) -> HoldReason | None:
    """Why a slip being kept must wait for a person before it is sent, if it must."""
    if not facts.order_from_list:
        return HoldReason.TYPED_ORDER
    if facts.balance is not None and payment.amount > facts.balance:
        return HoldReason.OVER_BALANCE
    return None


KEEPING_NOTES = {
    HoldReason.TYPED_ORDER: Note.CONFIRM_THE_ORDER,
    HoldReason.OVER_BALANCE: Note.OVER_BALANCE,
}
HOLD_NOTES = {
    HoldReason.SAME_TRANSACTION_DIFFERS: Note.SAME_TRANSACTION_DIFFERS,
    HoldReason.CANNOT_TELL: Note.READ_IN_PART,
    HoldReason.NEAR_DUPLICATE: Note.NEAR_DUPLICATE,
}


def hold_for(check: DuplicateCheck) -> HoldReason | None:
    """Why a slip not yet at the service must wait for a person before it is sent."""
    if check.exact is not None:
        return HoldReason.SAME_TRANSACTION_DIFFERS
    if check.cannot_tell:
        return HoldReason.CANNOT_TELL
    if check.near:
        return HoldReason.NEAR_DUPLICATE
    return None

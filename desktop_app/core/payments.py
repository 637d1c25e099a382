"""A payment and what became of it: the outcomes of sending one, and the duplicate rules every
slip is checked against before it leaves (:mod:`desktop_app.core.outbox` sends them).

Recording a payment exactly once, whatever the network does: check the order's payments for the
same NSU + authorization code (refuse) or a near duplicate (ask); write the payment to the
journal; send it once. A 2xx confirms it; a 4xx refusal rejects it (nothing was recorded); a
401 means nothing was recorded either: sign in, then send. A time-out, a dropped connection or
a 5xx leaves the outcome unknown: the order's payments are read and it is looked for; found
means confirmed, not found means the cashier decides (send again, or set it aside). Nothing is
ever sent again automatically.

When the service's list of the order's payments could be read only in part (some of its
elements were not understood), "not there" cannot be told from "there, but unreadable": the
duplicate check says so, and a look ends in :attr:`Outcome.CANNOT_TELL`.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from desktop_app import api
from desktop_app.api.models import NewPayment, Payment
from desktop_app.core.cards import last_four
from desktop_app.core.journal_entry import JournalEntry

log = logging.getLogger(__name__)

NEAR_DUPLICATE_WINDOW = timedelta(minutes=10)
R = TypeVar("R")


class Outcome(enum.Enum):
    """What became of a send or a reconciliation."""

    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    NEEDS_REVIEW = "needs_review"
    CANNOT_TELL = "cannot_tell"  # not found, but the order's payments were read only in part
    STILL_UNKNOWN = "still_unknown"  # the service could not be asked; try again later
    NOT_SENT = "not_sent"  # it never left this machine: the same entry may be sent again
    # The service refused it as recorded already (409), and it is not on this order: a person
    # checks with the service; sending it again would meet the same refusal.
    SAID_TO_BE_THERE = "said_to_be_there"


SENT_AGAIN_AS_THE_SAME_ENTRY = frozenset({Outcome.NOT_SENT, Outcome.REJECTED})
"""Outcomes after which nothing is at the service: the slip goes again as the same entry."""
NOT_SENT_AGAIN_FROM_THE_FORM = frozenset({Outcome.STILL_UNKNOWN, Outcome.SAID_TO_BE_THERE})
"""Outcomes after which the form offers no "Send it again": a check comes first."""


@dataclass(frozen=True, slots=True)
class Result:
    """An outcome, the journal entry as it now stands, and the error behind it if any."""

    outcome: Outcome
    entry: JournalEntry
    error: Exception | None = None


@dataclass(frozen=True, slots=True)
class DuplicateCheck:
    """What the order's payments say about a payment about to be sent."""

    exact: Payment | None
    near: tuple[Payment, ...]
    unread: int = 0  # payments of the order the service sent but this app could not read
    in_part: bool = False  # the service says the order has payments it did not send (paging)

    @property
    def cannot_tell(self) -> bool:
        """Whether the payment may be among the order's payments this app did not read."""
        return bool(self.unread) or self.in_part


def same_transaction(recorded: Payment, payment: NewPayment) -> bool:
    """Whether ``recorded`` is the terminal transaction of ``payment`` (NSU + auth code)."""
    return recorded.nsu.strip() == payment.nsu.strip() and (
        recorded.auth.strip().upper() == payment.auth.strip().upper()
    )


def matches_fully(recorded: Payment, payment: NewPayment) -> bool:
    """Same transaction, same amount and same last four digits."""
    return (
        same_transaction(recorded, payment)
        and recorded.amount == payment.amount
        and last_four(recorded.card) == last_four(payment.card)
    )


def check_duplicates(
    payments: list[Payment], payment: NewPayment, now: datetime | None = None
) -> DuplicateCheck:
    """The exact duplicate (NSU + auth) and near duplicates (same amount, brand and last four
    within ten minutes) of ``payment`` among an order's ``payments``."""
    now = now or datetime.now(UTC)
    exact = next((p for p in payments if same_transaction(p, payment)), None)
    near = tuple(
        p
        for p in payments
        if p is not exact
        and p.amount == payment.amount
        and p.flag_name.casefold() == payment.flag_name.casefold()
        and last_four(p.card) == last_four(payment.card)
        and isinstance(p.pay_date, datetime)  # a day alone says nothing of ten minutes
        and abs(now - p.pay_date) <= NEAR_DUPLICATE_WINDOW
    )
    return DuplicateCheck(exact, near, api.unread_count(payments), api.read_in_part(payments))


def as_recorded(payment: NewPayment) -> Payment:
    """A payment just confirmed, as its order's list would now show it (for the duplicate
    check of the next slip of the same order, without reading the list again)."""
    return Payment(
        order_id=payment.order_id, amount=payment.amount, pay_date=datetime.now(UTC),
        card=payment.card, installments=payment.installments, flag_name=payment.flag_name,
        type=payment.payment_type, user_id=str(payment.user_id), nsu=payment.nsu,
        auth=payment.auth,
    )  # fmt: skip

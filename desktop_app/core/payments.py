"""Recording a payment exactly once, whatever the network does.

The flow: check the order's payments for the same NSU + authorization code (refuse) or a near
duplicate (ask); write the payment to the journal; send it once. A 2xx confirms it. A 400,
403 or 404 rejects it (nothing was recorded). A 401 means nothing was recorded either: sign
in, then send. A time-out, a dropped connection or a 5xx leaves the outcome unknown: read the
order's payments and look for it; found means confirmed, not found means the cashier decides
(send again, or set it aside). Nothing is ever re-sent automatically.

A 401 is raised as it is, to the caller's one call policy (sign in, then the same call again):
the payment stays pending in the journal, as the service did not look at it.

When the service's list of the order's payments could be read only in part (some of its
elements were not understood), "not there" cannot be told from "there, but unreadable": the
duplicate check says so, and a reconciliation ends in :attr:`Outcome.CANNOT_TELL`.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TypeVar

from desktop_app import api
from desktop_app.api.models import NewPayment, Payment
from desktop_app.core.cards import last_four
from desktop_app.core.failures import Reading, needs_a_setting, read_failure
from desktop_app.core.journal import JournalEntry, PaymentJournal
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import LOOKED_FOR, EntryState

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


SENT_AGAIN_AS_THE_SAME_ENTRY = frozenset({Outcome.NOT_SENT, Outcome.REJECTED})
"""Outcomes after which nothing is at the service: the slip goes again as the same entry."""


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
        and p.pay_date is not None
        and abs(now - p.pay_date) <= NEAR_DUPLICATE_WINDOW
    )
    return DuplicateCheck(exact, near, api.unread_count(payments))


async def _unless_stopped(call: Awaitable[R], stop: asyncio.Event | None) -> R:
    """``call``'s result, unless ``stop`` is set first: then the call is abandoned and this
    raises a time-out, since whether the service acted on it is as unknown as after one."""
    if stop is None:
        return await call
    answer = asyncio.ensure_future(call)
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({answer, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopped.cancel()
        if not answer.done():
            answer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await answer
    if not answer.cancelled() and answer.done():
        return answer.result()
    raise api.ApiTimeoutError("The cashier stopped waiting for the service's answer")


class PaymentRecorder:
    """Sends journalled payments once and reconciles the ones whose outcome is unknown."""

    def __init__(self, client: api.ApiClient, journal: PaymentJournal) -> None:
        self.client = client
        self.journal = journal

    async def check(self, payment: NewPayment) -> DuplicateCheck:
        """Look at the order's payments before the first send."""
        return check_duplicates(await self.client.list_payments(payment.order_id), payment)

    def write(
        self, store_id: str, payment: NewPayment, slip_date: date | None = None
    ) -> JournalEntry:
        """Journal a payment of the slip's day (today when not given), the step before
        :meth:`send`."""
        return self.journal.add(store_id, payment, slip_date)

    def entry_to_send(
        self, store_id: str, payment: NewPayment, slip_date: date | None, last: Result | None
    ) -> JournalEntry:
        """The journal entry to send ``payment`` as, ``last`` being what became of this form's
        previous sending: after a slip that never left this computer, or that the service
        refused, the same entry with the slip as it now stands; else a new one. A slip is one
        entry for its whole life: a second entry for it would be counted twice once both were
        found at the service."""
        if last is not None and last.outcome in SENT_AGAIN_AS_THE_SAME_ENTRY:
            return self.journal.amend(last.entry.id, payment, slip_date)
        return self.write(store_id, payment, slip_date)

    async def send(self, entry: JournalEntry, stop_waiting: asyncio.Event | None = None) -> Result:
        """Send a journalled payment once and say what became of it; each failure is read by
        :func:`desktop_app.core.failures.read_failure`.

        Setting ``stop_waiting`` gives up on the service's answer: the outcome is then unknown,
        as after a time-out, and the payment is looked for at once (never sent again); given up
        before the request started to leave, it was not sent."""
        left = False

        def leaving() -> None:
            nonlocal left
            left = True

        call = self.client.create_payment(entry.payment, on_leaving=leaving)
        try:
            await _unless_stopped(call, stop_waiting)
        except api.ApiError as error:
            reading = read_failure(error, left=left)
            if reading is Reading.SIGN_IN:
                # The service did not look at it: it stays pending, to send after sign-in.
                self.journal.set_state(entry.id, EntryState.PENDING, Note.SESSION_ENDED)
                raise
            if reading is Reading.NOT_SENT:
                note = Note.NEEDS_A_SETTING if needs_a_setting(error) else Note.NEVER_LEFT
                return Result(
                    Outcome.NOT_SENT, self.journal.set_state(entry.id, EntryState.PENDING, note),
                    error,
                )  # fmt: skip
            if reading is Reading.REFUSED:
                rejected = self.journal.set_state(
                    entry.id, EntryState.REJECTED, Note.REFUSED, error.message
                )
                return Result(Outcome.REJECTED, rejected, error)
            return await self.reconcile(entry, cause=error)
        confirmed = self.journal.set_state(entry.id, EntryState.CONFIRMED, restorable=True)
        log.info("payment %s confirmed by the service", entry.id)  # its id only: no slip data
        return Result(Outcome.CONFIRMED, confirmed)

    async def reconcile(self, entry: JournalEntry, cause: Exception | None = None) -> Result:
        """Look for a payment of unknown outcome at the service; never send it."""
        try:
            recorded = await self.client.list_payments(entry.payment.order_id)
        except api.AuthenticationError:
            raise  # to sign in, then look again: the entry stays as it was
        except api.ApiError as error:
            asked = self.journal.set_state(entry.id, entry.state, Note.COULD_NOT_ASK)
            return Result(Outcome.STILL_UNKNOWN, asked, error)
        found = next((p for p in recorded if same_transaction(p, entry.payment)), None)
        if found is not None and matches_fully(found, entry.payment):
            log.info("payment %s found at the service: confirmed", entry.id)
            return Result(
                Outcome.CONFIRMED, self.journal.set_state(entry.id, EntryState.CONFIRMED), cause
            )
        if found is None and api.unread_count(recorded):
            return Result(
                Outcome.CANNOT_TELL,
                self.journal.set_state(entry.id, EntryState.NEEDS_REVIEW, Note.READ_IN_PART),
                cause,
            )
        note = Note.SAME_TRANSACTION_DIFFERS if found is not None else Note.NOT_AT_THE_SERVICE
        return Result(
            Outcome.NEEDS_REVIEW,
            self.journal.set_state(entry.id, EntryState.NEEDS_REVIEW, note),
            cause,
        )

    async def reconcile_open(self) -> list[Result]:
        """Reconcile every entry :data:`~desktop_app.core.journal_states.LOOKED_FOR` (at start-up
        and after sign-in); a kept slip caught mid-sending is the sender's to settle
        (:mod:`desktop_app.core.kept_slips`)."""
        return [await self.reconcile(entry) for entry in self.journal.entries_of(LOOKED_FOR)]

    def set_aside(self, entry: JournalEntry) -> JournalEntry:
        """The cashier chose not to send this payment."""
        return self.journal.set_state(entry.id, EntryState.SET_ASIDE, Note.SET_ASIDE)

"""Slips kept at the desk while the service cannot be reached, and the sender that sends them
once it is back.

The card terminal goes on approving cards on its own line while the store's link is down; the
cashier keeps each slip here instead of on paper (:func:`keep_slip`), after the checks the desk
can make on its own: the amount is within the order's balance last read, and the journal has no
slip of the same terminal transaction. The card guard is the journal's own.

:class:`SlipSender` notices the service again by itself (the first slip's read, tried again with
a growing wait, and at once on request) and sends the kept slips oldest first, one at a time:
the order's payments read (the same duplicate check as a slip sent at once), then one create.

- The service already has it (same NSU, authorization code, amount and card): confirmed.
- It has one much like it, or one of the same transaction that differs, or its list could be
  read only in part: the slip is held for a person, never sent on a guess.
- A slip whose order was typed by hand is held until a person confirms it with the order's
  customer and balance in view (:meth:`desktop_app.core.journal.PaymentJournal.release`).
- The service refuses it (over the balance, no such order): refused, with the service's words.
- A 401 pauses sending until someone signs in (:meth:`SlipSender.signed_in`).
- A slip is taken (kept → pending, ``left_at``) in the same write as its request starts to
  leave, and a request whose slip cannot be taken (a person set it aside a moment ago) is
  stopped before its first byte. A sending that never connected leaves the slip kept for the
  next round; when a setting is the cause (the service's address, the authority file), nothing
  more is tried until it changes (:meth:`SlipSender.setting_changed`). One that may have
  reached the service is looked for there and never sent twice:
  found is confirmed, not found waits for a person. After a crash or a kill, the next sender
  does the same with the slips the last one was sending.
- Two copies of the app on one journal: only the holder of :class:`SenderLock` sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from desktop_app import api
from desktop_app.api.models import NewPayment
from desktop_app.core.failures import NOT_SENT_KINDS, Reading, needs_a_setting, read_failure
from desktop_app.core.journal import JournalEntry, PaymentJournal
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import CAUGHT_MID_SENDING, EntryState
from desktop_app.core.kept import HoldReason, KeptFacts
from desktop_app.core.payments import (
    DuplicateCheck,
    Outcome,
    PaymentRecorder,
    check_duplicates,
    matches_fully,
)
from desktop_app.core.sender_lock import SenderLock

log = logging.getLogger(__name__)

REFUSED = (api.BadRequestError, api.PermissionDeniedError, api.NotFoundError)
"""The service looked at the slip and said no: nothing was recorded."""


class KeepRefusal(enum.Enum):
    """Why the desk cannot keep a slip."""

    AMOUNT_NOT_POSITIVE = "amount_not_positive"
    OVER_BALANCE = "over_balance"  # more than the order's balance last read
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
    """Keep a slip for the service after the desk's own checks (see the module's text); one
    whose order was typed by hand is held until a person confirms the order."""
    if payment.amount <= 0:
        raise SlipNotKeptError(KeepRefusal.AMOUNT_NOT_POSITIVE)
    if facts.order_from_list and facts.balance is not None and payment.amount > facts.balance:
        raise SlipNotKeptError(KeepRefusal.OVER_BALANCE)
    same = journal.same_transaction(payment.nsu, payment.auth)
    if same:
        raise SlipNotKeptError(KeepRefusal.ALREADY_KEPT, same[0])
    hold = None if facts.order_from_list else HoldReason.TYPED_ORDER
    entry = journal.add(store_id, payment, slip_date, kept=facts, hold=hold)
    if hold is not None:
        entry = journal.hold(entry.id, hold, Note.CONFIRM_THE_ORDER)
    log.info("payment %s kept for the service (%s)", entry.id, entry.state)
    return entry


class SenderState(enum.Enum):
    """What the sender is doing, for the bar that shows it."""

    IDLE = "idle"  # no slip waits for the service
    SENDING = "sending"
    WAITING = "waiting"  # the service cannot be reached: tried again later, or on request
    SIGN_IN = "sign_in"  # the service wants a sign-in before anything more is sent
    SETTING = "setting"  # a setting stops every sending (the address, the authority file)
    ELSEWHERE = "elsewhere"  # another copy of the app on this journal is sending


@dataclass(frozen=True, slots=True)
class SenderNews:
    """What changed: the sender's state, how many slips wait for the service, and the slip just
    settled (sent, held for a person or refused) with the error behind it, if any."""

    state: SenderState
    waiting: int
    entry: JournalEntry | None = None
    error: Exception | None = None


class _RoundEndedError(Exception):
    """The round ends: the service cannot be reached (or wants a sign-in, or a setting stops
    every sending)."""

    def __init__(self, state: SenderState, error: Exception) -> None:
        super().__init__(state.value)
        self.state = state
        self.error = error

    @classmethod
    def unreached(cls, error: Exception) -> _RoundEndedError:
        """Nothing left this machine: tried again later, or once a setting is corrected when
        one is the cause (sending before would fail the same way)."""
        return cls(SenderState.SETTING if needs_a_setting(error) else SenderState.WAITING, error)


HELD_BACK = frozenset({SenderState.SIGN_IN, SenderState.SETTING})
"""Where the sender stops until a person acts (signs in, corrects a setting), not trying
again on its own."""


class _SlipTakenError(Exception):
    """Raised from the request's trace to stop it before its first byte: the slip is no longer
    kept (see :meth:`SlipSender._create`)."""


def _hold_for(check: DuplicateCheck) -> HoldReason | None:
    """Why a slip not yet at the service must wait for a person before it is sent."""
    if check.exact is not None:
        return HoldReason.SAME_TRANSACTION_DIFFERS
    if check.unread:
        return HoldReason.CANNOT_TELL
    if check.near:
        return HoldReason.NEAR_DUPLICATE
    return None


HOLD_NOTES = {
    HoldReason.SAME_TRANSACTION_DIFFERS: Note.SAME_TRANSACTION_DIFFERS,
    HoldReason.CANNOT_TELL: Note.READ_IN_PART,
    HoldReason.NEAR_DUPLICATE: Note.NEAR_DUPLICATE,
}


class SlipSender:
    """Sends the journal's kept slips when the service can be reached (see the module's text).

    ``on_news`` hears every change (called on the loop's thread). :meth:`run` goes on until
    cancelled; :meth:`flush` is one round, for tests and for "send now"."""

    def __init__(
        self,
        recorder: PaymentRecorder,
        *,
        on_news: Callable[[SenderNews], None] | None = None,
        first_wait: float = 2.0,
        longest_wait: float = 60.0,
    ) -> None:
        self.recorder = recorder
        self.journal = recorder.journal
        self.lock = SenderLock(_lock_path(self.journal.path))
        self.on_news = on_news
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.state = SenderState.IDLE
        self._woken = asyncio.Event()
        self._go_on = asyncio.Event()  # clear while held back (HELD_BACK)
        self._go_on.set()

    def waiting(self) -> int:
        """How many slips wait for the service (kept, or caught mid-sending)."""
        return self.journal.kept_waiting()

    def wake(self) -> None:
        """Try now: a slip was kept, the service answered a read, or a person asked."""
        self._woken.set()

    def signed_in(self) -> None:
        """Someone signed in: sending may go on."""
        self._go_on.set()
        self.wake()

    def setting_changed(self) -> None:
        """The service's address or the authority file changed: sending may go on."""
        self._go_on.set()
        self.wake()

    def _tell(
        self, state: SenderState, entry: JournalEntry | None = None, error: Exception | None = None
    ) -> None:
        self.state = state
        if self.on_news is not None:
            self.on_news(SenderNews(state, self.waiting(), entry, error))

    async def run(self) -> None:
        """Send whenever there is something to send, until cancelled."""
        wait = self.first_wait
        while True:
            # A round can end without once waiting (every request refused before it left):
            # the loop's other tasks, the windows', get their turn between rounds.
            await asyncio.sleep(0)
            await self._go_on.wait()
            self._woken.clear()
            state = await self.flush()
            if state is SenderState.IDLE:
                wait = self.first_wait
                await self._woken.wait()
                continue
            if state in HELD_BACK:
                continue  # _go_on is clear: the loop waits for a sign-in or a setting
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), wait * random.uniform(0.75, 1.25))  # noqa: S311
            wait = min(wait * 2, self.longest_wait)

    async def flush(self) -> SenderState:
        """One round: the slips of an earlier sending settled, then every kept slip sent in
        turn until none is left or the service cannot be reached. Returns where it ended."""
        with self.lock.held() as mine:
            if not mine:
                self._tell(SenderState.ELSEWHERE)
                return SenderState.ELSEWHERE
            if not self.waiting():
                self._tell(SenderState.IDLE)
                return SenderState.IDLE
            self._tell(SenderState.SENDING)
            try:
                await self._settle_earlier()
                passed: set[str] = set()  # slips whose order the service could not read now
                while (entry := self.journal.next_kept(frozenset(passed))) is not None:
                    settled = await self._send(entry)
                    if settled is None:
                        passed.add(entry.id)
                    else:
                        self._tell(SenderState.SENDING, settled)
            except _RoundEndedError as stop:
                if stop.state in HELD_BACK:
                    self._go_on.clear()
                self._tell(stop.state, error=stop.error)
                return stop.state
        ended = SenderState.WAITING if passed else SenderState.IDLE
        self._tell(ended)
        return ended

    async def _settle_earlier(self) -> None:
        """Slips caught mid-sending (by a crash, a kill or a failure): kept again if their
        request never left, else looked for at the service."""
        for entry in self.journal.entries_of(CAUGHT_MID_SENDING):
            if not entry.left:
                self.journal.keep_again(entry.id, Note.NOT_SENT_YET)
                continue
            settled = await self._look_for(entry, None)
            self._tell(SenderState.SENDING, settled)

    async def _look_for(self, entry: JournalEntry, cause: Exception | None) -> JournalEntry:
        """Whether the service has a slip that may have reached it (never sent again)."""
        try:
            result = await self.recorder.reconcile(entry, cause)
        except api.AuthenticationError as error:
            raise _RoundEndedError(SenderState.SIGN_IN, error) from None
        if result.outcome is Outcome.STILL_UNKNOWN:
            raise _RoundEndedError.unreached(result.error or api.ApiConnectionError("unknown"))
        return result.entry

    async def _send(self, entry: JournalEntry) -> JournalEntry | None:
        """Send one kept slip after its duplicate check; the slip as it then stands (None: it
        stays kept for a later round, its request never having left)."""
        payment = entry.payment
        try:
            recorded = await self.recorder.client.list_payments(payment.order_id)
        except api.AuthenticationError as error:
            raise _RoundEndedError(SenderState.SIGN_IN, error) from None
        except REFUSED as error:
            return self.journal.set_state(
                entry.id, EntryState.REJECTED, Note.REFUSED, error.message
            )
        except (api.ApiConnectionError, *NOT_SENT_KINDS) as error:
            unreached = _RoundEndedError.unreached(error)
            if unreached.state is SenderState.SETTING:  # said beside the slip, until it goes
                self.journal.keep_again(entry.id, Note.NEEDS_A_SETTING)
            raise unreached from None
        except api.ApiError:
            # The service answers, but not for this order's payments (a 5xx, an answer not
            # understood): the slips behind it go on, and it is tried again later.
            self.journal.keep_again(entry.id, Note.PAYMENTS_UNREADABLE)
            return None
        # Near duplicates are looked for around the time the slip was kept, not now.
        check = check_duplicates(recorded, payment, entry.created_at)
        if check.exact is not None and matches_fully(check.exact, payment):
            log.info("payment %s was at the service already: confirmed", entry.id)
            return self.journal.set_state(entry.id, EntryState.CONFIRMED, Note.HAD_IT_ALREADY)
        hold = _hold_for(check)
        if hold is not None and entry.kept is not None and hold not in entry.kept.cleared:
            return self.journal.hold(entry.id, hold, HOLD_NOTES[hold])
        return await self._create(entry)

    async def _create(self, entry: JournalEntry) -> JournalEntry:
        """The one create of a kept slip, and what became of it (set aside by a person as it
        was about to leave: its request did not leave)."""

        def take() -> None:  # as the request's first byte is about to be written
            if not self.journal.take_leaving(entry.id):
                raise _SlipTakenError(entry.id)

        try:
            await self.recorder.client.create_payment(entry.payment, on_leaving=take)
        except _SlipTakenError:
            return self.journal.get(entry.id)  # as the person left it
        except api.ApiError as error:
            # Taken as its request started to leave: what the failure means follows from that.
            reading = read_failure(error, left=self.journal.get(entry.id).left)
            if reading is Reading.SIGN_IN:  # the service did not record it
                self._keep_again_if_taken(entry, Note.SESSION_ENDED)
                raise _RoundEndedError(SenderState.SIGN_IN, error) from None
            if reading is Reading.NOT_SENT:
                unreached = _RoundEndedError.unreached(error)
                setting = unreached.state is SenderState.SETTING
                self._keep_again_if_taken(
                    entry, Note.NEEDS_A_SETTING if setting else Note.UNREACHABLE
                )
                raise unreached from None
            if reading is Reading.REFUSED:
                return self.journal.set_state(
                    entry.id, EntryState.REJECTED, Note.REFUSED, error.message
                )
            return await self._look_for(self.journal.get(entry.id), error)  # never resent
        log.info("payment %s confirmed by the service", entry.id)
        return self.journal.set_state(entry.id, EntryState.CONFIRMED, restorable=True)

    def _keep_again_if_taken(self, entry: JournalEntry, note: Note) -> None:
        """A refusal that left nothing at the service: the slip, if taken, is kept again."""
        if self.journal.get(entry.id).state is EntryState.PENDING:
            self.journal.keep_again(entry.id, note)


def _lock_path(journal_path: Path) -> Path:
    return journal_path.with_name(journal_path.name + ".sender-lock")

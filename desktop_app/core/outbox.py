"""The one way out for every payment: slips typed at the counter and slips kept while the service
was away leave the desk here, by one create, read by one table of failures, looked for in one
way, paused by one sign-in and waiting by one back-off.

**The form's slip** (:meth:`Outbox.send`) goes at once while the cashier waits, and the outcome
comes back to the form: confirmed, refused (the service's words), not sent (it never left: the
same entry goes again), or unknown, when it is looked for at once and never sent again by the
app on its own (found: confirmed; not found: the cashier decides). A 401 is raised to the
window's call policy, which signs in and asks again; the sending of kept slips pauses with it.

**Kept slips** (:meth:`Outbox.run`) go by themselves once the service answers, oldest first, each
order's payments read once a round for the duplicate check (with the round's slips sent added):

- The service already has it (same NSU, authorization code, amount and card): confirmed.
- It has one much like it, or one of the same transaction that differs, or its list could be
  read only in part: the slip is held for a person, never sent on a guess.
- The service refuses it (over the balance, no such order): refused, with its words.
- Nothing left this machine: kept, tried again after a growing wait or at once on request; not
  before a setting that is the cause changes (:meth:`Outbox.setting_changed`). A 401 pauses
  sending until someone signs in (:meth:`Outbox.signed_in`).
- It may have reached the service: looked for there, never sent twice.

Every slip is taken (pending, ``left_at``) in the same write as its request starts to leave; one
that cannot be taken (set aside a moment ago) is stopped before its first byte. The next start
settles what a crash left on its way; of two copies of the app on one journal, only the holder of
:class:`SenderLock` sends kept slips.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import date
from typing import TypeVar

from desktop_app import api
from desktop_app.api.models import NewPayment, Payment
from desktop_app.core.failures import (
    Reading,
    ReadReading,
    forbidden,
    needs_a_setting,
    read_failure,
    read_read_failure,
)
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import (
    CAUGHT_MID_SENDING,
    LOOKED_FOR,
    EntryState,
    IllegalMoveError,
)
from desktop_app.core.keeping import HOLD_NOTES, hold_for, refuse_a_known_transaction
from desktop_app.core.payments import (
    SENT_AGAIN_AS_THE_SAME_ENTRY,
    DuplicateCheck,
    Outcome,
    Result,
    as_recorded,
    check_duplicates,
    matches_fully,
    same_transaction,
)
from desktop_app.core.sender_lock import SenderLock
from desktop_app.core.sender_news import (
    HELD_BACK,
    RETURN_NOTICED_WITHIN,
    SenderNews,
    SenderState,
)

log = logging.getLogger(__name__)
R = TypeVar("R")


class _RoundEndedError(Exception):
    """The round ends: the service cannot be reached, wants a sign-in, or a setting stops
    every sending."""

    def __init__(self, state: SenderState, error: Exception) -> None:
        super().__init__(state.value)
        self.state = state
        self.error = error


class _SlipTakenError(Exception):
    """Raised from the request's trace to stop it before its first byte: the slip can no
    longer be sent (see :meth:`Outbox._deliver`)."""


_OUTCOME_OF = {EntryState.CONFIRMED: Outcome.CONFIRMED, EntryState.REJECTED: Outcome.REJECTED}
"""What a look says of an entry that moved on while it looked (by the answer to its send):
settled, or else for a person to see."""


def _unreached(error: Exception) -> SenderState:
    """Where a sending that reached nothing leaves the round: waiting, or held until a setting
    is corrected when one is the cause (sending before would fail the same way)."""
    return SenderState.SETTING if needs_a_setting(error) else SenderState.WAITING


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


class Outbox:
    """Every payment leaves through here (see the module's text). ``on_news`` hears every change
    of the kept slips' sending (called on the loop's thread); :meth:`run` sends them until
    cancelled, :meth:`flush` is one round."""

    def __init__(
        self,
        client: api.ApiClient,
        journal: PaymentJournal,
        *,
        on_news: Callable[[SenderNews], None] | None = None,
        first_wait: float = 2.0,
        longest_wait: float = RETURN_NOTICED_WITHIN / 1.25,
    ) -> None:
        self.client = client
        self.journal = journal
        self.lock = SenderLock(journal.path.with_name(journal.path.name + ".sender-lock"))
        self.on_news = on_news
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.state = SenderState.IDLE
        self._woken = asyncio.Event()
        self._go_on = asyncio.Event()  # clear while held back (HELD_BACK)
        self._go_on.set()
        self._for_its_person: set[str] = set()  # refused (403) for whoever is signed in now
        # A form's slips on their way, or to be sent again once signed in: never looked for
        # then (look and form both settled one entry: a recorded payment shown as an error).
        self._in_a_forms_hands: set[str] = set()

    # -- the form's slips ------------------------------------------------------------------

    async def check(self, payment: NewPayment) -> DuplicateCheck:
        """The order's payments against ``payment``, before its first send (the form shows
        what was found; the person decides)."""
        return check_duplicates(await self.client.list_payments(payment.order_id), payment)

    def write(
        self, store_id: str, payment: NewPayment, slip_date: date | None = None
    ) -> JournalEntry:
        """Journal a payment of the slip's day (today when not given), before :meth:`send`."""
        return self.journal.add(store_id, payment, slip_date)

    def entry_to_send(
        self, store_id: str, payment: NewPayment, slip_date: date | None, last: Result | None
    ) -> JournalEntry:
        """The journal entry to send ``payment`` as (``last``: this form's previous sending):
        after a slip that never left, or that the service refused, the same entry as the slip
        now stands (one entry a slip: two would be counted twice); else a new one. A terminal
        transaction this desk has already is not written (``refuse_a_known_transaction``)."""
        sent_again = last is not None and last.outcome in SENT_AGAIN_AS_THE_SAME_ENTRY
        besides = last.entry.id if last is not None and sent_again else None
        refuse_a_known_transaction(self.journal, payment, besides)
        if besides is not None:
            return self.journal.amend(besides, payment, slip_date)
        return self.write(store_id, payment, slip_date)

    async def send(self, entry: JournalEntry, stop_waiting: asyncio.Event | None = None) -> Result:
        """Send a journalled payment once, a person waiting, and say what became of it.

        Setting ``stop_waiting`` gives up on the service's answer: the outcome is then unknown,
        as after a time-out, and the payment is looked for at once (never sent again); given up
        before the request started to leave, it was not sent. A 401 is raised (the payment
        stays pending, to be sent after sign-in) and pauses the sending of kept slips too."""
        current = self.journal.get(entry.id)
        if current.state is EntryState.PENDING and current.left:
            # Its request left before (the answer lost, a sign-in asked for while it was
            # looked for): it may be at the service, so it is looked for, never sent again.
            sending = self._look_for(current, None)
        else:
            sending = self._deliver(entry, stop_waiting)
        self._in_a_forms_hands.add(entry.id)
        signing_in = False
        try:
            return await sending
        except _RoundEndedError as ended:
            if ended.state is SenderState.SIGN_IN:
                self._hold_back()
                signing_in = True  # the form sends it again once signed in
            raise ended.error from None
        finally:
            if not signing_in:
                self._in_a_forms_hands.discard(entry.id)

    async def reconcile(self, entry: JournalEntry, cause: Exception | None = None) -> Result:
        """Look for a payment of unknown outcome at the service; never send it."""
        try:
            recorded = await self.client.list_payments(entry.payment.order_id)
        except api.ApiError as error:
            if read_read_failure(error) is ReadReading.SIGN_IN:
                raise  # to sign in, then look again: the entry stays as it was
            asked = self.journal.note(entry.id, entry.state, Note.COULD_NOT_ASK)
            return Result(Outcome.STILL_UNKNOWN, asked, error)
        found = next((p for p in recorded if same_transaction(p, entry.payment)), None)
        if found is not None and matches_fully(found, entry.payment):
            log.info("payment %s found at the service: confirmed", entry.id)
            return self._found(entry, Outcome.CONFIRMED, EntryState.CONFIRMED, Note.NONE, cause)
        if found is None and not api.read_whole(recorded):
            return self._found(
                entry, Outcome.CANNOT_TELL, EntryState.NEEDS_REVIEW, Note.READ_IN_PART, cause
            )
        note = Note.SAME_TRANSACTION_DIFFERS if found is not None else Note.NOT_AT_THE_SERVICE
        return self._found(entry, Outcome.NEEDS_REVIEW, EntryState.NEEDS_REVIEW, note, cause)

    def _found(
        self,
        entry: JournalEntry,
        outcome: Outcome,
        state: EntryState,
        note: Note,
        cause: Exception | None,
    ) -> Result:
        """What a look found, written, unless the entry moved on while the service was read
        (the form's send confirmed it, a person set it aside): then it stands as that left it,
        and the look says so and goes on (its read is the older)."""
        try:
            return Result(outcome, self.journal.set_state(entry.id, state, note), cause)
        except IllegalMoveError:
            now = self.journal.get(entry.id)
            log.info("payment %s was %s while it was looked for", entry.id, now.state.value)
            return Result(_OUTCOME_OF.get(now.state, Outcome.NEEDS_REVIEW), now, cause)

    async def reconcile_open(self) -> list[Result]:
        """Reconcile every entry :data:`~desktop_app.core.journal_states.LOOKED_FOR` (at start-up
        and after sign-in); a kept slip caught mid-sending is settled by the next round, and a
        form's slip in its hands by the form."""
        return [
            await self.reconcile(entry)
            for entry in self.journal.entries_of(LOOKED_FOR)
            if entry.id not in self._in_a_forms_hands
        ]

    def set_aside(self, entry: JournalEntry) -> JournalEntry:
        """A person chose not to send this payment."""
        return self.journal.set_state(entry.id, EntryState.SET_ASIDE, Note.SET_ASIDE)

    # -- kept slips ------------------------------------------------------------------------

    def waiting(self) -> int:
        """How many slips wait for the service (kept, or caught mid-sending)."""
        return self.journal.kept_waiting()

    def wake(self) -> None:
        """Try now: a slip was kept, the service answered a read, or a person asked."""
        self._woken.set()

    def signed_in(self) -> None:
        """Someone signed in: sending may go on (a slip refused for the last person too)."""
        self._for_its_person.clear()
        self._go_on.set()
        self.wake()

    def setting_changed(self) -> None:
        """The service's address or the authority file changed: sending may go on."""
        self._go_on.set()
        self.wake()

    def _hold_back(self) -> None:
        self._go_on.clear()

    def _tell(
        self, state: SenderState, entry: JournalEntry | None = None, error: Exception | None = None
    ) -> None:
        self.state = state
        if self.on_news is not None:
            self.on_news(SenderNews(state, self.waiting(), entry, error))

    async def run(self) -> None:
        """Send kept slips whenever there are some, until cancelled."""
        failed_rounds = 0
        while True:
            # A round can end without once waiting (every request refused before it left):
            # the loop's other tasks, the windows', get their turn between rounds.
            await asyncio.sleep(0)
            await self._go_on.wait()
            self._woken.clear()
            state = await self.flush()
            if state in (SenderState.IDLE, SenderState.ITS_PERSON):
                failed_rounds = 0
                await self._woken.wait()
                continue
            if state in HELD_BACK:
                continue  # _go_on is clear: the loop waits for a sign-in or a setting
            wait = api.backoff_delay(failed_rounds, self.first_wait, self.longest_wait)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), wait)
            failed_rounds += 1

    async def flush(self) -> SenderState:
        """One round: the slips of an earlier sending settled, then every kept slip sent in
        turn until none is left or the service cannot be reached. Returns where it ended.
        While the journal records nothing, nothing is sent (no move could be written, and its
        lock file may not even be made): the round waits to be woken when recording is back."""
        if self.journal.recording.off is not None:
            self._tell(SenderState.IDLE)
            return SenderState.IDLE
        with self.lock.held() as mine:
            if not mine:
                self._tell(SenderState.ELSEWHERE)
                return SenderState.ELSEWHERE
            if not self.waiting():
                self._tell(SenderState.IDLE)
                return SenderState.IDLE
            self._tell(SenderState.SENDING)
            read: dict[int, list[Payment]] = {}  # each order's payments, read once a round
            passed: set[str] = set()  # slips whose order the service could not read now
            try:
                await self._settle_earlier()
                while (entry := self.journal.next_kept(self._left_for_now(passed))) is not None:
                    settled = await self._send_kept(entry, read)
                    if settled is None:
                        passed.add(entry.id)
                    else:
                        self._tell(SenderState.SENDING, settled)
            except _RoundEndedError as stop:
                if stop.state in HELD_BACK:
                    self._hold_back()
                self._tell(stop.state, error=stop.error)
                return stop.state
        ended = SenderState.WAITING if passed else SenderState.IDLE
        if ended is SenderState.IDLE and self.journal.next_kept() is not None:
            ended = SenderState.ITS_PERSON  # what is left waits for its person's sign-in
        self._tell(ended)
        return ended

    def _left_for_now(self, passed: set[str]) -> frozenset[str]:
        """The slips this round does not send: its order unread now, or refused for the
        person signed in (until the next sign-in)."""
        return frozenset(passed | self._for_its_person)

    async def _settle_earlier(self) -> None:
        """Slips caught mid-sending (by a crash, a kill or a failure): kept again if their
        request never left, else looked for at the service."""
        for entry in self.journal.entries_of(CAUGHT_MID_SENDING):
            if not entry.left:
                self.journal.not_sent(entry.id, Note.NOT_SENT_YET)
                continue
            self._tell(SenderState.SENDING, (await self._look_for(entry, None)).entry)

    async def _look_for(self, entry: JournalEntry, cause: Exception | None) -> Result:
        """Whether the service has a slip that may have reached it (never sent again); for a
        kept slip, a look that could not be made ends the round (a sign-in, or no service)."""
        try:
            result = await self.reconcile(entry, cause)
        except api.AuthenticationError as error:
            raise _RoundEndedError(SenderState.SIGN_IN, error) from None
        if entry.kept is not None and result.outcome is Outcome.STILL_UNKNOWN:
            unasked = result.error or api.ApiConnectionError("unknown")
            raise _RoundEndedError(_unreached(unasked), unasked)
        return result

    async def _send_kept(
        self, entry: JournalEntry, read: dict[int, list[Payment]]
    ) -> JournalEntry | None:
        """Send one kept slip after its duplicate check against its order's payments (read
        once a round, into ``read``); the slip as it then stands (None: it stays kept for a
        later round, its order's payments unread)."""
        payment = entry.payment
        if payment.order_id not in read:
            try:
                read[payment.order_id] = await self.client.list_payments(payment.order_id)
            except api.ApiError as error:
                reading = read_read_failure(error)
                if reading is ReadReading.SIGN_IN:
                    raise _RoundEndedError(SenderState.SIGN_IN, error) from None
                if reading is ReadReading.REFUSED:
                    return self.journal.set_state(
                        entry.id, EntryState.REJECTED, Note.REFUSED, error.message
                    )
                if reading is ReadReading.UNREACHED:
                    if needs_a_setting(error):  # said beside the slip, until it goes
                        self.journal.not_sent(entry.id, Note.NEEDS_A_SETTING)
                    raise _RoundEndedError(_unreached(error), error) from None
                # It answers, but not for this order's payments: the slips behind it go on.
                self.journal.not_sent(entry.id, Note.PAYMENTS_UNREADABLE)
                return None
        recorded = read[payment.order_id]
        # Near duplicates are looked for around the time the slip was kept, not now.
        check = check_duplicates(recorded, payment, entry.created_at)
        if check.exact is not None and matches_fully(check.exact, payment):
            log.info("payment %s was at the service already: confirmed", entry.id)
            return self.journal.set_state(entry.id, EntryState.CONFIRMED, Note.HAD_IT_ALREADY)
        hold = hold_for(check)
        if hold is not None and entry.kept is not None and hold not in entry.kept.cleared:
            return self.journal.hold(entry.id, hold, HOLD_NOTES[hold])
        result = await self._deliver(entry)
        if result.outcome is Outcome.NOT_SENT:  # set aside as it was about to leave
            return result.entry
        if result.outcome is Outcome.CONFIRMED:
            recorded.append(as_recorded(payment))  # the next slip of this order sees it
        return result.entry

    # -- the one create ----------------------------------------------------------------------

    async def _deliver(self, entry: JournalEntry, stop: asyncio.Event | None = None) -> Result:
        """The one create of a payment, and what became of it, each failure read by
        :func:`desktop_app.core.failures.read_failure`. Raises :class:`_RoundEndedError` where
        the caller must stop: a sign-in, or a kept slip that reached nothing."""

        def take() -> None:  # as the request's first byte is about to be written
            if not self.journal.take_leaving(entry.id):
                raise _SlipTakenError(entry.id)

        try:
            await _unless_stopped(self.client.create_payment(entry.payment, on_leaving=take), stop)
        except _SlipTakenError:
            return Result(Outcome.NOT_SENT, self.journal.get(entry.id))  # as a person left it
        except api.ApiError as error:
            # Taken as its request started to leave: what the failure means follows from that.
            reading = read_failure(error, left=self.journal.get(entry.id).left)
            if reading is Reading.SIGN_IN:  # the service did not record it
                self.journal.not_sent(entry.id, Note.SESSION_ENDED)
                raise _RoundEndedError(SenderState.SIGN_IN, error) from None
            if reading is Reading.NOT_SENT:
                return self._not_sent(entry, error)
            if reading is Reading.REFUSED and entry.kept is not None and forbidden(error):
                # Not refused: not taken from whoever is signed in. It keeps the number of the
                # person who kept it (never another's) and waits for their sign-in.
                self._for_its_person.add(entry.id)
                kept = self.journal.not_sent(entry.id, Note.FOR_ITS_PERSON)
                return Result(Outcome.NOT_SENT, kept, error)
            if reading is Reading.REFUSED:
                refused = self.journal.set_state(
                    entry.id, EntryState.REJECTED, Note.REFUSED, error.message
                )
                return Result(Outcome.REJECTED, refused, error)
            if reading is Reading.MAY_BE_THERE:  # looked for; not found, a person checks
                looked = await self._look_for(self.journal.get(entry.id), error)
                if looked.outcome not in (Outcome.NEEDS_REVIEW, Outcome.CANNOT_TELL):
                    return looked
                said = self.journal.set_state(
                    entry.id, EntryState.NEEDS_REVIEW, Note.SAID_TO_BE_THERE, error.message
                )
                return Result(Outcome.SAID_TO_BE_THERE, said, error)
            return await self._look_for(self.journal.get(entry.id), error)  # never resent
        log.info("payment %s confirmed by the service", entry.id)  # its id only: no slip data
        confirmed = self.journal.set_state(entry.id, EntryState.CONFIRMED, restorable=True)
        return Result(Outcome.CONFIRMED, confirmed)

    def _not_sent(self, entry: JournalEntry, error: Exception) -> Result:
        """It never left: a form's slip waits for its person to send it again; a kept slip is
        kept, and the round ends."""
        if needs_a_setting(error):
            note = Note.NEEDS_A_SETTING
        else:
            note = Note.NEVER_LEFT if entry.kept is None else Note.UNREACHABLE
        not_sent = self.journal.not_sent(entry.id, note)
        if entry.kept is not None:
            raise _RoundEndedError(_unreached(error), error)
        return Result(Outcome.NOT_SENT, not_sent, error)

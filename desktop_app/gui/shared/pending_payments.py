"""The journal's unsettled payments and the sender of slips kept while the service was away,
shared by every window and announcing each change (the pending bar counts them). Start-up makes
one; :class:`~desktop_app.gui.shared.context.AppContext` hands it round."""

from __future__ import annotations

import asyncio
import logging
from datetime import date

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.core.journal import local_today
from desktop_app.core.journal_states import EntryState
from desktop_app.core.outbox import Outbox
from desktop_app.core.sender_news import HELD_BACK, SenderNews, SenderState
from desktop_app.gui.calls.policy import TaskRunner

log = logging.getLogger(__name__)
SENDER_TASK = "kept-slips-sender"


class PendingPayments(QObject):
    """The journal's unsettled payments, announced whenever they change: those that wait for a
    person, and the slips kept while the service could not be reached, sent by the outbox
    (:class:`~desktop_app.core.outbox.Outbox`, run by :meth:`start_sending` for as long as the
    app runs)."""

    changed = Signal()  # a count or the sender's state moved: read them again (once a turn)
    sender_news = Signal(object)  # SenderNews: what the sender said, each once
    slip_sent = Signal(object)  # JournalEntry: a kept slip the service has now

    def __init__(self, outbox: Outbox, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.outbox = outbox
        outbox.on_news = self._on_sender_news
        self.last_news: SenderNews | None = None
        self._runner = TaskRunner(self)
        self._sent: tuple[date, int] | None = None  # the day, and its kept slips sent
        # Every window that shows the counts reads them again on ``changed``: told in a turn
        # of the loop of its own, once for all the changes of the turn before. A slip kept in
        # an outage wrote the journal, closed its form, and then had the list laid out again
        # under the pending bar appearing, all in the turn of the cashier's Enter (the week's
        # largest holds); a burst of slips sent read the counts once a slip.
        # A timer of its own: QTimer.singleShot(0) is a posted call, handled in the same turn.
        self._news_due = QTimer(self, singleShot=True, interval=0)
        self._news_due.timeout.connect(self.changed)

    def count(self) -> int:
        """How many journalled payments are not settled (kept slips included)."""
        return len(self.outbox.journal.open_entries())

    def attention(self) -> int:
        """How many wait for a person: outcome unknown, a decision, or a check before sending."""
        return self.outbox.journal.needing_a_person()  # counted by SQLite: asked often

    def waiting(self) -> int:
        """How many kept slips wait for the service."""
        return self.outbox.journal.kept_waiting()

    def sent_today(self) -> int:
        """How many slips kept here the service took today (read once a day, and again as
        each goes: the bar asks at every change)."""
        today = local_today()
        if self._sent is None or self._sent[0] != today:
            self._sent = (today, len(self.outbox.journal.kept_sent_on(today)))
        return self._sent[1]

    def held_back(self) -> SenderState | None:
        """What the kept slips wait for from a person, if anything: a sign-in (theirs, for a
        service that takes a slip only from who kept it), or a setting corrected."""
        state = self.outbox.state
        waits_for_a_person = state in HELD_BACK or state is SenderState.ITS_PERSON
        return state if waits_for_a_person and self.waiting() > 0 else None

    def setting_changed(self) -> None:
        """The service's address or the authority file changed: the kept slips a setting held
        back go again."""
        self.outbox.setting_changed()

    def note_change(self) -> None:
        """A window changed the journal: tell whoever shows the counts, and the sender (a slip
        kept, or let go by a person, goes at once if the service can be reached)."""
        self._news_due.start()
        if self.waiting():
            self.outbox.wake()

    def catch_up(self) -> None:
        """Look for the payments left open at the service and send the slips kept here (at
        start-up and after each sign-in)."""
        self.start_sending()
        self.outbox.signed_in()
        self.note_change()
        if self.attention():
            self._runner.run(
                "pending-reconcile",
                self.outbox.reconcile_open(),
                lambda _: self.note_change(),
                lambda _: self.note_change(),
                quiet=True,
            )

    def start_sending(self) -> None:
        """Run the sender of kept slips until :meth:`stop` (the slips stay kept for the next
        start)."""
        if not self._runner.is_running(SENDER_TASK):
            self._runner.run(
                SENDER_TASK, self.outbox.run(), lambda _: None, self._sender_failed, quiet=True
            )

    def stop(self) -> None:
        """Stop the sender and any look at the service still under way, with nothing of them
        delivered: the app quits, and the journal they read is closed next (a look that ended
        after it tried to count the journal's entries in a closed file)."""
        self._runner.cancel_all()

    async def stopped(self) -> None:
        """:meth:`stop`, and wait for the sender to end: cancelled while it reaches the service,
        it closes its connection as it ends, which it must do before the client is closed and
        the loop goes (else the socket is left to the collector)."""
        cancelled = self._runner.cancel_all()
        if cancelled:  # bounded: quitting never hangs on a call that does not end
            await asyncio.wait(cancelled, timeout=5)

    def _on_sender_news(self, news: SenderNews) -> None:
        self.last_news = news
        sent = news.entry if news.entry and news.entry.state is EntryState.CONFIRMED else None
        if sent is not None:
            self._sent = None  # counted again
        self._news_due.start()
        self.sender_news.emit(news)
        if sent is not None:
            self.slip_sent.emit(sent)  # said as each goes

    def _sender_failed(self, error: BaseException) -> None:
        # A fault of this app, not of the network (the sender handles those): logged for IT;
        # the slips stay kept, and the next start sends them.
        log.error("the sender of kept slips stopped", exc_info=error)

"""The moment the service answers again after it was away, told once to whoever shows it: a
desk unlocked without the service knocks for it (:mod:`desktop_app.core.answers_again`), and
the sender of kept slips meeting a 401 is an answer too."""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, Signal

from desktop_app.core.answers_again import until_it_answers
from desktop_app.core.sender_news import SenderNews, SenderState
from desktop_app.gui.calls.policy import TaskRunner
from desktop_app.gui.calls.reach import service_reach
from desktop_app.gui.shared.context import AppContext

log = logging.getLogger(__name__)
WATCH_TASK = "service-return"


class ServiceReturn(QObject):
    """Watches for the service while the desk is unlocked without it (no token: nothing else
    asks it), from the unlock until a sign-in, the lock or a sign-out; and, signed in, while
    its reach says it is away (a call found no service): its "cannot be reached" words, in the
    status bar and in a window, then end when it answers, not when the person next asks it."""

    answered = Signal()  # the service answers: what said it was away may say otherwise

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._runner = TaskRunner(self)
        session = ctx.session
        session.unlocked_offline.connect(self.watch)
        session.signed_in.connect(self.stop)
        session.signed_out.connect(self.stop)
        session.locked.connect(self.stop)
        ctx.pending.sender_news.connect(self._on_sender_news)
        service_reach().changed.connect(self._on_reach_changed)

    def _on_reach_changed(self) -> None:
        if service_reach().away_since is not None and self._ctx.session.session.signed_in:
            self.watch()

    def watch(self) -> None:
        """Knock until the service answers (once at a time)."""
        if not self._runner.is_running(WATCH_TASK):
            self._runner.run(
                WATCH_TASK,
                until_it_answers(self._ctx.client.unsigned_status),
                self._on_answer,
                self._watch_failed,
                quiet=True,
            )

    def stop(self) -> None:
        """Nobody needs to know any more: a sign-in reads the service itself."""
        self._runner.cancel_all()

    def _on_answer(self, status: int) -> None:
        log.info("the service answers again (a knock answered %s)", status)
        service_reach().heard()  # the one reach: the status bar and the windows' words
        self.answered.emit()

    def _on_sender_news(self, news: SenderNews) -> None:
        # Each news once: `changed` also follows a slip kept, with the last news still stale.
        if news.state is SenderState.SIGN_IN:  # a 401 is an answer
            self.stop()
            self.answered.emit()

    def _watch_failed(self, error: BaseException) -> None:
        # A fault of this app: logged for IT; the person can still sign in from File.
        log.error("watching for the service's return stopped", exc_info=error)

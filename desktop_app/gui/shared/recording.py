"""The banner of a journal that records nothing (issue 67), and the retry that lifts it.

While the journal cannot be written (read-only, a full disk, a newer version's), a banner over
the main window says why and what to free or fix; every few seconds a write is tried off the Qt
thread, and the first that succeeds brings recording back: the banner goes, and the pending
counts are read again from the file as it now is.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from desktop_app.core.journal import PaymentJournal
from desktop_app.gui.calls.policy import TaskRunner
from desktop_app.gui.shared.pending_payments import PendingPayments
from desktop_app.gui.widgets.notice_line import NoticeLine
from desktop_app.gui.words.journal import recording_off_words

log = logging.getLogger(__name__)

TRY_AGAIN_MS = 5_000
"""How often a journal that records nothing is tried again: a freed disk is used at once, and
a try is one small write."""


class JournalRecording(QObject):
    """Whether the journal records, announced on every turn; while it does not, a write is
    tried every :data:`TRY_AGAIN_MS`."""

    changed = Signal()  # recording turned on or off: read ``journal.recording.off`` again

    def __init__(self, journal: PaymentJournal, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.journal = journal
        self._runner = TaskRunner(self)
        self._timer = QTimer(self)
        self._timer.setInterval(TRY_AGAIN_MS)
        self._timer.timeout.connect(self._try)
        # Told from whichever thread wrote (a signal crosses to the Qt thread by itself).
        journal.recording.on_change = self.changed.emit
        self.changed.connect(self._follow)
        self._follow()

    def _follow(self) -> None:
        if self.journal.recording.off is None:
            self._timer.stop()
        elif not self._timer.isActive():
            self._timer.start()

    def _try(self) -> None:
        if not self._runner.is_running("journal-try-recording"):
            self._runner.run(
                "journal-try-recording",
                asyncio.to_thread(self.journal.try_recording),
                self._tried,
                lambda error: log.error("trying the journal again failed", exc_info=error),
                quiet=True,
            )

    def _tried(self, back: bool) -> None:
        if back:
            log.warning("the payment journal %s records again", self.journal.path)


class RecordingBanner(NoticeLine):
    """Over the main window while the journal records nothing: why, and what to free or fix."""

    def __init__(self, pending: PendingPayments, parent: QWidget | None = None) -> None:
        super().__init__("recordingBanner", parent)
        self.recording = JournalRecording(pending.outbox.journal, self)
        self.recording.changed.connect(self._turned)
        self.recording.changed.connect(pending.note_change)  # counted again from the file
        self._turned()

    def _turned(self) -> None:
        self.refresh()
        if self.recording.journal.recording.off is not None:
            log.warning("%s", self.text())  # IT's log holds what the desk shows

    def notice_text(self) -> str:
        off = self.recording.journal.recording.off
        return "" if off is None else recording_off_words(off)

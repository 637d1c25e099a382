"""Whether the service answers, as the desk last found it: one home, fed by the one call policy
(every answer says it is there, every call that could not reach it that it is away), read by
what must not say otherwise (the status bar's "Signed in", a window's "cannot be reached")."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication

from desktop_app.core.failures import service_away
from desktop_app.gui.look.app_parts import single_instance
from desktop_app.gui.widgets.message_bar import Ends


class ServiceReach(QObject):
    """The service's reach: away since when (None: it answered last)."""

    changed = Signal()  # away, or back
    answered = Signal()  # it answers again after it was away

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.away_since: datetime | None = None

    def heard(self) -> None:
        """The service answered (any answer: a refusal is one)."""
        if self.away_since is not None:
            self.away_since = None
            self.changed.emit()
            self.answered.emit()

    def not_reached(self) -> None:
        """A call found no service (no connection, no answer in time)."""
        if self.away_since is None:
            self.away_since = datetime.now(UTC)
            self.changed.emit()

    def note(self, error: BaseException) -> None:
        """What a call's failure says of the service: away, or there (an HTTP answer, a refusal
        too); another fault says nothing of it."""
        if service_away(error):
            self.not_reached()
        elif getattr(error, "status_code", None) is not None:
            self.heard()


def service_reach() -> ServiceReach:
    """The application's one reach of the service (made on first use, with the application)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return single_instance(ServiceReach, app)


def until_it_answers(error: BaseException | None) -> Ends | None:
    """What ends a failure's words: the service answering again, when the failure was that it
    could not be reached (other failures' words stay until replaced)."""
    return Ends(service_reach().answered) if service_away(error) else None

"""Whether the service answers, as the desk last found it: one home, fed by the one call policy
(every answer says it is there, every call that could not reach it that it is away), read by
what must not say otherwise (the status bar's "Signed in", a window's "cannot be reached")."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication, QObject, Signal
from shiboken6 import isValid

from desktop_app.core.failures import service_away


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

    def note(self, error: BaseException | None) -> None:
        """What a call's end says of the service: none (an answer), or its error."""
        if error is None:
            self.heard()
        elif service_away(error):
            self.not_reached()
        elif getattr(error, "status_code", None) is not None:  # an HTTP answer, refusal or not
            self.heard()


_reach: ServiceReach | None = None


def service_reach() -> ServiceReach:
    """The application's one reach of the service (made on first use, with the application)."""
    global _reach
    app = QCoreApplication.instance()
    if _reach is None or not isValid(_reach) or _reach.parent() is not app:
        _reach = ServiceReach(app)
    return _reach

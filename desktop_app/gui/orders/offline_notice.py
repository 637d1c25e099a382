"""When the orders list says the service cannot be reached: the list stays as it was last read
(in memory only), marked with when that was and since when the service has been away (the
words: ``words.unreachable``)."""

from __future__ import annotations

from datetime import UTC, datetime

from desktop_app.core.failures import service_away
from desktop_app.core.money import local_time
from desktop_app.gui.words import unreachable


class ServiceAway:
    """When the list on screen was read, and since when the service cannot be reached."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.read_at: datetime | None = None
        self.away_since: datetime | None = None

    def read(self) -> None:
        """The list was read from the service just now: it is there."""
        self.read_at = datetime.now(UTC)
        self.away_since = None

    def answers_again(self) -> bool:
        """The service answered a read of part of the list: whether it had been away."""
        was_away, self.away_since = self.away_since is not None, None
        return was_away

    def forget(self) -> None:
        """No list is on screen (signed out, another store chosen)."""
        self.read_at = self.away_since = None

    def mark_for(self, error: BaseException | None) -> str | None:
        """The mark for a failed read, when the service cannot be reached and a list read
        before is on screen; None otherwise (the failure is said as any other)."""
        if not service_away(error):
            return None
        self.away_since = self.away_since or datetime.now(UTC)  # with a list on screen or not
        if self.read_at is None:
            return None
        return unreachable.orders_as_read(
            local_time(self.away_since, self.locale), local_time(self.read_at, self.locale)
        )

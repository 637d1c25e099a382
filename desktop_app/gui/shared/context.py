"""What every page and dialog of the app is given: the parts start-up creates once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop_app.api import ApiClient
    from desktop_app.core.outbox import Outbox
    from desktop_app.gui.session.controller import SessionController
    from desktop_app.gui.settings.preferences import Preferences
    from desktop_app.gui.shared.invoices_here import Invoices
    from desktop_app.gui.shared.pending_payments import PendingPayments


@dataclass(slots=True)
class AppContext:
    """The shared parts. A test builds one page or dialog with a context of its own."""

    client: ApiClient
    outbox: Outbox  # every payment leaves through it
    session: SessionController  # also the sign-in gate of every call
    preferences: Preferences
    pending: PendingPayments
    invoices: Invoices
    locale: str  # how money and dates are written (follows the language)
    training: bool = False
    this_run: dict[str, str] = field(default_factory=dict)  # the command line's, by setting key

    def close(self) -> None:
        """Close the files this machine keeps (the journal and the invoice book), the sender
        of kept slips and any look at the service stopped first."""
        self.pending.stop()
        self.outbox.journal.close()
        self.invoices.book.close()

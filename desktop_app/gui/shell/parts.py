"""What the app is made of, made once at start (the session, the client, the journal and its
outbox, the invoices, the pending payments), and how those parts follow the settings as a
person or IT changes them."""

from __future__ import annotations

import logging
from datetime import UTC
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent

from desktop_app.core.session import Session
from desktop_app.gui.look.language import reinstall_translations
from desktop_app.gui.settings import preferences as prefs

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from desktop_app.gui.settings.preferences import Preferences
    from desktop_app.gui.shared.context import AppContext

log = logging.getLogger("desktop_app.gui.shell.parts")


def build_context(
    preferences: Preferences,
    base_url: str,
    locale: str,
    journal_path: Path | None,
    *,
    training: bool = False,
    ca_file: str | None = None,
) -> AppContext:
    """The parts every window is given, made once: one session (the token's only home), the
    client that reads the token from it, the payment journal and its outbox. ``ca_file``
    (the command line's) is trusted instead of the setting's for this run."""
    # Here, not at the top: this module is read before the first paint, and these bring httpx,
    # pydantic and the journal (0.4 s; python -X importtime, docs/architecture.md).
    from desktop_app.api import ApiClient
    from desktop_app.api.after_validation import zone_named
    from desktop_app.core.invoices import InvoiceBook, invoice_book_path
    from desktop_app.core.journal import default_journal_path
    from desktop_app.core.journal_opening import open_journal
    from desktop_app.core.outbox import Outbox
    from desktop_app.gui.session.controller import SessionController
    from desktop_app.gui.shared.context import AppContext
    from desktop_app.gui.shared.invoices_here import Invoices
    from desktop_app.gui.shared.pending_payments import PendingPayments
    from desktop_app.gui.words.errors import follow_administrator
    from desktop_app.process.collector import collector_paused

    follow_administrator(preferences)  # what IT set, the words send to IT
    session = Session()
    client = ApiClient(
        base_url,
        token_provider=lambda: session.token,
        timeout=preferences.get(prefs.TIMEOUT_SECONDS),
        ca_file=(ca_file if ca_file is not None else preferences.get(prefs.CA_FILE)) or None,
        build_pause=collector_paused,  # a store's list is built without collections
        service_zone=zone_named(preferences.get(prefs.TIME_ZONE)) or UTC,  # a wrong one: said
    )
    journal_path = journal_path or default_journal_path()
    journal = open_journal(journal_path)  # damaged: carried over; else recording may be off
    # The journal stays small: confirmed payments older than the setting go at each start,
    # and at the first lock of each day (a desk may stay open for weeks; nobody waits then).
    journal.prune_daily(preferences.get(prefs.JOURNAL_KEEP_DAYS))
    # What this desk holds, for IT and support (and the upgrade check: the newer version
    # reads the older's journal): counts only, nothing of the slips.
    if log.isEnabledFor(logging.INFO):  # a query at every start, only when someone reads it
        held = ", ".join(f"{count} {state}" for state, count in sorted(journal.counts().items()))
        log.info("payment journal %s: %s", journal_path, held or "empty")
    outbox = Outbox(client, journal)
    controller = SessionController(session, client, preferences, training=training)
    controller.locked.connect(
        lambda _reason: journal.prune_daily(preferences.get(prefs.JOURNAL_KEEP_DAYS))
    )
    return AppContext(
        client=client,
        outbox=outbox,
        session=controller,
        preferences=preferences,
        pending=PendingPayments(outbox),
        invoices=Invoices(InvoiceBook(invoice_book_path(journal_path))),
        locale=locale,
        training=training,
    )


def follow_preferences(
    app: QApplication, ctx: AppContext, *, fixed_address: bool, fixed_trust: bool = False
) -> None:
    """A saved setting applies at once. A new service or sign-in address signs out first,
    so that no token is ever sent to an address it was not issued for. (``fixed_…``: the
    command line chose for this run.)"""
    from desktop_app.api.after_validation import zone_named
    from desktop_app.core.money import set_currency

    def changed(key: str) -> None:
        p = ctx.preferences
        if key in (prefs.SERVICE_URL.key, prefs.LOGIN_URL.key):
            if ctx.session.session.signed_in:
                ctx.session.sign_out()
            if key == prefs.SERVICE_URL.key and not fixed_address:
                ctx.client.set_base_url(p.get(prefs.SERVICE_URL))
                ctx.pending.setting_changed()  # kept slips a bad address held back
        elif key == prefs.CA_FILE.key and not fixed_trust:
            ctx.client.set_ca_file(p.get(prefs.CA_FILE) or None)
            ctx.pending.setting_changed()
        elif key == prefs.TIMEOUT_SECONDS.key:
            ctx.client.timeout = p.get(prefs.TIMEOUT_SECONDS)
        elif key == prefs.TIME_ZONE.key:
            ctx.client.service_zone = zone_named(p.get(prefs.TIME_ZONE)) or UTC
        elif key == prefs.LANGUAGE.key:
            ctx.locale = reinstall_translations(app, p.get(prefs.LANGUAGE) or None)
        elif key == prefs.CURRENCY.key:
            set_currency(p.get(prefs.CURRENCY))
            # Money is written anew wherever it shows, as for a new language.
            QCoreApplication.postEvent(app, QEvent(QEvent.Type.LanguageChange))

    ctx.preferences.changed.connect(changed)

"""The service's return, told while the desk is unlocked without it (issue "When the service is
down (3)"): against ``pos-sandbox serve`` in its own process, killed and started again on the
same port and database."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState
from desktop_app.core.sender_news import RETURN_NOTICED_WITHIN
from desktop_app.gui.session.sign_in import SignInDialog
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.words.kept_slips import waiting_words
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled
from tests.gui.test_service_down import journal_kept_before, keep_for_whole_balance
from tests.gui.test_session_and_errors import _sign_in_with_password as sign_in_with_password
from tests.gui.test_session_and_errors import sign_in_dialog, signed_in_with_password
from tests.service_process import ServiceProcess

BACK = "The service answers again. Sign in (File ▸ Sign in…) to read the orders as they are now"


@pytest.fixture
def unlocked_offline(
    qtbot: QtBot,
    service: ServiceProcess,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> Iterator[MainWindow]:
    """The cashier's desk locked after a while without use, the service gone meanwhile, and
    opened again by the same person's password: no token, so nothing asks the service."""
    main = signed_in_with_password(qtbot, service, settings, "cashier", "cashier")
    main.ctx.session.lock("Locked after a while without use. Sign in to continue.")
    service.kill()
    main.lock_page.ui.sign_in_button.click()
    sign_in_with_password(qtbot, sign_in_dialog(qtbot), "cashier", "cashier")
    qtbot.waitUntil(lambda: not main.locked, timeout=10_000)
    assert main.ctx.session.offline
    yield main
    close_window(qtbot, main)


def test_a_desk_unlocked_without_the_service_is_told_within_5_s_that_it_answers_again(
    qtbot: QtBot, unlocked_offline: MainWindow, service: ServiceProcess
) -> None:
    main = unlocked_offline
    page = main.orders
    assert main.ctx.pending.waiting() == 0  # no slip kept: the sender has nothing to try
    assert page.message_bar.kind == ""
    service.start()  # answering again
    started = time.monotonic()
    qtbot.waitUntil(lambda: BACK in page.message_bar.text(), timeout=8_000)
    assert time.monotonic() - started <= RETURN_NOTICED_WITHIN + 0.5  # the paint's margin
    assert page.message_bar.kind == "info"  # not a problem: a way on
    main.sign_in_action.trigger()  # File ▸ Sign in…: the list is read as it is now
    sign_in_with_password(qtbot, sign_in_dialog(qtbot), "cashier", "cashier")
    qtbot.waitUntil(lambda: page.message_bar.kind == "", timeout=10_000)
    qtbot.waitUntil(lambda: not page.calls.is_running("orders"), timeout=10_000)
    assert not main.ctx.session.offline and page.model.rowCount() == 60


def test_a_desk_with_kept_slips_stops_saying_the_service_is_away_once_it_asks_for_sign_in(
    qtbot: QtBot, unlocked_offline: MainWindow, service: ServiceProcess
) -> None:
    main = unlocked_offline
    page = main.orders
    keep_for_whole_balance(service, main.ctx.outbox.journal, count=1)
    main.ctx.pending.note_change()  # as the form does when it keeps a slip
    page.refresh()  # F5: the list read before stays, marked
    qtbot.waitUntil(lambda: "cannot be reached since" in page.message_bar.text(), timeout=10_000)
    service.start()
    qtbot.waitUntil(lambda: "Sign in to send them." in main.pending_bar.label.text(), timeout=8_000)
    qtbot.waitUntil(lambda: BACK in page.message_bar.text(), timeout=2_000)
    assert "cannot be reached" not in page.message_bar.text()  # one picture, not two


def test_a_slip_kept_by_one_person_goes_with_their_number_once_they_sign_in(
    qtbot: QtBot,
    service: ServiceProcess,
    settings: QSettings,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """The sandbox, as a service may, takes a payment only from the user it names (403)."""
    journal_path = journal_kept_before(service, tmp_path, count=1)  # by the cashier, 1001
    main = open_window(qtbot, service, settings, role="manager", journal=journal_path)
    pending = main.ctx.pending
    words = "The service takes them only from the person who kept them"
    qtbot.waitUntil(lambda: words in main.pending_bar.label.text(), timeout=10_000)
    [entry] = main.ctx.outbox.journal.open_entries()
    assert (entry.state, entry.note) == (EntryState.KEPT, Note.FOR_ITS_PERSON)  # never refused
    assert payments_of_nsu(service, "KEPT0") == []
    main.ctx.session.sign_out()
    main.lock_page.ui.sign_in_button.click()
    sign_in_with_password(qtbot, sign_in_dialog(qtbot), "cashier", "cashier")
    qtbot.waitUntil(lambda: pending.waiting() == 0, timeout=10_000)
    assert payments_of_nsu(service, "KEPT0") == ["1001"]  # once, with its typist's number
    close_window(qtbot, main)


def payments_of_nsu(service: ServiceProcess, nsu: str) -> list[str]:
    """The user numbers of the service's payments of a terminal transaction's NSU."""
    with closing(sqlite3.connect(service.db)) as db:
        rows = db.execute("SELECT user_id FROM payments WHERE nsu = ?", (nsu,)).fetchall()
    return [str(user) for (user,) in rows]


@pytest.mark.parametrize("language", ["en_US", "pt_BR"], indirect=True)
def test_the_sign_in_fields_keep_their_height_under_a_long_reason(
    qtbot: QtBot,
    service: ServiceProcess,
    settings: QSettings,
    language: str,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """At 1024x600, the lock's words of a desk with slips waiting run to two lines and more."""
    main = open_window(qtbot, service, settings, signed_in=False, locale=language)
    reason = "\n".join((main.lock_page.reason(), waiting_words(3)))
    main.ctx.session.lock(reason)
    main.lock_page.ui.sign_in_button.click()
    dialog = window_titled(qtbot, {"en_US": "Sign in", "pt_BR": "Entrar"}[language], SignInDialog)
    assert dialog.ui.reason.text() == reason
    for field in (dialog.ui.username, dialog.ui.password):
        assert field.height() >= field.sizeHint().height(), field.objectName()
    label = dialog.ui.reason
    assert label.height() >= label.heightForWidth(label.width())  # every line of it shows
    dialog.reject()
    close_window(qtbot, main)

"""A stop signal and the idle lock never ask (issue 67): whatever is open, a payment on its way
to the service or a box waiting for a person, the run ends (or the desk locks) without a
question; the payment stays in the journal, to be looked for at the next start."""

from __future__ import annotations

import asyncio
import os
import signal
import time

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.core.journal_states import EntryState
from desktop_app.gui.look.open_windows import shown_windows
from desktop_app.gui.payments.payment_dialog import PaymentDialog
from desktop_app.gui.shell.app import close_on_stop
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.stop_signals import SESSION_ENDS, StopSignals
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.test_payments import payment_at_summary
from tests.gui.test_session_and_errors import _sign_in_with_password, sign_in_dialog

CREATE = "/api/v1/orders-payment/payments/create"


def payment_on_its_way(
    qtbot: QtBot, sandbox: SandboxServer, settings: QSettings, latency_ms: int
) -> tuple[MainWindow, PaymentDialog]:
    """The main window, and a payment form whose payment has left for a service that takes
    ``latency_ms`` to answer it."""
    window = open_window(qtbot, sandbox, settings, timeout=60)
    qtbot.waitUntil(lambda: window.orders.model.rowCount() == 60, timeout=10_000)
    _, form = payment_at_summary(qtbot, window)
    sandbox.faults.update({"latency_ms": latency_ms, "latency_path": CREATE})
    form.ui.send_button.click()
    qtbot.waitUntil(lambda: CREATE in sandbox.faults.paths_seen, timeout=5_000)  # on its way
    return window, form


def answered(qtbot: QtBot) -> None:
    """Wait for the slow create to be answered: the test leaves no request behind it (its
    answer would come into a later test, to a client closed meanwhile)."""

    def creating() -> list[asyncio.Task[object]]:
        tasks = asyncio.all_tasks(asyncio.get_event_loop())
        return [task for task in tasks if "create_payment" in repr(task.get_coro())]

    qtbot.waitUntil(lambda: not creating(), timeout=15_000)


def stops_listened_for(qapp: QApplication) -> tuple[StopSignals, asyncio.Event]:
    """The stop requests heard as the app hears them, and the event they set to end the run."""
    stop = StopSignals(qapp)
    closed = asyncio.Event()
    close_on_stop(qapp, stop, closed)
    return stop, closed


def test_sigterm_ends_the_run_with_a_payment_on_its_way_and_a_box_open(
    qtbot: QtBot,
    qapp: QApplication,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window, form = payment_on_its_way(qtbot, sandbox, settings, 3_000)
    stop, closed = stops_listened_for(qapp)
    box = QMessageBox(QMessageBox.Icon.Information, "Details", "…", parent=window)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    try:
        # The signal comes while a person is asked something: the box's own loop runs.
        QTimer.singleShot(0, lambda: os.kill(os.getpid(), signal.SIGTERM))
        QTimer.singleShot(10_000, box.accept)  # were it deaf to the signal: the test ends
        asked = time.monotonic()
        box.exec()
        waited = time.monotonic() - asked
    finally:
        stop.uninstall()
    assert waited < 5  # the signal closed it: nobody answered
    assert closed.is_set() and stop.requested == signal.SIGTERM  # the run ends
    assert not box.isVisible()
    assert form.entry is not None
    kept = window.ctx.outbox.journal.get(form.entry.id)
    assert kept.state is EntryState.PENDING and kept.left  # looked for at the next start
    answered(qtbot)
    close_window(qtbot, window)


def test_the_idle_lock_hides_a_form_on_its_way_and_asks_nothing(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window, form = payment_on_its_way(qtbot, sandbox, settings, 6_000)
    window.ctx.session.lock("idle")
    assert window.locked and not form.isVisible()  # nothing of the sale shows
    assert QApplication.activeModalWidget() is None  # and nothing waits for an answer
    window.lock_page.ui.sign_in_button.click()
    _sign_in_with_password(qtbot, sign_in_dialog(qtbot), "manager", "manager")
    qtbot.waitUntil(lambda: not window.locked, timeout=5_000)
    assert form.isVisible()  # back as it was, still on its way
    answered(qtbot)
    close_window(qtbot, window)


def test_quit_ends_the_run_with_a_payment_on_its_way_and_asks_nothing(
    qtbot: QtBot,
    qapp: QApplication,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window, form = payment_on_its_way(qtbot, sandbox, settings, 3_000)
    window.quit_action.trigger()  # Ctrl+Q
    # No window left (the app's loop then ends: Qt's last-window-closed), none asking.
    qtbot.waitUntil(lambda: not shown_windows(), timeout=2_000)
    assert QApplication.activeModalWidget() is None
    assert form.entry is not None
    assert window.ctx.outbox.journal.get(form.entry.id).state is EntryState.PENDING
    answered(qtbot)
    close_window(qtbot, window)


def test_the_desktop_session_ending_ends_the_run_as_sigterm_does(
    qtbot: QtBot,
    qapp: QApplication,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    """Log-off or shut-down (Windows sends no SIGTERM): Qt's commitDataRequest ends the run,
    with a payment on its way kept and nobody asked."""
    window, form = payment_on_its_way(qtbot, sandbox, settings, 3_000)
    stop, closed = stops_listened_for(qapp)
    try:
        assert qapp.receivers("2commitDataRequest(QSessionManager&)") >= 1
        stop.session_ends()  # what Qt calls with the session manager as the session ends
    finally:
        stop.uninstall()
    assert closed.is_set() and stop.requested == SESSION_ENDS  # the run ends
    # The form waiting for the service's answer stays until the process ends (as on SIGTERM):
    # its payment is in the journal, looked for at the next start.
    assert form.entry is not None
    assert window.ctx.outbox.journal.get(form.entry.id).state is EntryState.PENDING
    assert qapp.receivers("2commitDataRequest(QSessionManager&)") == 0  # given back
    answered(qtbot)

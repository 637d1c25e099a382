"""File ▸ Settings ▸ Check the service, as IT uses it at a desk: a sign-in for the check alone
(the desk's own session is untouched), its lines as they come, and a stop that keeps what was
said."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from desktop_app.api.check import Step
from desktop_app.api.secret import Secret
from desktop_app.core.service_check import Asked, Credentials
from desktop_app.gui.desk_setup.service_check import run_service_check
from desktop_app.gui.desk_setup.service_check_dialog import ServiceCheckDialog
from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
from desktop_app.process.collector import build_under_way
from desktop_app.sandbox.server import SandboxServer
from tests.gui.conftest import close_window, open_window
from tests.gui.people import named, window_titled
from tests.helpers import run


def _open_the_check(qtbot: QtBot, window: object) -> ServiceCheckDialog:
    window.settings_action.trigger()  # type: ignore[attr-defined]  # File ▸ Settings…
    settings = window_titled(qtbot, "Settings", SettingsDialog)
    check = "Check whether the service this computer uses answers the way this app reads it"
    named(settings, check, QPushButton).click()
    return window_titled(qtbot, "Check the service", ServiceCheckDialog)


def test_it_signs_in_for_the_check_alone_and_says_each_line(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window = open_window(qtbot, sandbox, settings, role="cashier")
    own_token = window.ctx.session.session.token
    dialog = _open_the_check(qtbot, window)
    qtbot.keyClicks(named(dialog, "User name to sign in with for the check", QLineEdit), "manager")
    password = named(dialog, "Password", QLineEdit)
    qtbot.keyClicks(password, "manager")
    qtbot.keyClick(password, Qt.Key.Key_Return)  # Check is the default button
    results = named(dialog, "Service check results", QPlainTextEdit)
    verdict = "The service answers as the app reads it: this address can be used."
    check = named(dialog, "Check the service", QPushButton)
    qtbot.waitUntil(lambda: check.isEnabled(), timeout=30_000)  # ended: it may run again
    assert results.toPlainText().splitlines()[-1] == verdict
    said = results.toPlainText().splitlines()
    assert "✓ User id: read from userId (2001), sent with payments and invoices" in said
    assert "✓ Orders: 60 read" in said
    assert password.text() == ""  # emptied as the check started
    # The desk's own sign-in is the cashier's still: the check's token went with the check.
    assert window.ctx.session.session.token == own_token
    assert window.ctx.session.session.claims.user_id == 1001
    assert named(
        dialog, "Copy the lines, to send to IT or the service's team", QPushButton
    ).isEnabled()
    dialog.reject()
    close_window(qtbot, window)


def test_a_check_held_up_on_a_stores_orders_shows_how_far_and_can_be_stopped(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window = open_window(qtbot, sandbox, settings)
    dialog = _open_the_check(qtbot, window)
    sandbox.faults.update({"hold_body_at": 0.5, "latency_path": "/api/v1/orders-payment/orders/"})
    try:
        dialog.ui.user.setText("manager")
        dialog.ui.password.setText("manager")
        dialog.ui.check.click()
        label = dialog.ui.progress_label
        qtbot.waitUntil(
            lambda: label.text().startswith("Reading the store's orders: "), timeout=30_000
        )
        assert dialog.ui.progress.isVisible()
        stop = named(dialog, "Stop the check", QPushButton)
        assert dialog.focusWidget() is stop  # Enter started it: Enter stops it
        qtbot.keyClick(stop, Qt.Key.Key_Return)
        said = dialog.ui.results.toPlainText().splitlines()
        assert said[-1] == "Stopped before the check ended."
        assert "✓ Billings: 90 read" in said  # what came before the stop stays
        assert dialog.ui.check.isEnabled() and not dialog.ui.progress.isVisible()
    finally:
        sandbox.faults.update({"hold_body_at": 0})
    dialog.reject()
    close_window(qtbot, window)


def test_the_check_reads_its_lists_as_the_app_builds_them(sandbox: SandboxServer) -> None:
    """Under the collector's pause, as every list the app shows: a collection in the middle of
    100,000 fresh orders held the check's window 70-100 ms at a time."""
    paused: list[bool] = []
    asked = Asked(
        address=sandbox.base_url,
        login_url="",
        credentials=Credentials(token=Secret(sandbox.token("manager", 2001))),
        store_id="001",
    )
    results = run(run_service_check(asked, lambda _line: paused.append(build_under_way())))
    assert any(result.step is Step.ORDERS for result in results)
    assert all(paused[:-1]) and not paused[-1]  # each finding under it; the verdict after


@pytest.mark.parametrize("training", [True, False], ids=["training", "--api-url"])
def test_it_checks_the_service_this_run_uses_not_the_saved_address(
    qtbot: QtBot, sandbox: SandboxServer, settings: QSettings, training: bool
) -> None:
    """A desk in training checks the practice service it runs on, and one started with
    --api-url the service it uses: the store's address saved in Settings is not what the desk
    is using, and checking it said "refused" of a service nobody was using."""
    from desktop_app.gui.settings import preferences as prefs
    from desktop_app.gui.settings.preferences import Preferences

    store = "https://pos.loja.example:8443"
    settings.setValue(prefs.SERVICE_URL.key, store)
    dialog = SettingsDialog(
        Preferences(settings),
        training=training,
        this_run={prefs.SERVICE_URL.key: sandbox.base_url},
    )
    qtbot.addWidget(dialog)
    dialog.show()
    said = dialog.ui.command_line_note.text()
    assert f"{sandbox.base_url} (training)" in said if training else sandbox.base_url in said
    named(
        dialog,
        "Check whether the service this computer uses answers the way this app reads it",
        QPushButton,
    ).click()
    check = window_titled(qtbot, "Check the service", ServiceCheckDialog)
    assert sandbox.base_url in check.ui.about.text() and store not in check.ui.about.text()
    check.close()

"""A store's own certificate authority, as IT meets it in the app: the refusal in words, Settings ▸
Test connection, the authority chosen and saved, and the same window reading at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
from desktop_app.gui.settings import preferences as prefs
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL
from tests.gui.conftest import close_window, open_window
from tests.gui.people import window_titled

pytestmark = pytest.mark.usefixtures("no_machine_trust")


def test_it_gives_the_stores_authority_and_the_app_reads_at_once(
    qtbot: QtBot,
    tls_sandbox: SandboxServer,
    settings: QSettings,
    authority_file: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window = open_window(qtbot, tls_sandbox, settings)
    page = window.orders
    qtbot.waitUntil(lambda: page.message_bar.isVisible(), timeout=10_000)
    said = page.message_bar.label.text()
    assert "issued by Loja Teste Autoridade, an authority this computer does not trust" in said
    assert "File ▸ Settings ▸ Certificate authority" in said

    dialog = SettingsDialog(window.ctx.preferences, window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ui.ca_file.setText(str(authority_file))
    dialog.ui.test_connection.click()  # the address and authority as typed, not yet saved
    results = dialog.ui.check_results
    qtbot.waitUntil(lambda: "this address can be used" in results.toPlainText(), timeout=20_000)
    assert "✓ Security (TLS): certificate of 127.0.0.1, localhost" in results.toPlainText()
    assert "✓ Service: it answers as the store service" in results.toPlainText()
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    assert window.ctx.preferences.get(prefs.CA_FILE) == str(authority_file)

    page.message_bar.retry_button.click()  # no restart: the same call, trusting the authority
    qtbot.waitUntil(lambda: page.model.rowCount() == SMALL.orders_per_store, timeout=10_000)
    assert page.message_bar.isHidden()
    close_window(qtbot, window)


def test_an_authority_file_that_holds_no_certificate_is_not_kept(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    from desktop_app.gui.settings.preferences import Preferences

    preferences = Preferences(settings)
    not_a_certificate = tmp_path / "store-ca.pem"
    not_a_certificate.write_text("a note from IT, not a certificate")
    dialog = SettingsDialog(preferences)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ui.ca_file.setText(str(not_a_certificate))
    assert "it holds no certificate" in dialog.ui.url_warning.text()
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    assert dialog.isVisible() and preferences.get(prefs.CA_FILE) == ""
    assert dialog.focusWidget() is dialog.ui.ca_file
    dialog.ui.ca_file.clear()  # this computer's store alone: fine
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    assert not dialog.isVisible()


def test_signing_in_through_a_refused_certificate_says_so_whole(
    qtbot: QtBot,
    tls_sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    from desktop_app.gui.session.sign_in import SignInDialog
    from tests.gui.people import window_titled

    window = open_window(qtbot, tls_sandbox, settings, signed_in=False)
    window.lock_page.ui.sign_in_button.click()
    dialog = window_titled(qtbot, "Sign in", SignInDialog)
    qtbot.keyClicks(dialog.ui.username, "cashier")
    qtbot.keyClicks(dialog.ui.password, "cashier")
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    bar = dialog.ui.message_bar
    qtbot.waitUntil(lambda: "this computer does not trust" in bar.text(), timeout=10_000)
    # The long message is read whole: the dialog grew, its fields keep their height.
    label = bar.label
    assert label.height() >= label.heightForWidth(label.width())
    assert dialog.ui.password.height() >= dialog.ui.password.sizeHint().height()
    dialog.reject()
    close_window(qtbot, window)


def test_settings_say_what_this_runs_command_line_set_and_a_result_goes_with_its_address(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    window = open_window(qtbot, sandbox, settings)
    # As `pos-backoffice --api-url … --lang en_US` starts it: Settings keep their own values.
    window.ctx.this_run = {prefs.SERVICE_URL.key: sandbox.base_url, prefs.LANGUAGE.key: "en_US"}
    settings.setValue(prefs.SERVICE_URL.key, "https://pos.loja.example")
    window.settings_action.trigger()  # File ▸ Settings…
    dialog = window_titled(qtbot, "Settings", SettingsDialog)
    note = dialog.ui.command_line_note
    assert note.isVisible() and note.accessibleName() == "What this run uses"
    assert note.text().splitlines()[1:] == [
        f"Service address: {sandbox.base_url} (--api-url)",
        "Language: English (--lang)",
    ]
    assert dialog.ui.service_url.text() == "https://pos.loja.example"  # the saved one, typed

    dialog.ui.service_url.setText(sandbox.base_url)
    dialog.ui.test_connection.click()
    results = dialog.ui.check_results
    qtbot.waitUntil(lambda: "this address can be used" in results.toPlainText(), timeout=20_000)
    dialog.ui.service_url.end(False)
    qtbot.keyClicks(dialog.ui.service_url, "/pos")  # another address: that result is not its
    assert results.isHidden() and results.toPlainText() == ""
    dialog.close()  # by the program: a change typed is not asked about
    close_window(qtbot, window)

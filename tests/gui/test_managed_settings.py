"""The settings a store's IT writes once for every desk (the system-wide file): used whatever the
person saved, shown greyed in Settings, reported in words when wrong, and the person's own
values back when the file goes."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.desk_setup import it_file_check as managed
from desktop_app.gui.desk_setup.settings_dialog import SettingsDialog
from desktop_app.gui.settings import preferences as prefs
from desktop_app.gui.settings.it_settings import ItSettings, administrators_settings
from desktop_app.gui.settings.preferences import Preferences
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.process.system import RegistryValue
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL, write_administrators_file
from tests.gui.conftest import close_window, make_context
from tests.gui.people import window_titled
from tests.helpers import packaging_tool

NOWHERE = "http://127.0.0.1:9"  # the discard port: nothing answers there


def open_settings(qtbot: QtBot, window: MainWindow) -> SettingsDialog:
    window.settings_action.trigger()  # File ▸ Settings…
    return window_titled(qtbot, "Settings", SettingsDialog)


def test_what_it_sets_is_used_and_shown_greyed_and_the_rest_stays_the_persons(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    administrators_file: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    settings.setValue(prefs.SERVICE_URL.key, NOWHERE)  # the person's own, saved before
    settings.setValue(prefs.CURRENCY.key, "EUR")
    write_administrators_file(
        administrators_file, f"[service]\nurl={sandbox.base_url}\n\n[ui]\ncurrency=USD\n"
    )
    token = sandbox.token("manager", 2001)
    ctx = make_context(settings, None, token=token)  # the address as start-up reads it
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.show()
    window.start()
    # The client talks to IT's address, not to the one the person saved.
    qtbot.waitUntil(
        lambda: window.orders.model.rowCount() == SMALL.orders_per_store, timeout=10_000
    )
    assert ctx.client.base_url.startswith(sandbox.base_url)

    dialog = open_settings(qtbot, window)
    ui = dialog.ui
    assert ui.service_url.text() == sandbox.base_url
    assert ui.currency.currentText() == "USD"
    for field in (ui.service_url, ui.currency):
        assert not field.isEnabled()
        assert field.accessibleDescription() == "Set by your administrator"
    assert ui.managed_note.isVisible()
    assert str(administrators_file) in ui.managed_note.text()
    assert ui.idle_lock.isEnabled() and ui.login_url.isEnabled()  # still the person's

    ui.idle_lock.setValue(9)
    ui.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    assert not dialog.isVisible()
    assert ctx.preferences.get(prefs.IDLE_LOCK_MINUTES) == 9
    # Saving wrote nothing over what IT set, and the person's own values are kept as they were.
    assert settings.value(prefs.SERVICE_URL.key) == NOWHERE
    assert settings.value(prefs.CURRENCY.key) == "EUR"
    ctx.preferences.set(prefs.SERVICE_URL, "https://elsewhere.example")  # no other way in
    assert settings.value(prefs.SERVICE_URL.key) == NOWHERE
    assert ctx.preferences.get(prefs.SERVICE_URL) == sandbox.base_url
    assert ctx.client.base_url.startswith(sandbox.base_url)
    close_window(qtbot, window)


def test_removing_the_file_gives_the_persons_values_back(
    qtbot: QtBot, settings: QSettings, administrators_file: Path
) -> None:
    settings.setValue(prefs.SERVICE_URL.key, "https://loja.example")
    settings.setValue(prefs.TIMEOUT_SECONDS.key, 45)
    write_administrators_file(
        administrators_file, "[service]\nurl=https://central.example\ntimeout=20\n"
    )
    preferences = Preferences(settings, managed=administrators_settings())
    assert preferences.get(prefs.SERVICE_URL) == "https://central.example"
    assert preferences.get(prefs.TIMEOUT_SECONDS) == 20

    administrators_file.unlink()
    preferences = Preferences(settings, managed=administrators_settings())  # a new start
    assert preferences.get(prefs.SERVICE_URL) == "https://loja.example"
    assert preferences.get(prefs.TIMEOUT_SECONDS) == 45
    dialog = SettingsDialog(preferences)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.ui.service_url.isEnabled() and dialog.ui.timeout.isEnabled()
    assert dialog.ui.service_url.text() == "https://loja.example"
    assert dialog.ui.managed_note.isHidden()


def test_a_wrong_value_is_said_at_start_naming_the_file_and_key(
    qtbot: QtBot,
    sandbox: SandboxServer,
    settings: QSettings,
    administrators_file: Path,
    tmp_path: Path,
    event_loop_qt: asyncio.AbstractEventLoop,
) -> None:
    missing = tmp_path / "store-ca.pem"
    write_administrators_file(
        administrators_file,
        f"[service]\nurl=htps://central.example\nlogin_url=api/v1/auth/login\nca_file={missing}\n"
        "timeout=soon\ntime_zone=Brasil/Sao Paulo\n"
        "[session]\nidle_lock_minutes=600\n[ui]\nlanguage=fr_FR\ncurrency=R$\n"
        "[servce]\nurl=https://x.example\n",
    )
    settings.setValue(prefs.SERVICE_URL.key, sandbox.base_url)  # the person's: not fallen back to
    ctx = make_context(settings, None, token=sandbox.token("manager", 2001))
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.show()
    managed.report(window, ctx.preferences)  # as start-up does, once the window shows
    box = window_titled(qtbot, "Settings set by your administrator", QMessageBox)
    said = box.text()
    assert "ask IT to correct it" in said
    for key, reason in (
        ("service/url", "it must start with https://"),
        ("service/ca_file", "it does not exist or cannot be opened"),
        ("service/timeout", "it is not a number"),
        ("service/time_zone", "it is not the name of a time zone, such as America/Sao_Paulo"),
        ("session/idle_lock_minutes", "it is not from 0 to 240"),
        ("ui/language", "it is not one of: en_US, pt_BR"),
        ("ui/currency", "it is not a three-letter currency code, such as BRL"),
        ("servce/url", "this app has no such setting"),  # a typo is not passed over
    ):
        assert f"{administrators_file}, {key}: {reason}" in said
    assert (
        f"{administrators_file}, service/timeout: it is not a number. The default, 30, is used."
        in said
    )
    assert f"{administrators_file}, session/idle_lock_minutes: it is not from 0 to 240.\n" in said
    assert "service/login_url" not in said  # the service's address is what is wrong
    box.accept()
    dialog = open_settings(qtbot, window)
    assert dialog.ui.idle_lock.value() == 600  # as it is used, not as the box would clamp it
    dialog.reject()

    window.start()  # the wrong address is used, and says so; nothing goes to the person's
    page = window.orders
    qtbot.waitUntil(page.message_bar.isVisible, timeout=10_000)
    said = page.message_bar.label.text()
    assert said.startswith("The service address your administrator set cannot be used: it must")
    assert said.endswith("Ask IT to correct it.")  # not to Settings, where it is greyed
    assert page.model.rowCount() == 0
    close_window(qtbot, window)


def test_a_file_that_cannot_be_read_throughout_is_said(
    settings: QSettings, administrators_file: Path
) -> None:
    write_administrators_file(
        administrators_file,
        "# set by IT\n[service\nurl=https://central.example\ntimeout 30\n#ca_file=/x.pem\n",
    )
    preferences = Preferences(settings, managed=administrators_settings())
    hash_comment = "a comment in this file starts with ; (a line starting with # is read as a key)."
    assert managed.problems(preferences)[:4] == [
        f"{administrators_file}: part of it cannot be read; check its [section] lines and"
        " key=value lines.",
        f"{administrators_file}, line 1: {hash_comment}",
        f"{administrators_file}, line 2: its [section] is not closed.",
        f"{administrators_file}, line 4: it is not key=value.",
    ]  # each line IT must look at, by its number
    assert f"{administrators_file}, service/#ca_file: {hash_comment}" in managed.problems(
        preferences
    )


def test_the_example_file_ships_every_key_it_may_set_and_reads_without_a_word(
    settings: QSettings, administrators_file: Path, authority_file: Path
) -> None:
    example = Path(__file__).parents[2] / "packaging" / "pos-backoffice.conf.example"
    text = example.read_text(encoding="utf-8").replace(
        "/etc/ssl/loja/store-ca.pem", str(authority_file)
    )
    write_administrators_file(administrators_file, text)
    preferences = Preferences(settings, managed=administrators_settings())
    assert managed.problems(preferences) == []
    assert all(preferences.is_managed(setting) for setting in prefs.MANAGEABLE)
    assert preferences.get(prefs.SERVICE_URL) == "https://pos.loja.example:8443"
    assert preferences.get(prefs.LANGUAGE) == "pt_BR"


def test_the_manager_roles_it_lists_are_read_as_written(tmp_path: Path) -> None:
    """An INI value with commas comes back from QSettings as a list: read as the text IT
    wrote, not as a list's picture."""
    file = tmp_path / "managed.conf"
    file.write_text("[service]\nmanager_roles=Chefe, gerente\n")
    managed_settings = ItSettings.from_file(QSettings(str(file), QSettings.Format.IniFormat))
    preferences = Preferences(
        QSettings(str(tmp_path / "mine.ini"), QSettings.Format.IniFormat), managed=managed_settings
    )
    assert preferences.get(prefs.MANAGER_ROLES) == "Chefe, gerente"


template = packaging_tool("windows/policy_template")
NS = {"pd": "http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions"}
GROUP_POLICY = r"HKLM\Software\Policies\POS Back-Office\pos-backoffice"


def test_what_group_policy_wrote_is_used_greyed_and_a_value_that_does_not_read_named(
    qtbot: QtBot, settings: QSettings
) -> None:
    """On Windows IT's settings are the values Group Policy writes (read with their registry
    types by process/system.policy_values, under Wine by make test-windows): used and greyed
    as the file's, and a value of a type its setting does not read is named by its key and
    value, its default used, never read as the picture of its bytes."""
    settings.setValue(prefs.USER_ID_CLAIM.key, "nobody's")  # not the person's: never read
    written = ItSettings.from_registry(
        {
            "service/url": RegistryValue("https://central.example", "REG_SZ"),
            "service/timeout": RegistryValue(45, "REG_DWORD"),
            "session/idle_lock_minutes": RegistryValue("7.5", "REG_SZ"),  # text, as in the file
            "service/manager_roles": RegistryValue(["Chefe", "gerente"], "REG_MULTI_SZ"),
            "service/user_id_claim": RegistryValue(b"e\x00m\x00p\x00", "REG_BINARY"),
            "ui/currency": RegistryValue(986, "REG_DWORD"),  # ISO 4217's number for BRL
            "ui/language": RegistryValue("fr_FR", "REG_SZ"),
            "servce/url": RegistryValue("https://x.example", "REG_SZ"),
        }
    )
    preferences = Preferences(settings, managed=written)
    assert preferences.get(prefs.SERVICE_URL) == "https://central.example"
    assert preferences.get(prefs.TIMEOUT_SECONDS) == 45
    assert preferences.get(prefs.IDLE_LOCK_MINUTES) == 7.5
    assert preferences.get(prefs.MANAGER_ROLES) == "Chefe, gerente"
    assert preferences.get(prefs.USER_ID_CLAIM) == ""  # the default: no claim made of bytes
    assert preferences.get(prefs.CURRENCY) == "BRL"
    text = "its registry type is {}; this setting takes {}."
    assert managed.problems(preferences) == [
        f"{GROUP_POLICY}\\service, user_id_claim: "
        + text.format("REG_BINARY", "REG_SZ, REG_EXPAND_SZ, REG_MULTI_SZ")
        + " The default, none, is used.",
        f"{GROUP_POLICY}\\ui, language: it is not one of: en_US, pt_BR.",  # used as it is
        f"{GROUP_POLICY}\\ui, currency: "
        + text.format("REG_DWORD", "REG_SZ, REG_EXPAND_SZ, REG_MULTI_SZ")
        + " The default, BRL, is used.",
        f"{GROUP_POLICY}\\servce, url: this app has no such setting, or none your administrator"
        " can set (misspelt?).",
    ]
    dialog = SettingsDialog(preferences)
    qtbot.addWidget(dialog)
    dialog.show()
    for field in (dialog.ui.service_url, dialog.ui.timeout, dialog.ui.currency):
        assert not field.isEnabled()
        assert field.accessibleDescription() == "Set by your administrator"
    assert dialog.ui.login_url.isEnabled()  # not set by policy: still the person's
    assert f"({GROUP_POLICY})" in dialog.ui.managed_note.text()


def test_a_policy_as_the_template_writes_it_reads_without_a_word(
    settings: QSettings, authority_file: Path
) -> None:
    """What the Group Policy client writes for each policy (its element's registry type, a
    value the editor lets IT enter) is used by the desk and named by nobody."""
    values = {
        "service/url": "https://pos.loja.example:8443",
        "service/ca_file": str(authority_file),
        "service/time_zone": "America/Sao_Paulo",
        "ui/language": "pt_BR",
    }
    written: dict[str, RegistryValue] = {}
    for policy in ET.parse(template.ADMX).getroot().iterfind(".//pd:policy", NS):  # noqa: S314
        (element,) = policy.iterfind("pd:elements/*", NS)
        section = str(policy.get("key")).rpartition("\\")[2]
        key = f"{section}/{element.get('valueName')}"
        kind = element.tag.rpartition("}")[2]
        if kind == "decimal":
            written[key] = RegistryValue(int(str(element.get("maxValue"))), "REG_DWORD")
        else:
            default = next(s.default for s in prefs.MANAGEABLE if s.key == key)
            value = values.get(key) or str(default) or "employee_number"
            expandable = element.get("expandable") == "true"
            written[key] = RegistryValue(value, "REG_EXPAND_SZ" if expandable else "REG_SZ")
    preferences = Preferences(settings, managed=ItSettings.from_registry(written))
    assert managed.problems(preferences) == []
    assert all(preferences.is_managed(setting) for setting in prefs.MANAGEABLE)
    assert preferences.get(prefs.TIMEOUT_SECONDS) == 300
    assert preferences.get(prefs.LANGUAGE) == "pt_BR"

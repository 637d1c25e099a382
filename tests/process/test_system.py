"""Each difference between a Windows desk and a Linux one (process/system), checked on the
system the tests run on: make test on Linux, make test-windows on Windows CPython."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from pathlib import Path

import pytest

from desktop_app.api.check import Finding, Outcome, Result, check_connection
from desktop_app.process import system
from tests.helpers import run


def test_a_stop_signal_raised_wakes_the_reader_with_its_number() -> None:
    wake_up = system.WakeUp()
    previous_fd = signal.set_wakeup_fd(wake_up.writer, warn_on_full_buffer=False)
    previous = signal.signal(signal.SIGINT, lambda *_: None)
    try:
        signal.raise_signal(signal.SIGINT)
        assert wake_up.read() == bytes([signal.SIGINT])
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.set_wakeup_fd(previous_fd)
        wake_up.close()


def test_ctrl_c_asks_to_stop_on_every_desk_and_so_does_the_systems_own_request() -> None:
    assert signal.SIGINT in system.STOP_SIGNALS
    expected = "SIGBREAK" if system.WINDOWS else "SIGTERM"  # Ctrl+Break; a service manager's
    assert expected in {sig.name for sig in system.STOP_SIGNALS}


def test_a_lock_file_has_one_holder_until_it_closes(tmp_path: Path) -> None:
    path = tmp_path / "sender.lock"
    first = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    second = os.open(path, os.O_RDWR)
    try:
        assert system.try_lock(first) and not system.try_lock(second)
        os.close(first)
        assert system.try_lock(second)
    finally:
        os.close(second)


def test_a_character_a_stream_cannot_hold_is_written_as_a_question_mark() -> None:
    buffer = io.BytesIO()
    stream = io.TextIOWrapper(buffer, encoding="cp1252")
    system.written_safely(stream, None)
    stream.write("✓ Conexão: ok")
    stream.flush()
    assert buffer.getvalue().decode("cp1252") == "? Conexão: ok"


def test_a_file_made_owner_only_can_still_be_written_by_its_owner(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"")
    system.make_owner_only(path)
    system.make_owner_only(tmp_path, folder=True)
    with path.open("ab") as handle:
        system.make_open_file_owner_only(handle.fileno())
        handle.write(b"kept")
    assert path.read_bytes() == b"kept"
    if not system.WINDOWS:  # Windows: the profile's access list (nothing is changed)
        assert (path.stat().st_mode & 0o777, tmp_path.stat().st_mode & 0o777) == (0o600, 0o700)


@pytest.mark.parametrize(
    ("values", "by_scheme", "pac"),
    [
        ({}, {}, None),
        ({"ProxyEnable": 0, "ProxyServer": "proxy.loja:8080"}, {}, None),  # set, switched off
        (
            {"ProxyEnable": 1, "ProxyServer": "proxy.loja:8080", "ProxyOverride": "<local>;*.lan"},
            {"http": "proxy.loja:8080", "https": "proxy.loja:8080", "no": "<local>,*.lan"},
            None,
        ),
        (
            {"ProxyEnable": 1, "ProxyServer": "http=a:80;https=b:443;socks=c:1080"},
            {"http": "a:80", "https": "b:443"},  # SOCKS: not a proxy httpx is given
            None,
        ),
        ({"AutoConfigURL": " http://wpad.loja/proxy.pac "}, {}, "http://wpad.loja/proxy.pac"),
    ],
)
def test_windows_proxy_setting_is_read_as_the_environments_would_be(
    values: dict[str, object], by_scheme: dict[str, str], pac: str | None
) -> None:
    assert system.internet_settings_proxies(values) == system.SystemProxies(by_scheme, pac)


def test_the_environments_proxy_comes_first_on_every_desk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.loja:3128")
    assert system.system_proxies().by_scheme["https"] == "http://proxy.loja:3128"


@pytest.mark.skipif(not system.WINDOWS, reason="Windows' own: the registry")
def test_on_windows_the_persons_proxy_setting_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    if sys.platform != "win32":  # skipped there; mypy reads what follows as Windows' code
        return
    import winreg

    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)
    key = winreg.CreateKey(winreg.HKEY_CURRENT_USER, system.INTERNET_SETTINGS)
    names = ("ProxyEnable", "ProxyServer", "ProxyOverride", "AutoConfigURL")
    before = {}
    for name in names:
        with contextlib.suppress(OSError):
            before[name] = winreg.QueryValueEx(key, name)
    try:
        winreg.SetValueEx(key, "ProxyEnable", 0, winreg.REG_DWORD, 1)
        winreg.SetValueEx(key, "ProxyServer", 0, winreg.REG_SZ, "proxy.loja:8080")
        winreg.SetValueEx(key, "ProxyOverride", 0, winreg.REG_SZ, "<local>")
        winreg.SetValueEx(key, "AutoConfigURL", 0, winreg.REG_SZ, "http://wpad.loja/proxy.pac")
        found = system.system_proxies()
        warned = run(first_step("http://127.0.0.1:1/"))  # IT's check names the script
    finally:
        for name in names:
            if name in before:
                winreg.SetValueEx(key, name, 0, before[name][1], before[name][0])
            else:
                with contextlib.suppress(OSError):
                    winreg.DeleteValue(key, name)
        winreg.CloseKey(key)
    assert found.by_scheme == {
        "http": "proxy.loja:8080",
        "https": "proxy.loja:8080",
        "no": "<local>",
    }
    assert found.pac == "http://wpad.loja/proxy.pac"
    assert (warned.finding, warned.outcome) == (Finding.PAC_NOT_READ, Outcome.WARNING)  # first
    assert warned.facts == {"pac": "http://wpad.loja/proxy.pac"}


async def first_step(address: str) -> Result:
    """The connection check's first result (the rest of the check left unread)."""
    return await anext(check_connection(address, seconds=1))


def test_where_there_is_no_registry_no_policy_is_read() -> None:
    if not system.WINDOWS:
        assert system.policy_values() == {}  # Linux: IT's settings are the file's (tests/gui)


@pytest.mark.skipif(not system.WINDOWS, reason="Windows' own: its Linux counterpart is IT's file")
def test_on_windows_the_policies_are_read_by_setting_with_their_registry_types() -> None:
    if sys.platform != "win32":  # skipped there; mypy reads what follows as Windows' code
        return
    import uuid
    import winreg

    # Under HKCU, in a key of the test's own: the reading is the same as under HKLM's Policies.
    path = rf"Software\POS Back-Office tests\{uuid.uuid4()}"
    written = (
        ("service", "url", winreg.REG_SZ, "https://pos.loja:8443"),
        ("service", "ca_file", winreg.REG_EXPAND_SZ, r"%SystemRoot%\loja\ca.pem"),
        ("service", "timeout", winreg.REG_DWORD, 45),
        ("service", "manager_roles", winreg.REG_MULTI_SZ, ["Chefe", "gerente"]),
        ("session", "idle_lock_minutes", winreg.REG_BINARY, b"\x05\x00"),
        ("", "stray", winreg.REG_SZ, "at the top"),
    )
    try:
        for section, name, kind, value in written:
            with winreg.CreateKey(winreg.HKEY_CURRENT_USER, rf"{path}\{section}") as key:
                winreg.SetValueEx(key, name, 0, kind, value)
        found = system.policy_values(path, hive="HKEY_CURRENT_USER")
        assert system.policy_values(path + "-none", hive="HKEY_CURRENT_USER") == {}
    finally:
        for section in ("service", "session", ""):
            with contextlib.suppress(OSError):
                winreg.DeleteKey(winreg.HKEY_CURRENT_USER, rf"{path}\{section}".rstrip("\\"))
        with contextlib.suppress(OSError):
            winreg.DeleteKey(winreg.HKEY_CURRENT_USER, r"Software\POS Back-Office tests")
    system_root = os.environ["SYSTEMROOT"]
    assert found == {
        "service/url": system.RegistryValue("https://pos.loja:8443", "REG_SZ"),
        "service/ca_file": system.RegistryValue(rf"{system_root}\loja\ca.pem", "REG_EXPAND_SZ"),
        "service/timeout": system.RegistryValue(45, "REG_DWORD"),
        "service/manager_roles": system.RegistryValue(["Chefe", "gerente"], "REG_MULTI_SZ"),
        "session/idle_lock_minutes": system.RegistryValue(b"\x05\x00", "REG_BINARY"),
        "stray": system.RegistryValue("at the top", "REG_SZ"),
    }

"""``pos-backoffice --check-connection`` as IT runs it: no display, none of this machine's
certificate or proxy variables; one line per step, and an exit status scripts can trust."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop_app.sandbox.server import SandboxServer
from tests.conftest import MACHINE_TRUST, SMALL, write_administrators_file

NOT_HERE = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", *MACHINE_TRUST)
PROXIES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY")


def check(
    tmp_path: Path, *args: str, proxy: str | None = None, encoding: str = "utf-8"
) -> subprocess.CompletedProcess[str]:
    """The command as IT runs it: ``proxy``, the desk's ``HTTPS_PROXY`` and ``HTTP_PROXY``
    (none by default); ``encoding``, its output's (Windows gives a pipe or a file cp1252)."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in NOT_HERE and name.upper() not in PROXIES
    }
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    env["PYTHONIOENCODING"] = encoding
    if proxy is not None:
        env["HTTPS_PROXY"] = env["HTTP_PROXY"] = proxy  # the desk's proxy, for either scheme
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "--check-connection", "--lang", "en_US", *args],
        env=env,
        capture_output=True,
        text=True,
        encoding=encoding,
        timeout=90,
        check=False,
    )


def lines(done: subprocess.CompletedProcess[str]) -> list[str]:
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout.splitlines()


def test_no_service_there(tmp_path: Path) -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # bound, not listening: refuses
        done = check(tmp_path, "--api-url", f"http://127.0.0.1:{port}")
    assert done.returncode == 2
    assert f"✗ Connection: 127.0.0.1:{port} refused the connection" in done.stdout
    assert lines(done)[-1].startswith("The service cannot be used from here yet")


def test_a_console_without_the_marks_gets_a_question_mark_for_them(tmp_path: Path) -> None:
    """Windows' pipes and files are cp1252, which has no ✓ nor ✗: the check still says all."""
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
        done = check(tmp_path, "--api-url", f"http://127.0.0.1:{port}", encoding="cp1252")
    assert done.returncode == 2
    assert f"? Connection: 127.0.0.1:{port} refused the connection" in done.stdout
    assert lines(done)[-1].startswith("The service cannot be used from here yet")


def test_an_address_that_is_not_the_service(tmp_path: Path, shared_sandbox: SandboxServer) -> None:
    done = check(tmp_path, "--api-url", shared_sandbox.base_url + "/pos")
    assert done.returncode == 2
    assert "✗ Service: this address does not answer as the store service (404)" in done.stdout


def test_an_authority_this_computer_does_not_trust(
    tmp_path: Path, tls_sandbox: SandboxServer
) -> None:
    done = check(tmp_path, "--api-url", tls_sandbox.base_url)
    assert done.returncode == 2
    refused = [line for line in lines(done) if line.startswith("✗ Security (TLS)")]
    assert (
        "issued by Loja Teste Autoridade, an authority this computer does not trust" in (refused[0])
    )
    assert "Ask IT for the store's certificate authority file" in refused[0]


def test_the_authority_given_on_the_command_line(
    tmp_path: Path, tls_sandbox: SandboxServer, authority_file: Path
) -> None:
    done = check(tmp_path, "--api-url", tls_sandbox.base_url, "--ca-file", str(authority_file))
    assert done.returncode == 0, done.stdout
    assert [line[:1] for line in lines(done)[:-1]] == ["✓"] * 6
    assert "issued by Loja Teste Autoridade (TLSv1." in done.stdout
    assert "✓ Service: it answers as the store service (it asks for sign-in)" in done.stdout
    assert lines(done)[-1] == "The service answers: this address can be used."


def test_the_authority_and_address_kept_in_settings(
    tmp_path: Path, tls_sandbox: SandboxServer, authority_file: Path
) -> None:
    folder = tmp_path / "config" / "POS Back-Office"
    folder.mkdir(parents=True)
    (folder / "pos-backoffice.conf").write_text(
        f"[service]\nurl={tls_sandbox.base_url}/api/v1/\nca_file={authority_file}\n"
    )
    done = check(tmp_path)
    assert done.returncode == 0, done.stdout


@pytest.fixture
def sandbox_elsewhere(tmp_path: Path) -> Iterator[SandboxServer]:
    """A sandbox on this machine's network address (not loopback): as another machine is."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.123", 9))  # no packet is sent: this only picks the route
        address = probe.getsockname()[0]
    assert not address.startswith("127."), "this machine has no network address to test with"
    with SandboxServer(tmp_path / "elsewhere.sqlite3", SMALL, host=address) as server:
        yield server


def test_plain_http_to_another_machine_answers_but_fails_the_check(
    tmp_path: Path, sandbox_elsewhere: SandboxServer
) -> None:
    done = check(tmp_path, "--api-url", sandbox_elsewhere.base_url)
    assert done.returncode == 3
    assert "! Address: plain http to another machine" in done.stdout
    assert "✓ Service: it answers as the store service" in done.stdout
    assert lines(done)[-1].startswith("The service answers, but over plain http")


@pytest.mark.parametrize(
    "form", ["{origin}", "{origin}/", "{origin}/api/v1", "{origin}/api/v1/", "localhost:{port}"]
)
def test_each_form_of_the_address_reaches_the_same_service(
    tmp_path: Path, tls_sandbox: SandboxServer, authority_file: Path, form: str
) -> None:
    address = form.format(origin=tls_sandbox.base_url, port=tls_sandbox.port)
    done = check(tmp_path, "--api-url", address, "--ca-file", str(authority_file))
    assert done.returncode == 0, done.stdout
    assert "/api/v1/api/v1" not in done.stdout


def test_what_it_set_is_checked_and_a_wrong_value_named_by_file_and_key(
    tmp_path: Path, tls_sandbox: SandboxServer, authority_file: Path, administrators_file: Path
) -> None:
    persons = tmp_path / "config" / "POS Back-Office" / "pos-backoffice.conf"
    persons.parent.mkdir(parents=True)
    persons.write_text(f"[service]\nurl={tls_sandbox.base_url}\nca_file={authority_file}\n")
    missing = tmp_path / "store-ca.pem"
    write_administrators_file(
        administrators_file, f"[service]\nurl={tls_sandbox.base_url}\nca_file={missing}\n"
    )
    done = check(tmp_path)
    assert done.returncode == 2
    assert lines(done)[1] == (
        f"  • {administrators_file}, service/ca_file: it does not exist or cannot be opened."
    )
    # IT's value is the one checked: the person's own authority is not fallen back to.
    assert any(line.startswith("✗ Trust") for line in lines(done))

    administrators_file.unlink()  # the person's own settings, which work
    done = check(tmp_path)
    assert done.returncode == 0, done.stdout

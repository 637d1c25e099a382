"""``pos-backoffice --check-connection`` says only what it found: each line true, each failure
with the words a person can act on (the cases IT met where it was not so)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import trustme

from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL, write_administrators_file
from tests.e2e.test_check_connection import check, lines


def _address_elsewhere() -> str:
    """This machine's network address (not loopback): as another machine is to the check."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.123", 9))  # no packet is sent: this only picks the route
        return str(probe.getsockname()[0])


def _closed_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as unused:
        unused.bind((host, 0))
        return int(unused.getsockname()[1])  # bound, never listening: refused once closed


def test_a_line_of_its_file_that_cannot_be_read_fails_the_check(
    tmp_path: Path, shared_sandbox: SandboxServer, administrators_file: Path
) -> None:
    write_administrators_file(
        administrators_file, f"[service]\nurl={shared_sandbox.base_url}\nthis line has no sign\n"
    )
    done = check(tmp_path)
    assert done.returncode == 1, done.stdout
    assert lines(done)[1] == (
        f"  • {administrators_file}: part of it cannot be read; check its [section] lines and"
        " key=value lines."
    )
    assert "✓ Service: it answers as the store service" in done.stdout  # the rest still checked
    assert lines(done)[-1] == (  # never "see the step marked ✗" under steps all ✓
        "The service answers at this address, but a line of IT's settings above is marked ✗:"
        " the app would not run as IT meant. IT corrects that line."
    )


def test_a_line_of_its_file_that_cannot_be_read_leaves_the_persons_own_file_be(
    tmp_path: Path, shared_sandbox: SandboxServer, administrators_file: Path
) -> None:
    """IT's line that does not read is IT's: the person's own file, which reads, is theirs as
    it was (never kept aside as if the line were in it)."""
    write_administrators_file(
        administrators_file, f"[service]\nurl={shared_sandbox.base_url}\nthis line has no sign\n"
    )
    persons = tmp_path / "config" / "POS Back-Office" / "pos-backoffice.conf"
    persons.parent.mkdir(parents=True)
    persons.write_text("[session]\nidle_lock_minutes=7\n", encoding="utf-8")
    done = check(tmp_path)
    assert done.returncode == 1, done.stdout
    assert "Your settings file" not in done.stdout
    assert sorted(p.name for p in persons.parent.iterdir()) == ["pos-backoffice.conf"]
    assert "idle_lock_minutes=7" in persons.read_text()


def test_plain_http_to_another_machine_is_warned_even_when_nothing_answers(
    tmp_path: Path,
) -> None:
    host = _address_elsewhere()
    port = _closed_port(host)
    done = check(tmp_path, "--api-url", f"http://{host}:{port}")
    assert done.returncode == 2
    assert lines(done)[1].startswith("! Address: plain http to another machine: passwords")
    assert f"✗ Connection: {host}:{port} refused the connection" in done.stdout


def test_plain_http_to_an_https_port_is_named_as_such(
    tmp_path: Path, tls_sandbox: SandboxServer
) -> None:
    done = check(tmp_path, "--api-url", f"http://127.0.0.1:{tls_sandbox.port}")
    assert done.returncode == 2
    assert lines(done)[-2] == (
        f"✗ Service: 127.0.0.1:{tls_sandbox.port} speaks https (a certificate of 127.0.0.1,"
        " localhost), not plain http: write the address with https://."
    )


def test_a_servers_own_certificate_given_as_the_authority_fails_at_trust(
    tmp_path: Path, tls_sandbox: SandboxServer, authority: trustme.CA
) -> None:
    own = tmp_path / "service-only.pem"  # what IT copied off the server by mistake
    own.write_bytes(authority.issue_cert("127.0.0.1", "localhost").cert_chain_pems[0].bytes())
    done = check(tmp_path, "--api-url", tls_sandbox.base_url, "--ca-file", str(own))
    assert done.returncode == 2
    (trust,) = [line for line in lines(done) if "Trust" in line]
    whose, _, rest = trust.partition(" (issued by Loja Teste Autoridade), not that of a")
    assert whose.startswith(
        "✗ Trust: The certificate authority file given with --ca-file cannot be used: it holds"
        " the certificate of 127.0.0.1, localhost [OU=Testing cert"
    ) and whose.endswith(",O=trustme v1.2.1]")  # its names, then its subject
    assert rest == (
        " certificate authority: ask IT for the file of the authority that issued it. Correct"
        " it on the command line."
    )


def test_an_address_given_on_the_command_line_is_put_right_there(tmp_path: Path) -> None:
    done = check(tmp_path, "--api-url", "https://pos loja")
    assert done.returncode == 2
    assert lines(done)[0] == (
        "✗ Address: The service address given with --api-url cannot be used: it holds a space."
        " Correct it on the command line."
    )


def test_an_expired_certificate_is_named_with_its_day(
    tmp_path: Path, authority: trustme.CA, authority_file: Path, no_machine_trust: None
) -> None:
    ended = datetime.now(UTC) - timedelta(days=3)
    issued = authority.issue_cert(
        "127.0.0.1",
        common_name="127.0.0.1",
        not_before=ended - timedelta(days=365),
        not_after=ended,
    )
    cert, key = tmp_path / "service.pem", tmp_path / "service.key"
    issued.private_key_and_cert_chain_pem.write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    with SandboxServer(tmp_path / "s.sqlite3", SMALL, tls_cert=cert, tls_key=key) as server:
        done = check(tmp_path, "--api-url", server.base_url, "--ca-file", str(authority_file))
    assert done.returncode == 2
    (refused,) = [line for line in lines(done) if line.startswith("✗ Security (TLS)")]
    assert refused.startswith(
        "✗ Security (TLS): The service's certificate was not accepted: the certificate of"
        " 127.0.0.1 [CN=127.0.0.1,"  # its names, then its subject
    )
    assert refused.endswith(
        f",O=trustme v1.2.1] expired on {ended.date().isoformat()} (issued by Loja Teste"
        " Autoridade). Ask IT to renew it."
    )


@pytest.fixture
def refusing_proxy() -> Iterator[str]:
    """A proxy that answers every tunnel asked of it 502, as one that cannot reach the
    service does."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            with connection:
                connection.recv(65536)
                connection.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")

    threading.Thread(target=serve, daemon=True).start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    listener.close()


def test_no_tls_is_claimed_through_a_proxy_that_did_not_carry_the_call(
    tmp_path: Path, refusing_proxy: str
) -> None:
    done = check(tmp_path, "--api-url", "https://pos.loja.example:8443", proxy=refusing_proxy)
    assert done.returncode == 2
    assert not any(line.startswith("✓ Security (TLS)") for line in lines(done))
    assert lines(done)[-2] == (
        f"✗ Service: the proxy {refusing_proxy} did not carry the call to the service (502 Bad"
        " Gateway). Ask IT whether the proxy lets this computer reach the service's address."
    )


def test_a_proxy_that_is_down_is_named_never_the_service(tmp_path: Path) -> None:
    """Issue 88: it said "… refused the connection … or whether the service is running"."""
    proxy = f"http://127.0.0.1:{_closed_port('127.0.0.1')}"
    done = check(tmp_path, "--api-url", "https://pos.loja.example:8443", proxy=proxy)
    assert done.returncode == 2
    refused = next(line for line in lines(done) if line.startswith("✗ Connection"))
    assert refused.startswith(f"✗ Connection: the proxy {proxy} refused the connection")
    assert "the service was not asked" in refused and "service is running" not in refused


def test_a_proxys_own_502_is_never_called_the_services_error(
    tmp_path: Path, refusing_proxy: str
) -> None:
    """Plain http through a proxy that cannot reach the service: the 502 is the proxy's."""
    done = check(tmp_path, "--api-url", "http://pos.loja.example:8080", proxy=refusing_proxy)
    assert done.returncode == 2, done.stdout
    said = next(line for line in lines(done) if line.startswith("✗ Service"))
    assert said.startswith(f"✗ Service: the proxy {refusing_proxy} answered 502")
    assert "internal error" not in done.stdout

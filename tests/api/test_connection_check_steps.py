"""The connection check's steps against real counterparts on loopback (issue 98: the lines of
api/check.py no test reached): what a service that is not quite the service answers, a TLS
handshake with something that speaks none, a name no one can look up, a proxy that is not
there. ``--check-connection`` as IT runs it is tests/e2e's; these read each step's finding."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme

from desktop_app import api
from desktop_app.api.check import Finding, Outcome, Result, Step, check_connection
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import SMALL, tls_files
from tests.helpers import Reply, ScriptedServer, TunnelProxy, run, unanswered_port
from tests.platforms import not_judged_by_wine, posix_by_nature

PROXIES = ("HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NO_PROXY")


@pytest.fixture(autouse=True)
def _no_proxy_but_the_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine's proxy variables are its registries' (ENVIRONMENT): a desk's are its own."""
    for name in PROXIES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


def steps(address: str, seconds: float = 10.0, ca_file: str | None = None) -> list[Result]:
    async def collect() -> list[Result]:
        return [result async for result in check_connection(address, ca_file, seconds)]

    return run(collect())


def last(address: str, seconds: float = 10.0) -> Result:
    return steps(address, seconds)[-1]


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    ("reply", "finding", "outcome"),
    [
        (Reply(body=[{"id": "001", "name": "Centro"}]), Finding.SERVICE_OPEN, Outcome.PASSED),
        (Reply(status=418, body=b""), Finding.SERVICE_STATUS, Outcome.FAILED),
        (
            Reply(body=b"<html>Welcome</html>", headers={"Content-Type": "text/html"}),
            Finding.NOT_SERVICE_ANSWER,
            Outcome.FAILED,
        ),
    ],
    ids=["lists-stores-to-anyone", "a-status-of-its-own", "a-web-page"],
)
def test_what_the_service_answers_unsigned_is_said_for_what_it_is(
    scripted: ScriptedServer, reply: Reply, finding: Finding, outcome: Outcome
) -> None:
    scripted.default = reply
    said = last(scripted.base_url)
    assert (said.step, said.finding, said.outcome) == (Step.SERVICE, finding, outcome)
    if finding is Finding.SERVICE_STATUS:
        assert said.facts["status"] == "418"


def test_a_service_that_never_answers_is_said_to_time_out_after_the_checks_seconds(
    scripted: ScriptedServer,
) -> None:
    never = threading.Event()  # set only when the test ends: the check leaves first
    scripted.default = Reply(hold=never)
    try:
        said = last(scripted.base_url, seconds=0.5)
    finally:
        never.set()
    assert (said.finding, said.facts["seconds"]) == (Finding.SERVICE_TIMEOUT, "0.5")


def test_https_to_a_server_that_speaks_plain_http_fails_at_tls(scripted: ScriptedServer) -> None:
    said = last(scripted.base_url.replace("http://", "https://"))
    assert (said.step, said.outcome, said.finding) == (Step.TLS, Outcome.FAILED, Finding.TLS_FAILED)
    assert said.facts["detail"]


def test_a_name_no_one_can_look_up_fails_at_the_lookup() -> None:
    said = last("https://pos-service.invalid", seconds=5)  # .invalid: never a name (RFC 6761)
    assert (said.step, said.finding) == (Step.LOOKUP, Finding.LOOKUP_FAILED)
    assert said.facts["host"] == "pos-service.invalid"


def test_a_proxy_no_one_can_look_up_is_named_not_the_service(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://ana:senha@proxy.invalid:3128")
    said = last("https://pos.example", seconds=5)
    assert (said.step, said.finding) == (Step.LOOKUP, Finding.PROXY_NOT_FOUND)
    assert said.facts["host"] == "proxy.invalid" and "senha" not in said.facts["proxy"]


def test_a_proxy_that_refuses_is_said_down_not_the_service(monkeypatch: pytest.MonkeyPatch) -> None:
    port = closed_port()
    monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{port}")
    said = last("https://pos.example")
    assert (said.step, said.finding) == (Step.CONNECTION, Finding.PROXY_REFUSED)
    assert said.facts["endpoint"] == f"127.0.0.1:{port}"


def test_a_server_that_takes_the_connection_and_never_speaks_tls_times_out_at_tls() -> None:
    """A port that accepts (the system completes the connection) and says nothing: the
    handshake waits the check's seconds, then TLS is said to have failed, with why."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        said = last(f"https://127.0.0.1:{port}", seconds=0.5)
    assert (said.step, said.finding) == (Step.TLS, Finding.TLS_FAILED)
    assert said.facts["detail"] == "TimeoutError"


@posix_by_nature("a full queue refuses the connection, as the refusal's test above")
def test_a_port_that_never_takes_the_connection_is_said_to_time_out_connecting() -> None:
    """The first packet goes unanswered (a firewall that drops, a listener's queue full): the
    connection is said to have timed out after the check's seconds, at its address."""
    with unanswered_port() as port:
        said = last(f"http://127.0.0.1:{port}", seconds=0.5)
    assert (said.step, said.finding) == (Step.CONNECTION, Finding.CONNECT_TIMEOUT)
    assert said.facts == {"endpoint": f"127.0.0.1:{port}", "seconds": "0.5"}


@pytest.fixture
def behind_a_proxy(
    tmp_path: Path, authority: trustme.CA, no_machine_trust: None, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, TunnelProxy, SandboxServer]]:
    """A store whose desks reach the service only through its proxy (HTTPS carried by CONNECT),
    the service's certificate issued by the store's own authority."""
    cert, key = tls_files(authority, tmp_path, "pos.loja.example")
    service = SandboxServer(tmp_path / "sandbox.sqlite3", SMALL, tls_cert=cert, tls_key=key)
    service.start()
    proxy = TunnelProxy()
    monkeypatch.setenv("HTTPS_PROXY", proxy.url)
    yield f"https://pos.loja.example:{service.port}", proxy, service
    proxy.close()
    service.stop(wait=False)


def test_through_a_proxy_the_services_own_answer_shows_tls_held_and_the_desk_reads_through_it(
    behind_a_proxy: tuple[str, TunnelProxy, SandboxServer], authority_file: Path
) -> None:
    """The check cannot see the handshake inside the tunnel: it says TLS held from the
    service's own answer; the desk reads the stores through the same tunnel, trusting IT's
    authority."""
    address, proxy, service = behind_a_proxy

    async def stores() -> int:
        async with api.ApiClient(address, service.token()) as client:
            client.set_ca_file(str(authority_file))
            return len(await client.list_stores())

    said = steps(address, ca_file=str(authority_file))
    assert [(r.step, r.finding) for r in said[-3:]] == [
        (Step.CONNECTION, Finding.CONNECTED),
        (Step.TLS, Finding.THROUGH_PROXY),
        (Step.SERVICE, Finding.SERVICE),
    ]
    assert said[-2].facts == {"proxy": proxy.url}
    assert run(stores()) == SMALL.stores
    assert proxy.tunnels == [f"pos.loja.example:{service.port}"] * 2


@not_judged_by_wine
def test_through_a_proxy_a_certificate_no_authority_here_vouches_for_is_refused_at_tls(
    behind_a_proxy: tuple[str, TunnelProxy, SandboxServer],
) -> None:
    """The store's authority not named (nor in the system's): the service's answer inside the
    tunnel is refused at its certificate, said at TLS with why, and nothing is read."""
    address, _, _ = behind_a_proxy
    said = steps(address)[-1]
    assert (said.step, said.finding, said.outcome) == (
        Step.TLS, Finding.CERTIFICATE_REFUSED, Outcome.FAILED,
    )  # fmt: skip
    assert said.error is not None


def test_an_address_no_connection_can_go_to_is_said_unreachable_with_the_systems_reason() -> None:
    """The broadcast address: the system refuses to connect there at all (no route, or not
    permitted), which is neither a refusal by a server nor a time-out."""
    said = last("http://255.255.255.255:8080")
    assert (said.step, said.finding, said.outcome) == (
        Step.CONNECTION, Finding.UNREACHABLE, Outcome.FAILED,
    )  # fmt: skip
    assert said.facts["endpoint"] == "255.255.255.255:8080" and said.facts["detail"]

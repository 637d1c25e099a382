"""The connection check's steps against real counterparts on loopback (issue 98: the lines of
api/check.py no test reached): what a service that is not quite the service answers, a TLS
handshake with something that speaks none, a name no one can look up, a proxy that is not
there. ``--check-connection`` as IT runs it is tests/e2e's; these read each step's finding."""

from __future__ import annotations

import socket
import threading

import pytest

from desktop_app.api.check import Finding, Outcome, Result, Step, check_connection
from tests.helpers import Reply, ScriptedServer, run, unanswered_port
from tests.platforms import posix_by_nature

PROXIES = ("HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NO_PROXY")


@pytest.fixture(autouse=True)
def _no_proxy_but_the_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine's proxy variables are its registries' (ENVIRONMENT): a desk's are its own."""
    for name in PROXIES:
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.lower(), raising=False)


def steps(address: str, seconds: float = 10.0) -> list[Result]:
    async def collect() -> list[Result]:
        return [result async for result in check_connection(address, seconds=seconds)]

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


@posix_by_nature("a full queue refuses on Windows: the refusal's test above")
def test_a_port_that_never_takes_the_connection_is_said_to_time_out_connecting() -> None:
    """The first packet goes unanswered (a firewall that drops, a listener's queue full): the
    connection is said to have timed out after the check's seconds, at its address."""
    with unanswered_port() as port:
        said = last(f"http://127.0.0.1:{port}", seconds=0.5)
    assert (said.step, said.finding) == (Step.CONNECTION, Finding.CONNECT_TIMEOUT)
    assert said.facts == {"endpoint": f"127.0.0.1:{port}", "seconds": "0.5"}

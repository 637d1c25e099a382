"""Fixtures shared by every test: sandboxes on free ports and a scripted server."""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import trustme

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from desktop_app.sandbox.dialects import Dialect
from desktop_app.sandbox.list_shapes import LIST_SHAPES
from desktop_app.sandbox.seed import SeedSize
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import ScriptedServer
from tests.service_process import ServiceProcess

SMALL = SeedSize(stores=2, orders_per_store=60, customers=120, products=80, seed=11)


@pytest.fixture
def sandbox(tmp_path: Path) -> Iterator[SandboxServer]:
    """A freshly seeded sandbox of its own (tests may write to it)."""
    server = SandboxServer(tmp_path / "sandbox.sqlite3", SMALL).start()
    yield server
    server.stop(wait=False)  # it ends on its own thread; the next test does not wait


@pytest.fixture(scope="session")
def processes() -> None:
    """Asked for by a test (or a fixture) that starts a process of its own: the program, the
    service as a process, a tool. Such a test is out of the fast tier (``make test-fast``); any
    other test that starts one fails, so that the tier is known from the fixtures alone."""


SLOW_FIXTURES = frozenset({"processes"})
"""A test whose fixtures include one of these is ``slow``: it starts a process or waits on
real time, and ``make test-fast`` leaves it out."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: starts a process or waits on real time (given from the fixtures)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests from the fixtures they use, never from a list kept by hand."""
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _files_a_test_opens_are_closed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every payment journal and invoice book a test opened is closed when it ends, as the app
    closes its own: left to the collector, an SQLite connection makes Python 3.13 warn (Debian
    13's Python), in whichever test the collector happens to run."""
    from desktop_app.core.invoices import InvoiceBook
    from desktop_app.core.journal import PaymentJournal

    opened: list[PaymentJournal | InvoiceBook] = []
    for kind in (PaymentJournal, InvoiceBook):
        monkeypatch.setattr(kind, "__init__", _recorded(kind.__init__, opened))
    yield
    for file in opened:
        file.close()


def _recorded(make: Callable[..., None], opened: list[Any]) -> Callable[..., None]:
    def recorded(self: Any, *args: object, **kwargs: object) -> None:
        make(self, *args, **kwargs)
        opened.append(self)

    return recorded


@pytest.fixture(autouse=True)
def _no_process_unasked(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that starts a process without asking for :func:`processes` fails: it would run
    in the fast tier and make it slow."""
    if "processes" in request.fixturenames:
        return

    def refused(*_args: object, **_kwargs: object) -> None:
        raise AssertionError(
            "this test starts a process: ask for the `processes` fixture (it leaves the fast tier)"
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refused)


@pytest.fixture
def service(tmp_path: Path, processes: None) -> Iterator[ServiceProcess]:
    """``pos-sandbox serve`` in a process of its own, killed and started again by the test as
    a store's link or server dies (a module may have a ``service`` of its own)."""
    service = ServiceProcess(tmp_path)
    service.start()
    yield service
    service.stop()


@pytest.fixture(scope="module")
def shared_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxServer]:
    """A sandbox shared by a module's read-only tests."""
    path = tmp_path_factory.mktemp("shared") / "sandbox.sqlite3"
    server = SandboxServer(path, SMALL).start()
    yield server
    server.stop(wait=False)  # it ends on its own thread; the next test does not wait


DATA_DIALECTS = [dialect for dialect in Dialect if dialect not in LIST_SHAPES]
"""The dialects every contract test runs in. A list's shape (pages, envelopes, charsets, 204:
``LIST_SHAPES``) is a whole way of answering, one at a time: those run in
``tests/api/test_list_shapes.py`` and in the property test of ``tests/api``."""
READINGS = [
    pytest.param("", id="sandbox"),
    *(pytest.param(dialect.value, id=dialect.value) for dialect in DATA_DIALECTS),
    pytest.param(",".join(DATA_DIALECTS), id="every-dialect"),
]
"""Each reading of the interface the sandbox gives: its own, each other service's choice
(:mod:`desktop_app.sandbox.dialects`) alone, and all of them at once."""


@pytest.fixture(params=READINGS)
def each_reading(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SandboxServer]:
    """A fresh sandbox (tests may write to it) for each reading of the interface: a contract
    test asked of it runs against every one."""
    server = SandboxServer(tmp_path / "sandbox.sqlite3", SMALL, dialects=request.param).start()
    yield server
    server.stop(wait=False)  # it ends on its own thread; the next test does not wait


@pytest.fixture(scope="module", params=READINGS)
def each_reading_shared(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SandboxServer]:
    """:func:`each_reading` shared by a module's tests: each write picks an order of its own."""
    yield from speaking(tmp_path_factory, request.param, "reading")


def speaking(
    factory: pytest.TempPathFactory, dialects: str, folder: str
) -> Iterator[SandboxServer]:
    """A module's sandbox speaking ``dialects`` (a fixture's body: it yields it, then stops)."""
    server = SandboxServer(factory.mktemp(folder) / "sandbox.sqlite3", SMALL, dialects=dialects)
    yield server.start()
    server.stop(wait=False)  # it ends on its own thread; the next test does not wait


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    """A loopback server that answers what the test scripts."""
    server = ScriptedServer().start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def _fail_on_error_logs(
    caplog: pytest.LogCaptureFixture, request: pytest.FixtureRequest
) -> Iterator[None]:
    """An unexpected ERROR log fails the test (a test that expects one says so)."""
    yield
    if request.node.get_closest_marker("allow_error_logs"):
        return
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, "unexpected error logs: " + "; ".join(r.getMessage() for r in errors)


@pytest.fixture(autouse=True)
def administrators_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where this test's system-wide settings file goes (not written unless the test writes it):
    no test reads this machine's own ``/etc/xdg``. The program a test starts inherits it."""
    folder = tmp_path / "etc-xdg"
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(folder))
    return folder / "POS Back-Office" / "pos-backoffice.conf"


def write_administrators_file(path: Path, text: str) -> None:
    """IT writes the system-wide settings file (an INI file on Linux)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


MACHINE_TRUST = ("SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE")
"""Variables this machine sets for its package registries; a store's desk has none of them."""


@pytest.fixture
def no_machine_trust(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trust as on a store's desk: the system's store only, none of this machine's variables
    (cleared inside the test, never for the whole shell)."""
    for name in MACHINE_TRUST:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def authority() -> trustme.CA:
    """The store's own certificate authority, made for the tests."""
    return trustme.CA(organization_name="Loja Teste Autoridade")


@pytest.fixture(scope="session")
def authority_file(authority: trustme.CA, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The authority's certificate as IT hands it out (PEM)."""
    path = tmp_path_factory.mktemp("authority") / "store-ca.pem"
    authority.cert_pem.write_to_path(str(path))
    return path


def tls_files(authority: trustme.CA, folder: Path, *names: str) -> tuple[Path, Path]:
    """A certificate (and key) for ``names`` issued by ``authority``, as PEM files."""
    issued = authority.issue_cert(*names)
    cert, key = folder / "service.pem", folder / "service.key"
    issued.private_key_and_cert_chain_pem.write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    return cert, key


@pytest.fixture
def tls_sandbox(
    tmp_path: Path, authority: trustme.CA, no_machine_trust: None
) -> Iterator[SandboxServer]:
    """A sandbox served over real TLS on 127.0.0.1 with a certificate from ``authority``."""
    cert, key = tls_files(authority, tmp_path, "127.0.0.1", "localhost")
    server = SandboxServer(tmp_path / "sandbox.sqlite3", SMALL, tls_cert=cert, tls_key=key)
    yield server.start()
    server.stop(wait=False)  # it ends on its own thread; the next test does not wait

"""Fixtures shared by every test: sandboxes on free ports and a scripted server."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from desktop_app.sandbox.seed import SeedSize
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import ScriptedServer

SMALL = SeedSize(stores=2, orders_per_store=60, customers=120, products=80, seed=11)


@pytest.fixture
def sandbox(tmp_path: Path) -> Iterator[SandboxServer]:
    """A freshly seeded sandbox of its own (tests may write to it)."""
    server = SandboxServer(tmp_path / "sandbox.sqlite3", SMALL).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def shared_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxServer]:
    """A sandbox shared by a module's read-only tests."""
    path = tmp_path_factory.mktemp("shared") / "sandbox.sqlite3"
    server = SandboxServer(path, SMALL).start()
    yield server
    server.stop()


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

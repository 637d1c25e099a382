"""``pos-sandbox serve`` in a process of its own, on one port and one database throughout: a
test kills it outright (as a store's link or server dies) and starts it again where it was."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from desktop_app.sandbox.auth import issue_token
from desktop_app.sandbox.db import Database

SIZE = ["--stores", "2", "--orders-per-store", "60", "--customers", "120", "--products", "80"]
NAMES = {"manager": "Marcos Gerente", "cashier": "Ana Caixa"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(condition: Callable[[], bool], what: str, seconds: float = 60) -> None:
    """Poll a condition another process brings about (a file, a port), with a deadline."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class ServiceProcess:
    """``pos-sandbox serve --fault-control`` in its own process."""

    def __init__(self, folder: Path) -> None:
        self.db = folder / "service.sqlite3"
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "desktop_app.sandbox.cli", "serve", "--db", str(self.db),
             "--port", str(self.port), "--fault-control", "--log-level", "warning", *SIZE],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_until(self.answers, "the service to answer")
        self.faults(accept_duplicates=True)  # a slip sent twice shows as a second payment

    def answers(self) -> bool:
        assert self.process is not None and self.process.poll() is None, "the service ended"
        try:
            return httpx.get(f"{self.base_url}/_sandbox/faults", timeout=1).is_success
        except httpx.TransportError:
            return False

    def faults(self, **switches: Any) -> None:
        httpx.put(f"{self.base_url}/_sandbox/faults", json=switches, timeout=5).raise_for_status()

    def switches(self) -> dict[str, Any]:
        """The faults as the service now has them (what is left of each ``_next``)."""
        answer: dict[str, Any] = httpx.get(f"{self.base_url}/_sandbox/faults", timeout=5).json()
        return answer

    def late_commits_done(self) -> int:
        return int(self.switches()["late_commits_done"])

    def answers_held(self) -> int:
        return int(self.switches()["answers_held"])

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()  # SIGKILL; on Windows, TerminateProcess
        self.process.wait()

    def stop(self) -> None:
        """Killed, if it still runs (a test's end)."""
        if self.process is not None and self.process.poll() is None:
            self.kill()

    def token(self, role: str = "cashier", user_id: int | None = None) -> str:
        """A valid token for the demo user of ``role``."""
        database = Database(self.db)
        token = issue_token(
            database.signing_secret(), subject=role,
            user_id=user_id if user_id is not None else (2001 if role == "manager" else 1001),
            name=NAMES[role], roles=(role,), minutes=60,
        )  # fmt: skip
        database.close()
        return token

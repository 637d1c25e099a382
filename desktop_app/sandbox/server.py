"""Run the sandbox in-process: uvicorn on a thread, on a free port of 127.0.0.1.

Training mode and the tests use this; ``pos-sandbox serve`` uses uvicorn directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

import uvicorn
from fastapi import FastAPI

from desktop_app.sandbox.app import create_app
from desktop_app.sandbox.auth import TOKEN_MINUTES, issue_token
from desktop_app.sandbox.db import Database
from desktop_app.sandbox.dialects import Dialect, dialects_of
from desktop_app.sandbox.faults import Faults
from desktop_app.sandbox.guards import MAX_BODY_SECONDS
from desktop_app.sandbox.seed import SeedSize, seed


class _Server(uvicorn.Server):
    """uvicorn's server, which ends as soon as it is told to: its own loop looks for the word
    every 0.1 s, and every test's sandbox (and training mode at quit) waited for that look."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self._told: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._told = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        while not await self.on_tick(counter):  # the date header and the exit, as uvicorn's
            counter = (counter + 1) % 864_000
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._told.wait(), 0.1)

    def tell_to_exit(self) -> None:
        """End serving now (from any thread)."""
        self.should_exit = True
        loop, told = self._loop, self._told
        if loop is not None and told is not None:
            with contextlib.suppress(RuntimeError):  # its loop already closed: it has ended
                loop.call_soon_threadsafe(told.set)


class SandboxServer:
    """A seeded sandbox serving on ``base_url`` until :meth:`stop`.

    ``faults`` is live: tests flip its switches between requests. With ``tls_cert`` and
    ``tls_key`` (PEM files) it serves HTTPS. ``dialects`` are other services' choices it makes
    (:mod:`~desktop_app.sandbox.dialects`), and :meth:`token` writes its tokens their way.
    """

    def __init__(
        self,
        db_path: Path | str,
        size: SeedSize | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        faults: Faults | None = None,
        fault_control: bool = False,
        body_seconds: float = MAX_BODY_SECONDS,
        tls_cert: Path | str | None = None,
        tls_key: Path | str | None = None,
        dialects: str | Iterable[str | Dialect] | None = None,
        token_minutes: float = TOKEN_MINUTES,
    ) -> None:
        self.db = Database(db_path)
        seed(self.db, size)
        self.faults = faults or Faults()
        self.dialects = dialects_of(dialects)
        self.app: FastAPI = create_app(
            self.db,
            self.faults,
            fault_control=fault_control,
            body_seconds=body_seconds,
            dialects=self.dialects,
            token_minutes=token_minutes,
        )
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind((host, port))
        self.host, self.port = self._socket.getsockname()[:2]
        self.scheme = "https" if tls_cert else "http"
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_keep_alive=30,
            ssl_certfile=str(tls_cert) if tls_cert else None,
            ssl_keyfile=str(tls_key) if tls_key else None,
        )
        self._server = _Server(config)
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """The service base address (``/api/v1`` lives under it)."""
        return f"{self.scheme}://{self.host}:{self.port}"

    def token(self, role: str = "manager", user_id: int = 2001, minutes: float = 60) -> str:
        """A valid token for a demo user of ``role``."""
        name = "Marcos Gerente" if role == "manager" else "Ana Caixa"
        return issue_token(
            self.db.signing_secret(),
            subject=role,
            user_id=user_id,
            name=name,
            roles=(role,),
            minutes=minutes,
            dialects=self.dialects,
        )

    def start(self, timeout: float = 10.0) -> SandboxServer:
        """Start serving; returns when the socket accepts requests (at once when serving
        already: ``with SandboxServer(...).start()`` starts it once)."""
        if self._thread is not None:
            return self
        self._thread = threading.Thread(target=self._serve, name="sandbox-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the sandbox server did not start")
            time.sleep(0.01)  # polling a thread's flag; not test synchronisation
        return self

    def _serve(self) -> None:
        try:
            self._server.run(sockets=[self._socket])
        finally:
            self._close()

    def _close(self) -> None:
        with contextlib.suppress(OSError):
            self._socket.close()
        self.db.close()

    def stop(self, *, wait: bool = True) -> None:
        """Stop serving and close the database; without ``wait``, it ends on its own thread
        (uvicorn gives open connections 0.1 s), and whoever stops it goes on at once."""
        self._server.tell_to_exit()
        thread, self._thread = self._thread, None
        if thread is None:
            self._close()
        elif wait:
            thread.join(timeout=10)

    def __enter__(self) -> SandboxServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

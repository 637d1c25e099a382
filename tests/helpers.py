"""Test helpers: a scripted HTTP server on loopback, and running coroutines from sync tests."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import importlib.util
import json
import socket
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import httpx

T = TypeVar("T")


def packaging_tool(name: str) -> ModuleType:
    """A module of packaging/ (the project's build tools, not a package of the app)."""
    path = Path(__file__).resolve().parents[1] / "packaging" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"packaging_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # The tools import one another as the scripts they are (``from bundle import …``).
    sys.path.insert(0, str(path.parent))
    sys.modules[spec.name] = module  # as an import does: dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a fresh event loop."""
    return asyncio.run(coro)


@dataclass
class Reply:
    """What the scripted server answers."""

    status: int = 200
    body: bytes | str | Any = b"[]"
    headers: dict[str, str] = field(default_factory=dict)
    hold: threading.Event | None = None  # answer only once this is set (or the client left)
    trickle: tuple[int, float] | None = None  # a slow link: (bytes, seconds) per write
    cut: int | None = None  # the connection closes after this many bytes of the body
    reason: str | None = None  # the status line's words (None: HTTP's own for the status)

    def encoded(self) -> bytes:
        if isinstance(self.body, bytes):
            return self.body
        if isinstance(self.body, str):
            return self.body.encode()
        return json.dumps(self.body).encode()


@dataclass
class Seen:
    """One request as the server received it."""

    method: str
    raw_path: str
    headers: dict[str, str]
    body: bytes


class ScriptedServer:
    """A loopback HTTP server answering from a script; it records every request it sees."""

    def __init__(self) -> None:
        self.requests: list[Seen] = []
        self.replies: list[Reply] = []
        self.default = Reply()
        self.handler: Callable[[Seen], Reply] | None = None
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def setup(self) -> None:
                super().setup()
                # Headers and body go in two writes: with Nagle's wait on the second and the
                # client's delayed acknowledgement, each answer on a kept connection took 40 ms.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                seen = Seen(
                    self.command,
                    self.path,
                    {k.lower(): v for k, v in self.headers.items()},
                    self.rfile.read(length),
                )
                server.requests.append(seen)
                if server.handler is not None:
                    reply = server.handler(seen)
                else:
                    reply = server.replies.pop(0) if server.replies else server.default
                if reply.hold is not None:
                    reply.hold.wait(timeout=10)
                body = reply.encoded()
                try:
                    self.send_response_only(reply.status, reply.reason)
                    headers = {
                        "Server": self.version_string(),
                        "Date": self.date_time_string(),  # unless the reply says its own
                        "Content-Type": "application/json",
                        **reply.headers,
                    }
                    for key, value in headers.items():
                        self.send_header(key, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if reply.cut is not None:
                        self.wfile.write(body[: reply.cut])  # its length said whole, then gone
                        self.wfile.flush()
                        self.close_connection = True
                    elif reply.trickle is None:
                        self.wfile.write(body)
                    else:
                        size, seconds = reply.trickle
                        for start in range(0, len(body), size):
                            self.wfile.write(body[start : start + size])
                            self.wfile.flush()
                            time.sleep(seconds)  # the link's pace, not a synchronisation
                except (BrokenPipeError, ConnectionResetError):
                    pass

            do_GET = _handle  # noqa: N815
            do_POST = _handle  # noqa: N815

        class CountingServer(ThreadingHTTPServer):
            def verify_request(self, request: Any, client_address: Any) -> bool:
                server.connections += 1  # a connection made, whether a request follows or not
                return True

            def handle_error(self, request: Any, client_address: Any) -> None:
                # A client that goes away between requests (a page read ahead, then cancelled)
                # is no error of the script's; anything else still prints.
                if not isinstance(sys.exc_info()[1], ConnectionError):
                    super().handle_error(request, client_address)

        self.connections = 0
        self._httpd = CountingServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ScriptedServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                     "uordblks", "fordblks", "keepcost")
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class HeapCount:
    """glibc's own count of its memory (``mallinfo2``), in bytes: what no Python census sees.
    The tests' and the benchmarks' (the app itself never counts it)."""

    in_heap: int
    """Held in the heap: what Qt, SQLite and Python's larger objects keep."""
    own_pages: int
    """Held in blocks with pages of their own (large blocks)."""
    free_in_heap: int
    """Freed and kept by the allocator, not handed back."""


def heap_count() -> HeapCount | None:
    """The allocator's count now, or None where the C library keeps none."""
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except AttributeError:
        return None
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return HeapCount(int(info.uordblks), int(info.hblkhd), int(info.fordblks))


def a_home_of_its_own(folder: Path) -> dict[str, str]:
    """``HOME`` and the XDG folders under ``folder``, for a program a test runs: its settings,
    data, logs and caches land there, never in the real home."""
    return {
        "HOME": str(folder),
        "XDG_CONFIG_HOME": str(folder / "config"),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_STATE_HOME": str(folder / "state"),
        "XDG_CACHE_HOME": str(folder / "cache"),
    }


def _page_of(seen: Seen) -> int:
    return int(parse_qs(urlsplit(seen.raw_path).query).get("page", ["1"])[0])


class Gateway:
    """The sandbox behind a scripted server that serves a store's orders its own way."""

    def __init__(self, scripted: ScriptedServer, sandbox: Any) -> None:
        self.base_url = scripted.base_url
        self._sandbox = sandbox

    def token(self, role: str, user_id: int) -> str:
        return str(self._sandbox.token(role, user_id))


def orders_in_pages(scripted: ScriptedServer, sandbox: Any, size: int, *, linked: bool) -> None:
    """Store 001's orders ``size`` a page with their total said, the next page linked or not;
    every other read as the sandbox answers it."""

    def answer(seen: Seen) -> Reply:
        path = urlsplit(seen.raw_path).path
        auth = {"Authorization": seen.headers.get("authorization", "")}
        forwarded = httpx.get(sandbox.base_url + path, headers=auth)
        if not path.endswith("/orders-payment/orders/001") or forwarded.status_code != 200:
            return Reply(status=forwarded.status_code, body=forwarded.content)
        store, page = forwarded.json(), _page_of(seen)
        headers = {"X-Total-Count": str(len(store))}
        if linked and page * size < len(store):
            headers["Link"] = f'<?page={page + 1}>; rel="next"'
        return Reply(body=store[(page - 1) * size : page * size], headers=headers)

    scripted.handler = answer


@contextmanager
def unanswered_port() -> Iterator[int]:
    """A loopback port whose listener takes no more connections: its queue (room for one) is
    full, so a new connection's first packet goes unanswered and the connecting side waits
    (Linux, and Wine on it, drop that packet; a real Windows refuses it instead)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(0)
        port = int(listener.getsockname()[1])
        with socket.create_connection(("127.0.0.1", port)):
            yield port


class TunnelProxy:
    """An HTTP proxy that carries HTTPS as a store's does: ``CONNECT host:port``, answered with
    a tunnel to that port on this machine (whatever the host's name), bytes passed both ways
    untouched. ``tunnels`` lists what each CONNECT asked for."""

    def __init__(self) -> None:
        self.tunnels: list[str] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._open: list[socket.socket] = []
        threading.Thread(target=self._serve, name="tunnel-proxy", daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:  # closed: the test ended
                return
            self._open.append(client)
            threading.Thread(target=self._tunnel, args=(client,), daemon=True).start()

    def _tunnel(self, client: socket.socket) -> None:
        asked = b""
        while b"\r\n\r\n" not in asked:
            chunk = client.recv(4096)
            if not chunk:
                return
            asked += chunk
        target = asked.split(b"\r\n", 1)[0].split(b" ")[1].decode()
        self.tunnels.append(target)
        upstream = socket.create_connection(("127.0.0.1", int(target.rsplit(":", 1)[1])))
        self._open.append(upstream)
        client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        threading.Thread(target=_pipe, args=(upstream, client), daemon=True).start()
        _pipe(client, upstream)

    def close(self) -> None:
        self._listener.close()
        for each in self._open:
            with contextlib.suppress(OSError):
                each.close()


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    """Bytes from ``source`` to ``sink`` until either end closes."""
    with contextlib.suppress(OSError):
        while chunk := source.recv(65536):
            sink.sendall(chunk)
    with contextlib.suppress(OSError):
        sink.shutdown(socket.SHUT_WR)

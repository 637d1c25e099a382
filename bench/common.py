"""Shared pieces of the benchmarks: a big sandbox, a static server, timing, output.

Every benchmark measures its floor in the same run (these machines are noisy) and prints, as
its last line, one JSON object of its figures; ratios are named ``*_ratio``, and the object
names the size it was measured at (``orders``).

The size is the number of orders in the big store: ``BENCH_ORDERS`` (default 100,000), e.g.
``make bench BENCH_ORDERS=1000000``. Each size's seeded database is kept in ``bench/out/``.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Self

import uvicorn

from desktop_app import api
from desktop_app.process.collector import collector_paused
from desktop_app.sandbox.seed import SeedSize
from desktop_app.sandbox.server import SandboxServer

OUT = Path(__file__).parent / "out"
ORDERS = int(os.environ.get("BENCH_ORDERS") or 100_000)
"""Orders in the big store, for every benchmark of this run."""
BIG_STORE = SeedSize(
    stores=1, orders_per_store=ORDERS, customers=max(2_000, ORDERS // 50), products=100, seed=3
)


def client_as_the_app_makes_it(base_url: str) -> api.ApiClient:
    """A client of ``base_url`` as the app makes one: its lists built with the collector paused."""
    return api.ApiClient(base_url, "t", timeout=120, build_pause=collector_paused)


def big_database() -> Path:
    """The big store's database file for this run's size (seeded on first use)."""
    OUT.mkdir(exist_ok=True)
    name = f"orders-{ORDERS // 1000}k" if ORDERS % 1000 == 0 else f"orders-{ORDERS}"
    return OUT / f"{name}.sqlite3"


def big_sandbox() -> SandboxServer:
    """A sandbox with ``ORDERS`` orders in store 001 (seeded once per size, kept in bench/out/)."""
    return SandboxServer(big_database(), BIG_STORE).start()


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_listening(port: int, process: subprocess.Popen[Any], what: str) -> None:
    """Return once ``process`` accepts connections on ``port`` (a minute at most)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"{what} did not start") from None
            time.sleep(0.05)  # waiting for another process to listen


class ServerProcess:
    """A server of this project in a process of its own, on a free loopback port: a server
    thread in the measuring process would take turns with it at the GIL."""

    what = "the server"

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.base_url = ""

    def command(self, port: int) -> list[str]:
        """The command line that serves on ``port``."""
        raise NotImplementedError

    def start(self) -> Self:
        port = free_port()
        self.base_url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            self.command(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        wait_until_listening(port, self.process, self.what)
        return self

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)


class SandboxProcess(ServerProcess):
    """``pos-sandbox serve`` on a free port, in a process of its own."""

    what = "the sandbox process"

    def __init__(self, db: Path) -> None:
        super().__init__()
        self.db = db

    def command(self, port: int) -> list[str]:
        return [sys.executable, "-m", "desktop_app.sandbox", "serve", "--db", str(self.db),
                "--port", str(port), "--log-level", "warning"]  # fmt: skip

    def token(self, role: str = "manager") -> str:
        return subprocess.run(
            [sys.executable, "-m", "desktop_app.sandbox", "token", "--db", str(self.db),
             "--role", role, "--user-id", "2001"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()  # fmt: skip


def static_app(body: bytes) -> Callable[..., Awaitable[None]]:
    """An ASGI app answering ``body`` as JSON on every path."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        await send({
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode())],
        })  # fmt: skip
        await send({"type": "http.response.body", "body": body})

    return app


def paged_app(body: bytes, size: int) -> Callable[..., Awaitable[None]]:
    """An ASGI app answering the list ``body`` holds ``size`` elements a page, each page's
    ``Link`` naming the next and its ``X-Total-Count`` the whole: the pages made once, here."""
    items = json.loads(body)
    pages = [
        json.dumps(items[start : start + size], ensure_ascii=False).encode()
        for start in range(0, len(items), size)
    ] or [b"[]"]

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        query = scope.get("query_string", b"").decode()
        number = int(query.split("page=")[1]) if "page=" in query else 1
        page = pages[number - 1]
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(page)).encode()),
                   (b"x-total-count", str(len(items)).encode())]  # fmt: skip
        if number < len(pages):
            headers.append((b"link", f'<?page={number + 1}>; rel="next"'.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": page})

    return app


class StaticServer:
    """Serves one fixed body on every path, on a free loopback port, from a uvicorn thread."""

    def __init__(self, body: bytes) -> None:
        app = static_app(body)
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self.base_url = f"http://127.0.0.1:{self._socket.getsockname()[1]}"
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._socket]}, daemon=True
        )

    def __enter__(self) -> StaticServer:
        self._thread.start()
        while not self._server.started:
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(10)


class StaticProcess(ServerProcess):
    """Serves one fixed body on every path from a process of its own (see ``ServerProcess``);
    with ``page``, the list it holds that many elements a page, linked (see ``paged_app``)."""

    what = "the static server"

    def __init__(self, body: bytes, page: int = 0) -> None:
        super().__init__()
        OUT.mkdir(exist_ok=True)
        self._file = OUT / f"static-{len(body)}.json"
        self._file.write_bytes(body)
        self._page = page

    def command(self, port: int) -> list[str]:
        return [sys.executable, "-m", "bench.common", str(self._file), str(port), str(self._page)]

    def __enter__(self) -> StaticProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._file.unlink(missing_ok=True)


HOST_REPORTED = Path("/sys/module/page_reporting/parameters/reported_kib")
"""On a virtual machine with free page reporting (virtio-balloon), what the guest has handed
back to its host so far. Seen on this workplace's machines: some 2 s after a process frees a
few hundred MB, the kernel hands those pages to the host, and while it does, every thread of
every process runs 10 to 25 times slower for 40 to 320 ms (with the reporting deferred by a
minute, the same runs stay under 20 ms)."""


def hands_back_memory() -> bool:
    """Whether this machine hands freed memory back to its host (free page reporting)."""
    return HOST_REPORTED.exists()


def host_reported_mib() -> int:
    """MiB of freed memory handed back to the host so far (0 where the machine does not)."""
    try:
        return int(HOST_REPORTED.read_text()) // 1024
    except (OSError, ValueError):
        return 0


async def settled(window: float = 2.5, trickle_mib: int = 32, limit: float = 30.0) -> None:
    """Wait until the machine has handed back to its host most of what was freed before now.

    A benchmark's own floor frees as much as 1.5 GB (``json.loads`` of a million orders): its
    hand-back must not land in the app's measured work. Where nothing is handed back, it
    returns at once. Else the kernel hands back in passes 2 s apart, a few hundred MiB each
    for 6 to 10 s after a large free, then a trickle of the whole machine's churn (about
    20 MiB a pass) that never stops: this returns once a ``window`` brings less than
    ``trickle_mib``, or after ``limit`` seconds."""
    if not hands_back_memory():
        return
    started = time.monotonic()
    samples = [(started, host_reported_mib())]
    while time.monotonic() - started < limit:
        await asyncio.sleep(0.25)  # sampling the kernel's counter, not synchronising code
        now = time.monotonic()
        samples.append((now, host_reported_mib()))
        earlier = [mib for at, mib in samples if at <= now - window]
        if earlier and samples[-1][1] - earlier[-1] < trickle_mib:
            return


_BYSTANDER = """
import os, sys, time
os.sched_setaffinity(0, {int(sys.argv[2])})
out = open(sys.argv[1], "w", buffering=1)
last = time.monotonic()
while True:
    time.sleep(0.005)
    now = time.monotonic()
    if now - last > 0.015:
        out.write(f"{last} {now}\\n")
    last = now
"""


class Bystander:
    """Processes of their own, one kept on each processor, that do nothing but sleep 5 ms at a
    time, noting each interval that took more than 15 ms. Where one was held over the same
    moment as the app's timer, its processor stalled, not the app: on 2026-11-23 such a process,
    idle but for its timer, was held 74 ms while the machine handed 512 MiB back to its host
    (see ``HOST_REPORTED``). One per processor, as a virtual machine's processors can be held
    one at a time.

    Their clock is the app's: ``time.monotonic`` (and ``perf_counter``, the same clock on
    Linux) is one clock for every process of the machine."""

    def __init__(self) -> None:
        OUT.mkdir(exist_ok=True)
        self._files: list[Path] = []
        self._processes: list[subprocess.Popen[bytes]] = []
        for cpu in sorted(os.sched_getaffinity(0)):
            noted = OUT / f"bystander-{os.getpid()}-{cpu}.txt"
            self._files.append(noted)
            self._processes.append(
                subprocess.Popen([sys.executable, "-c", _BYSTANDER, str(noted), str(cpu)])
            )
        atexit.register(self.stop)  # whatever ends the benchmark ends these processes too

    def held_during(self, started: float, ended: float) -> float:
        """How long, in seconds, the most held of these was held within ``started`` to
        ``ended``."""
        held = 0.0
        for noted in self._files:
            try:
                lines = noted.read_text().splitlines()
            except OSError:
                continue
            for line in lines:
                try:
                    first, last = map(float, line.split())
                except ValueError:
                    continue  # a line being written
                held = max(held, min(last, ended) - max(first, started))
        return held

    def stop(self) -> None:
        """End the processes and forget what they noted (again: nothing more)."""
        for process in self._processes:
            process.kill()
            process.wait()
        for noted in self._files:
            noted.unlink(missing_ok=True)


def median_time(run: Callable[[], Any], repeats: int = 5) -> float:
    """The median wall time of ``run()`` over ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def largest_timer_gap(
    work: Awaitable[Any], period: float = 0.005
) -> tuple[Any, float, float]:
    """Run ``work`` while a ``period`` timer ticks on the same loop; the longest tick interval
    and the ``time.monotonic()`` at its end."""
    done = False
    largest = ended = 0.0

    async def ticker() -> None:
        nonlocal largest, ended
        last = time.monotonic()
        while not done:
            await asyncio.sleep(period)
            now = time.monotonic()
            if now - last > largest:
                largest, ended = now - last, now
            last = now

    tick = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    try:
        result = await work
    finally:
        done = True
        await tick
    return result, largest, ended


def report(figures: dict[str, Any]) -> None:
    """Print the figures: readable lines, then the JSON object as the last line (naming the
    run's size, ``bench_orders``)."""
    figures = {"bench_orders": ORDERS, **figures}
    for key, value in figures.items():
        print(f"{key:>32}: {value:.4g}" if isinstance(value, float) else f"{key:>32}: {value}")
    print(json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}))


if __name__ == "__main__":  # StaticProcess's server: python -m bench.common FILE PORT [PAGE]
    held = Path(sys.argv[1]).read_bytes()
    page_size = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    served = paged_app(held, page_size) if page_size else static_app(held)
    uvicorn.run(served, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")

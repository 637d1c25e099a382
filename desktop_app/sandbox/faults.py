"""Faults on demand, so that the client's handling of a bad network and a bad server is tested
against real HTTP rather than mocks.

* ``latency_ms``: every ``/api/v1`` request waits this long before it is handled; a request whose
  client has gone away meanwhile is dropped unhandled (a time-out "before commit").
  ``latency_path``: only requests whose path starts with it wait (empty: all of them).
* ``fail_next`` / ``fail_rate`` + ``fail_status``: answer with that status instead of handling;
  ``fail_path``: only requests whose path starts with it (empty: all of them).
* ``drop_after_commit``: the next N create-payment or create-invoice requests are handled and
  committed, then the connection is closed without an answer.
* ``drop_next``: the next N requests of any kind are dropped unhandled, without an answer.
* ``hold_body_at``: GET answers under ``latency_path`` send this share of their body (0.5: half)
  and hold the rest until the switch is turned off or the client leaves, as a slow link to a
  store's whole history looks while it loads.
* ``answer_delay_ms``: create-payment and create-invoice requests are handled and committed at
  once, and their answer waits this long (a client that leaves meanwhile gets none), as a
  service slow to answer after it has recorded looks.
* ``late_commit_next`` + ``late_commit_ms``: the next N create-payment or create-invoice
  requests wait this long and are then handled and committed, whether their client is still
  there or not, as a service busy with a request that its client has given up on does.
  ``late_commit_held``: while on, those requests wait on after their time, until it is turned
  off: a test lets them be recorded once the client has looked for them, whatever the
  machine's speed.
* ``accept_duplicates``: a second payment of the same order with the same NSU and authorization
  code is recorded too, as a service without that check of its own would (the interface does
  not say the service has it): a client that sends one slip twice is then seen doing so.
* ``unreadable_next``: the next N non-empty list answers start with an element no client can
  read (``{}``: every element of the interface has a required identifier), as a service with a
  newer or broken row would send.

Set them from the environment (``POS_SANDBOX_LATENCY_MS``, ``POS_SANDBOX_FAIL_RATE``,
``POS_SANDBOX_FAIL_STATUS``, ``POS_SANDBOX_DROP_AFTER_COMMIT``), on ``app.state.faults`` in
process, or with ``PUT /_sandbox/faults`` when the server runs with ``--fault-control``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field, fields
from typing import Any
from urllib.parse import quote

from desktop_app.sandbox.fault_bounds import checked

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("desktop_app.sandbox.faults")

COMMITTING_PATHS = (
    "/api/v1/orders-payment/payments/create",
    "/api/v1/orders-payment/invoice/create",
)


@dataclass
class Faults:
    """The switches. Thread-safe enough for tests: each is read once per request."""

    latency_ms: float = 0.0
    latency_path: str = ""
    fail_rate: float = 0.0
    fail_status: int = 503
    fail_next: int = 0
    fail_path: str = ""
    drop_after_commit: int = 0
    drop_next: int = 0
    unreadable_next: int = 0
    hold_body_at: float = 0.0
    answer_delay_ms: float = 0.0
    late_commit_next: int = 0
    late_commit_ms: float = 0.0
    late_commit_held: bool = False
    accept_duplicates: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    # Set when a request was dropped because its client left during the injected latency:
    # tests wait on it instead of guessing how long the server takes to notice.
    _client_left: threading.Event = field(
        default_factory=threading.Event, repr=False, compare=False
    )
    _paths: list[str] = field(default_factory=list, repr=False, compare=False)
    _late_commits_done: int = field(default=0, repr=False, compare=False)
    _late_bodies_whole: int = field(default=0, repr=False, compare=False)
    _answers_held: int = field(default=0, repr=False, compare=False)
    _rng: random.Random = field(default_factory=random.Random, repr=False, compare=False)

    @classmethod
    def from_env(cls) -> Faults:
        """Switches set by ``POS_SANDBOX_*`` environment variables (bounded as :meth:`update`)."""
        faults = cls()
        faults.update(
            {
                "latency_ms": float(os.environ.get("POS_SANDBOX_LATENCY_MS", 0)),
                "fail_rate": float(os.environ.get("POS_SANDBOX_FAIL_RATE", 0)),
                "fail_status": int(os.environ.get("POS_SANDBOX_FAIL_STATUS", 503)),
                "drop_after_commit": int(os.environ.get("POS_SANDBOX_DROP_AFTER_COMMIT", 0)),
            }
        )
        return faults

    def public(self) -> dict[str, Any]:
        """The switches as JSON."""
        return {f.name: getattr(self, f.name) for f in fields(self) if not f.name.startswith("_")}

    def update(self, values: dict[str, Any]) -> None:
        """Set the named switches, all or none: an unknown name, a value of another kind or one
        out of its bounds (``fault_bounds.BOUNDS``) is refused with a ValueError saying which."""
        names = {f.name for f in fields(self) if not f.name.startswith("_")}
        unknown = set(values) - names
        if unknown:
            raise ValueError(f"unknown fault switches: {sorted(unknown)}")
        allowed = {
            name: checked(name, type(getattr(self, name)), value) for name, value in values.items()
        }
        for name, value in allowed.items():
            setattr(self, name, value)

    def reset(self) -> None:
        """Every switch off."""
        self.update(
            {
                "latency_ms": 0,
                "latency_path": "",
                "fail_rate": 0,
                "fail_next": 0,
                "fail_path": "",
                "drop_after_commit": 0,
                "drop_next": 0,
                "unreadable_next": 0,
                "hold_body_at": 0,
                "answer_delay_ms": 0,
                "late_commit_next": 0,
                "late_commit_ms": 0,
                "late_commit_held": False,
                "accept_duplicates": False,
            }
        )
        self._client_left.clear()  # a later test waits for its own client to leave

    @property
    def late_commits_done(self) -> int:
        """How many late commits have been handled (a test waits for its late ones)."""
        return self._late_commits_done

    @property
    def late_bodies_whole(self) -> int:
        """How many requests to commit late have come whole (a test that kills its client
        waits for this first: a body cut short is never committed)."""
        return self._late_bodies_whole

    @property
    def answers_held(self) -> int:
        """How many committed requests have had their answer held (``answer_delay_ms``): a test
        waits for its request to be recorded before it makes the client go."""
        return self._answers_held

    @property
    def client_left(self) -> bool:
        """Whether a request was dropped because its client left during the latency."""
        return self._client_left.is_set()

    @property
    def paths_seen(self) -> list[str]:
        """The ``/api/v1`` paths received so far (a test sees what reached the server)."""
        with self._lock:
            return list(self._paths)

    def wait_for_client_left(self, timeout: float) -> bool:
        """Block until a request was dropped because its client left during latency."""
        return self._client_left.wait(timeout)

    def _count_down(self, counter: str) -> bool:
        """Use one of a "next N requests" switch (the lock held); whether one was left."""
        left: int = getattr(self, counter)
        if left > 0:
            setattr(self, counter, left - 1)
        return left > 0

    def _take(self, counter: str) -> bool:
        with self._lock:
            return self._count_down(counter)

    def take_failure(self) -> bool:
        """Whether this request is to fail."""
        with self._lock:
            if self._count_down("fail_next"):
                return True
            return self.fail_rate > 0 and self._rng.random() < self.fail_rate

    def take_drop(self) -> bool:
        """Whether this committing request is to be dropped after its commit."""
        return self._take("drop_after_commit")

    def take_late_commit(self) -> bool:
        """Whether this committing request is to be handled late, client or not."""
        return self._take("late_commit_next")

    def take_drop_unhandled(self) -> bool:
        """Whether this request is to be dropped before it is handled."""
        return self._take("drop_next")

    def take_unreadable(self) -> bool:
        """Whether this list answer is to carry an unreadable element."""
        return self._take("unreadable_next")


def _error_body(status: int, message: str, error: str) -> bytes:
    return json.dumps({"statusCode": status, "message": message, "error": error}).encode()


async def _answer(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _abort_connection(receive: Receive) -> bool:
    # uvicorn's receive is a bound method of the request cycle, which holds the transport.
    # Aborting it is what a crashed proxy or a pulled cable looks like to the client.
    transport = getattr(getattr(receive, "__self__", None), "transport", None)
    if transport is None:
        return False
    transport.abort()
    return True


class FaultMiddleware:
    """Raw ASGI middleware applying :class:`Faults` to requests under ``/api/v1``."""

    def __init__(self, app: ASGIApp, faults: Faults) -> None:
        self.app = app
        self.faults = faults

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith("/api/v1/"):
            await self.app(scope, receive, send)
            return
        faults = self.faults
        with faults._lock:
            faults._paths.append(path)
        connection_receive = receive
        if faults.latency_ms > 0 and path.startswith(faults.latency_path):
            replaying = await self._wait(receive, faults.latency_ms / 1000)
            if replaying is None:
                log.info("client left during injected latency: %s not handled", quote(path))
                faults._client_left.set()
                return
            receive = replaying
        if faults.take_drop_unhandled():
            log.info("injected drop of %s before handling", quote(path))
            await self._drop(receive, send)
            return
        if path.startswith(faults.fail_path) and faults.take_failure():
            status = faults.fail_status
            await _answer(
                send, status, _error_body(status, "Injected failure", "Service Unavailable")
            )
            return
        if scope["method"] == "POST" and path in COMMITTING_PATHS and faults.take_late_commit():
            await self._late_commit(scope, receive, send, faults.late_commit_ms / 1000)
            return
        if scope["method"] == "POST" and path in COMMITTING_PATHS and faults.take_drop():
            await self._commit_then_drop(scope, receive, send, connection_receive)
            return
        if scope["method"] == "POST" and path in COMMITTING_PATHS and faults.answer_delay_ms > 0:
            await self._commit_then_wait(scope, receive, send, faults.answer_delay_ms / 1000)
            return
        if scope["method"] == "GET" and faults.unreadable_next > 0:
            await self._with_unreadable_element(scope, receive, send)
            return
        if (
            scope["method"] == "GET"
            and faults.hold_body_at > 0
            and path.startswith(faults.latency_path)
        ):
            await self.app(scope, receive, self._holding(receive, send))
            return
        await self.app(scope, receive, send)

    def _holding(self, receive: Receive, send: Send) -> Send:
        """A ``send`` that sends :attr:`Faults.hold_body_at` of the body and holds the rest."""
        faults = self.faults

        async def send_held(message: Message) -> None:
            body = message.get("body", b"")
            if message["type"] != "http.response.body" or len(body) < 2 or not faults.hold_body_at:
                await send(message)
                return
            cut = min(len(body) - 1, max(1, int(len(body) * faults.hold_body_at)))
            await send({"type": "http.response.body", "body": body[:cut], "more_body": True})
            while faults.hold_body_at:
                try:
                    late = await asyncio.wait_for(receive(), timeout=0.05)
                except TimeoutError:
                    continue
                if late["type"] == "http.disconnect":
                    log.info("client left an answer held at %d bytes", cut)
                    faults._client_left.set()
                    return
            await send({**message, "body": body[cut:]})

        return send_held

    async def _with_unreadable_element(self, scope: Scope, receive: Receive, send: Send) -> None:
        messages: list[Message] = []

        async def keep(message: Message) -> None:
            messages.append(message)

        await self.app(scope, receive, keep)
        start = next(m for m in messages if m["type"] == "http.response.start")
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
        if (
            start["status"] == 200
            and body[:1] == b"["
            and body[1:2] not in (b"]", b"")
            and (self.faults.take_unreadable())
        ):
            body = b"[{}," + body[1:]
        headers = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({**start, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _wait(self, receive: Receive, seconds: float) -> Receive | None:
        """Read the body, wait, and give a replaying ``receive``; None if the client left."""
        messages: list[Message] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] == "http.disconnect":
                return None
            if not message.get("more_body", False):
                break
        # The wait ends early if the client goes away meanwhile (or the server stops).
        try:
            late = await asyncio.wait_for(receive(), timeout=seconds)
        except TimeoutError:
            late = None
        if late is not None and late["type"] == "http.disconnect":
            return None
        if late is not None:
            messages.append(late)

        async def replay() -> Message:
            if messages:
                return messages.pop(0)
            return await receive()

        return replay

    async def _commit_then_drop(
        self, scope: Scope, receive: Receive, send: Send, connection_receive: Receive
    ) -> None:
        committed: list[int] = []

        async def swallow(message: Message) -> None:
            if message["type"] == "http.response.start":
                committed.append(int(message["status"]))

        await self.app(scope, receive, swallow)
        log.info("injected drop after %s answered %s", quote(scope["path"]), committed[:1])
        await self._drop(connection_receive, send)

    async def _late_commit(
        self, scope: Scope, receive: Receive, send: Send, seconds: float
    ) -> None:
        body: list[Message] = []
        while not body or body[-1].get("more_body", False):
            body.append(await receive())
            if body[-1]["type"] == "http.disconnect":
                return  # the body never came whole: there is nothing to handle
        with self.faults._lock:
            self.faults._late_bodies_whole += 1
        await asyncio.sleep(seconds)  # busy: whether the client waits is not looked at
        # The switch is turned off by another request or thread, as every switch here is.
        while self.faults.late_commit_held:  # noqa: ASYNC110
            await asyncio.sleep(0.02)  # held by the test until the client has looked

        async def replay() -> Message:
            return body.pop(0) if body else await receive()

        log.info("late commit of %s", quote(scope["path"]))
        try:
            await self.app(scope, replay, send)
        finally:
            with self.faults._lock:
                self.faults._late_commits_done += 1

    async def _commit_then_wait(
        self, scope: Scope, receive: Receive, send: Send, seconds: float
    ) -> None:
        answer: list[Message] = []

        async def keep(message: Message) -> None:
            answer.append(message)

        await self.app(scope, receive, keep)
        with self.faults._lock:
            self.faults._answers_held += 1
        try:
            late = await asyncio.wait_for(receive(), timeout=seconds)
        except TimeoutError:
            late = None
        if late is not None and late["type"] == "http.disconnect":
            log.info("client left before the answer to %s", quote(scope["path"]))
            self.faults._client_left.set()
            return
        for message in answer:
            await send(message)

    async def _drop(self, connection_receive: Receive, send: Send) -> None:
        if _abort_connection(connection_receive):
            # Let the server notice the lost connection before returning, so it does not try
            # to answer on it.
            for _ in range(3):
                await asyncio.sleep(0)
            return
        await send({"type": "http.response.start", "status": 500, "headers": []})
        raise ConnectionAbortedError("injected drop")

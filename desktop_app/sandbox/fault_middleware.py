"""The faults asked for (:class:`desktop_app.sandbox.faults.Faults`) acted out on the wire: an
ASGI middleware before the sandbox's routes that waits, fails, drops, holds a body's rest,
commits late or answers late, as each switch says."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from desktop_app.sandbox.faults import Faults

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


def _error_body(status: int, message: str, error: str) -> bytes:
    return json.dumps({"statusCode": status, "message": message, "error": error}).encode()


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


async def _answer(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})

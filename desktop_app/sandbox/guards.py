"""Guards in front of every route: a request that could harm the service or leak a card number
is answered before any handler reads it.

* A path parameter is exactly one segment, whatever it holds: an encoded ``/`` (``%2F``) is part
  of it (a formatted CNPJ ``12.345.678/0001-95`` is one search), never a route separator.
* A request body is at most :data:`MAX_BODY_BYTES` (413, unread beyond its declared length) and
  arrives within :data:`MAX_BODY_SECONDS` (408).
* A full card number in any part of an address, or in any field of a body, is refused (400),
  and never echoed in an answer or written to the log.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any
from urllib.parse import unquote

from pydantic import BaseModel

from desktop_app.sandbox.cards import has_card_number
from desktop_app.sandbox.wire import ServiceError, error_json

MAX_BODY_BYTES = 64 * 1024
"""A payment or invoice body is under 300 bytes."""
MAX_BODY_SECONDS = 15.0
"""A body of 300 bytes arrives in a millisecond; one still incomplete after this is not coming."""
CARD_REFUSED = "a full card number is never accepted, in any field"
SLASH_IN_SEGMENT = "\ue000"
"""Stands for an encoded ``/`` inside a path segment while routing (see :class:`OneSegment`)."""


class OneSegment:
    """ASGI middleware: route on segments as they were sent, so ``%2F`` stays inside one.

    Starlette routes on the decoded path, where ``a%2Fb`` has become two segments. Here each
    segment of the raw path is decoded on its own, with a ``/`` it holds replaced by a private
    character the handlers turn back (:func:`segment`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        raw = scope.get("raw_path")
        if scope["type"] == "http" and raw and b"%2f" in raw.lower():
            parts = raw.split(b"?", 1)[0].split(b"/")
            decoded = [unquote(part.decode("latin-1")) for part in parts]
            scope = dict(scope, path="/".join(p.replace("/", SLASH_IN_SEGMENT) for p in decoded))
        await self.app(scope, receive, send)


class BodyLimit:
    """ASGI middleware: a request body over :data:`MAX_BODY_BYTES` is refused, unread, and one
    that takes longer than ``seconds`` to arrive is given up (408).

    A declared length over the limit is answered at once; a body sent in chunks is counted as
    it is read and refused the moment it passes the limit (nothing more of it is read). A body
    shorter than its declared length would otherwise hold its connection open for ever."""

    def __init__(self, app: Any, seconds: float = MAX_BODY_SECONDS) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            await error_json(413, _too_large())(scope, receive, send)
            return
        received = 0
        deadline: float | None = None
        whole = False  # the body is all here: later reads (a disconnect) take their time

        async def counted() -> Any:
            nonlocal received, deadline, whole
            if whole:
                return await receive()
            loop = asyncio.get_running_loop()
            deadline = deadline or loop.time() + self.seconds
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                # The rest of the body is not coming: the connection goes with the answer.
                raise ServiceError(
                    408, _too_slow(self.seconds), headers={"Connection": "close"}
                ) from None
            whole = message.get("type") != "http.request" or not message.get("more_body")
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise ServiceError(413, _too_large())
            return message

        await self.app(scope, counted, send)


def _too_large() -> str:
    return f"a request body is at most {MAX_BODY_BYTES} bytes"


def _too_slow(seconds: float) -> str:
    return f"the request body did not arrive within {seconds:g} s"


class NoCardNumbers:
    """ASGI middleware: a full card number anywhere in a request's address is refused (400)
    before any route sees it, so no answer, list or error message can echo it.

    Each path segment and each query value is read on its own (a store and an order number
    side by side are two values, not one long number); a customer search may be a CNPJ and
    a product search a barcode (see :mod:`desktop_app.sandbox.cards`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and _address_has_card(scope):
            await error_json(400, CARD_REFUSED)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _address_has_card(scope: Any) -> bool:
    raw = scope.get("raw_path") or scope["path"].encode()
    segments = raw.decode("utf-8", "replace").split("?", 1)[0].split("/")
    for index, part in enumerate(segments):
        after = segments[index - 1] if index else ""
        if has_card_number(part, documents=after == "customers", barcodes=after == "products"):
            return True
    query = scope.get("query_string", b"").decode("utf-8", "replace")
    return any(has_card_number(value) for value in re.split(r"[&=]", query))


def segment(value: str) -> str:
    """A path parameter as the client sent it (an encoded ``/`` included)."""
    return value.replace(SLASH_IN_SEGMENT, "/")


def refuse_card_numbers(body: BaseModel) -> None:
    """A card number in any field is refused: typed into the wrong field, it would otherwise be
    echoed by the answer, the list and the log. (An amount is money, not text.)"""
    if any(has_card_number(str(value)) for name, value in body if name != "amount"):
        raise ServiceError(400, CARD_REFUSED)

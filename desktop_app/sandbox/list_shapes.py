"""Lists as other services give them (the list-shape dialects of
:mod:`desktop_app.sandbox.dialects`): in pages, in an envelope, in another charset, or nothing
said with 204. The sandbox builds every list whole as its own reading writes it; under one of
these dialects each list answer is taken whole here and given again in that shape. Only ever
asked for by tests, training and demos of another service."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from desktop_app.sandbox.dialects import Dialect, Dialects

PAGE = 50
"""Elements a page, where a dialect pages (a common default)."""

LIST_SHAPES = frozenset(
    {
        Dialect.PAGED_LINK, Dialect.PAGED_TOTAL, Dialect.ENVELOPE, Dialect.SPRING_PAGE,
        Dialect.LATIN_1, Dialect.EMPTY_204,
    }
)  # fmt: skip
"""The dialects that reshape a list's answer: one at a time (each is a whole way of answering)."""


class ListShapes:
    """ASGI middleware: each GET answer that is a JSON list, given again as ``dialects`` say."""

    def __init__(self, app: Any, dialects: Dialects) -> None:
        self.app = app
        self.shapes = dialects & LIST_SHAPES

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or not self.shapes:
            await self.app(scope, receive, send)
            return
        start: dict[str, Any] = {}
        parts: list[bytes] = []

        async def hold(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._answer(scope, start, b"".join(parts), send)
            else:
                await send(message)

        await self.app(scope, receive, hold)

    async def _answer(self, scope: Any, start: dict[str, Any], body: bytes, send: Any) -> None:
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
        status = int(start.get("status", 200))
        value = _a_list(body) if status == 200 else None
        if value is not None:
            query = parse_qs(scope.get("query_string", b"").decode())
            page = int(query.get("page", ["1"])[0]) if query.get("page", ["1"])[0].isdigit() else 1
            status, body, more = shaped(value, self.shapes, max(1, page))
            headers = [(k, v) for k, v in headers if k.lower() != b"content-type"] + more
        headers.append((b"content-length", str(len(body)).encode()))
        await send({**start, "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _a_list(body: bytes) -> list[Any] | None:
    try:
        value = json.loads(body)
    except ValueError:
        return None
    return value if isinstance(value, list) else None


def shaped(
    items: list[Any], shapes: Dialects, page: int
) -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
    """A whole list's answer as ``shapes`` give it: its status, its body and its headers."""
    json_type = [(b"content-type", b"application/json")]
    part = items[(page - 1) * PAGE : page * PAGE]
    more = page * PAGE < len(items)
    total = [(b"x-total-count", str(len(items)).encode())]
    if Dialect.PAGED_LINK in shapes:
        link = [(b"link", f'<?page={page + 1}>; rel="next"'.encode())] if more else []
        return 200, _json(part), json_type + total + link
    if Dialect.PAGED_TOTAL in shapes:
        return 200, _json(part), json_type + total
    if Dialect.ENVELOPE in shapes:
        return 200, _json({"data": items, "total": len(items)}), json_type
    if Dialect.SPRING_PAGE in shapes:
        spring = {
            "content": part,
            "totalElements": len(items),
            "last": not more,
            "number": page - 1,
        }
        return 200, _json(spring), json_type
    if Dialect.LATIN_1 in shapes:
        kind = [(b"content-type", b"application/json; charset=iso-8859-1")]
        return 200, _latin_1(items), kind
    if Dialect.EMPTY_204 in shapes and not items:
        return 204, b"", []
    return 200, _json(items), json_type


def _json(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def _latin_1(value: object) -> bytes:
    """JSON in ISO-8859-1: what it cannot hold written as JSON's own escapes."""
    text = json.dumps(value, ensure_ascii=False)
    return "".join(c if ord(c) < 256 else json.dumps(c)[1:-1] for c in text).encode("latin-1")

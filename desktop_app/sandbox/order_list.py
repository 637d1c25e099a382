"""A store's order list, the hot read of every till: its JSON cached, patched in place as
payments change an order, and sent a piece at a time."""

from __future__ import annotations

import bisect
import re
import threading
from collections import OrderedDict
from typing import Any

from fastapi.responses import Response

from desktop_app.sandbox.db import Database
from desktop_app.sandbox.wire import ORDER_JSON

PIECE_BYTES = 1 << 20
"""A store's cached answer is kept in pieces of about this size, each starting at an order."""
_ORDER_START = b',{"createDate":'


class OrderListBody:
    """A store's order list as JSON, in pieces of about :data:`PIECE_BYTES` cut between orders
    (views of the one body SQLite built: no copy), with the first order number of each.

    A payment changes one order: only the piece that holds it is copied with the order's new
    text. Patching one body of 336 MB (a million orders) cost a fresh copy of all of it, 0.7 s
    in this machine's memory; a piece costs a millisecond.
    """

    def __init__(self, pieces: list[bytes | memoryview], first_ids: list[int]) -> None:
        self.pieces = pieces
        self.first_ids = first_ids

    @classmethod
    def cut(cls, body: bytes, piece_bytes: int = PIECE_BYTES) -> OrderListBody:
        """``body`` (a JSON array of orders sorted by number) in pieces."""
        whole = memoryview(body)
        starts = [0]
        at = piece_bytes
        while at < len(body):
            cut = body.find(_ORDER_START, at)
            if cut < 0:
                break
            starts.append(cut)
            at = cut + piece_bytes
        ends = [*starts[1:], len(body)]
        first_ids = []
        for start in starts:
            at = body.find(b'"orderId":', start) + 10
            number = re.match(rb"\d+", body[at : at + 20])  # 20 bytes, not the rest of the body
            first_ids.append(int(number.group()) if number else -1)
        return cls([whole[a:b] for a, b in zip(starts, ends, strict=True)], first_ids)

    def __len__(self) -> int:
        return sum(len(piece) for piece in self.pieces)

    def patched(self, order_id: int, text: bytes) -> OrderListBody | None:
        """This body with order ``order_id``'s JSON replaced by ``text`` (None: not found)."""
        index = bisect.bisect_right(self.first_ids, order_id) - 1
        if index < 0:
            return None
        piece = bytes(self.pieces[index])
        at = piece.find(b'"orderId":%d,' % order_id)
        start = piece.rfind(b'{"createDate":', 0, at)
        if at < 0 or start < 0:
            return None
        end = piece.find(_ORDER_START, at)
        if end < 0:  # the piece's last order: up to the next piece, or to the list's "]"
            end = len(piece) - (1 if index == len(self.pieces) - 1 else 0)
        pieces = list(self.pieces)
        pieces[index] = b"".join((piece[:start], text, piece[end:]))
        return OrderListBody(pieces, self.first_ids)


class OrderListResponse(Response):
    """An :class:`OrderListBody` sent a piece at a time, with its whole length declared."""

    def __init__(self, body: OrderListBody) -> None:
        super().__init__(media_type="application/json")
        self._pieces = body.pieces
        self.raw_headers = [
            *((k, v) for k, v in self.raw_headers if k != b"content-length"),
            (b"content-length", str(len(body)).encode()),
        ]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await send(
            {"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers}
        )
        last = len(self._pieces) - 1
        for index, piece in enumerate(self._pieces):
            await send({"type": "http.response.body", "body": piece, "more_body": index < last})


class OrderListCache:
    """The JSON of each store's order list, kept current as orders change.

    Building 100,000 orders takes SQLite about 0.45 s (a million, 4 s) while sending them takes
    a fraction of that; the list is the hot read of every till. A trigger bumps
    ``orders_version`` on any change to ``orders`` (whichever process makes it) and notes the
    order in ``order_changes``. A cached answer whose version is behind is brought up to date
    in place: each changed order's JSON, read again, replaces its old text in the piece that
    holds it (found by its ``"orderId":N,``, which cannot occur inside a JSON string, where
    every quote is escaped). When the notes do not account for every version (pruned, or an
    order came or went), the list is built again. The version is read before the rows, so a
    write in between leaves rows newer than their version: the next request brings them up to
    date again, and a stale list is never served.
    """

    MAX_STORES = 4
    MAX_PATCHES = 50
    """Changed orders patched in place at most; past that a rebuild is as quick."""
    NOTES_KEPT = 10_000

    def __init__(self, db: Database) -> None:
        self._db = db
        self._lock = threading.Lock()
        self._cached: OrderedDict[str, tuple[int, OrderListBody]] = OrderedDict()

    def get(self, store_id: str) -> OrderListBody:
        version = int(self._db.meta("orders_version") or "0")
        with self._lock:
            hit = self._cached.get(store_id)
            if hit is not None and hit[0] == version:
                self._cached.move_to_end(store_id)
                return hit[1]
        body = None
        if hit is not None and version - hit[0] <= self.MAX_PATCHES:
            body = self._brought_up_to_date(store_id, hit, version)
        if body is None:
            body = OrderListBody.cut(self._built(store_id))
        with self._lock:
            self._cached[store_id] = (version, body)
            self._cached.move_to_end(store_id)
            while len(self._cached) > self.MAX_STORES:
                self._cached.popitem(last=False)
        return body

    def _built(self, store_id: str) -> bytes:
        conn = self._db.connect()
        row = conn.execute(
            f"SELECT json_group_array({ORDER_JSON}) FROM"
            " (SELECT * FROM orders WHERE store_id = ? ORDER BY order_id)",
            (store_id,),
        ).fetchone()
        with conn:  # notes older than any cache still needs are of no use
            conn.execute(
                "DELETE FROM order_changes WHERE version < (SELECT max(version) FROM"
                " order_changes) - ?",
                (self.NOTES_KEPT,),
            )
        return (row[0] if row and row[0] is not None else "[]").encode()

    def _brought_up_to_date(
        self, store_id: str, hit: tuple[int, OrderListBody], version: int
    ) -> OrderListBody | None:
        """The cached body with every order changed since it was built replaced (None: it
        cannot be brought up to date; build it again)."""
        conn = self._db.connect()
        notes = conn.execute(
            "SELECT order_id, store_id FROM order_changes WHERE version > ? AND version <= ?",
            (hit[0], version),
        ).fetchall()
        if len(notes) != version - hit[0]:
            return None  # some notes are gone: whatever they said is unknown
        body: OrderListBody | None = hit[1]
        for order_id in dict.fromkeys(order for order, store in notes if store == store_id):
            row = conn.execute(
                f"SELECT {ORDER_JSON} FROM orders WHERE order_id = ? AND store_id = ?",
                (order_id, store_id),
            ).fetchone()
            if row is None or body is None:
                return None  # an order came or went: its place in the list is new
            body = body.patched(order_id, row[0].encode())
        return body

"""Decode a large JSON array without freezing the event loop that shares the thread with a GUI.

Validating 100,000 orders in one ``validate_json`` call holds the GIL for about 0.7 s, and
``asyncio.to_thread`` does not help because the GIL is held all that time. So the body is fed
chunk by chunk to a worker thread that cuts it into slices of whole elements and validates one
slice per call: each call is a few milliseconds, and the GIL changes hands between them.

Cutting: a candidate cut is a ``}`` followed by ``,`` and ``{`` (whitespace allowed). Such text can
also occur inside a string or a nested object, so a cut is only taken when the slice before it
parses as a JSON array: a prefix that ends inside a string, or with a bracket open, never does.
When it does not parse, the next candidate is tried and the slice simply grows.
"""

from __future__ import annotations

import queue
import re
from collections.abc import Iterator
from typing import Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")

_CANDIDATE_CUT = re.compile(rb"\}\s*,\s*\{")
_LEADING_SPACE = re.compile(rb"\s*")
SLICE_BYTES = 256 * 1024


class ArrayShapeError(ValueError):
    """The body is not a JSON array of the expected elements."""


class DecodeCancelledError(Exception):
    """The call that fed the decoder was cancelled."""


_ABORT = object()


def _is_syntax_error(error: ValidationError) -> bool:
    return any(item["type"] == "json_invalid" for item in error.errors(include_url=False))


class ArrayDecoder(Generic[T]):
    """Turns the chunks of a JSON array body into a list of ``T``, on a worker thread.

    The loop side calls :meth:`feed` with each chunk (cheap, never blocks) and :meth:`finish`
    at the end; :meth:`run` is the worker's body and returns the list.
    """

    def __init__(self, element: TypeAdapter[list[T]], slice_bytes: int = SLICE_BYTES) -> None:
        self._adapter = element
        self._slice_bytes = slice_bytes
        self._chunks: queue.SimpleQueue[object] = queue.SimpleQueue()

    def feed(self, chunk: bytes) -> None:
        """Hand one chunk of the body to the worker."""
        if chunk:
            self._chunks.put(chunk)

    def finish(self) -> None:
        """The body is complete."""
        self._chunks.put(None)

    def abort(self) -> None:
        """Stop the worker as soon as it looks at its queue again."""
        self._chunks.put(_ABORT)

    def _chunk_stream(self) -> Iterator[bytes]:
        while True:
            chunk = self._chunks.get()
            if chunk is _ABORT:
                raise DecodeCancelledError
            if chunk is None:
                return
            assert isinstance(chunk, bytes)
            yield chunk

    def _validate(self, array_text: bytes) -> list[T]:
        return self._adapter.validate_json(array_text)

    def run(self) -> list[T]:
        """Worker body: consume the chunks, validate slice by slice, return every element."""
        items: list[T] = []
        pending = bytearray()
        opened = False
        search_from = self._slice_bytes
        body_complete = False
        for chunk in self._chunk_stream():
            pending += chunk
            if not opened:
                start = _LEADING_SPACE.match(pending)
                assert start is not None
                if start.end() == len(pending):
                    continue
                if pending[start.end()] != ord("["):
                    break  # not an array: the final validation says what it is
                del pending[: start.end() + 1]
                opened = True
            while len(pending) > search_from:
                cut = _CANDIDATE_CUT.search(pending, search_from)
                if cut is None:
                    # A cut may straddle two chunks: look again a little before the end.
                    search_from = max(self._slice_bytes, len(pending) - 64)
                    break
                head = b"[" + bytes(pending[: cut.start() + 1]) + b"]"
                try:
                    items.extend(self._validate(head))
                except ValidationError as error:
                    if not _is_syntax_error(error):
                        raise
                    search_from = cut.end()  # inside a string or a nested value: grow
                    continue
                del pending[: cut.end() - 1]
                search_from = self._slice_bytes
        else:
            body_complete = True
        if not opened:
            if not body_complete:
                for chunk in self._chunk_stream():  # the rest of a body that is not an array
                    pending += chunk
            self._validate(bytes(pending))  # raises: the body is not an array
            raise ArrayShapeError("the answer is not a list")
        items.extend(self._validate(b"[" + bytes(pending)))
        return items

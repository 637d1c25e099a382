"""Decode a large JSON array in short steps, so the event loop that shares the thread with a
GUI keeps answering between them.

Validating 100,000 orders in one ``validate_json`` call holds the thread (and the GIL) for about
0.7 s. Moving that to a worker thread does not help a Python GUI: the worker and the GUI take
turns at the GIL, every call Qt makes into Python waits for its turn, and the switching makes
both slower. So the body is cut into slices of whole elements as it arrives, and each
:meth:`ArrayDecoder.step` validates one slice: a few milliseconds, after which the caller
returns to its event loop.

Cutting: a candidate cut is a ``}`` followed by ``,`` and ``{`` (whitespace allowed). Such text can
also occur inside a string or a nested object, so a cut is only taken when the slice before it
parses as a JSON array: a prefix that ends inside a string, or with a bracket open, never does.
When it does not parse, the next candidate is tried and the slice simply grows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")

_CANDIDATE_CUT = re.compile(rb"\}\s*,\s*\{")
_LEADING_SPACE = re.compile(rb"\s*")
SLICE_BYTES = 128 * 1024
"""About 3 ms of validation for orders on a slow machine: well inside a frame."""


class ArrayShapeError(ValueError):
    """The body is not a JSON array of the expected elements."""


def _is_syntax_error(error: ValidationError) -> bool:
    return any(item["type"] == "json_invalid" for item in error.errors(include_url=False))


class ArrayDecoder(Generic[T]):
    """Turns the chunks of a JSON array body into a list of ``T``, one short step at a time.

    :meth:`feed` each chunk as it arrives, call :meth:`step` until it returns False (giving
    the event loop its turn after each), and :meth:`finish` at the end of the body.
    ``settle`` runs on each validated slice (the models' fix-ups that pydantic cannot do in
    Rust, done once per slice rather than once per element).
    """

    def __init__(
        self,
        adapter: TypeAdapter[list[T]],
        slice_bytes: int = SLICE_BYTES,
        settle: Callable[[list[T]], object] | None = None,
    ) -> None:
        self._adapter = adapter
        self._slice_bytes = slice_bytes
        self._settle = settle
        self._pending = bytearray()
        self._items: list[T] = []
        self._opened = False
        self._not_an_array = False
        self._search_from = slice_bytes

    def feed(self, chunk: bytes) -> None:
        """Add one chunk of the body (cheap: nothing is validated here)."""
        self._pending += chunk

    def step(self) -> bool:
        """Validate one slice if a whole one has arrived; whether one was."""
        pending = self._pending
        if not self._opened and not self._open():
            return False
        while len(pending) > self._search_from:
            cut = _CANDIDATE_CUT.search(pending, self._search_from)
            if cut is None:
                # A cut may straddle two chunks: look again a little before the end.
                self._search_from = max(self._slice_bytes, len(pending) - 64)
                return False
            try:
                part = self._validate(b"[" + bytes(pending[: cut.start() + 1]) + b"]")
            except ValidationError as error:
                if not _is_syntax_error(error):
                    raise
                self._search_from = cut.end()  # inside a string or a nested value: grow
                continue
            self._items.extend(part)
            del pending[: cut.end() - 1]
            self._search_from = self._slice_bytes
            return True
        return False

    def finish(self) -> list[T]:
        """The body is complete: validate what is left and return every element."""
        if not self._opened and not self._open():
            self._validate(bytes(self._pending))  # raises: says what the body is instead
            raise ArrayShapeError("the answer is not a list")
        self._items.extend(self._validate(b"[" + bytes(self._pending)))
        self._pending.clear()
        return self._items

    def _open(self) -> bool:
        """Skip the array's ``[``; whether the body has shown to be an array."""
        if self._not_an_array:
            return False
        start = _LEADING_SPACE.match(self._pending)
        assert start is not None
        if start.end() == len(self._pending):
            return False
        if self._pending[start.end()] != ord("["):
            self._not_an_array = True  # the final validation says what it is
            return False
        del self._pending[: start.end() + 1]
        self._opened = True
        return True

    def _validate(self, array_text: bytes) -> list[T]:
        items = self._adapter.validate_json(array_text)
        if self._settle is not None:
            self._settle(items)
        return items

"""Decode a large JSON array in short steps, so the event loop that shares the thread with a
GUI keeps answering between them; keep the elements that validate when some do not.

Validating 100,000 orders in one ``validate_json`` call holds the thread (and the GIL) for about
0.7 s. Moving that to a worker thread does not help a Python GUI: the worker and the GUI take
turns at the GIL, every call Qt makes into Python waits for its turn, and the switching makes
both slower. So the body is cut into slices of whole elements as it arrives, and each
:meth:`ArrayDecoder.step` validates one slice: a few milliseconds, after which the caller
returns to its event loop.

Cutting, fast: a candidate cut is a ``}`` followed by ``,`` and ``{`` (whitespace allowed). Such
text also occurs inside nested values (an element's list of items) and inside strings. The
slice is validated as a JSON array, which is the judge: it parses only when the cut is real
(a cut inside a string or a nested value always leaves one open). Flat elements, as orders
are, are cut at the first candidate past a slice's length, with nothing counted (a candidate
inside an element needs a list in it: a slice with a ``[`` is counted). Once a slice holds a
``[`` or a cut is fooled, braces are counted (in C, ``bytes.count``) from each slice's start
to each candidate for the rest of the body: only where the count is back to zero can the
slice end, so a candidate inside a nested value is passed over without parsing anything.
Strings can still fool the count (a name with a ``{`` in it): then the cut is found exactly,
as below.

Cutting, exactly: when the count is fooled, the elements are not objects, or no cut appears
within a few slices (one element larger than a slice), the standard library's C scanner
(``raw_decode``) finds each element's end. The text is read as Latin-1 for it: one character
per byte, so its positions are byte positions, and every byte that JSON gives meaning to is
ASCII. An element that has not fully arrived is tried again only once the body has doubled, so
even one enormous element costs linear time.

Every byte is counted at most once and parsed at most twice (the judge, and the exact scan
where the count was fooled; one slice more, the first fooled cut), so decoding stays linear in
the body whatever its shape.

Elements that do not validate are left out and reported (:class:`Unread`); when the first ones
all fail, or most of the list does, the body is of another shape and decoding fails at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from desktop_app.api.listing import Listing, Unread

T = TypeVar("T")

_CANDIDATE_CUT = re.compile(rb"\}\s*,\s*\{")
_SPACE = re.compile(r"[ \t\n\r]*")
_SPACE_BYTES = re.compile(rb"[ \t\n\r]*")
SLICE_BYTES = 128 * 1024
"""About 3 ms of validation for orders on a slow machine: well inside a frame."""
EXACT_AFTER_SLICES = 2
"""Slices to wait for a counted cut before finding element ends exactly."""
CANDIDATES_PER_STEP = 2_000
"""Candidate cuts looked at per step (one element of 56,000 nested objects has 56,000)."""
ELEMENTS_PER_STEP = 2_000
"""Elements found exactly per step: small scalars are many to the slice."""
NOT_AN_ARRAY_KEPT = 64 * 1024
"""Bytes of a body that is not an array kept to say what it is instead; the rest is not read."""
SHAPE_SAMPLE = 20
"""When this many elements have come and none validated, the answer is of another shape."""
REASONS_KEPT = 50
"""Reasons kept for elements that did not validate (the count is always exact)."""
AFTER_VALIDATION_EVERY = 2_000
"""Elements read after validation together: that look in C costs as much per call as for 400
elements (measured in a decode, where each slice's validation has just filled the caches)."""

_SCANNER = json.JSONDecoder()
_LEAP_SECOND = re.compile(
    rb'("\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}):60(?:\.\d+)?(Z|z|[+-]\d{2}:\d{2})"'
)


def without_leap_seconds(text: bytes) -> bytes:
    """``text`` with each RFC 3339 leap second (``23:59:60Z``) as the last instant before it:
    valid in RFC 3339, it has no place in Python's datetime, which pydantic uses. Applied only
    to elements that failed, so the common path pays nothing for it."""
    return _LEAP_SECOND.sub(rb'\1:59.999999\2"', text)


class ArrayShapeError(ValueError):
    """The body is not a JSON array of the expected elements."""


class _FooledCutError(Exception):
    """The cut was inside a string or a nested value: the slice did not parse."""


def _is_syntax_error(error: ValidationError) -> bool:
    return any(item["type"] == "json_invalid" for item in error.errors(include_url=False))


def _element_ends(text: str, start: int, limit: int, most: int) -> tuple[list[int], int | None]:
    """Ends of the whole elements of ``text`` (an array's inside) from ``start``, until ``limit``
    characters or ``most`` elements; and where the next element starts (None: none follows yet,
    or the array ends). Stops quietly at an element that has not fully arrived."""
    ends: list[int] = []
    position = start
    while len(ends) < most and position - start < limit:
        position = _SPACE.match(text, position).end()  # type: ignore[union-attr]
        try:
            _, end = _SCANNER.raw_decode(text, position)
        except (ValueError, RecursionError):
            return ends, None
        after = _SPACE.match(text, end).end()  # type: ignore[union-attr]
        if after >= len(text) or text[after] != ",":
            # The comma may not have arrived; without it the element is not known to be whole.
            if after < len(text):
                ends.append(end)  # the array's end (or a syntax error the judge will name)
            return ends, None
        ends.append(end)
        position = after + 1
    return ends, position


class ArrayDecoder(Generic[T]):
    """Turns the chunks of a JSON array body into a :class:`Listing` of ``T``, one short step
    at a time.

    :meth:`feed` each chunk as it arrives, calling :meth:`step` until it returns False (giving the
    event loop its turn after each); at the end of the body call :meth:`close`, step again until
    False, then :meth:`finish`. ``after_validation`` runs on the validated elements, a few slices at
    a time (:data:`AFTER_VALIDATION_EVERY`), with their slices' texts (the models' fix-ups that
    pydantic cannot do in Rust, done for many elements at once rather than once per element: see
    ``desktop_app.api.after_validation``); the elements it names are left out and reported, at their
    places in the answer, like those that did not validate. ``context``: what every validation is
    given (pydantic's context: the models read the service's time zone there).
    """

    def __init__(
        self,
        adapter: TypeAdapter[list[T]],
        slice_bytes: int = SLICE_BYTES,
        after_validation: Callable[[list[T], Sequence[bytes]], list[tuple[int, str]]] | None = None,
        context: object = None,
    ) -> None:
        self._adapter = adapter
        self._slice_bytes = max(1, slice_bytes)
        self._after_validation = after_validation
        self._context = context
        self._read_upto = 0  # self._items[:read_upto] are read after validation
        self._unread_slices: list[tuple[Sequence[int], bytes]] = []  # their places, their slice
        self._pending = bytearray()
        self._items: Listing[T] = Listing()
        self._unread: list[Unread] = []
        self._unread_count = 0
        self._opened = False
        self._not_an_array = False
        self._closed = False
        self._counting = False  # a cut was fooled: count braces from now on (see the module)
        self._restart()

    def _restart(self) -> None:
        """A cut was taken: the count starts again at the new slice's start."""
        self._counted = 0  # braces are counted in pending[:counted]
        self._depth = 0  # { minus } in pending[:counted]
        self._search_from = 0
        self._exact = False  # the count was fooled in this slice: find ends exactly
        self._exact_retry_at = 0  # pending length at which an unfinished element is tried again

    def feed(self, chunk: bytes) -> None:
        """Add one chunk of the body (cheap: nothing is validated here)."""
        self._pending += chunk

    def close(self) -> None:
        """The body is complete: what is left may be cut however short."""
        self._closed = True

    def step(self) -> bool:
        """Do one short piece of work if there is one; whether there was."""
        if not self._opened and not self._open():
            if self._not_an_array and len(self._pending) > NOT_AN_ARRAY_KEPT:
                raise ArrayShapeError("the answer is not a list")
            return False
        if len(self._pending) <= self._slice_bytes:
            return False  # less than a slice: wait for more, or leave it to finish()
        if not self._exact:
            cut = self._counted_cut() if self._counting else self._first_cut()
            if cut is True:
                return True  # looked at a batch of candidates; more next step
            if cut is not None:
                try:
                    self._take(cut)
                    return True
                except _FooledCutError:
                    if not self._counting:
                        # Strings with braces in them: count from now on.
                        return self._count_from_now()
                    self._exact = True
            elif len(self._pending) < EXACT_AFTER_SLICES * self._slice_bytes and not self._closed:
                return False
            else:
                self._exact = True
        return self._exact_cut()

    def finish(self) -> Listing[T]:
        """The body is complete: validate what is left and return every element that validated."""
        if not self._opened and not self._open():
            self._validated(bytes(self._pending))  # raises: says what the body is
            raise ArrayShapeError("the answer is not a list")
        self._validate(b"[" + bytes(self._pending), strict=True)
        self._pending.clear()
        self._read_batch_after_validation()
        items = self._items
        if self._unread_count and self._unread_count > len(items):
            raise ArrayShapeError(self._other_shape())
        items.unread_count = self._unread_count
        items.unread = tuple(sorted(self._unread, key=attrgetter("index")))
        return items

    def cut_short(self) -> Listing[T]:
        """The body ended before it was whole (the connection closed early): every element
        that came whole, validated; the one cut off, and what never came, left out."""
        if self._opened or self._open():
            text = self._pending.decode("latin-1")
            ends, _ = _element_ends(text, 0, len(text) + 1, len(text) + 1)
            if ends:
                self._take(ends[-1], exact=True)
        self._pending.clear()
        self._read_batch_after_validation()
        items = self._items
        items.unread_count = self._unread_count
        items.unread = tuple(sorted(self._unread, key=attrgetter("index")))
        return items

    # -- cutting -------------------------------------------------------------------------------

    def _first_cut(self) -> int | bool | None:
        """The first candidate cut at or after a slice's length (None: none yet; True: the
        slice holds a list, so braces are counted from now on)."""
        pending = self._pending
        found = _CANDIDATE_CUT.search(pending, max(self._search_from, self._slice_bytes))
        if found is None:
            # A cut may straddle two chunks: look again a little before the end.
            self._search_from = max(0, len(pending) - 64)
            return None
        if pending.find(b"[", 0, found.start()) != -1:
            # A candidate inside an element needs a list of objects in it: count, rather than
            # pay a slice's validation to learn it (one C scan, not two).
            return self._count_from_now()
        return found.start() + 1

    def _count_from_now(self) -> bool:
        """Count braces for this slice and every later one (see the module)."""
        self._counting = True
        self._restart()
        return True

    def _counted_cut(self) -> int | bool | None:
        """The end of the first element, at or after a slice's length, where the brace count is
        back to zero (None: none yet; True: a batch of candidates was passed over)."""
        pending = self._pending
        start = max(self._search_from, self._slice_bytes)
        for _ in range(CANDIDATES_PER_STEP):
            found = _CANDIDATE_CUT.search(pending, start)
            if found is None:
                # A cut may straddle two chunks: look again a little before the end.
                self._search_from = max(self._counted, len(pending) - 64)
                return None
            close = found.start() + 1
            self._depth += pending.count(b"{", self._counted, close) - pending.count(
                b"}", self._counted, close
            )
            self._counted = start = self._search_from = close
            if self._depth == 0:
                return close
        return True

    def _exact_cut(self) -> bool:
        """Find whole elements with the C scanner and take them as a slice."""
        pending = self._pending
        if len(pending) < self._exact_retry_at:
            return False
        text = pending.decode("latin-1")
        ends, _ = _element_ends(text, 0, self._slice_bytes, ELEMENTS_PER_STEP)
        if not ends:
            # The first element has not fully arrived (or is not JSON: finish will say).
            self._exact_retry_at = 2 * len(pending) if not self._closed else len(pending) + 1
            return False
        self._take(ends[-1], exact=True)
        return True

    def _take(self, cut: int, exact: bool = False) -> None:
        """Validate ``pending[:cut]`` (whole elements) and drop it and the comma after it."""
        pending = self._pending
        self._validate(b"[" + bytes(pending[:cut]) + b"]", strict=exact)
        after = _SPACE_BYTES.match(pending, cut).end()  # type: ignore[union-attr]
        if after < len(pending) and pending[after] == ord(","):
            after += 1
        del pending[:after]
        self._restart()

    # -- validating ----------------------------------------------------------------------------

    def _validate(self, array_text: bytes, strict: bool) -> None:
        """Validate one slice, keeping its good elements; ``strict``: the cut is known to be
        real, so a syntax error is the body's own."""
        start = self._items_seen()
        places: Sequence[int]
        try:
            items = self._validated(array_text)
        except ValidationError as error:
            if _is_syntax_error(error):
                if strict:
                    raise
                raise _FooledCutError from None
            items, places = self._salvage(array_text, error, start)
        else:
            places = range(start, start + len(items))
        if items:
            self._keep(items, places, array_text)
        if not self._items and self._unread_count >= SHAPE_SAMPLE:
            raise ArrayShapeError(self._other_shape())

    def _salvage(
        self, array_text: bytes, error: ValidationError, start: int
    ) -> tuple[list[T], list[int]]:
        """The elements of a slice (its first at ``start`` in the answer) that validate, once
        some did not, and their places: each element's span is found exactly, the failing ones
        are noted and the rest validated together."""
        failures: dict[int, str] = {}
        for problem in error.errors(include_url=False, include_input=False):
            location = problem["loc"]
            if location and isinstance(location[0], int):
                where = ".".join(str(part) for part in location[1:])
                failures.setdefault(location[0], f"{where}: {problem['msg']}".lstrip(": "))
        text = array_text.decode("latin-1")
        ends, _ = _element_ends(text, 1, len(text), len(text))
        starts = [1] + [text.index(",", end) + 1 for end in ends[:-1]]
        spans = list(zip(starts, ends, strict=True))
        good, places = [], []
        for index, (begin, end) in enumerate(spans):
            element = array_text[begin:end]
            if index in failures:
                fixed = without_leap_seconds(element)
                if fixed == element or not self._validates(fixed):
                    self._note_unread(start + index, failures[index])
                    continue
                element = fixed
            good.append(element)
            places.append(start + index)
        if not good:
            return [], []
        return self._validated(b"[" + b",".join(good) + b"]"), places

    def _keep(self, items: list[T], places: Sequence[int], array_text: bytes) -> None:
        """Keep a slice's validated ``items`` (at ``places`` in the answer): read after validation
        together with the next ones once :data:`AFTER_VALIDATION_EVERY` wait (and at the end)."""
        self._items.extend(items)
        if self._after_validation is not None:
            self._unread_slices.append((places, array_text))
            if len(self._items) - self._read_upto >= AFTER_VALIDATION_EVERY:
                self._read_batch_after_validation()

    def _read_batch_after_validation(self) -> None:
        """Settle the elements kept since the last time, leaving out (as unread) those it
        refuses."""
        if self._after_validation is None or not self._unread_slices:
            return
        batch = self._items[self._read_upto :]
        refused = self._after_validation(batch, [text for _, text in self._unread_slices])
        if refused:
            places = [place for slice_places, _ in self._unread_slices for place in slice_places]
            for index, reason in refused:
                self._note_unread(places[index], reason)
            left_out = {index for index, _ in refused}
            del self._items[self._read_upto :]
            self._items.extend(item for index, item in enumerate(batch) if index not in left_out)
        self._read_upto = len(self._items)
        self._unread_slices.clear()

    def _note_unread(self, place: int, reason: str) -> None:
        self._unread_count += 1
        if len(self._unread) < REASONS_KEPT:
            self._unread.append(Unread(place, reason))

    def _validated(self, array_text: bytes) -> list[T]:
        return self._adapter.validate_json(array_text, context=self._context)

    def _validates(self, element: bytes) -> bool:
        try:
            self._validated(b"[" + element + b"]")
        except ValidationError:
            return False
        return True

    def _items_seen(self) -> int:
        return len(self._items) + self._unread_count

    def _other_shape(self) -> str:
        reason = (
            f" (element {self._unread[0].index}: {self._unread[0].reason})" if self._unread else ""
        )
        counts = f"{self._unread_count} of {self._items_seen()}"
        return f"{counts} elements are not of the expected form{reason}"

    def _open(self) -> bool:
        """Skip the array's ``[``; whether the body has shown to be an array."""
        if self._not_an_array:
            return False
        start = _SPACE_BYTES.match(self._pending).end()  # type: ignore[union-attr]
        if start == len(self._pending):
            self._pending.clear()  # only white space so far: nothing to keep
            return False
        if self._pending[start] != ord("["):
            self._not_an_array = True  # the final validation says what it is
            return False
        del self._pending[: start + 1]
        self._opened = True
        return True


__all__ = ["ArrayDecoder", "ArrayShapeError", "without_leap_seconds"]

"""Reading an answer's body: bounded in size, unpacked in bounded pieces, and given up when it
makes no real progress.

httpx's time-out applies to each read of the socket: a body trickled one byte every half
second never trips it. :class:`Progress` keeps one deadline for the whole request that moves on
only while the answer makes real progress (:data:`MIN_BYTES_PER_SECOND` over each time-out
period), far below any real link: 336 MB of orders over a 100 Mbit/s store link take 27 s and
are never cut, while a stalled or trickling answer fails within one time-out.

httpx also unpacks a gzip body in one call per chunk, with no limit: half a megabyte of
"gzip bomb" became 500 MB in 1.8 s without a turn for the window. Here each packed chunk is
unpacked a piece at a time, the loop gets its turn between pieces, and the body stops being
read the moment it passes its maximum.
"""

from __future__ import annotations

import asyncio
import codecs
import zlib
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from email.message import Message

import httpx
from httpcore._async.http11 import AsyncHTTP11Connection

MIN_BYTES_PER_SECOND = 1024
"""An answer slower than this over a whole time-out period is not making real progress."""
MAX_LIST_BYTES = 512 * 1024 * 1024
"""A list answer, unpacked. The largest real one, 1,000,000 orders, is about 336 MB."""
MAX_ONE_BYTES = 16 * 1024 * 1024
"""One object (an order, the answer to a payment): a few hundred bytes in practice."""
MAX_ERROR_BYTES = 64 * 1024
"""What is read of an error's body: its message is in the first few hundred bytes."""
PIECE_BYTES = 256 * 1024
"""Unpacked bytes per piece: about a millisecond of zlib."""
MAX_PACKING_RATIO = 500
"""The sandbox's orders pack 11 times; synthetic ones with every name alike, 55 to 120 times;
runs of one byte, 1,000 times (deflate's limit). Past 16 MiB, an answer that unpacks to more
than this many times what was sent is a bomb, not an answer."""
_RATIO_CHECKED_AFTER = 16 * 1024 * 1024
ACCEPT_ENCODING = "gzip, deflate"

READ_BYTES = 256 * 1024
"""Bytes asked of the socket per read. httpcore asks 64 KB; asyncio's transport receives up to
256 KB at a time, and under qasync every read is a trip through the Qt event loop: a 34 MB
order list arrives in a quarter of the trips (0.10-0.13 s instead of 0.13-0.20 s here). Kept on
its figure at a million orders (issue 68; ``bench_gui_orders``, with and without, interleaved,
2026-11-27): request to painted 1.16x and 1.45x the floor with it, 1.83x and 1.66x without,
against a target of 1.5x. A private attribute of httpcore's: tests/api checks it still works."""


def _read_larger_chunks() -> None:
    # A class attribute, not an option: tests/api checks it still exists after an upgrade.
    AsyncHTTP11Connection.READ_NUM_BYTES = max(AsyncHTTP11Connection.READ_NUM_BYTES, READ_BYTES)


_read_larger_chunks()


class BodyTooLargeError(ValueError):
    """The body passed its maximum (or unpacked like a bomb); it was not read further."""


class UnknownEncodingError(ValueError):
    """The body is packed in a way this client did not ask for and cannot read."""


BytesListener = Callable[[int, int | None], None]
"""Told the bytes of an answer received so far and the bytes it said it holds (None: unsaid)."""


class Progress:
    """One request's deadline, moved on each time the answer brings its quota of bytes; and
    whoever wants to show how far the answer has come (:meth:`listen`)."""

    def __init__(self, scope: asyncio.Timeout, seconds: float) -> None:
        self._scope = scope
        self._seconds = seconds
        self._quota = int(seconds * MIN_BYTES_PER_SECOND)
        self._received = 0
        self._listener: BytesListener | None = None
        self._total = 0
        self.expected: int | None = None
        """The bytes the answer says it holds (its Content-Length, packed as sent)."""

    @property
    def received(self) -> int:
        """The bytes of the answer received so far, as they came (packed, if it was)."""
        return self._total

    def listen(self, listener: BytesListener | None) -> None:
        """Tell ``listener`` of each piece of the body as it arrives."""
        self._listener = listener

    def advance(self, count: int) -> None:
        """``count`` bytes arrived."""
        self._total += count
        if self._listener is not None:
            self._listener(self._total, self.expected)
        self._received += count
        if self._received >= self._quota:
            self._received = 0
            self._scope.reschedule(asyncio.get_running_loop().time() + self._seconds)

    def arrived(self) -> None:
        """The whole body is here: what is left (decoding) is this app's work, not the link's."""
        self._scope.reschedule(None)


@asynccontextmanager
async def watched(seconds: float) -> AsyncIterator[Progress]:
    """A scope that raises ``TimeoutError`` when its answer stops making real progress."""
    async with asyncio.timeout(seconds) as scope:
        yield Progress(scope, seconds)


class _Unpacker:
    """Unpacks one packed chunk at a time, in pieces of at most :data:`PIECE_BYTES`."""

    def __init__(self, coding: str) -> None:
        self._raw_deflate_tried = coding != "deflate"
        wbits = zlib.MAX_WBITS if coding == "deflate" else zlib.MAX_WBITS | 32  # 32: gzip or zlib
        self._unpacker = zlib.decompressobj(wbits)
        self._started = False
        self.consumed = 0  # packed bytes unpacked so far

    def __call__(self, packed: bytes) -> Iterator[bytes]:
        data = packed
        while data and not self._unpacker.eof:
            try:
                piece = self._unpacker.decompress(data, PIECE_BYTES)
            except zlib.error:
                if self._started or self._raw_deflate_tried:
                    raise
                # Some servers send raw deflate, without the zlib header the name promises.
                self._raw_deflate_tried = True
                self._unpacker = zlib.decompressobj(-zlib.MAX_WBITS)
                continue
            self._started = True
            self.consumed += len(data) - len(self._unpacker.unconsumed_tail)
            data = self._unpacker.unconsumed_tail
            if piece:
                yield piece


def _unpacker(encoding: str) -> _Unpacker | None:
    """What unpacks the body (None: the body is not packed)."""
    codings = [part.strip().lower() for part in encoding.split(",") if part.strip()]
    codings = [coding for coding in codings if coding != "identity"]
    if not codings:
        return None
    if len(codings) > 1 or codings[0] not in ("gzip", "x-gzip", "deflate"):
        raise UnknownEncodingError(f"the answer is packed as {encoding[:40]!r}")
    return _Unpacker(codings[0])


async def body_chunks(
    response: httpx.Response, progress: Progress, limit: int, *, truncate: bool = False
) -> AsyncIterator[bytes]:
    """The body of ``response``, unpacked, a piece at a time, at most ``limit`` bytes.

    Past ``limit`` it raises :class:`BodyTooLargeError` (``truncate``: it stops quietly, for an
    error's body, where the start is all that is wanted).
    """
    try:
        content = response.content  # already read by its transport (a mock, a wrapper)
    except httpx.ResponseNotRead:
        pass
    else:
        # As it is: httpx has unpacked it already, and there is no stream left to read.
        progress.advance(len(content))
        if len(content) > limit and not truncate:
            raise BodyTooLargeError(f"the answer passed {limit:,} bytes unpacked")
        yield content[:limit]
        progress.arrived()
        return
    declared = response.headers.get("content-length", "")
    progress.expected = int(declared) if declared.isdigit() else None
    unpack = _unpacker(response.headers.get("content-encoding", ""))
    if unpack is None and declared.isdigit() and int(declared) > limit and not truncate:
        raise BodyTooLargeError(
            f"the answer is {int(declared):,} bytes; at most {limit:,} are read"
        )
    packed = unpacked = 0
    async for raw in response.aiter_raw():
        progress.advance(len(raw))
        packed += len(raw)
        pieces = unpack(raw) if unpack is not None else iter((raw,))
        try:
            for piece in pieces:
                unpacked += len(piece)
                consumed = unpack.consumed if unpack is not None else packed
                if unpacked > limit or (
                    unpacked > _RATIO_CHECKED_AFTER and unpacked > MAX_PACKING_RATIO * consumed
                ):
                    if truncate:
                        yield piece[: max(0, limit - (unpacked - len(piece)))]
                        return
                    raise BodyTooLargeError(f"the answer passed {limit:,} bytes unpacked")
                yield piece
                if unpack is not None:
                    await asyncio.sleep(0)  # unpacking is this thread's work: the window's turn
        except zlib.error as error:
            raise UnknownEncodingError(f"the packed answer is damaged ({error})") from None
    progress.arrived()


async def read_all(
    response: httpx.Response, progress: Progress, limit: int, *, truncate: bool = False
) -> bytes:
    """The whole body of ``response`` (see :func:`body_chunks`)."""
    parts = [chunk async for chunk in body_chunks(response, progress, limit, truncate=truncate)]
    return b"".join(parts)


def declared_charset(response: httpx.Response) -> str:
    """The charset ``response``'s Content-Type declares ("" when none: JSON's own, UTF-8)."""
    header = Message()
    header["content-type"] = response.headers.get("content-type", "")
    charset = header.get_param("charset")
    return charset.strip().lower() if isinstance(charset, str) else ""


def _decoder(charset: str) -> codecs.IncrementalDecoder | None:
    """What turns a body in ``charset`` into text (None: it is UTF-8, read as it is)."""
    try:
        info = codecs.lookup(charset or "utf-8")
    except LookupError:
        raise UnknownEncodingError(f"its charset {charset[:40]!r} is not one known here") from None
    if info.name == "utf-8":
        return None
    try:
        "".encode(info.name)  # a text codec (base64 and the like are not charsets)
        return info.incrementaldecoder("strict")
    except (LookupError, TypeError):
        raise UnknownEncodingError(f"its charset {charset[:40]!r} is not a charset") from None


_BOM = codecs.BOM_UTF8


async def in_utf8(chunks: AsyncIterator[bytes], charset: str) -> AsyncIterator[bytes]:
    """``chunks`` of a body in ``charset``, as UTF-8 (what the JSON reader reads); a UTF-8
    byte-order mark at its start is dropped. A body not in the charset it declares raises
    :class:`UnknownEncodingError`."""
    decoder = _decoder(charset)
    start: bytes | None = b""
    async for chunk in chunks:
        if decoder is not None:
            try:
                yield decoder.decode(chunk).encode("utf-8")
            except UnicodeDecodeError:
                raise UnknownEncodingError(
                    f"it is not in the charset it declares ({charset})"
                ) from None
            continue
        if start is not None:  # the first bytes, until it is known whether a mark opens them
            start += chunk
            if len(start) < len(_BOM) and _BOM.startswith(start):
                continue
            chunk, start = start.removeprefix(_BOM), None
        yield chunk
    if decoder is not None:
        try:
            yield decoder.decode(b"", final=True).encode("utf-8")
        except UnicodeDecodeError:
            raise UnknownEncodingError(
                f"it is not in the charset it declares ({charset})"
            ) from None
    elif start:
        yield start

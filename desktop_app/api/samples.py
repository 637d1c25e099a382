"""Answers as the service wrote them, for the service check (``desktop_app.core.service_check``):
each read once, its body kept up to a cap of size and time, then seen twice: as written (its
elements as JSON gave them: which fields are strings, nulls, timestamps with a zone) and as the
app reads them (the same decoder, reading after validation and reasons as every list the app
shows)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx
from pydantic import ValidationError

from desktop_app.api import models
from desktop_app.api._answers import RefusedAfterValidationError, one_item, says_it_holds_nothing
from desktop_app.api._arrays import ArrayDecoder, ArrayShapeError
from desktop_app.api._body import (
    MAX_ONE_BYTES,
    BytesListener,
    Progress,
    body_chunks,
    declared_charset,
    in_utf8,
)
from desktop_app.api._client import ApiClient
from desktop_app.api._pages import PageFacts, envelope, header_facts
from desktop_app.api.after_validation import Reading, reader_after_validation
from desktop_app.api.listing import Listing

SAMPLE_BYTES = 32 * 1024 * 1024
"""The most of one answer kept: about 100,000 orders."""
ONE_BYTES = MAX_ONE_BYTES
"""The most of an answer of one item kept (as the app reads it)."""
SAMPLE_SECONDS = 60.0
"""The longest one answer is read for; what has come by then is what is looked at."""
_TURN_EVERY = 500
"""Elements looked at between the event loop's turns (the window shares the thread)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One answer: its body as written (``whole``: all of it; else cut at the cap), the
    service's clock (its ``Date``) and this desk's when the answer came."""

    body: bytes
    whole: bool
    service_clock: datetime | None
    desk_clock: datetime
    page: PageFacts = field(default_factory=PageFacts)
    """What its headers say of the list it is a page of (its next page, its total)."""


async def sample(
    client: ApiClient,
    route: str,
    parameters: Mapping[str, str | int] | None = None,
    *,
    limit: int = SAMPLE_BYTES,
    seconds: float = SAMPLE_SECONDS,
    on_bytes: BytesListener | None = None,
) -> Sample:
    """The answer to a GET of ``route`` (its address's ``parameters``) as it came; errors as
    every call raises them."""

    async def read(response: httpx.Response, progress: Progress) -> Sample:
        progress.listen(on_bytes)
        desk_clock = datetime.now(UTC)
        if says_it_holds_nothing(response):  # 204, or a length of 0: an empty list, as the app
            return Sample(b"[]", True, _clock(response), desk_clock, header_facts(response))
        started = time.monotonic()
        parts: list[bytes] = []
        size, whole = 0, True
        # The same bytes, through the same decoding, as the app reads: in the charset the
        # answer declares (a body not in it, or one unknown, fails as every read does).
        chunks = body_chunks(response, progress, limit, truncate=True)
        async for chunk in in_utf8(chunks, declared_charset(response)):
            parts.append(chunk)
            size += len(chunk)
            if time.monotonic() - started > seconds:
                whole = False
                break
        page = header_facts(response)
        return Sample(b"".join(parts), whole and size < limit, _clock(response), desk_clock, page)

    return await client.fetch(route, read, **(parameters or {}))


def _clock(response: httpx.Response) -> datetime | None:
    """The service's clock when it answered, from its ``Date`` header (None when it has none)."""
    try:
        moment = parsedate_to_datetime(response.headers.get("date", ""))
    except (TypeError, ValueError, IndexError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Elements:
    """A list answer's elements as JSON gave them, and each one's text; ``instead`` says what
    the answer is when it is no list ("" when it is one)."""

    values: list[Any] = field(default_factory=list)
    texts: list[bytes] = field(default_factory=list)
    instead: str = ""
    page: PageFacts | None = None  # what an envelope said of the whole (None: no envelope)


_SCANNER = json.JSONDecoder()


async def elements_of(body: bytes, base: httpx.URL | None = None) -> Elements:
    """The whole elements of a list answer (an answer cut short ends at its last whole one),
    or of the list its envelope holds (a next page read against ``base``)."""
    base = base if base is not None else httpx.URL("http://service.invalid/")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(body) - 3:  # not a character cut at the cap: not UTF-8 at all
            return Elements(instead="text that is not in the charset it declares")
        text = body[: error.start].decode("utf-8")
    start = len(text) - len(text.lstrip())
    if text[start : start + 1] == "{":  # an envelope, perhaps: read as the app reads one
        try:
            found = envelope(json.loads(text), base)
        except (ValueError, RecursionError):
            found = None
        if found is not None:
            items, said = found
            inside = [json.dumps(item, ensure_ascii=False).encode() for item in items]
            return Elements(items, inside, page=said)
    if text[start : start + 1] != "[":
        return Elements(instead=what_it_is(text))
    values: list[Any] = []
    texts: list[bytes] = []
    at = _skip(text, start + 1)
    while at < len(text) and text[at] != "]":
        try:
            value, end = _SCANNER.raw_decode(text, at)
        except (ValueError, RecursionError):
            break  # cut here, or broken: what came before is what is looked at
        values.append(value)
        texts.append(text[at:end].encode())
        at = _skip(text, end)
        if at < len(text) and text[at] == ",":
            at = _skip(text, at + 1)
        if len(values) % _TURN_EVERY == 0:
            await asyncio.sleep(0)
    return Elements(values, texts)


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def what_it_is(text: str) -> str:
    """What an answer that is no list is, said for IT: ``an object (data, total)``."""
    if not text.strip():
        return "nothing"
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return "text"
    if isinstance(value, dict):
        return "object (" + ", ".join(str(key) for key in list(value)[:8]) + ")"
    return type(value).__name__ if value is not None else "null"


async def as_the_app_reads(route: str, texts: Sequence[bytes], reading: Reading) -> Listing[Any]:
    """The elements of a list as the app reads them (left out, with reasons, where it cannot);
    raises ``ValueError`` with the reason when the list is not of the elements it expects."""
    decoder = ArrayDecoder(
        models.LISTS[route], after_validation=reader_after_validation(reading), context=reading
    )
    decoder.feed(b"[" + b",".join(texts) + b"]")
    decoder.close()
    try:
        while decoder.step():  # noqa: ASYNC110 - work between turns, not polling
            await asyncio.sleep(0)
        return decoder.finish()
    except ValidationError as error:
        raise ValueError(first_reason(error)) from None
    except ArrayShapeError as error:
        raise ValueError(str(error)) from None


def one_order(body: bytes, reading: Reading) -> models.Order:
    """One order as the app reads it; raises ``ValueError`` with the reason when it cannot."""
    try:
        return one_item(body, models.ONE_ORDER, reading)
    except ValidationError as error:
        raise ValueError(first_reason(error)) from None
    except RefusedAfterValidationError as error:
        raise ValueError(str(error)) from None


def first_reason(error: ValidationError) -> str:
    """The first of pydantic's reasons, as the app's errors say it: ``orderId: Field required``."""
    first = error.errors(include_url=False, include_input=False)[:1]
    if not first:
        return str(error)
    where = ".".join(str(part) for part in first[0]["loc"])
    return f"{where}: {first[0]['msg']}" if where else first[0]["msg"]

"""Reading the service's answers: a list slice by slice, one item, a POST's answer, an error's
body, and the errors for an answer that cannot be read or is not in the documented shape."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import httpx
from pydantic import TypeAdapter, ValidationError

from desktop_app.api import routes
from desktop_app.api._arrays import ArrayDecoder, ArrayShapeError, without_leap_seconds
from desktop_app.api._body import (
    MAX_LIST_BYTES,
    MAX_ONE_BYTES,
    BodyTooLargeError,
    Progress,
    body_chunks,
    declared_charset,
    in_utf8,
    read_all,
)
from desktop_app.api._errors import (
    ApiError,
    ApiResponseTooLargeError,
    ApiResponseValidationError,
    ApiUncertainAnswerError,
)
from desktop_app.api._pages import (
    CutShortError,
    PageFacts,
    Partial,
    envelope,
    header_facts,
    with_envelope,
)
from desktop_app.api.after_validation import (
    AS_THE_INTERFACE_SAYS,
    Reading,
    read_after_validation,
    reader_after_validation,
)
from desktop_app.api.listing import Listing

T = TypeVar("T")
ROUTE = "pos_backoffice.route"
"""The key of a request's extensions that carries its route (``…/customers/{filter}``), set by
the client as it builds each request: what an answer's errors name the address by."""


def decode_body(body: bytes) -> Any:
    """The JSON of an error body if it has one, else its text (for the message), else None."""
    if not body.strip():
        return None
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return body[:500].decode("utf-8", "replace")


async def read_one(
    response: httpx.Response, progress: Progress, adapter: TypeAdapter[T], reading: Reading
) -> T:
    """One item (an order), validated whole and read after validation (see
    :mod:`desktop_app.api.after_validation`)."""
    chunks = body_chunks(response, progress, MAX_ONE_BYTES)
    body = b"".join([chunk async for chunk in in_utf8(chunks, declared_charset(response))])
    try:
        return one_item(body, adapter, reading)
    except ValidationError as error:
        raise shape_error(response, body, error) from None
    except RefusedAfterValidationError as error:
        raise ApiResponseValidationError(
            f"The service's answer to {_where(response)} was not in the expected form: {error}",
            status_code=response.status_code,
            body=body[:500],
        ) from None


class RefusedAfterValidationError(ValueError):
    """An item that validated but cannot be read as it stands (an amount finer than a cent)."""


def one_item(body: bytes, adapter: TypeAdapter[T], reading: Reading) -> T:
    """The item ``body`` holds, as :func:`read_one` reads it; raises pydantic's
    ``ValidationError`` or :class:`RefusedAfterValidationError`."""
    try:
        item = adapter.validate_json(body, context=reading)
    except ValidationError as error:
        try:
            item = adapter.validate_json(without_leap_seconds(body), context=reading)
        except ValidationError:
            raise error from None
    refused = read_after_validation([item], [body], reading)
    if refused:
        raise RefusedAfterValidationError(refused[0][1])
    return item


async def read_posted(response: httpx.Response, progress: Progress) -> Any:
    """A POST's answer: its JSON, its text, or None (the sign-in's: it says for itself)."""
    body = await read_all(response, progress, MAX_ONE_BYTES, truncate=True)
    if not body.strip():
        return None
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return body.decode("utf-8", "replace")


async def read_created(response: httpx.Response, progress: Progress) -> Any:
    """A create's answer, as :func:`read_posted` reads it: a 2xx says "recorded" when its body
    is empty (a bare 201 or 204), JSON that is no error, or plain text. A web page, or JSON
    shaped like an error, says nothing of the sort: :class:`ApiUncertainAnswerError`, an
    unknown outcome, looked for at the service."""
    answer = await read_posted(response, progress)
    kind = response.headers.get("content-type", "").split(";")[0].strip().casefold()
    web_page = kind in ("text/html", "application/xhtml+xml") or (
        isinstance(answer, str) and answer.lstrip()[:1] == "<"
    )
    if web_page or error_shaped(answer):
        what = "a web page" if web_page else "an error's shape"
        raise ApiUncertainAnswerError(
            f"The service's answer to {_where(response)} ({response.status_code}) is {what},"
            " not a record: whether it was recorded is not known",
            status_code=response.status_code,
            body=str(answer)[:500] if answer is not None else None,
        )
    return answer


_FAILED_STATUSES = frozenset({"error", "fail", "failed", "failure"})


def error_shaped(answer: object) -> bool:
    """Whether a JSON answer says it failed, as services write it: a ``statusCode`` or
    ``status`` of 400 or more, a ``status`` of "error", ``success`` or ``ok`` false, or an
    ``error``/``errors`` that holds something."""
    if not isinstance(answer, dict):
        return False
    for key in ("statusCode", "status"):
        status = answer.get(key)
        if isinstance(status, int) and not isinstance(status, bool) and status >= 400:
            return True
    status = answer.get("status")
    if isinstance(status, str) and status.strip().casefold() in _FAILED_STATUSES:
        return True
    if answer.get("success") is False or answer.get("ok") is False:
        return True
    return bool(answer.get("error")) or bool(answer.get("errors"))


TOKEN_KEYS = ("access_token", "accessToken", "token", "jwt")
"""Where sign-in services put the token in their answer (OAuth's, and the common others)."""
TOKEN_TEXT = re.compile(r"[\x21-\x7e]+")
"""What a bearer token may hold in a header: visible ASCII, no spaces or line breaks."""


@dataclass(frozen=True, slots=True)
class SignInAnswer:
    """A sign-in's answer as it came: where its token is (``data.accessToken``; empty when it
    holds none) and the names it holds, never their values (the service check says them)."""

    found_at: str
    keys: tuple[str, ...]
    _token: object = field(default=None, repr=False)

    @property
    def token(self) -> str:
        """The token, when it is one a request can carry; else the answer is not a sign-in's."""
        token = self._token
        if not isinstance(token, str) or not token:
            raise ApiResponseValidationError(
                "The sign-in service answered without a token", status_code=200, body=None
            )
        if not TOKEN_TEXT.fullmatch(token):
            raise ApiResponseValidationError(
                "The sign-in service answered with a token no request can carry",
                status_code=200,
                body=None,
            )
        return token


def sign_in_answer(answer: object) -> SignInAnswer:
    """The token of a sign-in answer: under one of :data:`TOKEN_KEYS`, at the top level or
    under ``data`` (services that wrap every answer)."""
    keys = tuple(str(key) for key in answer) if isinstance(answer, dict) else ()
    data = answer.get("data") if isinstance(answer, dict) else None
    for prefix, place in (("", answer), ("data.", data)):
        if isinstance(place, dict):
            key = next((key for key in TOKEN_KEYS if place.get(key)), None)
            if key is not None:
                return SignInAnswer(prefix + key, keys, place[key])
    return SignInAnswer("", keys)


BuildPause = Callable[[], AbstractContextManager[object]]
"""What a large list is built under (the app pauses the garbage collector meanwhile; see
``desktop_app.process.collector``): given to the client at start-up, nothing by default."""


async def decode_array(
    response: httpx.Response,
    progress: Progress,
    adapter: TypeAdapter[list[T]],
    build_pause: BuildPause = nullcontext,
    reading: Reading = AS_THE_INTERFACE_SAYS,
) -> Listing[T]:
    """Validate the body slice by slice as it arrives, giving the event loop its turn between
    slices: the window that shares this thread keeps painting and taking keys. Each slice is
    read after validation as ``reading`` says (see :mod:`desktop_app.api.after_validation`)."""
    facts = header_facts(response)
    if says_it_holds_nothing(response):
        listing: Listing[T] = Listing()
        listing.page = facts
        return listing
    decoder = ArrayDecoder(
        adapter, after_validation=reader_after_validation(reading), context=reading
    )
    chunks = in_utf8(body_chunks(response, progress, MAX_LIST_BYTES), declared_charset(response))
    try:
        with build_pause():
            held = bytearray()  # an object's bytes: an envelope, maybe, read whole
            in_an_object: bool | None = None  # not known before the first byte that is no space
            async for chunk in _until_cut(chunks):
                if chunk is None:  # the connection closed before the end
                    raise _cut_short(decoder, in_an_object, facts, progress)
                if in_an_object is None and chunk.strip():
                    in_an_object = chunk.lstrip()[:1] == b"{"
                if in_an_object:
                    held += chunk
                    continue
                decoder.feed(chunk)
                while decoder.step():  # noqa: ASYNC110 - work between turns, not polling
                    await asyncio.sleep(0)
            if in_an_object:
                facts = _from_the_envelope(decoder, bytes(held), response, facts)
            decoder.close()
            while decoder.step():  # noqa: ASYNC110 - work between turns, not polling
                await asyncio.sleep(0)
            listing = decoder.finish()
    except (ValidationError, ArrayShapeError) as error:
        raise shape_error(response, b"", error) from None
    listing.page = replace(facts, size=progress.received)
    return listing


async def _until_cut(chunks: AsyncIterator[bytes]) -> AsyncIterator[bytes | None]:
    """``chunks``, then None if the connection closed before the body's end."""
    try:
        async for chunk in chunks:
            yield chunk
    except httpx.RemoteProtocolError:
        yield None


def _cut_short(
    decoder: ArrayDecoder[Any], in_an_object: bool | None, facts: PageFacts, progress: Progress
) -> CutShortError:
    """What came whole of a list cut short (of an envelope, whose list is not known, nothing)."""
    listing = decoder.cut_short() if not in_an_object else Listing()
    listing.partial = Partial.CUT_SHORT
    listing.page = replace(facts, next_url=None, size=progress.received)
    return CutShortError(listing)


def _from_the_envelope(
    decoder: ArrayDecoder[Any], body: bytes, response: httpx.Response, facts: PageFacts
) -> PageFacts:
    """Feed ``decoder`` the list an envelope holds (or the body as it is, when it holds none:
    then the decoder says what it is), and what the envelope says of the whole, with what
    the headers said where it says nothing."""
    try:
        found = envelope(json.loads(body), response.url)
    except (ValueError, RecursionError):
        found = None
    if found is None:
        decoder.feed(body)
        return facts
    items, said = found
    decoder.feed(json.dumps(items, ensure_ascii=False).encode())
    return with_envelope(facts, said)


def says_it_holds_nothing(response: httpx.Response) -> bool:
    """Whether a read's answer says, by HTTP's own rules, that it holds nothing: a 204 (No
    Content), or a success whose Content-Length is 0. A list read so is empty, never "not
    understood"; a body that ends before its declared length is another thing (cut short)."""
    return response.status_code == 204 or response.headers.get("content-length") == "0"


def _where(response: httpx.Response) -> str:
    """The address of ``response``'s request by its route, never by what it held; a request
    made elsewhere (no route carried) by its kind, as a third party's log line is."""
    route = response.request.extensions.get(ROUTE)
    return route if isinstance(route, str) else routes.by_kind(response.request.url.path)


def shape_error(response: httpx.Response, body: bytes, error: Exception) -> ApiError:
    """The error for a 2xx answer that is not in the documented shape."""
    detail = ""
    if isinstance(error, ValidationError):
        first = error.errors(include_url=False, include_input=False)[:1]
        if first:
            where = ".".join(str(part) for part in first[0]["loc"])
            detail = f": {where} {first[0]['msg']}".rstrip()
    elif isinstance(error, ArrayShapeError) and str(error):
        detail = f": {error}"  # how many elements, and why the first of them
    return ApiResponseValidationError(
        f"The service's answer to {_where(response)} was not in the expected form{detail}",
        status_code=response.status_code,
        body=body[:500],
    )


def unreadable(response: httpx.Response | None, error: Exception) -> ApiError:
    """The error for an answer too large to take, or packed in a way it cannot be unpacked."""
    where = _where(response) if response is not None else "the service"
    cls = (
        ApiResponseTooLargeError
        if isinstance(error, BodyTooLargeError)
        else ApiResponseValidationError
    )
    status = response.status_code if response is not None else 0
    return cls(f"The service's answer to {where} could not be read: {error}", status_code=status)

"""Reading the service's answers: a list slice by slice, one item, a POST's answer, an error's
body, and the errors for an answer that cannot be read or is not in the documented shape."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any, TypeVar

import httpx
from pydantic import TypeAdapter, ValidationError

from desktop_app.api import routes
from desktop_app.api._arrays import ArrayDecoder, ArrayShapeError, Listing, without_leap_seconds
from desktop_app.api._body import (
    MAX_LIST_BYTES,
    MAX_ONE_BYTES,
    BodyTooLargeError,
    Progress,
    body_chunks,
    read_all,
)
from desktop_app.api._errors import (
    ApiError,
    ApiResponseTooLargeError,
    ApiResponseValidationError,
)
from desktop_app.api.settle import AS_THE_INTERFACE_SAYS, Reading, settle, settler

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
    """One item (an order), validated whole and settled (see :mod:`desktop_app.api.settle`)."""
    body = await read_all(response, progress, MAX_ONE_BYTES)
    try:
        item = adapter.validate_json(body, context=reading)
    except ValidationError as error:
        try:
            item = adapter.validate_json(without_leap_seconds(body), context=reading)
        except ValidationError:
            raise shape_error(response, body, error) from None
    refused = settle([item], [body], reading)
    if refused:
        raise ApiResponseValidationError(
            f"The service's answer to {_where(response)} was not in the expected form:"
            f" {refused[0][1]}",
            status_code=response.status_code,
            body=body[:500],
        )
    return item


async def read_posted(response: httpx.Response, progress: Progress) -> Any:
    """A POST's answer: its JSON, its text, or None; a 2xx is success whatever its shape."""
    body = await read_all(response, progress, MAX_ONE_BYTES, truncate=True)
    if not body.strip():
        return None
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return body.decode("utf-8", "replace")


TOKEN_KEYS = ("access_token", "accessToken", "token", "jwt")
"""Where sign-in services put the token in their answer (OAuth's, and the common others)."""


def token_in(answer: object) -> object:
    """The token of a sign-in answer: under one of :data:`TOKEN_KEYS`, at the top level or
    under ``data`` (services that wrap every answer); None when there is none."""
    for place in (answer, answer.get("data") if isinstance(answer, dict) else None):
        if isinstance(place, dict):
            found = next((place[key] for key in TOKEN_KEYS if place.get(key)), None)
            if found is not None:
                return found
    return None


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
    settled as ``reading`` says (see :mod:`desktop_app.api.settle`)."""
    decoder = ArrayDecoder(adapter, settle=settler(reading), context=reading)
    try:
        with build_pause():
            async for chunk in body_chunks(response, progress, MAX_LIST_BYTES):
                decoder.feed(chunk)
                while decoder.step():  # noqa: ASYNC110 - work between turns, not polling
                    await asyncio.sleep(0)
            decoder.close()
            while decoder.step():  # noqa: ASYNC110 - work between turns, not polling
                await asyncio.sleep(0)
            return decoder.finish()
    except (ValidationError, ArrayShapeError) as error:
        raise shape_error(response, b"", error) from None


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

"""The wire under the client of ``/api/v1``: one request loop (:meth:`Wire._send`) does
everything every call needs: the address and trust, the bearer header, the status-to-error
mapping, and retries of safe reads with backoff. A POST is sent once: after an ambiguous
failure the payment flow decides what to do, never this layer. What each route asks and reads
is :mod:`desktop_app.api._client`'s.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Self, TypedDict, TypeVar, cast

import httpx

from desktop_app import DEFAULT_TIMEOUT_SECONDS, version
from desktop_app.api import routes
from desktop_app.api._answers import ROUTE, TOKEN_TEXT, decode_body, unreadable
from desktop_app.api._body import (
    ACCEPT_ENCODING,
    MAX_ERROR_BYTES,
    BodyTooLargeError,
    Progress,
    UnknownEncodingError,
    read_all,
    watched,
)
from desktop_app.api._errors import (
    ApiConnectionError,
    ApiNotSentError,
    ApiResponseTooLargeError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    NotFoundError,
    ServiceNotFoundError,
    make_status_error,
)
from desktop_app.api._network import Leaving, Network, headers_too_large, no_cookies
from desktop_app.api._pages import CutShortError
from desktop_app.api._retry import RETRYABLE_STATUSES, backoff
from desktop_app.api.address import AddressError, ServiceAddress, address_or_why_not
from desktop_app.api.echoes import WITHHELD, quotes_a_secret, while_sent
from desktop_app.api.secret import Secret
from desktop_app.api.trust import (
    CertificateAuthorityError,
    certificate_error,
    tls_context,
    trust_or_why_not,
    verification_failure,
)

log = logging.getLogger("desktop_app.api")

R = TypeVar("R")

SIGN_IN = "the sign-in address"
"""How logs and errors name the store's sign-in address (its own, outside the interface)."""
NOWHERE = "http://invalid.invalid/"
"""The base while the address given is no address: never contacted (every request refuses)."""


def _unquoted(method: str, route: str, answer: R, sent: Iterable[str]) -> R:
    """A create's answer, shown and kept (the invoice book), or None when it quotes what was
    ``sent``: none of it, as it came. (A sign-in's answer is read for its token alone.)"""
    if method == "POST" and route != SIGN_IN and quotes_a_secret(answer, sent):
        log.warning("the answer to /%s: %s", route, WITHHELD)
        return cast("R", None)
    return answer


class WireOptions(TypedDict, total=False):
    """What :class:`Wire` takes besides the address and the token (its defaults are its own):
    what a class built on it passes on untouched."""

    token_provider: Callable[[], str | None] | None
    timeout: float
    max_retries: int
    backoff_base: float
    backoff_max: float
    transport: httpx.AsyncBaseTransport | None
    ca_file: str | None


class Wire:
    """One request to the store's service, as HTTP has it: its address and trust, the bearer
    header, the status-to-error mapping, and retries of safe reads with backoff.

    The bearer token comes from ``token_provider`` at each request (the app's session is its one
    home), or from ``token`` where no provider is given (scripts, tests). Certificates are
    verified against the system's store plus ``ca_file`` (see :mod:`desktop_app.api.trust`).
    Use as an async context manager, or call :meth:`aclose`.
    """

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        token_provider: Callable[[], str | None] | None = None,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = 2,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        transport: httpx.AsyncBaseTransport | None = None,
        ca_file: str | None = None,
    ) -> None:
        self._address = address_or_why_not(base_url)
        self._trust = trust_or_why_not(ca_file)
        self._network = Network(self._context())
        self.token = token
        self._token_provider = token_provider
        self.max_retries = max(0, max_retries)
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self._seconds = timeout
        self._http = httpx.AsyncClient(
            base_url=self.base_url,
            timeout=httpx.Timeout(timeout),
            transport=transport or self._network,
            trust_env=False,  # the environment's proxies are routed by Network, never loopback
            headers={
                "Accept": "application/json",
                "Accept-Encoding": ACCEPT_ENCODING,
                "User-Agent": f"pos-backoffice/{version()}",
            },
            cookies=no_cookies(),
            follow_redirects=False,
        )

    def __repr__(self) -> str:
        # The token never appears here: only whether one is set.
        state = "set" if self._token() else "none"
        return f"{type(self).__name__}(base_url={self.base_url!r}, token=<{state}>)"

    def _token(self) -> str | None:
        return self._token_provider() if self._token_provider is not None else self.token

    def set_base_url(self, base_url: str) -> None:
        """Talk to another address from the next request on."""
        self._address = address_or_why_not(base_url)
        self._http.base_url = httpx.URL(self.base_url)

    def set_ca_file(self, ca_file: str | None) -> None:
        """Trust the system's store plus ``ca_file`` from the next connection on."""
        self._trust = trust_or_why_not(ca_file)
        self._network.trust(self._context())

    def _context(self) -> ssl.SSLContext:
        return self._trust if isinstance(self._trust, ssl.SSLContext) else tls_context(None)

    @property
    def base_url(self) -> str:
        """The service's base in its one form (with or without ``/api/v1`` as given)."""
        return self._address.base if isinstance(self._address, ServiceAddress) else NOWHERE

    def _service(self) -> ServiceAddress:
        """The service's address; an address that is none refuses the request instead."""
        if isinstance(self._address, AddressError):
            raise self._address
        if isinstance(self._trust, CertificateAuthorityError):
            raise self._trust
        return self._address

    @property
    def timeout(self) -> float:
        """Seconds each request may take (without real progress: see :func:`watched`)."""
        return self._seconds

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self._seconds = seconds
        self._http.timeout = httpx.Timeout(seconds)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections."""
        await self._http.aclose()

    # -- the request loop ------------------------------------------------------------------

    def _headers(self) -> dict[str, str]:
        token = self._token()
        if not token:
            return {}
        if not TOKEN_TEXT.fullmatch(token):
            # httpx would refuse the header as a broken connection ("could not reach"): the
            # truth is that this sign-in cannot be used, and signing in again is the way on.
            raise AuthenticationError(
                "The sign-in token holds characters a request cannot carry", status_code=401
            )
        return {"Authorization": f"Bearer {token}"}

    async def _send(
        self,
        method: str,
        route: str,
        path: str,
        read: Callable[[httpx.Response, Progress], Awaitable[R]],
        *,
        content: bytes | None = None,
        on_leaving: Callable[[], None] | None = None,
        secrets: tuple[Secret, ...] = (),
    ) -> R:
        """Send one request to ``path``, an address of ``route`` (and, for GET, its retries);
        ``read`` turns a 2xx into the result. Logs and messages name the address by its route,
        never by what it holds (a search, an order's number).

        Each attempt runs under one deadline that moves on only while the answer makes real
        progress (see :mod:`desktop_app.api._body`). ``on_leaving`` is called as the request
        starts to leave this machine (its first byte about to be written), so that a caller can
        write down that the service may have it before that becomes true."""
        self._service()
        headers = self._headers()
        if content is not None:
            headers["Content-Type"] = "application/json"
        request = self._http.build_request(method, path, content=content, headers=headers)
        request.extensions[ROUTE] = route  # what an answer's errors name it by
        leaving = Leaving(on_leaving)
        request.extensions["trace"] = leaving
        # What the service must never say back: the token in the header, and ``secrets``.
        sent = (self._token() or "", *(secret.reveal() for secret in secrets))
        with while_sent(sent):  # a library's log line that quotes one is withheld too
            return await self._attempts(request, route, read, sent, leaving)

    async def _attempts(
        self,
        request: httpx.Request,
        route: str,
        read: Callable[[httpx.Response, Progress], Awaitable[R]],
        sent: tuple[str, ...],
        leaving: Leaving,
    ) -> R:
        """The attempts of :meth:`_send` (a GET's retries; a POST's one)."""
        method = request.method
        retries = self.max_retries if method == "GET" else 0
        where = route  # what logs and messages name: never what was typed
        attempt = 0
        while True:
            started = time.perf_counter()
            leaving.started = False  # this attempt's own
            response: httpx.Response | None = None
            try:
                async with watched(self.timeout) as progress:
                    response = await self._http.send(request, stream=True)
                    try:
                        took = (time.perf_counter() - started) * 1000
                        log.debug(
                            "%s /%s -> %s in %.0f ms", method, where, response.status_code, took
                        )
                        if response.is_success:
                            return _unquoted(method, route, await read(response, progress), sent)
                        error_body = await read_all(
                            response, progress, MAX_ERROR_BYTES, truncate=True
                        )
                    finally:
                        await response.aclose()
                if response.status_code not in RETRYABLE_STATUSES or attempt >= retries:
                    raise await self._status_error(response, error_body, route, sent)
            except (BodyTooLargeError, UnknownEncodingError) as error:
                raise unreadable(response, error) from None
            except CutShortError as cut:  # a list's answer ended early: as a dropped connection
                if attempt >= retries:
                    log.warning("the answer to /%s was cut short: %d read", where, len(cut.listing))
                    return cast("R", cut.listing)
            except (httpx.TimeoutException, TimeoutError) as error:
                if attempt >= retries:
                    raise self._timed_out(error, leaving.started, f"{method} /{where}") from error
            except httpx.TransportError as error:
                if headers_too_large(error):  # it answered: the answer cannot be read
                    raise ApiResponseTooLargeError(
                        f"The service's answer to /{where} could not be read: its headers are"
                        " larger than this app reads",
                        status_code=0,
                    ) from None
                failure = verification_failure(error)
                if failure is not None:  # the same certificate again would be refused again
                    url = request.url
                    raise await certificate_error(failure, url.host, url.port or 443) from None
                if attempt >= retries:
                    raise self._unreachable(error) from error
            delay = backoff(attempt, response, self.backoff_base, self.backoff_max)
            attempt += 1
            log.info("retrying %s /%s in %.2f s (attempt %d)", method, where, delay, attempt + 1)
            await asyncio.sleep(delay)

    async def _status_error(
        self, response: httpx.Response, error_body: bytes, route: str, sent: Iterable[str]
    ) -> ApiStatusError:
        """The error for a non-2xx answer; a 404 where the service is not either says so. Its
        words are withheld whole when they quote what was ``sent`` (the sign-in's password,
        the token)."""
        said = (error_body, response.reason_phrase)
        withheld = any(quotes_a_secret(text, sent) for text in said)
        error = make_status_error(
            response.status_code, decode_body(error_body), response.reason_phrase,
            withheld=withheld,
        )  # fmt: skip
        if isinstance(error, NotFoundError) and not await self._answers_at(route):
            return ServiceNotFoundError(error.message, status_code=404, withheld=withheld)
        return error

    def _timed_out(
        self, error: httpx.TimeoutException | TimeoutError, left: bool, call: str
    ) -> ApiConnectionError:
        """An attempt's time ran out: before a byte of the request was written (still
        connecting, or waiting for a connection), nothing was sent; after, the service did not
        answer in time and what it did with the request is unknown."""
        if not left:
            return self._unreachable(error, left=False)
        return ApiTimeoutError(
            f"The service did not answer within {self.timeout:g} s ({call})", seconds=self.timeout
        )

    def _unreachable(
        self, error: httpx.TransportError | TimeoutError, *, left: bool = True
    ) -> ApiConnectionError:
        # Only a failure to connect, or a time-out before a byte of the request was written
        # (``left`` False), says the request never left; any later failure (the connection
        # dropped, reset, closed without an answer) leaves a POST's outcome unknown.
        not_sent = not left or isinstance(error, httpx.ConnectError)
        kind = ApiNotSentError if not_sent else ApiConnectionError
        return kind(f"Could not reach the service at {self.base_url} ({type(error).__name__})")

    async def _answers_at(self, route: str) -> bool:
        """Whether the service answers at the address ``route`` was asked of, told by a read
        that always exists (the stores): a 404 there too means this address is not the
        service. An answer that is not a 404 (401, most likely) or no answer at all is taken
        as "it is there", so a real 404 keeps its own words."""
        if route == routes.STORES:
            return False
        return await self.unsigned_status(self.timeout) != 404

    async def unsigned_status(self, seconds: float | None) -> int | None:
        """The status of an unauthenticated read of the stores (any answer, 401 above all, says
        the service is there), None if none came in ``seconds``: one request, body unread."""
        try:
            async with asyncio.timeout(seconds):
                probe = await self._http.send(
                    self._http.build_request("GET", routes.STORES), stream=True
                )
                await probe.aclose()
        except (httpx.HTTPError, TimeoutError):
            return None
        return probe.status_code

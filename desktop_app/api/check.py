"""The connection check: each step from an address to the service answering, as facts.

``pos-backoffice --check-connection`` and Settings ▸ Test connection run this and put the facts
in words (``desktop_app.gui.desk_setup.connection_check``). Nothing secret is involved: no token, no
password; the service is asked an unauthenticated read, and a 401 proves it is there.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import socket
import ssl
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

import httpx

from desktop_app.api._client import ApiClient
from desktop_app.api._errors import (
    ApiConnectionError,
    ApiError,
    ApiResponseValidationError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    NotFoundError,
    ServerError,
)
from desktop_app.api._network import proxy_for, shown
from desktop_app.api.address import AddressError, ServiceAddress, service_address
from desktop_app.api.trust import (
    CertificateAuthorityError,
    CertificateError,
    certificate_error,
    described,
    read_certificate,
    tls_context,
    verification_failure,
)
from desktop_app.process import system

CHECK_SECONDS = 10.0
"""How long each step may take."""


class Step(enum.Enum):
    """The steps, in the order they run."""

    ADDRESS = "address"
    TRUST = "trust"
    LOOKUP = "lookup"
    CONNECTION = "connection"
    TLS = "tls"
    SERVICE = "service"
    # The service check's (desktop_app.core.service_check), after these: what it met.
    SIGN_IN = "sign_in"
    CLAIMS = "claims"
    USER_ID = "user_id"
    ROLES = "roles"
    CLOCK = "clock"
    STORES = "stores"
    SELLERS = "sellers"
    BILLINGS = "billings"
    ORDERS = "orders"
    ORDER = "order"
    PAYMENTS = "payments"
    CUSTOMERS = "customers"
    PRODUCTS = "products"
    SEARCH = "search"
    TIMESTAMPS = "timestamps"
    MONEY = "money"


REACHING = frozenset(
    {Step.ADDRESS, Step.TRUST, Step.LOOKUP, Step.CONNECTION, Step.TLS, Step.SERVICE, Step.SIGN_IN}
)
"""The steps that reach the service and sign in: one that fails, and nothing else can be
asked (exit status 2)."""


class Outcome(enum.Enum):
    """How a step went."""

    PASSED = "passed"
    WARNING = "warning"  # it works, but is not safe to use (plain http to another machine)
    MISLEADING = "misleading"  # read, but the app would show or send something untrue
    FAILED = "failed"


class Finding(enum.Enum):
    """What a step found; its facts name the values that go in its words."""

    ADDRESS = "address"  # address
    ADDRESS_PROXY = "address_proxy"  # address, proxy
    ADDRESS_BAD = "address_bad"  # error
    SYSTEM_TRUST = "system_trust"
    AUTHORITY_ADDED = "authority_added"  # file
    AUTHORITY_BAD = "authority_bad"  # error
    LOOKUP = "lookup"  # host, addresses
    LOOKUP_FAILED = "lookup_failed"  # host
    CONNECTED = "connected"  # endpoint
    REFUSED = "refused"  # endpoint
    CONNECT_TIMEOUT = "connect_timeout"  # endpoint, seconds
    UNREACHABLE = "unreachable"  # endpoint, detail
    TLS = "tls"  # names, issuer, version, days
    CERTIFICATE_REFUSED = "certificate_refused"  # error
    TLS_FAILED = "tls_failed"  # detail
    PLAIN_HERE = "plain_here"
    PLAIN_ELSEWHERE = "plain_elsewhere"
    THROUGH_PROXY = "through_proxy"  # proxy
    PROXY_FAILED = "proxy_failed"  # proxy, detail
    PROXY_REFUSED = "proxy_refused"  # proxy, endpoint
    PROXY_NOT_FOUND = "proxy_not_found"  # proxy, host
    PROXY_GATEWAY = "proxy_gateway"  # proxy, status
    PAC_NOT_READ = "pac_not_read"  # pac
    HTTPS_PORT = "https_port"  # endpoint, names
    SERVICE = "service"  # status
    SERVICE_OPEN = "service_open"
    NOT_SERVICE = "not_service"
    NOT_SERVICE_ANSWER = "not_service_answer"
    SERVER_ERROR = "server_error"  # status
    SERVICE_STATUS = "service_status"  # status
    SERVICE_TIMEOUT = "service_timeout"  # seconds
    SERVICE_UNREACHABLE = "service_unreachable"


@dataclass(frozen=True, slots=True)
class Result:
    """One step's outcome."""

    step: Step
    outcome: Outcome
    finding: enum.Enum  # a Finding here; the service check's own (its module's Finding)
    facts: Mapping[str, str] = field(default_factory=dict)
    error: ApiError | None = None  # the error behind a failure that has words of its own


def exit_status(results: list[Result]) -> int:
    """One table for both checks, the first that applies: 2, the service cannot be reached or
    signed in to; 1, something would stop or mislead the app; 3, it answers over plain http to
    another machine (passwords and tokens would cross the network readable); else 0."""
    if not results or any(
        result.outcome is Outcome.FAILED and result.step in REACHING for result in results
    ):
        return 2
    outcomes = {result.outcome for result in results}
    if Outcome.FAILED in outcomes or Outcome.MISLEADING in outcomes:
        return 1
    return 3 if Outcome.WARNING in outcomes else 0


async def check_connection(
    address: str, ca_file: str | None = None, seconds: float = CHECK_SECONDS
) -> AsyncIterator[Result]:
    """Each step's result as it comes; the check stops at the first step that fails."""
    try:
        service = service_address(address)
    except AddressError as error:
        yield Result(Step.ADDRESS, Outcome.FAILED, Finding.ADDRESS_BAD, error=error)
        return
    proxies = system.system_proxies()
    if proxies.pac:  # a script of the network's: named, never run
        yield Result(Step.ADDRESS, Outcome.WARNING, Finding.PAC_NOT_READ, {"pac": proxies.pac})
    proxy = proxy_for(httpx.URL(service.api), proxies.by_scheme)
    if proxy is None:
        yield Result(Step.ADDRESS, Outcome.PASSED, Finding.ADDRESS, {"address": service.api})
    else:
        facts = {"address": service.api, "proxy": shown(proxy)}
        yield Result(Step.ADDRESS, Outcome.PASSED, Finding.ADDRESS_PROXY, facts)
    if service.scheme == "http":  # said from the address alone: whether or not anything answers
        if service.on_this_machine:
            yield Result(Step.ADDRESS, Outcome.PASSED, Finding.PLAIN_HERE)
        else:
            yield Result(Step.ADDRESS, Outcome.WARNING, Finding.PLAIN_ELSEWHERE)
    try:
        context = tls_context(ca_file)
    except CertificateAuthorityError as error:
        yield Result(Step.TRUST, Outcome.FAILED, Finding.AUTHORITY_BAD, error=error)
        return
    if service.scheme == "https":
        if ca_file:
            yield Result(Step.TRUST, Outcome.PASSED, Finding.AUTHORITY_ADDED, {"file": ca_file})
        else:
            yield Result(Step.TRUST, Outcome.PASSED, Finding.SYSTEM_TRUST)
    async for result in _reach(service, proxy, context, seconds):
        yield result
        if result.outcome is Outcome.FAILED:
            return
    for result in await _ask_service(service, proxy, ca_file, seconds):
        yield result


async def _reach(
    service: ServiceAddress, proxy: str | None, context: ssl.SSLContext, seconds: float
) -> AsyncIterator[Result]:
    """Name lookup, connection and TLS: to the service, or to the proxy that carries it."""
    target = httpx.URL(proxy) if proxy else httpx.URL(service.origin)
    host, port = target.host, target.port or (443 if target.scheme == "https" else 80)
    try:
        async with asyncio.timeout(seconds):
            found = await asyncio.get_running_loop().getaddrinfo(
                host, port, type=socket.SOCK_STREAM
            )
    except (OSError, TimeoutError, UnicodeError):
        if proxy:  # the proxy's name, not the service's: the service was never asked
            facts = {"proxy": shown(proxy), "host": host}
            yield Result(Step.LOOKUP, Outcome.FAILED, Finding.PROXY_NOT_FOUND, facts)
        else:
            yield Result(Step.LOOKUP, Outcome.FAILED, Finding.LOOKUP_FAILED, {"host": host})
        return
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    facts = {"host": host, "addresses": ", ".join(addresses[:4])}
    yield Result(Step.LOOKUP, Outcome.PASSED, Finding.LOOKUP, facts)

    connected, failure = await _connect(addresses, port, seconds)
    if connected is None:
        if proxy and failure.finding is Finding.REFUSED:  # the proxy is down, not the service
            facts = {"proxy": shown(proxy), "endpoint": failure.facts["endpoint"]}
            failure = Result(Step.CONNECTION, Outcome.FAILED, Finding.PROXY_REFUSED, facts)
        yield failure
        return
    writer, endpoint = connected
    try:
        yield Result(Step.CONNECTION, Outcome.PASSED, Finding.CONNECTED, {"endpoint": endpoint})
        if proxy is None and service.scheme == "https":
            yield await _handshake(writer, service, port, context, seconds)
        # Through a proxy, TLS with the service happens inside the proxy's tunnel: said once
        # the service has answered through it (see _ask_service); plain http has none.
    finally:
        writer.close()
        with contextlib.suppress(OSError, ssl.SSLError, TimeoutError):
            async with asyncio.timeout(1):
                await writer.wait_closed()


async def _connect(
    addresses: list[str], port: int, seconds: float
) -> tuple[tuple[asyncio.StreamWriter, str] | None, Result]:
    """A connection to the first address that takes one, or the last failure."""
    failure = Result(Step.CONNECTION, Outcome.FAILED, Finding.UNREACHABLE, {"endpoint": "?"})
    for address in addresses:
        endpoint = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
        try:
            async with asyncio.timeout(seconds):
                _, writer = await asyncio.open_connection(address, port)
        except ConnectionRefusedError:
            failure = Result(
                Step.CONNECTION, Outcome.FAILED, Finding.REFUSED, {"endpoint": endpoint}
            )
        except TimeoutError:
            facts = {"endpoint": endpoint, "seconds": f"{seconds:g}"}
            failure = Result(Step.CONNECTION, Outcome.FAILED, Finding.CONNECT_TIMEOUT, facts)
        except OSError as error:
            facts = {"endpoint": endpoint, "detail": error.strerror or type(error).__name__}
            failure = Result(Step.CONNECTION, Outcome.FAILED, Finding.UNREACHABLE, facts)
        else:
            return (writer, endpoint), failure
    return None, failure


async def _handshake(
    writer: asyncio.StreamWriter,
    service: ServiceAddress,
    port: int,
    context: ssl.SSLContext,
    seconds: float,
) -> Result:
    """TLS on the connection made, verified as every call is; nothing is sent after it."""
    try:
        async with asyncio.timeout(seconds):
            await writer.start_tls(context, server_hostname=service.host)
    except ssl.SSLError as error:
        failure = verification_failure(error)
        if failure is None:
            facts = {"detail": error.reason or str(error)}
            return Result(Step.TLS, Outcome.FAILED, Finding.TLS_FAILED, facts)
        refused = await certificate_error(failure, service.host, port)
        return Result(Step.TLS, Outcome.FAILED, Finding.CERTIFICATE_REFUSED, error=refused)
    except (OSError, TimeoutError) as error:
        facts = {"detail": str(error) or type(error).__name__}
        return Result(Step.TLS, Outcome.FAILED, Finding.TLS_FAILED, facts)
    ssl_object = writer.get_extra_info("ssl_object")
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    certificate = described(der) if der else None
    facts = {
        "names": certificate.named if certificate else "?",
        "issuer": certificate.issuer_name if certificate else "?",
        "version": str(ssl_object.version()) if ssl_object is not None else "?",
        "days": str((certificate.not_after - datetime.now(UTC)).days) if certificate else "?",
    }
    return Result(Step.TLS, Outcome.PASSED, Finding.TLS, facts)


async def _ask_service(
    service: ServiceAddress, proxy: str | None, ca_file: str | None, seconds: float
) -> list[Result]:
    """An unauthenticated read of the stores: a 401 is the service asking for sign-in. Through
    a proxy to an https address, an answer of the service's own is also its TLS checked."""
    step = Step.SERVICE
    result, unreachable = await _stores_read(service, ca_file, seconds)
    # Through a proxy to https, the service's own answer means TLS held inside the tunnel.
    answered = result.step is Step.SERVICE and unreachable is None
    timed_out = result.finding is Finding.SERVICE_TIMEOUT
    if proxy is not None and service.scheme == "https" and answered and not timed_out:
        facts = {"proxy": shown(proxy)}
        return [Result(Step.TLS, Outcome.PASSED, Finding.THROUGH_PROXY, facts), result]
    gateway = result.finding is Finding.SERVER_ERROR and result.facts.get("status") in _GATEWAY
    if proxy is not None and gateway:  # most likely the proxy's own answer, not the service's
        facts = {"proxy": shown(proxy), "status": result.facts["status"]}
        return [Result(step, Outcome.FAILED, Finding.PROXY_GATEWAY, facts)]
    if unreachable is not None:
        cause = unreachable.__cause__
        if proxy is not None and isinstance(cause, httpx.ProxyError):
            facts = {"proxy": shown(proxy), "detail": str(cause) or type(cause).__name__}
            return [Result(step, Outcome.FAILED, Finding.PROXY_FAILED, facts)]
        if proxy is None and service.scheme == "http":
            port = service.port or 80
            certificate = await read_certificate(service.host, port, seconds)
            if certificate is not None:  # a TLS port: the address wants https://
                facts = {
                    "endpoint": f"{service.host}:{port}",
                    "names": certificate.named,
                }
                return [Result(step, Outcome.FAILED, Finding.HTTPS_PORT, facts)]
    return [result]


_GATEWAY = frozenset({"502", "503", "504"})
"""Statuses a proxy answers with itself when it cannot carry a call (RFC 9110, 15.6)."""


async def _stores_read(
    service: ServiceAddress, ca_file: str | None, seconds: float
) -> tuple[Result, ApiConnectionError | None]:
    """The stores asked for without a token: what the answer says of the service, and the
    error when no answer came at all."""
    step = Step.SERVICE
    async with ApiClient(service.base, ca_file=ca_file, timeout=seconds, max_retries=0) as client:
        try:
            await client.list_stores()
        except AuthenticationError as error:
            facts = {"status": str(error.status_code)}
            return Result(step, Outcome.PASSED, Finding.SERVICE, facts), None
        except NotFoundError:
            return Result(step, Outcome.FAILED, Finding.NOT_SERVICE), None
        except ServerError as error:
            facts = {"status": str(error.status_code)}
            return Result(step, Outcome.FAILED, Finding.SERVER_ERROR, facts), None
        except ApiStatusError as error:
            facts = {"status": str(error.status_code)}
            return Result(step, Outcome.FAILED, Finding.SERVICE_STATUS, facts), None
        except ApiResponseValidationError:
            return Result(step, Outcome.FAILED, Finding.NOT_SERVICE_ANSWER), None
        except CertificateError as error:
            return Result(Step.TLS, Outcome.FAILED, Finding.CERTIFICATE_REFUSED, error=error), None
        except ApiTimeoutError:
            facts = {"seconds": f"{seconds:g}"}
            return Result(step, Outcome.FAILED, Finding.SERVICE_TIMEOUT, facts), None
        except ApiConnectionError as error:
            return Result(step, Outcome.FAILED, Finding.SERVICE_UNREACHABLE), error
    return Result(step, Outcome.PASSED, Finding.SERVICE_OPEN), None

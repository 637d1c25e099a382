"""The service's address as a person types it, made into the one base every call goes under.

The interface names the base address ``{base_url}`` with every path under ``/api/v1``, so people
type both forms. Here they mean the same: ``/api/v1`` and trailing slashes at the end are
dropped, a path before it is kept (``https://gw/pos/api/v1`` puts calls under
``https://gw/pos/api/v1/…``), no scheme means ``https://`` (``host:8443``), and an IPv6 address
goes in brackets. What cannot be an address is refused with the reason, never guessed at.
"""

from __future__ import annotations

import enum
import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from desktop_app.api._errors import ApiError

API_PATH = "api/v1/"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_API_AT_END = re.compile(r"/api/v1$", re.IGNORECASE)


class AddressProblem(enum.Enum):
    """Why a text is not an address of the service."""

    EMPTY = "empty"
    SCHEME = "scheme"  # not http:// or https://
    NO_HOST = "no_host"
    SPACES = "spaces"
    CREDENTIALS = "credentials"  # user:password@ in the address
    QUERY = "query"  # ? or # in the address
    PORT = "port"
    IPV6_BRACKETS = "ipv6_brackets"
    TOO_LONG = "too_long"  # longer than any address is


LONGEST_ADDRESS = 2048
"""The most characters an address may have (browsers and servers take about this many)."""


class AddressError(ApiError, ValueError):
    """A text that cannot be the service's address; ``problem`` says why, ``text`` is what was
    given (an address: no secret, and a password in one is refused before it is kept)."""

    def __init__(self, problem: AddressProblem, text: str) -> None:
        super().__init__(f"not a service address ({problem.value})")
        self.problem = problem
        self.text = text


@dataclass(frozen=True, slots=True)
class ServiceAddress:
    """A service address in its one form."""

    scheme: str  # "https" or "http"
    host: str  # lower case; an IPv6 address without its brackets
    port: int | None
    prefix: str  # the path before /api/v1, "" or "/pos"

    @property
    def origin(self) -> str:
        """Scheme, host and port: ``https://[::1]:8443``."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        port = f":{self.port}" if self.port is not None else ""
        return f"{self.scheme}://{host}{port}"

    @property
    def base(self) -> str:
        """Where the service's routes (``api/v1/…``) are taken from, ending in ``/``."""
        return f"{self.origin}{self.prefix}/"

    @property
    def api(self) -> str:
        """The address of ``/api/v1`` itself, ending in ``/``."""
        return self.base + API_PATH

    @property
    def on_this_machine(self) -> bool:
        """Whether the service is on this machine (loopback)."""
        return is_loopback(self.host)

    @property
    def plain_http_elsewhere(self) -> bool:
        """Plain ``http://`` to another machine: a token or a password would travel bare."""
        return self.scheme == "http" and not self.on_this_machine


def service_address(text: str) -> ServiceAddress:
    """``text`` (as typed in Settings or given with ``--api-url``) as the service's address."""
    if len(text) > LONGEST_ADDRESS:
        raise AddressError(AddressProblem.TOO_LONG, text[:LONGEST_ADDRESS])
    given = text.strip()
    if not given:
        raise AddressError(AddressProblem.EMPTY, text)
    if any(char.isspace() for char in given):
        raise AddressError(AddressProblem.SPACES, text)
    if not _SCHEME.match(given):
        given = "https://" + given
    try:
        parts = urlsplit(given)
    except ValueError:  # brackets around what is no IPv6 address, or a bracket left open
        raise AddressError(AddressProblem.NO_HOST, text) from None
    if parts.scheme.lower() not in ("http", "https"):
        raise AddressError(AddressProblem.SCHEME, text)
    if parts.query or parts.fragment or "?" in given or "#" in given:
        raise AddressError(AddressProblem.QUERY, text)
    if "@" in parts.netloc:
        raise AddressError(AddressProblem.CREDENTIALS, text)
    host = _host(parts.netloc, text)
    try:
        port = parts.port
    except ValueError:
        raise AddressError(AddressProblem.PORT, text) from None
    if port == 0:
        raise AddressError(AddressProblem.PORT, text)
    prefix = _API_AT_END.sub("", parts.path.rstrip("/")).rstrip("/")
    return ServiceAddress(parts.scheme.lower(), host, port, prefix)


def address_or_why_not(text: str) -> ServiceAddress | AddressError:
    """``text`` as the service's address, or why it is none (the client keeps it, and every
    request raises it instead of sending)."""
    try:
        return service_address(text)
    except AddressError as error:
        return error


def _host(netloc: str, text: str) -> str:
    """The host of ``netloc``; an IPv6 address must come in brackets."""
    if netloc.startswith("["):
        inside, bracket, _ = netloc[1:].partition("]")
        try:
            if not bracket or ipaddress.ip_address(inside).version != 6:
                raise ValueError(inside)
        except ValueError:
            raise AddressError(AddressProblem.NO_HOST, text) from None
        return inside.lower()
    host = netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc
    if netloc.count(":") > 1:  # "::1" or "fe80::1:8443": an IPv6 address without brackets
        raise AddressError(AddressProblem.IPV6_BRACKETS, text)
    if not host or host.startswith(".") or ".." in host:
        raise AddressError(AddressProblem.NO_HOST, text)
    return host.lower()


def endpoint(service: ServiceAddress, text: str) -> str:
    """An endpoint such as the sign-in address: a whole address (``https://sso/login``), or a
    path taken relative to the service's base (``api/v1/auth/login``)."""
    if len(text) > LONGEST_ADDRESS:
        raise AddressError(AddressProblem.TOO_LONG, text[:LONGEST_ADDRESS])
    given = text.strip()
    if not given:
        raise AddressError(AddressProblem.EMPTY, text)
    if _SCHEME.match(given):
        whole = service_address(given)  # the same checks as the service's address
        return whole.origin + (urlsplit(given).path or "/")
    if any(char.isspace() for char in given) or "?" in given or "#" in given:
        raise AddressError(AddressProblem.QUERY if "?" in given or "#" in given
                           else AddressProblem.SPACES, text)  # fmt: skip
    return service.base + given.lstrip("/")


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

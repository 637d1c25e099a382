"""Where each request goes: straight to a service on this machine, through the system's proxy
(the environment's ``HTTPS_PROXY``, ``HTTP_PROXY``, ``ALL_PROXY``, less ``NO_PROXY``; on Windows
without them, the person's own proxy setting: ``process/system``) anywhere else. And what
rides along: no cookie ever, and a hook as a request starts to leave.

A proxy never sees a call to this machine: the bearer token would cross it for nothing. httpx's
own reading of the environment sends loopback calls through the proxy too, so the client
turns it off and routes here.
"""

from __future__ import annotations

import contextlib
import ipaddress
import ssl
from collections.abc import Callable, Mapping
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx

from desktop_app.api.address import is_loopback
from desktop_app.process import system


def system_proxies() -> dict[str, str]:
    """The system's proxies, by scheme (``no`` for the exceptions)."""
    return system.system_proxies().by_scheme


def proxy_for(url: httpx.URL, proxies: Mapping[str, str]) -> str | None:
    """The proxy a request to ``url`` goes through, or None to go straight there."""
    host = url.host
    if not proxies or is_loopback(host):
        return None
    if _excepted(host.lower(), proxies.get("no", "")):
        return None
    proxy = proxies.get(url.scheme) or proxies.get("all")
    if not proxy:
        return None
    return proxy if "://" in proxy else f"http://{proxy}"  # "proxy:3128", as curl reads it


def _excepted(host: str, exceptions: str) -> bool:
    """Whether ``NO_PROXY``'s ``exceptions`` cover ``host``, as curl reads them: ``*``, a name
    and every name under it (with or without a leading dot), an address or a network; and as
    Windows writes its own: ``<local>`` (a name without a dot), ``*.name``, ``10.1.*``."""
    for entry in exceptions.lower().split(","):
        entry = entry.strip()
        if entry == "<local>":
            if "." not in host and ":" not in host:
                return True
            continue
        if entry.endswith(".*") and host.startswith(entry[:-1]):  # 10.1.*: the addresses under
            return True
        name = entry.removeprefix("*.").lstrip(".")
        if name.count(":") == 1:
            name = name.split(":")[0]  # "host:port": the host is what counts here
        name = name.strip("[]")
        if not name:
            continue
        if name == "*" or host == name or host.endswith("." + name):
            return True
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(host) in ipaddress.ip_network(name, strict=False):
                return True
    return False


def shown(proxy: str) -> str:
    """``proxy`` without a user name or password, for messages and checks."""
    try:
        url = httpx.URL(proxy)
    except httpx.InvalidURL:
        return "?"
    port = f":{url.port}" if url.port else ""
    host = f"[{url.host}]" if ":" in url.host else url.host
    return f"{url.scheme}://{host}{port}"


class Network(httpx.AsyncBaseTransport):
    """The transport of every request: one connection pool straight out, one per proxy, all
    verifying with the same context (changed with :meth:`trust`)."""

    def __init__(self, context: ssl.SSLContext, proxies: Mapping[str, str] | None = None) -> None:
        self._proxies = dict(system_proxies() if proxies is None else proxies)
        self._context = context
        self._direct = httpx.AsyncHTTPTransport(verify=context)
        self._through: dict[str, httpx.AsyncHTTPTransport] = {}
        self._retired: list[httpx.AsyncHTTPTransport] = []

    def proxy_for(self, url: httpx.URL) -> str | None:
        """The proxy a request to ``url`` goes through (None: straight there)."""
        return proxy_for(url, self._proxies)

    def trust(self, context: ssl.SSLContext) -> None:
        """Verify new connections with ``context`` from now on (calls under way finish on
        theirs; the old pools close with the client)."""
        self._retired += [self._direct, *self._through.values()]
        self._context = context
        self._direct = httpx.AsyncHTTPTransport(verify=context)
        self._through = {}

    def _transport(self, url: httpx.URL) -> httpx.AsyncHTTPTransport:
        proxy = self.proxy_for(url)
        if proxy is None:
            return self._direct
        if proxy not in self._through:
            try:
                self._through[proxy] = httpx.AsyncHTTPTransport(verify=self._context, proxy=proxy)
            except (ValueError, ImportError) as error:  # a scheme httpx does not speak (socks)
                raise httpx.ProxyError(f"the proxy {shown(proxy)} cannot be used") from error
        return self._through[proxy]

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await self._transport(request.url).handle_async_request(request)

    async def aclose(self) -> None:
        for transport in (self._direct, *self._through.values(), *self._retired):
            await transport.aclose()


class Leaving:
    """An httpcore ``trace``: whether a request has started to leave this machine (its
    headers about to be written; HTTP/1.1 and HTTP/2 name the step alike), and ``then``
    called once at that moment. Before it, no byte of the request was written: a time-out
    then was spent connecting, and the request was not sent."""

    def __init__(self, then: Callable[[], None] | None = None) -> None:
        self.started = False  # by the attempt under way (a read tries again)
        self._then = then

    async def __call__(self, event: str, info: dict[str, Any]) -> None:
        if not self.started and event.endswith("send_request_headers.started"):
            self.started = True
            then, self._then = self._then, None  # once, whatever the attempts
            if then is not None:
                then()


def no_cookies() -> CookieJar:
    """A jar that keeps nothing: this client authenticates with a bearer token only, and a
    cookie kept from one user's session must never ride along with the next user's calls."""
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


def headers_too_large(error: httpx.TransportError) -> bool:
    """Whether the service answered with headers past what the HTTP parser holds (h11's
    "Receive buffer too long"): an answer came, and it cannot be read. No status reaches the
    client, so without this it would read as no answer at all ("could not reach")."""
    return isinstance(error, httpx.RemoteProtocolError) and "buffer too long" in str(error)

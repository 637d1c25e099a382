"""The store's network: proxies from the environment (never for this machine), and an address
that is not the service told from a thing that no longer exists."""

from __future__ import annotations

import httpx
import pytest

from desktop_app import api
from desktop_app.api._network import proxy_for, shown
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import Reply, ScriptedServer, run


@pytest.fixture
def proxy(scripted: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> ScriptedServer:
    """A proxy named by the environment, as a store's IT sets it; it records what it carries."""
    for name in ("NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    for name in ("HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"):
        monkeypatch.setenv(name, scripted.base_url)
    return scripted


def test_a_service_elsewhere_is_reached_through_the_environments_proxy(
    proxy: ScriptedServer,
) -> None:
    async def scenario() -> int:
        async with api.ApiClient("http://pos.loja.example:8080", "tok.en.x") as client:
            return len(await client.list_stores())

    assert run(scenario()) == 0
    assert proxy.requests[0].raw_path == "http://pos.loja.example:8080/api/v1/data-consult/stores"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_service_on_this_machine_never_goes_through_the_proxy(
    proxy: ScriptedServer, shared_sandbox: SandboxServer, host: str
) -> None:
    address = f"http://{host}:{shared_sandbox.port}"

    async def scenario() -> int:
        async with api.ApiClient(address, shared_sandbox.token()) as client:
            return len(await client.list_stores())

    assert run(scenario()) > 0
    assert proxy.requests == []  # the token never crossed it


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://pos.loja.example/api", "http://proxy:3128"),
        ("http://pos.loja.example/api", None),  # no proxy named for http
        ("https://caixa.interno/api", None),  # NO_PROXY: .interno
        ("https://interno/api", None),
        ("https://10.20.0.7/api", None),  # NO_PROXY: 10.20.0.0/16
        ("https://10.21.0.7/api", "http://proxy:3128"),
        ("https://[::1]:8443/api", None),
        ("https://127.0.0.2/api", None),
        ("https://caixa.porta/api", None),  # NO_PROXY: caixa.porta:8443, its port not read
        ("https://[fd00::7]/api", None),  # NO_PROXY: [fd00::7]
        ("https://[fd00::8]/api", "http://proxy:3128"),
    ],
)
def test_no_proxy_and_this_machine_go_straight(url: str, expected: str | None) -> None:
    proxies = {
        "https": "proxy:3128", "no": " .interno, 10.20.0.0/16 , caixa.porta:8443, [fd00::7],,",
    }  # fmt: skip
    assert proxy_for(httpx.URL(url), proxies) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://pos.loja.example/api", "http://proxy.loja:8080"),
        ("https://caixa/api", None),  # <local>: a name without a dot
        ("https://caixa.store.local/api", None),  # *.store.local
        ("https://10.1.4.7/api", None),  # 10.1.*
        ("https://10.2.4.7/api", "http://proxy.loja:8080"),
        ("https://[::1]:8443/api", None),
    ],
)
def test_windows_own_exceptions_go_straight(url: str, expected: str | None) -> None:
    """As Windows' proxy setting writes them (ProxyOverride, read by process/system)."""
    proxies = {"https": "proxy.loja:8080", "no": "<local>,*.store.local,10.1.*"}
    assert proxy_for(httpx.URL(url), proxies) == expected


def test_a_proxy_is_named_without_its_password() -> None:
    assert shown("http://ana:segredo@proxy.loja:3128") == "http://proxy.loja:3128"
    assert shown("http://ana:segredo@proxy:31x8") == "?"  # unreadable: nothing of it shown


def test_an_address_where_every_route_is_missing_is_not_the_service(
    scripted: ScriptedServer,
) -> None:
    scripted.default = Reply(404, {"message": "Cannot GET"})

    async def scenario() -> None:
        async with api.ApiClient(scripted.base_url + "/pos", "tok.en.x", max_retries=0) as c:
            await c.list_orders("1")

    with pytest.raises(api.ServiceNotFoundError):
        run(scenario())
    # The second look asked a read that always exists, without the token.
    assert scripted.requests[1].raw_path == "/pos/api/v1/data-consult/stores"
    assert "authorization" not in scripted.requests[1].headers


def test_a_missing_order_of_a_real_service_still_no_longer_exists(
    shared_sandbox: SandboxServer,
) -> None:
    async def scenario() -> None:
        async with api.ApiClient(shared_sandbox.base_url, shared_sandbox.token()) as client:
            await client.get_order("1", 987654321)

    with pytest.raises(api.NotFoundError) as missing:
        run(scenario())
    assert not isinstance(missing.value, api.ServiceNotFoundError)


def test_a_wrong_sign_in_address_is_told_from_a_wrong_service_address(
    shared_sandbox: SandboxServer, scripted: ScriptedServer
) -> None:
    scripted.default = Reply(404, b"")

    async def sign_in(address: str) -> str:
        async with api.ApiClient(address) as client:
            return await client.login("api/v1/auth/nowhere", "ana", api.Secret("x"))

    with pytest.raises(api.SignInNotFoundError):
        run(sign_in(shared_sandbox.base_url))
    with pytest.raises(api.ServiceNotFoundError):
        run(sign_in(scripted.base_url))


def test_a_proxy_httpx_cannot_speak_is_said_by_its_name_without_its_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A SOCKS proxy (no socksio here): the call fails as a connection failure naming the
    proxy, its password left out, never a traceback."""
    for name in ("HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", "socks5://ana:senha@127.0.0.1:1080")

    async def scenario() -> None:
        async with api.ApiClient("https://pos.loja.example", "tok.en.x", max_retries=0) as client:
            await client.list_stores()

    with pytest.raises(api.ApiConnectionError) as failed:
        run(scenario())
    said = f"{failed.value} {failed.value.__cause__}"
    assert "cannot be used" in said and "socks5://" in said and "senha" not in said

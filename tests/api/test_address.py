"""The service's address means the same however a person types it, and what cannot be an
address is refused with its reason."""

from __future__ import annotations

import pytest

from desktop_app.api.address import AddressError, AddressProblem, endpoint, service_address


@pytest.mark.parametrize(
    ("typed", "base"),
    [
        ("http://host", "http://host/"),
        ("http://host/", "http://host/"),
        ("http://host/api/v1", "http://host/"),  # the interface's {base_url} form
        ("http://host/api/v1/", "http://host/"),
        ("HTTP://Host.Example/API/V1//", "http://host.example/"),
        ("https://gw/pos/api/v1", "https://gw/pos/"),  # a gateway's prefix is kept
        ("https://gw/pos", "https://gw/pos/"),
        ("host:8443", "https://host:8443/"),  # no scheme: https
        ("  store-api.local  ", "https://store-api.local/"),
        ("http://127.0.0.1:8765/api/v1", "http://127.0.0.1:8765/"),
        ("[::1]:8443", "https://[::1]:8443/"),
        ("http://[FE80::1]/api/v1", "http://[fe80::1]/"),
    ],
)
def test_each_form_of_an_address_gives_the_same_base(typed: str, base: str) -> None:
    address = service_address(typed)
    assert address.base == base
    assert address.api == base + "api/v1/"


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", AddressProblem.EMPTY),
        ("   ", AddressProblem.EMPTY),
        ("ftp://host", AddressProblem.SCHEME),
        ("http://", AddressProblem.NO_HOST),
        ("http://my host", AddressProblem.SPACES),
        ("https://ana:secret@host", AddressProblem.CREDENTIALS),
        ("https://host/?store=1", AddressProblem.QUERY),
        ("https://host:99999", AddressProblem.PORT),
        ("https://host:http", AddressProblem.PORT),
        ("::1", AddressProblem.IPV6_BRACKETS),
        ("http://fe80::1:8443/api/v1", AddressProblem.IPV6_BRACKETS),
        ("http://[not-an-ip]", AddressProblem.NO_HOST),
        ("http://[127.0.0.1]/", AddressProblem.NO_HOST),  # brackets hold an IPv6 address only
        ("https://host:0", AddressProblem.PORT),
    ],
)
def test_what_cannot_be_an_address_is_refused_with_its_reason(
    typed: str, problem: AddressProblem
) -> None:
    with pytest.raises(AddressError) as refused:
        service_address(typed)
    assert refused.value.problem is problem


def test_plain_http_is_told_apart_on_this_machine_and_elsewhere() -> None:
    assert not service_address("http://127.0.0.1:8765").plain_http_elsewhere
    assert not service_address("http://localhost").plain_http_elsewhere
    assert not service_address("http://[::1]").plain_http_elsewhere
    assert service_address("http://192.168.0.10/api/v1").plain_http_elsewhere
    assert not service_address("https://192.168.0.10").plain_http_elsewhere


@pytest.mark.parametrize(
    ("service", "typed", "whole"),
    [
        ("http://host/api/v1", "api/v1/auth/login", "http://host/api/v1/auth/login"),
        ("https://gw/pos/api/v1", "api/v1/auth/login", "https://gw/pos/api/v1/auth/login"),
        ("https://gw/pos", "/auth/login", "https://gw/pos/auth/login"),
        ("https://gw/pos", "https://sso.example/api/v1/login", "https://sso.example/api/v1/login"),
    ],
)
def test_the_sign_in_address_is_an_endpoint_whole_or_under_the_service(
    service: str, typed: str, whole: str
) -> None:
    assert endpoint(service_address(service), typed) == whole


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", AddressProblem.EMPTY),
        ("  ", AddressProblem.EMPTY),
        ("auth/login?next=1", AddressProblem.QUERY),
        ("auth/login#top", AddressProblem.QUERY),
        ("auth/ login", AddressProblem.SPACES),
        ("a" * 2_049, AddressProblem.TOO_LONG),
    ],
)
def test_a_sign_in_address_that_cannot_be_one_is_refused_with_its_reason(
    typed: str, problem: AddressProblem
) -> None:
    with pytest.raises(AddressError) as refused:
        endpoint(service_address("https://host"), typed)
    assert refused.value.problem is problem

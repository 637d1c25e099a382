"""An answer is read by HTTP's own rules, not by a list of services (issue 88): a body in the
charset its Content-Type declares (UTF-8 by default, a byte-order mark accepted), and a read
that says it holds nothing (204, or Content-Length 0) is an empty list, never "not understood".
A scripted server on loopback sends each answer byte for byte."""

from __future__ import annotations

import codecs
from typing import Any

import pytest

from desktop_app import api
from desktop_app.api import routes, samples
from tests.helpers import Reply, ScriptedServer, run

STORES = '[{"id": "001", "name": "São João – Centro"}]'


def stores(scripted: ScriptedServer, reply: Reply) -> list[str]:
    scripted.default = reply

    async def read() -> list[str]:
        async with api.ApiClient(scripted.base_url, "t", backoff_base=0.01) as client:
            return [store.name for store in await client.list_stores()]

    return run(read())


@pytest.mark.parametrize(
    ("charset", "body"),
    [
        pytest.param("iso-8859-1", STORES.replace("–", "-").encode("latin-1"), id="latin-1"),
        pytest.param("windows-1252", STORES.encode("cp1252"), id="windows-1252"),
        pytest.param("utf-16", STORES.encode("utf-16"), id="utf-16"),
        pytest.param("UTF-8", STORES.encode(), id="utf-8-named"),
        pytest.param(None, codecs.BOM_UTF8 + STORES.encode(), id="utf-8-with-a-mark"),
    ],
)
def test_a_body_is_read_in_the_charset_its_content_type_declares(
    scripted: ScriptedServer, charset: str | None, body: bytes
) -> None:
    kind = "application/json" + (f"; charset={charset}" if charset else "")
    names = stores(scripted, Reply(body=body, headers={"Content-Type": kind}))
    assert names == ["São João – Centro" if charset != "iso-8859-1" else "São João - Centro"]


def test_a_charset_the_body_is_not_in_is_said_never_guessed(scripted: ScriptedServer) -> None:
    odd = STORES.encode("utf-16")[:-1]  # half a character at the end
    with pytest.raises(api.ApiResponseValidationError) as raised:
        stores(
            scripted, Reply(body=odd, headers={"Content-Type": "application/json; charset=utf-16"})
        )
    assert "not in the charset it declares (utf-16)" in raised.value.message
    with pytest.raises(api.ApiResponseValidationError) as raised:  # a byte ASCII has not
        stores(scripted, Reply(body=STORES.encode(), headers={"Content-Type": ASCII}))
    assert "not in the charset it declares (us-ascii)" in raised.value.message


ASCII = "application/json; charset=us-ascii"


def test_a_body_that_is_only_the_start_of_a_mark_is_not_understood_never_empty(
    scripted: ScriptedServer,
) -> None:
    """Two bytes that open a UTF-8 byte-order mark and nothing after: read as they are (no
    JSON), never taken for a mark and an empty body."""
    with pytest.raises(api.ApiResponseValidationError):
        stores(scripted, Reply(body=codecs.BOM_UTF8[:2]))


@pytest.mark.parametrize("charset", ["x-klingon", "base64"])
def test_a_charset_not_known_here_is_said(scripted: ScriptedServer, charset: str) -> None:
    with pytest.raises(api.ApiResponseValidationError) as raised:
        stores(
            scripted,
            Reply(
                body=STORES.encode(),
                headers={"Content-Type": f"application/json; charset={charset}"},
            ),
        )
    assert f"charset '{charset}'" in raised.value.message


@pytest.mark.parametrize("status", [204, 200])
def test_a_read_that_says_it_holds_nothing_is_an_empty_list(
    scripted: ScriptedServer, status: int
) -> None:
    """A 204, or a 200 whose Content-Length is 0 (the server sends it here for both)."""
    assert stores(scripted, Reply(status=status, body=b"")) == []


def test_an_empty_body_that_does_not_say_so_is_still_not_understood(
    scripted: ScriptedServer,
) -> None:
    """Whitespace is a body: not a list, and never read as an empty one."""
    with pytest.raises(api.ApiResponseValidationError):
        stores(scripted, Reply(body=b" "))


def test_the_service_check_reads_the_bytes_as_the_app_does(scripted: ScriptedServer) -> None:
    """It decoded every answer as UTF-8 with replacement: a Latin-1 list read there with '�'
    where the app read it right (or not at all), and the check said "can be used"."""
    body = STORES.replace("–", "-").encode("latin-1")
    scripted.default = Reply(body=body, headers={"Content-Type": "text/json; charset=latin-1"})

    async def checked() -> list[Any]:
        async with api.ApiClient(scripted.base_url, "t", backoff_base=0.01) as client:
            taken = await samples.sample(client, routes.STORES)
        return (await samples.elements_of(taken.body)).values

    assert run(checked()) == [{"id": "001", "name": "São João - Centro"}]


def test_a_last_element_larger_than_a_read_slice_is_read_once_the_body_ends(
    scripted: ScriptedServer,
) -> None:
    """A store of the service's with a field this app does not know, longer than one slice of
    the reader (128 KiB) and shorter than two, last in the list: read whole after the answer's
    end, the store before it as well."""
    body = [{"id": "001", "name": "Centro"}, {"id": "002", "name": "Sul", "notes": "x" * 150_000}]
    assert stores(scripted, Reply(body=body)) == ["Centro", "Sul"]

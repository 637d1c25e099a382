"""A service that quotes what it was sent (issue 89): gateways and validation layers refuse a
sign-in with ``bad body: {'username': …, 'password': …}``, in whatever form their language
writes it. Any text of the service's that holds the password or the token, in any of those
forms, is withheld whole: the status stays, its words do not."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from urllib.parse import quote, quote_plus

import pytest

from desktop_app import api
from desktop_app.api.echoes import WITHHELD, quotes_a_secret
from desktop_app.api.models import NewInvoice
from tests.helpers import Reply, ScriptedServer, run

PASSWORD = "s3nh@ Forte/ção+1"
FORMS: dict[str, Callable[[str], str]] = {
    "as typed": lambda s: s,
    "JSON-escaped": lambda s: json.dumps(s)[1:-1],
    "Python's repr": lambda s: repr({"username": "gerente2", "password": s}),
    "percent-encoded": lambda s: quote(s, safe=""),
    "form-encoded": lambda s: "username=gerente2&password=" + quote_plus(s),
    "in Base64": lambda s: base64.b64encode(f"gerente2:{s}".encode()).decode(),
    "in URL-safe Base64": lambda s: base64.urlsafe_b64encode(f'{{"p":"{s}"}}'.encode()).decode(),
}


@pytest.mark.parametrize("form", FORMS)
def test_every_form_of_the_password_is_found(form: str) -> None:
    quoted = f"bad body: {FORMS[form](PASSWORD)} (request 81f2)"
    assert quotes_a_secret(quoted, [PASSWORD])
    assert quotes_a_secret(quoted.encode(), [PASSWORD])
    assert not quotes_a_secret(quoted.replace(FORMS[form](PASSWORD), "x"), [PASSWORD])


def test_json_escapes_of_plain_letters_are_the_same_password() -> None:
    body = b'{"message": "bad body", "echo": {"password": "\\u0073\\u0033nh@ Forte/\\u00e7\\u00e3o+1"}}'
    assert quotes_a_secret(body, [PASSWORD])


def test_nothing_is_withheld_when_nothing_was_sent_or_nothing_quotes_it() -> None:
    assert not quotes_a_secret(b'{"message": "amount exceeds the balance due"}', [PASSWORD])
    assert not quotes_a_secret(b"anything at all", ["", ""])


def _client(scripted: ScriptedServer, token: str = "") -> api.ApiClient:
    return api.ApiClient(scripted.base_url, token, backoff_base=0.01)


@pytest.mark.parametrize("form", FORMS)
def test_a_refused_sign_in_that_quotes_the_password_says_its_status_alone(
    scripted: ScriptedServer, form: str
) -> None:
    scripted.default = Reply(
        status=400, body={"message": f"bad body: {FORMS[form](PASSWORD)}", "field": "username"}
    )

    async def sign_in() -> api.ApiStatusError:
        async with _client(scripted) as client:
            with pytest.raises(api.ApiStatusError) as refused:
                await client.login("api/v1/auth/login", "gerente2", api.Secret(PASSWORD))
            return refused.value

    error = run(sign_in())
    assert error.status_code == 400 and error.withheld and error.body is None
    assert error.message == WITHHELD
    for text in (str(error), repr(error), error.message):
        assert not quotes_a_secret(text, [PASSWORD])


def test_a_refusal_that_quotes_the_token_is_withheld_and_one_that_does_not_is_said(
    scripted: ScriptedServer,
) -> None:
    token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl"
    scripted.replies = [
        Reply(status=403, body={"message": f"no access for Authorization: Bearer {token}"}),
        Reply(status=403, body={"message": "only a manager may issue invoices"}),
    ]

    async def two_reads() -> list[api.ApiStatusError]:
        errors = []
        async with _client(scripted, token) as client:
            for _ in range(2):
                with pytest.raises(api.ApiStatusError) as refused:
                    await client.list_stores()
                errors.append(refused.value)
        return errors

    quoting, plain = run(two_reads())
    assert quoting.withheld and token not in str(quoting)
    assert not plain.withheld and plain.message == "only a manager may issue invoices"


def test_a_created_answer_that_quotes_the_token_is_not_kept(scripted: ScriptedServer) -> None:
    """An invoice's answer is shown and kept in the invoice book: never with the token."""
    token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl"
    scripted.default = Reply(
        status=201, body={"number": "123", "request": {"headers": {"authorization": token}}}
    )

    async def issue() -> object:
        async with _client(scripted, token) as client:
            return await client.create_invoice(NewInvoice(order_id=7, user_id=2001))

    assert run(issue()) is None


def test_a_password_is_never_pickled_nor_copied_to_another_process() -> None:
    """A worker process, a crash dump's pickle, a deep copy into a log: none gets the text."""
    import copy
    import pickle

    password = api.Secret("Senha-Forte-8c1f2e")
    with pytest.raises(TypeError, match="never pickled"):
        pickle.dumps(password)
    with pytest.raises(TypeError, match="never pickled"):
        copy.deepcopy({"password": password})
    assert "Senha" not in repr(password) and "Senha" not in f"{password}"


def test_a_refusal_nested_too_deep_to_read_through_is_withheld(scripted: ScriptedServer) -> None:
    """A body no reader can go through may quote the password at its bottom: never shown."""
    deep = b'{"e": ' + b"[" * 100_000 + b'"' + PASSWORD.encode() + b'"' + b"]" * 100_000 + b"}"
    scripted.default = Reply(status=400, body=deep, headers={"Content-Type": "application/json"})

    async def sign_in() -> api.ApiStatusError:
        async with _client(scripted) as client:
            with pytest.raises(api.ApiStatusError) as refused:
                await client.login("api/v1/auth/login", "gerente2", api.Secret("another"))
            return refused.value

    error = run(sign_in())
    assert error.withheld and error.message == WITHHELD and error.body is None

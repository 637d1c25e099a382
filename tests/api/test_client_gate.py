"""The client is the last gate for what it sends: a full card number in a payment's text fields
or in a search never leaves this machine, in any of the forms the card rule knows; identifiers
go as the service knows them, and the documents each search takes go through."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from desktop_app import api
from desktop_app.api import models
from tests.helpers import Reply, ScriptedServer, run

FORMS = (
    "4111111111111111", "4111  1111  1111  1111", "4111 - 1111 - 1111 - 1111",
    "4111\u31641111\u31641111\u31641111", "4111\uffa01111\uffa01111\uffa01111",
    "41111111111111111228", "4111111111111111123", "994111111111111111",
    "4111%252F1111%252F1111%252F1111", "٤١١١١١١١١١١١١١١١",
    "4111 -- 1111 -- 1111 -- 1111", "4111....1111....1111....1111", "4222  2222  2222  2",
)  # fmt: skip
TEXT_FIELDS = {"card": "card", "auth": "auth", "nsu": "nsu", "flag_name": "flagName",
               "payment_type": "paymentType"}  # fmt: skip
CNPJ_PASSING_LUHN = "29141777000158"
EAN13_PASSING_LUHN = "7899935181907"
ORDER_NUMBER_PASSING_LUHN = 4111111111111111


def payment(**changes: Any) -> models.NewPayment:
    fields: dict[str, Any] = {
        "order_id": 42, "card": "************1111", "auth": "AB12", "nsu": "998877",
        "installments": 1, "amount": Decimal("10.00"), "flag_name": "Visa",
        "payment_type": "credit", "user_id": 1001,
    }  # fmt: skip
    fields.update(changes)
    return models.NewPayment(**fields)


def client(server: ScriptedServer) -> api.ApiClient:
    return api.ApiClient(server.base_url, "tok.en.value", timeout=5, max_retries=0)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("field", TEXT_FIELDS)
def test_a_card_number_in_a_payment_is_never_sent(
    scripted: ScriptedServer, field: str, form: str
) -> None:
    async def scenario() -> None:
        async with client(scripted) as c:
            await c.create_payment(payment(**{field: form}))

    with pytest.raises(api.CardNumberRefusedError) as refused:
        run(scenario())
    assert refused.value.field == TEXT_FIELDS[field]
    assert form not in str(refused.value)  # named by its field, never by what it held
    assert scripted.requests == [] and scripted.connections == 0


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("search", ["search_customers", "search_products"])
def test_a_card_number_typed_as_a_search_is_never_sent(
    scripted: ScriptedServer, search: str, form: str
) -> None:
    async def scenario() -> None:
        async with client(scripted) as c:
            await getattr(c, search)(form)

    with pytest.raises(api.ApiRequestError):
        run(scenario())
    assert scripted.requests == [] and scripted.connections == 0


def test_identifiers_and_each_searchs_documents_go_as_they_are(scripted: ScriptedServer) -> None:
    scripted.default = Reply(body=[])
    big = ORDER_NUMBER_PASSING_LUHN

    async def scenario() -> None:
        async with client(scripted) as c:
            await c.create_payment(payment(order_id=big, user_id=big))
            await c.create_invoice(models.NewInvoice(order_id=big, user_id=big))
            await c.list_orders(str(big))
            await c.list_payments(big)
            await c.search_customers(CNPJ_PASSING_LUHN)
            await c.search_customers("29.141.777/0001-58")
            await c.search_products(EAN13_PASSING_LUHN)
            await c.search_products(EAN13_PASSING_LUHN + " 12")

    run(scenario())
    paths = [seen.raw_path for seen in scripted.requests]
    assert len(paths) == 8
    assert f'"orderId":{big}' in scripted.requests[0].body.decode()
    assert paths[2].endswith(f"/orders/{big}") and paths[3].endswith(f"/payments/{big}")
    assert paths[4].endswith(CNPJ_PASSING_LUHN) and paths[6].endswith(EAN13_PASSING_LUHN)


@pytest.mark.parametrize("text", ["Maria da Silva Araújo", "Silva/Araújo 12", "José%20Souza"])
def test_an_answers_error_names_the_address_by_its_route_never_what_was_searched(
    scripted: ScriptedServer, text: str
) -> None:
    scripted.default = Reply(body={"not": "a list"})

    async def scenario() -> None:
        async with client(scripted) as c:
            await c.search_customers(text)

    with pytest.raises(api.ApiResponseValidationError) as raised:
        run(scenario())
    message = str(raised.value)
    assert "api/v1/data-consult/customers/{filter}" in message
    for part in ("Silva", "Araújo", "Souza", "12"):
        assert part not in message

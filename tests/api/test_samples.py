"""What IT's service check makes of answers as the service wrote them (api/samples.py; issue 98:
its lines no test reached): a body that is no list said for what it is, one cut at the cap or
not in UTF-8, an envelope that does not read, elements the app cannot read with pydantic's
first reason, a service's clock from a Date header that is no date, and an answer slower than
the check waits for."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop_app import api
from desktop_app.api import routes, samples
from desktop_app.api.after_validation import Reading
from tests.helpers import Reply, ScriptedServer, run


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"   ", "nothing"),
        (b"<html>Bem-vindo</html>", "text"),
        (b'{"data": {}, "total": 0}', "object (data, total)"),
        (b'{"data": ', "text"),  # an envelope begun and never ended
        (b"42", "int"),
        (b"null", "null"),
        (b'"ok"', "str"),
    ],
)
def test_an_answer_that_is_no_list_is_said_for_what_it_is(body: bytes, said: str) -> None:
    assert run(samples.elements_of(body)).instead == said


def test_a_body_not_in_utf8_is_said_so_and_one_cut_at_the_cap_keeps_its_whole_elements() -> None:
    latin = '[{"id": "001", "name": "São"}]'.encode("latin-1")
    assert run(samples.elements_of(latin)).instead == (
        "text that is not in the charset it declares"
    )
    cut = '[{"id": "001", "name": "Sé"}, {"id": "002", "name": "Sé"}]'.encode()
    cut = cut[: cut.rindex("é".encode()) + 1]  # the cap fell inside the last "é"
    found = run(samples.elements_of(cut))
    assert found.values == [{"id": "001", "name": "Sé"}] and found.instead == ""


def test_a_long_list_is_read_whole_giving_the_loop_its_turns() -> None:
    body = json.dumps([{"id": str(n), "name": "Loja"} for n in range(1_201)]).encode()
    found = run(samples.elements_of(body))
    assert len(found.values) == len(found.texts) == 1_201


def test_a_list_longer_than_the_readers_slice_is_read_as_the_app_reads_it() -> None:
    """Past 128 KiB the reader works in steps, the loop's turn between them, as the app does."""
    texts = [
        b'{"orderId": %d, "amount": 10, "customerName": "Ana Souza"}' % n for n in range(4_000)
    ]
    assert len(b",".join(texts)) > 128 * 1024
    read = run(samples.as_the_app_reads(routes.ORDERS, texts, Reading()))
    assert [order.order_id for order in read] == list(range(4_000)) and read.unread_count == 0


def test_elements_the_app_cannot_read_give_pydantics_first_reason() -> None:
    reading = Reading()
    with pytest.raises(ValueError, match=r"element 0: orderId: Field required"):
        run(samples.as_the_app_reads(routes.ORDERS, [b'{"amount": 1}'] * 3, reading))
    with pytest.raises(ValueError, match=r"^orderId: "):
        samples.one_order(b'{"amount": 1}', reading)
    order = samples.one_order(b'{"orderId": 7, "amount": 10}', reading)
    assert order.order_id == 7


def test_an_order_refused_after_validation_gives_its_reason() -> None:
    """An amount finer than a cent: the app never rounds money it was given, and says why."""
    with pytest.raises(ValueError, match=r"^amount: 10\.005 is not an amount of whole cents$"):
        samples.one_order(b'{"orderId": 7, "amount": 10.005}', Reading())


def test_a_first_reason_without_a_place_is_its_message() -> None:
    from pydantic import TypeAdapter, ValidationError

    with pytest.raises(ValidationError) as raised:
        TypeAdapter(int).validate_json(b'"x"')
    assert samples.first_reason(raised.value) == raised.value.errors()[0]["msg"]


def sample(scripted: ScriptedServer, reply: Reply, **options: Any) -> samples.Sample:
    scripted.default = reply

    async def read() -> samples.Sample:
        async with api.ApiClient(scripted.base_url, "t.o.k", max_retries=0) as client:
            return await samples.sample(client, routes.STORES, **options)

    return run(read())


def test_a_date_header_that_is_no_date_leaves_the_services_clock_unknown(
    scripted: ScriptedServer,
) -> None:
    said = sample(
        scripted, Reply(body=[{"id": "001", "name": "Centro"}], headers={"Date": "ontem"})
    )
    assert said.service_clock is None and said.whole


def test_an_answer_slower_than_the_check_waits_is_kept_in_part(scripted: ScriptedServer) -> None:
    """The check waits its seconds for a body that keeps coming, then looks at what came."""
    body = json.dumps([{"id": str(n), "name": "Loja"} for n in range(2_000)]).encode()
    said = sample(scripted, Reply(body=body, trickle=(1_000, 0.02)), seconds=0.2)
    assert not said.whole and 0 < len(said.body) < len(body)

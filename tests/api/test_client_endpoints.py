"""Every endpoint of the client against the sandbox, over real HTTP on loopback, in each reading
of the interface it gives (its own, and each other service's choice: ``each_reading_shared``)."""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import TypeVar

import pytest

from desktop_app import api
from desktop_app.api import models
from desktop_app.core.failures import nothing_matches
from desktop_app.core.orders.criteria import OrderStatus, status_of
from desktop_app.core.revenue import by_day
from desktop_app.sandbox.dialects import Dialect
from desktop_app.sandbox.server import SandboxServer
from tests.helpers import run

T = TypeVar("T")


def client_for(server: SandboxServer, role: str = "manager") -> api.ApiClient:
    return api.ApiClient(server.base_url, server.token(role), timeout=10, backoff_base=0.01)


async def found(search: Awaitable[Sequence[T]]) -> Sequence[T]:
    """What a search found, read as the desk reads it: a 404 that says only that nothing
    matches is nothing found (core.failures)."""
    try:
        return await search
    except api.NotFoundError as error:
        if nothing_matches(error):
            return []
        raise


def _slip(order: models.Order, amount: Decimal | None = None) -> models.NewPayment:
    return models.NewPayment(
        order_id=order.order_id, card="************4242", auth="A1B2C3", nsu="000123",
        installments=1, amount=order.amount if amount is None else amount,
        flag_name="Visa", payment_type="credit", user_id=2001,  # the manager signed in
    )  # fmt: skip


def test_reference_data_reads(each_reading_shared: SandboxServer) -> None:
    async def scenario() -> None:
        async with client_for(each_reading_shared) as client:
            stores = await client.list_stores()
            assert [s.id for s in stores] == ["001", "002"]
            assert stores[0].label == "001 - Loja Centro"
            sellers = await client.list_sellers()
            assert sellers and all(isinstance(s, models.Seller) and s.name for s in sellers)
            billings = await client.list_billings()
            assert len(by_day(billings)) == 90  # one record a day, or one per store and day
            assert all(b.total > 0 for b in billings)
            # A time is aware; a day the service wrote as a date alone stays a date.
            assert all(not isinstance(b.date, datetime) or b.date.tzinfo for b in billings)

    run(scenario())


def test_customer_search_ignores_case_and_accents(each_reading_shared: SandboxServer) -> None:
    async def scenario() -> None:
        async with client_for(each_reading_shared) as client:
            accented = await client.search_customers("JOÃO")
            plain = await client.search_customers("joao")
            assert accented and accented == plain
            assert all("joão" in c.name.casefold() for c in accented)
            one = accented[0]
            digits = "".join(ch for ch in one.document if ch.isalnum())
            by_document = await client.search_customers(digits[:7])
            assert one in by_document
            assert await client.search_customers("   ") == []
            assert await found(client.search_customers("zzqx no such customer")) == []

    run(scenario())


def test_product_search_by_name_and_code(each_reading_shared: SandboxServer) -> None:
    async def scenario() -> None:
        async with client_for(each_reading_shared) as client:
            shirts = await client.search_products("camiseta")
            assert shirts and all("camiseta" in p.name.casefold() for p in shirts)
            code = shirts[0].manufacturer_code
            exact = await client.search_products(code)
            assert exact[0].manufacturer_code == code
            assert await found(client.search_products("zzqx no such product")) == []

    run(scenario())


def test_orders_order_and_payments(each_reading_shared: SandboxServer) -> None:
    async def scenario() -> None:
        async with client_for(each_reading_shared) as client:
            orders = await client.list_orders("001")
            assert len(orders) == 60
            first = orders[0]
            assert isinstance(first.amount, Decimal) and first.create_date is not None
            assert isinstance(first.create_date, datetime) and first.create_date.tzinfo
            again = await client.get_order("001", first.order_id)
            assert again == first
            paid = next(o for o in orders if o.amount_paid > 0)
            payments = await client.list_payments(paid.order_id)
            assert sum(p.amount for p in payments) == paid.amount_paid
            assert all(p.card.endswith(p.card[-4:]) and p.card[-4:].isdigit() for p in payments)
            # The service check reads the same lists through its own door, every page.
            checked = await client.whole_list(api.routes.PAYMENTS, {"id": paid.order_id})
            assert list(checked) == list(payments) and checked.whole
            stores = await client.whole_list(api.routes.STORES)
            assert list(stores) == list(await client.list_stores())

    run(scenario())


def test_create_payment_then_invoice(each_reading_shared: SandboxServer) -> None:
    async def scenario() -> int:
        async with client_for(each_reading_shared) as client:
            orders = await client.list_orders("001")
            order = next(o for o in orders if o.amount_paid == 0)
            created = await client.create_payment(_slip(order))
            # A created payment may come back whole, or as an empty 201: both are success.
            assert created is None or created["nsu"] == "000123"
            after = await client.get_order("001", order.order_id)
            assert after.amount_paid == order.amount and after.balance_due == 0
            [recorded] = await client.list_payments(order.order_id)
            assert (recorded.nsu, recorded.user_id) == ("000123", "2001")
            invoice = await client.create_invoice(
                models.NewInvoice(order_id=order.order_id, user_id=2001)
            )
            empty = Dialect.EMPTY_CREATE in each_reading_shared.dialects
            assert invoice is None if empty else len(invoice["accessKey"]) == 44
            return order.order_id

    order_id = run(scenario())
    issued_by = each_reading_shared.db.connect().execute(
        "SELECT user_id FROM invoices WHERE order_id = ?", (order_id,)
    )
    assert issued_by.fetchall() == [(2001,)]


def three_parts(cents: int) -> list[int]:
    """Three parts of ``cents`` whose sum in binary floating point is not the whole (a service
    that sums a float column writes ``4986.8099999999995``)."""
    for first in range(1, cents // 2):
        parts = [first, first + 1, cents - 2 * first - 1]
        total = 0.0
        for part in parts:
            total += part / 100
        if total != cents / 100:
            return parts
    raise AssertionError(f"no three parts of {cents} cents sum to noise")


def test_an_order_paid_in_three_parts_reads_paid(each_reading_shared: SandboxServer) -> None:
    async def scenario() -> models.Order:
        async with client_for(each_reading_shared) as client:
            orders = await client.list_orders("001")
            order = next(o for o in orders if o.amount_paid == 0 and o.amount > 10)
            cents = int(order.amount * 100)
            for index, part in enumerate(three_parts(cents)):
                slip = _slip(order, Decimal(part) / 100)
                await client.create_payment(replace(slip, nsu=f"3{index}", auth=f"P{index}"))
            listed = await client.list_orders("001")
            assert next(o for o in listed if o.order_id == order.order_id).balance_due == 0
            return await client.get_order("001", order.order_id)

    paid = run(scenario())
    assert status_of(paid) is OrderStatus.PAID
    assert (paid.balance_due, paid.amount_paid) == (Decimal(0), paid.amount)


def test_a_second_send_of_a_recorded_slip_is_refused_in_the_services_words(
    each_reading_shared: SandboxServer,
) -> None:
    async def scenario() -> api.ApiStatusError:
        async with client_for(each_reading_shared) as client:
            order = next(o for o in await client.list_orders("001") if o.amount_paid == 0)
            slip = _slip(order, Decimal("1.00"))
            await client.create_payment(slip)
            with pytest.raises(api.ApiStatusError) as refused:
                await client.create_payment(slip)
            return refused.value

    refused = run(scenario())
    conflict = Dialect.CONFLICT in each_reading_shared.dialects
    assert refused.status_code == (409 if conflict else 400)
    assert "already" in refused.message


@pytest.mark.parametrize(
    ("call", "error"),
    [
        ("get_order_unknown", api.NotFoundError),
        ("list_orders_unknown_store", api.NotFoundError),
        ("payment_over_balance", api.BadRequestError),
        ("invoice_as_cashier", api.PermissionDeniedError),
        ("no_token", api.AuthenticationError),
    ],
)
def test_status_errors_map_to_classes(
    each_reading_shared: SandboxServer, call: str, error: type[api.ApiStatusError]
) -> None:
    async def scenario() -> api.ApiStatusError:
        role = "cashier" if call == "invoice_as_cashier" else "manager"
        async with client_for(each_reading_shared, role) as client:
            if call == "no_token":
                client.token = None
            order = (await client.list_orders("001"))[0] if call != "no_token" else None
            with pytest.raises(error) as raised:
                if call == "get_order_unknown":
                    await client.get_order("001", 1)
                elif call == "list_orders_unknown_store":
                    await client.list_orders("999")
                elif call == "payment_over_balance":
                    assert order is not None
                    await client.create_payment(
                        models.NewPayment(
                            order_id=order.order_id, card="************1111", auth="X1",
                            nsu="1", installments=1, amount=order.amount + 1,
                            flag_name="Visa", payment_type="credit", user_id=2001,
                        )
                    )  # fmt: skip
                elif call == "invoice_as_cashier":
                    assert order is not None
                    await client.create_invoice(
                        models.NewInvoice(order_id=order.order_id, user_id=1001)
                    )
                else:
                    await client.list_stores()
            return raised.value

    caught = run(scenario())
    assert isinstance(caught, api.ApiStatusError)
    assert caught.message and caught.message in str(caught)
    assert isinstance(caught.body, dict) and caught.body["statusCode"] == caught.status_code


@pytest.mark.parametrize("suffix", ["", "/", "/api/v1", "/api/v1/"])
def test_the_service_address_with_or_without_api_v1_reaches_the_same_service(
    shared_sandbox: SandboxServer, suffix: str
) -> None:
    # The interface calls the base {base_url} with every path under /api/v1: people type both.
    base = shared_sandbox.base_url.rstrip("/") + suffix
    assert_signs_in_and_reads(base)


def test_a_sign_in_is_read_in_each_reading(each_reading_shared: SandboxServer) -> None:
    assert_signs_in_and_reads(each_reading_shared.base_url)


def assert_signs_in_and_reads(base: str) -> None:
    """Sign in as the demo manager at ``base`` and read the stores with the token answered."""

    async def scenario() -> None:
        async with api.ApiClient(base) as client:
            token = await client.login("api/v1/auth/login", "manager", api.Secret("manager"))
            client.token = token
            stores = await client.list_stores()
        assert [store.id for store in stores][:1] == ["001"]

    run(scenario())


def test_an_address_that_is_none_sends_nothing_and_says_why(
    shared_sandbox: SandboxServer,
) -> None:
    from desktop_app.api.address import AddressError, AddressProblem

    async def scenario() -> None:
        async with api.ApiClient("https://ana:secret@store-api", "token") as client:
            with pytest.raises(AddressError) as refused:
                await client.list_stores()
            assert refused.value.problem is AddressProblem.CREDENTIALS
            assert "secret" not in repr(client)
            client.set_base_url(shared_sandbox.base_url + "/api/v1")
            client.token = shared_sandbox.token("manager", 2001)
            assert await client.list_stores()

    run(scenario())

"""The typed async client of ``/api/v1``: what each route asks and how its answer is read
(every page of a list, one order, a create sent once, the sign-in outside ``/api/v1``). Every
request goes through the one request loop of :mod:`desktop_app.api._wire`.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from contextlib import nullcontext
from dataclasses import replace
from datetime import UTC, tzinfo
from typing import Any, TypeVar, Unpack

import httpx
from pydantic import TypeAdapter

from desktop_app.api import models, routes
from desktop_app.api._answers import (
    BuildPause,
    SignInAnswer,
    decode_array,
    read_created,
    read_one,
    read_posted,
    sign_in_answer,
)
from desktop_app.api._body import BytesListener, Progress
from desktop_app.api._errors import NotFoundError, ServiceNotFoundError, SignInNotFoundError
from desktop_app.api._pages import ReadAhead, every_page, header_facts
from desktop_app.api._wire import SIGN_IN, Wire, WireOptions
from desktop_app.api.address import endpoint
from desktop_app.api.after_validation import AS_THE_INTERFACE_SAYS, Reading
from desktop_app.api.listing import Listing
from desktop_app.api.models import encode_body
from desktop_app.api.routes import refuse_card_numbers
from desktop_app.api.secret import Secret

T = TypeVar("T")
R = TypeVar("R")

_KEY_OF: dict[str, Callable[[Any], object]] = {routes.ORDERS: lambda order: order.order_id}
"""What an element of a list is told apart by, where one read twice across pages (the service's
list moved between two pages) must count once."""


class ApiClient(Wire):
    """Async client of the store's ``/api/v1`` service: what each route asks and how its answer
    is read, over :class:`~desktop_app.api._wire.Wire` (see there for the token, the trust and
    closing). ``build_pause``: what each list is built under (the app pauses the garbage
    collector then); nothing by default. ``service_zone``: where the service's times written
    with no zone are (UTC by default).
    """

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        build_pause: BuildPause | None = None,
        service_zone: tzinfo = UTC,
        **wire: Unpack[WireOptions],
    ) -> None:
        super().__init__(
            base_url, token, **wire
        )  # the wire's own options, typed and defaulted there
        self._build_pause: BuildPause = build_pause or nullcontext
        self.service_zone = service_zone  # of the service's times written with no zone (IT's)

    async def _get_list(
        self,
        route: str,
        on_bytes: BytesListener | None = None,
        asked: Reading = AS_THE_INTERFACE_SAYS,
        **parameters: str | int,
    ) -> Listing[Any]:
        reading = replace(asked, zone=self.service_zone)
        adapter = models.LISTS[route]

        async def read(response: httpx.Response, progress: Progress) -> Listing[Any]:
            progress.listen(on_bytes)
            pages.ahead(header_facts(response).next_url)
            return await decode_array(response, progress, adapter, reading=reading)  # paused below

        base = self._http.base_url
        pages = ReadAhead(lambda url: self._send("GET", route, url, read), base)
        # One pause for the whole list, however many pages: the collector's freeze as each
        # page's pause ended took 1 ms a page (100 pages: 40% more than one whole answer).
        try:
            with self._build_pause():
                first = await self._send("GET", route, routes.address(route, **parameters), read)
                return await every_page(route, first, pages.page, base, _KEY_OF.get(route))
        finally:
            await pages.close()

    async def whole_list(
        self, route: str, parameters: Mapping[str, str | int] | None = None
    ) -> Listing[Any]:
        """The list at ``route`` read as every window reads it: every page, or said a part
        (the service check's reading of a list that says it holds more)."""
        given: dict[str, Any] = dict(parameters or {})
        asked = AS_THE_INTERFACE_SAYS
        if route == routes.ORDERS:
            asked = Reading(store_id=str(given["id"]))
        elif route == routes.PAYMENTS:
            asked = Reading(order_id=int(given["id"]))
        return await self._get_list(route, None, asked, **given)

    async def _get_one(
        self, route: str, adapter: TypeAdapter[T], asked: Reading, **parameters: str | int
    ) -> T:
        reading = replace(asked, zone=self.service_zone)

        async def read(response: httpx.Response, progress: Progress) -> T:
            return await read_one(response, progress, adapter, reading)

        return await self._send("GET", route, routes.address(route, **parameters), read)

    async def fetch(
        self,
        route: str,
        read: Callable[[httpx.Response, Progress], Awaitable[R]],
        **parameters: str | int,
    ) -> R:
        """A GET of an address of ``route``, its answer read by ``read`` as it came (the
        service check keeps what the service wrote)."""
        return await self._send("GET", route, routes.address(route, **parameters), read)

    # -- data-consult ----------------------------------------------------------------------

    async def list_stores(self) -> Listing[models.Store]:
        """The stores."""
        return await self._get_list(routes.STORES)

    async def list_sellers(self) -> Listing[models.Seller]:
        """The sellers."""
        return await self._get_list(routes.SELLERS)

    async def list_billings(self) -> Listing[models.BillingRecord]:
        """The billing (revenue) records."""
        return await self._get_list(routes.BILLINGS)

    async def search_customers(self, text: str) -> Listing[models.Customer]:
        """Customers whose name or document matches ``text``; none for blank text."""
        if not text.strip():
            return Listing()
        return await self._get_list(routes.CUSTOMERS, filter=text.strip())

    async def search_products(self, text: str) -> Listing[models.Product]:
        """Products whose name or code matches ``text``; none for blank text."""
        if not text.strip():
            return Listing()
        return await self._get_list(routes.PRODUCTS, filter=text.strip())

    # -- orders-payment --------------------------------------------------------------------

    async def list_orders(
        self, store_id: str, on_bytes: BytesListener | None = None
    ) -> Listing[models.Order]:
        """Every order of a store. ``on_bytes`` is told how far the answer has come (a store's
        history is one answer: a million orders are 336 MB)."""
        asked = Reading(store_id=store_id)
        return await self._get_list(routes.ORDERS, on_bytes, asked, id=store_id)

    async def get_order(self, store_id: str, order_id: int) -> models.Order:
        """One order of a store."""
        asked = Reading(store_id=store_id)
        return await self._get_one(
            routes.ORDER, models.ONE_ORDER, asked, id=store_id, orderId=order_id
        )

    async def list_payments(self, order_id: int) -> Listing[models.Payment]:
        """The payments recorded against an order."""
        asked = Reading(order_id=order_id)
        return await self._get_list(routes.PAYMENTS, None, asked, id=order_id)

    async def create_payment(
        self, payment: models.NewPayment, on_leaving: Callable[[], None] | None = None
    ) -> Any:
        """Record a payment (see :meth:`_create`)."""
        return await self._create(routes.CREATE_PAYMENT, payment.wire_fields(), on_leaving)

    async def create_invoice(
        self, invoice: models.NewInvoice, on_leaving: Callable[[], None] | None = None
    ) -> Any:
        """Issue an invoice (see :meth:`_create`)."""
        return await self._create(routes.CREATE_INVOICE, invoice.wire_fields(), on_leaving)

    async def _create(
        self, route: str, fields: dict[str, Any], leaving: Callable[[], None] | None
    ) -> Any:
        """POST ``fields`` to ``route`` once, never retried, after the gate for card numbers;
        the answer's JSON or None (:func:`read_created`: an answer that does not say it was
        recorded is an unknown outcome). ``leaving`` is called as the request starts to leave
        (see :meth:`_send`)."""
        body = encode_body(refuse_card_numbers(fields))
        return await self._send(
            "POST", route, route, read_created, content=body, on_leaving=leaving
        )

    # -- outside /api/v1 ------------------------------------------------------------------

    async def login(self, login_url: str, username: str, password: Secret) -> str:
        """Exchange a user name and password for a token at ``login_url`` (absolute or relative),
        read where common services put it (:func:`sign_in_answer`: the interface does not say)."""
        return (await self.sign_in(login_url, username, password)).token

    async def sign_in(self, login_url: str, username: str, password: Secret) -> SignInAnswer:
        """The sign-in's answer as it came (:meth:`login` takes its token)."""
        body = json.dumps({"username": username, "password": password.reveal()}).encode()
        try:
            # The password goes as typed: a secret, never checked for a card's digits.
            address = endpoint(self._service(), login_url)
            answer = await self._send(
                "POST", SIGN_IN, address, read_posted, content=body, secrets=(password,)
            )
        except ServiceNotFoundError:
            raise
        except NotFoundError as error:  # the service answers, but not at this sign-in address
            raise SignInNotFoundError(
                error.message, status_code=404, withheld=error.withheld
            ) from None
        return sign_in_answer(answer)

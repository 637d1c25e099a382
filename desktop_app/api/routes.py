"""The service's routes with parameters, and request addresses told by their kind.

A request address holds what a person typed or looked at: a customer search is a name or a
document, an order's address its number. Logs and error messages name such an address by its
kind (``api/v1/data-consult/customers/{filter}``), never by what it held: both end up in
diagnostics sent to support, and customer data is personal data (LGPD).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from desktop_app.api._errors import ApiRequestError, CardNumberRefusedError
from desktop_app.api.card_numbers import contains_card_number

API = "api/v1/"

STORES = API + "data-consult/stores"
"""A read that exists whatever the data: what tells the service's address from another."""
SELLERS = API + "data-consult/sellers"
BILLINGS = API + "data-consult/billings"
CUSTOMERS = API + "data-consult/customers/{filter}"
PRODUCTS = API + "data-consult/products/{filter}"
ORDERS = API + "orders-payment/orders/{id}"
ORDER = API + "orders-payment/orders/{id}/{orderId}"
PAYMENTS = API + "orders-payment/payments/{id}"

CREATE_PAYMENT = API + "orders-payment/payments/create"
CREATE_INVOICE = API + "orders-payment/invoice/create"

ROUTES = (CREATE_PAYMENT, CREATE_INVOICE, CUSTOMERS, PRODUCTS, ORDER, ORDERS, PAYMENTS)
"""Every route of the interface under /api/v1 whose address holds a value, and the addresses it
could be taken for (``payments/create`` is not the payments of order "create"); tried in this
order, so an order's address is not read as a store's list with something after it."""

_SEGMENT = r"[^/\s\"'?#<>]+"
_ADDRESSES = re.compile(
    "|".join(
        f"(?P<r{number}>"
        + "".join(
            _SEGMENT if part.startswith("{") else re.escape(part)
            for part in re.split(r"(\{\w+\})", route)
        )
        + ")(?![^/\\s\"'?#<>])"
        for number, route in enumerate(ROUTES)
    )
)


def path_segment(text: str) -> str:
    """``text`` as exactly one path segment: ``/ ? # %``, spaces and non-ASCII are encoded."""
    if not text:
        # An empty segment would make another route: "/orders/" is not "/orders/<store>".
        raise ApiRequestError("an identifier in a path cannot be empty")
    try:
        encoded = quote(text, safe="")
    except UnicodeEncodeError:
        # A lone surrogate (half of a character, from a broken paste) has no UTF-8.
        raise ApiRequestError("the text holds a character that cannot be sent") from None
    if encoded.strip(".") == "":
        # "." and ".." would be resolved away as dot segments and reach another route.
        encoded = encoded.replace(".", "%2E")
    return encoded


SEARCHES: dict[str, dict[str, bool]] = {
    CUSTOMERS: {"documents": True},  # a valid CNPJ there is a company, not a card
    PRODUCTS: {"barcodes": True},  # a GTIN there (with its add-on) is a product
}
"""The routes whose parameter is what a person typed, checked for a card number before it is
sent, with what that route's search takes that is no card. Every other parameter is an
identifier (a store, an order's number): never checked, as the service gave it."""


def address(route: str, **parameters: str | int) -> str:
    """The path of ``route`` with each ``{name}`` replaced by its parameter, encoded as one
    segment. A search's text that holds a full card number is refused before anything is sent
    (:class:`CardNumberRefusedError`)."""
    expects = SEARCHES.get(route)
    if expects is not None:
        for name, value in parameters.items():
            if contains_card_number(str(value), **expects):
                raise CardNumberRefusedError(
                    f"the search text ({{{name}}}) holds a full card number: not sent", field=name
                )
    return route.format_map({name: path_segment(str(v)) for name, v in parameters.items()})


def refuse_card_numbers(body: Mapping[str, Any]) -> Mapping[str, Any]:
    """``body`` as it is, once none of its texts holds a full card number; else
    :class:`CardNumberRefusedError` naming the field, and nothing is sent. Identifiers (the
    order, the person) are numbers there, and never checked: a 16-digit order number that passes
    Luhn is still that order."""
    for name, value in body.items():
        if isinstance(value, str) and contains_card_number(value):
            raise CardNumberRefusedError(
                f"the {name} field holds a full card number: not sent", field=name
            )
    return body


def by_kind(text: str) -> str:
    """``text`` with every request address in it named by its kind: its parameters replaced by
    their names (``…/customers/{filter}``, ``…/orders/{id}/{orderId}``)."""
    return _ADDRESSES.sub(lambda found: ROUTES[int(str(found.lastgroup)[1:])], text)

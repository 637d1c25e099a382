"""The service's routes with parameters, and request addresses told by their kind.

A request address holds what a person typed or looked at: a customer search is a name or a
document, an order's address its number. Logs and error messages name such an address by its
kind (``api/v1/data-consult/customers/{filter}``), never by what it held: both end up in
diagnostics sent to support, and customer data is personal data (LGPD).
"""

from __future__ import annotations

import re
from urllib.parse import quote

from desktop_app.api._errors import ApiRequestError

API = "api/v1/"

CUSTOMERS = API + "data-consult/customers/{filter}"
PRODUCTS = API + "data-consult/products/{filter}"
ORDERS = API + "orders-payment/orders/{id}"
ORDER = API + "orders-payment/orders/{id}/{orderId}"
PAYMENTS = API + "orders-payment/payments/{id}"

_SEGMENT = r"[^/\s\"'?#<>]+"
_ADDRESSES = re.compile(
    rf"(?P<search>{API}data-consult/(?:customers|products)/){_SEGMENT}"
    rf"|(?P<orders>{API}orders-payment/orders/){_SEGMENT}(?P<order>/{_SEGMENT})?"
    rf"|(?P<payments>{API}orders-payment/payments/)(?!create(?![^/\s\"'?#<>])){_SEGMENT}"
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


def address(route: str, **parameters: str | int) -> str:
    """The path of ``route`` with each ``{name}`` replaced by its parameter, encoded as one
    segment."""
    return route.format_map({name: path_segment(str(v)) for name, v in parameters.items()})


def _kind(found: re.Match[str]) -> str:
    if found.group("search"):
        return found.group("search") + "{filter}"
    if found.group("orders"):
        return found.group("orders") + ("{id}/{orderId}" if found.group("order") else "{id}")
    return found.group("payments") + "{id}"


def by_kind(text: str) -> str:
    """``text`` with every request address in it named by its kind: its parameters replaced by
    their names (``…/customers/{filter}``, ``…/orders/{id}/{orderId}``)."""
    return _ADDRESSES.sub(_kind, text)

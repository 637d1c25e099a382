"""The service check: before the first sale, whether the service answers the way the app reads
it, told as facts (``pos-backoffice --check-service``, Settings ▸ Test connection ▸ Check the
service).

The connection check's steps first; then a sign-in made for the check alone (a token held in
this call's memory only, never the app's session), then **only reads**, each route once:
stores, sellers, billings, one store's orders (cut at a size and a time), one order, the
payments of an order that has some, a customer search for a word of a name read and one for a
word no one has, a product search for a short term. Each answer is kept as written and looked
at twice: as the service wrote it (:mod:`.shapes`) and as the app reads it (the same decoder).
Nothing is created.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from desktop_app.api import (
    ApiClient,
    ApiError,
    ApiResponseValidationError,
    AuthenticationError,
    BytesListener,
    Listing,
    SignInNotFoundError,
    routes,
    samples,
)
from desktop_app.api._pages import says_more
from desktop_app.api.address import endpoint, service_address
from desktop_app.api.after_validation import Reading, zone_named
from desktop_app.api.check import (
    CHECK_SECONDS,
    REACHING,
    Outcome,
    Result,
    Step,
    check_connection,
)
from desktop_app.api.secret import Secret
from desktop_app.core import failures
from desktop_app.core.service_check.findings import Finding
from desktop_app.core.service_check.reading import (
    claims_results,
    list_results,
    pages_result,
    written_results,
)
from desktop_app.core.service_check.shapes import Survey
from desktop_app.core.session import ClaimRules, InvalidTokenError, raw_claims

PRODUCT_TERM = "a"
"""The product search's term: short, so that most catalogues answer it with something."""
CLOCK_SECONDS = 120
"""The most this desk's clock may differ from the service's before the check says so."""


@dataclass(frozen=True, slots=True)
class Credentials:
    """Who signs in for the check: a user name and password, or a token given whole. Neither
    is ever shown, written or logged (:class:`Secret`)."""

    user: str = ""
    password: Secret | None = field(default=None, repr=False)
    token: Secret | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class Asked:
    """What the check is of: the addresses, trust and IT's readings of the service."""

    address: str
    login_url: str
    credentials: Credentials
    ca_file: str | None = None
    store_id: str = ""
    zone: str = ""  # IT's service/time_zone, "" when not set
    rules: ClaimRules = field(default_factory=ClaimRules)
    seconds: float = CHECK_SECONDS
    on_bytes: BytesListener | None = None  # how far the store's orders have come


async def check_service(asked: Asked) -> AsyncIterator[Result]:
    """Each finding as it comes; the check stops where the service cannot be reached or
    signed in to."""
    async for result in check_connection(asked.address, asked.ca_file, asked.seconds):
        yield result
        if result.outcome is Outcome.FAILED and result.step in REACHING:
            return
    zone = zone_named(asked.zone) or UTC  # a zone that is none: said by IT's file check
    base = service_address(asked.address).base
    client = ApiClient(
        base, ca_file=asked.ca_file, timeout=asked.seconds, max_retries=0, service_zone=zone
    )
    async with client:
        signed_in = await _sign_in(client, asked)
        yield signed_in
        if signed_in.outcome is Outcome.FAILED:
            return
        try:
            claims = raw_claims(client.token or "")
        except InvalidTokenError:
            yield Result(Step.SIGN_IN, Outcome.FAILED, Finding.NOT_A_JWT)
            return
        for result in claims_results(claims, asked.rules, _now()):
            yield result
        async for result in _reads(client, asked):
            yield result
            if result.finding is Finding.TOKEN_REFUSED:
                return


async def _sign_in(client: ApiClient, asked: Asked) -> Result:
    """A sign-in for the check alone; the token goes to this check's client, nowhere else."""
    credentials = asked.credentials
    if credentials.token is not None:
        client.token = credentials.token.reveal().strip()
        return Result(Step.SIGN_IN, Outcome.PASSED, Finding.TOKEN_GIVEN)
    step, failed = Step.SIGN_IN, Outcome.FAILED
    try:
        answer = await client.sign_in(
            asked.login_url, credentials.user, credentials.password or Secret("")
        )
    except AuthenticationError:
        return Result(step, failed, Finding.PASSWORD_REFUSED, {"user": credentials.user})
    except SignInNotFoundError:
        where = endpoint(service_address(asked.address), asked.login_url)
        return Result(step, failed, Finding.SIGN_IN_NOT_FOUND, {"address": where})
    except ApiError as error:
        return Result(step, failed, Finding.SIGN_IN_FAILED, error=error)
    keys = ", ".join(answer.keys) or "—"
    try:
        client.token = answer.token
    except ApiResponseValidationError:
        return Result(step, failed, Finding.NO_TOKEN, {"keys": keys})
    facts = {"user": credentials.user, "found_at": answer.found_at, "keys": keys}
    return Result(step, Outcome.PASSED, Finding.SIGNED_IN, facts)


async def _reads(client: ApiClient, asked: Asked) -> AsyncIterator[Result]:
    """Each route once, in the order a day at the desk asks them."""
    survey = Survey()
    zone = client.service_zone
    try:
        taken = await samples.sample(client, routes.STORES)
    except AuthenticationError as error:
        facts = {"status": str(error.status_code)}
        yield Result(Step.SIGN_IN, Outcome.FAILED, Finding.TOKEN_REFUSED, facts)
        return
    except ApiError as error:
        yield Result(Step.STORES, Outcome.FAILED, Finding.ROUTE_FAILED, error=error)
        stores: Listing[Any] = Listing()
    else:
        yield clock_result(taken)
        said, stores = await list_results(Step.STORES, routes.STORES, taken, survey)
        for result in said:
            yield result
    for step, route in ((Step.SELLERS, routes.SELLERS), (Step.BILLINGS, routes.BILLINGS)):
        said, _ = await _read_list(client, step, route, survey, Reading(zone=zone))
        for result in said:
            yield result
    store_id = asked.store_id or (stores[0].id if stores else "")
    orders: Listing[Any] = Listing()
    read = True
    if store_id:
        reading = Reading(zone=zone, store_id=store_id)
        said, orders = await _read_list(
            client, Step.ORDERS, routes.ORDERS, survey, reading, asked.on_bytes, {"id": store_id}
        )
        read = all(result.outcome is not Outcome.FAILED for result in said)
        for result in said:
            yield result
    else:
        yield Result(Step.ORDERS, Outcome.PASSED, Finding.NO_ORDER, {"store": "—"})
    if read:
        async for result in _after_orders(client, survey, store_id, orders):
            yield result
    else:  # what follows the orders needs them: not checked, and not said to be missing
        for step in (Step.ORDER, Step.PAYMENTS, Step.CUSTOMERS):
            yield Result(step, Outcome.PASSED, Finding.ORDERS_NOT_READ, {"store": store_id})
    yield await _no_match(client, a_word_no_one_has())
    yield await _search(client, Step.PRODUCTS, routes.PRODUCTS, PRODUCT_TERM, survey)
    for result in written_results(survey, asked.zone):
        yield result


async def _read_list(
    client: ApiClient,
    step: Step,
    route: str,
    survey: Survey,
    reading: Reading,
    on_bytes: BytesListener | None = None,
    parameters: Mapping[str, str | int] | None = None,
) -> tuple[list[Result], Listing[Any]]:
    """One list read once: its lines, and its elements as the app reads them."""
    try:
        taken = await samples.sample(client, route, parameters, on_bytes=on_bytes)
    except ApiError as error:
        return [Result(step, Outcome.FAILED, Finding.ROUTE_FAILED, error=error)], Listing()
    said, listing = await list_results(step, route, taken, survey, reading)
    if listing.page is None or not says_more(listing.page, listing.received):
        return said, listing
    try:  # it says it holds more: read as the desk reads it, every page or a part
        whole = await client.whole_list(route, parameters)
    except ApiError as error:
        return [*said, Result(step, Outcome.FAILED, Finding.ROUTE_FAILED, error=error)], listing
    return [*said, pages_result(step, whole)], whole


async def _after_orders(
    client: ApiClient, survey: Survey, store_id: str, orders: Listing[Any]
) -> AsyncIterator[Result]:
    """The reads that follow a store's orders: one order, the payments of a paid one, a
    customer search for a word of a name in the orders."""
    zone = client.service_zone
    if orders:
        first = orders[0]
        yield await _one_order(client, Reading(zone=zone, store_id=store_id), first.order_id)
    else:
        yield Result(Step.ORDER, Outcome.PASSED, Finding.NO_ORDER, {"store": store_id or "—"})
    paid = next((order for order in orders if order.amount_paid > 0), None)
    if paid is None:
        yield Result(Step.PAYMENTS, Outcome.PASSED, Finding.NO_PAID_ORDER, {"store": store_id})
    else:
        reading = Reading(zone=zone, order_id=paid.order_id)
        said, _ = await _read_list(
            client, Step.PAYMENTS, routes.PAYMENTS, survey, reading, None, {"id": paid.order_id}
        )
        for result in said:
            yield result
    word = a_name_word(order.customer_name for order in orders)
    if word:
        yield await _search(client, Step.CUSTOMERS, routes.CUSTOMERS, word, survey)
    else:
        yield Result(Step.CUSTOMERS, Outcome.PASSED, Finding.NO_NAME)


async def _one_order(client: ApiClient, reading: Reading, order_id: int) -> Result:
    """One order, asked for alone, as the app reads it."""
    step = Step.ORDER
    try:
        parameters: dict[str, str | int] = {"id": reading.store_id, "orderId": order_id}
        taken = await samples.sample(client, routes.ORDER, parameters, limit=samples.ONE_BYTES)
        samples.one_order(taken.body, reading)
    except ApiError as error:
        return Result(step, Outcome.FAILED, Finding.ROUTE_FAILED, error=error)
    except ValueError as error:
        return Result(step, Outcome.FAILED, Finding.NOT_EXPECTED, {"reason": str(error)})
    return Result(step, Outcome.PASSED, Finding.ORDER_READ, {"order": str(order_id)})


async def _search(client: ApiClient, step: Step, route: str, term: str, survey: Survey) -> Result:
    """A search for ``term``: how many it found (its lines of shape are the list's)."""
    try:
        taken = await samples.sample(client, route, {"filter": term})
    except ApiError as error:
        if failures.nothing_matches(error):
            return Result(step, Outcome.PASSED, Finding.FOUND_NONE, {"term": term})
        return Result(step, Outcome.FAILED, Finding.ROUTE_FAILED, error=error)
    said, found = await list_results(step, route, taken, survey)
    worst = next((result for result in said if result.outcome is not Outcome.PASSED), None)
    if worst is not None:
        return worst
    if not found:
        return Result(step, Outcome.PASSED, Finding.FOUND_NONE, {"term": term})
    return Result(step, Outcome.PASSED, Finding.FOUND, {"count": str(len(found)), "term": term})


async def _no_match(client: ApiClient, term: str) -> Result:
    """How the service answers a search that finds nothing."""
    step = Step.SEARCH
    try:
        taken = await samples.sample(client, routes.CUSTOMERS, {"filter": term})
    except ApiError as error:
        if failures.nothing_matches(error):
            return Result(step, Outcome.PASSED, Finding.NO_MATCH_404, {"term": term})
        return Result(step, Outcome.FAILED, Finding.ROUTE_FAILED, error=error)
    elements = await samples.elements_of(taken.body)
    if elements.instead:
        facts = {"instead": elements.instead}
        return Result(step, Outcome.FAILED, Finding.NOT_A_LIST, facts)
    return Result(step, Outcome.PASSED, Finding.NO_MATCH_EMPTY, {"term": term})


def clock_result(taken: samples.Sample) -> Result:
    """How far this desk's clock is from the service's, by the ``Date`` of its answer."""
    if taken.service_clock is None:
        return Result(Step.CLOCK, Outcome.PASSED, Finding.NO_CLOCK)
    ahead = (taken.desk_clock - taken.service_clock).total_seconds()
    if abs(ahead) <= CLOCK_SECONDS:
        facts = {"seconds": str(round(abs(ahead)))}
        return Result(Step.CLOCK, Outcome.PASSED, Finding.CLOCKS_AGREE, facts)
    finding = Finding.DESK_AHEAD if ahead > 0 else Finding.DESK_BEHIND
    return Result(Step.CLOCK, Outcome.MISLEADING, finding, {"minutes": str(round(abs(ahead) / 60))})


def a_name_word(names: Iterable[str]) -> str:
    """A word of a customer's name to search for: the first of three letters or more."""
    for name in names:
        word = next((word for word in name.split() if len(word) >= 3 and word.isalpha()), "")
        if word:
            return word
    return ""


def a_word_no_one_has() -> str:
    """A search term that matches nothing (how the service answers a search with no match)."""
    return "zq" + secrets.token_hex(5)


def _now() -> datetime:
    return datetime.now(UTC)

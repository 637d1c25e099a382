"""IT's service check where one read of the service fails or answers oddly (issue 98: the lines
of core/service_check no test reached): the service is the sandbox, behind a scripted gateway
that answers one route its own way; each failure is said at its step, and the check goes on
with the reads that do not need it."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import httpx
import pytest

from desktop_app.api.check import Finding as Reaching
from desktop_app.api.check import Outcome, Result, Step
from desktop_app.api.secret import Secret
from desktop_app.core.service_check import Asked, Credentials, check_service
from desktop_app.core.service_check.findings import Finding
from desktop_app.sandbox.server import SandboxServer
from tests.api.test_connection_check_steps import closed_port
from tests.helpers import Reply, ScriptedServer, Seen, run

REFUSED = Reply(status=400, body={"message": "Bad request"})
ORDER = r"/orders-payment/orders/001/\d+$"
NAME_SEARCH = r"/data-consult/customers/(?!zq)[^/]+$"
NO_MATCH_SEARCH = r"/data-consult/customers/zq[^/]+$"


def checked(
    scripted: ScriptedServer, sandbox: SandboxServer, route: str, answer: Callable[[Seen], Reply]
) -> list[Result]:
    """The check through a gateway that answers paths matching ``route`` by ``answer``."""

    def gateway(seen: Seen) -> Reply:
        path = urlsplit(seen.raw_path).path
        if re.search(route, path):
            return answer(seen)
        auth = {"Authorization": seen.headers.get("authorization", "")}
        forwarded = httpx.get(sandbox.base_url + path, headers=auth)
        return Reply(status=forwarded.status_code, body=forwarded.content)

    scripted.handler = gateway
    token = Credentials(token=Secret(sandbox.token("manager", 2001)))
    asked = Asked(address=scripted.base_url, login_url="", credentials=token, store_id="001")

    async def collect() -> list[Result]:
        return [result async for result in check_service(asked)]

    return run(collect())


def at(results: list[Result], step: Step) -> list[tuple[Outcome, object]]:
    return [(result.outcome, result.finding) for result in results if result.step is step]


def test_a_stores_read_refused_is_said_and_the_store_asked_for_is_still_read(
    scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    def signed_refused(seen: Seen) -> Reply:  # unsigned, as the service: a sign-in asked for
        if seen.headers.get("authorization"):
            return REFUSED
        return Reply(status=401, body={"message": "Sign in"})

    said = checked(scripted, sandbox, r"/data-consult/stores$", signed_refused)
    assert at(said, Step.STORES) == [(Outcome.FAILED, Finding.ROUTE_FAILED)]
    assert (Outcome.PASSED, Finding.READ) in at(said, Step.ORDERS)


@pytest.mark.parametrize(
    ("route", "step"),
    [(ORDER, Step.ORDER), (NAME_SEARCH, Step.CUSTOMERS), (NO_MATCH_SEARCH, Step.SEARCH)],
    ids=["one-order", "customer-search", "no-match-search"],
)
def test_a_read_refused_is_said_at_its_step(
    scripted: ScriptedServer, sandbox: SandboxServer, route: str, step: Step
) -> None:
    refused = checked(scripted, sandbox, route, lambda seen: REFUSED)
    assert at(refused, step) == [(Outcome.FAILED, Finding.ROUTE_FAILED)]


def test_one_order_unreadable_is_said_with_its_reason(
    scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    odd = checked(scripted, sandbox, ORDER, lambda seen: Reply(body={"amount": 1}))
    (result,) = [r for r in odd if r.step is Step.ORDER]
    assert (result.outcome, result.finding) == (Outcome.FAILED, Finding.NOT_EXPECTED)
    assert result.facts["reason"] == "orderId: Field required"


def test_a_customer_search_unreadable_is_said_at_its_step(
    scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    odd = checked(scripted, sandbox, NAME_SEARCH, lambda seen: Reply(body=[{"name": "Ana"}] * 3))
    assert at(odd, Step.CUSTOMERS) == [(Outcome.FAILED, Finding.NOT_EXPECTED)]


def test_a_search_with_no_match_answered_with_no_list_is_said(
    scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    odd = checked(scripted, sandbox, NO_MATCH_SEARCH, lambda seen: Reply(body={"found": 0}))
    (result,) = [r for r in odd if r.step is Step.SEARCH]
    assert (result.finding, result.facts) == (Finding.NOT_A_LIST, {"instead": "object (found)"})


def test_a_store_whose_next_page_fails_is_said_failed_not_read_whole(
    scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    def first_page_only(seen: Seen) -> Reply:
        if "page=2" in seen.raw_path:
            return REFUSED
        auth = {"Authorization": seen.headers.get("authorization", "")}
        store = httpx.get(sandbox.base_url + urlsplit(seen.raw_path).path, headers=auth).json()
        return Reply(body=store[:25], headers={"Link": '<?page=2>; rel="next"'})

    said = checked(scripted, sandbox, r"/orders-payment/orders/001$", first_page_only)
    assert (Outcome.FAILED, Finding.ROUTE_FAILED) in at(said, Step.ORDERS)


def test_a_service_that_cannot_be_reached_ends_the_check_there() -> None:
    asked = Asked(f"http://127.0.0.1:{closed_port()}", "", Credentials(token=Secret("a.b.c")))

    async def collect() -> list[Result]:
        return [result async for result in check_service(asked)]

    said = run(collect())
    assert (said[-1].step, said[-1].finding) == (Step.CONNECTION, Reaching.REFUSED)


def test_searches_that_find_nothing_pass_whether_answered_404_or_empty(
    scripted: ScriptedServer, sandbox: SandboxServer
) -> None:
    """Some services answer a search with no match with a 404 of their own words, others with
    an empty list: both are how a search that finds nothing looks, and the desk reads both."""
    none_found = Reply(status=404, body={"message": "No customer found"})
    by_404 = checked(scripted, sandbox, NAME_SEARCH, lambda seen: none_found)
    assert at(by_404, Step.CUSTOMERS) == [(Outcome.PASSED, Finding.FOUND_NONE)]
    empty = checked(scripted, sandbox, NAME_SEARCH, lambda seen: Reply(body=[]))
    assert at(empty, Step.CUSTOMERS) == [(Outcome.PASSED, Finding.FOUND_NONE)]
    no_match = checked(scripted, sandbox, NO_MATCH_SEARCH, lambda seen: none_found)
    assert at(no_match, Step.SEARCH) == [(Outcome.PASSED, Finding.NO_MATCH_404)]

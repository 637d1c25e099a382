"""A list in pages, in an envelope, with its total beside it, read by HTTP's and JSON's own
rules (issue 88): every page followed at the service's own address, once each; and a list that
says it holds more than was read is never the whole (``Listing.partial`` says why). The store
here holds 67 orders, served 50 a page by a scripted server on loopback, in each common way."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from desktop_app import api
from desktop_app.api._pages import Partial
from tests.api.test_client_wire import ORDER, client
from tests.helpers import Reply, ScriptedServer, Seen, run

STORE = [{**ORDER, "orderId": number, "amount": 10.0} for number in range(1, 68)]
PAGE = 50


def page_of(seen: Seen) -> int:
    return int(parse_qs(urlsplit(seen.raw_path).query).get("page", ["1"])[0])


def serve(scripted: ScriptedServer, answer: Callable[[int], Reply]) -> api.Listing[Any]:
    scripted.handler = lambda seen: answer(page_of(seen))

    async def read() -> api.Listing[Any]:
        async with client(scripted) as c:
            return await c.list_orders("1")

    return run(read())


def orders(page: int) -> list[dict[str, Any]]:
    return STORE[(page - 1) * PAGE : page * PAGE]


def linked(page: int, link: str | None = None) -> dict[str, str]:
    more = page * PAGE < len(STORE)
    target = link if link is not None else f"?page={page + 1}"
    return {"Link": f'<{target}>; rel="next"'} if more else {}


def test_pages_linked_by_http_are_read_to_the_end(scripted: ScriptedServer) -> None:
    read = serve(
        scripted,
        lambda page: Reply(
            body=orders(page), headers={**linked(page), "X-Total-Count": str(len(STORE))}
        ),
    )
    assert [o.order_id for o in read] == list(range(1, 68))
    assert (read.total, read.partial, read.whole) == (67, "", True)
    assert all(s.headers.get("authorization") for s in scripted.requests)  # the same sign-in


def test_an_absolute_next_at_the_service_is_followed(scripted: ScriptedServer) -> None:
    base = scripted.base_url.rstrip("/")
    read = serve(
        scripted,
        lambda page: Reply(
            body=orders(page),
            headers=linked(page, f"{base}/api/v1/orders-payment/orders/1?page={page + 1}"),
        ),
    )
    assert len(read) == 67 and read.whole


def test_an_envelope_with_its_total_and_next_is_read_whole(scripted: ScriptedServer) -> None:
    def answer(page: int) -> Reply:
        more = page * PAGE < len(STORE)
        envelope = {
            "data": orders(page),
            "total": 67,
            "next": f"?page={page + 1}" if more else None,
        }
        return Reply(body=envelope)

    read = serve(scripted, answer)
    assert len(read) == 67 and (read.total, read.whole) == (67, True)


def test_an_envelope_whose_paging_is_not_understood_is_a_part(scripted: ScriptedServer) -> None:
    """Spring's page: ``content``, ``totalElements``, ``last`` and no address of the next."""
    read = serve(
        scripted,
        lambda page: Reply(
            body={"content": orders(page), "totalElements": 67, "last": False, "number": 0}
        ),
    )
    assert len(read) == 50 and read.total == 67 and not read.whole
    assert read.partial == Partial.MORE_UNSAID


def test_a_total_without_a_next_page_is_a_part(scripted: ScriptedServer) -> None:
    read = serve(scripted, lambda page: Reply(body=orders(1), headers={"X-Total-Count": "67"}))
    assert len(read) == 50 and (read.total, read.partial) == (67, Partial.SHORT_OF_TOTAL)


def test_a_content_range_says_the_total(scripted: ScriptedServer) -> None:
    read = serve(
        scripted, lambda page: Reply(body=orders(1), headers={"Content-Range": "items 0-49/67"})
    )
    assert (read.total, read.partial) == (67, Partial.SHORT_OF_TOTAL)


def test_a_next_page_elsewhere_is_never_asked_with_the_token(scripted: ScriptedServer) -> None:
    """Django REST framework's page, its next at another host: read as a part, and nothing
    (above all not the bearer token) goes there."""
    read = serve(
        scripted,
        lambda page: Reply(
            body={"count": 67, "next": "https://elsewhere.example/orders?page=2",
                  "results": orders(page)}
        ),
    )  # fmt: skip
    assert len(read) == 50 and read.partial == Partial.OTHER_ORIGIN
    assert len(scripted.requests) == 1


def test_a_next_page_read_already_ends_the_read(scripted: ScriptedServer) -> None:
    read = serve(
        scripted,
        lambda page: Reply(body=orders(page), headers={"Link": '<?page=1>; rel="next"'}),
    )
    assert len(read) == 50 and read.partial == Partial.PAGE_AGAIN
    assert len(scripted.requests) == 2  # the first page, asked again once by its own address


def test_an_order_read_twice_across_pages_counts_once(scripted: ScriptedServer) -> None:
    """An order came in between two pages: the last of page 1 is the first of page 2."""

    def answer(page: int) -> Reply:
        body = orders(1) if page == 1 else STORE[PAGE - 1 :]
        return Reply(body=body, headers={**linked(page), "X-Total-Count": "67"})

    read = serve(scripted, answer)
    assert sorted(o.order_id for o in read) == list(range(1, 68)) and read.whole


def test_a_list_that_changed_between_its_pages_says_what_may_be_missing(
    scripted: ScriptedServer,
) -> None:
    """An order came in at the front while page 1 was read: page 2, by offset, starts one
    later; the last of page 1 comes again (counted once) and the new one was never sent."""
    grown = [{**ORDER, "orderId": 68, "amount": 10.0}, *STORE]

    def answer(page: int) -> Reply:
        said = {**linked(page), "X-Total-Count": "67" if page == 1 else "68"}
        body = orders(1) if page == 1 else grown[PAGE : 2 * PAGE]
        return Reply(body=body, headers=said)

    read = serve(scripted, answer)
    assert sorted(o.order_id for o in read) == list(range(1, 68))
    assert (read.total, read.partial) == (68, Partial.CHANGED)  # not "no way to the rest"


def test_a_list_whose_total_changed_and_came_whole_is_whole(scripted: ScriptedServer) -> None:
    """An order not yet read was taken away between pages: every one left came."""

    def answer(page: int) -> Reply:
        said = {**linked(page), "X-Total-Count": "67" if page == 1 else "66"}
        return Reply(body=orders(1) if page == 1 else STORE[PAGE:-1], headers=said)

    read = serve(scripted, answer)
    assert len(read) == 66 and (read.total, read.partial, read.whole) == (66, "", True)


def test_a_plain_list_with_nothing_said_of_more_is_whole(scripted: ScriptedServer) -> None:
    read = serve(scripted, lambda page: Reply(body=json.dumps(STORE)))
    assert len(read) == 67 and (read.total, read.partial, read.whole) == (None, "", True)


def test_a_list_cut_short_is_tried_again_then_read_as_the_part_it_is(
    scripted: ScriptedServer,
) -> None:
    """The connection closed in the middle of the 31st order, every time: never an empty list
    nor "could not reach": the 30 that came whole, as a part, after the reads' tries."""
    body = json.dumps(STORE).encode()
    cut = body.index(b'"orderId": 31') + 20
    read = serve(scripted, lambda page: Reply(body=body, cut=cut))
    assert [o.order_id for o in read] == list(range(1, 31))
    assert read.partial == Partial.CUT_SHORT and not read.whole
    assert len(scripted.requests) == 3  # the first read and its two tries (max_retries=2)


def test_a_list_cut_short_once_is_read_whole_when_tried_again(scripted: ScriptedServer) -> None:
    body = json.dumps(STORE).encode()
    scripted.replies = [Reply(body=body, cut=len(body) // 2)]
    read = serve(
        scripted, lambda page: scripted.replies.pop(0) if scripted.replies else Reply(body=body)
    )
    assert len(read) == 67 and read.whole


@pytest.mark.parametrize(
    "says_more",
    [
        {"page": 0, "totalPages": 2},  # counted from zero: the first of two
        {"page": 1, "totalPages": 2},  # counted from one: the first of two
        {"has_more": True},
        {"hasNext": True},
    ],
    ids=["page-0-of-2", "page-1-of-2", "has_more", "hasNext"],
)
def test_an_envelope_that_says_more_by_its_pages_alone_is_a_part(
    scripted: ScriptedServer, says_more: dict[str, Any]
) -> None:
    """No total and no next page's address: the envelope's own words say there is more, and
    the first page is never shown as the whole store."""
    read = serve(scripted, lambda page: Reply(body={"items": orders(1), **says_more}))
    assert len(read) == 50 and not read.whole and read.partial == Partial.MORE_UNSAID


def test_an_envelope_on_its_last_page_by_count_is_whole(scripted: ScriptedServer) -> None:
    """Page 2 of 2 is the end whichever way pages are counted. (Page 1 of 2 is read as more:
    counted from zero it would be the last, but a part is never guessed to be the whole.)"""
    read = serve(
        scripted, lambda page: Reply(body={"items": orders(2), "page": 2, "totalPages": 2})
    )
    assert len(read) == 17 and read.whole
    only = serve(
        scripted, lambda page: Reply(body={"items": orders(2), "page": 0, "totalPages": 1})
    )
    assert only.whole  # the one page, counted from zero


def test_an_envelope_whose_next_is_under_links_is_read_to_the_end(
    scripted: ScriptedServer,
) -> None:
    """JSON:API puts the next page's address under ``links``."""

    def answer(page: int) -> Reply:
        more = page * PAGE < len(STORE)
        links = {"next": f"?page={page + 1}"} if more else {}
        return Reply(body={"data": orders(page), "links": links})

    read = serve(scripted, answer)
    assert [o.order_id for o in read] == list(range(1, 68)) and read.whole


@pytest.mark.parametrize(
    ("limit", "value", "why"),
    [("MOST_PAGES", 1, Partial.TOO_MANY_PAGES), ("MAX_LIST_BYTES", 1_000, Partial.TOO_LARGE)],
    ids=["pages", "bytes"],
)
def test_a_list_that_goes_on_past_the_limits_is_a_part_that_says_why(
    scripted: ScriptedServer, monkeypatch: pytest.MonkeyPatch, limit: str, value: int, why: str
) -> None:
    """A service that links pages past 2,000, or past a whole answer's bytes (the limits made
    small here): what was read is shown as the part it is, never as the whole store."""
    monkeypatch.setattr(f"desktop_app.api._pages.{limit}", value)
    read = serve(scripted, lambda page: Reply(body=orders(page), headers=linked(page)))
    assert 0 < len(read) < len(STORE) and not read.whole and read.partial == why

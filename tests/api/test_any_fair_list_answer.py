"""Whatever HTTP and JSON let a fair service answer for a list, the desk reads it whole and
right, or says it read a part and why: never a silent part (issue 88). Answers are drawn from
the dimensions combined (paging style, envelope, charset, empty reads, the list's size), served
byte for byte by one scripted server on loopback (no sandbox per draw)."""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop_app import api
from desktop_app.api._pages import Partial
from tests.api.test_client_wire import ORDER, client
from tests.helpers import Reply, ScriptedServer, Seen, run

FOLLOWED = ("link", "link-absolute", "envelope-next", "hal-next")
"""Paging this desk follows to the end."""
NOT_FOLLOWED = {
    "total-header": Partial.SHORT_OF_TOTAL,
    "content-range": Partial.SHORT_OF_TOTAL,
    "spring": Partial.MORE_UNSAID,
    "drf-elsewhere": Partial.OTHER_ORIGIN,
    "loop": Partial.PAGE_AGAIN,
}
"""Paging it cannot follow, and what it says then."""
MOMENT = datetime(2026, 11, 20, 13, 45, 0, 250_000, tzinfo=UTC)
CHARSETS = ("", "utf-8", "iso-8859-1", "utf-16", "utf-8-bom")


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedServer]:
    running = ScriptedServer().start()
    yield running
    running.stop()


WRITTEN: dict[str, dict[str, object]] = {
    "as-the-interface": {"amount": 10.5, "createDate": "2026-11-20T13:45:00.250Z"},
    "text-money": {"amount": "10.50", "createDate": "2026-11-20T13:45:00.250Z"},
    "zoned-times": {"amount": 10.5, "createDate": "2026-11-20T10:45:00.250-03:00"},
    "float-sums": {"amount": 10.500000000000002, "createDate": "2026-11-20T13:45:00.250+00:00"},
}
"""The earlier dialects' ways of writing an order's amount and time: each the same order."""


def store(size: int, written: str = "as-the-interface") -> list[dict[str, Any]]:
    return [
        {**ORDER, **WRITTEN[written], "orderId": n, "customerName": f"José Conceição {n}"}
        for n in range(1, size + 1)
    ]


def encoded(value: object, charset: str) -> tuple[bytes, dict[str, str]]:
    text = json.dumps(value, ensure_ascii=False)
    if charset == "utf-8-bom":
        return codecs.BOM_UTF8 + text.encode(), {"Content-Type": "application/json"}
    kind = "application/json" + (f"; charset={charset}" if charset else "")
    return text.encode(charset or "utf-8"), {"Content-Type": kind}


def answer_of(
    orders: list[dict[str, Any]], size: int, style: str, charset: str, base: str
) -> Callable[[Seen], Reply]:
    def answer(seen: Seen) -> Reply:
        page = int(parse_qs(urlsplit(seen.raw_path).query).get("page", ["1"])[0])
        part = orders[(page - 1) * size : page * size]
        more = page * size < len(orders)
        nxt = f"?page={page + 1}"
        headers: dict[str, str] = {}
        value: object = part
        if style == "link" and more:
            headers["Link"] = f'<{nxt}>; rel="next"'
        elif style == "link-absolute" and more:
            headers["Link"] = f'<{base}/api/v1/orders-payment/orders/1{nxt}>; rel="next"'
        elif style == "envelope-next":
            value = {"items": part, "total": len(orders), "next": nxt if more else None}
        elif style == "hal-next":
            links = {"next": {"href": nxt}} if more else {}
            value = {"data": part, "_links": links, "count": len(orders)}
        elif style == "total-header":
            headers["X-Total-Count"] = str(len(orders))
        elif style == "content-range":
            headers["Content-Range"] = f"items 0-{max(0, len(part) - 1)}/{len(orders)}"
        elif style == "spring":
            value = {"content": part, "totalElements": len(orders), "last": not more}
        elif style == "drf-elsewhere":
            nowhere = f"https://elsewhere.example/orders{nxt}" if more else None
            value = {"count": len(orders), "next": nowhere, "results": part}
        elif style == "loop" and more:
            headers["Link"] = '<?page=1>; rel="next"'
        if not orders and style in ("link", "total-header") and charset == "":
            return Reply(status=204, body=b"", headers=headers)  # nothing, said by HTTP
        body, kind = encoded(value, charset)
        return Reply(body=body, headers={**kind, **headers})

    return answer


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    count=st.integers(min_value=0, max_value=90),
    size=st.integers(min_value=1, max_value=40),
    style=st.sampled_from([*FOLLOWED, *NOT_FOLLOWED]),
    charset=st.sampled_from(CHARSETS),
    written=st.sampled_from(sorted(WRITTEN)),
)
def test_a_list_is_read_whole_and_right_or_said_to_be_a_part(
    server: ScriptedServer, count: int, size: int, style: str, charset: str, written: str
) -> None:
    orders = store(count, written)
    server.requests.clear()
    server.handler = answer_of(orders, size, style, charset, server.base_url.rstrip("/"))

    async def read() -> api.Listing[Any]:
        async with client(server) as c:
            return await c.list_orders("1")

    listing = run(read())
    ids = [order.order_id for order in listing]
    assert [o.customer_name for o in listing] == [f"José Conceição {n}" for n in ids]
    assert {(o.amount, o.create_date) for o in listing} <= {(Decimal("10.50"), MOMENT)}
    if style in FOLLOWED or count <= size:
        assert ids == list(range(1, count + 1)) and listing.whole, (ids, listing.partial)
    else:
        assert ids == list(range(1, size + 1))  # the first page: a part, never more
        assert listing.partial == NOT_FOLLOWED[style] and not listing.whole
    assert all(not s.raw_path.startswith("http") for s in server.requests)  # never elsewhere

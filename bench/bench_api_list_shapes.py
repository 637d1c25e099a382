"""List decoding stays linear, near ``json.loads`` and in short steps, for any shape.

Shapes (each about 20-35 MB, built here from the seeded orders' own fields):
* ``flat``: orders as the sandbox sends them;
* ``items``: each order with an extension field of 20 line items (an ordinary addition);
* ``huge_element``: flat orders, one of which holds 56,000 small nested objects (168 KB);
* ``deep``: each order with a value nested 40 levels deep.

Per shape: decoding the body as the client does (chunks of the read size, a slice per step)
against ``json.loads`` of the same bytes, in the same run; and ``ApiClient.list_orders`` over
loopback (the server in a process of its own) against an httpx GET + ``json.loads``, with the
largest gap of a 5 ms timer on the same loop. Targets: decoding within 1.5x of ``json.loads``,
the largest gap under 16 ms plus a 5 ms tick (an element larger than a slice may take one
longer step: ``huge_element`` says how long).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
from pydantic import TypeAdapter

from bench.common import StaticProcess, largest_timer_gap, median_time, report
from desktop_app import api
from desktop_app.api._arrays import ArrayDecoder
from desktop_app.api._body import READ_BYTES
from desktop_app.api.after_validation import reader_after_validation
from desktop_app.api.models import Order
from desktop_app.process.collector import collector_paused

ORDERS = TypeAdapter(list[Order])


def base_order(number: int) -> dict[str, Any]:
    return {
        "createDate": "2026-11-20T13:45:00.250Z", "storeId": "001", "orderId": number,
        "customerId": f"C{number % 2000:06d}", "customerName": "José da Silva Conceição",
        "sellerId": "V010", "sellerName": "Íris Prado", "billingId": "CC",
        "billingName": "Cartão de crédito", "planId": "3X", "planName": "3x sem juros",
        "amount": 1234.56, "installments": 3, "amountPaid": 100.1,
    }  # fmt: skip


def shapes() -> dict[str, bytes]:
    item = {"sku": "7891234567890", "description": "Tênis de corrida", "qty": 1, "price": 249.9}
    flat = [base_order(n) for n in range(100_000)]
    items = [dict(base_order(n), items=[item] * 20) for n in range(30_000)]
    huge = [base_order(n) for n in range(80_000)]
    huge[40_000] = dict(huge[40_000], history=[{"a": 1}] * 56_000)
    deep_value: Any = 1
    for _ in range(40):
        deep_value = {"a": [deep_value]}
    deep = [dict(base_order(n), nested=deep_value) for n in range(60_000)]
    return {
        name: json.dumps(rows, ensure_ascii=False, separators=(",", ":")).encode()
        for name, rows in (("flat", flat), ("items", items), ("huge_element", huge), ("deep", deep))
    }


def decode_like_the_client(body: bytes) -> tuple[int, float]:
    """Elements decoded, and the longest single step (seconds)."""
    with collector_paused():  # as the client decodes
        return _decode(body)


def _decode(body: bytes) -> tuple[int, float]:
    decoder = ArrayDecoder(ORDERS, after_validation=reader_after_validation())
    longest = 0.0

    def steps() -> None:
        nonlocal longest
        while True:
            started = time.perf_counter()
            went = decoder.step()
            longest = max(longest, time.perf_counter() - started)
            if not went:
                return

    for start in range(0, len(body), READ_BYTES):
        decoder.feed(body[start : start + READ_BYTES])
        steps()
    decoder.close()
    steps()
    started = time.perf_counter()
    count = len(decoder.finish())
    return count, max(longest, time.perf_counter() - started)


def measure(name: str, body: bytes) -> dict[str, Any]:
    count, longest_step = decode_like_the_client(body)
    loads_s = median_time(lambda: json.loads(body), 3)
    decode_s = median_time(lambda: decode_like_the_client(body), 3)
    with StaticProcess(body) as server:
        url = server.base_url + "/api/v1/orders-payment/orders/001"

        async def floor_once() -> Any:
            async with httpx.AsyncClient(timeout=120) as http:
                return json.loads((await http.get(url)).content)

        async def call_once() -> Any:
            async with api.ApiClient(
                server.base_url, "t", timeout=120, build_pause=collector_paused
            ) as client:
                return await client.list_orders("001")

        async def gap_once() -> float:
            async with api.ApiClient(
                server.base_url, "t", timeout=120, build_pause=collector_paused
            ) as client:
                _, gap, _ = await largest_timer_gap(client.list_orders("001"))
            return gap

        floor_s = median_time(lambda: asyncio.run(floor_once()), 3)
        call_s = median_time(lambda: asyncio.run(call_once()), 3)
        gap = max(asyncio.run(gap_once()) for _ in range(3))
    return {
        f"{name}_elements": count,
        f"{name}_body_mb": len(body) / 1e6,
        f"{name}_json_loads_s": loads_s,
        f"{name}_decode_s": decode_s,
        f"{name}_decode_ratio": decode_s / loads_s,
        f"{name}_list_orders_ratio": call_s / floor_s,
        f"{name}_longest_step_ms": longest_step * 1000,
        f"{name}_largest_timer_gap_ms": gap * 1000,
    }


def main() -> None:
    figures: dict[str, Any] = {}
    for name, body in shapes().items():
        figures.update(measure(name, body))
    report(figures)


if __name__ == "__main__":
    main()

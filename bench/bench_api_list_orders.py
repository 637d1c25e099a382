"""``ApiClient.list_orders`` on a ``BENCH_ORDERS``-order answer served from loopback.

Floor, measured in the same run: an httpx GET of the same bytes and ``json.loads``.
Targets: the call within 1.5x of the floor; memory held by the result within 1.5x of what the
dicts of ``json.loads`` hold; the largest gap of a 5 ms timer on the same loop under 50 ms.
"""

from __future__ import annotations

import asyncio
import gc
import json
import tracemalloc
from typing import Any

import httpx

from bench.common import (
    ORDERS,
    Bystander,
    StaticProcess,
    big_sandbox,
    client_as_the_app_makes_it,
    largest_timer_gap,
    median_time,
    report,
    settled,
)
from desktop_app import api
from desktop_app.process.collector import collector_paused


def fetch_body() -> bytes:
    sandbox = big_sandbox()
    try:
        token = sandbox.token()
        response = httpx.get(
            sandbox.base_url + "/api/v1/orders-payment/orders/001",
            headers={"Authorization": f"Bearer {token}"},
            timeout=120,
        )
        response.raise_for_status()
        return response.content
    finally:
        sandbox.stop()


def held_bytes(build: Any) -> tuple[Any, int]:
    """Bytes still allocated after ``build()`` returns, with its result alive."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    result = build()
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return result, held


def main() -> None:
    body = fetch_body()
    with StaticProcess(body) as server:
        url = server.base_url + "/api/v1/orders-payment/orders/001"

        async def floor_once() -> Any:
            async with httpx.AsyncClient(timeout=120) as http:
                response = await http.get(url)
                return json.loads(response.content)

        async def call_once() -> Any:
            async with api.ApiClient(
                server.base_url, "t", timeout=120, build_pause=collector_paused
            ) as client:
                return await client.list_orders("001")

        def floor() -> Any:
            return asyncio.run(floor_once())

        def call() -> Any:
            return asyncio.run(call_once())

        orders = call()
        assert len(orders) == ORDERS, len(orders)
        del orders
        floor_s = median_time(floor)
        call_s = median_time(call)

        async def gap_once() -> tuple[float, float]:
            async with api.ApiClient(
                server.base_url, "t", timeout=120, build_pause=collector_paused
            ) as client:
                _, gap, ended = await largest_timer_gap(client.list_orders("001"))
            return gap, ended

        gaps: list[tuple[float, float]] = []
        bystander = Bystander()
        try:
            for _ in range(3):
                # The runs before freed up to a few GB; their hand-back to the host (see
                # ``settled``) is the bench's doing, not the call's: it is let pass first.
                asyncio.run(settled())
                gaps.append(asyncio.run(gap_once()))
            gap, ended = max(gaps)
            machine_held = bystander.held_during(ended - gap, ended)
        finally:
            bystander.stop()

    decoded_dicts, dicts_bytes = held_bytes(lambda: json.loads(body))
    del decoded_dicts
    with StaticProcess(body) as server:
        orders, orders_bytes = held_bytes(lambda: asyncio.run(call_once_at(server.base_url)))
    report({
        "orders": len(orders),
        "body_mb": len(body) / 1e6,
        "floor_s": floor_s,
        "list_orders_s": call_s,
        "time_ratio": call_s / floor_s,
        "json_loads_held_mb": dicts_bytes / 1e6,
        "orders_held_mb": orders_bytes / 1e6,
        "memory_ratio": orders_bytes / dicts_bytes,
        "largest_timer_gap_ms": gap * 1000,
        "largest_gap_machine_held_ms": machine_held * 1000,
    })  # fmt: skip


async def call_once_at(base_url: str) -> Any:
    async with client_as_the_app_makes_it(base_url) as client:
        return await client.list_orders("001")


if __name__ == "__main__":
    main()

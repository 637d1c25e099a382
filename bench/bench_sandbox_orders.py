"""The sandbox's ``GET /orders/{store}`` with ``BENCH_ORDERS`` orders, time to last byte.

Floor, measured in the same run: ``orjson.dumps`` of the same rows (the 100,000 order dicts).
Targets: within 3x of the floor, and the first answer after a payment too (the
cached list is brought up to date in place rather than built again).
"""

from __future__ import annotations

import time

import httpx
import orjson

from bench.common import ORDERS, big_sandbox, median_time, report


def main() -> None:
    sandbox = big_sandbox()
    try:
        url = sandbox.base_url + "/api/v1/orders-payment/orders/001"
        headers = {"Authorization": f"Bearer {sandbox.token()}"}
        with httpx.Client(timeout=120, headers=headers) as http:
            rows = http.get(url).json()
            assert len(rows) == ORDERS

            def last_byte() -> None:
                with http.stream("GET", url) as response:
                    for _ in response.iter_raw(1 << 20):
                        pass

            serve_s = median_time(last_byte, repeats=7)
            # After a payment the cached list is brought up to date: one order's JSON replaced.
            order = next(o for o in rows if o["amountPaid"] < o["amount"])
            paid = http.post(
                sandbox.base_url + "/api/v1/orders-payment/payments/create",
                json={"orderId": order["orderId"], "card": "************0001", "auth": "B1",
                      "nsu": str(time.time_ns() % 10**9), "installments": 1, "amount": 0.01,
                      "flagName": "Visa", "paymentType": "credit", "userId": 2001},
            )  # fmt: skip
            assert paid.status_code == 201, paid.text
            started = time.perf_counter()
            last_byte()
            after_write_s = time.perf_counter() - started
        dumps_s = median_time(lambda: orjson.dumps(rows), repeats=7)
    finally:
        sandbox.stop()
    report({
        "orders": len(rows),
        "orjson_dumps_s": dumps_s,
        "time_to_last_byte_s": serve_s,
        "after_a_write_s": after_write_s,
        "time_to_last_byte_ratio": serve_s / dumps_s,
        "after_a_write_ratio": after_write_s / dumps_s,
    })  # fmt: skip


if __name__ == "__main__":
    main()

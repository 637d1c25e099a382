"""``ApiClient.list_orders`` on ``BENCH_ORDERS`` orders given in pages of ``BENCH_PAGE`` (1,000
by default), each page's ``Link`` naming the next (issue 88).

Floor, measured in the same run: the same call on the same orders in one whole answer, each
from a server in a process of its own. Median of five each. Target: the pages within 1.5x of
the one answer.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from bench.bench_api_list_orders import fetch_body
from bench.common import ORDERS, StaticProcess, median_time, report
from desktop_app import api
from desktop_app.process.collector import collector_paused

PAGE = int(os.environ.get("BENCH_PAGE") or 1_000)


def reader(base_url: str) -> Any:
    async def once() -> Any:
        async with api.ApiClient(
            base_url, "t", timeout=120, build_pause=collector_paused
        ) as client:
            return await client.list_orders("001")

    return lambda: asyncio.run(once())


def main() -> None:
    body = fetch_body()
    with StaticProcess(body) as whole, StaticProcess(body, page=PAGE) as paged:
        one, pages = reader(whole.base_url), reader(paged.base_url)
        read_whole, read_paged = one(), pages()
        assert len(read_whole) == len(read_paged) == ORDERS
        assert read_paged.whole
        del read_whole, read_paged
        one_s = median_time(one, repeats=5)
        pages_s = median_time(pages, repeats=5)
    report({
        "orders": ORDERS,
        "page": PAGE,
        "pages": -(-ORDERS // PAGE),
        "one_answer_s": one_s,
        "in_pages_s": pages_s,
        "pages_ratio": pages_s / one_s,
    })  # fmt: skip


if __name__ == "__main__":
    main()

"""The desk against the sandbox in each list shape another service may give (issue 88): pages
linked or not, an envelope, Spring's page, ISO-8859-1, 204 for nothing. Every list is read
whole and right where the shape lets it be, or said a part with its reason; never a part as the
whole. One module for them all (the contract tests run in the data dialects)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app import api
from desktop_app.api._pages import Partial
from desktop_app.sandbox.dialects import Dialect
from desktop_app.sandbox.list_shapes import LIST_SHAPES
from desktop_app.sandbox.server import SandboxServer
from tests.conftest import speaking
from tests.helpers import run

READ_PART = {Dialect.PAGED_TOTAL: Partial.SHORT_OF_TOTAL, Dialect.SPRING_PAGE: Partial.MORE_UNSAID}
"""The shapes the desk cannot follow to the end, and what it says of them."""


@pytest.fixture(scope="module")
def as_it_is(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxServer]:
    yield from speaking(tmp_path_factory, "", "whole")


@pytest.fixture(scope="module", params=sorted(LIST_SHAPES))
def shaped(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SandboxServer]:
    yield from speaking(tmp_path_factory, request.param, "shaped")


def lists_of(server: SandboxServer) -> dict[str, Any]:
    async def read() -> dict[str, Any]:
        async with api.ApiClient(server.base_url, server.token()) as client:
            return {
                "orders": await client.list_orders("001"),
                "billings": await client.list_billings(),
                "stores": await client.list_stores(),
                "nothing": await client.search_customers("zzzz-no-one"),
            }

    return run(read())


def keys(items: list[Any]) -> list[tuple[object, ...]]:
    """What tells the elements apart and holds their money and names (two sandboxes seeded a
    second apart write their times a second apart)."""
    return [
        (getattr(i, "order_id", None) or i.id, getattr(i, "amount", None),
         getattr(i, "total", None), getattr(i, "customer_name", None) or getattr(i, "name", ""))
        for i in items
    ]  # fmt: skip


def test_each_list_is_read_whole_or_said_a_part(
    shaped: SandboxServer, as_it_is: SandboxServer, tmp_path: Path
) -> None:
    (shape,) = shaped.dialects
    read, whole = lists_of(shaped), lists_of(as_it_is)
    for name in ("orders", "billings", "stores"):
        listing, expected = read[name], whole[name]
        if shape in READ_PART and len(expected) > 50:  # more than a page: a part, said
            assert listing.partial == READ_PART[shape], name
            assert keys(listing) == keys(expected)[:50] and listing.total == len(expected)
        else:
            assert listing.whole, (name, listing.partial)
            assert keys(listing) == keys(expected), name
    assert list(read["nothing"]) == [] and read["nothing"].whole

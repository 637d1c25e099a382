"""Other readings of the interface, one switch each: how another team's service may answer
where the interface document is silent.

The sandbox's own reading stays the default. A dialect turns one of its choices into the
choice a NestJS + Passport-JWT service typically makes, so the app is proven against both;
dialects combine (``pos-sandbox serve --dialect passport,conflict``).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated

from fastapi import Depends, Request


class Dialect(StrEnum):
    """One choice where the interface is silent, made the way another service makes it."""

    PASSPORT = "passport"
    """Tokens carry the user in ``sub`` (a string), ``username`` and one ``role``: no
    ``userId``, ``name`` nor ``roles``."""
    UPPER_ROLES = "upper-roles"
    """Roles written as an enum's values: ``MANAGER``, ``CASHIER``."""
    WRAPPED_SIGN_IN = "wrapped-sign-in"
    """The sign-in answers ``{"data": {"accessToken": …}}``."""
    EMPTY_CREATE = "empty-create"
    """A payment created answers 201 with no body; an invoice issued answers 204."""
    CONFLICT = "conflict"
    """A slip already recorded, or an order already invoiced, answers 409."""
    NEST_ERRORS = "nest-errors"
    """Every error's ``message`` is a list, and an unknown route reads ``Cannot GET …``."""
    SEARCH_404 = "search-404"
    """A search that finds nothing answers 404."""
    ZONED_TIMES = "zoned-times"
    """Timestamps carry the service's offset (``2026-08-28T10:00:00.000-03:00``)."""
    NAIVE_TIMES = "naive-times"
    """Timestamps carry no zone: the service's wall clock (a ``timestamp without time zone``
    column in São Paulo)."""
    BARE_DATES = "bare-dates"
    """A billing record's date is only the day (``2026-08-28``)."""
    TEXT_MONEY = "text-money"
    """Amounts are strings (``"1622.74"``), as a ``numeric`` column comes out of TypeORM."""
    FLOAT_SUMS = "float-sums"
    """An order's amount paid is its payments summed in binary floating point
    (``4986.8099999999995``)."""
    NULLS = "nulls"
    """Nulls where a value is optional: walk-in orders with no customer, orders with no plan or
    seller named, payments recorded as ``pix`` listed with no card, brand nor installments."""
    BILLING_PER_STORE = "billing-per-store"
    """One billing record per store and day, not one per day."""
    PAGED_LINK = "paged-link"
    """Lists in pages of 50: ``Link: <?page=2>; rel="next"`` and ``X-Total-Count``."""
    PAGED_TOTAL = "paged-total"
    """Lists in pages of 50, the total said (``X-Total-Count``) and no way to the next page."""
    ENVELOPE = "envelope"
    """A list inside ``{"data": [...], "total": n}``."""
    SPRING_PAGE = "spring-page"
    """Spring's page: ``{"content": [...50], "totalElements": n, "last": false}``, no next."""
    LATIN_1 = "latin-1"
    """Bodies in ISO-8859-1, as the ``Content-Type`` declares."""
    EMPTY_204 = "empty-204"
    """An empty list answered 204 No Content."""


Dialects = frozenset[Dialect]


def dialects_of(names: str | Iterable[str | Dialect] | None) -> Dialects:
    """The dialects named (a comma list, or names); a ValueError lists the known ones when a
    name is not one of them."""
    if names is None:
        return frozenset()
    parts = names.split(",") if isinstance(names, str) else list(names)
    found: set[Dialect] = set()
    for part in parts:
        name = str(part).strip().casefold()
        if not name:
            continue
        try:
            found.add(Dialect(name))
        except ValueError:
            known = ", ".join(dialect.value for dialect in Dialect)
            raise ValueError(f"unknown dialect {name!r} (known: {known})") from None
    return frozenset(found)


def spoken(request: Request) -> Dialects:
    """The dialects the service answering ``request`` speaks (a FastAPI dependency)."""
    dialects: Dialects = getattr(request.app.state, "dialects", frozenset())
    return dialects


Speaks = Annotated[Dialects, Depends(spoken)]

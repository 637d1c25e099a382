"""What a list answer reads as: the elements that validated, and what became of the others (how
many could not be read and why, whether the service says it holds more): a plain list wherever a
list is expected, which says whether it is the service's whole list."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Unread:
    """An element of the answer that did not validate: its place in the list, and why."""

    index: int
    reason: str


class Listing(list[T]):
    """The elements of a list answer that validated, and what became of the others.

    A plain list everywhere a list is expected; :attr:`complete` says whether it holds every
    element the service sent, so that a check that needs the whole list (is this payment
    already recorded?) can tell when it cannot be sure.
    """

    unread_count: int = 0
    unread: tuple[Unread, ...] = ()
    total: int | None = None
    """How many the service says its whole list holds (None: it does not say)."""
    partial: str = ""
    """Why this is a part of the service's list (a ``desktop_app.api._pages.Partial``; "": it
    is the whole, as far as the service says)."""
    page: Any = None
    """What this answer said of the list it is a page of (``_pages.PageFacts``), while read."""

    def __repr__(self) -> str:
        # Short: asyncio writes a finished task's result with reprlib, which for a list
        # subclass means the full repr of 100,000 orders (0.4 s at the end of every load).
        return f"<Listing of {len(self)} read, {self.unread_count} unread>"

    @property
    def whole(self) -> bool:
        """Whether this is the service's whole list: no part of it left unread or unasked."""
        return self.complete and not self.partial

    @property
    def complete(self) -> bool:
        """Whether every element of the answer validated."""
        return self.unread_count == 0

    @property
    def received(self) -> int:
        """How many elements the answer held."""
        return len(self) + self.unread_count


def unread_count(items: Iterable[Any]) -> int:
    """How many elements of ``items``' answer could not be read (none, for a plain list)."""
    return items.unread_count if isinstance(items, Listing) else 0


def read_whole(items: Iterable[Any]) -> bool:
    """Whether ``items`` are the service's whole list, every element read (a plain list: yes)."""
    return items.whole if isinstance(items, Listing) else True


def read_in_part(items: Iterable[Any]) -> bool:
    """Whether the service says its list holds more than ``items`` (a plain list: no)."""
    return isinstance(items, Listing) and bool(items.partial)

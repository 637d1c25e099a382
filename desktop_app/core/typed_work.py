"""What a person typed and has not finished, kept in memory for that person until they finish
it, sign out, or someone else signs in at the desk.

A window that holds typed work (the payment form of an order, the day close's terminal totals
of a day) gives its fields here when a key closes it, and takes them back when it opens again
for the same thing. Nothing here is written to disk: a slip's last four, NSU and authorisation
are the cashier's work in progress, not a record (the journal keeps what was sent).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Mapping

Fields = Mapping[str, object]
"""A window's typed fields by name, as the window reads and writes them."""

MOST_KEPT = 50
"""Pieces of work kept at most, the oldest left first: a desk open all week, where slips are
left with Esc on order after order and nobody signs out, keeps a bounded few."""


class TypedWork:
    """Typed, unfinished work by what it is about (such as ``("payment", store, order)``)."""

    def __init__(self) -> None:
        self._owner: str | None = None
        self._kept: OrderedDict[Hashable, dict[str, object]] = OrderedDict()

    def keep(self, owner: str, about: Hashable, fields: Fields) -> None:
        """Keep ``fields`` for ``owner``; work another person left is wiped first."""
        self._belongs_to(owner)
        self._kept[about] = dict(fields)
        self._kept.move_to_end(about)
        while len(self._kept) > MOST_KEPT:
            self._kept.popitem(last=False)

    def take(self, owner: str, about: Hashable) -> dict[str, object] | None:
        """What ``owner`` kept about ``about`` (it stays kept until dropped), or ``None``."""
        if owner != self._owner:
            return None
        kept = self._kept.get(about)
        return dict(kept) if kept is not None else None

    def drop(self, about: Hashable) -> None:
        """The work is finished (the payment recorded): nothing is kept of it."""
        self._kept.pop(about, None)

    def wipe(self) -> None:
        """Sign-out: nothing anyone typed stays."""
        self._kept.clear()
        self._owner = None

    def signed_in(self, owner: str) -> None:
        """Someone signed in: another person's work is wiped, the same person's stays."""
        self._belongs_to(owner)

    def _belongs_to(self, owner: str) -> None:
        if owner != self._owner:
            self._kept.clear()
            self._owner = owner

    def __len__(self) -> int:
        return len(self._kept)

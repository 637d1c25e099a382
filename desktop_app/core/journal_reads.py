"""What the payment journal is asked about the slips it holds: a terminal transaction, a day's
slips, a slip looked for by what is printed on it, what is kept for an order. Read-only, each one
query of SQLite (:class:`~desktop_app.core.journal.PaymentJournal` holds them)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_states import KEPT_NOT_AT_THE_SERVICE, EntryState
from desktop_app.core.money import amount_in_text

ONE_DAY = timedelta(days=1)


def _kept_here() -> tuple[str, tuple[str, ...]]:
    """The slips kept at the desk that the service does not count yet, read by the journal's
    index of states (a few entries are in those states at any time), never through a store's
    every entry: what an order's window, its payment form and the orders list ask each time, on
    the window's thread (27 and 34 ms among a busy desk's 180,000 entries, through the store's
    day index that SQLite chose by itself; a few microseconds by the states). SQLite is told
    the index: an index left out of the text is SQLite's to choose, by its own estimates."""
    where, parameters = KEPT_NOT_AT_THE_SERVICE.where()
    states = tuple(str(state) for state in KEPT_NOT_AT_THE_SERVICE.states)
    marks = ", ".join("?" * len(states))
    return (
        f"INDEXED BY payments_by_state WHERE state IN ({marks}) AND {where}",
        (*states, *parameters),
    )


_KEPT_HERE = _kept_here()
"""Made once: asked at every order's window, payment form and list refresh."""


class JournalQueries:
    """The journal's questions about its slips (a mixin of the journal, which selects)."""

    def _select(self, where: str, parameters: tuple[Any, ...]) -> list[JournalEntry]:
        raise NotImplementedError

    def kept_for(self, store_id: str, order_id: int) -> Decimal:
        """What the slips kept here for an order add up to, while the service does not count
        them yet (:data:`~desktop_app.core.journal_states.KEPT_NOT_AT_THE_SERVICE`)."""
        where, parameters = _KEPT_HERE
        entries = self._select(
            f"{where} AND store_id = ? AND order_id = ?", (*parameters, store_id, order_id)
        )
        return sum((entry.payment.amount for entry in entries), Decimal(0))

    def kept_by_order(self, store_id: str) -> dict[int, Decimal]:
        """:meth:`kept_for` of every order of a store that has a slip kept here (few: the
        orders list marks their balance as their windows count it)."""
        where, parameters = _KEPT_HERE
        kept: dict[int, Decimal] = {}
        for entry in self._select(f"{where} AND store_id = ?", (*parameters, store_id)):
            order_id = entry.payment.order_id
            kept[order_id] = kept.get(order_id, Decimal(0)) + entry.payment.amount
        return kept

    def kept_sent_on(self, day: date) -> list[JournalEntry]:
        """The slips kept here that the service took on ``day`` (a local day), the latest
        first: each "Sent to the service" of that day, found again."""
        # Local midnights (a naive time is read in this machine's zone), as the journal's UTC.
        start, end = (datetime.combine(d, time()).astimezone(UTC) for d in (day, day + ONE_DAY))
        # The kept slips moved that day (few: the journal's partial index of kept slips by
        # their last move), of which those the service took.
        moved = self._select(
            "WHERE kept != '' AND updated_at >= ? AND updated_at < ? ORDER BY updated_at DESC",
            (start.isoformat(), end.isoformat()),
        )
        return [entry for entry in moved if entry.state is EntryState.CONFIRMED]

    def same_transaction(
        self, nsu: str, auth: str, besides: str | None = None
    ) -> list[JournalEntry]:
        """Entries of this terminal transaction (NSU + authorization code) that stand or may
        still go: neither refused nor set aside; ``besides``: an entry left out (the slip's
        own, sent again)."""
        return self._select(
            "WHERE nsu_key = ? AND auth_key = ? AND state NOT IN (?, ?) AND id != ?"
            " ORDER BY created_at",
            (
                nsu.strip().lower(), auth.strip().lower(),
                EntryState.REJECTED, EntryState.SET_ASIDE, besides or "",
            ),
        )  # fmt: skip

    def entries_of_day(self, store_id: str, day: date) -> list[JournalEntry]:
        """This desk's entries of a store whose slip is of ``day``, in the order written."""
        return self._select(
            "WHERE store_id = ? AND slip_date = ? ORDER BY created_at", (store_id, day.isoformat())
        )

    def find(self, text: str) -> list[JournalEntry]:
        """Entries of any day kept whose NSU, authorization code or card's last four are
        ``text``, or whose amount is (``125.90``, ``125,90``); the newest first."""
        wanted = text.strip()
        if not wanted:
            return []
        amount = amount_in_text(wanted)
        amount = amount if amount is not None and amount > 0 else None
        # Looked for by SQLite in the keys kept beside each body: reading every kept entry
        # (90 days of a busy desk: 180,000) into Python took 2 s a search.
        clauses = ["nsu_key = ?", "auth_key = ?"]
        parameters: list[object] = [wanted.lower(), wanted.lower()]
        if wanted.isdigit() and len(wanted) == 4:  # the card's last four digits
            clauses.append("last_four = ?")
            parameters.append(wanted)
        cents = amount.scaleb(2) if amount is not None else None
        if cents is not None and cents == cents.to_integral_value() and cents < 2**63:
            clauses.append("cents = ?")
            parameters.append(int(cents))
        where = "WHERE " + " OR ".join(clauses) + " ORDER BY created_at DESC"
        return self._select(where, tuple(parameters))

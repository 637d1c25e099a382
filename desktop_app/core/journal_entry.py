"""One journal entry: a payment as the cashier recorded it and where it stands, and how a row
of the journal's file becomes one (the rows are written by :mod:`desktop_app.core.journal`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter

from desktop_app.api.models import NewPayment
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import EntryState, Road
from desktop_app.core.kept_slip import HoldReason, KeptFacts

if TYPE_CHECKING:
    from pydantic import TypeAdapter


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One payment as the cashier recorded it, and where it stands."""

    id: str
    store_id: str
    payment: NewPayment
    state: EntryState
    note: Note  # what happened last, as a code the screens put in words
    created_at: datetime
    updated_at: datetime
    slip_date: date
    kept: KeptFacts | None = None
    hold: HoldReason | None = None
    left: bool = False  # its last sending started to leave this machine
    words: str = ""  # the service's own words about it (a refusal's), as they came

    @property
    def road(self) -> Road:
        """How it leaves the desk: from the form, or kept and sent by the sender."""
        return Road.FORM if self.kept is None else Road.KEPT


SELECT_ENTRIES = (
    "SELECT id, store_id, body, state, note, created_at, updated_at, slip_date, kept, hold,"
    " left_at, words FROM payments "
)


@cache
def _payment_reader() -> TypeAdapter[NewPayment]:
    """Made once, on first use (pydantic builds a validator per adapter)."""
    return TypeAdapter(NewPayment)


def entry_of(row: tuple[Any, ...]) -> JournalEntry:
    """The entry of a row read with :data:`SELECT_ENTRIES`."""
    entry_id, store_id, body, state, code, created, updated, slip_date, kept, hold, left, words = (
        row
    )
    note = Note.read(code)
    if note is None:  # not this version's (never written by it): shown as written
        note, words = Note.AS_WRITTEN, words or code
    payment = payment_of(body)
    return JournalEntry(
        id=entry_id,
        store_id=store_id,
        payment=payment,
        state=EntryState(state),
        note=note,
        created_at=datetime.fromisoformat(created),
        updated_at=datetime.fromisoformat(updated),
        slip_date=date.fromisoformat(slip_date),
        kept=KeptFacts.from_json(kept),
        hold=HoldReason(hold) if hold else None,
        left=bool(left),
        words=words,
    )


def payment_of(body: str | bytes) -> NewPayment:
    """The payment of an entry's body (a ``ValueError`` if it does not read as one)."""
    return _payment_reader().validate_json(body)


def slip_keys(payment: NewPayment) -> tuple[str, str, str, int | None]:
    """What a slip is looked up by, as the journal keeps it beside the body: its NSU and
    authorization code (as typed, any case), the card's last four digits, and its amount in
    whole cents (None past what SQLite holds as an integer)."""
    cents = payment.amount.scaleb(2)
    whole = cents == cents.to_integral_value() and abs(cents) < 2**63
    return (
        payment.nsu.strip().lower(),
        payment.auth.strip().lower(),
        payment.card[-4:],
        int(cents) if whole else None,
    )

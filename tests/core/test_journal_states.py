"""The journal's states move only as declared, and each group of states means the same in the
journal's queries and in code holding an entry."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_notes import Note
from desktop_app.core.journal_states import (
    APART_IN_THE_DAY_CLOSE,
    CAUGHT_MID_SENDING,
    IN_THE_DAY_CLOSE,
    LOOKED_FOR,
    MOVES,
    TO_LOOK_AT,
    UNSETTLED,
    WAITING_FOR_A_PERSON,
    WAITING_FOR_THE_SERVICE,
    EntryState,
    IllegalMoveError,
    Road,
)
from desktop_app.core.kept_slip import HoldReason, KeptFacts
from tests.core.test_journal import slip

GROUPS = (
    UNSETTLED, LOOKED_FOR, CAUGHT_MID_SENDING, WAITING_FOR_THE_SERVICE, WAITING_FOR_A_PERSON,
    TO_LOOK_AT, IN_THE_DAY_CLOSE, APART_IN_THE_DAY_CLOSE,
)  # fmt: skip
UNDECLARED = [
    (before, after)
    for before, after in itertools.product(EntryState, EntryState)
    if after not in MOVES[before] and after is not before
]
SETTLED_ONCE = [state for state in EntryState if state not in MOVES[state]]
"""States an entry does not move to again: one road's move there is the last."""


def an_entry_in(journal: PaymentJournal, state: EntryState, road: Road, nsu: str) -> str:
    """An entry of ``road`` brought to ``state`` by the journal's own moves."""
    facts = KeptFacts(1001, "Ana", order_from_list=True) if road is Road.KEPT else None
    entry = journal.add("001", slip(nsu), kept=facts)
    if road is Road.KEPT and state is not EntryState.KEPT:
        journal.take_leaving(entry.id)  # kept -> pending, as its request leaves
    if state is EntryState.HELD:
        journal.not_sent(entry.id, Note.NOT_SENT_YET)
        journal.hold(entry.id, HoldReason.NEAR_DUPLICATE, Note.NEAR_DUPLICATE)
    elif state not in (EntryState.PENDING, EntryState.KEPT):
        journal.set_state(entry.id, state)
    assert journal.get(entry.id).state is state
    return entry.id


def test_a_confirmed_payment_never_moves_again(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry = journal.add("001", slip("1"))
    journal.set_state(entry.id, EntryState.CONFIRMED)
    for state in set(EntryState) - {EntryState.CONFIRMED}:
        with pytest.raises(IllegalMoveError):
            journal.set_state(entry.id, state)
    assert journal.get(entry.id).state is EntryState.CONFIRMED


@pytest.mark.parametrize(("before", "after"), UNDECLARED, ids=[f"{b}-{a}" for b, a in UNDECLARED])
def test_every_move_not_declared_is_refused(
    tmp_path: Path, before: EntryState, after: EntryState
) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    road = Road.KEPT if before in (EntryState.KEPT, EntryState.HELD) else Road.FORM
    entry_id = an_entry_in(journal, before, road, "1")
    with pytest.raises(IllegalMoveError, match=f"never moves from {before} to {after}$"):
        journal.set_state(entry_id, after)  # the log says which move was tried
    assert journal.get(entry_id).state is before


@pytest.mark.parametrize("state", SETTLED_ONCE)
def test_a_move_another_road_made_already_is_no_error_and_changes_nothing(
    tmp_path: Path, state: EntryState
) -> None:
    """A send and a look both settle one entry (issue 87): the second to write finds it where
    it would put it, and leaves it as the first wrote it."""
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    entry_id = an_entry_in(journal, EntryState.PENDING, Road.FORM, "1")
    first = journal.set_state(entry_id, state, Note.HAD_IT_ALREADY, "the first road's words")
    second = journal.set_state(entry_id, state, Note.NONE)
    assert second == first


def test_a_move_checks_the_state_written_by_another_copy_of_the_app(tmp_path: Path) -> None:
    """Two copies of the app on one journal: what one read a moment ago is not what the other's
    write is checked against; the file's state is (one statement reads and writes it)."""
    path = tmp_path / "journal.sqlite3"
    mine, other = PaymentJournal(path), PaymentJournal(path)
    entry_id = an_entry_in(mine, EntryState.PENDING, Road.FORM, "1")
    assert mine.get(entry_id).state is EntryState.PENDING  # read here; then, there:
    other.set_state(entry_id, EntryState.SET_ASIDE, Note.SET_ASIDE)
    with pytest.raises(IllegalMoveError):
        mine.set_state(entry_id, EntryState.NEEDS_REVIEW, Note.NOT_AT_THE_SERVICE)
    assert mine.get(entry_id).state is EntryState.SET_ASIDE
    assert mine.get(entry_id).note is Note.SET_ASIDE


def test_each_group_means_the_same_to_the_journal_and_to_an_entry(tmp_path: Path) -> None:
    journal = PaymentJournal(tmp_path / "journal.sqlite3")
    placed = []
    for number, (state, road) in enumerate(itertools.product(EntryState, Road)):
        if road is Road.FORM and state in (EntryState.KEPT, EntryState.HELD):
            continue  # only a kept slip is kept or held
        placed.append((an_entry_in(journal, state, road, str(number)), state, road))
    for group in GROUPS:
        wanted = {entry_id for entry_id, state, road in placed if group.holds(state, road)}
        assert {e.id for e in journal.entries_of(group)} == wanted, group.name
        assert journal.count(group) == len(wanted), group.name

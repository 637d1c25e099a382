"""Where a journalled payment stands, the moves allowed between those states, and the groups of
states the app asks about, each declared once.

A slip comes by one of two roads: typed at the form and sent at once (``Road.FORM``), or kept at
the desk while the service could not be reached and sent later by the sender (``Road.KEPT``).
Its state says where it stands on either road:

* ``pending``: about to be sent, being sent, or sent with its outcome not yet known;
* ``kept``: kept for the service, waiting for it; ``held``: kept, waiting for a person first;
* ``confirmed``: the service has it; ``rejected``: the service refused it;
* ``needs_review``: its outcome was unknown and it was not found at the service: a person
  decides; ``set_aside``: a person chose not to send it.

:data:`MOVES` lists every move; the journal refuses any other (:class:`IllegalMoveError`), so a
confirmed payment can never be sent again by a stray write. :class:`Group` names each set of
states a question is about ("waiting for a person", "counted in the day close"), once, for the
journal's queries and for code that holds an entry in hand alike.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


class EntryState(enum.StrEnum):
    """Where a journalled payment stands (see the module's text)."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    NEEDS_REVIEW = "needs_review"
    SET_ASIDE = "set_aside"
    KEPT = "kept"
    HELD = "held"


class Road(enum.Enum):
    """How a slip leaves the desk: from the form at once, or kept and sent by the sender."""

    FORM = "form"
    KEPT = "kept"


class IllegalMoveError(ValueError):
    """A move between states that :data:`MOVES` does not allow."""


S = EntryState
MOVES: dict[EntryState, frozenset[EntryState]] = {
    # Sending: settled by the answer, or by looking; a kept slip whose request never left is
    # kept again; the same state again changes only its note (still unknown, not sent).
    S.PENDING: frozenset({S.PENDING, S.CONFIRMED, S.REJECTED, S.NEEDS_REVIEW, S.KEPT,
                          S.SET_ASIDE}),
    # A person's decision: look again, send again (pending), or set it aside.
    S.NEEDS_REVIEW: frozenset({S.NEEDS_REVIEW, S.PENDING, S.CONFIRMED, S.REJECTED, S.SET_ASIDE}),
    # Waiting for the service: taken as its request leaves, held for a person, found there
    # already, refused on its order's read, or set aside.
    S.KEPT: frozenset({S.KEPT, S.PENDING, S.HELD, S.CONFIRMED, S.REJECTED, S.SET_ASIDE}),
    # Waiting for a person: let go (kept again) or set aside.
    S.HELD: frozenset({S.HELD, S.KEPT, S.SET_ASIDE}),
    # Refused: a person corrects it and sends the same entry again, or sets it aside.
    S.REJECTED: frozenset({S.PENDING, S.SET_ASIDE}),
    S.CONFIRMED: frozenset(),
    S.SET_ASIDE: frozenset(),
}  # fmt: skip
"""Every move a journal entry may make, from each state."""


def moves_into(after: EntryState) -> tuple[EntryState, ...]:
    """The states an entry may move to ``after`` from (:data:`MOVES` read backwards): what a
    journal's write checks the entry is in, in the same statement."""
    return tuple(before for before, afters in MOVES.items() if after in afters)


def check_move(before: EntryState, after: EntryState) -> None:
    """Raise :class:`IllegalMoveError` unless ``before`` → ``after`` is a declared move."""
    if after not in MOVES[before]:
        raise IllegalMoveError(f"a journal entry never moves from {before} to {after}")


@dataclass(frozen=True, slots=True)
class Group:
    """A set of states a question is about, each on any road or on one only."""

    name: str
    members: tuple[tuple[EntryState, Road | None], ...]

    @classmethod
    def of(cls, name: str, *states: EntryState, **on_road: Iterable[EntryState]) -> Group:
        """``states`` on any road; ``form=``/``kept=`` states on that road only."""
        members: list[tuple[EntryState, Road | None]] = [(state, None) for state in states]
        for road, road_states in on_road.items():
            members += [(state, Road(road)) for state in road_states]
        return cls(name, tuple(members))

    def holds(self, state: EntryState, road: Road) -> bool:
        """Whether an entry in ``state`` on ``road`` belongs to this group."""
        return any(s is state and r in (None, road) for s, r in self.members)

    @property
    def states(self) -> tuple[EntryState, ...]:
        """The states of the group, on whichever road, in the order declared."""
        return tuple(dict.fromkeys(state for state, _ in self.members))

    def where(self) -> tuple[str, tuple[Any, ...]]:
        """The group as an SQL condition on the journal's ``state`` and ``kept`` columns (a slip
        kept at the desk carries what was known then in ``kept``; one typed at the form none)."""
        clauses, parameters = [], []
        for state, road in self.members:
            if road is None:
                clauses.append("state = ?")
            else:
                clauses.append(f"(state = ? AND kept {'!=' if road is Road.KEPT else '='} '')")
            parameters.append(str(state))
        return "(" + " OR ".join(clauses) + ")", tuple(parameters)


UNSETTLED = Group.of("unsettled", S.PENDING, S.NEEDS_REVIEW, S.KEPT, S.HELD)
"""Not settled: each still goes to the service or waits for a person."""
LOOKED_FOR = Group.of("looked for at the service", S.NEEDS_REVIEW, form=(S.PENDING,))
"""Sent from the form, or maybe sent, and not known to be at the service: looked for there at
start-up and after a sign-in (a kept slip caught mid-sending is the sender's to settle)."""
WAITING_FOR_THE_SERVICE = Group.of("waiting for the service", S.KEPT, kept=(S.PENDING,))
"""Kept slips the sender still has to send: kept, or caught mid-sending."""
KEPT_NOT_AT_THE_SERVICE = Group.of("kept, not at the service", S.KEPT, S.HELD, kept=(S.PENDING,))
"""Slips kept at the desk whose money the service does not count yet: the order's balance as the
desk sees it leaves them out (the terminal approved each)."""
CAUGHT_MID_SENDING = Group.of("kept slips caught mid-sending", kept=(S.PENDING,))
"""Kept slips a sender took and did not settle (a crash, a kill, a failure): kept again if their
request never left, else looked for at the service."""
WAITING_FOR_A_PERSON = Group.of(
    "waiting for a person", S.NEEDS_REVIEW, S.HELD, form=(S.PENDING,), kept=(S.REJECTED,)
)
"""Sent from the form with the outcome unknown, a decision to make, a kept slip held for a check,
or a kept slip the service refused while nobody was at the form to read why."""
TO_LOOK_AT = Group.of("to look at", S.PENDING, S.NEEDS_REVIEW, S.KEPT, S.HELD, kept=(S.REJECTED,))
"""What Pending payments lists: the unsettled, and the refused kept slips nobody saw."""
IN_THE_DAY_CLOSE = Group.of("counted in the day close", S.CONFIRMED)
"""What the day close totals: the payments the service has."""
APART_IN_THE_DAY_CLOSE = Group.of(
    "listed apart in the day close", S.NEEDS_REVIEW, S.PENDING, S.KEPT, S.HELD, S.SET_ASIDE,
    S.REJECTED,
)  # fmt: skip
"""What the day close lists apart, in this order: not counted, but a person should see them."""
TAKEN_AS_IT_LEAVES = (S.KEPT, S.PENDING, S.NEEDS_REVIEW)
"""What a slip may stand in as its request starts to leave (it is then pending): kept, about to
be sent from the form, or sent again by a person after a look found nothing."""

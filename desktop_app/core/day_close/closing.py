"""Closing the day: this desk's card payments of one day against the card terminal's report.

Every store closes each terminal at the end of the day: the terminal prints (or exports) its
transactions and totals, and someone checks them against what was recorded. Here, what was
recorded is this desk's payment journal (the slips typed at this machine, masked card only);
the terminal's side is either its totals typed from the printout or its transaction export
(:mod:`.terminal_export`). Assumption, said on screen: one terminal per desk.

Slips are matched on NSU and authorization code, then on amount and last four digits.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from desktop_app.core.cards import last_four
from desktop_app.core.day_close.kinds import Kind, Total, kind_of, totals_of
from desktop_app.core.day_close.terminal_export import OtherLine, TerminalReport, TerminalSlip
from desktop_app.core.journal import PaymentJournal
from desktop_app.core.journal_entry import JournalEntry
from desktop_app.core.journal_states import APART_IN_THE_DAY_CLOSE, IN_THE_DAY_CLOSE, EntryState

APART = APART_IN_THE_DAY_CLOSE.states
"""States shown apart from the day's sales, each with a way to act on it (slips kept while
the service could not be reached among them: not yet sent)."""


@dataclass(frozen=True)
class DayClose:
    """A desk's card payments of one day: the confirmed ones totalled per kind, the others
    apart by state."""

    store_id: str
    day: date
    confirmed: tuple[JournalEntry, ...]
    totals: tuple[Total, ...]
    apart: Mapping[EntryState, tuple[JournalEntry, ...]]
    gone: bool
    """The day is older than what the journal keeps: its confirmed payments were removed."""

    @property
    def amount(self) -> Decimal:
        """The sum of the day's confirmed payments."""
        return sum((total.amount for total in self.totals), Decimal(0))


def close_day(journal: PaymentJournal, store_id: str, day: date) -> DayClose:
    """The day close of ``day`` at this desk, for a store."""
    entries = journal.entries_of_day(store_id, day)
    confirmed = tuple(e for e in entries if IN_THE_DAY_CLOSE.holds(e.state, e.road))
    pruned_before = journal.pruned_before()
    return DayClose(
        store_id=store_id,
        day=day,
        confirmed=confirmed,
        totals=totals_of((kind_of(e.payment), e.payment.amount) for e in confirmed),
        apart={state: tuple(e for e in entries if e.state is state) for state in APART},
        gone=pruned_before is not None and day < pruned_before,
    )


@dataclass(frozen=True, slots=True)
class Difference:
    """A sale on both sides whose slips do not agree: its amount, its card's last four, or
    its NSU and authorization code (found by amount and card: a typo the acquirer's
    settlement file will not match)."""

    recorded: JournalEntry
    terminal: TerminalSlip
    amount: bool = False
    card: bool = False
    codes: bool = False


@dataclass(frozen=True)
class Reconciliation:
    """The day's recorded payments against the terminal's card sales."""

    matched: tuple[tuple[JournalEntry, TerminalSlip], ...] = ()
    differences: tuple[Difference, ...] = ()
    not_recorded: tuple[TerminalSlip, ...] = ()
    """On the terminal, never recorded here: revenue the books would not see."""
    not_on_terminal: tuple[JournalEntry, ...] = ()
    """Recorded here, not on the terminal: likely a mistyped NSU, or another terminal."""
    others: tuple[OtherLine, ...] = field(default=())

    @property
    def agrees(self) -> bool:
        """Whether both sides hold the same card sales."""
        return not (self.differences or self.not_recorded or self.not_on_terminal)


def _nsu_key(nsu: str) -> str:
    return nsu.strip().lstrip("0")  # terminals pad NSUs with zeros; cashiers do not type them


def reconcile(
    recorded: Sequence[JournalEntry],
    report: TerminalReport,
    kept: Sequence[JournalEntry] = (),
) -> Reconciliation:
    """Match recorded payments with the terminal's slips: on NSU and authorization code
    first, then on amount and last four digits; each slip is matched once. A terminal slip of
    a slip ``kept`` here (not yet sent: listed apart already) is not "never recorded"."""
    kept_keys = {(_nsu_key(e.payment.nsu), e.payment.auth.strip().casefold()) for e in kept}
    waiting = [
        s for s in report.slips if (_nsu_key(s.nsu), s.auth.strip().casefold()) not in kept_keys
    ]
    matched: list[tuple[JournalEntry, TerminalSlip]] = []
    differences: list[Difference] = []
    unmatched: list[JournalEntry] = []
    for entry in recorded:
        payment = entry.payment
        key = (_nsu_key(payment.nsu), payment.auth.strip().casefold())
        slip = next(
            (s for s in waiting if (_nsu_key(s.nsu), s.auth.strip().casefold()) == key), None
        )
        if slip is None:
            unmatched.append(entry)
            continue
        waiting.remove(slip)
        amount_differs = slip.amount != payment.amount
        card_differs = bool(slip.last_four) and slip.last_four != last_four(payment.card)
        if amount_differs or card_differs:
            differences.append(Difference(entry, slip, amount=amount_differs, card=card_differs))
        else:
            matched.append((entry, slip))
    not_on_terminal: list[JournalEntry] = []
    for entry in unmatched:  # a mistyped NSU or authorization code: found by amount and card
        payment = entry.payment
        slip = next(
            (
                s
                for s in waiting
                if s.amount == payment.amount
                and (not s.last_four or s.last_four == last_four(payment.card))
            ),
            None,
        )
        if slip is None:
            not_on_terminal.append(entry)
        else:
            waiting.remove(slip)
            differences.append(Difference(entry, slip, codes=True))
    return Reconciliation(
        matched=tuple(matched),
        differences=tuple(differences),
        not_recorded=tuple(waiting),
        not_on_terminal=tuple(not_on_terminal),
        others=report.others,
    )


@dataclass(frozen=True, slots=True)
class TotalCheck:
    """One kind's totals, recorded and on the terminal (typed from its printout)."""

    kind: Kind
    recorded: Total
    terminal: Total

    @property
    def agrees(self) -> bool:
        return (self.recorded.count, self.recorded.amount) == (
            self.terminal.count,
            self.terminal.amount,
        )


def check_totals(recorded: Sequence[Total], typed: Sequence[Total]) -> tuple[TotalCheck, ...]:
    """Each kind on either side, recorded against typed (a kind absent on one side is zero)."""
    mine = {total.kind: total for total in recorded}
    theirs = {total.kind: total for total in typed}
    return tuple(
        TotalCheck(
            kind,
            mine.get(kind, Total(kind, 0, Decimal(0))),
            theirs.get(kind, Total(kind, 0, Decimal(0))),
        )
        for kind in sorted(mine.keys() | theirs.keys())
    )


class Look(enum.Enum):
    """Why a slip is listed for a person to look at."""

    APART = "apart"  # recorded, in a state that needs a decision or is the record of one
    NOT_RECORDED = "not_recorded"  # on the terminal, never recorded here
    NOT_ON_TERMINAL = "not_on_terminal"  # recorded here, not on the terminal
    DIFFERS = "differs"  # on both sides, not alike
    OTHER_LINE = "other_line"  # a line of the export that is not a card sale of the day


@dataclass(frozen=True, slots=True)
class SlipToLook:
    """A line of the slips to look at: why, and the recorded entry or the terminal's slip (or
    both) it is about."""

    why: Look
    entry: JournalEntry | None = None
    slip: TerminalSlip | None = None
    state: EntryState | None = None
    """The entry's state, for :attr:`Look.APART`."""
    difference: Difference | None = None
    other: OtherLine | None = None


def slips_to_look_at(closing: DayClose, reconciliation: Reconciliation | None) -> list[SlipToLook]:
    """The slips of the day that need a look, in the order a person settles them: recorded
    ones apart by state; then, with the terminal's export, its slips never recorded, the
    recorded ones it lacks, the differences and its other lines."""
    rows = [
        SlipToLook(Look.APART, entry=entry, state=state)
        for state, entries in closing.apart.items()
        for entry in entries
    ]
    if reconciliation is None:
        return rows
    rows += [SlipToLook(Look.NOT_RECORDED, slip=s) for s in reconciliation.not_recorded]
    rows += [SlipToLook(Look.NOT_ON_TERMINAL, entry=e) for e in reconciliation.not_on_terminal]
    rows += [
        SlipToLook(Look.DIFFERS, entry=d.recorded, slip=d.terminal, difference=d)
        for d in reconciliation.differences
    ]
    rows += [SlipToLook(Look.OTHER_LINE, other=other) for other in reconciliation.others]
    return rows

"""What the sending of kept slips tells whoever shows it (:class:`~desktop_app.core.outbox.Outbox`
sends them): its state, how many wait, and the slip just settled."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from desktop_app.core.journal_entry import JournalEntry

RETURN_NOTICED_WITHIN = 5.0
"""Seconds, at most, between the service answering again and the next try of the kept slips
(the back-off's cap with its quarter of jitter); a try is one connection or one read."""


class SenderState(enum.Enum):
    """What the sending of kept slips is doing, for the bar that shows it."""

    IDLE = "idle"  # no slip waits for the service
    SENDING = "sending"
    WAITING = "waiting"  # the service cannot be reached: tried again later, or on request
    SIGN_IN = "sign_in"  # the service wants a sign-in before anything more is sent
    SETTING = "setting"  # a setting stops every sending (the address, the authority file)
    ELSEWHERE = "elsewhere"  # another copy of the app on this journal is sending
    ITS_PERSON = "its_person"  # what waits, the service takes only from the person who kept it


HELD_BACK = frozenset({SenderState.SIGN_IN, SenderState.SETTING})
"""Where sending stops until a person acts (signs in, corrects a setting), not trying again
on its own."""


@dataclass(frozen=True, slots=True)
class SenderNews:
    """What changed: the sending's state, how many slips wait for the service, and the slip
    just settled (sent, held for a person or refused) with the error behind it, if any."""

    state: SenderState
    waiting: int
    entry: JournalEntry | None = None
    error: Exception | None = None

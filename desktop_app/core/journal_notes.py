"""What happened to a journalled payment, as a code: the journal keeps the code and, beside it,
the service's own words where it gave some; the screens turn the code into a sentence in the
person's language (:mod:`desktop_app.gui.look.value_labels`).

A code, not a sentence, so that the journal reads the same in any language and a sentence can
be reworded without a journal changing its meaning."""

from __future__ import annotations

import enum


class Note(enum.StrEnum):
    """What happened to a journalled payment last (its state says where it stands)."""

    NONE = ""  # nothing to add to its state
    NEVER_LEFT = "never_left"  # not sent: its request never left this computer
    NEEDS_A_SETTING = "needs_a_setting"  # not sent: a setting of this desk stops every sending
    SESSION_ENDED = "session_ended"  # not sent: the session had ended
    UNREACHABLE = "unreachable"  # a kept slip not sent: the service could not be reached
    FOR_ITS_PERSON = "for_its_person"  # a kept slip the service takes only from who kept it
    NOT_SENT_YET = "not_sent_yet"  # a kept slip caught mid-sending before its request left
    PAYMENTS_UNREADABLE = "payments_unreadable"  # a kept slip's order's payments unread
    COULD_NOT_ASK = "could_not_ask"  # its outcome unknown, and the service could not be asked
    READ_IN_PART = "read_in_part"  # the order's payments could be read only in part
    SAME_TRANSACTION_DIFFERS = "same_transaction_differs"  # same NSU + auth, another amount
    NOT_AT_THE_SERVICE = "not_at_the_service"  # not confirmed, and the service does not have it
    HAD_IT_ALREADY = "had_it_already"  # a kept slip found at the service before sending
    CONFIRM_THE_ORDER = "confirm_the_order"  # a kept slip's order was typed by hand
    OVER_BALANCE = "over_balance"  # a kept slip for more than was left to pay on its order
    NEAR_DUPLICATE = "near_duplicate"  # the order has a payment much like it
    SET_ASIDE = "set_aside"  # a person chose not to send it
    REFUSED = "refused"  # the service refused it: its words beside the code
    SAID_TO_BE_THERE = "said_to_be_there"  # refused as recorded already, not found: its words
    AS_WRITTEN = "as_written"  # a note of an older version not recognised: kept as written

    @classmethod
    def read(cls, code: str) -> Note | None:
        """The note of a journal's code (None: a code this version does not know)."""
        try:
            return cls(code)
        except ValueError:
            return None

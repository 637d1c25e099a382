"""Card numbers as the app writes and shows them: the masked form the service wants, and the last
four digits every window shows. Recognising a full one is :mod:`desktop_app.api.card_numbers`."""

from __future__ import annotations

import re

from desktop_app.api.card_numbers import normalised

MASK = "*" * 12


def masked(last_four: str) -> str:
    """The form sent to the service: twelve asterisks and the last four digits."""
    digits = normalised(last_four)
    if not re.fullmatch(r"[0-9]{4}", digits):
        raise ValueError("the last four digits of the card are four digits")
    return MASK + digits


def last_four(card: str) -> str:
    """The last four digits of whatever the service sent (re-masking for display)."""
    digits = "".join(c for c in normalised(card) if "0" <= c <= "9")
    return digits[-4:]


def display_card(card: str) -> str:
    """How every window shows a card: ``•••• 1234`` (the last four digits, whatever the
    service or the journal holds), or nothing when there are no digits."""
    digits = last_four(card)
    return "•••• " + digits if digits else ""

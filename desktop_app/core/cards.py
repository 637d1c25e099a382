"""Card numbers: recognising a full one (to refuse it) and the masked form the service wants.

A full card number (PAN) never leaves the field where it was typed: any run of 13 to 19 digits
that passes the Luhn check, typed or pasted into any field, is refused (PCI DSS 3.3/3.4).
Digits may be grouped by spaces or dashes, as people and terminals print them.
"""

from __future__ import annotations

import re

from stdnum import ean, luhn

_DIGIT_RUN = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
MASK = "*" * 12


def contains_card_number(text: str, *, barcodes: bool = False) -> bool:
    """Whether ``text`` holds a run of 13-19 digits (grouping allowed) that passes Luhn.

    A run is what stands between non-digits: windows inside longer runs are not searched, or
    most long numbers (a third of random 16-digit ones) would look like a card. Where
    ``barcodes`` are expected (the product search alone), a 13-digit run with a valid GTIN
    check digit is a barcode, not a card: one EAN-13 in ten passes Luhn as well. Runs of 14
    to 19 digits stay refused there too.
    """
    for match in _DIGIT_RUN.finditer(text):
        digits = re.sub(r"[ -]", "", match.group(0))
        if not 13 <= len(digits) <= 19 or not luhn.is_valid(digits):
            continue
        if barcodes and len(digits) == 13 and ean.is_valid(digits):
            continue
        return True
    return False


def masked(last_four: str) -> str:
    """The form sent to the service: twelve asterisks and the last four digits."""
    if not re.fullmatch(r"\d{4}", last_four):
        raise ValueError("the last four digits of the card are four digits")
    return MASK + last_four


def last_four(card: str) -> str:
    """The last four digits of whatever the service sent (re-masking for display)."""
    digits = "".join(c for c in card if c.isdigit())
    return digits[-4:]


def display_card(card: str) -> str:
    """How every window shows a card: ``•••• 1234`` (the last four digits, whatever the
    service or the journal holds), or nothing when there are no digits."""
    digits = last_four(card)
    return "•••• " + digits if digits else ""

"""Card numbers: recognising a full one however it is written (to refuse it), and the masked form
the service wants.

A full card number (PAN) never leaves the field where it was typed (PCI DSS 3.3/3.4). This module
is the app's one definition of what a card number looks like; every field, the journal's last
gate, the invoice book and the log redaction use it:

* Every Unicode decimal digit reads as its digit (full-width ``４``, Arabic-Indic ``٤``: Python's
  ``int()`` takes them, and so would a careless copy into a terminal). Invisible format
  characters (zero-width spaces, joiners, direction marks, soft hyphens) are not there at all.
* A *grouped run* is digit groups with exactly one separator between each two: a separator is
  any character that is neither a letter nor a digit (space, no-break or thin space, tab, dot,
  dash, underscore, slash…). Two separators in a row, or a letter, end the run.
* A card is found when a run, or any stretch of its consecutive whole groups, has 13 to 19
  digits and passes the Luhn check: a card pasted with its expiry (``4111 1111 1111 1111 12/28``)
  is caught. Windows inside one longer group are not searched, or most long numbers (a third of
  random 16-digit ones) would look like a card.
* A whole run of 44 digits with a valid NF-e check digit is an invoice's access key (the invoice
  shows it in groups of four), not a card.

Where a known document is expected, its number is not a card: a GTIN-13 barcode in the product
search (one EAN-13 in ten passes Luhn too), a CNPJ with valid check digits in the customer search
(one in ten of those also passes Luhn; the 2026 alphanumeric form included).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from stdnum import ean, luhn
from stdnum.br import cnpj

MASK = "*" * 12
REDACTED = "[card number redacted]"

_RUN = re.compile(r"[0-9]+(?:[\W_][0-9]+)*")
"""A grouped run, in text whose digits are already ASCII (see :func:`normalised`)."""
_GROUP = re.compile(r"[0-9]+")
_DIGIT = re.compile(r"[0-9]")
MIN_CARD_DIGITS = 13
# A CNPJ only as a whole grouped run: a valid one with more of a run around it ("12345678000195:0")
# may be the most of a card number's digits.
_CNPJ = re.compile(
    r"(?<![0-9A-Za-z])(?<![0-9][\W_])[0-9A-Za-z]{2}[\W_]?[0-9A-Za-z]{3}[\W_]?[0-9A-Za-z]{3}"
    r"[\W_]?[0-9A-Za-z]{4}[\W_]?[0-9]{2}(?![0-9A-Za-z])(?![\W_][0-9])"
)
NFE_KEY_DIGITS = 44


def normalised(text: str) -> str:
    """``text`` with every Unicode decimal digit as its ASCII digit, invisible format
    characters (category Cf) left out, and other numerals (``²``, ``Ⅻ``: neither letters nor
    decimal digits, but word characters to Python's ``re``) as a space; the rest as it was."""
    if text.isascii():
        return text
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Nd":
            kept.append(str(unicodedata.decimal(char)))
        elif category in ("No", "Nl"):
            kept.append(" ")
        elif category != "Cf":
            kept.append(char)
    return "".join(kept)


def nfe_key_is_valid(digits: str) -> bool:
    """Whether 44 digits end in the NF-e access key's check digit (modulo 11, weights 2 to 9
    from the right)."""
    if len(digits) != NFE_KEY_DIGITS or not digits.isdigit():
        return False
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(digits[:-1])))
    remainder = total % 11
    return digits[-1] == ("0" if remainder < 2 else str(11 - remainder))


def _without_documents(text: str) -> str:
    """``text`` with each valid CNPJ written as letters, so that none of its digits count."""
    return _CNPJ.sub(
        lambda found: "x" * len(found.group()) if cnpj.is_valid(found.group()) else found.group(),
        text,
    )


def _is_card(digits: str, *, barcodes: bool) -> bool:
    if not MIN_CARD_DIGITS <= len(digits) <= 19 or not luhn.is_valid(digits):
        return False
    return not (barcodes and len(digits) == 13 and ean.is_valid(digits))


def _stretches(groups: list[str]) -> Iterator[str]:
    """The digits of every stretch of consecutive whole groups short enough to be a card's."""
    for start in range(len(groups)):
        digits = ""
        for group in groups[start:]:
            digits += group
            if len(digits) > 19:
                break
            yield digits


def _card_runs(text: str, *, barcodes: bool, documents: bool) -> Iterator[re.Match[str]]:
    """The grouped runs of ``text`` (normalised) that hold a card number."""
    if documents:
        text = _without_documents(text)
    for run in _RUN.finditer(text):
        groups = _GROUP.findall(run.group())
        if len(groups) > 1 and nfe_key_is_valid("".join(groups)):
            continue  # an access key as the invoice shows it
        if any(_is_card(digits, barcodes=barcodes) for digits in _stretches(groups)):
            yield run


def contains_card_number(text: str, *, barcodes: bool = False, documents: bool = False) -> bool:
    """Whether ``text`` holds a full card number, written in any of the ways above.

    ``barcodes``: a 13-digit stretch with a valid GTIN check digit is a barcode (the product
    search). ``documents``: a valid CNPJ is a company's document (the customer search). Card
    numbers of other lengths stay refused there too.
    """
    plain = normalised(text)
    if len(_DIGIT.findall(plain)) < MIN_CARD_DIGITS:
        return False  # too few digits for any card: most cells of a terminal's line
    return any(_card_runs(plain, barcodes=barcodes, documents=documents))


def redact(text: str) -> str:
    """``text`` (normalised) with each grouped run that holds a card number replaced whole."""
    plain = normalised(text)
    runs = list(_card_runs(plain, barcodes=False, documents=False))
    if not runs:
        return text
    parts, end = [], 0
    for run in runs:
        parts += [plain[end : run.start()], REDACTED]
        end = run.end()
    return "".join([*parts, plain[end:]])


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

"""The card rule as it stood before the wide separators, glued digits and boleto lines
(commit f1affe6's ``desktop_app/core/cards.py``, its recognition only), kept unchanged so that
``test_cards_corpus`` measures what the present rule costs Brazil's numbers against it."""

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

"""Full card numbers, recognised however they are written, so that they are refused.

A full card number (PAN) never leaves the field where it was typed (PCI DSS 3.3/3.4). This module
is the app's one definition of what a card number looks like; every field, the client's last
gate for what it sends, the journal, the invoice book and the log redaction use it. It lives in
the client's layer because the client is that last gate. The sandbox keeps its own copy
of the same rule (:mod:`desktop_app.sandbox.cards`), written apart, as it imports nothing of the
app.

How text is read first:

* Every Unicode decimal digit reads as its digit (full-width ``４``, Arabic-Indic ``٤``: Python's
  ``int()`` takes them, and so would a careless copy into a terminal). Invisible format
  characters (zero-width spaces, joiners, direction marks, soft hyphens) are not there at all;
  letters that draw nothing (the Hangul fillers, the Braille blank) are a space.
* Percent-encoding is decoded again and again until the text no longer changes, and every form
  on the way is searched (``4111%252F1111…``; as it stands too: ``41%11…`` decoded would take
  two of the number's digits with the ``%``).

What a card is:

* A *grouped run* is digit groups with a separator between each two: one character that is
  neither a letter nor a digit (space, dot, dash, slash, tab…), or more such characters in a
  row that hold no ``,``, ``;`` or line break (``4111  1111``, ``4111 - 1111``,
  ``4111 -- 1111``). A letter, a list's comma and a space, or a line of its own end the run.
* A stretch of consecutive whole groups with 13 to 19 digits that passes the Luhn check is a card
  where its groups are joined by single separators (the rule since the first version: a card
  pasted with its expiry, ``4111 1111 1111 1111 12/28``, is caught). Where a wide separator (two
  or three characters) joins them it must also be a card as printed (:func:`printed_card`: a
  scheme's prefix and length, :data:`SCHEMES`, or a 13-digit Visa): a phone number
  ``+55 (11) 98765-4321`` has 13 digits and passes Luhn one time in ten, and is no card. Where
  a longer one does (four spaces, a cashier's two spaces around a dash, a spreadsheet's empty
  cells), its groups must also take a card's printed shape (:data:`PRINTED_SHAPES`).
* *Glued on*: in a group of digits longer than a card, a card (prefix, length and Luhn) at its
  end with one or two digits in front of it (``994111111111111111``; or up to six zeros: a
  number padded to a field's width), or at its start followed by a CVV or an expiry
  (``4111111111111111123``, ``41111111111111111228``). Not any six digits on either side: a
  random 18-digit identifier holds a card behind its first two digits once in fifty, and
  terminals' NSU and TID, marketplaces' order numbers are such identifiers.
* Never a card: an NF-e access key (44 digits) or a boleto's line (47 or 48 digits) whose check
  digits are right, whole or in groups, wherever it stands in a run. Where a known document is
  expected: a valid CNPJ in the customer search, and a GTIN (8, 12, 13 or 14 digits) with or
  without its 2- or 5-digit add-on in the product search, unless the whole is itself a card
  of a scheme.

What this costs Brazil's own numbers is measured in ``tests/core/test_cards_corpus.py``
(docs/cards.md).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import unquote

from stdnum import ean, luhn
from stdnum.br import cnpj

REDACTED = "[card number redacted]"
MIN_CARD_DIGITS = 13
MAX_CARD_DIGITS = 19
MAX_GLUED_DIGITS = 6
"""Digits glued to a card's start or end that may still leave it a card."""
MAX_DIGITS_IN_FRONT = 2
"""Digits in front of a card, glued on, that leave it a card (zeros aside: up to six)."""
"""Digits glued to a card's start or end that still leave it a card."""

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
"""Characters that draw nothing where a space would be: the Hangul fillers (letters to Unicode,
so they would end a run), the Braille blank, the Khmer inherent vowels, the Mongolian vowel
separator."""

_SEPARATOR = r"(?:(?:[^\w,;\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]|_){2,}|[\W_])"
_RUN = re.compile(rf"[0-9]+(?:{_SEPARATOR}[0-9]+)*")
"""A grouped run, in text whose digits are already ASCII (see :func:`normalised`)."""
_GROUP = re.compile(r"[0-9]+")
_BETWEEN = re.compile(r"[^0-9]+")
_DIGIT = re.compile(r"[0-9]")
# A CNPJ only as a whole grouped run: a valid one with more of a run around it ("12345678000195:0")
# may be the most of a card number's digits.
_CNPJ = re.compile(
    r"(?<![0-9A-Za-z])(?<![0-9][\W_])[0-9A-Za-z]{2}[\W_]?[0-9A-Za-z]{3}[\W_]?[0-9A-Za-z]{3}"
    r"[\W_]?[0-9A-Za-z]{4}[\W_]?[0-9]{2}(?![0-9A-Za-z])(?![\W_][0-9])"
)
WIDE = 2
"""A separator of two or three characters (``4111  1111``, ``4111 - 1111``)."""
LONG = 4
"""A separator of four characters or more (``4111 -- 1111``, a cashier's spaces around a dash,
empty cells of a spreadsheet): a card only in a card's printed shape (:data:`PRINTED_SHAPES`)."""
PRINTED_SHAPES = frozenset({(4, 4, 4, 4), (4, 6, 5), (4, 6, 4), (4, 4, 4, 4, 3), (4, 4, 4, 1)})
"""The groups of card numbers as cards print them (16 digits; American Express's 15; Diners
Club's 14; 19 digits) and as a 13-digit Visa is typed in the habit of the 16 (4-4-4-1)."""
NFE_KEY_DIGITS = 44
BOLETO_DIGITS = (47, 48)


@dataclass(frozen=True, slots=True)
class Scheme:
    """A card scheme: the prefixes of its numbers (inclusive ranges of equal length) and the
    lengths it issues."""

    name: str
    prefixes: tuple[tuple[str, str], ...]
    lengths: tuple[int, ...]

    def issued(self, digits: str) -> bool:
        """Whether ``digits`` have one of this scheme's prefixes and lengths."""
        return len(digits) in self.lengths and any(
            low <= digits[: len(low)] <= high for low, high in self.prefixes
        )


_ELO = (
    ("401178", "401179"), ("431274", "431274"), ("438935", "438935"), ("451416", "451416"),
    ("457393", "457393"), ("457631", "457632"), ("504175", "504175"), ("506699", "506778"),
    ("509000", "509999"), ("627780", "627780"), ("636297", "636297"), ("636368", "636368"),
    ("650031", "650051"), ("650405", "650439"), ("650485", "650538"), ("650541", "650598"),
    ("650700", "650727"), ("650901", "650978"), ("651652", "651679"), ("655000", "655058"),
)  # fmt: skip
_HIPERCARD = (
    ("606282", "606282"),
    ("384100", "384100"),
    ("384140", "384140"),
    ("384160", "384160"),
)
_AMEX = Scheme("American Express", (("34", "34"), ("37", "37")), (15,))
SCHEMES = (
    Scheme("Visa", (("4", "4"),), (16, 19)),
    Scheme("Mastercard", (("51", "55"), ("2221", "2720")), (16,)),
    _AMEX,
    Scheme("Elo", _ELO, (16,)),
    Scheme("Hipercard", _HIPERCARD, (16, 19)),
    Scheme("Diners Club", (("300", "305"), ("36", "36"), ("38", "39")), (14, 16)),
    Scheme("Discover", (("6011", "6011"), ("644", "649"), ("65", "65")), (16,)),
    Scheme("JCB", (("3528", "3589"),), (16,)),
)
"""The schemes a Brazilian store's terminal takes, at the lengths they issue today. Only the
wider forms (wide separators, glued digits) ask for them: a whole run of 13 to 19 digits that
passes Luhn is a card whatever it starts with."""


def scheme_card(digits: str) -> bool:
    """Whether ``digits`` are a card number of a known scheme: its prefix, its length, Luhn."""
    return any(scheme.issued(digits) for scheme in SCHEMES) and luhn.is_valid(digits)


def printed_card(digits: str) -> bool:
    """Whether ``digits``, a whole run's, are a card as cards are printed: a scheme's, or a
    13-digit Visa (no longer issued, still read by terminals). Not where digits are glued on:
    there a 13-digit Visa would be found in twice as many 16-digit identifiers and CNPJs."""
    visa_13 = len(digits) == MIN_CARD_DIGITS and digits[0] == "4" and luhn.is_valid(digits)
    return visa_13 or scheme_card(digits)


def normalised(text: str) -> str:
    """``text`` with every Unicode decimal digit as its ASCII digit, invisible format
    characters (category Cf) left out, letters that draw nothing and other numerals (``²``,
    ``Ⅻ``: word characters to Python's ``re``) as a space; the rest as it was."""
    if text.isascii():
        return text
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Nd":
            kept.append(str(unicodedata.decimal(char)))
        elif category in ("No", "Nl") or char in BLANK_LETTERS:
            kept.append(" ")
        elif category != "Cf":
            kept.append(char)
    return "".join(kept)


def decoded_once(text: str) -> str:
    """``text`` percent-decoded once (an address's way of carrying what was typed); a
    sequence that decodes to no text is kept as U+FFFD rather than failing."""
    return unquote(text)  # errors="replace" is unquote's own default


def decodings(text: str) -> Iterator[str]:
    """``text`` as it stands, then percent-decoded again and again until it no longer changes
    (each step shortens it, so this ends)."""
    yield text
    while (decoded := decoded_once(text)) != text:
        text = decoded
        yield text


# -- documents that are never cards ------------------------------------------------------------


def nfe_key_is_valid(digits: str) -> bool:
    """Whether 44 digits end in the NF-e access key's check digit (modulo 11, weights 2 to 9
    from the right)."""
    if len(digits) != NFE_KEY_DIGITS or not digits.isdigit():
        return False
    return digits[-1] == str(_modulo_11(digits[:-1], low=0, high=0))


def _modulo_10(digits: str) -> int:
    """FEBRABAN's modulo 10: weights 2, 1, 2… from the right, digits of each product summed."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        product = int(char) * (2 if position % 2 == 0 else 1)
        total += product // 10 + product % 10
    return (10 - total % 10) % 10


def _modulo_11(digits: str, *, low: int, high: int) -> int:
    """Modulo 11 with weights 2 to 9 from the right: 11 minus the remainder, where a remainder
    of 0 gives ``low`` and of 1 gives ``high`` (each code's own choice)."""
    total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(digits)))
    remainder = total % 11
    return low if remainder == 0 else high if remainder == 1 else 11 - remainder


def boleto_line_is_valid(digits: str) -> bool:
    """Whether 47 digits are a bank slip's typed line (three fields with their modulo-10 digits
    and the bar code's modulo-11 digit), or 48 a utility slip's (four blocks of eleven, each
    with its digit: modulo 10 or 11 as its third digit says)."""
    if not digits.isdigit():
        return False
    if len(digits) == 47:
        fields = ((0, 9), (10, 20), (21, 31))
        if any(str(_modulo_10(digits[a:b])) != digits[b] for a, b in fields):
            return False
        bar_code = digits[0:4] + digits[33:47] + digits[4:9] + digits[10:20] + digits[21:31]
        return digits[32] == str(_modulo_11(bar_code, low=1, high=1))
    if len(digits) == 48 and digits[0] == "8" and digits[2] in "6789":
        blocks = [digits[i : i + 12] for i in range(0, 48, 12)]
        if digits[2] in "67":
            return all(str(_modulo_10(block[:11])) == block[11] for block in blocks)
        return all(str(_modulo_11(block[:11], low=0, high=0)) == block[11] for block in blocks)
    return False


def _is_gtin(digits: str) -> bool:
    return len(digits) in (8, 12, 13, 14) and ean.is_valid(digits)


def _is_barcode(digits: str) -> bool:
    """A GTIN, or a UPC-A or EAN-13 with its 2- or 5-digit add-on (the only codes that take
    one), that is no scheme's card; a GTIN-13 alone stays a barcode even then (one in ten passes
    Luhn), as it always has."""
    if _is_gtin(digits) and len(digits) == 13:
        return True
    with_add_on = any(
        len(digits) - extra in (12, 13) and ean.is_valid(digits[:-extra]) for extra in (2, 5)
    )
    if with_add_on and glued_card(digits):
        return False  # "99" and a card read as an EAN-13 and its add-on one time in ten
    return (with_add_on or _is_gtin(digits)) and not scheme_card(digits)


# -- the search --------------------------------------------------------------------------------


def _without_documents(text: str) -> str:
    """``text`` with each valid CNPJ written as letters, so that none of its digits count."""
    return _CNPJ.sub(
        lambda found: "x" * len(found.group()) if cnpj.is_valid(found.group()) else found.group(),
        text,
    )


def _expiry_or_code(extra: str, card: str) -> bool:
    """Whether digits glued after a card read as its security code (3 digits; 4 for American
    Express) or its expiry (MMYY, YYMM or MMYYYY)."""
    if len(extra) == 3 or (len(extra) == 4 and _AMEX.issued(card)):
        return True
    if len(extra) == 4:
        return 1 <= int(extra[:2]) <= 12 or 1 <= int(extra[2:]) <= 12
    return len(extra) == 6 and 1 <= int(extra[:2]) <= 12 and extra[2:4] == "20"


def glued_card(digits: str) -> bool:
    """Whether one group of digits is a card with digits glued on, in front or after."""
    length = len(digits)
    for extra in range(1, min(MAX_GLUED_DIGITS, length - MIN_CARD_DIGITS) + 1):
        in_front = digits[:extra]
        short = extra <= MAX_DIGITS_IN_FRONT or not in_front.strip("0")
        if short and scheme_card(digits[extra:]):
            return True
        card = digits[: length - extra]
        if scheme_card(card) and _expiry_or_code(digits[-extra:], card):
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Stretch:
    digits: str
    widest: int  # the widest separator inside it, in characters (0: a single group)
    shape: tuple[int, ...]  # its groups' lengths


def _stretches(groups: list[str], widths: list[int]) -> Iterator[_Stretch]:
    """Every stretch of consecutive whole groups short enough to hold a card with digits
    glued on (``widths[i]``: the separator's after group ``i``, in characters)."""
    limit = MAX_CARD_DIGITS + MAX_GLUED_DIGITS
    for start in range(len(groups)):
        digits, widest = "", 0
        for end in range(start, len(groups)):
            digits += groups[end]
            if len(digits) > limit:
                break
            if end > start:
                widest = max(widest, widths[end - 1])
            yield _Stretch(digits, widest, tuple(map(len, groups[start : end + 1])))


def _is_card(stretch: _Stretch, *, barcodes: bool) -> bool:
    digits = stretch.digits
    if barcodes and _is_barcode(digits):
        return False
    whole = MIN_CARD_DIGITS <= len(digits) <= MAX_CARD_DIGITS and luhn.is_valid(digits)
    if whole and stretch.widest < WIDE:
        return True
    if whole and stretch.widest < LONG and printed_card(digits):
        return True
    if whole and stretch.shape in PRINTED_SHAPES and printed_card(digits):
        return True  # however long its separators: "4111 -- 1111 -- 1111 -- 1111"
    return len(stretch.shape) == 1 and glued_card(digits)  # a glued card has over 13 digits


def _parts_between_documents(groups: list[str]) -> Iterator[tuple[int, int]]:
    """The spans of ``groups`` left when every NF-e key and boleto line among them (whole
    groups) is taken out."""
    start = 0
    index = 0
    while index < len(groups):
        end = _document_from(groups, index)
        if end is None:
            index += 1
            continue
        if index > start:
            yield start, index
        start = index = end
    if start < len(groups):
        yield start, len(groups)


def _document_from(groups: list[str], start: int) -> int | None:
    """The end of an NF-e key or boleto line made of whole groups from ``start``, or None."""
    digits = ""
    for end in range(start, len(groups)):
        digits += groups[end]
        if len(digits) > max(BOLETO_DIGITS):
            return None
        if (len(digits) == NFE_KEY_DIGITS and nfe_key_is_valid(digits)) or (
            len(digits) in BOLETO_DIGITS and boleto_line_is_valid(digits)
        ):
            return end + 1
    return None


def _card_runs(text: str, *, barcodes: bool, documents: bool) -> Iterator[re.Match[str]]:
    """The grouped runs of ``text`` (normalised) that hold a card number."""
    if documents:
        text = _without_documents(text)
    for run in _RUN.finditer(text):
        groups = _GROUP.findall(run.group())
        widths = [len(between) for between in _BETWEEN.findall(run.group())]
        for start, end in _parts_between_documents(groups):
            stretches = _stretches(groups[start:end], widths[start : end - 1])
            if any(_is_card(stretch, barcodes=barcodes) for stretch in stretches):
                yield run
                break


def contains_card_number(text: str, *, barcodes: bool = False, documents: bool = False) -> bool:
    """Whether ``text`` holds a full card number, written in any of the ways above.

    ``barcodes``: a GTIN (with its add-on) is a product's code (the product search).
    ``documents``: a valid CNPJ is a company's document (the customer search). Card numbers stay
    refused there too.
    """
    for form in decodings(text):
        plain = normalised(form)
        if len(_DIGIT.findall(plain)) < MIN_CARD_DIGITS:
            continue  # too few digits for any card: most cells of a terminal's line
        if any(_card_runs(plain, barcodes=barcodes, documents=documents)):
            return True
    return False


def redact(text: str) -> str:
    """``text`` with each grouped run that holds a card number replaced whole: first as it
    stands, then in each percent-decoded form that still holds one (the decoded form is kept)."""
    current = text
    while True:
        plain = normalised(current)
        runs = list(_card_runs(plain, barcodes=False, documents=False))
        if runs:
            parts, end = [], 0
            for run in runs:
                parts += [plain[end : run.start()], REDACTED]
                end = run.end()
            current = "".join([*parts, plain[end:]])
        decoded = decoded_once(current)
        if decoded == current or not contains_card_number(decoded):
            return current
        current = decoded

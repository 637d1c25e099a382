"""Full card numbers in what the sandbox is sent, found so they are refused and never logged.

The sandbox imports nothing of the app, so this is its own reading of the rule the interface's
users follow: a card number is 13 to 19 digits that pass the Luhn check, however it is written.

* Any Unicode decimal digit is its digit (``４``, ``٤``); invisible format characters (zero-width
  spaces, joiners, direction marks) are not there; letters that draw nothing (Hangul fillers,
  the Braille blank) are a space.
* Text is searched as it came and in every percent-decoded form until decoding changes nothing
  (``4111%252F1111…`` is ``4111/1111…`` twice decoded).
* Digit groups joined by one character that is neither a letter nor a digit, or by more of
  them holding no comma, semicolon or line break, make a grouped run. A stretch of its whole
  groups with 13 to 19 digits that pass Luhn is a card; where a wide joint (two or three
  characters) is inside the stretch it must also be a card as printed (a scheme's prefix and
  length, or a 13-digit Visa), and where a longer joint is, its groups must also be those of a
  printed card (4-4-4-4, 4-6-5, 4-6-4, 4-4-4-4-3, or 4-4-4-1).
* One group longer than a card holds one when a scheme's card starts it and its security code or
  expiry follows, or ends it behind one or two digits (or up to six zeros).
* An NF-e key (44 digits) or a boleto line (47 or 48) with right check digits is never a card.
* Where a document is expected, it is not a card: a valid CNPJ in a customer search, a GTIN (an
  EAN-13 or UPC-A with its add-on included) in a product search, unless the whole is a scheme's.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Iterator
from urllib.parse import unquote

from stdnum import ean
from stdnum.br import cnpj

REDACTED = "[card number removed]"
_NOTHING_DRAWN = "\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e"
_JOINT = r"(?:(?:[^\w,;\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]|_){2,}|[\W_])"
_RUN = re.compile(rf"[0-9]+(?:{_JOINT}[0-9]+)*")
_GROUP = re.compile(r"[0-9]+")
_JOINTS = re.compile(r"[^0-9]+")
# A whole grouped run only: a valid CNPJ with more of a run around it may be most of a card's.
_DOCUMENT = re.compile(
    r"(?<![0-9A-Za-z])(?<![0-9][\W_])[0-9A-Za-z]{2}[\W_]?[0-9A-Za-z]{3}[\W_]?[0-9A-Za-z]{3}"
    r"[\W_]?[0-9A-Za-z]{4}[\W_]?[0-9]{2}(?![0-9A-Za-z])(?![\W_][0-9])"
)
# Each scheme's lengths, then its first digits as ranges of prefixes of one length.
_SCHEMES: tuple[tuple[tuple[int, ...], str], ...] = (
    ((16, 19), "4"),  # Visa
    ((16,), "51-55 2221-2720"),  # Mastercard
    ((15,), "34 37"),  # American Express
    (
        (16,),  # Elo
        "401178-401179 431274 438935 451416 457393 457631-457632 504175 506699-506778 "
        "509000-509999 627780 636297 636368 650031-650051 650405-650439 650485-650538 "
        "650541-650598 650700-650727 650901-650978 651652-651679 655000-655058",
    ),
    ((16, 19), "606282 384100 384140 384160"),  # Hipercard
    ((14, 16), "300-305 36 38-39"),  # Diners Club
    ((16,), "6011 644-649 65"),  # Discover
    ((16,), "3528-3589"),  # JCB
)


def luhn_valid(digits: str) -> bool:
    """Whether ``digits`` (ASCII) pass the Luhn check."""
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _of_a_scheme(digits: str) -> bool:
    """A card of a known scheme: its length, its first digits and the Luhn check."""
    for lengths, prefixes in _SCHEMES:
        if len(digits) not in lengths:
            continue
        for span in prefixes.split():
            low, _, high = span.partition("-")
            if low <= digits[: len(low)] <= (high or low) and luhn_valid(digits):
                return True
    return False


def _as_printed(digits: str) -> bool:
    """A card as cards are printed: a scheme's, or a 13-digit Visa (never with digits glued
    on: see :func:`_glued`)."""
    return _of_a_scheme(digits) or (len(digits) == 13 and digits[0] == "4" and luhn_valid(digits))


# The groups of a printed card: 16 digits, Amex's 15, Diners' 14, 19, a 13-digit Visa in fours.
_PRINTED_GROUPS = ("4 4 4 4", "4 6 5", "4 6 4", "4 4 4 4 3", "4 4 4 1")


def _weighted_remainder(digits: str) -> int:
    return sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(digits))) % 11


def _access_key(digits: str) -> bool:
    if len(digits) != 44:
        return False
    remainder = _weighted_remainder(digits[:43])
    return digits[43] == str(0 if remainder < 2 else 11 - remainder)


def _mod10(digits: str) -> str:
    total = sum(sum(divmod(int(d) * (2 - i % 2), 10)) for i, d in enumerate(reversed(digits)))
    return str(-total % 10)


def _boleto(digits: str) -> bool:
    """A bank slip's 47-digit line or a utility slip's 48, with right check digits."""
    if len(digits) == 47:
        if any(_mod10(digits[a:b]) != digits[b] for a, b in ((0, 9), (10, 20), (21, 31))):
            return False
        bar = digits[:4] + digits[33:] + digits[4:9] + digits[10:20] + digits[21:31]
        general = 11 - _weighted_remainder(bar)
        return digits[32] == str(1 if general > 9 else general)
    if len(digits) != 48 or digits[0] != "8" or digits[2] not in "6789":
        return False
    for block in (digits[i : i + 12] for i in range(0, 48, 12)):
        remainder = _weighted_remainder(block[:11])
        by_11 = str(0 if remainder < 2 else 11 - remainder)
        if block[11] != (_mod10(block[:11]) if digits[2] in "67" else by_11):
            return False
    return True


def _product_code(digits: str) -> bool:
    if len(digits) == 13 and ean.is_valid(digits):
        return True  # an EAN-13 always was, even one that passes Luhn
    coded = len(digits) in (8, 12, 13, 14) and ean.is_valid(digits)
    add_on = any(
        len(digits) - n in (12, 13) and ean.is_valid(digits[: len(digits) - n]) for n in (2, 5)
    )
    if add_on and _glued(digits):
        return False  # a card with two digits in front reads as a code and add-on at times
    return (coded or add_on) and not _of_a_scheme(digits)


def _glued(digits: str) -> bool:
    size = len(digits)
    for n in range(1, min(6, size - 13) + 1):
        front, card = digits[:n], digits[n:]
        if (n <= 2 or set(front) == {"0"}) and _of_a_scheme(card):
            return True
        card, tail = digits[: size - n], digits[size - n :]
        if _of_a_scheme(card) and _code_or_expiry(tail, amex=card[:2] in ("34", "37")):
            return True
    return False


def _code_or_expiry(tail: str, *, amex: bool) -> bool:
    if len(tail) == 3 or (len(tail) == 4 and amex):
        return True
    month_first, month_last = 1 <= int(tail[:2]) <= 12, 1 <= int(tail[-2:]) <= 12
    if len(tail) == 4:
        return month_first or month_last
    return len(tail) == 6 and month_first and tail[2:4] == "20"


def plain(text: str) -> str:
    """``text`` with ASCII digits for every decimal digit, no invisible format characters, and
    a plain separator for other numerals and letters that draw nothing."""
    if text.isascii():
        return text
    return "".join(map(_plain_character, text))


def _plain_character(char: str) -> str:
    category = unicodedata.category(char)
    if category == "Nd":
        return str(unicodedata.decimal(char))
    if category == "Cf":
        return ""  # invisible: not there
    if category in ("No", "Nl") or char in _NOTHING_DRAWN:
        return " "  # "²" is no letter, a Hangul filler shows nothing: a separator
    return char


def _forms(text: str) -> Iterator[str]:
    """``text``, then each percent-decoded form until decoding changes nothing."""
    while True:
        yield text
        decoded = unquote(text, errors="replace") if "%" in text else text
        if decoded == text:
            return
        text = decoded


def _runs_with_a_card(
    text: str, *, barcodes: bool = False, documents: bool = False
) -> Iterator[re.Match[str]]:
    if documents:
        text = _DOCUMENT.sub(
            lambda m: "x" * len(m.group()) if cnpj.is_valid(m.group()) else m.group(), text
        )
    for run in _RUN.finditer(text):
        groups = _GROUP.findall(run.group())
        joints = [len(joint) for joint in _JOINTS.findall(run.group())]
        for part in _without_documents(groups):
            if _holds_a_card(groups[part.start : part.stop], joints[part.start :], barcodes):
                yield run
                break


def _without_documents(groups: list[str]) -> Iterator[range]:
    """The stretches of group positions left once NF-e keys and boleto lines are taken out."""
    start = position = 0
    while position < len(groups):
        digits, end = "", None
        for last in range(position, len(groups)):
            digits += groups[last]
            if len(digits) > 48:
                break
            if _access_key(digits) or _boleto(digits):
                end = last + 1
                break
        if end is None:
            position += 1
            continue
        yield range(start, position)
        start = position = end
    yield range(start, len(groups))


def _holds_a_card(groups: list[str], joints: list[int], barcodes: bool) -> bool:
    """Whether whole groups side by side (``joints[i]``: the joint's length after group ``i``)
    make a card, or one group holds one with digits glued on."""
    for first in range(len(groups)):
        digits, widest = "", 1
        for last in range(first, len(groups)):
            digits += groups[last]
            if len(digits) > 25:
                break
            if last > first:
                widest = max(widest, joints[last - 1])
            if barcodes and _product_code(digits):
                continue
            whole = 13 <= len(digits) <= 19 and luhn_valid(digits)
            printed = " ".join(str(len(g)) for g in groups[first : last + 1]) in _PRINTED_GROUPS
            if whole and (widest == 1 or ((widest <= 3 or printed) and _as_printed(digits))):
                return True
            if last == first and len(digits) > 13 and _glued(digits):
                return True
    return False


def has_card_number(text: str, *, barcodes: bool = False, documents: bool = False) -> bool:
    """Whether ``text`` holds what reads as a full card number, as it stands or decoded."""
    return any(
        any(_runs_with_a_card(plain(form), barcodes=barcodes, documents=documents))
        for form in _forms(text)
    )


def redact(text: str) -> str:
    """``text`` with every run holding a card number replaced: as it stands, then once more in
    each percent-decoded form that still holds one. (Decoding alone would miss ``4111%00…``:
    ``%00`` reads as one character, and two of the number's digits go with it.)"""
    while True:
        cleaned = plain(text)
        runs = list(_runs_with_a_card(cleaned))
        if runs:
            pieces, end = [], 0
            for run in runs:
                pieces += [cleaned[end : run.start()], REDACTED]
                end = run.end()
            text = "".join([*pieces, cleaned[end:]])
        decoded = unquote(text, errors="replace") if "%" in text else text
        if decoded == text or not has_card_number(decoded):
            return text
        text = decoded


class RedactCardNumbers(logging.Filter):
    """A logging filter that takes card numbers out of every record, changing only its text.

    Each argument is redacted in its place (uvicorn's access formatter reads the arguments of
    its records one by one: taking them away breaks it, and its error report would print the
    request's path whole). The traceback is formatted now, redacted.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        try:
            message = record.getMessage()
        except Exception:  # a broken format string must not hide the record
            message = str(record.msg)
        if redact(message) != message:  # a number only the whole line shows
            record.msg, record.args = redact(message), None
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        return True


def log_config(level: str = "info", access_log: bool = True) -> dict[str, object]:
    """uvicorn's own logging configuration, with card numbers taken out of every line."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, object] = {key: value for key, value in LOGGING_CONFIG.items()}
    config["filters"] = {"cards": {"()": RedactCardNumbers}}
    handlers = {name: dict(handler) for name, handler in LOGGING_CONFIG["handlers"].items()}
    for handler in handlers.values():
        handler["filters"] = ["cards"]
    config["handlers"] = handlers
    loggers = {name: dict(logger) for name, logger in LOGGING_CONFIG["loggers"].items()}
    loggers["uvicorn"]["level"] = level.upper()
    loggers["uvicorn.access"]["level"] = level.upper() if access_log else "WARNING"
    loggers["desktop_app.sandbox"] = {"handlers": ["default"], "level": level.upper()}
    config["loggers"] = loggers
    return config
